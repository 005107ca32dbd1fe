// Every API test file gets its own freshly created database and data folder, removed when the file is done. On
// PostgreSQL the database is a copy of the run's migrated template (tests/support/migrated-template.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, inject } from "vitest";
import { setWorkerStarter } from "@/lib/jobs/starter";
import { createTestDatabase } from "../support/database";

const database = await createTestDatabase("api", { template: inject("migratedTemplateDatabase") || undefined });
const dataDir = mkdtempSync(path.join(tmpdir(), "api-data-"));
Object.assign(process.env, database.env, { NODE_ENV: "test", DATA_DIR: dataDir, APP_URL: "http://app.test" });
// Job workers look for waiting work every half second rather than every 1-2 s: the second and later of jobs sent
// together (a deck's render and narration behind another's, five reset mails) are each picked up by a poll.
process.env.JOB_POLL_SECONDS ??= "0.5";
// A test file whose requests send jobs works them too, as the server does: the job registry is loaded when the
// queue starts, not now, as a file may set the configuration before its own imports read it.
setWorkerStarter(async (boss) => (await import("@/lib/jobs/workers")).startWorkers(boss));

afterAll(async () => {
  // Share-analytics events a request queued are written half a second later, and five seconds after that a rollup is
  // sent through the job queue. Either timer, firing while this file's database is being dropped, would open the
  // database (and start the queue) again, and the drop would cut that new connection: an unhandled ECONNRESET that
  // fails the run. The events are written now and the rollup called off (no test of this file waits for it).
  const { settleAnalytics } = await import("@/lib/services/share-analytics");
  await settleAnalytics();
  // A file whose requests queued jobs started the queue: stop it before its database goes.
  const { stopJobQueue } = await import("@/lib/jobs/queue");
  await stopJobQueue();
  const { closeDatabase } = await import("@/db/client");
  const { resetDatabaseReady } = await import("@/db/startup");
  await closeDatabase();
  resetDatabaseReady();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});
