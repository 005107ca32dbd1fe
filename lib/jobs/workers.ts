// The job registry: the job handlers each process runs once its queue has started (lib/jobs/queue.ts). It stands
// above the services whose jobs it runs; loading it (instrumentation.ts, tests/api/setup.ts, the scripts that send
// jobs) hands the queue `startWorkers`, so the queue itself imports no service.
import type { PgBoss } from "pg-boss";
import { PASSWORD_RESET_JOB, sendPasswordResetLink } from "@/lib/services/auth";
import { EXTRACTION_JOB, EXTRACTION_QUEUE_OPTIONS } from "@/lib/services/blogs";
import { extractBlogSources } from "@/lib/services/extraction";
import {
  GENERATION_JOB,
  GENERATION_QUEUE_OPTIONS,
  GENERATION_SWEEP_JOB,
  generationWorker,
  resumeUnfinishedGenerations,
} from "@/lib/services/presentation-generation";
import { ABANDONED_FILES_JOB, removeAbandonedUploads } from "@/lib/services/presentation-files";
import { RENDER_JOB, RENDER_QUEUE_OPTIONS, renderWorker, resumePendingRenders } from "@/lib/services/presentation-render";
import { NARRATION_JOB, NARRATION_SWEEP_JOB, narrationQueueOptions, narrationWorker, sweepNarrations } from "@/lib/services/narration";
import { ANALYTICS_RETENTION_JOB, ANALYTICS_ROLLUP_JOB, ANALYTICS_ROLLUP_QUEUE_OPTIONS, pruneAnalytics, rollUpPending } from "@/lib/services/share-analytics";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { rememberWorker } from "./queue";
import { setWorkerStarter } from "./starter";

/** How often an idle worker of a queue polls: JOB_POLL_SECONDS when set, else the queue's own interval. */
function pollSeconds(queueDefault: number): number {
  return env().JOB_POLL_SECONDS ?? queueDefault;
}

export async function startWorkers(boss: PgBoss): Promise<void> {
  // A failed mail is tried again a few times; each try issues a fresh link, which voids the one before.
  await boss.createQueue(PASSWORD_RESET_JOB, { retryLimit: 3, retryDelay: 30, expireInSeconds: 120 });
  const workerId = await boss.work<{ email: string }>(PASSWORD_RESET_JOB, { pollingIntervalSeconds: pollSeconds(2) }, async (jobs) => {
    for (const job of jobs) await sendPasswordResetLink(job.data.email);
  });
  rememberWorker(PASSWORD_RESET_JOB, workerId);

  // Text extraction of a blog's new sources; a job that dies with its process is retried by pg-boss.
  await boss.createQueue(EXTRACTION_JOB, EXTRACTION_QUEUE_OPTIONS);
  const extractionWorker = await boss.work<{ blogId: string }>(EXTRACTION_JOB, { pollingIntervalSeconds: pollSeconds(1) }, async (jobs) => {
    for (const job of jobs) await extractBlogSources(job.data.blogId);
  });
  rememberWorker(EXTRACTION_JOB, extractionWorker);

  // AI generation of presentations: one job per presentation, retried by pg-boss; generations a stopped process
  // left unfinished are re-queued now, once more when they would be stale, and every five minutes; each has
  // MAX_GENERATION_ATTEMPTS runs at most (presentation-generation.ts).
  await boss.createQueue(GENERATION_JOB, GENERATION_QUEUE_OPTIONS);
  const generationWorkerId = await boss.work(
    GENERATION_JOB,
    { pollingIntervalSeconds: pollSeconds(1), includeMetadata: true },
    generationWorker,
  );
  rememberWorker(GENERATION_JOB, generationWorkerId);
  await boss.createQueue(GENERATION_SWEEP_JOB, { retryLimit: 0, expireInSeconds: 120 });
  await boss.schedule(GENERATION_SWEEP_JOB, "*/5 * * * *");
  await boss.work(GENERATION_SWEEP_JOB, { pollingIntervalSeconds: 30 }, async () => {
    await resumeUnfinishedGenerations();
    // Slides whose render job was lost (a restart between the commit and the send) are picked up here too.
    await resumePendingRenders(new Date(), boss);
  });
  // Slide images of new and edited slides (presentation-render.ts).
  await boss.createQueue(RENDER_JOB, RENDER_QUEUE_OPTIONS);
  rememberWorker(RENDER_JOB, await boss.work<{ presentationId: string }>(RENDER_JOB, { pollingIntervalSeconds: pollSeconds(1) }, renderWorker));

  // Narration of completed decks (narration.ts); the sweep times out audio pending for 30 minutes and re-queues
  // narrations whose job was lost, now and every five minutes.
  await boss.createQueue(NARRATION_JOB, narrationQueueOptions());
  rememberWorker(
    NARRATION_JOB,
    await boss.work(NARRATION_JOB, { pollingIntervalSeconds: pollSeconds(1), includeMetadata: true }, narrationWorker),
  );
  await boss.createQueue(NARRATION_SWEEP_JOB, { retryLimit: 0, expireInSeconds: 120 });
  await boss.schedule(NARRATION_SWEEP_JOB, "*/5 * * * *");
  await boss.work(NARRATION_SWEEP_JOB, { pollingIntervalSeconds: 30 }, async () => {
    await sweepNarrations();
  });

  // Uploads abandoned before anything used them (presentation-files.ts), once an hour.
  await boss.createQueue(ABANDONED_FILES_JOB, { retryLimit: 0, expireInSeconds: 900 });
  await boss.schedule(ABANDONED_FILES_JOB, "17 * * * *");
  await boss.work(ABANDONED_FILES_JOB, { pollingIntervalSeconds: 60 }, async () => {
    await removeAbandonedUploads();
  });

  // Share analytics (share-analytics.ts): the marked deck days rolled up five seconds after their events (one run waiting
  // at most) and every minute; raw events past their retention time, and past days' salts, once a day.
  await boss.createQueue(ANALYTICS_ROLLUP_JOB, ANALYTICS_ROLLUP_QUEUE_OPTIONS);
  await boss.schedule(ANALYTICS_ROLLUP_JOB, "* * * * *", {}, { singletonKey: ANALYTICS_ROLLUP_JOB });
  rememberWorker(
    ANALYTICS_ROLLUP_JOB,
    await boss.work(ANALYTICS_ROLLUP_JOB, { pollingIntervalSeconds: pollSeconds(2) }, async () => {
      await rollUpPending();
    }),
  );
  await boss.createQueue(ANALYTICS_RETENTION_JOB, { retryLimit: 0, expireInSeconds: 900 });
  await boss.schedule(ANALYTICS_RETENTION_JOB, "41 3 * * *");
  await boss.work(ANALYTICS_RETENTION_JOB, { pollingIntervalSeconds: 60 }, async () => {
    logger.info(await pruneAnalytics(), "analytics retention: raw events and past salts deleted");
  });

  // A failed sweep must not keep the queue from starting: the schedule tries again.
  await resumeUnfinishedGenerations(boss).catch((error: unknown) => logger.error({ err: error }, "the generation sweep failed at start"));
  // Given the queue being started: waiting for jobQueue() here would wait for this very start, for ever.
  await resumePendingRenders(new Date(), boss).catch((error: unknown) => logger.error({ err: error }, "the render sweep failed at start"));
  await sweepNarrations(boss).catch((error: unknown) => logger.error({ err: error }, "the narration sweep failed at start"));
  // A process restarted right after another stopped finds that one's work not yet stale: once it would be (when
  // STALE_JOB_SECONDS is shorter than the schedule's five minutes), the generation and narration sweeps run again.
  const staleMs = env().STALE_JOB_SECONDS * 1000;
  if (staleMs < 5 * 60_000) {
    const again = setTimeout(() => {
      void resumeUnfinishedGenerations(boss).catch((error: unknown) => logger.error({ err: error }, "the generation sweep failed"));
      void sweepNarrations(boss).catch((error: unknown) => logger.error({ err: error }, "the narration sweep failed"));
    }, staleMs + 1_000);
    again.unref?.();
  }
}

// Loading the registry is what makes a process work the jobs when its queue starts.
setWorkerStarter(startWorkers);
