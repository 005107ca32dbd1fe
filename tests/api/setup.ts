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
// A test file whose requests send jobs works them too, as the server does: the job registry is loaded when the
// queue starts, not now, as a file may set the configuration before its own imports read it.
setWorkerStarter(async (boss) => (await import("@/lib/jobs/workers")).startWorkers(boss));

afterAll(async () => {
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
