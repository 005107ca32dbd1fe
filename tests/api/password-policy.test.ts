// Common, breached and personal passwords are refused wherever a password is set (issue 7, W2): registration,
// reset, change, invitation acceptance, and an administrator's create and set. The answer is a 422 on the
// password field like any validation error, and nothing is written (a reset link or invitation stays usable).
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as login from "@/app/api/v1/auth/login/route";
import * as register from "@/app/api/v1/auth/register/route";
import * as acceptRoute from "@/app/api/v1/invitations/accept/route";
import * as change from "@/app/api/v1/password/change/route";
import * as requestReset from "@/app/api/v1/password/request-reset/route";
import * as reset from "@/app/api/v1/password/reset/route";
import * as usersRoute from "@/app/api/v1/users/route";
import * as userRoute from "@/app/api/v1/users/[id]/route";
import { getDb } from "@/db/client";
import { authTokens, invitations, refreshTokens, tenants, users } from "@/db/schema";
import { stopJobQueue } from "@/lib/jobs/queue";
import { call, json, type CallOptions } from "../support/api";
import { freshIp, invite, mailsTo, registration, roleId, signIn, type Organisation } from "../support/accounts";
import { createUser, organisation, superAdmin, type ListedUser } from "../support/admin";
import { tokenOfNextMail } from "../support/wait";

const COMMON = "This password is too common or too easy to guess. Please choose a less predictable one.";
const PERSONAL = "Password must not be based on your email address.";

async function everything() {
  const db = await getDb();
  return Promise.all([
    db.select().from(users).orderBy(asc(users.id)),
    db.select().from(tenants).orderBy(asc(tenants.id)),
    db.select().from(invitations).orderBy(asc(invitations.id)),
    db.select().from(authTokens).orderBy(asc(authTokens.id)),
    db.select().from(refreshTokens).orderBy(asc(refreshTokens.id)),
  ]);
}

type Handler = Parameters<typeof call>[0];

async function expectRefused(handler: Handler, options: CallOptions, field: string, message: string, method = "POST") {
  const before = await everything();
  const response = await call(handler, method, options);
  expect(response.status, JSON.stringify(options.body)).toBe(422);
  expect(await json(response)).toEqual({ detail: [{ loc: ["body", field], msg: message, type: expect.any(String) }] });
  expect(await everything()).toEqual(before);
}

let org: Organisation;
let tenantUserRole = "";

afterAll(async () => {
  await stopJobQueue();
});

beforeAll(async () => {
  await superAdmin();
  org = await organisation("Policy");
  tenantUserRole = await roleId(org.admin.access_token, "Tenant User");
});

describe("registration", () => {
  it.each([
    ["12345678", COMMON],
    ["password", COMMON],
    ["PassWord", COMMON],
    ["aaaaaaaa", COMMON],
    ["abcabcabc", COMMON],
    ["12121212", COMMON],
    ["abcdefghij", COMMON],
    ["Password2024!", COMMON],
    ["admin@newcomer.test", PERSONAL],
    ["newcomer.admin", PERSONAL],
  ])("refuses %j", async (password, message) => {
    const body = { ...registration("Newcomer"), admin_email: password === "newcomer.admin" ? "newcomer.admin@newcomer.test" : "admin@newcomer.test", admin_password: password };
    await expectRefused(register.POST, { body, ip: freshIp() }, "admin_password", message);
    expect(mailsTo(body.admin_email)).toHaveLength(0);
  });

  it("accepts an unremarkable password, and a long passphrase that contains the address's name", async () => {
    const first = await call(register.POST, "POST", { body: { ...registration("Fine"), admin_password: "tr0mb0ne-lantern" }, ip: freshIp() });
    expect(first.status).toBe(201);
    const second = await call(register.POST, "POST", {
      body: { ...registration("Alsofine"), admin_email: "mike@alsofine.test", admin_password: "mike-loves-purple-elephants" },
      ip: freshIp(),
    });
    expect(second.status).toBe(201);
  });
});

describe("password reset", () => {
  it("refuses a common new password and leaves the link usable", async () => {
    const member = await createUser(org.admin.access_token, { email: "forgetful@policy.test" });
    const token = await tokenOfNextMail(member.email, "Reset", "/password-reset", () =>
      call(requestReset.POST, "POST", { body: { email: member.email }, ip: freshIp() }),
    );
    await expectRefused(reset.POST, { body: { token, new_password: "iloveyou" } }, "new_password", COMMON);
    await expectRefused(reset.POST, { body: { token, new_password: "forgetful1" } }, "new_password", PERSONAL);
    expect((await call(reset.POST, "POST", { body: { token, new_password: "quiet-harbour-lamp" } })).status).toBe(200);
  });
});

describe("password change", () => {
  it("refuses a common new password and keeps the current one", async () => {
    const member = await createUser(org.admin.access_token, { email: "changer@policy.test" });
    const session = await signIn(member.email, member.password);
    const options = { token: session.access_token, body: { current_password: member.password, new_password: "qwertyuiop" } };
    await expectRefused(change.POST, options, "new_password", COMMON);
    await signIn(member.email, member.password);
  });
});

describe("invitation acceptance", () => {
  it("refuses a common password and leaves the invitation pending", async () => {
    const { token } = await invite(org.admin.access_token, "joiner@policy.test", tenantUserRole);
    const body = { token, full_name: "Joiner", password: "sunshine1" };
    await expectRefused(acceptRoute.POST, { body, ip: freshIp() }, "password", COMMON);
    await expectRefused(acceptRoute.POST, { body: { ...body, password: "joiner@policy.test" }, ip: freshIp() }, "password", PERSONAL);
    const accepted = await call(acceptRoute.POST, "POST", { body: { ...body, password: "velvet-otter-42" }, ip: freshIp() });
    expect(accepted.status).toBe(200);
  });
});

describe("administrators setting passwords", () => {
  let member: ListedUser & { password: string };

  beforeAll(async () => {
    member = await createUser(org.admin.access_token, { email: "managed@policy.test" });
  });

  it("refuses a common password for a new user", async () => {
    const body = { email: "created@policy.test", full_name: "Created User", password: "football" };
    await expectRefused(usersRoute.POST, { token: org.admin.access_token, body }, "password", COMMON);
  });

  it("refuses a common or personal password set for another user, and changes nothing", async () => {
    const options = { token: org.admin.access_token, params: { id: member.id }, body: { password: "11111111", full_name: "Changed" } };
    await expectRefused(userRoute.PUT, options, "password", COMMON, "PUT");
    await expectRefused(userRoute.PUT, { ...options, body: { password: "managed@policy.test" } }, "password", PERSONAL, "PUT");
    expect((await call(login.POST, "POST", { body: { email: member.email, password: member.password }, ip: freshIp() })).status).toBe(200);
  });
});
