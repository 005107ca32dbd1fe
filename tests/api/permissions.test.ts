// Per-user permission overrides through the real handlers: grant and revoke with and without a resource, the
// breakdown's four lists, the user-specific list, removal back to the role default, and overrides that really
// change what a user may do; an inactive user holds nothing.
import { beforeAll, describe, expect, it } from "vitest";
import * as permissionRoute from "@/app/api/v1/permissions/[id]/route";
import * as permissionsRoute from "@/app/api/v1/permissions/route";
import * as permissionsOfUser from "@/app/api/v1/permissions/user/[userId]/route";
import * as overrideRoute from "@/app/api/v1/users/[id]/permissions/[permissionName]/route";
import * as breakdownRoute from "@/app/api/v1/users/[id]/permissions/breakdown/route";
import * as grantRoute from "@/app/api/v1/users/[id]/permissions/grant/route";
import * as revokeRoute from "@/app/api/v1/users/[id]/permissions/revoke/route";
import * as userPermissionsRoute from "@/app/api/v1/users/[id]/permissions/route";
import * as userSpecificRoute from "@/app/api/v1/users/[id]/permissions/user-specific/route";
import * as userRoute from "@/app/api/v1/users/[id]/route";
import * as usersRoute from "@/app/api/v1/users/route";
import { ALL_PERMISSIONS, PERMISSION_DESCRIPTIONS } from "@/lib/auth/permissions";
import { call, json } from "../support/api";
import type { Organisation, SignedIn } from "../support/accounts";
import {
  FORBIDDEN,
  TENANT_ADMIN_PERMISSIONS,
  TENANT_USER_PERMISSIONS,
  createUser,
  organisation,
  signedInUser,
  superAdmin,
  type ListedUser,
} from "../support/admin";

interface Breakdown {
  effective_permissions: string[];
  role_permissions: string[];
  granted_permissions: string[];
  revoked_permissions: string[];
}

interface Override {
  id: string;
  permission_name: string;
  granted: boolean;
  resource: string | null;
  created_at: string;
}

let wayne: Organisation;
let token = "";
let deputy: SignedIn & { password: string };
let member: ListedUser;

async function breakdown(userId: string, as = token): Promise<Breakdown> {
  const response = await call(breakdownRoute.GET, "GET", { token: as, params: { id: userId } });
  expect(response.status).toBe(200);
  return json<Breakdown>(response);
}

async function overrides(userId: string): Promise<Override[]> {
  const response = await call(userSpecificRoute.GET, "GET", { token, params: { id: userId } });
  expect(response.status).toBe(200);
  return json<Override[]>(response);
}

async function effective(userId: string): Promise<string[]> {
  const byUser = await call(userPermissionsRoute.GET, "GET", { token, params: { id: userId } });
  const byPermissions = await call(permissionsOfUser.GET, "GET", { token, params: { userId } });
  expect([byUser.status, byPermissions.status]).toEqual([200, 200]);
  const list = await json<string[]>(byUser);
  expect(await json<string[]>(byPermissions)).toEqual(list);
  return list;
}

const grant = (userId: string, body: Record<string, unknown>) => call(grantRoute.POST, "POST", { token, params: { id: userId }, body });
const revoke = (userId: string, body: Record<string, unknown>) => call(revokeRoute.POST, "POST", { token, params: { id: userId }, body });
const remove = (userId: string, permissionName: string, query: Record<string, string> = {}) =>
  call(overrideRoute.DELETE, "DELETE", { token, params: { id: userId, permissionName }, query });

const without = (list: string[], name: string) => list.filter((candidate) => candidate !== name);

beforeAll(async () => {
  await superAdmin();
  wayne = await organisation("Wayne");
  token = wayne.admin.access_token;
  deputy = await signedInUser(token, { email: "deputy@wayne.test", full_name: "Deputy Admin", role: "tenant_admin" });
  member = await createUser(token, { email: "member@wayne.test", full_name: "Plain Member" });
});

describe("permission catalogue", () => {
  it("lists every permission with its description", async () => {
    const response = await call(permissionsRoute.GET, "GET", { token });
    expect(response.status).toBe(200);
    const catalogue = await json<{ id: string; name: string; description: string; resource: string | null }[]>(response);
    expect(catalogue.map((permission) => permission.name)).toEqual([...ALL_PERMISSIONS].sort());
    for (const permission of catalogue) expect(permission.description).toBe(PERMISSION_DESCRIPTIONS[permission.name as keyof typeof PERMISSION_DESCRIPTIONS]);

    const one = await call(permissionRoute.GET, "GET", { token, params: { id: catalogue[0]!.id } });
    expect(await json(one)).toEqual(catalogue[0]);
    const unknown = await call(permissionRoute.GET, "GET", { token, params: { id: crypto.randomUUID() } });
    expect(unknown.status).toBe(404);
  });
});

describe("per-user overrides", () => {
  it("starts from the role defaults with no overrides", async () => {
    expect(await breakdown(member.id)).toEqual({
      effective_permissions: TENANT_USER_PERMISSIONS,
      role_permissions: TENANT_USER_PERMISSIONS,
      granted_permissions: [],
      revoked_permissions: [],
    });
    expect(await overrides(member.id)).toEqual([]);
    expect(await effective(member.id)).toEqual(TENANT_USER_PERMISSIONS);
  });

  it("grants a permission for all resources: it becomes effective and appears as a User Grant", async () => {
    const response = await grant(member.id, { permission_name: "project.delete", granted: true, resource: null });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual([
      { id: expect.any(String), permission_name: "project.delete", granted: true, resource: null, created_at: expect.any(String) },
    ]);
    expect(await breakdown(member.id)).toEqual({
      effective_permissions: [...TENANT_USER_PERMISSIONS, "project.delete"].sort(),
      role_permissions: TENANT_USER_PERMISSIONS,
      granted_permissions: ["project.delete"],
      revoked_permissions: [],
    });
  });

  it("revokes a role permission: it leaves the effective list and appears as a User Revoke", async () => {
    const response = await revoke(member.id, { permission_name: "project.update", granted: false });
    expect(response.status).toBe(200);
    expect(await breakdown(member.id)).toEqual({
      effective_permissions: without([...TENANT_USER_PERMISSIONS, "project.delete"].sort(), "project.update"),
      role_permissions: TENANT_USER_PERMISSIONS,
      granted_permissions: ["project.delete"],
      revoked_permissions: ["project.update"],
    });
    expect(await effective(member.id)).not.toContain("project.update");
  });

  it("keeps resource-specific overrides in the user-specific list without changing the global set", async () => {
    expect((await grant(member.id, { permission_name: "blog.delete", resource: "blog-42" })).status).toBe(200);
    expect((await revoke(member.id, { permission_name: "blog.view", resource: " blog-7 " })).status).toBe(200);
    const list = await overrides(member.id);
    expect(list.map(({ permission_name, granted, resource }) => ({ permission_name, granted, resource }))).toEqual([
      { permission_name: "blog.delete", granted: true, resource: "blog-42" },
      { permission_name: "blog.view", granted: false, resource: "blog-7" },
      { permission_name: "project.delete", granted: true, resource: null },
      { permission_name: "project.update", granted: false, resource: null },
    ]);
    const after = await breakdown(member.id);
    expect(after.effective_permissions).not.toContain("blog.delete");
    expect(after.effective_permissions).toContain("blog.view");
    expect(after.granted_permissions).toEqual(["project.delete"]);
    expect(after.revoked_permissions).toEqual(["project.update"]);
  });

  it("turns a revoke into a grant for the same permission instead of keeping both", async () => {
    expect((await grant(member.id, { permission_name: "project.update" })).status).toBe(200);
    const global = (await overrides(member.id)).filter((override) => override.permission_name === "project.update");
    expect(global).toEqual([expect.objectContaining({ granted: true, resource: null })]);
    expect((await breakdown(member.id)).revoked_permissions).toEqual([]);
    expect((await revoke(member.id, { permission_name: "project.update" })).status).toBe(200);
    expect((await breakdown(member.id)).revoked_permissions).toEqual(["project.update"]);
  });

  it("removes overrides: the role default applies again", async () => {
    expect((await remove(member.id, "project.update")).status).toBe(204);
    expect((await remove(member.id, "project.delete")).status).toBe(204);
    expect(await breakdown(member.id)).toEqual({
      effective_permissions: TENANT_USER_PERMISSIONS,
      role_permissions: TENANT_USER_PERMISSIONS,
      granted_permissions: [],
      revoked_permissions: [],
    });
  });

  it("removes a resource-specific override only with its resource", async () => {
    const withoutResource = await remove(member.id, "blog.delete");
    expect(withoutResource.status).toBe(404);
    expect(await json(withoutResource)).toEqual({ detail: "This user has no override for that permission" });
    expect((await remove(member.id, "blog.delete", { resource: "blog-42" })).status).toBe(204);
    expect((await remove(member.id, "blog.view", { resource: "blog-7" })).status).toBe(204);
    expect(await overrides(member.id)).toEqual([]);
    expect((await remove(member.id, "blog.view", { resource: "blog-7" })).status).toBe(404);
  });

  it("refuses unknown and missing permission names", async () => {
    const unknown = await grant(member.id, { permission_name: "world.domination" });
    expect(unknown.status).toBe(400);
    expect(await json(unknown)).toEqual({ detail: "Unknown permission" });
    const missing = await grant(member.id, { resource: "x" });
    expect(missing.status).toBe(422);
    expect(await json(missing)).toMatchObject({ detail: [{ loc: ["body", "permission_name"], msg: "A permission must be selected" }] });
    expect((await remove(member.id, "world.domination")).status).toBe(400);
    expect(await overrides(member.id)).toEqual([]);
  });
});

describe("overrides take effect", () => {
  it("a second tenant admin whose user.view is revoked can no longer list or read users", async () => {
    expect((await call(usersRoute.GET, "GET", { token: deputy.access_token })).status).toBe(200);
    expect((await revoke(deputy.user.id, { permission_name: "user.view" })).status).toBe(200);

    const listed = await call(usersRoute.GET, "GET", { token: deputy.access_token });
    expect(listed.status).toBe(403);
    expect(await json(listed)).toEqual(FORBIDDEN);
    expect((await call(userRoute.GET, "GET", { token: deputy.access_token, params: { id: member.id } })).status).toBe(403);
    expect((await breakdown(deputy.user.id)).revoked_permissions).toEqual(["user.view"]);
    expect(await effective(deputy.user.id)).toEqual(without(TENANT_ADMIN_PERMISSIONS, "user.view"));

    expect((await remove(deputy.user.id, "user.view")).status).toBe(204);
    expect((await call(usersRoute.GET, "GET", { token: deputy.access_token })).status).toBe(200);
  });

  it("a granted permission opens the endpoint it guards", async () => {
    const memberSession = await signedInUser(token, { email: "viewer@wayne.test" });
    expect((await call(usersRoute.GET, "GET", { token: memberSession.access_token })).status).toBe(403);
    expect((await grant(memberSession.user.id, { permission_name: "user.view" })).status).toBe(200);
    const listed = await call(usersRoute.GET, "GET", { token: memberSession.access_token });
    expect(listed.status).toBe(200);
  });

  it("an inactive user holds no permissions; reactivated, the role's return", async () => {
    const off = await call(userRoute.PUT, "PUT", { token, params: { id: member.id }, body: { is_active: false } });
    expect(off.status).toBe(200);
    expect(await effective(member.id)).toEqual([]);
    expect(await breakdown(member.id)).toMatchObject({ effective_permissions: [], role_permissions: TENANT_USER_PERMISSIONS });

    const on = await call(userRoute.PUT, "PUT", { token, params: { id: member.id }, body: { is_active: true } });
    expect(on.status).toBe(200);
    expect(await effective(member.id)).toEqual(TENANT_USER_PERMISSIONS);
  });

  it("the super admin may change a tenant admin's overrides, including their own tenant's admin", async () => {
    const { access_token } = await superAdmin();
    const response = await call(revokeRoute.POST, "POST", {
      token: access_token,
      params: { id: wayne.admin.user.id },
      body: { permission_name: "invitation.send" },
    });
    expect(response.status).toBe(200);
    expect((await breakdown(wayne.admin.user.id, access_token)).revoked_permissions).toEqual(["invitation.send"]);
    const reset = await call(overrideRoute.DELETE, "DELETE", {
      token: access_token,
      params: { id: wayne.admin.user.id, permissionName: "invitation.send" },
    });
    expect(reset.status).toBe(204);
    expect(await effective(wayne.admin.user.id)).toEqual(TENANT_ADMIN_PERMISSIONS);
  });
});
