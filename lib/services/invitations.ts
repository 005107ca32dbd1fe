// Invitations: a tenant admin invites a person by e-mail into a role; the link is single-use and expires in 7 days.
import { and, count, desc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { invitations, permissions, rolePermissions, roles, tenants, userRoles, users } from "@/db/schema";
import type { Invitation } from "@/db/schema";
import { isSuperAdmin, type Actor } from "@/lib/auth/actor";
import { assertPasswordAllowed } from "@/lib/auth/password-policy";
import { hashPassword } from "@/lib/auth/passwords";
import { consume } from "@/lib/auth/rate-limit";
import { INVITATION_TTL_MS, randomToken, sha256 } from "@/lib/auth/tokens";
import { Conflict, Forbidden, NotFound } from "@/lib/errors";
import type { Page, PageResult } from "@/lib/http/pagination";
import { sendMail } from "@/lib/mail/transport";
import { invitationExistingAccountMail, invitationMail } from "@/lib/mail/templates";
import { recordActivity } from "./activity";
import { isUniqueViolation, type RequestMeta } from "./auth";
import { listTenantFilter, targetTenant } from "./tenancy";

export const INVITATION_MESSAGES = {
  invalid: "This invitation link is invalid or has expired.",
  userExists: "A user with this email already exists",
  accountExists: "An account with this email already exists. Please sign in with it instead.",
  pendingExists: "An invitation is already pending for this email",
  roleNotAllowed: "This role cannot be assigned in this organization",
  roleAboveYours: "You cannot invite someone into a role with permissions you do not hold",
  notPending: "Only pending invitations can be changed",
  accepted: "Invitation accepted successfully. You can now sign in.",
} as const;

export interface InvitationOut {
  id: string;
  email: string;
  status: "pending" | "accepted" | "revoked" | "expired";
  role_id: string;
  role_name: string;
  tenant_id: string;
  invited_by: string | null;
  expires_at: string;
  created_at: string;
}

function displayStatus(invitation: Invitation): InvitationOut["status"] {
  return invitation.status === "pending" && invitation.expiresAt <= new Date() ? "expired" : invitation.status;
}

function invitationOut(invitation: Invitation, roleName: string): InvitationOut {
  return {
    id: invitation.id,
    email: invitation.email,
    status: displayStatus(invitation),
    role_id: invitation.roleId,
    role_name: roleName,
    tenant_id: invitation.tenantId,
    invited_by: invitation.invitedBy,
    expires_at: invitation.expiresAt.toISOString(),
    created_at: invitation.createdAt.toISOString(),
  };
}

/** The role must belong to the tenant or be the global Tenant User role, and carry nothing the inviter lacks. */
async function assignableRole(tx: Tx, actor: Actor, tenantId: string, roleId: string) {
  const [role] = await tx.select().from(roles).where(eq(roles.id, roleId)).limit(1);
  const allowed = role && (role.tenantId === tenantId || (role.tenantId === null && role.builtin === "tenant_user"));
  if (!role || !allowed) throw new Forbidden(INVITATION_MESSAGES.roleNotAllowed);
  if (!isSuperAdmin(actor)) {
    const rows = await tx
      .select({ name: permissions.name })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(eq(rolePermissions.roleId, role.id));
    if (rows.some((row) => !actor.permissions.has(row.name as never))) throw new Forbidden(INVITATION_MESSAGES.roleAboveYours);
  }
  return role;
}

/** The tenant of the account an address belongs to, or null when it has none. */
async function accountTenantOf(tx: Tx, email: string): Promise<string | null> {
  const [holder] = await tx.select({ tenantId: users.tenantId }).from(users).where(eq(users.email, email)).limit(1);
  return holder?.tenantId ?? null;
}

/**
 * The invitation mail: the accept link, or, for an address that already has an account, a note that it cannot
 * be accepted with this address (an address belongs to one account). The inviter's answer is the same either way.
 */
async function mailInvitation(tx: Tx, actor: Actor, invitation: Invitation, roleName: string, token: string) {
  const [tenant] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, invitation.tenantId));
  const details = { to: invitation.email, inviterName: actor.fullName ?? actor.email, tenantName: tenant?.name ?? "your organization", roleName };
  if ((await accountTenantOf(tx, invitation.email)) !== null) return invitationExistingAccountMail(details);
  return invitationMail({ ...details, token });
}

export async function createInvitation(actor: Actor, input: { email: string; role_id: string; tenant_id?: string }) {
  const tenantId = targetTenant(actor, input.tenant_id);
  const email = input.email.trim().toLowerCase();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [tenant] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
    if (!tenant) throw new NotFound("Tenant not found");
    const role = await assignableRole(tx, actor, tenantId, input.role_id);
    // An account the inviter can see (their own tenant's; any, for a super admin) is refused; one in another
    // tenant is not revealed: the invitation is made as usual and its mail tells the address's owner.
    const holderTenant = await accountTenantOf(tx, email);
    if (holderTenant !== null && (holderTenant === tenantId || isSuperAdmin(actor))) throw new Conflict(INVITATION_MESSAGES.userExists);
    // An expired pending invitation no longer blocks a new one; a live one does (the admin resends it instead).
    // Checked before the expired one is marked, so a refusal writes nothing.
    const now = new Date();
    const pendingForEmail = and(eq(invitations.tenantId, tenantId), eq(invitations.email, email), eq(invitations.status, "pending"));
    if ((await tx.select({ id: invitations.id }).from(invitations).where(and(pendingForEmail, gt(invitations.expiresAt, now))).limit(1)).length > 0) {
      throw new Conflict(INVITATION_MESSAGES.pendingExists);
    }
    await tx
      .update(invitations)
      .set({ status: "expired" })
      .where(and(pendingForEmail, lte(invitations.expiresAt, now)));
    const token = randomToken();
    const [invitation] = await tx
      .insert(invitations)
      .values({
        tenantId,
        email,
        roleId: role.id,
        tokenHash: sha256(token),
        invitedBy: actor.userId,
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
      })
      .returning();
    if (!invitation) throw new Error("invitation insert returned nothing");
    await recordActivity(tx, {
      tenantId,
      actorUserId: actor.userId,
      action: "user.invited",
      summary: `${actor.fullName ?? actor.email} invited ${email} as ${role.name}`,
      subjectType: "invitation",
      subjectId: invitation.id,
    });
    // Sent last, inside the transaction: if the mail cannot be sent, the invitation is not kept.
    await sendMail(await mailInvitation(tx, actor, invitation, role.name, token));
    return invitationOut(invitation, role.name);
  });
}

/** A pending, unexpired invitation by its token, or 404 with the spec's text. */
async function pendingByToken(tx: Tx, token: string) {
  const [row] = await tx
    .select({ invitation: invitations, roleName: roles.name, tenantName: tenants.name, tenantActive: tenants.isActive })
    .from(invitations)
    .innerJoin(roles, eq(roles.id, invitations.roleId))
    .innerJoin(tenants, eq(tenants.id, invitations.tenantId))
    .where(eq(invitations.tokenHash, sha256(token)))
    .limit(1);
  if (!row || row.invitation.status !== "pending" || row.invitation.expiresAt <= new Date() || !row.tenantActive) {
    throw new NotFound(INVITATION_MESSAGES.invalid);
  }
  return row;
}

export async function verifyInvitation(token: string, meta: RequestMeta) {
  await consume("invitationByIp", meta.ip);
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const pending = await pendingByToken(tx, token);
    if ((await accountTenantOf(tx, pending.invitation.email)) !== null) throw new Conflict(INVITATION_MESSAGES.accountExists);
    return pending;
  });
  return {
    email: row.invitation.email,
    tenant_name: row.tenantName,
    role_name: row.roleName,
    expires_at: row.invitation.expiresAt.toISOString(),
  };
}

export async function acceptInvitation(
  input: { token: string; full_name: string; password: string; phone: string | null; address: string | null },
  meta: RequestMeta,
) {
  await consume("invitationByIp", meta.ip);
  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  const accepted = db.transaction(async (tx) => {
    const { invitation } = await pendingByToken(tx, input.token);
    // Everything is checked before the first write: a refused acceptance leaves the invitation pending.
    if ((await accountTenantOf(tx, invitation.email)) !== null) throw new Conflict(INVITATION_MESSAGES.accountExists);
    assertPasswordAllowed(input.password, invitation.email, "password");
    const claimed = await tx
      .update(invitations)
      .set({ status: "accepted", acceptedAt: new Date() })
      .where(and(eq(invitations.id, invitation.id), eq(invitations.status, "pending")))
      .returning({ id: invitations.id });
    if (claimed.length === 0) throw new NotFound(INVITATION_MESSAGES.invalid);
    const [user] = await tx
      .insert(users)
      .values({
        tenantId: invitation.tenantId,
        email: invitation.email,
        passwordHash,
        fullName: input.full_name,
        phone: input.phone,
        address: input.address,
        isActive: true,
        // The invitation reached this mailbox: the address is verified.
        emailVerifiedAt: new Date(),
      })
      .returning();
    if (!user) throw new Error("user insert returned nothing");
    await tx.insert(userRoles).values({ userId: user.id, roleId: invitation.roleId });
    await recordActivity(tx, {
      tenantId: invitation.tenantId,
      actorUserId: user.id,
      action: "user.joined",
      summary: `${input.full_name} accepted the invitation and joined`,
      subjectType: "user",
      subjectId: user.id,
    });
    return { message: INVITATION_MESSAGES.accepted, email: user.email };
  });
  // The address got an account from a concurrent request between the check and the insert.
  return accepted.catch((error: unknown) => {
    throw isUniqueViolation(error) ? new Conflict(INVITATION_MESSAGES.accountExists) : error;
  });
}

/** The status as shown: a pending invitation past its expiry counts as expired (see displayStatus). */
function statusFilter(status: InvitationOut["status"] | undefined) {
  const now = new Date();
  switch (status) {
    case undefined:
      return undefined;
    case "pending":
      return and(eq(invitations.status, "pending"), gt(invitations.expiresAt, now));
    case "expired":
      return or(eq(invitations.status, "expired"), and(eq(invitations.status, "pending"), lte(invitations.expiresAt, now)));
    default:
      return eq(invitations.status, status);
  }
}

export async function listInvitations(
  actor: Actor,
  query: Page & { tenant_id?: string; status?: InvitationOut["status"] },
): Promise<PageResult<InvitationOut>> {
  const tenantId = listTenantFilter(actor, query.tenant_id);
  const db = await getDb();
  const where = and(tenantId ? eq(invitations.tenantId, tenantId) : undefined, statusFilter(query.status));
  // One statement: the page (along invitations (tenant_id, status, created_at)) with the filtered total as a
  // window count; only an offset past the end, which leaves no row to carry it, counts on its own.
  const rows = await db
    .select({ invitation: invitations, roleName: roles.name, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(invitations)
    .innerJoin(roles, eq(roles.id, invitations.roleId))
    .where(where)
    .orderBy(desc(invitations.createdAt), invitations.id)
    .limit(query.limit)
    .offset(query.offset);
  const total =
    rows[0]?.total ?? (query.offset > 0 ? ((await db.select({ value: count() }).from(invitations).where(where))[0]?.value ?? 0) : 0);
  return { items: rows.map((row) => invitationOut(row.invitation, row.roleName)), total };
}

/** The invitation in the actor's reach, or 404. */
async function invitationInReach(tx: Tx, actor: Actor, id: string) {
  const [row] = await tx
    .select({ invitation: invitations, roleName: roles.name })
    .from(invitations)
    .innerJoin(roles, eq(roles.id, invitations.roleId))
    .where(and(eq(invitations.id, id), isSuperAdmin(actor) ? undefined : eq(invitations.tenantId, actor.tenantId)))
    .limit(1);
  if (!row) throw new NotFound("Invitation not found");
  return row;
}

/** Sends a fresh link: a new token (the old link stops working) and a new 7-day expiry. */
export async function resendInvitation(actor: Actor, id: string) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { invitation, roleName } = await invitationInReach(tx, actor, id);
    if (invitation.status !== "pending" && invitation.status !== "expired") throw new Conflict(INVITATION_MESSAGES.notPending);
    const token = randomToken();
    const [updated] = await tx
      .update(invitations)
      .set({ tokenHash: sha256(token), status: "pending", expiresAt: new Date(Date.now() + INVITATION_TTL_MS) })
      .where(eq(invitations.id, invitation.id))
      .returning();
    if (!updated) throw new NotFound("Invitation not found");
    await recordActivity(tx, {
      tenantId: updated.tenantId,
      actorUserId: actor.userId,
      action: "user.invitation_resent",
      summary: `${actor.fullName ?? actor.email} resent the invitation to ${updated.email}`,
      subjectType: "invitation",
      subjectId: updated.id,
    });
    // Sent last, inside the transaction: if the mail cannot be sent, the old link stays as it was.
    await sendMail(await mailInvitation(tx, actor, updated, roleName, token));
    return invitationOut(updated, roleName);
  });
}

export async function revokeInvitation(actor: Actor, id: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const { invitation } = await invitationInReach(tx, actor, id);
    if (invitation.status !== "pending" && invitation.status !== "expired") throw new Conflict(INVITATION_MESSAGES.notPending);
    await tx.update(invitations).set({ status: "revoked" }).where(eq(invitations.id, invitation.id));
    await recordActivity(tx, {
      tenantId: invitation.tenantId,
      actorUserId: actor.userId,
      action: "user.invitation_revoked",
      summary: `${actor.fullName ?? actor.email} revoked the invitation to ${invitation.email}`,
      subjectType: "invitation",
      subjectId: invitation.id,
    });
  });
}

/** Roles an actor may offer in the invite dialog: the tenant's own roles and the global built-in Tenant User role. */
export async function invitableRoles(actor: Actor, tenantId: string | undefined) {
  const tenant = targetTenant(actor, tenantId);
  const db = await getDb();
  return db
    .select({ id: roles.id, name: roles.name, tenant_id: roles.tenantId, builtin: roles.builtin })
    .from(roles)
    .where(or(eq(roles.tenantId, tenant), and(isNull(roles.tenantId), eq(roles.builtin, "tenant_user"))))
    .orderBy(roles.name);
}
