// Brings the database up to date once per process: migrations, then the idempotent seed.
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { database } from "./client";
import { migrateDatabase } from "./migrate";
import { seedDatabase } from "./seed";
import { resealPluginSecrets } from "@/lib/services/plugin-secrets";

const globalForStartup = globalThis as unknown as { appDatabaseReady?: Promise<void> };

async function prepare(): Promise<void> {
  const handle = await database();
  if (env().SKIP_MIGRATIONS) return;
  await migrateDatabase(handle);
  const result = await seedDatabase(handle.db);
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
