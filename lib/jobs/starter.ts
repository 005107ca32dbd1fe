// What starts a process's job workers when its queue starts. The job registry (lib/jobs/workers.ts) sets it when it
// is loaded; the queue (lib/jobs/queue.ts) calls it. This module imports nothing, so a process may name its starter
// before any module reads the configuration (the API tests' set-up does: their files set it first).
import type { PgBoss } from "pg-boss";

export type WorkerStarter = (boss: PgBoss) => Promise<void>;

// On globalThis: Next.js bundles this module once per entry (the server's instrumentation, each route), and they
// must share one starter as they share one queue.
const globalForStarter = globalThis as unknown as { jobWorkerStarter?: WorkerStarter };

/** Sets what starts this process's workers when its queue starts. */
export function setWorkerStarter(start: WorkerStarter): void {
  globalForStarter.jobWorkerStarter = start;
}

/** What starts this process's workers, if anything loaded the job registry (or named a starter). */
export function workerStarter(): WorkerStarter | undefined {
  return globalForStarter.jobWorkerStarter;
}
