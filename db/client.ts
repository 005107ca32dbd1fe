// The one database client of the process: postgres-js when DATABASE_URL is set, file-backed PGlite otherwise.
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { env } from "@/lib/env";
import * as schema from "./schema";
import { noteStatement } from "./statement-log";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services accept either a Db or a Tx. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface DatabaseHandle {
  kind: "postgres" | "pglite";
  db: Db;
  /** Runs raw SQL with parameters; used by the job queue and health checks. */
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  /** Runs parameterless, possibly multi-statement SQL and returns the rows of its last statement. */
  execScript<T = Record<string, unknown>>(text: string): Promise<T[]>;
  close(): Promise<void>;
}

/** In tests every statement is noted, so the query-budget tests can count them per request. */
function drizzleOptions() {
  return env().NODE_ENV === "test" ? { schema, logger: { logQuery: (text: string) => noteStatement(text) } } : { schema };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const client = postgres(url, { max: 10, connect_timeout: 5, idle_timeout: 30, onnotice: () => {} });
  return {
    kind: "postgres",
    db: drizzle(client, drizzleOptions()),
    query: async <T,>(text: string, values: unknown[] = []) => {
      noteStatement(text);
      return (await client.unsafe(text, values as never[])) as unknown as T[];
    },
    execScript: async <T,>(text: string) => {
      const result = (await client.unsafe(text).simple()) as unknown;
      // postgres-js answers a multi-statement script with one result per statement.
      const last = Array.isArray(result) && Array.isArray(result.at(-1)) ? result.at(-1) : result;
      return last as T[];
    },
    close: () => client.end({ timeout: 5 }),
  };
}

export function pgliteDirectory(): string {
  const configured = env().PGLITE_DIR;
  if (configured) return configured;
  return path.resolve(env().DATA_DIR, "pglite");
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  // pg_trgm backs the user search's trigram indexes (migration 0003), as on PostgreSQL.
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  if (!dataDir.includes("://")) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  return {
    kind: "pglite",
    db: drizzle(client, drizzleOptions()) as unknown as Db,
    query: async <T,>(text: string, values: unknown[] = []) => {
      noteStatement(text);
      return (await client.query<T>(text, values)).rows;
    },
    execScript: async <T,>(text: string) => ((await client.exec(text)).at(-1)?.rows ?? []) as T[],
    close: () => client.close(),
  };
}

const globalForDb = globalThis as unknown as { appDatabase?: Promise<DatabaseHandle> };

/** The process-wide database handle, opened on first use (cached on globalThis so hot reload reuses it). */
export function database(): Promise<DatabaseHandle> {
  globalForDb.appDatabase ??= (async () => {
    const url = env().DATABASE_URL;
    return url ? openPostgres(url) : openPglite(pgliteDirectory());
  })().catch((error: unknown) => {
    globalForDb.appDatabase = undefined;
    throw error;
  });
  return globalForDb.appDatabase;
}

export async function getDb(): Promise<Db> {
  return (await database()).db;
}

/** Closes the process-wide handle (tests, shutdown). */
export async function closeDatabase(): Promise<void> {
  const handle = globalForDb.appDatabase;
  globalForDb.appDatabase = undefined;
  if (handle) await (await handle).close();
}

/** A real round trip to the database; throws when it is unreachable. */
export async function pingDatabase(): Promise<void> {
  const db = await getDb();
  await db.execute(sql`select 1`);
}
