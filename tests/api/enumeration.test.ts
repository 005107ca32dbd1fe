// Nobody learns from the answers whether an address has an account elsewhere (issue 7, W3): registration
// answers an existing address as a new one (and mails its owner), an invitation to an address of another
// tenant is created as usual (its mail says the address already has an account), and password-reset requests
// do the same work for known and unknown addresses (a job, whose data holds no token, does the rest).
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as register from "@/app/api/v1/auth/register/route";
import * as acceptRoute from "@/app/api/v1/invitations/accept/route";
import * as invitationsRoute from "@/app/api/v1/invitations/route";
import * as verifyInvitation from "@/app/api/v1/invitations/verify/[token]/route";
import * as requestReset from "@/app/api/v1/password/request-reset/route";
import * as usersRoute from "@/app/api/v1/users/route";
import { database, getDb } from "@/db/client";
import { withStatementLog } from "@/db/statement-log";
import { invitations, tenants, users } from "@/db/schema";
import { stopJobQueue } from "@/lib/jobs/queue";
import { call, json } from "../support/api";
import { freshIp, invite, mailsTo, registration, roleId, type Organisation } from "../support/accounts";
import { createUser, organisation, superAdmin } from "../support/admin";
import { eventually, mailArrives, mailsArrive } from "../support/wait";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function rowCount(table: typeof users | typeof tenants | typeof invitations): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ value: count() }).from(table);
  return row?.value ?? 0;
}

let alpha: Organisation;
let beta: Organisation;

beforeAll(async () => {
  await superAdmin();
  alpha = await organisation("Alphaenum");
  beta = await organisation("Betaenum");
});

afterAll(async () => {
  await stopJobQueue();
});

describe("registration with an address that already has an account", () => {
  it("answers exactly as for a new address, creates nothing, and mails the owner a notice instead", async () => {
    const fresh = await call(register.POST, "POST", { body: registration("Brandnew"), ip: freshIp() });
    const freshBody = await json<Record<string, unknown>>(fresh);

    const [tenantsBefore, usersBefore] = [await rowCount(tenants), await rowCount(users)];
    const taken = { ...registration("Copycat"), admin_email: alpha.email.toUpperCase() };
    const response = await call(register.POST, "POST", { body: taken, ip: freshIp() });
    expect(response.status).toBe(fresh.status);
    const body = await json<Record<string, unknown>>(response);
    expect(Object.keys(body).sort()).toEqual(Object.keys(freshBody).sort());
    expect(body.message).toBe(freshBody.message);
    expect(body.tenant_id).toMatch(UUID);
    expect(body.user_id).toMatch(UUID);

    // The ids lead nowhere, and nothing was created.
    const db = await getDb();
    expect(await db.select().from(tenants).where(eq(tenants.id, String(body.tenant_id)))).toEqual([]);
    expect(await db.select().from(users).where(eq(users.id, String(body.user_id)))).toEqual([]);
    expect([await rowCount(tenants), await rowCount(users)]).toEqual([tenantsBefore, usersBefore]);

    const notice = await mailArrives(alpha.email, "registration");
    expect(notice.subject).not.toContain("Verify");
    expect(notice.body).toContain("already has an account");
    expect(notice.body).toContain("/password-reset");
    expect(notice.body).not.toContain("token=");
  });

  it("refuses a taken domain the same way for a new and an existing address", async () => {
    const domain = { domain: "alphaenum-org.test" };
    expect((await call(register.POST, "POST", { body: { ...registration("Domainfirst"), ...domain }, ip: freshIp() })).status).toBe(201);
    const forNew = await call(register.POST, "POST", { body: { ...registration("Domainsecond"), ...domain }, ip: freshIp() });
    const forExisting = await call(register.POST, "POST", { body: { ...registration("Domainthird"), ...domain, admin_email: alpha.email }, ip: freshIp() });
    expect(forExisting.status).toBe(409);
    expect(forNew.status).toBe(409);
    expect(await json(forExisting)).toEqual(await json(forNew));
  });
});

describe("inviting an address that has an account in another tenant", () => {
  let tenantUserRole = "";

  beforeAll(async () => {
    tenantUserRole = await roleId(alpha.admin.access_token, "Tenant User");
  });

  it("creates and answers the invitation as usual; the mail says the address already has an account and has no link", async () => {
    const fresh = await call(invitationsRoute.POST, "POST", {
      token: alpha.admin.access_token,
      body: { email: "nobody-yet@enum.test", role_id: tenantUserRole },
    });
    const response = await call(invitationsRoute.POST, "POST", {
      token: alpha.admin.access_token,
      body: { email: beta.email, role_id: tenantUserRole },
    });
    expect(response.status).toBe(fresh.status);
    const body = await json<Record<string, unknown>>(response);
    expect(Object.keys(body).sort()).toEqual(Object.keys(await json(fresh)).sort());
    expect(body).toMatchObject({ email: beta.email, status: "pending", tenant_id: alpha.tenantId });

    const mail = await mailArrives(beta.email, "invited");
    expect(mail.body).toContain("already has an account");
    expect(mail.body).not.toContain("/accept-invitation");
  });

  it("still refuses an address the inviting admin can see in their own tenant", async () => {
    const response = await call(invitationsRoute.POST, "POST", {
      token: alpha.admin.access_token,
      body: { email: alpha.email, role_id: tenantUserRole },
    });
    expect(response.status).toBe(409);
  });

  it("a link whose address got an account meanwhile answers 409 cleanly and writes nothing", async () => {
    const { invitation, token } = await invite(alpha.admin.access_token, "late-joiner@enum.test", tenantUserRole);
    await createUser(beta.admin.access_token, { email: "late-joiner@enum.test" });
    const db = await getDb();
    const before = await db.select().from(invitations).where(eq(invitations.id, invitation.id));
    const verified = await call(verifyInvitation.GET, "GET", { params: { token }, ip: freshIp() });
    expect(verified.status).toBe(409);
    expect(await json(verified)).toEqual({ detail: "An account with this email already exists. Please sign in with it instead." });
    const accepted = await call(acceptRoute.POST, "POST", { body: { token, full_name: "Late Joiner", password: "late-joiner-pass-1" }, ip: freshIp() });
    expect(accepted.status).toBe(409);
    expect(await json(accepted)).toEqual({ detail: "An account with this email already exists. Please sign in with it instead." });
    expect(await db.select().from(invitations).where(eq(invitations.id, invitation.id))).toEqual(before);
  });
});

describe("creating a user directly with an address taken anywhere", () => {
  it("answers the same 409, never naming the tenant", async () => {
    const sameTenant = await call(usersRoute.POST, "POST", {
      token: alpha.admin.access_token,
      body: { email: alpha.email, password: "some-new-password-1" },
    });
    const otherTenant = await call(usersRoute.POST, "POST", {
      token: alpha.admin.access_token,
      body: { email: beta.email, password: "some-new-password-1" },
    });
    expect([sameTenant.status, otherTenant.status]).toEqual([409, 409]);
    expect(await json(sameTenant)).toEqual({ detail: "A user with this email already exists" });
    expect(await json(otherTenant)).toEqual({ detail: "A user with this email already exists" });
  });

  it("limits how many taken addresses one administrator can try: 20 an hour", async () => {
    const admin = (await organisation("Probing")).admin;
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      const response = await call(usersRoute.POST, "POST", { token: admin.access_token, body: { email: beta.email, password: "some-new-password-1" } });
      expect(response.status).toBe(409);
    }
    const limited = await call(usersRoute.POST, "POST", { token: admin.access_token, body: { email: beta.email, password: "some-new-password-1" } });
    expect(limited.status).toBe(429);
    // Creating users with free addresses still works.
    await createUser(admin.access_token, { email: "free-address@probing.test" });
  });
});

describe("password reset requests", () => {
  const ask = (email: string) => withStatementLog(() => call(requestReset.POST, "POST", { body: { email }, ip: freshIp() }));

  it("do the same work for a known and an unknown address and answer the same", async () => {
    await ask("warm-up@enum.test");
    const known = await ask(alpha.email);
    const unknown = await ask("ghost@enum.test");
    expect(known.result.status).toBe(200);
    expect(await json(known.result)).toEqual(await json(unknown.result));
    const shape = (statements: string[]) => statements.map((text) => text.replace(/\s+/g, " "));
    expect(shape(known.statements)).toEqual(shape(unknown.statements));
    expect(known.statements.some((text) => /from "users"/.test(text))).toBe(false);
  });

  it("the known address gets its link from the job; the job's data holds no token", async () => {
    await mailArrives(alpha.email, "Reset");
    const handle = await database();
    const rows = await handle.query<{ data: unknown }>("select data from pgboss.job where name = 'password-reset-mail'");
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Object.keys(row.data as object)).toEqual(["email"]);
    await eventually(() => (mailsTo("ghost@enum.test").length === 0 ? true : undefined), "no mail to the unknown address");
  });

  it("each request of a known address mails one link", async () => {
    const before = mailsTo(beta.email).filter((mail) => mail.subject.includes("Reset")).length;
    await ask(beta.email);
    await ask(beta.email);
    await mailsArrive(beta.email, "Reset", before + 2);
  });
});
