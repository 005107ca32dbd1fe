// Brings the database up to date once per process: migrations, then the idempotent seed.
import postgres from "postgres";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { database } from "./client";
import { migrateDatabase } from "./migrate";
import { resealPluginSecrets } from "./reseal-plugin-secrets";
import { seedDatabase } from "./seed";

const globalForStartup = globalThis as unknown as { appDatabaseReady?: Promise<void> };

/** Key of the advisory lock under which one process at a time migrates and seeds a PostgreSQL database. */
const STARTUP_LOCK_KEY = 7_306_122_025;

/**
 * Runs `work` holding the startup lock of the PostgreSQL database, so processes started together on one database
 * migrate and seed it one after another (the second finds the work done) instead of racing to create the same
 * tables and rows. The lock is held on a connection of its own and goes with it if the process dies.
 */
async function underStartupLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const lockHolder = postgres(url, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await lockHolder`select pg_advisory_lock(${STARTUP_LOCK_KEY})`;
    try {
      return await work();
    } finally {
      await lockHolder`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.catch(() => undefined);
    }
  } finally {
    await lockHolder.end({ timeout: 5 });
  }
}

async function prepare(): Promise<void> {
  const handle = await database();
  if (env().SKIP_MIGRATIONS) return;
  const url = env().DATABASE_URL;
  const migrateAndSeed = async () => {
    await migrateDatabase(handle);
    return seedDatabase(handle.db);
  };
  // PGlite is opened by one process only.
  const result = url && handle.kind === "postgres" ? await underStartupLock(url, migrateAndSeed) : await migrateAndSeed();
  const resealed = await resealPluginSecrets(handle.db);
  if (resealed > 0) logger.info({ resealed }, "plugin secrets re-sealed with their tenant and plugin binding");
  logger.info({ database: handle.kind }, "database migrated and seeded");
  if (result.generatedAdmin) {
    // Printed once, on the console only; just the hash is stored.
    console.log(
      [
        "",
        "  A super admin account was created for this installation:",
        `    e-mail:   ${result.generatedAdmin.email}`,
        `    password: ${result.generatedAdmin.password}`,
        "  Sign in and change the password. It is not shown again.",
        "",
      ].join("\n"),
    );
  }
}

/** Resolves when the database is migrated and seeded; concurrent callers share one run. */
export function ensureDatabaseReady(): Promise<void> {
  globalForStartup.appDatabaseReady ??= prepare().catch((error: unknown) => {
    globalForStartup.appDatabaseReady = undefined;
    throw error;
  });
  return globalForStartup.appDatabaseReady;
}

/** Forgets the preparation so the next call runs it again (tests that open a fresh database). */
export function resetDatabaseReady(): void {
  globalForStartup.appDatabaseReady = undefined;
}
