// The life of an organisation's account through the real route handlers: register, verify, approval,
// sign-in, session, refresh rotation and reuse detection, sign-out.
import { describe, expect, it } from "vitest";
import * as login from "@/app/api/v1/auth/login/route";
import * as logout from "@/app/api/v1/auth/logout/route";
import * as me from "@/app/api/v1/auth/me/route";
import * as profile from "@/app/api/v1/auth/profile/route";
import * as refresh from "@/app/api/v1/auth/refresh/route";
import * as register from "@/app/api/v1/auth/register/route";
import * as verifyEmail from "@/app/api/v1/auth/verify-email/route";
import * as approve from "@/app/api/v1/tenants/[id]/approve/route";
import { call, cookieOf, json, outbox } from "../support/api";
import { latestMail, linkToken } from "../support/mail";

const admin = {
  tenant_name: "Acme Research",
  domain: "",
  admin_full_name: "Ada Lovelace",
  admin_email: "Ada@Acme.test",
  admin_phone: "+44 20 7946 0000",
  admin_address: "1 Analytical Way, London",
  admin_password: "engine-number-1",
};

interface LoginBody {
  access_token: string;
  refresh_token: string;
  user: { email: string; role: string; tenant_name: string; full_name: string };
  roles: { name: string }[];
  permissions: string[];
}

async function superAdminToken(): Promise<string> {
  // The seed made admin@localhost with a password printed once; tests sign in as a super admin they create.
  const { getDb } = await import("@/db/client");
  const { users } = await import("@/db/schema");
  const { hashPassword } = await import("@/lib/auth/passwords");
  const { eq } = await import("drizzle-orm");
  const db = await getDb();
  await db.update(users).set({ passwordHash: await hashPassword("super-secret-1") }).where(eq(users.email, "admin@localhost"));
  const response = await call(login.POST, "POST", { body: { email: "admin@localhost", password: "super-secret-1" }, ip: "203.0.113.9" });
  expect(response.status).toBe(200);
  return (await json<LoginBody>(response)).access_token;
}

describe("organisation account lifecycle", () => {
  let tenantId = "";
  let first: LoginBody;
  let sessionCookie = "";

  it("registers an inactive tenant and mails a verification link", async () => {
    const response = await call(register.POST, "POST", { body: admin });
    expect(response.status).toBe(201);
    const body = await json<{ tenant_id: string; message: string }>(response);
    tenantId = body.tenant_id;
    expect(body.message).toContain("Please check your email");
    const mail = latestMail(outbox(), "ada@acme.test", "Verify");
    expect(mail).toBeDefined();
    expect(linkToken(mail!, "/verify-email")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("answers a second registration with the same e-mail like a first one, creating nothing and mailing the owner", async () => {
    const response = await call(register.POST, "POST", { body: { ...admin, tenant_name: "Other Org" } });
    expect(response.status).toBe(201);
    const body = await json<{ tenant_id: string; message: string }>(response);
    expect(body.message).toContain("Please check your email");
    expect(body.tenant_id).not.toBe(tenantId);
    expect(latestMail(outbox(), "ada@acme.test")?.subject).toContain("registration attempt");
  });

  it("refuses sign-in before verification, then before approval", async () => {
    const unverified = await call(login.POST, "POST", { body: { email: admin.admin_email, password: admin.admin_password } });
    expect(unverified.status).toBe(403);
    expect(await json(unverified)).toEqual({ detail: "Please verify your email address before signing in." });

    const token = linkToken(latestMail(outbox(), "ada@acme.test", "Verify")!, "/verify-email");
    const verified = await call(verifyEmail.POST, "POST", { body: { token } });
    expect(verified.status).toBe(200);
    const again = await call(verifyEmail.POST, "POST", { body: { token } });
    expect(again.status).toBe(400);
    expect(await json(again)).toEqual({ detail: "This verification link has already been used." });

    const pending = await call(login.POST, "POST", { body: { email: admin.admin_email, password: admin.admin_password } });
    expect(pending.status).toBe(403);
    expect(await json(pending)).toEqual({ detail: "Your organization is awaiting approval by a platform administrator." });
  });

  it("lets a super admin approve the tenant, which mails a welcome", async () => {
    const token = await superAdminToken();
    const response = await call(approve.POST, "POST", { token, params: { id: tenantId } });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ tenant: { id: tenantId, is_active: true } });
    expect(latestMail(outbox(), "ada@acme.test", "Welcome")).toBeDefined();
  });

  it("signs in: token pair, user, roles, permissions and a session cookie", async () => {
    const response = await call(login.POST, "POST", {
      body: { email: admin.admin_email, password: admin.admin_password, remember_me: true },
    });
    expect(response.status).toBe(200);
    first = await json<LoginBody>(response);
    expect(first.user).toMatchObject({ email: "ada@acme.test", role: "tenant_admin", tenant_name: "Acme Research", full_name: "Ada Lovelace" });
    expect(first.roles.map((role) => role.name)).toEqual(["Tenant Admin"]);
    expect(first.permissions).toContain("invitation.send");
    expect(first.permissions).not.toContain("tenant.create");
    const setCookie = response.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Max-Age=2592000/);
    sessionCookie = cookieOf(response);
  });

  it("answers /auth/me by bearer token and by cookie", async () => {
    const byToken = await call(me.GET, "GET", { token: first.access_token });
    expect(byToken.status).toBe(200);
    expect(await json(byToken)).toMatchObject({ user: { email: "ada@acme.test" } });
    const byCookie = await call(profile.GET, "GET", { cookie: sessionCookie });
    expect(byCookie.status).toBe(200);
    const anonymous = await call(me.GET, "GET");
    expect(anonymous.status).toBe(401);
    const forged = await call(me.GET, "GET", { token: `${first.access_token.slice(0, -4)}AAAA` });
    expect(forged.status).toBe(401);
  });

  it("without 'Keep me logged in' the cookie ends with the browser session", async () => {
    const response = await call(login.POST, "POST", { body: { email: admin.admin_email, password: admin.admin_password } });
    expect(response.headers.get("set-cookie") ?? "").not.toMatch(/Max-Age/);
  });

  it("rotates refresh tokens and revokes the family when an old one is replayed", async () => {
    const rotated = await call(refresh.POST, "POST", { body: { refresh_token: first.refresh_token } });
    expect(rotated.status).toBe(200);
    const pair = await json<{ access_token: string; refresh_token: string }>(rotated);
    expect(pair.refresh_token).not.toBe(first.refresh_token);
    expect((await call(me.GET, "GET", { token: pair.access_token })).status).toBe(200);

    const replay = await call(refresh.POST, "POST", { body: { refresh_token: first.refresh_token } });
    expect(replay.status).toBe(401);
    // The whole family is gone: the newest refresh token, the access tokens and the cookie of that session.
    expect((await call(refresh.POST, "POST", { body: { refresh_token: pair.refresh_token } })).status).toBe(401);
    expect((await call(me.GET, "GET", { token: pair.access_token })).status).toBe(401);
    expect((await call(me.GET, "GET", { cookie: sessionCookie })).status).toBe(401);
  });

  it("signs out: the session ends and the cookie is cleared", async () => {
    const signIn = await call(login.POST, "POST", { body: { email: admin.admin_email, password: admin.admin_password } });
    const { access_token } = await json<LoginBody>(signIn);
    const cookie = cookieOf(signIn);
    const response = await call(logout.POST, "POST", { cookie });
    expect(response.status).toBe(204);
    expect(response.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    expect((await call(me.GET, "GET", { cookie })).status).toBe(401);
    expect((await call(me.GET, "GET", { token: access_token })).status).toBe(401);
  });
});
