// Invitations through the real handlers: create (mail with the accept link), verify, accept, list, resend,
// revoke; expired, used, revoked and forged links; and who may invite whom into which tenant and role.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as roles from "@/app/api/v1/roles/route";
import * as register from "@/app/api/v1/auth/register/route";
import * as invitationRoute from "@/app/api/v1/invitations/[id]/route";
import * as resend from "@/app/api/v1/invitations/[id]/resend/route";
import * as accept from "@/app/api/v1/invitations/accept/route";
import * as invitations from "@/app/api/v1/invitations/route";
import * as verify from "@/app/api/v1/invitations/verify/[token]/route";
import { getDb } from "@/db/client";
import { invitations as invitationsTable, permissions, userPermissionOverrides, users } from "@/db/schema";
import { call, json, outbox } from "../support/api";
import { latestMail } from "../support/mail";
import {
  PAST,
  acceptInvitation,
  approvedOrganisation,
  freshIp,
  invite,
  invitedMember,
  mailedToken,
  mailsTo,
  registration,
  roleId,
  signIn,
  signInSuperAdmin,
  type InvitationOut,
  type Organisation,
  type SignedIn,
} from "../support/accounts";

const INVALID_LINK = { detail: "This invitation link is invalid or has expired." };
const FORBIDDEN = { detail: "You do not have permission to perform this action." };
const ROLE_NOT_ALLOWED = { detail: "This role cannot be assigned in this organization" };
const TENANT_USER_PERMISSIONS = [
  "blog.create",
  "blog.view",
  "dashboard.view",
  "presentation.generate",
  "presentation.view",
  "project.create",
  "project.update",
  "project.view",
];

const verifyToken = (token: string, ip = freshIp()) => call(verify.GET, "GET", { params: { token }, ip });

async function list(token: string, query: Record<string, string> = {}): Promise<{ items: InvitationOut[]; total: number }> {
  const response = await call(invitations.GET, "GET", { token, query });
  expect(response.status).toBe(200);
  return { items: await json<InvitationOut[]>(response), total: Number(response.headers.get("x-total-count")) };
}

async function statusOf(token: string, id: string): Promise<string | undefined> {
  return (await list(token)).items.find((invitation) => invitation.id === id)?.status;
}

let alpha: Organisation;
let beta: Organisation;
let tenantUserRole: string;

beforeAll(async () => {
  alpha = await approvedOrganisation("Alpha");
  beta = await approvedOrganisation("Beta");
  tenantUserRole = await roleId(alpha.admin.access_token, "Tenant User");
});

describe("an invitation from creation to acceptance", () => {
  let invitation: InvitationOut;
  let token = "";

  it("creates a pending invitation and mails the accept link", async () => {
    const response = await call(invitations.POST, "POST", {
      token: alpha.admin.access_token,
      body: { email: "New.Hire@Alpha.test", role_id: tenantUserRole },
    });
    expect(response.status).toBe(201);
    invitation = await json<InvitationOut>(response);
    expect(invitation).toMatchObject({
      email: "new.hire@alpha.test",
      status: "pending",
      role_id: tenantUserRole,
      role_name: "Tenant User",
      tenant_id: alpha.tenantId,
    });
    const sevenDays = 7 * 24 * 60 * 60 * 1000;
    expect(Math.abs(Date.parse(invitation.expires_at) - (Date.now() + sevenDays))).toBeLessThan(60_000);

    const mail = latestMail(outbox(), "new.hire@alpha.test", "invited");
    expect(mail?.subject).toContain("Alpha Organisation");
    expect(mail?.body).toContain("http://app.test/accept-invitation?token=");
    token = mailedToken("new.hire@alpha.test", "invited", "/accept-invitation");
  });

  it("verifies the link: e-mail, tenant, role and expiry", async () => {
    const response = await verifyToken(token);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({
      email: "new.hire@alpha.test",
      tenant_name: "Alpha Organisation",
      role_name: "Tenant User",
      expires_at: invitation.expires_at,
    });
  });

  it("lists it for the tenant with X-Total-Count, and not for another tenant", async () => {
    const own = await list(alpha.admin.access_token);
    expect(own.total).toBe(1);
    expect(own.items).toEqual([expect.objectContaining({ id: invitation.id, status: "pending" })]);
    const other = await list(beta.admin.access_token);
    expect(other.items.map((item) => item.id)).not.toContain(invitation.id);
    expect(other.total).toBe(other.items.length);
  });

  it("accepts: the new user signs in as a Tenant User of the tenant", async () => {
    const response = await call(accept.POST, "POST", {
      body: { token, full_name: "New Hire", password: "new-hire-password", phone: "+1 555 0100 300", address: "3 Hire Lane" },
      ip: freshIp(),
    });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ message: "Invitation accepted successfully. You can now sign in.", email: "new.hire@alpha.test" });

    const session = await signIn("new.hire@alpha.test", "new-hire-password");
    expect(session.user).toMatchObject({
      email: "new.hire@alpha.test",
      full_name: "New Hire",
      phone: "+1 555 0100 300",
      address: "3 Hire Lane",
      tenant_id: alpha.tenantId,
      tenant_name: "Alpha Organisation",
      role: "user",
      is_active: true,
    });
    expect(session.roles.map((role) => role.name)).toEqual(["Tenant User"]);
    expect([...session.permissions].sort()).toEqual(TENANT_USER_PERMISSIONS);
  });

  it("refuses the used link and shows the invitation as accepted", async () => {
    const verified = await verifyToken(token);
    expect(verified.status).toBe(404);
    expect(await json(verified)).toEqual(INVALID_LINK);
    const again = await acceptInvitation(token, "Someone Else", "another-password");
    expect(again.status).toBe(404);
    expect(await json(again)).toEqual(INVALID_LINK);
    expect(await statusOf(alpha.admin.access_token, invitation.id)).toBe("accepted");
  });
});

describe("resend, revoke, expiry and forged links", () => {
  it("resend mails a new token and voids the old link", async () => {
    const { invitation, token: oldToken } = await invite(alpha.admin.access_token, "resend@alpha.test", tenantUserRole);
    const response = await call(resend.POST, "POST", { token: alpha.admin.access_token, params: { id: invitation.id } });
    expect(response.status).toBe(200);
    const resent = await json<InvitationOut>(response);
    expect(resent).toMatchObject({ id: invitation.id, status: "pending", email: "resend@alpha.test" });
    expect(Date.parse(resent.expires_at)).toBeGreaterThanOrEqual(Date.parse(invitation.expires_at));

    const newToken = mailedToken("resend@alpha.test", "invited", "/accept-invitation");
    expect(newToken).not.toBe(oldToken);
    expect(mailsTo("resend@alpha.test")).toHaveLength(2);
    const old = await verifyToken(oldToken);
    expect(old.status).toBe(404);
    expect(await json(old)).toEqual(INVALID_LINK);
    expect((await acceptInvitation(oldToken, "Re Send", "resend-password")).status).toBe(404);
    expect((await verifyToken(newToken)).status).toBe(200);
    expect((await acceptInvitation(newToken, "Re Send", "resend-password")).status).toBe(200);
  });

  it("revoke makes the link invalid and cannot be repeated", async () => {
    const { invitation, token } = await invite(alpha.admin.access_token, "revoked@alpha.test", tenantUserRole);
    const response = await call(invitationRoute.DELETE, "DELETE", { token: alpha.admin.access_token, params: { id: invitation.id } });
    expect(response.status).toBe(204);

    const verified = await verifyToken(token);
    expect(verified.status).toBe(404);
    expect(await json(verified)).toEqual(INVALID_LINK);
    expect((await acceptInvitation(token, "Re Voked", "revoked-password")).status).toBe(404);
    expect(await statusOf(alpha.admin.access_token, invitation.id)).toBe("revoked");

    const twice = await call(invitationRoute.DELETE, "DELETE", { token: alpha.admin.access_token, params: { id: invitation.id } });
    expect(twice.status).toBe(409);
    expect(await json(twice)).toEqual({ detail: "Only pending invitations can be changed" });
    expect((await call(resend.POST, "POST", { token: alpha.admin.access_token, params: { id: invitation.id } })).status).toBe(409);
  });

  it("an expired link is refused; a resend brings the invitation back", async () => {
    const { invitation, token } = await invite(alpha.admin.access_token, "late@alpha.test", tenantUserRole);
    const db = await getDb();
    await db.update(invitationsTable).set({ expiresAt: PAST() }).where(eq(invitationsTable.id, invitation.id));

    const verified = await verifyToken(token);
    expect(verified.status).toBe(404);
    expect(await json(verified)).toEqual(INVALID_LINK);
    expect((await acceptInvitation(token, "La Te", "late-password-1")).status).toBe(404);
    expect(await statusOf(alpha.admin.access_token, invitation.id)).toBe("expired");

    expect((await call(resend.POST, "POST", { token: alpha.admin.access_token, params: { id: invitation.id } })).status).toBe(200);
    expect((await verifyToken(mailedToken("late@alpha.test", "invited", "/accept-invitation"))).status).toBe(200);
    expect(await statusOf(alpha.admin.access_token, invitation.id)).toBe("pending");
  });

  it("refuses a forged link", async () => {
    const forged = randomBytes(32).toString("base64url");
    const verified = await verifyToken(forged);
    expect(verified.status).toBe(404);
    expect(await json(verified)).toEqual(INVALID_LINK);
    const accepted = await acceptInvitation(forged, "For Ged", "forged-password");
    expect(accepted.status).toBe(404);
    expect(await json(accepted)).toEqual(INVALID_LINK);
  });

  it("refuses a second invitation while one is pending for the address; after expiry a new one may be sent", async () => {
    const { invitation, token } = await invite(alpha.admin.access_token, "twice@alpha.test", tenantUserRole);
    const second = await call(invitations.POST, "POST", { token: alpha.admin.access_token, body: { email: "twice@alpha.test", role_id: tenantUserRole } });
    expect(second.status).toBe(409);
    expect(await json(second)).toEqual({ detail: "An invitation is already pending for this email" });
    expect(mailsTo("twice@alpha.test")).toHaveLength(1);
    expect((await verifyToken(token)).status).toBe(200);

    const db = await getDb();
    await db.update(invitationsTable).set({ expiresAt: PAST() }).where(eq(invitationsTable.id, invitation.id));
    const { invitation: renewed } = await invite(alpha.admin.access_token, "twice@alpha.test", tenantUserRole);
    expect(renewed.id).not.toBe(invitation.id);
    expect(await statusOf(alpha.admin.access_token, invitation.id)).toBe("expired");
  });

  it("refuses acceptance when the address got an account meanwhile, and keeps the invitation pending", async () => {
    const { invitation, token } = await invite(alpha.admin.access_token, "racer@alpha.test", tenantUserRole);
    const response = await call(register.POST, "POST", { body: { ...registration("Racer"), admin_email: "racer@alpha.test" }, ip: freshIp() });
    expect(response.status).toBe(201);
    const accepted = await acceptInvitation(token, "Ra Cer", "racer-password");
    expect(accepted.status).toBe(409);
    expect(await json(accepted)).toEqual({ detail: "An account with this email already exists. Please sign in with it instead." });
    expect(await statusOf(alpha.admin.access_token, invitation.id)).toBe("pending");
  });
});

describe("listing", () => {
  it("pages newest first with the total in X-Total-Count", async () => {
    const all = await list(alpha.admin.access_token);
    expect(all.total).toBe(all.items.length);
    expect(all.total).toBeGreaterThanOrEqual(5);
    const created = all.items.map((item) => Date.parse((item as InvitationOut & { created_at: string }).created_at));
    expect(created).toEqual([...created].sort((a, b) => b - a));

    const page = await list(alpha.admin.access_token, { limit: "2", offset: "1" });
    expect(page.total).toBe(all.total);
    expect(page.items.map((item) => item.id)).toEqual(all.items.slice(1, 3).map((item) => item.id));
  });

  it("filters by status, counting a pending invitation past its expiry as expired", async () => {
    const { invitation } = await invite(alpha.admin.access_token, "lapsed@alpha.test", tenantUserRole);
    const db = await getDb();
    await db.update(invitationsTable).set({ expiresAt: PAST() }).where(eq(invitationsTable.id, invitation.id));

    const all = await list(alpha.admin.access_token);
    for (const status of ["pending", "accepted", "revoked", "expired"]) {
      const filtered = await list(alpha.admin.access_token, { status });
      const expected = all.items.filter((item) => item.status === status).map((item) => item.id);
      expect(filtered.items.map((item) => item.id), status).toEqual(expected);
      expect(filtered.total, status).toBe(expected.length);
    }
    expect((await list(alpha.admin.access_token, { status: "expired" })).items.map((item) => item.id)).toContain(invitation.id);
  });

  it("shows a super admin every tenant's invitations, or one tenant's on request", async () => {
    await invite(beta.admin.access_token, "guest@beta.test", await roleId(beta.admin.access_token, "Tenant User"));
    const { access_token } = await signInSuperAdmin();
    const everything = await list(access_token);
    expect(new Set(everything.items.map((item) => item.tenant_id))).toEqual(new Set([alpha.tenantId, beta.tenantId]));
    const betaOnly = await list(access_token, { tenant_id: beta.tenantId });
    expect(betaOnly.items.length).toBeGreaterThan(0);
    expect(betaOnly.items.every((item) => item.tenant_id === beta.tenantId)).toBe(true);
  });
});

describe("who may invite whom", () => {
  let member: SignedIn;

  beforeAll(async () => {
    member = await invitedMember(alpha, "member@alpha.test");
  });

  async function alphaInvitationCount(): Promise<number> {
    return (await list(alpha.admin.access_token)).total;
  }

  it("refuses to invite an address that already has an account in the inviter's own tenant", async () => {
    const response = await call(invitations.POST, "POST", { token: alpha.admin.access_token, body: { email: "MEMBER@alpha.test", role_id: tenantUserRole } });
    expect(response.status).toBe(409);
    expect(await json(response)).toEqual({ detail: "A user with this email already exists" });
  });

  it("does not reveal an account in another tenant: the invitation is made, and its mail has nothing to accept", async () => {
    const response = await call(invitations.POST, "POST", { token: alpha.admin.access_token, body: { email: beta.email, role_id: tenantUserRole } });
    expect(response.status).toBe(201);
    const mail = latestMail(outbox(), beta.email, "invited");
    expect(mail?.body).toContain("already has an account");
    expect(mail?.body).not.toContain("/accept-invitation");
  });

  it("refuses a user without invitation.send", async () => {
    const create = await call(invitations.POST, "POST", { token: member.access_token, body: { email: "friend@alpha.test", role_id: tenantUserRole } });
    expect(create.status).toBe(403);
    expect(await json(create)).toEqual(FORBIDDEN);
    expect((await call(invitations.GET, "GET", { token: member.access_token })).status).toBe(403);
    const { items } = await list(alpha.admin.access_token);
    const id = items[0]!.id;
    expect((await call(resend.POST, "POST", { token: member.access_token, params: { id } })).status).toBe(403);
    expect((await call(invitationRoute.DELETE, "DELETE", { token: member.access_token, params: { id } })).status).toBe(403);
    expect(mailsTo("friend@alpha.test")).toHaveLength(0);
  });

  it("refuses a tenant admin naming another tenant, and changes nothing there", async () => {
    const betaBefore = (await list(beta.admin.access_token)).total;
    const response = await call(invitations.POST, "POST", {
      token: alpha.admin.access_token,
      body: { email: "intruder@beta.test", role_id: tenantUserRole, tenant_id: beta.tenantId },
    });
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({ detail: "Tenant not found" });
    expect((await list(beta.admin.access_token)).total).toBe(betaBefore);
    expect(mailsTo("intruder@beta.test")).toHaveLength(0);
    expect((await call(invitations.GET, "GET", { token: alpha.admin.access_token, query: { tenant_id: beta.tenantId } })).status).toBe(404);
  });

  it("refuses another tenant's role and the Super Admin role", async () => {
    const betaAdminRole = await roleId(beta.admin.access_token, "Tenant Admin");
    const { access_token } = await signInSuperAdmin();
    const superAdminRole = await roleId(access_token, "Super Admin");
    const before = await alphaInvitationCount();
    for (const role_id of [betaAdminRole, superAdminRole, crypto.randomUUID()]) {
      const response = await call(invitations.POST, "POST", { token: alpha.admin.access_token, body: { email: "climber@alpha.test", role_id } });
      expect(response.status).toBe(403);
      expect(await json(response)).toEqual(ROLE_NOT_ALLOWED);
    }
    expect(await alphaInvitationCount()).toBe(before);
    expect(mailsTo("climber@alpha.test")).toHaveLength(0);
  });

  it("refuses the Super Admin role even to a super admin", async () => {
    const { access_token } = await signInSuperAdmin();
    const response = await call(invitations.POST, "POST", {
      token: access_token,
      body: { email: "second.root@alpha.test", role_id: await roleId(access_token, "Super Admin"), tenant_id: alpha.tenantId },
    });
    expect(response.status).toBe(403);
    expect(await json(response)).toEqual(ROLE_NOT_ALLOWED);
  });

  it("lets another tenant's admin neither resend nor revoke, nor see the invitation", async () => {
    const { invitation, token } = await invite(alpha.admin.access_token, "guarded@alpha.test", tenantUserRole);
    const resent = await call(resend.POST, "POST", { token: beta.admin.access_token, params: { id: invitation.id } });
    expect(resent.status).toBe(404);
    expect(await json(resent)).toEqual({ detail: "Invitation not found" });
    const revoked = await call(invitationRoute.DELETE, "DELETE", { token: beta.admin.access_token, params: { id: invitation.id } });
    expect(revoked.status).toBe(404);
    expect((await verifyToken(token)).status).toBe(200);
    expect(mailsTo("guarded@alpha.test")).toHaveLength(1);
  });

  it("lets a tenant admin invite into the tenant's own Tenant Admin role, and a super admin into any tenant", async () => {
    const alphaAdminRole = await roleId(alpha.admin.access_token, "Tenant Admin");
    const { invitation } = await invite(alpha.admin.access_token, "deputy@alpha.test", alphaAdminRole);
    expect(invitation).toMatchObject({ role_name: "Tenant Admin", tenant_id: alpha.tenantId });

    const { access_token } = await signInSuperAdmin();
    const { invitation: fromRoot } = await invite(access_token, "appointed@beta.test", await roleId(access_token, "Tenant Admin", beta.tenantId), beta.tenantId);
    expect(fromRoot).toMatchObject({ role_name: "Tenant Admin", tenant_id: beta.tenantId });
  });

  it("refuses a role carrying permissions the inviter does not hold", async () => {
    // A Tenant User granted invitation.send may invite Tenant Users, but not Tenant Admins.
    const db = await getDb();
    const [permission] = await db.select({ id: permissions.id }).from(permissions).where(eq(permissions.name, "invitation.send"));
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, "member@alpha.test"));
    await db.insert(userPermissionOverrides).values({ tenantId: alpha.tenantId, userId: user!.id, permissionId: permission!.id, granted: true });
    const rolesResponse = await call(roles.GET, "GET", { token: member.access_token });
    expect(rolesResponse.status).toBe(200);

    const alphaAdminRole = await roleId(alpha.admin.access_token, "Tenant Admin");
    const above = await call(invitations.POST, "POST", { token: member.access_token, body: { email: "boss@alpha.test", role_id: alphaAdminRole } });
    expect(above.status).toBe(403);
    expect(await json(above)).toEqual({ detail: "You cannot invite someone into a role with permissions you do not hold" });
    const peer = await call(invitations.POST, "POST", { token: member.access_token, body: { email: "peer@alpha.test", role_id: tenantUserRole } });
    expect(peer.status).toBe(201);
  });
});
