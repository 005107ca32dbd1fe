// The job queue (pg-boss) for long work: AI generation, narration synthesis, PPTX rendering, and mail whose
// sending must not show in a request's timing. Requests enqueue and return at once; workers in the server
// process pick the jobs up. The queue knows no job: the services send theirs through `enqueue`, and the job
// registry (lib/jobs/workers.ts), above the services, hands the queue what starts their workers when it is loaded
// (by the server at start, the API tests' set-up and the scripts that send jobs). On PostgreSQL pg-boss connects by
// itself; on the embedded PGlite database it runs its SQL through the process's one PGlite connection.
import { PgBoss, type SendOptions } from "pg-boss";
import { database, type DatabaseHandle } from "@/db/client";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { workerStarter } from "./starter";

const SCHEMA = "pgboss";
/** Where the schema of pg-boss 10 (schema version 24, which pg-boss 12 cannot migrate) is moved aside at start. */
const OLD_SCHEMA = "pgboss_v10";
/** Key of the transaction lock under which one process at a time looks at the queue schema's version. */
const SCHEMA_CHECK_LOCK_KEY = 7_306_122_026;

const globalForJobs = globalThis as unknown as { jobQueue?: Promise<PgBoss>; workers?: Map<string, string> };

/**
 * pg-boss's database adapter over PGlite: parameterised statements by query, multi-statement scripts by exec with
 * the rows of every statement (pg-boss 12 reads a claim's rows from the middle of a BEGIN ... COMMIT script). A
 * script that fails inside its transaction would leave the process's one connection in an aborted transaction,
 * failing every later statement; it is rolled back, as a pool would drop the connection.
 */
function pgliteAdapter(handle: DatabaseHandle) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      try {
        if (values && values.length > 0) return { rows: await handle.query(text, values) };
        return { rows: await handle.execScript(text) };
      } catch (error) {
        await handle.execScript("ROLLBACK").catch(() => undefined);
        throw error;
      }
    },
  };
}

/**
 * A database last used by pg-boss 10 holds its queue schema at version 24; pg-boss 12 migrates only from 25 on,
 * so that schema is renamed aside (one process does it, under a transaction lock) and pg-boss 12 creates its own.
 */
async function moveAsideOldSchema(handle: DatabaseHandle): Promise<void> {
  await handle.execScript(`
    DO $$
    BEGIN
      PERFORM pg_advisory_xact_lock(${SCHEMA_CHECK_LOCK_KEY});
      IF to_regclass('${SCHEMA}.version') IS NOT NULL AND to_regnamespace('${OLD_SCHEMA}') IS NULL THEN
        IF (SELECT max(version) FROM ${SCHEMA}.version) < 25 THEN
          ALTER SCHEMA ${SCHEMA} RENAME TO ${OLD_SCHEMA};
        END IF;
      END IF;
    END $$`);
}

/**
 * Sends again, on the new queue, the jobs the old schema still held waiting or running (each taken by one process:
 * the delete returns it to that process alone), then drops the old schema. Schedules need no carrying: the workers
 * set them again at every start. A job lost here (the process stopped between the two) is found by the sweeps
 * like any lost job.
 */
async function carryOverOldJobs(boss: PgBoss, handle: DatabaseHandle): Promise<void> {
  const [found] = await handle.query<{ present: boolean }>("select to_regclass($1) is not null as present", [`${OLD_SCHEMA}.job`]);
  if (!found?.present) return;
  try {
    const jobs = await handle.query<{ name: string; data: object | null }>(
      `delete from ${OLD_SCHEMA}.job where state in ('created', 'retry', 'active') returning name, data`,
    );
    for (const job of jobs) {
      await boss.send(job.name, job.data ?? {}).catch((error: unknown) => logger.error({ err: error, queue: job.name }, "a job of pg-boss 10 could not be sent again"));
    }
    await handle.execScript(`DROP SCHEMA IF EXISTS ${OLD_SCHEMA} CASCADE`);
    logger.info({ jobs: jobs.length }, "the job queue schema of pg-boss 10 was replaced; its waiting jobs were sent again");
  } catch (error) {
    // Another process starting at the same moment dropped it first.
    const [still] = await handle.query<{ present: boolean }>("select to_regnamespace($1) is not null as present", [OLD_SCHEMA]);
    if (still?.present) throw error;
  }
}

async function startQueue(): Promise<PgBoss> {
  const handle = await database();
  const url = env().DATABASE_URL;
  await moveAsideOldSchema(handle);
  const boss = url
    ? new PgBoss({ connectionString: url, schema: SCHEMA, max: 4 })
    : new PgBoss({ db: pgliteAdapter(handle), schema: SCHEMA });
  boss.on("error", (error: unknown) => logger.error({ err: error }, "job queue error"));
  await boss.start();
  // Every process that loaded the job registry works the jobs too: the server (started at boot), the API tests and
  // the scripts. One that did not only sends jobs, for a server to work.
  const startWorkers = workerStarter();
  if (startWorkers) {
    await startWorkers(boss);
    await carryOverOldJobs(boss, handle);
  } else logger.warn("the job queue started without the job registry: this process sends jobs but works none");
  return boss;
}

/** Notes the worker of a queue in this process, so `enqueue` can wake it at once instead of at its next poll. */
export function rememberWorker(name: string, workerId: string): void {
  globalForJobs.workers ??= new Map();
  globalForJobs.workers.set(name, workerId);
}

/** Sends a job, and wakes this process's worker of that queue so the job starts without waiting for a poll. */
export async function enqueue(name: string, data: object, options: SendOptions = {}): Promise<void> {
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

/** Stops the queue (tests, shutdown): waits for running jobs (at most `timeoutMs`), then closes its connections. */
export async function stopJobQueue(timeoutMs = 30_000): Promise<void> {
  const queue = globalForJobs.jobQueue;
  globalForJobs.jobQueue = undefined;
  globalForJobs.workers = undefined;
  if (queue) await (await queue).stop({ graceful: true, close: true, timeout: timeoutMs });
}
