// Privilege escalation through role names (issue 7, V1) and requests that fail after writing. A role's power
// comes from its built-in identity, never from its name; built-in names are reserved in every disguise; and a
// request that answers an error has written nothing.
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as dashboardStats from "@/app/api/v1/dashboard/stats/route";
import * as roleRoute from "@/app/api/v1/roles/[id]/route";
import * as rolesRoute from "@/app/api/v1/roles/route";
import * as approveRoute from "@/app/api/v1/tenants/[id]/approve/route";
import * as tenantsRoute from "@/app/api/v1/tenants/route";
import * as grantRoute from "@/app/api/v1/users/[id]/permissions/grant/route";
import * as usersRoute from "@/app/api/v1/users/route";
import { getDb } from "@/db/client";
import { activityEvents, invitations, rolePermissions, roles, tenants, userRoles, users } from "@/db/schema";
import { call, json } from "../support/api";
import { acceptInvitation, invite, registerOrganisation, signIn, verifyEmailOf, type Organisation } from "../support/accounts";
import { createUser, globalRoleId, listOf, organisation, superAdmin, type ListedUser } from "../support/admin";

// The mail transport, failing on demand: a mail that cannot be sent after a write must not leave the request
// half done.
const mail = vi.hoisted(() => ({ fail: false }));
vi.mock("@/lib/mail/transport", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/mail/transport")>();
  return {
    ...actual,
    sendMail: async (message: Parameters<typeof actual.sendMail>[0]) => {
      if (mail.fail) throw new Error("connect ECONNREFUSED 127.0.0.1:25");
      return actual.sendMail(message);
    },
  };
});

interface RoleOut {
  id: string;
  name: string;
  description: string | null;
  tenant_id: string | null;
  builtin: string | null;
  permissions: string[];
}

const RESERVED = { detail: "This name is reserved for a built-in role" };

/** The fullwidth form (U+FF01..U+FF5E) of an ASCII string, spaces as ideographic spaces. */
const fullwidth = (text: string) =>
  [...text].map((char) => (char === " " ? "\u3000" : String.fromCharCode(char.charCodeAt(0) + 0xfee0))).join("");

/** A built-in name in the spellings an attacker would try: case, spacing, punctuation, look-alikes, invisibles. */
function disguises(name: string, lookAlike: string): string[] {
  const [first, second] = name.split(" ") as [string, string];
  return [
    name,
    name.toLowerCase(),
    `${first.toUpperCase()}  ${second.toUpperCase()}`,
    ` ${first}-${second} `,
    lookAlike,
    `${first}\u200b${second}`,
    fullwidth(name),
  ];
}

const ATTACKS = [
  ...disguises("Super Admin", "Ѕuреr Аdmіn"), // Cyrillic Ѕ, р, е, А, і
  ...disguises("Tenant Admin", "Теnаnt Аdmіn"),
  ...disguises("Tenant User", "Теnаnt Usеr"),
];

/** Names with invisible characters may also be refused by the input rules (422) before the service sees them. */
const refusedStatuses = (name: string) => (/[\u200b]/u.test(name) ? [409, 422] : [409]);

/** Every role, role grant, role holder, invitation, user and activity row, in a stable order. */
async function snapshot() {
  const db = await getDb();
  const [roleRows, grantRows, holderRows, invitationRows, userRows, activityRows] = await Promise.all([
    db.select().from(roles).orderBy(asc(roles.id)),
    db.select().from(rolePermissions).orderBy(asc(rolePermissions.roleId), asc(rolePermissions.permissionId)),
    db.select().from(userRoles).orderBy(asc(userRoles.userId), asc(userRoles.roleId)),
    db.select().from(invitations).orderBy(asc(invitations.id)),
    db.select().from(users).orderBy(asc(users.id)),
    db.select().from(activityEvents).orderBy(asc(activityEvents.id)),
  ]);
  return { roles: roleRows, rolePermissions: grantRows, userRoles: holderRows, invitations: invitationRows, users: userRows, activity: activityRows };
}

async function expectRefusedWithoutChange(name: string, request: () => Promise<Response>) {
  const before = await snapshot();
  const response = await request();
  expect(refusedStatuses(name), `${JSON.stringify(name)}: ${await response.clone().text()}`).toContain(response.status);
  if (response.status === 409) expect(await json(response)).toEqual(RESERVED);
  expect(await snapshot()).toEqual(before);
}

async function createRole(token: string, body: Record<string, unknown>): Promise<RoleOut> {
  const response = await call(rolesRoute.POST, "POST", { token, body });
  expect(response.status, await response.clone().text()).toBe(201);
  return json<RoleOut>(response);
}

/** A role row written straight to the database, as data from before the names were reserved would be. */
async function plantRole(name: string, tenantId: string): Promise<string> {
  const db = await getDb();
  const [row] = await db.insert(roles).values({ name, tenantId }).returning({ id: roles.id });
  return row!.id;
}

let acme: Organisation;
let other: Organisation;
let token = "";
let superToken = "";
let decoyRoleId = "";

beforeAll(async () => {
  superToken = (await superAdmin()).access_token;
  acme = await organisation("Acme");
  other = await organisation("Other");
  token = acme.admin.access_token;
  decoyRoleId = (await createRole(token, { name: "Decoys", permissions: ["blog.view"] })).id;
});

describe("role names that imitate a built-in role", () => {
  it.each(ATTACKS)("a tenant admin creating a role named %j is refused and nothing is written", async (name) => {
    await expectRefusedWithoutChange(name, () =>
      call(rolesRoute.POST, "POST", { token, body: { name, permissions: ["user.view", "user.create", "user.update"] } }),
    );
  });

  it.each(ATTACKS)("a tenant admin renaming a role to %j is refused and nothing is written", async (name) => {
    await expectRefusedWithoutChange(name, () => call(roleRoute.PUT, "PUT", { token, params: { id: decoyRoleId }, body: { name } }));
  });

  it.each(["Super Admin", "super admin", "Ѕuреr Аdmіn", fullwidth("Tenant User")])(
    "the super admin cannot take %j for a global or a tenant role either",
    async (name) => {
      await expectRefusedWithoutChange(name, () => call(rolesRoute.POST, "POST", { token: superToken, body: { name } }));
      await expectRefusedWithoutChange(name, () =>
        call(rolesRoute.POST, "POST", { token: superToken, body: { name, tenant_id: acme.tenantId } }),
      );
      await expectRefusedWithoutChange(name, () => call(roleRoute.PUT, "PUT", { token: superToken, params: { id: decoyRoleId }, body: { name } }));
    },
  );

  it("names that merely contain a built-in name stay free, and an unchanged name may be sent back", async () => {
    const admins = await createRole(token, { name: "Super Admins Club" });
    expect(admins).toMatchObject({ name: "Super Admins Club", builtin: null, tenant_id: acme.tenantId });
    const same = await call(roleRoute.PUT, "PUT", { token, params: { id: decoyRoleId }, body: { name: "Decoys", description: "Still decoys" } });
    expect(same.status).toBe(200);
    expect(await json(same)).toMatchObject({ name: "Decoys", description: "Still decoys" });
  });
});

describe("power comes from the built-in identity, never from a name", () => {
  it("the role list marks the built-in rows; the tenant admin sees no Super Admin", async () => {
    const response = await call(rolesRoute.GET, "GET", { token });
    const listed = await json<RoleOut[]>(response);
    expect(listed.filter((role) => role.builtin !== null).map(({ name, builtin, tenant_id }) => ({ name, builtin, tenant_id }))).toEqual([
      { name: "Tenant Admin", builtin: "tenant_admin", tenant_id: acme.tenantId },
      { name: "Tenant User", builtin: "tenant_user", tenant_id: null },
    ]);
    expect(listed.find((role) => role.name === "Decoys")).toMatchObject({ builtin: null });
  });

  it("reproduces the reported exploit: the rename is refused and the invitee is no super admin", async () => {
    // As reported: a role with user.view/create/update, someone invited into it, then the rename.
    const helpers = await roleWithMember("Helpers", "helper@acme.test", "helper-password-1");
    const before = await snapshot();
    const renamed = await call(roleRoute.PUT, "PUT", { token, params: { id: helpers }, body: { name: "Super Admin" } });
    expect(renamed.status).toBe(409);
    expect(await snapshot()).toEqual(before);

    await expectNoPlatformPower("helper@acme.test", "helper-password-1");
  });

  it("even a tenant role literally named Super Admin (written before names were reserved) gives no power", async () => {
    const planted = await roleWithMember("Assistants", "assistant@acme.test", "assistant-password-1");
    const db = await getDb();
    await db.update(roles).set({ name: "Super Admin" }).where(eq(roles.id, planted));

    await expectNoPlatformPower("assistant@acme.test", "assistant-password-1");

    // It is the tenant's own role, so its admin sees it; the real Super Admin stays hidden.
    const listed = await json<RoleOut[]>(await call(rolesRoute.GET, "GET", { token }));
    expect(listed.filter((role) => role.name === "Super Admin")).toEqual([
      expect.objectContaining({ id: planted, tenant_id: acme.tenantId, builtin: null }),
    ]);
    const global = await call(roleRoute.GET, "GET", { token, params: { id: await globalRoleId("Super Admin") } });
    expect(global.status).toBe(404);
    // Not built-in, so it may be renamed to a free name (the way out of a legacy name).
    const fixed = await call(roleRoute.PUT, "PUT", { token, params: { id: planted }, body: { name: "Assistants" } });
    expect(fixed.status).toBe(200);
  });

  it("a legacy tenant role named like a built-in one is no built-in: it can be renamed and deleted", async () => {
    const legacyId = await plantRole("Tenant User", acme.tenantId);
    const renamed = await call(roleRoute.PUT, "PUT", { token, params: { id: legacyId }, body: { name: "Former Members" } });
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    expect(await json(renamed)).toMatchObject({ name: "Former Members", builtin: null });
    const plantedAgain = await plantRole("Tenant Admin ", acme.tenantId);
    expect((await call(roleRoute.DELETE, "DELETE", { token, params: { id: plantedAgain } })).status).toBe(204);
    expect((await call(roleRoute.DELETE, "DELETE", { token, params: { id: legacyId } })).status).toBe(204);
  });

  it("the real built-in rows cannot be renamed or deleted, whatever their current name", async () => {
    const db = await getDb();
    const [tenantAdmin] = await db.select().from(roles).where(eq(roles.tenantId, acme.tenantId)).orderBy(asc(roles.createdAt)).limit(1);
    expect(tenantAdmin?.builtin).toBe("tenant_admin");
    for (const id of [tenantAdmin!.id, await globalRoleId("Tenant User")]) {
      const before = await snapshot();
      const renamed = await call(roleRoute.PUT, "PUT", { token: superToken, params: { id }, body: { name: "Crew" } });
      expect(renamed.status).toBe(400);
      expect(await json(renamed)).toEqual({ detail: "Built-in roles cannot be renamed or deleted" });
      expect((await call(roleRoute.DELETE, "DELETE", { token: superToken, params: { id } })).status).toBe(400);
      expect(await snapshot()).toEqual(before);
    }
  });
});

/** A new Acme role with user.view/create/update and a member invited into it (who accepted); the role's id. */
async function roleWithMember(roleName: string, email: string, password: string): Promise<string> {
  const role = await createRole(token, { name: roleName, permissions: ["user.view", "user.create", "user.update"] });
  const { token: invitationToken } = await invite(token, email, role.id);
  expect((await acceptInvitation(invitationToken, `Member ${roleName}`, password)).status).toBe(200);
  return role.id;
}

/** Signs in as a member of Acme holding user.view/create/update and checks they reach nothing beyond Acme. */
async function expectNoPlatformPower(email: string, password: string) {
  const session = await signIn(email, password);
  expect(session.user.role).toBe("tenant_admin");
  expect(session.permissions).not.toContain("tenant.create");

  const stats = await call(dashboardStats.GET, "GET", { token: session.access_token });
  expect((await json<{ type: string }>(stats)).type).not.toBe("super_admin");

  const listed = await listOf<ListedUser>(usersRoute.GET, { token: session.access_token, query: { limit: "100" } });
  expect(listed.items.length).toBeGreaterThan(0);
  expect(new Set(listed.items.map((user) => user.tenant_id))).toEqual(new Set([acme.tenantId]));
  const otherTenant = await call(usersRoute.GET, "GET", { token: session.access_token, query: { tenant_id: other.tenantId } });
  expect(otherTenant.status).toBe(404);

  const before = await snapshot();
  const boss = await call(usersRoute.POST, "POST", {
    token: session.access_token,
    body: { email: `boss-${Date.now()}@acme.test`, full_name: "Big Boss", password: "big-boss-password-1", role: "super_admin" },
  });
  expect(boss.status).toBe(403);
  const elsewhere = await call(usersRoute.POST, "POST", {
    token: session.access_token,
    body: { email: `mole-${Date.now()}@acme.test`, full_name: "Mole", password: "mole-password-1", tenant_id: other.tenantId },
  });
  expect(elsewhere.status).toBe(404);
  expect(await snapshot()).toEqual(before);

  const member = await createUser(session.access_token, { email: `member-${Date.now()}@acme.test` });
  const grant = await call(grantRoute.POST, "POST", {
    token: session.access_token,
    params: { id: member.id },
    body: { permission_name: "tenant.create", granted: true },
  });
  expect(grant.status).toBe(403);
  const tenantsCreated = await call(tenantsRoute.POST, "POST", {
    token: session.access_token,
    body: { name: "Pirate Org", domain: `pirate-${Date.now()}`, admin_full_name: "Pirate", admin_email: `pirate-${Date.now()}@pirate.test` },
  });
  expect(tenantsCreated.status).toBe(403);
}

describe("a request that answers an error has written nothing", () => {
  it("two concurrent creations of one role name: one is created, the other is a 409, never a 500", async () => {
    const names = ["Racers A", "Racers B", "Racers C", "Racers D", "Racers E"];
    const responses = await Promise.all(
      names.flatMap((name) => [0, 1].map(() => call(rolesRoute.POST, "POST", { token, body: { name, permissions: ["blog.view"] } }))),
    );
    const statuses = responses.map((response) => response.status);
    for (let index = 0; index < names.length; index += 1) {
      expect([statuses[index * 2], statuses[index * 2 + 1]].sort()).toEqual([201, 409]);
    }
    const db = await getDb();
    for (const name of names) expect(await db.select().from(roles).where(eq(roles.name, name))).toHaveLength(1);
  });

  it("a role made by someone who may change roles but not read them is answered, not refused after saving", async () => {
    const updaters = await createRole(token, { name: "Updaters", permissions: ["user.update"] });
    const { token: invitationToken } = await invite(token, "updater@acme.test", updaters.id);
    expect((await acceptInvitation(invitationToken, "Uma Updater", "updater-password-1")).status).toBe(200);
    const updater = await signIn("updater@acme.test", "updater-password-1");
    expect(updater.permissions).toEqual(["user.update"]);

    const before = await snapshot();
    const response = await call(rolesRoute.POST, "POST", { token: updater.access_token, body: { name: "Made By Uma" } });
    const db = await getDb();
    const saved = await db.select().from(roles).where(eq(roles.name, "Made By Uma"));
    if (response.status !== 201) {
      expect(saved).toEqual([]);
      expect(await snapshot()).toEqual(before);
    }
    expect(response.status, await response.clone().text()).toBe(201);
    expect(await json(response)).toMatchObject({ id: saved[0]!.id, name: "Made By Uma", tenant_id: acme.tenantId, builtin: null, permissions: [] });
  });

  it("two concurrent tenant creations with one domain: one is created, the other is a 409", async () => {
    const body = (n: number) => ({ name: "Twin Corp", domain: "twin-corp", admin_full_name: "Twin Admin", admin_email: `twin${n}@twin.test` });
    const responses = await Promise.all([1, 2].map((n) => call(tenantsRoute.POST, "POST", { token: superToken, body: body(n) })));
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    const db = await getDb();
    expect(await db.select().from(tenants).where(eq(tenants.domain, "twin-corp"))).toHaveLength(1);
  });

  it("a tenant whose admin invitation cannot be mailed is not left behind", async () => {
    const db = await getDb();
    const before = await snapshot();
    mail.fail = true;
    try {
      const response = await call(tenantsRoute.POST, "POST", {
        token: superToken,
        body: { name: "Mailless Inc", domain: "mailless", admin_full_name: "Mailless Admin", admin_email: "admin@mailless.test" },
      });
      expect(response.status).toBeGreaterThanOrEqual(500);
    } finally {
      mail.fail = false;
    }
    expect(await db.select().from(tenants).where(eq(tenants.domain, "mailless"))).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it("an approval whose welcome mail cannot be sent still answers the approval it made", async () => {
    const registered = await registerOrganisation("Quiet");
    await verifyEmailOf(registered.email);
    mail.fail = true;
    let status = 0;
    try {
      status = (await call(approveRoute.POST, "POST", { token: superToken, params: { id: registered.tenantId } })).status;
    } finally {
      mail.fail = false;
    }
    const db = await getDb();
    const [tenant] = await db.select().from(tenants).where(eq(tenants.id, registered.tenantId));
    expect({ status, isActive: tenant?.isActive }).toEqual({ status: 200, isActive: true });
  });
});
