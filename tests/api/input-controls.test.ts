// Control and invisible characters in text input (issue 7, V3): every refused string answers 422 with one clear
// message on its field, and the request writes nothing. The original finding: a NUL in the registrant's name
// reached the database and answered 500 (with the statement's parameters in the error log).
import { asc } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as register from "@/app/api/v1/auth/register/route";
import * as profile from "@/app/api/v1/auth/profile/route";
import * as acceptRoute from "@/app/api/v1/invitations/accept/route";
import * as change from "@/app/api/v1/password/change/route";
import * as reset from "@/app/api/v1/password/reset/route";
import * as rolesRoute from "@/app/api/v1/roles/route";
import * as roleRoute from "@/app/api/v1/roles/[id]/route";
import * as tenantsRoute from "@/app/api/v1/tenants/route";
import * as tenantRoute from "@/app/api/v1/tenants/[id]/route";
import * as grant from "@/app/api/v1/users/[id]/permissions/grant/route";
import * as usersRoute from "@/app/api/v1/users/route";
import * as userRoute from "@/app/api/v1/users/[id]/route";
import { getDb } from "@/db/client";
import { activityEvents, authTokens, invitations, refreshTokens, roles, tenants, userPermissionOverrides, users } from "@/db/schema";
import { call, json, type CallOptions } from "../support/api";
import { freshIp, invite, mailsTo, registration, roleId, type Organisation } from "../support/accounts";
import { createUser, organisation, superAdmin, type ListedUser } from "../support/admin";

const CONTROL = "Must not contain control characters";

/** Every row of the tables a refused request could have touched, in a stable order. */
async function everything() {
  const db = await getDb();
  const [userRows, tenantRows, roleRows, invitationRows, tokenRows, sessionRows, overrideRows, activityRows] = await Promise.all([
    db.select().from(users).orderBy(asc(users.id)),
    db.select().from(tenants).orderBy(asc(tenants.id)),
    db.select().from(roles).orderBy(asc(roles.id)),
    db.select().from(invitations).orderBy(asc(invitations.id)),
    db.select().from(authTokens).orderBy(asc(authTokens.id)),
    db.select().from(refreshTokens).orderBy(asc(refreshTokens.id)),
    db.select().from(userPermissionOverrides).orderBy(asc(userPermissionOverrides.id)),
    db.select().from(activityEvents).orderBy(asc(activityEvents.id)),
  ]);
  return { userRows, tenantRows, roleRows, invitationRows, tokenRows, sessionRows, overrideRows, activityRows };
}

type Handler = Parameters<typeof call>[0];

/** The call answers 422 naming `field` with the control-character message, and the database is unchanged. */
async function expectRefused(handler: Handler, method: string, options: CallOptions, field: (string | number)[]) {
  const before = await everything();
  const response = await call(handler, method, options);
  expect(response.status, JSON.stringify(options.body ?? options.query)).toBe(422);
  const { detail } = await json<{ detail: { loc: (string | number)[]; msg: string }[] }>(response);
  expect(detail).toContainEqual(expect.objectContaining({ loc: field, msg: CONTROL }));
  expect(await everything()).toEqual(before);
}

let org: Organisation;
let superToken = "";
let member: ListedUser;
let tenantUserRole = "";

beforeAll(async () => {
  superToken = (await superAdmin()).access_token;
  org = await organisation("Controls");
  member = await createUser(org.admin.access_token, { email: "member@controls.test" });
  tenantUserRole = await roleId(org.admin.access_token, "Tenant User");
});

describe("the original finding", () => {
  it("a NUL in the registrant's name answers 422, creates nothing and mails nothing", async () => {
    const body = { ...registration("Nulcase"), admin_full_name: "Nul\u0000Admin" };
    const before = await everything();
    const response = await call(register.POST, "POST", { body, ip: freshIp() });
    expect(response.status).toBe(422);
    expect(await json(response)).toEqual({
      detail: [{ loc: ["body", "admin_full_name"], msg: CONTROL, type: expect.any(String) }],
    });
    expect(await everything()).toEqual(before);
    expect(mailsTo(body.admin_email)).toHaveLength(0);
  });
});

describe("registration", () => {
  it.each<[string, string]>([
    ["tenant_name", "Acme\nResearch"],
    ["tenant_name", "Acme \u202EhcraeseR"],
    ["admin_full_name", "Ada\u200BLovelace"],
    ["admin_full_name", "Ada\u2066Lovelace\u2069"],
    ["admin_full_name", "Ada\uFEFFLovelace"],
    ["admin_full_name", "Ada\u0085Lovelace"],
    ["admin_phone", "+44 20\t7946 0000"],
    ["admin_phone", "+44 20 7946\u00000000"],
    ["admin_address", "1 Analytical\u0000Way"],
    ["admin_address", "1 Analytical Way\u001B[31m"],
    ["admin_address", "1 Analytical Way\rLondon"],
    ["domain", "acme\u0007.test"],
    ["admin_password", "engine\u0000number-1"],
  ])("refuses %s %j", async (field, value) => {
    await expectRefused(register.POST, "POST", { body: { ...registration("Refused"), [field]: value }, ip: freshIp() }, ["body", field]);
  });

  it("accepts a multi-line address (line feeds, CRLF and tabs)", async () => {
    const body = { ...registration("Multiline"), admin_address: "1 Analytical Way\r\nLondon\n\tEngland" };
    const response = await call(register.POST, "POST", { body, ip: freshIp() });
    expect(response.status).toBe(201);
  });
});

describe("signed-in user's profile", () => {
  it.each<[string, string]>([
    ["full_name", "Admin\u200EName"],
    ["full_name", "Admin\nName"],
    ["phone", "+1 555\n0100 200"],
    ["address", "1 Street\u0000"],
  ])("refuses %s %j", async (field, value) => {
    await expectRefused(profile.PUT, "PUT", { token: org.admin.access_token, body: { [field]: value } }, ["body", field]);
  });
});

describe("invitation acceptance", () => {
  let invitee = 0;

  it.each<[string, string]>([
    ["full_name", "Grace\u202EHopper"],
    ["full_name", "Grace\u0000Hopper"],
    ["phone", "+1 555\u00070100"],
    ["address", "1 Navy\u0000Yard"],
    ["password", "compiler\u00001952"],
  ])("refuses %s %j", async (field, value) => {
    invitee += 1;
    const { token } = await invite(org.admin.access_token, `invitee-${invitee}@controls.test`, tenantUserRole);
    const body = { token, full_name: "Grace Hopper", password: "compiler-1952", [field]: value };
    await expectRefused(acceptRoute.POST, "POST", { body, ip: freshIp() }, ["body", field]);
  });
});

describe("passwords", () => {
  it("refuses a NUL in a new password on change and reset", async () => {
    await expectRefused(
      change.POST,
      "POST",
      { token: org.admin.access_token, body: { current_password: org.password, new_password: "new\u0000password-1" } },
      ["body", "new_password"],
    );
    await expectRefused(reset.POST, "POST", { body: { token: "some-token", new_password: "new\u0000password-1" } }, ["body", "new_password"]);
  });
});

describe("user administration", () => {
  it.each<[string, string]>([
    ["full_name", "Eve\u2067Example"],
    ["full_name", "Eve\tExample"],
    ["phone", "+1 555\r0100"],
    ["address", "1 Street\u009B"],
    ["password", "member\u0000password-1"],
  ])("refuses %s %j on create", async (field, value) => {
    const body = { email: "eve@controls.test", full_name: "Eve Example", password: "member-password-1", [field]: value };
    await expectRefused(usersRoute.POST, "POST", { token: org.admin.access_token, body }, ["body", field]);
  });

  it.each<[string, string]>([
    ["full_name", "Member\u200DName"],
    ["phone", "+1 555\u0000 0100"],
    ["address", "1 Street\u007F"],
  ])("refuses %s %j on edit", async (field, value) => {
    await expectRefused(userRoute.PUT, "PUT", { token: org.admin.access_token, params: { id: member.id }, body: { [field]: value } }, [
      "body",
      field,
    ]);
  });

  it("refuses a control character in a search and in an override's resource", async () => {
    await expectRefused(usersRoute.GET, "GET", { token: org.admin.access_token, query: { search: "mem\u0000" } }, ["query", "search"]);
    await expectRefused(
      grant.POST,
      "POST",
      { token: org.admin.access_token, params: { id: member.id }, body: { permission_name: "blog.view", resource: "blog\u0000" } },
      ["body", "resource"],
    );
  });
});

describe("tenant administration", () => {
  it.each<[string, string]>([
    ["name", "Tenant\u200BName"],
    ["name", "Tenant\nName"],
    ["admin_full_name", "Admin\u202DName"],
    ["domain", "tenant\u0000.test"],
  ])("refuses %s %j on create", async (field, value) => {
    const body = { name: "Tenant Name", domain: "tenant-name.test", admin_full_name: "Admin Name", admin_email: "admin@tenant-name.test", [field]: value };
    await expectRefused(tenantsRoute.POST, "POST", { token: superToken, body }, ["body", field]);
  });

  it("refuses a control character in a tenant's new name", async () => {
    await expectRefused(tenantRoute.PUT, "PUT", { token: superToken, params: { id: org.tenantId }, body: { name: "Controls\u0000" } }, [
      "body",
      "name",
    ]);
  });
});

describe("roles", () => {
  it.each<[string, string]>([
    ["name", "Editors\u202E"],
    ["name", "Edi\u2060tors"],
    ["name", "Edi\ntors"],
    ["description", "Edits\u0000things"],
  ])("refuses %s %j on create", async (field, value) => {
    const body = { name: "Editors", description: "Edit things", [field]: value };
    await expectRefused(rolesRoute.POST, "POST", { token: org.admin.access_token, body }, ["body", field]);
  });

  it("accepts a multi-line description, and refuses a control character in a rename", async () => {
    const response = await call(rolesRoute.POST, "POST", {
      token: org.admin.access_token,
      body: { name: "Editors", description: "Edit things.\nNothing else." },
    });
    expect(response.status).toBe(201);
    const { id } = await json<{ id: string }>(response);
    await expectRefused(roleRoute.PUT, "PUT", { token: org.admin.access_token, params: { id }, body: { name: "Edit\u0008ors" } }, ["body", "name"]);
  });
});
