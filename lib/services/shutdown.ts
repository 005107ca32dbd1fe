// What the server does once it has stopped taking requests (SIGINT or SIGTERM: scripts/server.mjs): the share
// analytics events this process still holds are written, the job queue lets its running jobs end (one still running
// after JOB_GRACE_MS is marked failed by the queue and retried within its attempts) and the database handle is
// closed. Each step runs even when the one before it failed.
import { closeDatabase } from "@/db/client";
import { stopJobQueue } from "@/lib/jobs/queue";
import { logger } from "@/lib/log";
import { settleAnalytics } from "@/lib/services/share-analytics";

/** How long running jobs may take to end; scripts/server.mjs ends the process 10 s after the signal in any case. */
export const JOB_GRACE_MS = 7_000;

/** Where scripts/server.mjs finds shutdownApp (instrumentation.ts puts it there: the server cannot import TypeScript). */
export const SHUTDOWN_KEY = Symbol.for("narrated-presentations.shutdown");

async function step(name: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    logger.error({ err: error }, `shutdown: ${name} failed`);
  }
}

export async function shutdownApp(): Promise<void> {
  await step("writing the held analytics events", settleAnalytics);
  await step("stopping the job queue", () => stopJobQueue(JOB_GRACE_MS));
  await step("closing the database", closeDatabase);
}
