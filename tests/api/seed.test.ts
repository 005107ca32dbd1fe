// The seed brings reference data to its state once; running it again changes nothing.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { migrationsFolder } from "@/db/migrate";
import { ensureDatabaseReady } from "@/db/startup";
import { seedDatabase } from "@/db/seed";
import { permissions, rolePermissions, roles, tenants, userRoles, users } from "@/db/schema";
import { ALL_PERMISSIONS, DEFAULT_ROLE_PERMISSIONS } from "@/lib/auth/permissions";
import { verifyPassword } from "@/lib/auth/passwords";
import { createTestDatabase } from "../support/database";

async function snapshot() {
  const db = await getDb();
  return {
    permissions: await db.select().from(permissions).orderBy(permissions.name),
    roles: await db.select().from(roles).orderBy(roles.name),
    rolePermissions: await db.select().from(rolePermissions).orderBy(rolePermissions.roleId, rolePermissions.permissionId),
    tenants: await db.select().from(tenants),
    users: await db.select().from(users),
    userRoles: await db.select().from(userRoles),
  };
}

async function permissionsOfRole(name: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ name: permissions.name })
    .from(rolePermissions)
    .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(roles.name, name));
  return rows.map((row) => row.name).sort();
}

describe("seed", () => {
  it("creates the catalogue, the role matrix, the platform tenant and one super admin", async () => {
    await ensureDatabaseReady();
    const state = await snapshot();
    expect(state.permissions.map((row) => row.name)).toEqual([...ALL_PERMISSIONS].sort());
    expect(state.roles.map((row) => row.name)).toEqual(["Super Admin", "Tenant Admin", "Tenant User"]);
    for (const [role, expected] of Object.entries(DEFAULT_ROLE_PERMISSIONS)) {
      expect(await permissionsOfRole(role)).toEqual([...expected].sort());
    }
    expect(state.tenants).toHaveLength(1);
    expect(state.tenants[0]).toMatchObject({ isPlatform: true, isActive: true });
    expect(state.users).toHaveLength(1);
    expect(state.users[0]).toMatchObject({ email: "admin@localhost", isActive: true });
    expect(state.users[0]!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("changes nothing when run again", async () => {
    await ensureDatabaseReady();
    const before = await snapshot();
    const result = await seedDatabase(await getDb());
    expect(result).toEqual({ createdSuperAdmin: false });
    expect(await snapshot()).toEqual(before);
  });

  it("creates the configured super admin with the configured password, once", async () => {
    process.env.SUPER_ADMIN_EMAIL = "Owner@Example.com";
    process.env.SUPER_ADMIN_PASSWORD = "configured-pass-1";
    const { loadEnv } = await import("@/lib/env");
    expect(loadEnv(process.env).SUPER_ADMIN_EMAIL).toBe("Owner@Example.com");
    // env() is cached for the process; the seed reads the new values through a fresh module instance.
    const { vi } = await import("vitest");
    vi.resetModules();
    const freshSeed = await import("@/db/seed");
    const freshClient = await import("@/db/client");
    const db = await freshClient.getDb();
    const first = await freshSeed.seedDatabase(db);
    expect(first).toEqual({ createdSuperAdmin: true });
    const second = await freshSeed.seedDatabase(db);
    expect(second).toEqual({ createdSuperAdmin: false });
    const [owner] = await db.select().from(users).where(eq(users.email, "owner@example.com"));
    expect(owner).toBeDefined();
    expect(await verifyPassword(owner!.passwordHash, "configured-pass-1")).toBe(true);
    delete process.env.SUPER_ADMIN_EMAIL;
    delete process.env.SUPER_ADMIN_PASSWORD;
  });
});

/** A copy of the committed migrations that stops after `lastTag`, as an older release shipped them. */
function migrationsUpTo(lastTag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), "migrations-"));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  expect(last, `migration ${lastTag}`).toBeGreaterThanOrEqual(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/** A second, empty database of the same kind as the test's, driven by raw SQL and the drizzle migrator. */
async function scratchDatabase() {
  const database = await createTestDatabase("migrate");
  if (database.env.DATABASE_URL) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    const client = postgres(database.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    const db = drizzle(client);
    return {
      migrate: (folder: string) => migrate(db, { migrationsFolder: folder }),
      query: async <T,>(text: string) => (await client.unsafe(text)) as unknown as T[],
      close: async () => {
        await client.end();
        await database.drop();
      },
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const client = await PGlite.create();
  const db = drizzle(client);
  return {
    migrate: (folder: string) => migrate(db, { migrationsFolder: folder }),
    query: async <T,>(text: string) => (await client.query<T>(text)).rows,
    close: () => client.close(),
  };
}

describe("migration 0002 (built-in identity)", () => {
  it("gives the seeded rows their identity and renames roles that imitate a built-in name, without identity", async () => {
    const scratch = await scratchDatabase();
    const olderRelease = migrationsUpTo("0001_rate_limits");
    try {
      await scratch.migrate(olderRelease);
      const acme = "00000000-0000-4000-8000-00000000ac3e";
      await scratch.query(`insert into tenants (id, name, domain, is_active) values ('${acme}', 'Acme', 'acme', true)`);
      // The seeded rows, then what a tenant admin could create before the names were reserved.
      await scratch.query(`
        insert into roles (name, tenant_id) values
          ('Super Admin', null), ('Tenant User', null), ('Tenant Admin', '${acme}'),
          ('super admin', '${acme}'), ('Super Admin', '${acme}'), (' Tenant-Admin ', '${acme}'),
          ('TENANT  USER', '${acme}'), ('Helpers', '${acme}'), ('super_admin', null)`);
      const before = await scratch.query<{ id: string; name: string }>(`select id, name from roles`);

      await scratch.migrate(migrationsFolder);

      const after = await scratch.query<{ id: string; name: string; tenant_id: string | null; builtin: string | null }>(
        `select id, name, tenant_id, builtin from roles`,
      );
      const byOldName = (name: string, tenantId: string | null) => {
        const ids = before.filter((row) => row.name === name).map((row) => row.id);
        const found = after.find((row) => ids.includes(row.id) && row.tenant_id === tenantId);
        if (!found) throw new Error(`no role ${name}`);
        return { name: found.name, builtin: found.builtin, id: found.id };
      };
      expect(byOldName("Super Admin", null)).toMatchObject({ name: "Super Admin", builtin: "super_admin" });
      expect(byOldName("Tenant User", null)).toMatchObject({ name: "Tenant User", builtin: "tenant_user" });
      expect(byOldName("Tenant Admin", acme)).toMatchObject({ name: "Tenant Admin", builtin: "tenant_admin" });
      expect(byOldName("Helpers", acme)).toMatchObject({ name: "Helpers", builtin: null });
      for (const [name, tenantId] of [
        ["super admin", acme],
        ["Super Admin", acme],
        [" Tenant-Admin ", acme],
        ["TENANT  USER", acme],
        ["super_admin", null],
      ] as const) {
        const role = byOldName(name, tenantId);
        expect(role, name).toEqual({ id: role.id, name: `Custom role ${role.id.slice(0, 8)}`, builtin: null });
      }
    } finally {
      rmSync(olderRelease, { recursive: true, force: true });
      await scratch.close();
    }
  });
});
