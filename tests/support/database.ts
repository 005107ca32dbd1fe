// Fresh databases for tests: a new PostgreSQL database when DATABASE_URL is set, else an in-memory PGlite.
import { randomBytes } from "node:crypto";
import postgres from "postgres";

export interface TestDatabase {
  /** The variables that point the app at this database. */
  env: Record<string, string>;
  describe: string;
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /**
   * A PostgreSQL database to copy (CREATE DATABASE ... TEMPLATE): the new database starts as that one is, e.g. with
   * the committed migrations applied (tests/support/migrated-template.ts). Ignored on PGlite.
   */
  template?: string;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** The PostgreSQL server the test databases are made on: DATABASE_URL as the process first saw it ("" for PGlite). */
export function testServerUrl(): string {
  // The first call remembers the server's address: later calls in the same process see DATABASE_URL
  // already pointing at an earlier test database.
  process.env.TEST_BASE_DATABASE_URL ??= process.env.DATABASE_URL ?? "";
  return process.env.TEST_BASE_DATABASE_URL;
}

/** A database name no other test run uses. */
export function testDatabaseName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
}

/** Drops a database of the test server, closing whatever connections it still has. */
export async function dropTestDatabase(baseUrl: string, name: string): Promise<void> {
  const dropper = postgres(baseUrl, { max: 1, onnotice: () => {} });
  try {
    await dropper.unsafe(`drop database if exists "${name}" with (force)`);
  } finally {
    await dropper.end();
  }
}

/** Creates an empty database (or a copy of `options.template`); `drop()` removes it again. */
export async function createTestDatabase(prefix = "test", options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const baseUrl = testServerUrl();
  if (!baseUrl) {
    return { env: { PGLITE_DIR: "memory://" }, describe: "PGlite (in memory)", drop: async () => {} };
  }
  const name = testDatabaseName(prefix);
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  try {
    const statement = `create database "${name}"${options.template ? ` template "${options.template}"` : ""}`;
    for (let attempt = 1; ; attempt += 1) {
      try {
        await admin.unsafe(statement);
        break;
      } catch (error) {
        // A copy needs the template to itself for a moment; another file's copy may still hold it.
        const busy = error instanceof Error && /is being accessed by other users/.test(error.message);
        if (!busy || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  } finally {
    await admin.end();
  }
  return {
    env: { DATABASE_URL: withDatabase(baseUrl, name) },
    describe: `PostgreSQL database ${name}${options.template ? ` (a copy of ${options.template})` : ""}`,
    drop: () => dropTestDatabase(baseUrl, name),
  };
}
