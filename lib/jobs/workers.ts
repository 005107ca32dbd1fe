// The job handlers each process runs once its queue has started (lib/jobs/queue.ts).
import type PgBoss from "pg-boss";
import { PASSWORD_RESET_JOB, sendPasswordResetLink } from "@/lib/services/auth";
import { EXTRACTION_JOB, EXTRACTION_QUEUE_OPTIONS } from "@/lib/services/blogs";
import { extractBlogSources } from "@/lib/services/extraction";
import { rememberWorker } from "./queue";

export async function startWorkers(boss: PgBoss): Promise<void> {
  // A failed mail is tried again a few times; each try issues a fresh link, which voids the one before.
  await boss.createQueue(PASSWORD_RESET_JOB, { name: PASSWORD_RESET_JOB, retryLimit: 3, retryDelay: 30, expireInSeconds: 120 });
  const workerId = await boss.work<{ email: string }>(PASSWORD_RESET_JOB, { pollingIntervalSeconds: 2 }, async (jobs) => {
    for (const job of jobs) await sendPasswordResetLink(job.data.email);
  });
  rememberWorker(PASSWORD_RESET_JOB, workerId);

  // Text extraction of a blog's new sources; a job that dies with its process is retried by pg-boss.
  await boss.createQueue(EXTRACTION_JOB, EXTRACTION_QUEUE_OPTIONS);
  const extractionWorker = await boss.work<{ blogId: string }>(EXTRACTION_JOB, { pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) await extractBlogSources(job.data.blogId);
  });
  rememberWorker(EXTRACTION_JOB, extractionWorker);
}
