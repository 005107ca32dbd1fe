// The permission catalogue and per-user overrides (grant, revoke, reset, remove), with the breakdown the
// permissions dialog shows. Nobody can grant what they do not hold themselves. Changes check and write in one
// transaction that also reads the answer.
import { and, asc, eq } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@/db/client";
import { permissions, rolePermissions, userPermissionOverrides, userRoles } from "@/db/schema";
import { isSuperAdmin, type Actor } from "@/lib/auth/actor";
import { isPermissionName } from "@/lib/auth/permissions";
import { BadRequest, Forbidden, NotFound } from "@/lib/errors";
import { recordActivity } from "./activity";
import { assertNotAbove, userInReach } from "./users";

export const PERMISSION_MESSAGES = {
  unknown: "Unknown permission",
  notHeld: "You cannot grant a permission you do not hold yourself",
  self: "You cannot change your own permissions",
  noOverride: "This user has no override for that permission",
} as const;

export interface PermissionOut {
  id: string;
  name: string;
  description: string;
  resource: string | null;
}

export interface OverrideOut {
  id: string;
  permission_name: string;
  granted: boolean;
  resource: string | null;
  created_at: string;
}

export interface PermissionBreakdown {
  effective_permissions: string[];
  role_permissions: string[];
  granted_permissions: string[];
  revoked_permissions: string[];
}

export async function listPermissions(): Promise<PermissionOut[]> {
  const db = await getDb();
  const rows = await db.select().from(permissions).orderBy(asc(permissions.name));
  return rows.map((row) => ({ id: row.id, name: row.name, description: row.description, resource: row.resource }));
}

export async function getPermission(id: string): Promise<PermissionOut> {
  const db = await getDb();
  const [row] = await db.select().from(permissions).where(eq(permissions.id, id)).limit(1);
  if (!row) throw new NotFound("Permission not found");
  return { id: row.id, name: row.name, description: row.description, resource: row.resource };
}

export async function userEffectivePermissions(actor: Actor, userId: string): Promise<string[]> {
  const target = await userInReach(await getDb(), actor, userId);
  return target.permissions;
}

export async function userOverrides(actor: Actor, userId: string): Promise<OverrideOut[]> {
  const db = await getDb();
  const target = await userInReach(db, actor, userId);
  return overridesOf(db, target.user.id);
}

/** A user's overrides as the API shows them, read through `db` (the transaction that just changed them). */
async function overridesOf(db: Db | Tx, userId: string): Promise<OverrideOut[]> {
  const rows = await db
    .select({ override: userPermissionOverrides, name: permissions.name })
    .from(userPermissionOverrides)
    .innerJoin(permissions, eq(permissions.id, userPermissionOverrides.permissionId))
    .where(eq(userPermissionOverrides.userId, userId))
    .orderBy(asc(permissions.name));
  return rows.map(({ override, name }) => ({
    id: override.id,
    permission_name: name,
    granted: override.granted,
    resource: override.resource === "" ? null : override.resource,
    created_at: override.createdAt.toISOString(),
  }));
}

export async function permissionBreakdown(actor: Actor, userId: string): Promise<PermissionBreakdown> {
  const db = await getDb();
  const target = await userInReach(db, actor, userId);
  const roleRows = await db
    .selectDistinct({ name: permissions.name })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(userRoles.userId, target.user.id));
  const overrides = await overridesOf(db, target.user.id);
  const global = overrides.filter((override) => override.resource === null);
  return {
    effective_permissions: target.permissions,
    role_permissions: roleRows.map((row) => row.name).sort(),
    granted_permissions: global.filter((override) => override.granted).map((override) => override.permission_name),
    revoked_permissions: global.filter((override) => !override.granted).map((override) => override.permission_name),
  };
}

async function permissionId(db: Db | Tx, name: string): Promise<string> {
  if (!isPermissionName(name)) throw new BadRequest(PERMISSION_MESSAGES.unknown);
  const [row] = await db.select({ id: permissions.id }).from(permissions).where(eq(permissions.name, name)).limit(1);
  if (!row) throw new BadRequest(PERMISSION_MESSAGES.unknown);
  return row.id;
}

/** Grants (granted true) or revokes (false) one permission for one user, optionally for one resource only. */
export async function setOverride(
  actor: Actor,
  userId: string,
  input: { permission_name: string; granted: boolean; resource?: string | null },
): Promise<OverrideOut[]> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const target = await userInReach(tx, actor, userId);
    if (target.user.id === actor.userId && !isSuperAdmin(actor)) throw new Forbidden(PERMISSION_MESSAGES.self);
    assertNotAbove(actor, target);
    const id = await permissionId(tx, input.permission_name);
    if (!isSuperAdmin(actor) && !actor.permissions.has(input.permission_name as never)) throw new Forbidden(PERMISSION_MESSAGES.notHeld);
    const resource = input.resource?.trim() ?? "";
    await tx
      .insert(userPermissionOverrides)
      .values({ tenantId: target.user.tenantId, userId: target.user.id, permissionId: id, granted: input.granted, resource, createdBy: actor.userId })
      .onConflictDoUpdate({
        target: [userPermissionOverrides.userId, userPermissionOverrides.permissionId, userPermissionOverrides.resource],
        set: { granted: input.granted, createdBy: actor.userId, createdAt: new Date() },
      });
    await recordActivity(tx, {
      tenantId: target.user.tenantId,
      actorUserId: actor.userId,
      action: input.granted ? "permission.granted" : "permission.revoked",
      summary: `${actor.fullName ?? actor.email} ${input.granted ? "granted" : "revoked"} ${input.permission_name} ${input.granted ? "to" : "from"} ${target.user.fullName ?? target.user.email}`,
      subjectType: "user",
      subjectId: target.user.id,
      metadata: { permission: input.permission_name, resource },
    });
    return overridesOf(tx, target.user.id);
  });
}

/** Removes an override so the role default applies again ('reset' and 'remove' in the dialog). */
export async function removeOverride(actor: Actor, userId: string, permissionName: string, resource: string | undefined): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const target = await userInReach(tx, actor, userId);
    if (target.user.id === actor.userId && !isSuperAdmin(actor)) throw new Forbidden(PERMISSION_MESSAGES.self);
    assertNotAbove(actor, target);
    const id = await permissionId(tx, permissionName);
    const removed = await tx
      .delete(userPermissionOverrides)
      .where(
        and(
          eq(userPermissionOverrides.userId, target.user.id),
          eq(userPermissionOverrides.permissionId, id),
          eq(userPermissionOverrides.resource, resource?.trim() ?? ""),
        ),
      )
      .returning({ id: userPermissionOverrides.id });
    if (removed.length === 0) throw new NotFound(PERMISSION_MESSAGES.noOverride);
    await recordActivity(tx, {
      tenantId: target.user.tenantId,
      actorUserId: actor.userId,
      action: "permission.reset",
      summary: `${actor.fullName ?? actor.email} reset ${permissionName} for ${target.user.fullName ?? target.user.email}`,
      subjectType: "user",
      subjectId: target.user.id,
    });
  });
}
