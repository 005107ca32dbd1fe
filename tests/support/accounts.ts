// Account set-up for API tests through the real route handlers: organisations registered, verified and
// approved, a super admin, signed-in users and invitations; plus direct database writes for the states no
// endpoint produces on demand (expired tokens, deactivated users and tenants).
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import * as invitationsRoute from "@/app/api/v1/invitations/route";
import * as acceptRoute from "@/app/api/v1/invitations/accept/route";
import * as loginRoute from "@/app/api/v1/auth/login/route";
import * as registerRoute from "@/app/api/v1/auth/register/route";
import * as verifyEmailRoute from "@/app/api/v1/auth/verify-email/route";
import * as rolesRoute from "@/app/api/v1/roles/route";
import * as approveRoute from "@/app/api/v1/tenants/[id]/approve/route";
import { getDb } from "@/db/client";
import { tenants, users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/passwords";
import { call, cookieOf, json, outbox } from "./api";
import { latestMail, linkToken, readMails, type ReceivedMail } from "./mail";

export const SUPER_ADMIN_EMAIL = "admin@localhost";
export const SUPER_ADMIN_PASSWORD = "super-secret-1";

export interface UserOut {
  id: string;
  tenant_id: string;
  tenant_name: string;
  email: string;
  full_name: string | null;
  phone: string | null;
  address: string | null;
  is_active: boolean;
  role: string;
}

export interface SignedIn {
  access_token: string;
  refresh_token: string;
  /** The browser session cookie ("name=value") that the sign-in set. */
  cookie: string;
  user: UserOut;
  roles: { id: string; name: string; tenant_id: string | null }[];
  permissions: string[];
}

export interface InvitationOut {
  id: string;
  email: string;
  status: string;
  role_id: string;
  role_name: string;
  tenant_id: string;
  expires_at: string;
}

let addressCounter = 0;

/** A client address no other call has used, so per-IP limits of one test never reach another. */
export function freshIp(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export function mailsTo(email: string): ReceivedMail[] {
  return readMails(outbox()).filter((mail) => mail.to.toLowerCase().includes(email.toLowerCase()));
}

/** The token of the newest mail to `email` whose subject contains `subject`, from its link to `pathname`. */
export function mailedToken(email: string, subject: string, pathname: string): string {
  const mail = latestMail(outbox(), email, subject);
  if (!mail) throw new Error(`no "${subject}" mail to ${email}`);
  return linkToken(mail, pathname);
}

export async function signIn(email: string, password: string, options: { ip?: string; remember?: boolean } = {}): Promise<SignedIn> {
  const response = await call(loginRoute.POST, "POST", {
    body: { email, password, remember_me: options.remember ?? false },
    ip: options.ip ?? freshIp(),
  });
  expect(response.status, `sign-in of ${email}`).toBe(200);
  return { ...(await json<Omit<SignedIn, "cookie">>(response)), cookie: cookieOf(response) };
}

let superAdminReady: Promise<void> | undefined;

/** Signs in as the seeded super admin, after giving it a known password (the seed prints a random one once). */
export async function signInSuperAdmin(): Promise<SignedIn> {
  superAdminReady ??= (async () => {
    const db = await getDb();
    await db.update(users).set({ passwordHash: await hashPassword(SUPER_ADMIN_PASSWORD) }).where(eq(users.email, SUPER_ADMIN_EMAIL));
  })();
  await superAdminReady;
  return signIn(SUPER_ADMIN_EMAIL, SUPER_ADMIN_PASSWORD);
}

/** A valid registration payload whose names and address are derived from `slug`. */
export function registration(slug: string) {
  return {
    tenant_name: `${slug} Organisation`,
    domain: "",
    admin_full_name: `${slug} Admin`,
    admin_email: `admin@${slug.toLowerCase()}.test`,
    admin_phone: "+1 555 0100 200",
    admin_address: `1 ${slug} Street, Springfield`,
    admin_password: `${slug.toLowerCase()}-password-1`,
  };
}

export interface Registered {
  tenantId: string;
  email: string;
  password: string;
}

/** Registers an organisation (tenant inactive, e-mail unverified). */
export async function registerOrganisation(slug: string): Promise<Registered> {
  const payload = registration(slug);
  const response = await call(registerRoute.POST, "POST", { body: payload, ip: freshIp() });
  expect(response.status, `registration of ${slug}`).toBe(201);
  const { tenant_id } = await json<{ tenant_id: string }>(response);
  return { tenantId: tenant_id, email: payload.admin_email, password: payload.admin_password };
}

/** Follows the newest verification link mailed to `email`. */
export async function verifyEmailOf(email: string): Promise<void> {
  const token = mailedToken(email, "Verify", "/verify-email");
  const response = await call(verifyEmailRoute.POST, "POST", { body: { token } });
  expect(response.status, `verification of ${email}`).toBe(200);
}

export async function approveTenant(tenantId: string): Promise<void> {
  const { access_token } = await signInSuperAdmin();
  const response = await call(approveRoute.POST, "POST", { token: access_token, params: { id: tenantId } });
  expect(response.status, `approval of ${tenantId}`).toBe(200);
}

export interface Organisation extends Registered {
  /** The tenant admin, signed in. */
  admin: SignedIn;
}

/** Registers, verifies and approves an organisation and signs its admin in. */
export async function approvedOrganisation(slug: string): Promise<Organisation> {
  const registered = await registerOrganisation(slug);
  await verifyEmailOf(registered.email);
  await approveTenant(registered.tenantId);
  return { ...registered, admin: await signIn(registered.email, registered.password) };
}

/** The id of a role by name among those GET /roles shows the actor (a super admin names the tenant). */
export async function roleId(token: string, name: string, tenantId?: string): Promise<string> {
  const response = await call(rolesRoute.GET, "GET", { token, query: tenantId ? { tenant_id: tenantId } : {} });
  expect(response.status).toBe(200);
  const roles = await json<{ id: string; name: string; tenant_id: string | null }[]>(response);
  const role = roles.find((candidate) => candidate.name === name);
  if (!role) throw new Error(`no role ${name}`);
  return role.id;
}

/** Invites `email` into a role; returns the invitation and the token of the link mailed for it. */
export async function invite(token: string, email: string, role_id: string, tenant_id?: string): Promise<{ invitation: InvitationOut; token: string }> {
  const response = await call(invitationsRoute.POST, "POST", { token, body: { email, role_id, ...(tenant_id ? { tenant_id } : {}) } });
  expect(response.status, `invitation of ${email}`).toBe(201);
  const invitation = await json<InvitationOut>(response);
  return { invitation, token: mailedToken(email, "invited", "/accept-invitation") };
}

export async function acceptInvitation(token: string, fullName: string, password: string): Promise<Response> {
  return call(acceptRoute.POST, "POST", { body: { token, full_name: fullName, password }, ip: freshIp() });
}

/** A Tenant User of the organisation, invited by its admin, accepted and signed in. */
export async function invitedMember(organisation: Organisation, email: string, password = "member-password-1"): Promise<SignedIn & { password: string }> {
  const tenantUser = await roleId(organisation.admin.access_token, "Tenant User");
  const { token } = await invite(organisation.admin.access_token, email, tenantUser);
  const accepted = await acceptInvitation(token, `Member ${email}`, password);
  expect(accepted.status, `acceptance by ${email}`).toBe(200);
  return { ...(await signIn(email, password)), password };
}

export async function setUserActive(email: string, isActive: boolean): Promise<void> {
  const db = await getDb();
  await db.update(users).set({ isActive }).where(eq(users.email, email.toLowerCase()));
}

export async function setTenantActive(tenantId: string, isActive: boolean): Promise<void> {
  const db = await getDb();
  await db.update(tenants).set({ isActive }).where(eq(tenants.id, tenantId));
}

/** A moment safely in the past, for expiring tokens and invitations. */
export const PAST = () => new Date(Date.now() - 60_000);
