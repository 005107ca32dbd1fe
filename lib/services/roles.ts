// Roles: the overview and invite dialog read them; tenant admins shape their tenant's roles, super admins all.
// Nobody can put a permission into a role that they do not hold themselves. A role's power comes from its
// built-in identity (roles.builtin), never from its name, and the built-in names are reserved in every disguise.
// Every change checks first and writes after, in one transaction that also builds the answer: a request that
// answers an error has written nothing.
import { and, asc, eq, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@/db/client";
import { permissions, rolePermissions, roles, tenants, userRoles } from "@/db/schema";
import { isSuperAdmin, type Actor } from "@/lib/auth/actor";
import { isPermissionName, type RoleBuiltin } from "@/lib/auth/permissions";
import { reservedRoleName } from "@/lib/auth/role-names";
import { BadRequest, Conflict, Forbidden, NotFound } from "@/lib/errors";
import { recordActivity } from "./activity";
import { uniqueViolation } from "./db-errors";
import { listTenantFilter } from "./tenancy";

type Executor = Db | Tx;
type RoleRow = typeof roles.$inferSelect;

export interface RoleOut {
  id: string;
  name: string;
  description: string | null;
  tenant_id: string | null;
  /** The built-in identity (super_admin, tenant_admin, tenant_user); null for roles administrators made. */
  builtin: RoleBuiltin | null;
  permissions: string[];
}

export const ROLE_MESSAGES = {
  notFound: "Role not found",
  globalRole: "Only a super admin can change global roles",
  builtIn: "Built-in roles cannot be renamed or deleted",
  nameTaken: "A role with this name already exists",
  reservedName: "This name is reserved for a built-in role",
  notHeld: "You cannot give a role a permission you do not hold yourself",
  inUse: "This role is assigned to users; reassign them first",
} as const;

/** Global roles (the built-in Super Admin only for super admins) and the roles of the actor's own tenant. */
function visibleTo(actor: Actor, role: RoleRow): boolean {
  if (isSuperAdmin(actor)) return true;
  if (role.tenantId === null) return role.builtin !== "super_admin";
  return role.tenantId === actor.tenantId;
}

function assertMayView(actor: Actor) {
  // Checked here too, not only in the route: the role overview page calls this service directly.
  if (!actor.permissions.has("role.view") && !actor.permissions.has("invitation.send")) throw new Forbidden();
}

/** The roles as the API shows them, with their permissions, read through `db` (a transaction after a write). */
async function rolesOut(db: Executor, rows: readonly RoleRow[]): Promise<RoleOut[]> {
  if (rows.length === 0) return [];
  const grants = await db
    .select({ roleId: rolePermissions.roleId, name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(rolePermissions.roleId, rows.map((role) => role.id)));
  return rows.map((role) => ({
    id: role.id,
    name: role.name,
    description: role.description,
    tenant_id: role.tenantId,
    builtin: role.builtin,
    permissions: grants.filter((grant) => grant.roleId === role.id).map((grant) => grant.name).sort(),
  }));
}

async function roleOut(db: Executor, role: RoleRow): Promise<RoleOut> {
  const [out] = await rolesOut(db, [role]);
  if (!out) throw new Error("role output missing");
  return out;
}

/**
 * Global roles and the roles of the actor's tenant (any tenant's for a super admin); Super Admin only for super
 * admins. One statement: the visibility rule of `visibleTo` in SQL, each role's permissions aggregated with it.
 */
export async function listRoles(actor: Actor, tenantId: string | undefined): Promise<RoleOut[]> {
  assertMayView(actor);
  const tenant = listTenantFilter(actor, tenantId);
  const db = await getDb();
  const rows = await db
    .select({
      role: roles,
      // "roles"."id" by hand: drizzle leaves columns of a one-table select unqualified, and inside the subquery an
      // unqualified "id" would be the permission's.
      permissions: sql<string[]>`(select coalesce(json_agg(${permissions.name} order by ${permissions.name} collate "C"), '[]'::json)
        from ${rolePermissions} inner join ${permissions} on ${permissions.id} = ${rolePermissions.permissionId}
        where ${rolePermissions.roleId} = "roles"."id")`.mapWith((value: unknown) =>
        (typeof value === "string" ? JSON.parse(value) : value) as string[],
      ),
    })
    .from(roles)
    .where(
      and(
        tenant ? or(isNull(roles.tenantId), eq(roles.tenantId, tenant)) : undefined,
        isSuperAdmin(actor) ? undefined : or(ne(roles.builtin, "super_admin"), isNull(roles.builtin), isNotNull(roles.tenantId)),
      ),
    )
    .orderBy(asc(roles.name), roles.id);
  return rows.map(({ role, permissions: names }) => ({
    id: role.id,
    name: role.name,
    description: role.description,
    tenant_id: role.tenantId,
    builtin: role.builtin,
    permissions: names,
  }));
}

/** A role the actor may see, or 404; locked for the rest of the transaction when about to be changed. */
async function roleInReach(db: Executor, actor: Actor, roleId: string, lock = false): Promise<RoleRow> {
  const query = db.select().from(roles).where(eq(roles.id, roleId)).limit(1);
  const [role] = lock ? await query.for("update") : await query;
  if (!role || !visibleTo(actor, role)) throw new NotFound(ROLE_MESSAGES.notFound);
  return role;
}

/** The role the actor may change (global roles only by a super admin), locked until the transaction ends. */
async function editableRole(tx: Tx, actor: Actor, roleId: string): Promise<RoleRow> {
  const role = await roleInReach(tx, actor, roleId, true);
  if (role.tenantId === null && !isSuperAdmin(actor)) throw new Forbidden(ROLE_MESSAGES.globalRole);
  return role;
}

export async function getRole(actor: Actor, roleId: string): Promise<RoleOut> {
  assertMayView(actor);
  const db = await getDb();
  return roleOut(db, await roleInReach(db, actor, roleId));
}

/** Built-in names are reserved, in any case, spacing, punctuation, Unicode form or look-alike letters. */
function assertNameNotReserved(name: string) {
  if (reservedRoleName(name) !== null) throw new Conflict(ROLE_MESSAGES.reservedName);
}

async function assertNameFree(tx: Tx, tenantId: string | null, name: string, exceptId?: string) {
  const rows = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(roles.name, name),
        tenantId === null ? isNull(roles.tenantId) : eq(roles.tenantId, tenantId),
        exceptId ? ne(roles.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (rows.length > 0) throw new Conflict(ROLE_MESSAGES.nameTaken);
}

/** Runs a role write; a name taken by a concurrent request (unique violation) answers 409 and rolls back. */
async function nameRace<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (uniqueViolation(error) !== null) throw new Conflict(ROLE_MESSAGES.nameTaken);
    throw error;
  }
}

/** Unknown permissions are a 400; permissions the actor lacks (unless super admin) a 403. */
function assertGrantable(actor: Actor, names: readonly string[]) {
  for (const name of names) {
    if (!isPermissionName(name)) throw new BadRequest(`Unknown permission: ${name}`);
    if (!isSuperAdmin(actor) && !actor.permissions.has(name)) throw new Forbidden(ROLE_MESSAGES.notHeld);
  }
}

export async function createRole(
  actor: Actor,
  input: { name: string; description?: string | null; tenant_id?: string | null; permissions?: string[] },
): Promise<RoleOut> {
  // Tenant admins create roles in their own tenant; a super admin may create global ones (tenant_id null).
  const tenantId = isSuperAdmin(actor) ? (input.tenant_id === undefined ? null : input.tenant_id) : actor.tenantId;
  if (input.tenant_id && !isSuperAdmin(actor) && input.tenant_id !== actor.tenantId) throw new NotFound("Tenant not found");
  assertNameNotReserved(input.name);
  const names = [...new Set(input.permissions ?? [])];
  assertGrantable(actor, names);
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (tenantId && (await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).limit(1)).length === 0) {
      throw new NotFound("Tenant not found");
    }
    await assertNameFree(tx, tenantId, input.name);
    const permissionRows = names.length > 0 ? await tx.select({ id: permissions.id }).from(permissions).where(inArray(permissions.name, names)) : [];
    const [role] = await nameRace(
      tx.insert(roles).values({ name: input.name, description: input.description ?? null, tenantId }).returning(),
    );
    if (!role) throw new Error("role insert returned nothing");
    if (permissionRows.length > 0) {
      await tx.insert(rolePermissions).values(permissionRows.map((permission) => ({ roleId: role.id, permissionId: permission.id })));
    }
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
    return roleOut(tx, role);
  });
}

export async function updateRole(actor: Actor, roleId: string, input: { name?: string; description?: string | null }): Promise<RoleOut> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const role = await editableRole(tx, actor, roleId);
    const newName = input.name !== undefined && input.name !== role.name ? input.name : null;
    if (newName !== null) {
      if (role.builtin !== null) throw new BadRequest(ROLE_MESSAGES.builtIn);
      assertNameNotReserved(newName);
      await assertNameFree(tx, role.tenantId, newName, role.id);
    }
    const [updated] = await nameRace(
      tx
        .update(roles)
        .set({ name: input.name ?? role.name, description: input.description === undefined ? role.description : input.description })
        .where(eq(roles.id, role.id))
        .returning(),
    );
    if (!updated) throw new NotFound(ROLE_MESSAGES.notFound);
    return roleOut(tx, updated);
  });
}

export async function deleteRole(actor: Actor, roleId: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const role = await editableRole(tx, actor, roleId);
    if (role.builtin !== null) throw new BadRequest(ROLE_MESSAGES.builtIn);
    const holders = await tx.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, role.id)).limit(1);
    if (holders.length > 0) throw new Conflict(ROLE_MESSAGES.inUse);
    await tx.delete(roles).where(eq(roles.id, role.id));
  });
}

export async function addRolePermission(actor: Actor, roleId: string, permissionId: string): Promise<RoleOut> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const role = await editableRole(tx, actor, roleId);
    const [permission] = await tx.select().from(permissions).where(eq(permissions.id, permissionId)).limit(1);
    if (!permission) throw new NotFound("Permission not found");
    assertGrantable(actor, [permission.name]);
    await tx.insert(rolePermissions).values({ roleId: role.id, permissionId: permission.id }).onConflictDoNothing();
    return roleOut(tx, role);
  });
}

export async function removeRolePermission(actor: Actor, roleId: string, permissionId: string): Promise<RoleOut> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const role = await editableRole(tx, actor, roleId);
    const removed = await tx
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.roleId, role.id), eq(rolePermissions.permissionId, permissionId)))
      .returning({ roleId: rolePermissions.roleId });
    if (removed.length === 0) throw new NotFound("The role does not hold this permission");
    return roleOut(tx, role);
  });
}
