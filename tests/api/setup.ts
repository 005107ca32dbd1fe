// Every API test file gets its own freshly created database, dropped when the file is done.
import { afterAll } from "vitest";
import { createTestDatabase } from "../support/database";

const database = await createTestDatabase("api");
Object.assign(process.env, database.env, { NODE_ENV: "test" });

afterAll(async () => {
  const { closeDatabase } = await import("@/db/client");
  const { resetDatabaseReady } = await import("@/db/startup");
  await closeDatabase();
  resetDatabaseReady();
  await database.drop();
});
