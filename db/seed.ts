// Idempotent seed: permission catalogue, built-in roles with their default permissions, platform tenant, super admin.
import { randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { env } from "@/lib/env";
import { hashPassword } from "@/lib/auth/passwords";
import {
  ALL_PERMISSIONS,
  DEFAULT_ROLE_PERMISSIONS,
  PERMISSION_DESCRIPTIONS,
  ROLE_NAMES,
} from "@/lib/auth/permissions";
import type { Db, Tx } from "./client";
import { permissions, rolePermissions, roles, tenants, userRoles, users } from "./schema";

export const PLATFORM_TENANT_NAME = "Platform";
export const DEFAULT_SUPER_ADMIN_EMAIL = "admin@localhost";

export interface SeedResult {
  /** Set only when this run created the default super admin with a generated password. */
  generatedAdmin?: { email: string; password: string };
  createdSuperAdmin: boolean;
}

type Executor = Db | Tx;

async function ensurePermissions(tx: Executor): Promise<Map<string, string>> {
  await tx
    .insert(permissions)
    .values(ALL_PERMISSIONS.map((name) => ({ name, description: PERMISSION_DESCRIPTIONS[name] })))
    .onConflictDoNothing({ target: permissions.name });
  const rows = await tx.select({ id: permissions.id, name: permissions.name }).from(permissions);
  return new Map(rows.map((row) => [row.name, row.id]));
}

const BUILTIN_OF_NAME = {
  [ROLE_NAMES.SUPER_ADMIN]: "super_admin",
  [ROLE_NAMES.TENANT_ADMIN]: "tenant_admin",
  [ROLE_NAMES.TENANT_USER]: "tenant_user",
} as const;

/**
 * Creates a built-in role with its default permissions when it does not exist yet, found by its built-in
 * identity (never by name). An existing role is left as administrators shaped it: the defaults apply at
 * creation only.
 */
export async function ensureRole(
  tx: Executor,
  name: keyof typeof DEFAULT_ROLE_PERMISSIONS,
  tenantId: string | null,
  permissionIds: Map<string, string>,
): Promise<string> {
  const builtin = BUILTIN_OF_NAME[name];
  const scope = tenantId === null ? isNull(roles.tenantId) : eq(roles.tenantId, tenantId);
  const existing = await tx.select({ id: roles.id }).from(roles).where(and(eq(roles.builtin, builtin), scope)).limit(1);
  if (existing[0]) return existing[0].id;
  const [role] = await tx.insert(roles).values({ name, tenantId, builtin }).returning({ id: roles.id });
  if (!role) throw new Error(`Could not create role ${name}`);
  const ids = DEFAULT_ROLE_PERMISSIONS[name].map((permission) => {
    const id = permissionIds.get(permission);
    if (!id) throw new Error(`Permission ${permission} is missing from the catalogue`);
    return id;
  });
  await tx.insert(rolePermissions).values(ids.map((permissionId) => ({ roleId: role.id, permissionId })));
  return role.id;
}

async function ensurePlatformTenant(tx: Executor): Promise<string> {
  const existing = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.isPlatform, true)).limit(1);
  if (existing[0]) return existing[0].id;
  const [tenant] = await tx
    .insert(tenants)
    .values({ name: PLATFORM_TENANT_NAME, domain: "platform", isActive: true, isPlatform: true, approvedAt: new Date() })
    .returning({ id: tenants.id });
  if (!tenant) throw new Error("Could not create the platform tenant");
  return tenant.id;
}

async function ensureSuperAdmin(
  tx: Executor,
  platformTenantId: string,
  superAdminRoleId: string,
): Promise<SeedResult> {
  const configuredEmail = env().SUPER_ADMIN_EMAIL?.toLowerCase();
  if (configuredEmail) {
    const existing = await tx.select({ id: users.id }).from(users).where(eq(users.email, configuredEmail)).limit(1);
    if (existing[0]) return { createdSuperAdmin: false };
    const password = env().SUPER_ADMIN_PASSWORD;
    if (!password) throw new Error("SUPER_ADMIN_PASSWORD must be set together with SUPER_ADMIN_EMAIL");
    await insertSuperAdmin(tx, platformTenantId, superAdminRoleId, configuredEmail, password);
    return { createdSuperAdmin: true };
  }
  const holders = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.roleId, superAdminRoleId))
    .limit(1);
  if (holders.length > 0) return { createdSuperAdmin: false };
  const password = randomBytes(12).toString("base64url");
  await insertSuperAdmin(tx, platformTenantId, superAdminRoleId, DEFAULT_SUPER_ADMIN_EMAIL, password);
  return { createdSuperAdmin: true, generatedAdmin: { email: DEFAULT_SUPER_ADMIN_EMAIL, password } };
}

async function insertSuperAdmin(tx: Executor, tenantId: string, roleId: string, email: string, password: string) {
  const [user] = await tx
    .insert(users)
    .values({
      tenantId,
      email,
      passwordHash: await hashPassword(password),
      fullName: "Super Admin",
      isActive: true,
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  if (!user) throw new Error("Could not create the super admin");
  await tx.insert(userRoles).values({ userId: user.id, roleId });
}

/** Brings the reference data to its required state; running it again changes nothing. */
export async function seedDatabase(db: Db): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    // Serialises concurrent starts (several processes on one PostgreSQL); released at commit.
    await tx.execute(sql`select pg_advisory_xact_lock(7310001)`);
    const permissionIds = await ensurePermissions(tx);
    const superAdminRoleId = await ensureRole(tx, ROLE_NAMES.SUPER_ADMIN, null, permissionIds);
    await ensureRole(tx, ROLE_NAMES.TENANT_USER, null, permissionIds);
    const platformTenantId = await ensurePlatformTenant(tx);
    await ensureRole(tx, ROLE_NAMES.TENANT_ADMIN, platformTenantId, permissionIds);
    return ensureSuperAdmin(tx, platformTenantId, superAdminRoleId);
  });
}
