// User administration through the real handlers: a tenant admin lists (search, role and status filters,
// paging, invited rows), creates, edits and deletes the tenant's users; a super admin sees every tenant's.
import { beforeAll, describe, expect, it } from "vitest";
import * as login from "@/app/api/v1/auth/login/route";
import * as me from "@/app/api/v1/auth/me/route";
import * as userRoute from "@/app/api/v1/users/[id]/route";
import * as usersRoute from "@/app/api/v1/users/route";
import { call, json } from "../support/api";
import { freshIp, invite, roleId, signIn, SUPER_ADMIN_EMAIL, type InvitationOut, type Organisation } from "../support/accounts";
import { createUser, listOf, organisation, superAdmin, type ListedUser } from "../support/admin";

let umbrella: Organisation;
let stark: Organisation;
let adminToken = "";
let superToken = "";
let alice: ListedUser & { password: string };
let bob: ListedUser & { password: string };
let carol: ListedUser & { password: string };
let invitation: InvitationOut;

const list = (query: Record<string, string> = {}, token = adminToken) => listOf<ListedUser>(usersRoute.GET, { token, query });
const emails = (items: ListedUser[]) => items.map((user) => user.email).sort();

beforeAll(async () => {
  superToken = (await superAdmin()).access_token;
  umbrella = await organisation("Umbrella");
  stark = await organisation("Stark");
  adminToken = umbrella.admin.access_token;
  alice = await createUser(adminToken, { email: "alice@umbrella.test", full_name: "Alice Abernathy", password: "alice-password-1" });
  bob = await createUser(adminToken, { email: "bob@umbrella.test", full_name: "Bob Barker", role: "tenant_admin" });
  carol = await createUser(adminToken, { email: "carol@umbrella.test", full_name: "Carol Danvers", is_active: false });
  invitation = (await invite(adminToken, "dave@umbrella.test", await roleId(adminToken, "Tenant User"))).invitation;
});

describe("user creation by a tenant admin", () => {
  it("created the users in the admin's tenant with the requested role and status", () => {
    expect(alice).toMatchObject({ tenant_id: umbrella.tenantId, role: "user", status: "active", is_active: true, full_name: "Alice Abernathy" });
    expect(alice.roles.map((role) => role.name)).toEqual(["Tenant User"]);
    expect(bob).toMatchObject({ role: "tenant_admin", status: "active" });
    expect(bob.roles).toEqual([expect.objectContaining({ id: expect.any(String), name: "Tenant Admin", tenant_id: umbrella.tenantId })]);
    expect(carol).toMatchObject({ role: "user", status: "inactive", is_active: false });
  });

  it.each([
    { field: "full_name", value: "A", msg: "Full name must be at least 2 characters" },
    { field: "password", value: "short", msg: "Password must be at least 8 characters" },
    { field: "email", value: "not-an-address", msg: "Please enter a valid email address" },
  ])("refuses $field '$value' with 422 '$msg'", async ({ field, value, msg }) => {
    const body = { email: "erin@umbrella.test", full_name: "Erin Example", password: "erin-password-1", [field]: value };
    const response = await call(usersRoute.POST, "POST", { token: adminToken, body });
    expect(response.status).toBe(422);
    const { detail } = await json<{ detail: { loc: string[]; msg: string }[] }>(response);
    expect(detail.map(({ loc, msg }) => ({ loc, msg }))).toEqual([{ loc: ["body", field], msg }]);
    expect((await list({ search: "erin@" })).total).toBe(0);
  });

  it("refuses a taken e-mail with 409, whatever its case", async () => {
    const response = await call(usersRoute.POST, "POST", {
      token: adminToken,
      body: { email: "Alice@Umbrella.test", full_name: "Another Alice", password: "another-password" },
    });
    expect(response.status).toBe(409);
    expect(await json(response)).toEqual({ detail: "A user with this email already exists" });
  });

  it("lets the created user sign in with the password the admin set", async () => {
    const session = await signIn(alice.email, alice.password);
    expect(session.user).toMatchObject({ id: alice.id, role: "user", tenant_id: umbrella.tenantId });
  });
});

describe("user list of a tenant admin", () => {
  it("lists the tenant's users and pending invitations (status 'invited' with invitation_id), no one else", async () => {
    const { items, total } = await list();
    expect(total).toBe(5);
    expect(items).toHaveLength(5);
    expect(emails(items)).toEqual(["admin@umbrella.test", "alice@umbrella.test", "bob@umbrella.test", "carol@umbrella.test", "dave@umbrella.test"]);
    const dave = items.find((user) => user.email === "dave@umbrella.test");
    expect(dave).toMatchObject({ status: "invited", invitation_id: invitation.id, role: "user", is_active: false, tenant_id: umbrella.tenantId });
    expect(items.filter((user) => user.status !== "invited").every((user) => user.invitation_id === null)).toBe(true);
  });

  it("searches names and e-mails, case-insensitively", async () => {
    expect(emails((await list({ search: "ABERNATHY" })).items)).toEqual(["alice@umbrella.test"]);
    expect(emails((await list({ search: "bob@" })).items)).toEqual(["bob@umbrella.test"]);
    expect(emails((await list({ search: "dave" })).items)).toEqual(["dave@umbrella.test"]);
    const none = await list({ search: "nobody" });
    expect(none.items).toEqual([]);
    expect(none.total).toBe(0);
  });

  it("filters by role", async () => {
    expect(emails((await list({ role: "tenant_admin" })).items)).toEqual(["admin@umbrella.test", "bob@umbrella.test"]);
    expect(emails((await list({ role: "user" })).items)).toEqual(["alice@umbrella.test", "carol@umbrella.test", "dave@umbrella.test"]);
    expect((await list({ role: "super_admin" })).total).toBe(0);
  });

  it("filters by status", async () => {
    expect(emails((await list({ status: "active" })).items)).toEqual(["admin@umbrella.test", "alice@umbrella.test", "bob@umbrella.test"]);
    expect(emails((await list({ status: "inactive" })).items)).toEqual(["carol@umbrella.test"]);
    expect(emails((await list({ status: "invited" })).items)).toEqual(["dave@umbrella.test"]);
    const combined = await list({ status: "active", role: "user", search: "alice" });
    expect(emails(combined.items)).toEqual(["alice@umbrella.test"]);
    expect(combined.total).toBe(1);
  });

  it("pages with limit and offset; X-Total-Count stays the filtered total", async () => {
    const all = (await list()).items.map((user) => user.id);
    const first = await list({ limit: "2", offset: "0" });
    const second = await list({ limit: "2", offset: "2" });
    const third = await list({ limit: "2", offset: "4" });
    expect([first.total, second.total, third.total]).toEqual([5, 5, 5]);
    expect([first.items.length, second.items.length, third.items.length]).toEqual([2, 2, 1]);
    expect([...first.items, ...second.items, ...third.items].map((user) => user.id)).toEqual(all);
    const filtered = await list({ status: "active", limit: "1", offset: "1" });
    expect(filtered.items).toHaveLength(1);
    expect(filtered.total).toBe(3);
  });

  it("refuses bad paging and filter values with 422", async () => {
    const queries: Record<string, string>[] = [{ limit: "0" }, { limit: "501" }, { offset: "-1" }, { role: "owner" }, { status: "gone" }];
    for (const query of queries) {
      const response = await call(usersRoute.GET, "GET", { token: adminToken, query });
      expect(response.status, JSON.stringify(query)).toBe(422);
    }
  });
});

describe("user edit and delete by a tenant admin", () => {
  it("edits a user; a blank password keeps the old one", async () => {
    const response = await call(userRoute.PUT, "PUT", {
      token: adminToken,
      params: { id: alice.id },
      body: { full_name: "Alice Renamed", phone: "+1 555 0100 300", password: "" },
    });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ id: alice.id, full_name: "Alice Renamed", phone: "+1 555 0100 300", role: "user" });
    expect((await signIn(alice.email, alice.password)).user.full_name).toBe("Alice Renamed");
  });

  it("sets a new password, which ends the user's sessions and replaces the old password", async () => {
    const session = await signIn(alice.email, alice.password);
    const response = await call(userRoute.PUT, "PUT", { token: adminToken, params: { id: alice.id }, body: { password: "alice-password-2" } });
    expect(response.status).toBe(200);
    expect((await call(me.GET, "GET", { token: session.access_token })).status).toBe(401);
    const old = await call(login.POST, "POST", { body: { email: alice.email, password: alice.password }, ip: freshIp() });
    expect(old.status).toBe(401);
    await signIn(alice.email, "alice-password-2");
  });

  it("validates the edit like the create form", async () => {
    const short = await call(userRoute.PUT, "PUT", { token: adminToken, params: { id: alice.id }, body: { password: "short" } });
    expect(short.status).toBe(422);
    expect(await json(short)).toMatchObject({ detail: [{ loc: ["body", "password"], msg: "Password must be at least 8 characters" }] });
    const name = await call(userRoute.PUT, "PUT", { token: adminToken, params: { id: alice.id }, body: { full_name: "A" } });
    expect(name.status).toBe(422);
    expect(await json(name)).toMatchObject({ detail: [{ loc: ["body", "full_name"], msg: "Full name must be at least 2 characters" }] });
    const taken = await call(userRoute.PUT, "PUT", { token: adminToken, params: { id: alice.id }, body: { email: "bob@umbrella.test" } });
    expect(taken.status).toBe(409);
  });

  it("deactivating a user ends their sessions and refuses sign-in until reactivated", async () => {
    const session = await signIn(alice.email, "alice-password-2");
    const off = await call(userRoute.PUT, "PUT", { token: adminToken, params: { id: alice.id }, body: { is_active: false } });
    expect(off.status).toBe(200);
    expect(await json(off)).toMatchObject({ is_active: false, status: "inactive" });
    expect((await call(me.GET, "GET", { token: session.access_token })).status).toBe(401);
    const refused = await call(login.POST, "POST", { body: { email: alice.email, password: "alice-password-2" }, ip: freshIp() });
    expect(refused.status).toBe(403);
    expect(await json(refused)).toEqual({ detail: "Your account is inactive. Please contact your administrator." });
    const on = await call(userRoute.PUT, "PUT", { token: adminToken, params: { id: alice.id }, body: { is_active: true } });
    expect(on.status).toBe(200);
    await signIn(alice.email, "alice-password-2");
  });

  it("keeps the role when the same role is sent back", async () => {
    const response = await call(userRoute.PUT, "PUT", { token: adminToken, params: { id: bob.id }, body: { role: "tenant_admin", full_name: "Robert Barker" } });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ role: "tenant_admin", full_name: "Robert Barker" });
  });

  it("deletes a user: gone from GET and the list", async () => {
    const response = await call(userRoute.DELETE, "DELETE", { token: adminToken, params: { id: carol.id } });
    expect(response.status).toBe(204);
    const gone = await call(userRoute.GET, "GET", { token: adminToken, params: { id: carol.id } });
    expect(gone.status).toBe(404);
    expect(await json(gone)).toEqual({ detail: "User not found" });
    expect((await list()).total).toBe(4);
    const again = await call(userRoute.DELETE, "DELETE", { token: adminToken, params: { id: carol.id } });
    expect(again.status).toBe(404);
  });
});

describe("users seen by the super admin", () => {
  it("lists the users of every tenant, the super admin included", async () => {
    const { items, total } = await list({}, superToken);
    expect(total).toBe(items.length);
    const tenantsSeen = new Set(items.map((user) => user.tenant_id));
    expect(tenantsSeen).toContain(umbrella.tenantId);
    expect(tenantsSeen).toContain(stark.tenantId);
    expect(emails(items)).toEqual(
      [SUPER_ADMIN_EMAIL, "admin@stark.test", "admin@umbrella.test", "alice@umbrella.test", "bob@umbrella.test", "dave@umbrella.test"].sort(),
    );
  });

  it("filters by tenant_id and by the super_admin role", async () => {
    const starkUsers = await list({ tenant_id: stark.tenantId }, superToken);
    expect(emails(starkUsers.items)).toEqual(["admin@stark.test"]);
    expect(starkUsers.total).toBe(1);
    const supers = await list({ role: "super_admin" }, superToken);
    expect(emails(supers.items)).toEqual([SUPER_ADMIN_EMAIL]);
  });

  it("reads and edits any tenant's user", async () => {
    const read = await call(userRoute.GET, "GET", { token: superToken, params: { id: alice.id } });
    expect(read.status).toBe(200);
    expect(await json(read)).toMatchObject({ email: "alice@umbrella.test", tenant_id: umbrella.tenantId });
    const edited = await call(userRoute.PUT, "PUT", { token: superToken, params: { id: alice.id }, body: { role: "tenant_admin" } });
    expect(edited.status).toBe(200);
    expect(await json(edited)).toMatchObject({ role: "tenant_admin", roles: [{ name: "Tenant Admin", tenant_id: umbrella.tenantId }] });
  });
});
