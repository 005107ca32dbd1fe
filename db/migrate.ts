// Applies the committed drizzle-kit migrations to whichever database the process uses.
import path from "node:path";
import type { DatabaseHandle } from "./client";

export const migrationsFolder = path.resolve(process.cwd(), "db/migrations");

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    // The migrator is typed per driver; the handle's db was opened by the pglite driver.
    await migrate(handle.db as unknown as Parameters<typeof migrate>[0], { migrationsFolder });
  } else {
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    await migrate(handle.db as unknown as Parameters<typeof migrate>[0], { migrationsFolder });
  }
}
