// Tenant administration by the super admin through the real handlers: the list with user counts and search,
// create (validation, invited admin), edit (immutable domain), deactivation ending sessions at once,
// approval with the welcome mail, and deletion of all the tenant's data and files.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as login from "@/app/api/v1/auth/login/route";
import * as me from "@/app/api/v1/auth/me/route";
import * as refresh from "@/app/api/v1/auth/refresh/route";
import * as verifyInvitation from "@/app/api/v1/invitations/verify/[token]/route";
import * as rolesRoute from "@/app/api/v1/roles/route";
import * as approveRoute from "@/app/api/v1/tenants/[id]/approve/route";
import * as tenantRoute from "@/app/api/v1/tenants/[id]/route";
import * as tenantsRoute from "@/app/api/v1/tenants/route";
import * as grantRoute from "@/app/api/v1/users/[id]/permissions/grant/route";
import { getDb } from "@/db/client";
import { invitations, refreshTokens, roles, tenants, userPermissionOverrides, userRoles, users } from "@/db/schema";
import { call, json, outbox } from "../support/api";
import { latestMail } from "../support/mail";
import {
  acceptInvitation,
  freshIp,
  invite,
  mailedToken,
  registerOrganisation,
  roleId,
  signIn,
  verifyEmailOf,
  type Organisation,
  type Registered,
  type SignedIn,
} from "../support/accounts";
import { createUser, listOf, organisation, platformTenantId, signedInUser, superAdmin } from "../support/admin";

interface TenantItem {
  id: string;
  name: string;
  domain: string | null;
  is_active: boolean;
  created_at: string;
  user_count: number;
  status: "active" | "pending_approval" | "inactive";
  is_platform: boolean;
}

let token = "";
let acme: Organisation;
let acmeMember: SignedIn & { password: string };
let globex: Registered;
let platformId = "";
let initechId = "";

const validTenant = {
  name: "Initech Corp",
  domain: "Initech-Corp",
  is_active: true,
  admin_full_name: "Bill Lumbergh",
  admin_email: "Bill@Initech.test",
};

async function tenantCount(): Promise<number> {
  const db = await getDb();
  return (await db.select({ id: tenants.id }).from(tenants)).length;
}

async function getTenant(id: string): Promise<TenantItem> {
  const response = await call(tenantRoute.GET, "GET", { token, params: { id } });
  expect(response.status).toBe(200);
  return json<TenantItem>(response);
}

beforeAll(async () => {
  token = (await superAdmin()).access_token;
  platformId = await platformTenantId();
  acme = await organisation("Acme");
  acmeMember = await signedInUser(acme.admin.access_token, { email: "member@acme.test" });
  await createUser(acme.admin.access_token, { email: "idle@acme.test", is_active: false });
  globex = await registerOrganisation("Globex");
  await verifyEmailOf(globex.email);
});

describe("tenant list", () => {
  it("shows every tenant with its user count, newest first, with X-Total-Count", async () => {
    const { items, total } = await listOf<TenantItem>(tenantsRoute.GET, { token });
    expect(total).toBe(3);
    expect(items.map((tenant) => tenant.id)).toEqual([globex.tenantId, acme.tenantId, platformId]);
    const counts = Object.fromEntries(items.map((tenant) => [tenant.id, tenant.user_count]));
    expect(counts).toEqual({ [platformId]: 1, [acme.tenantId]: 3, [globex.tenantId]: 1 });
    expect(items[0]).toMatchObject({ name: "Globex Organisation", is_active: false, status: "pending_approval", is_platform: false });
    expect(items[1]).toMatchObject({ name: "Acme Organisation", domain: "acme-organisation", is_active: true, status: "active" });
    expect(items[2]).toMatchObject({ is_platform: true, status: "active" });
  });

  it("searches by name and by domain, case-insensitively, with wildcards taken literally", async () => {
    const byName = await listOf<TenantItem>(tenantsRoute.GET, { token, query: { search: "GLOB" } });
    expect(byName.items.map((tenant) => tenant.id)).toEqual([globex.tenantId]);
    expect(byName.total).toBe(1);
    const byDomain = await listOf<TenantItem>(tenantsRoute.GET, { token, query: { search: "acme-org" } });
    expect(byDomain.items.map((tenant) => tenant.id)).toEqual([acme.tenantId]);
    const wildcard = await listOf<TenantItem>(tenantsRoute.GET, { token, query: { search: "%" } });
    expect(wildcard.items).toEqual([]);
    expect(wildcard.total).toBe(0);
  });

  it("pages with limit and offset", async () => {
    const page = await listOf<TenantItem>(tenantsRoute.GET, { token, query: { limit: "1", offset: "1" } });
    expect(page.items.map((tenant) => tenant.id)).toEqual([acme.tenantId]);
    expect(page.total).toBe(3);
  });
});

describe("tenant creation", () => {
  const invalid: { name: string; change: Record<string, unknown>; field: string; msg: string }[] = [
    { name: "missing name", change: { name: undefined }, field: "name", msg: "Tenant name is required" },
    { name: "blank name", change: { name: "   " }, field: "name", msg: "Tenant name is required" },
    { name: "one-letter name", change: { name: " I " }, field: "name", msg: "Tenant name must be at least 2 characters" },
    { name: "missing domain", change: { domain: undefined }, field: "domain", msg: "Domain name is required" },
    { name: "one-letter domain", change: { domain: "i" }, field: "domain", msg: "Domain name must be at least 2 characters" },
    { name: "blank admin name", change: { admin_full_name: "" }, field: "admin_full_name", msg: "Admin full name is required" },
    { name: "one-letter admin name", change: { admin_full_name: "B " }, field: "admin_full_name", msg: "Admin full name must be at least 2 characters" },
    { name: "missing admin email", change: { admin_email: undefined }, field: "admin_email", msg: "Admin email is required" },
    { name: "blank admin email", change: { admin_email: " " }, field: "admin_email", msg: "Admin email is required" },
    { name: "invalid admin email", change: { admin_email: "bill-at-initech" }, field: "admin_email", msg: "Please enter a valid email address" },
  ];

  it.each(invalid)("refuses a $name with 422 '$msg' and creates nothing", async ({ change, field, msg }) => {
    const before = await tenantCount();
    const response = await call(tenantsRoute.POST, "POST", { token, body: { ...validTenant, ...change } });
    expect(response.status).toBe(422);
    const { detail } = await json<{ detail: { loc: string[]; msg: string }[] }>(response);
    expect(detail.map(({ loc, msg }) => ({ loc, msg }))).toEqual([{ loc: ["body", field], msg }]);
    expect(await tenantCount()).toBe(before);
  });

  it("reports every invalid field at once", async () => {
    const response = await call(tenantsRoute.POST, "POST", { token, body: {} });
    expect(response.status).toBe(422);
    const { detail } = await json<{ detail: { loc: string[]; msg: string }[] }>(response);
    expect(detail.map((issue) => issue.msg)).toEqual([
      "Tenant name is required",
      "Domain name is required",
      "Admin full name is required",
      "Admin email is required",
    ]);
  });

  it("creates an active tenant with a lower-cased domain and mails its admin an invitation", async () => {
    const response = await call(tenantsRoute.POST, "POST", { token, body: validTenant });
    expect(response.status).toBe(201);
    const tenant = await json<TenantItem>(response);
    initechId = tenant.id;
    expect(tenant).toMatchObject({ name: "Initech Corp", domain: "initech-corp", is_active: true, user_count: 0, status: "active" });

    const mail = latestMail(outbox(), "bill@initech.test", "invited");
    expect(mail?.subject).toBe("You are invited to join Initech Corp on InsightDeck");
    const invitationToken = mailedToken("bill@initech.test", "invited", "/accept-invitation");
    const verified = await call(verifyInvitation.GET, "GET", { params: { token: invitationToken }, ip: freshIp() });
    expect(await json(verified)).toMatchObject({ email: "bill@initech.test", tenant_name: "Initech Corp", role_name: "Tenant Admin" });

    expect((await acceptInvitation(invitationToken, "Bill Lumbergh", "tps-reports-1")).status).toBe(200);
    const bill = await signIn("bill@initech.test", "tps-reports-1");
    expect(bill.user).toMatchObject({ tenant_id: initechId, role: "tenant_admin", full_name: "Bill Lumbergh" });
    expect((await getTenant(initechId)).user_count).toBe(1);
  });

  it("refuses a taken domain or admin e-mail with 409 and creates nothing", async () => {
    const before = await tenantCount();
    const sameDomain = await call(tenantsRoute.POST, "POST", {
      token,
      body: { ...validTenant, name: "Initech Again", domain: "INITECH-CORP", admin_email: "peter@initech.test" },
    });
    expect(sameDomain.status).toBe(409);
    expect(await json(sameDomain)).toEqual({ detail: "A tenant with this domain already exists" });
    const sameEmail = await call(tenantsRoute.POST, "POST", {
      token,
      body: { ...validTenant, name: "Hooli", domain: "hooli", admin_email: "member@acme.test" },
    });
    expect(sameEmail.status).toBe(409);
    expect(await json(sameEmail)).toEqual({ detail: "A user with this email already exists" });
    expect(await tenantCount()).toBe(before);
  });
});

describe("tenant edit", () => {
  it("renames a tenant", async () => {
    const response = await call(tenantRoute.PUT, "PUT", { token, params: { id: initechId }, body: { name: "Initech Corporation" } });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ id: initechId, name: "Initech Corporation", domain: "initech-corp" });
  });

  it("refuses to change the domain (400) and keeps it; the same domain is accepted", async () => {
    const changed = await call(tenantRoute.PUT, "PUT", { token, params: { id: initechId }, body: { name: "Initech", domain: "initech" } });
    expect(changed.status).toBe(400);
    expect(await json(changed)).toEqual({ detail: "The domain cannot be changed once created" });
    expect(await getTenant(initechId)).toMatchObject({ name: "Initech Corporation", domain: "initech-corp" });

    const cleared = await call(tenantRoute.PUT, "PUT", { token, params: { id: initechId }, body: { domain: null } });
    expect(cleared.status).toBe(400);

    const same = await call(tenantRoute.PUT, "PUT", { token, params: { id: initechId }, body: { name: "Initech", domain: "initech-corp" } });
    expect(same.status).toBe(200);
    expect(await json(same)).toMatchObject({ name: "Initech", domain: "initech-corp" });
  });

  it("validates the name: 'Name must be at least 2 characters'", async () => {
    const response = await call(tenantRoute.PUT, "PUT", { token, params: { id: initechId }, body: { name: "I" } });
    expect(response.status).toBe(422);
    expect(await json(response)).toMatchObject({ detail: [{ loc: ["body", "name"], msg: "Name must be at least 2 characters" }] });
    expect((await getTenant(initechId)).name).toBe("Initech");
  });

  it("switches is_active off and on", async () => {
    const off = await call(tenantRoute.PUT, "PUT", { token, params: { id: initechId }, body: { is_active: false } });
    expect(await json(off)).toMatchObject({ is_active: false, status: "inactive" });
    const on = await call(tenantRoute.PUT, "PUT", { token, params: { id: initechId }, body: { is_active: true } });
    expect(await json(on)).toMatchObject({ is_active: true, status: "active" });
  });

  it("answers 404 for an unknown tenant", async () => {
    const response = await call(tenantRoute.PUT, "PUT", { token, params: { id: crypto.randomUUID() }, body: { name: "Ghost" } });
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({ detail: "Tenant not found" });
  });
});

describe("tenant deactivation", () => {
  it("ends the sessions of the tenant's users at once and refuses refresh and sign-in", async () => {
    const admin = await signIn(acme.email, acme.password);
    const off = await call(tenantRoute.PUT, "PUT", { token, params: { id: acme.tenantId }, body: { is_active: false } });
    expect(off.status).toBe(200);

    for (const session of [admin, acmeMember]) {
      expect((await call(me.GET, "GET", { token: session.access_token })).status).toBe(401);
      expect((await call(me.GET, "GET", { cookie: session.cookie })).status).toBe(401);
    }
    const refused = await call(refresh.POST, "POST", { body: { refresh_token: admin.refresh_token } });
    expect(refused.status).toBe(401);
    const db = await getDb();
    const live = await db
      .select({ id: refreshTokens.id, revokedAt: refreshTokens.revokedAt })
      .from(refreshTokens)
      .where(inArray(refreshTokens.userId, [admin.user.id, acmeMember.user.id]));
    expect(live.length).toBeGreaterThan(0);
    expect(live.filter((row) => row.revokedAt === null)).toEqual([]);

    const signInAgain = await call(login.POST, "POST", { body: { email: acme.email, password: acme.password }, ip: freshIp() });
    expect(signInAgain.status).toBe(403);
    expect(await json(signInAgain)).toEqual({ detail: "Your organization is inactive. Please contact support." });

    // The super admin's own session is untouched.
    expect((await call(me.GET, "GET", { token })).status).toBe(200);
  });

  it("lets the users in again after reactivation, with new sessions only", async () => {
    const on = await call(tenantRoute.PUT, "PUT", { token, params: { id: acme.tenantId }, body: { is_active: true } });
    expect(on.status).toBe(200);
    const admin = await signIn(acme.email, acme.password);
    expect((await call(me.GET, "GET", { token: admin.access_token })).status).toBe(200);
    expect((await call(me.GET, "GET", { token: acmeMember.access_token })).status).toBe(401);
    acme = { ...acme, admin };
  });

  it("refuses to deactivate the platform tenant", async () => {
    const response = await call(tenantRoute.PUT, "PUT", { token, params: { id: platformId }, body: { is_active: false } });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ detail: "The platform tenant cannot be deactivated" });
  });
});

describe("tenant approval", () => {
  it("activates a pending tenant and mails its admin a welcome", async () => {
    expect(latestMail(outbox(), globex.email, "Welcome")).toBeUndefined();
    const response = await call(approveRoute.POST, "POST", { token, params: { id: globex.tenantId } });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({
      message: "Tenant Globex Organisation approved successfully",
      tenant: { id: globex.tenantId, is_active: true },
    });
    expect(latestMail(outbox(), globex.email, "Welcome")?.subject).toBe("Welcome to InsightDeck: Globex Organisation is approved");
    expect(await getTenant(globex.tenantId)).toMatchObject({ is_active: true, status: "active" });
    expect((await signIn(globex.email, globex.password)).user.role).toBe("tenant_admin");
  });

  it("answers 404 for an unknown tenant", async () => {
    const response = await call(approveRoute.POST, "POST", { token, params: { id: crypto.randomUUID() } });
    expect(response.status).toBe(404);
  });
});

describe("tenant deletion", () => {
  it("removes the tenant's users, invitations, roles, overrides, sessions and stored files", async () => {
    const adminToken = acme.admin.access_token;
    const customRole = await call(rolesRoute.POST, "POST", { token: adminToken, body: { name: "Acme Editors", permissions: ["blog.view"] } });
    expect(customRole.status).toBe(201);
    await invite(adminToken, "later@acme.test", await roleId(adminToken, "Tenant User"));
    const member = await createUser(adminToken, { email: "granted@acme.test" });
    const grant = await call(grantRoute.POST, "POST", { token: adminToken, params: { id: member.id }, body: { permission_name: "blog.delete" } });
    expect(grant.status).toBe(200);

    const filesRoot = path.join(process.env.DATA_DIR!, "files");
    const acmeFolder = path.join(filesRoot, acme.tenantId, "maintext");
    const globexFolder = path.join(filesRoot, globex.tenantId);
    mkdirSync(acmeFolder, { recursive: true });
    mkdirSync(globexFolder, { recursive: true });
    writeFileSync(path.join(acmeFolder, "report.txt"), "quarterly report");
    writeFileSync(path.join(globexFolder, "keep.txt"), "not Acme's");

    const db = await getDb();
    const acmeUserIds = (await db.select({ id: users.id }).from(users).where(eq(users.tenantId, acme.tenantId))).map((row) => row.id);
    expect(acmeUserIds.length).toBe(4);

    const response = await call(tenantRoute.DELETE, "DELETE", { token, params: { id: acme.tenantId } });
    expect(response.status).toBe(204);

    expect(await db.select().from(tenants).where(eq(tenants.id, acme.tenantId))).toEqual([]);
    expect(await db.select().from(users).where(inArray(users.id, acmeUserIds))).toEqual([]);
    expect(await db.select().from(userRoles).where(inArray(userRoles.userId, acmeUserIds))).toEqual([]);
    expect(await db.select().from(refreshTokens).where(inArray(refreshTokens.userId, acmeUserIds))).toEqual([]);
    expect(await db.select().from(invitations).where(eq(invitations.tenantId, acme.tenantId))).toEqual([]);
    expect(await db.select().from(roles).where(eq(roles.tenantId, acme.tenantId))).toEqual([]);
    expect(await db.select().from(userPermissionOverrides).where(eq(userPermissionOverrides.tenantId, acme.tenantId))).toEqual([]);
    expect(existsSync(path.join(filesRoot, acme.tenantId))).toBe(false);
    expect(existsSync(path.join(globexFolder, "keep.txt"))).toBe(true);

    expect((await call(tenantRoute.GET, "GET", { token, params: { id: acme.tenantId } })).status).toBe(404);
    expect((await call(me.GET, "GET", { token: adminToken })).status).toBe(401);
    const again = await call(tenantRoute.DELETE, "DELETE", { token, params: { id: acme.tenantId } });
    expect(again.status).toBe(404);
    expect((await listOf<TenantItem>(tenantsRoute.GET, { token })).items.map((tenant) => tenant.id)).not.toContain(acme.tenantId);
  });

  it("refuses to delete the platform tenant (400) and keeps it", async () => {
    const response = await call(tenantRoute.DELETE, "DELETE", { token, params: { id: platformId } });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ detail: "The platform tenant cannot be deleted" });
    expect(await getTenant(platformId)).toMatchObject({ is_platform: true, user_count: 1 });
  });
});
