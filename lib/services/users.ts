// User administration: list (with pending invitations as 'invited' rows), create, edit, delete, in the
// actor's reach (super admin: everyone; tenant admin: their tenant; anyone: themselves).
import { and, desc, eq, isNull, ne } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { invitations, refreshTokens, roles, tenants, userRoles, users } from "@/db/schema";
import { isSuperAdmin, type Actor } from "@/lib/auth/actor";
import { hashPassword } from "@/lib/auth/passwords";
import { ROLE_NAMES, type RoleKey } from "@/lib/auth/permissions";
import { BadRequest, Conflict, Forbidden, NotFound } from "@/lib/errors";
import type { PageResult } from "@/lib/http/pagination";
import type { z } from "zod";
import type { userCreateInput, userListQuery, userUpdateInput } from "@/lib/validation/users";
import { loadAccessOf, loadUserAccess, tenantAccessColumns, userOut, type RoleSummary, type UserAccess, type UserOut } from "./access";
import { recordActivity } from "./activity";
import { listTenantFilter, targetTenant } from "./tenancy";

export const USER_MESSAGES = {
  notFound: "User not found",
  emailTaken: "A user with this email already exists",
  selfDelete: "You cannot delete your own account",
  selfDeactivate: "You cannot deactivate your own account",
  roleNotAllowed: "You cannot assign this role",
  roleChange: "Only a super admin can change a user's role",
  moveTenant: "Only a super admin can move a user to another tenant",
  aboveYou: "You cannot manage a user who holds permissions you do not hold",
} as const;

export interface UserListItem extends Omit<UserOut, "status"> {
  status: "active" | "inactive" | "invited";
  roles: RoleSummary[];
  /** Set on 'invited' rows: the pending invitation behind it (revoke or resend). */
  invitation_id: string | null;
}

type Executor = Tx | Awaited<ReturnType<typeof getDb>>;

function listItem(access: UserAccess): UserListItem {
  return { ...userOut(access), roles: access.roles, invitation_id: null };
}

/** Users in the actor's reach, with their access computed in a fixed number of queries. */
async function usersInScope(db: Executor, tenantId: string | null): Promise<UserAccess[]> {
  const rows = await db
    .select({ user: users, tenant: tenantAccessColumns })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(tenantId ? eq(users.tenantId, tenantId) : undefined)
    .orderBy(desc(users.createdAt), users.id);
  return loadAccessOf(db, rows);
}

async function pendingInvitationRows(db: Executor, tenantId: string | null): Promise<UserListItem[]> {
  const rows = await db
    .select({ invitation: invitations, roleName: roles.name, tenantName: tenants.name })
    .from(invitations)
    .innerJoin(roles, eq(roles.id, invitations.roleId))
    .innerJoin(tenants, eq(tenants.id, invitations.tenantId))
    .where(and(eq(invitations.status, "pending"), tenantId ? eq(invitations.tenantId, tenantId) : undefined))
    .orderBy(desc(invitations.createdAt));
  return rows.map(({ invitation, roleName, tenantName }) => ({
    id: invitation.id,
    tenant_id: invitation.tenantId,
    tenant_name: tenantName,
    email: invitation.email,
    full_name: null,
    phone: null,
    address: null,
    is_active: false,
    role: roleName === ROLE_NAMES.TENANT_ADMIN ? "tenant_admin" : roleName === ROLE_NAMES.SUPER_ADMIN ? "super_admin" : "user",
    status: "invited",
    roles: [{ id: invitation.roleId, name: roleName, tenant_id: invitation.tenantId }],
    invitation_id: invitation.id,
    created_at: invitation.createdAt.toISOString(),
    updated_at: invitation.updatedAt.toISOString(),
  }));
}

export async function listUsers(actor: Actor, query: z.infer<typeof userListQuery>): Promise<PageResult<UserListItem>> {
  const tenantId = listTenantFilter(actor, query.tenant_id);
  const db = await getDb();
  const [accesses, invited] = await Promise.all([usersInScope(db, tenantId), pendingInvitationRows(db, tenantId)]);
  const search = query.search?.toLowerCase();
  const all = [...invited, ...accesses.map(listItem)].filter((item) => {
    if (!isSuperAdmin(actor) && item.role === "super_admin") return false;
    if (query.role !== "all" && item.role !== query.role) return false;
    if (query.status !== "all" && item.status !== query.status) return false;
    if (search && !`${item.full_name ?? ""} ${item.email}`.toLowerCase().includes(search)) return false;
    return true;
  });
  return { items: all.slice(query.offset, query.offset + query.limit), total: all.length };
}

/** A user the actor may see and manage, or 404. */
export async function userInReach(db: Executor, actor: Actor, userId: string): Promise<UserAccess> {
  const access = await loadUserAccess(db, userId);
  const reachable =
    access &&
    (isSuperAdmin(actor) ||
      access.user.id === actor.userId ||
      (access.user.tenantId === actor.tenantId && actor.permissions.has("user.view")));
  if (!access || !reachable) throw new NotFound(USER_MESSAGES.notFound);
  return access;
}

export async function getUser(actor: Actor, userId: string): Promise<UserListItem> {
  return listItem(await userInReach(await getDb(), actor, userId));
}

/** The role a role key stands for in a tenant. */
async function roleIdFor(tx: Tx, key: RoleKey, tenantId: string): Promise<string> {
  const name = key === "super_admin" ? ROLE_NAMES.SUPER_ADMIN : key === "tenant_admin" ? ROLE_NAMES.TENANT_ADMIN : ROLE_NAMES.TENANT_USER;
  const scope = key === "tenant_admin" ? eq(roles.tenantId, tenantId) : isNull(roles.tenantId);
  const [role] = await tx.select({ id: roles.id }).from(roles).where(and(eq(roles.name, name), scope)).limit(1);
  if (!role) throw new BadRequest(`The ${name} role does not exist in this tenant`);
  return role.id;
}

function assertAssignable(actor: Actor, role: RoleKey) {
  if (isSuperAdmin(actor)) return;
  if (role === "super_admin") throw new Forbidden(USER_MESSAGES.roleNotAllowed);
  if (role === "tenant_admin" && actor.role !== "tenant_admin") throw new Forbidden(USER_MESSAGES.roleNotAllowed);
}

/** A tenant admin may not manage someone holding permissions the admin lacks. */
export function assertNotAbove(actor: Actor, target: UserAccess) {
  if (isSuperAdmin(actor)) return;
  if (target.permissions.some((permission) => !actor.permissions.has(permission))) throw new Forbidden(USER_MESSAGES.aboveYou);
}

async function emailFree(tx: Tx, email: string, exceptUserId?: string) {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), exceptUserId ? ne(users.id, exceptUserId) : undefined))
    .limit(1);
  if (rows.length > 0) throw new Conflict(USER_MESSAGES.emailTaken);
}

export async function createUser(actor: Actor, input: z.infer<typeof userCreateInput>): Promise<UserListItem> {
  const tenantId = targetTenant(actor, input.tenant_id);
  assertAssignable(actor, input.role);
  const email = input.email.toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  const userId = await db.transaction(async (tx) => {
    const [tenant] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
    if (!tenant) throw new NotFound("Tenant not found");
    await emailFree(tx, email);
    const roleId = await roleIdFor(tx, input.role, tenantId);
    const [user] = await tx
      .insert(users)
      .values({
        tenantId,
        email,
        passwordHash,
        fullName: input.full_name ?? null,
        phone: input.phone ?? null,
        address: input.address ?? null,
        isActive: input.is_active,
        // Created by an administrator who vouches for the address.
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    if (!user) throw new Error("user insert returned nothing");
    await tx.insert(userRoles).values({ userId: user.id, roleId });
    await recordActivity(tx, {
      tenantId,
      actorUserId: actor.userId,
      action: "user.created",
      summary: `${actor.fullName ?? actor.email} created the user ${input.full_name ?? email}`,
      subjectType: "user",
      subjectId: user.id,
    });
    return user.id;
  });
  return getUser(actor, userId);
}

export async function updateUser(actor: Actor, userId: string, input: z.infer<typeof userUpdateInput>): Promise<UserListItem> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const target = await userInReach(tx, actor, userId);
    const self = target.user.id === actor.userId;
    if (!self && !isSuperAdmin(actor) && !actor.permissions.has("user.update")) throw new Forbidden();
    if (!self) assertNotAbove(actor, target);
    const roleChanges = input.role !== undefined && input.role !== target.role;
    if (roleChanges && !isSuperAdmin(actor)) throw new Forbidden(USER_MESSAGES.roleChange);
    const tenantChanges = input.tenant_id !== undefined && input.tenant_id !== target.user.tenantId;
    if (tenantChanges && !isSuperAdmin(actor)) throw new Forbidden(USER_MESSAGES.moveTenant);
    if (self && input.is_active === false) throw new BadRequest(USER_MESSAGES.selfDeactivate);

    const changes: Partial<typeof users.$inferInsert> = {};
    if (input.email !== undefined) {
      const email = input.email.toLowerCase();
      if (email !== target.user.email) await emailFree(tx, email, target.user.id);
      changes.email = email;
    }
    if (input.full_name !== undefined) changes.fullName = input.full_name;
    if (input.phone !== undefined) changes.phone = input.phone;
    if (input.address !== undefined) changes.address = input.address;
    if (input.is_active !== undefined) changes.isActive = input.is_active;
    if (input.password) changes.passwordHash = await hashPassword(input.password);
    if (tenantChanges && input.tenant_id) {
      const [tenant] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, input.tenant_id)).limit(1);
      if (!tenant) throw new NotFound("Tenant not found");
      changes.tenantId = tenant.id;
    }
    if (Object.keys(changes).length > 0) await tx.update(users).set(changes).where(eq(users.id, target.user.id));

    const finalTenant = changes.tenantId ?? target.user.tenantId;
    if (roleChanges || tenantChanges) {
      const roleId = await roleIdFor(tx, input.role ?? target.role, finalTenant);
      await tx.delete(userRoles).where(eq(userRoles.userId, target.user.id));
      await tx.insert(userRoles).values({ userId: target.user.id, roleId });
    }
    // Deactivation, a new password set by an administrator or a move ends the user's sessions.
    if (input.is_active === false || (input.password && !self) || tenantChanges) {
      await tx.update(refreshTokens).set({ revokedAt: new Date() }).where(and(eq(refreshTokens.userId, target.user.id), isNull(refreshTokens.revokedAt)));
    }
    await recordActivity(tx, {
      tenantId: finalTenant,
      actorUserId: actor.userId,
      action: "user.updated",
      summary: `${actor.fullName ?? actor.email} updated the user ${target.user.fullName ?? target.user.email}`,
      subjectType: "user",
      subjectId: target.user.id,
    });
  });
  return getUser(actor, userId);
}

export async function deleteUser(actor: Actor, userId: string): Promise<void> {
  if (userId === actor.userId) throw new BadRequest(USER_MESSAGES.selfDelete);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const target = await userInReach(tx, actor, userId);
    assertNotAbove(actor, target);
    await tx.delete(users).where(eq(users.id, target.user.id));
    await recordActivity(tx, {
      tenantId: target.user.tenantId,
      actorUserId: actor.userId,
      action: "user.deleted",
      summary: `${actor.fullName ?? actor.email} deleted the user ${target.user.fullName ?? target.user.email}`,
      subjectType: "user",
      subjectId: target.user.id,
    });
  });
}

/** Ids of a tenant's users, for services that act on all of them. */
export async function tenantUserIds(db: Executor, tenantId: string): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.tenantId, tenantId));
  return rows.map((row) => row.id);
}
