// The job queue (pg-boss) for long work: AI generation, narration synthesis, PPTX rendering. Requests enqueue and
// return at once; workers in the server process pick the jobs up. On PostgreSQL pg-boss connects by itself; on
// the embedded PGlite database it runs its SQL through the process's one PGlite connection.
import PgBoss from "pg-boss";
import { database, type DatabaseHandle } from "@/db/client";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";

const SCHEMA = "pgboss";

const globalForJobs = globalThis as unknown as { jobQueue?: Promise<PgBoss> };

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
  return boss;
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
  if (queue) await (await queue).stop({ graceful: true, wait: true, close: true });
}
