// The job queue (pg-boss) for long work: AI generation, narration synthesis, PPTX rendering, and mail whose
// sending must not show in a request's timing. Requests enqueue and return at once; workers in the server
// process pick the jobs up (lib/jobs/workers.ts). On PostgreSQL pg-boss connects by itself; on
// the embedded PGlite database it runs its SQL through the process's one PGlite connection.
import PgBoss from "pg-boss";
import { database, type DatabaseHandle } from "@/db/client";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";

const SCHEMA = "pgboss";

const globalForJobs = globalThis as unknown as { jobQueue?: Promise<PgBoss>; workers?: Map<string, string> };

/** pg-boss's database adapter over PGlite: parameterised statements by query, multi-statement scripts by exec. */
function pgliteAdapter(handle: DatabaseHandle) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return { rows: await handle.query(text, values) };
      return { rows: await handle.execScript(text) };
    },
  };
}

async function startQueue(): Promise<PgBoss> {
  const handle = await database();
  const url = env().DATABASE_URL;
  const boss = url
    ? new PgBoss({ connectionString: url, schema: SCHEMA, max: 4 })
    : new PgBoss({ db: pgliteAdapter(handle), schema: SCHEMA });
  boss.on("error", (error: unknown) => logger.error({ err: error }, "job queue error"));
  await boss.start();
  // Every process that starts the queue works the jobs too: the server (started at boot) and the API tests.
  // Imported here, not at the top: the job handlers live in the services, which send their jobs through this module.
  const { startWorkers } = await import("./workers");
  await startWorkers(boss);
  return boss;
}

/** Notes the worker of a queue in this process, so `enqueue` can wake it at once instead of at its next poll. */
export function rememberWorker(name: string, workerId: string): void {
  globalForJobs.workers ??= new Map();
  globalForJobs.workers.set(name, workerId);
}

/** Sends a job, and wakes this process's worker of that queue so the job starts without waiting for a poll. */
export async function enqueue(name: string, data: object, options: PgBoss.SendOptions = {}): Promise<void> {
  const boss = await jobQueue();
  await boss.send(name, data, options);
  const worker = globalForJobs.workers?.get(name);
  if (worker) boss.notifyWorker(worker);
}

/** The process's job queue, started on first use (creating its schema in the database when missing). */
export function jobQueue(): Promise<PgBoss> {
  globalForJobs.jobQueue ??= startQueue().catch((error: unknown) => {
    globalForJobs.jobQueue = undefined;
    throw error;
  });
  return globalForJobs.jobQueue;
}

/** Stops the queue (tests, shutdown): waits for running jobs, then closes its connections. */
export async function stopJobQueue(): Promise<void> {
  const queue = globalForJobs.jobQueue;
  globalForJobs.jobQueue = undefined;
  globalForJobs.workers = undefined;
  if (queue) await (await queue).stop({ graceful: true, wait: true, close: true });
}
