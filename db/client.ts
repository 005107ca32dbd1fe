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
  /** Runs parameterless, possibly multi-statement SQL and returns the rows of all its statements, in order. */
  execScript<T = Record<string, unknown>>(text: string): Promise<T[]>;
  close(): Promise<void>;
}

/** In tests every statement is noted, so the query-budget tests can count them per request. */
function drizzleOptions() {
  return env().NODE_ENV === "test" ? { schema, logger: { logQuery: (text: string) => noteStatement(text) } } : { schema };
}

/**
 * The client as drizzle sees it, with every statement that has parameters prepared on the server: drizzle runs
 * its queries through `unsafe`, which postgres-js sends unnamed (parsed and planned again on every call) unless
 * asked to prepare. Prepared, each connection parses a statement once and PostgreSQL reuses its plan; the
 * actor's statement spent about 2 ms of its 2.5 ms in parse and plan. Statements are cached per connection by
 * their text, which drizzle builds from a bounded set of shapes (values always go as parameters). Transactions
 * use postgres-js's own handle and stay unprepared.
 *
 * Statements with a LIKE pattern stay unprepared: how many rows a pattern matches is only known from its value,
 * and after five runs PostgreSQL may settle on a generic plan that guesses it (the user search at 100,000 users
 * went from a trigram index to a full scan, 35 to 9 requests/s).
 */
const VALUE_DEPENDENT_PLAN = /\s(i?like)\s/i;

/**
 * Written into a statement with a LIKE pattern whose plan must not depend on the pattern's value because it chooses
 * its path at run time (the user search picks the trigram or the tenant index by the tenant's size, in one-time
 * tests): such a statement is prepared and always run with its generic plan, on connections set to
 * `plan_cache_mode = force_generic_plan`. PostgreSQL's own choice kept re-planning it on every request (both paths
 * count in its estimate): 3.4 ms of database CPU per search at 100,000 users, 1.4 ms with the generic plan.
 */
export const GENERIC_PLAN = "/* generic plan: the path is chosen at run time */";

type Unsafe = (text: string, values?: unknown[], options?: { prepare?: boolean }) => unknown;

function preparingStatements<C extends { unsafe: (...args: never[]) => unknown }>(client: C, genericPlans: C): C {
  const unsafe = client.unsafe.bind(client) as Unsafe;
  const unsafeGeneric = genericPlans.unsafe.bind(genericPlans) as Unsafe;
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property !== "unsafe") return Reflect.get(target, property, receiver) as unknown;
      return (text: string, values?: unknown[], options?: { prepare?: boolean }) => {
        const parameters = values !== undefined && values.length > 0;
        if (parameters && text.includes(GENERIC_PLAN)) return unsafeGeneric(text, values, { ...options, prepare: true });
        return unsafe(text, values, { ...options, prepare: parameters && !VALUE_DEPENDENT_PLAN.test(text) });
      };
    },
  });
}

/**
 * The app's connections run without JIT compilation (the `jit` setting, sent when each connection starts). JIT pays
 * off for long analytic queries; this app sends short lookups, whose estimated cost can still pass
 * jit_above_cost when PostgreSQL overestimates row counts (a role held by 100,000 users makes it expect thousands
 * of holders of every role): the user list's total then spent 55 ms compiling for 0.3 ms of work. A pooler that
 * refuses unknown startup parameters (PgBouncer without `jit` in track_extra_parameters or
 * ignore_startup_parameters) needs it listed there, or `ALTER ROLE <app role> SET jit = off` instead.
 */
async function openPostgres(url: string): Promise<DatabaseHandle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const client = postgres(url, { max: 10, connect_timeout: 5, idle_timeout: 30, onnotice: () => {}, connection: { jit: "off" } });
  // A few connections for the statements marked GENERIC_PLAN (opened when first needed).
  const genericPlans = postgres(url, {
    max: 3,
    connect_timeout: 5,
    idle_timeout: 30,
    onnotice: () => {},
    connection: { jit: "off", plan_cache_mode: "force_generic_plan" },
  });
  return {
    kind: "postgres",
    db: drizzle(preparingStatements(client, genericPlans), drizzleOptions()),
    query: async <T,>(text: string, values: unknown[] = []) => {
      noteStatement(text);
      return (await client.unsafe(text, values as never[])) as unknown as T[];
    },
    execScript: async <T,>(text: string) => {
      const result = (await client.unsafe(text).simple()) as unknown[];
      // postgres-js answers a multi-statement script with one result (an array of rows) per statement.
      return (result.length > 0 && result.every(Array.isArray) ? result.flat() : result) as T[];
    },
    close: async () => {
      await Promise.all([client.end({ timeout: 5 }), genericPlans.end({ timeout: 5 })]);
    },
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
    execScript: async <T,>(text: string) => (await client.exec(text)).flatMap((result) => result.rows) as T[],
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
