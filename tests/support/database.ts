// Fresh databases for tests: a new PostgreSQL database when DATABASE_URL is set, else an in-memory PGlite.
import { randomBytes } from "node:crypto";
import postgres from "postgres";

export interface TestDatabase {
  /** The variables that point the app at this database. */
  env: Record<string, string>;
  describe: string;
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Creates an empty database; `drop()` removes it again. */
export async function createTestDatabase(prefix = "test"): Promise<TestDatabase> {
  // The first call remembers the server's address: later calls in the same process see DATABASE_URL
  // already pointing at an earlier test database.
  process.env.TEST_BASE_DATABASE_URL ??= process.env.DATABASE_URL ?? "";
  const baseUrl = process.env.TEST_BASE_DATABASE_URL;
  if (!baseUrl) {
    return { env: { PGLITE_DIR: "memory://" }, describe: "PGlite (in memory)", drop: async () => {} };
  }
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  return {
    env: { DATABASE_URL: withDatabase(baseUrl, name) },
    describe: `PostgreSQL database ${name}`,
    drop: async () => {
      const dropper = postgres(baseUrl, { max: 1, onnotice: () => {} });
      try {
        await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
