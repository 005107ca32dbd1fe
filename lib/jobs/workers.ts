// The job handlers each process runs once its queue has started (lib/jobs/queue.ts).
import type PgBoss from "pg-boss";
import { PASSWORD_RESET_JOB, sendPasswordResetLink } from "@/lib/services/auth";
import { rememberWorker } from "./queue";

export async function startWorkers(boss: PgBoss): Promise<void> {
  // A failed mail is tried again a few times; each try issues a fresh link, which voids the one before.
  await boss.createQueue(PASSWORD_RESET_JOB, { name: PASSWORD_RESET_JOB, retryLimit: 3, retryDelay: 30, expireInSeconds: 120 });
  const workerId = await boss.work<{ email: string }>(PASSWORD_RESET_JOB, { pollingIntervalSeconds: 2 }, async (jobs) => {
    for (const job of jobs) await sendPasswordResetLink(job.data.email);
  });
  rememberWorker(PASSWORD_RESET_JOB, workerId);
}
