// The seed brings reference data to its state once; running it again changes nothing.
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { ensureDatabaseReady } from "@/db/startup";
import { seedDatabase } from "@/db/seed";
import { permissions, rolePermissions, roles, tenants, userRoles, users } from "@/db/schema";
import { ALL_PERMISSIONS, DEFAULT_ROLE_PERMISSIONS } from "@/lib/auth/permissions";
import { verifyPassword } from "@/lib/auth/passwords";

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
