// Roles: the overview and invite dialog read them; tenant admins shape their tenant's roles, super admins all.
// Nobody can put a permission into a role that they do not hold themselves.
import { and, asc, eq, inArray, isNull, or } from "drizzle-orm";
import { getDb } from "@/db/client";
import { permissions, rolePermissions, roles, tenants, userRoles } from "@/db/schema";
import { isSuperAdmin, type Actor } from "@/lib/auth/actor";
import { isPermissionName, ROLE_NAMES } from "@/lib/auth/permissions";
import { BadRequest, Conflict, Forbidden, NotFound } from "@/lib/errors";
import { recordActivity } from "./activity";
import { listTenantFilter } from "./tenancy";

export interface RoleOut {
  id: string;
  name: string;
  description: string | null;
  tenant_id: string | null;
  permissions: string[];
}

/** Global roles and the roles of the actor's tenant (any tenant's for a super admin); Super Admin only for super admins. */
export async function listRoles(actor: Actor, tenantId: string | undefined): Promise<RoleOut[]> {
  // Checked here too, not only in the route: the role overview page calls this service directly.
  if (!actor.permissions.has("role.view") && !actor.permissions.has("invitation.send")) throw new Forbidden();
  const tenant = listTenantFilter(actor, tenantId);
  const db = await getDb();
  const rows = await db
    .select()
    .from(roles)
    .where(tenant ? or(isNull(roles.tenantId), eq(roles.tenantId, tenant)) : undefined)
    .orderBy(asc(roles.name));
  const visible = rows.filter((role) => isSuperAdmin(actor) || role.name !== ROLE_NAMES.SUPER_ADMIN);
  if (visible.length === 0) return [];
  const grants = await db
    .select({ roleId: rolePermissions.roleId, name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(rolePermissions.roleId, visible.map((role) => role.id)));
  return visible.map((role) => ({
    id: role.id,
    name: role.name,
    description: role.description,
    tenant_id: role.tenantId,
    permissions: grants.filter((grant) => grant.roleId === role.id).map((grant) => grant.name).sort(),
  }));
}

export const ROLE_MESSAGES = {
  notFound: "Role not found",
  globalRole: "Only a super admin can change global roles",
  builtIn: "Built-in roles cannot be renamed or deleted",
  nameTaken: "A role with this name already exists",
  notHeld: "You cannot give a role a permission you do not hold yourself",
  inUse: "This role is assigned to users; reassign them first",
} as const;

const BUILT_IN_ROLE_NAMES: readonly string[] = Object.values(ROLE_NAMES);

/** A role the actor may see: global roles (Super Admin only for super admins) and their tenant's roles. */
async function roleInReach(actor: Actor, roleId: string) {
  const db = await getDb();
  const [role] = await db.select().from(roles).where(eq(roles.id, roleId)).limit(1);
  const visible =
    role &&
    (isSuperAdmin(actor) || (role.tenantId === null ? role.name !== ROLE_NAMES.SUPER_ADMIN : role.tenantId === actor.tenantId));
  if (!role || !visible) throw new NotFound(ROLE_MESSAGES.notFound);
  return role;
}

/** The role the actor may change: global roles only by a super admin. */
async function editableRole(actor: Actor, roleId: string) {
  const role = await roleInReach(actor, roleId);
  if (role.tenantId === null && !isSuperAdmin(actor)) throw new Forbidden(ROLE_MESSAGES.globalRole);
  return role;
}

export async function getRole(actor: Actor, roleId: string): Promise<RoleOut> {
  const role = await roleInReach(actor, roleId);
  const [out] = (await listRoles(actor, role.tenantId ?? undefined)).filter((candidate) => candidate.id === role.id);
  if (!out) throw new NotFound(ROLE_MESSAGES.notFound);
  return out;
}

async function assertNameFree(tenantId: string | null, name: string, exceptId?: string) {
  const db = await getDb();
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.name, name), tenantId === null ? isNull(roles.tenantId) : eq(roles.tenantId, tenantId)));
  if (rows.some((row) => row.id !== exceptId)) throw new Conflict(ROLE_MESSAGES.nameTaken);
}

async function permissionIdsFor(actor: Actor, names: readonly string[]): Promise<string[]> {
  for (const name of names) {
    if (!isPermissionName(name)) throw new BadRequest(`Unknown permission: ${name}`);
    if (!isSuperAdmin(actor) && !actor.permissions.has(name)) throw new Forbidden(ROLE_MESSAGES.notHeld);
  }
  if (names.length === 0) return [];
  const db = await getDb();
  const rows = await db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.name, [...names]));
  return rows.map((row) => row.id);
}

export async function createRole(
  actor: Actor,
  input: { name: string; description?: string | null; tenant_id?: string | null; permissions?: string[] },
): Promise<RoleOut> {
  // Tenant admins create roles in their own tenant; a super admin may create global ones (tenant_id null).
  const tenantId = isSuperAdmin(actor) ? (input.tenant_id === undefined ? null : input.tenant_id) : actor.tenantId;
  if (input.tenant_id && !isSuperAdmin(actor) && input.tenant_id !== actor.tenantId) throw new NotFound("Tenant not found");
  const db = await getDb();
  if (tenantId && (await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).limit(1)).length === 0) {
    throw new NotFound("Tenant not found");
  }
  await assertNameFree(tenantId, input.name);
  const permissionIds = await permissionIdsFor(actor, input.permissions ?? []);
  const roleId = await db.transaction(async (tx) => {
    const [role] = await tx.insert(roles).values({ name: input.name, description: input.description ?? null, tenantId }).returning();
    if (!role) throw new Error("role insert returned nothing");
    if (permissionIds.length > 0) await tx.insert(rolePermissions).values(permissionIds.map((permissionId) => ({ roleId: role.id, permissionId })));
    if (tenantId) {
      await recordActivity(tx, {
        tenantId,
        actorUserId: actor.userId,
        action: "role.created",
        summary: `${actor.fullName ?? actor.email} created the role ${role.name}`,
        subjectType: "role",
        subjectId: role.id,
      });
    }
    return role.id;
  });
  return getRole(actor, roleId);
}

export async function updateRole(actor: Actor, roleId: string, input: { name?: string; description?: string | null }): Promise<RoleOut> {
  const role = await editableRole(actor, roleId);
  if (input.name !== undefined && input.name !== role.name) {
    if (BUILT_IN_ROLE_NAMES.includes(role.name)) throw new BadRequest(ROLE_MESSAGES.builtIn);
    await assertNameFree(role.tenantId, input.name, role.id);
  }
  const db = await getDb();
  await db
    .update(roles)
    .set({ name: input.name ?? role.name, description: input.description === undefined ? role.description : input.description })
    .where(eq(roles.id, role.id));
  return getRole(actor, roleId);
}

export async function deleteRole(actor: Actor, roleId: string): Promise<void> {
  const role = await editableRole(actor, roleId);
  if (BUILT_IN_ROLE_NAMES.includes(role.name)) throw new BadRequest(ROLE_MESSAGES.builtIn);
  const db = await getDb();
  const holders = await db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, role.id)).limit(1);
  if (holders.length > 0) throw new Conflict(ROLE_MESSAGES.inUse);
  await db.delete(roles).where(eq(roles.id, role.id));
}

export async function addRolePermission(actor: Actor, roleId: string, permissionId: string): Promise<RoleOut> {
  const role = await editableRole(actor, roleId);
  const db = await getDb();
  const [permission] = await db.select().from(permissions).where(eq(permissions.id, permissionId)).limit(1);
  if (!permission) throw new NotFound("Permission not found");
  await permissionIdsFor(actor, [permission.name]);
  await db.insert(rolePermissions).values({ roleId: role.id, permissionId: permission.id }).onConflictDoNothing();
  return getRole(actor, roleId);
}

export async function removeRolePermission(actor: Actor, roleId: string, permissionId: string): Promise<RoleOut> {
  const role = await editableRole(actor, roleId);
  const db = await getDb();
  const removed = await db
    .delete(rolePermissions)
    .where(and(eq(rolePermissions.roleId, role.id), eq(rolePermissions.permissionId, permissionId)))
    .returning({ roleId: rolePermissions.roleId });
  if (removed.length === 0) throw new NotFound("The role does not hold this permission");
  return getRole(actor, roleId);
}
