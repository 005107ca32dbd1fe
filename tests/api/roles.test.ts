// Roles through the real handlers: what a tenant admin and the super admin see, tenant roles with the
// permissions the admin holds, and built-in roles that cannot be renamed or deleted.
import { beforeAll, describe, expect, it } from "vitest";
import * as rolePermissionRoute from "@/app/api/v1/roles/[id]/permissions/[permissionId]/route";
import * as roleRoute from "@/app/api/v1/roles/[id]/route";
import * as rolesRoute from "@/app/api/v1/roles/route";
import { ALL_PERMISSIONS } from "@/lib/auth/permissions";
import { call, json } from "../support/api";
import { acceptInvitation, invite, type Organisation } from "../support/accounts";
import { TENANT_ADMIN_PERMISSIONS, TENANT_USER_PERMISSIONS, globalRoleId, organisation, permissionIdOf, superAdmin } from "../support/admin";

interface RoleOut {
  id: string;
  name: string;
  description: string | null;
  tenant_id: string | null;
  builtin: string | null;
  permissions: string[];
}

let north: Organisation;
let south: Organisation;
let token = "";
let superToken = "";
let tenantUserRoleId = "";
let superAdminRoleId = "";
let customRoleId = "";

async function rolesOf(as: string, query: Record<string, string> = {}): Promise<RoleOut[]> {
  const response = await call(rolesRoute.GET, "GET", { token: as, query });
  expect(response.status).toBe(200);
  return json<RoleOut[]>(response);
}

const summary = (roles: RoleOut[]) => roles.map(({ name, tenant_id }) => ({ name, tenant_id }));

beforeAll(async () => {
  superToken = (await superAdmin()).access_token;
  north = await organisation("North");
  south = await organisation("South");
  token = north.admin.access_token;
  tenantUserRoleId = await globalRoleId("Tenant User");
  superAdminRoleId = await globalRoleId("Super Admin");
});

describe("role lists", () => {
  it("a tenant admin sees Tenant Admin (their tenant's) and Tenant User, with their permissions; no Super Admin", async () => {
    const roles = await rolesOf(token);
    expect(summary(roles)).toEqual([
      { name: "Tenant Admin", tenant_id: north.tenantId },
      { name: "Tenant User", tenant_id: null },
    ]);
    expect(roles[0]!.permissions).toEqual(TENANT_ADMIN_PERMISSIONS);
    expect(roles[1]!.permissions).toEqual(TENANT_USER_PERMISSIONS);
    expect(await rolesOf(token, { tenant_id: north.tenantId })).toEqual(roles);
  });

  it("the super admin sees Super Admin with every permission and every tenant's roles, or one tenant's", async () => {
    const all = await rolesOf(superToken);
    expect(summary(all)).toEqual(
      expect.arrayContaining([
        { name: "Super Admin", tenant_id: null },
        { name: "Tenant User", tenant_id: null },
        { name: "Tenant Admin", tenant_id: north.tenantId },
        { name: "Tenant Admin", tenant_id: south.tenantId },
      ]),
    );
    expect(all.find((role) => role.name === "Super Admin")!.permissions).toEqual([...ALL_PERMISSIONS].sort());
    const southOnly = await rolesOf(superToken, { tenant_id: south.tenantId });
    expect(summary(southOnly)).toEqual([
      { name: "Super Admin", tenant_id: null },
      { name: "Tenant Admin", tenant_id: south.tenantId },
      { name: "Tenant User", tenant_id: null },
    ]);
  });

  it("reads one role; the Super Admin role and unknown ids are not found for a tenant admin", async () => {
    const tenantUser = await call(roleRoute.GET, "GET", { token, params: { id: tenantUserRoleId } });
    expect(await json(tenantUser)).toMatchObject({ name: "Tenant User", tenant_id: null, permissions: TENANT_USER_PERMISSIONS });
    for (const id of [superAdminRoleId, crypto.randomUUID()]) {
      const response = await call(roleRoute.GET, "GET", { token, params: { id } });
      expect(response.status).toBe(404);
      expect(await json(response)).toEqual({ detail: "Role not found" });
    }
    expect((await call(roleRoute.GET, "GET", { token: superToken, params: { id: superAdminRoleId } })).status).toBe(200);
  });
});

describe("tenant roles", () => {
  it("a tenant admin creates a role in their tenant with permissions they hold", async () => {
    const response = await call(rolesRoute.POST, "POST", {
      token,
      body: { name: "Editors", description: "Write and publish blogs", permissions: ["project.view", "blog.view", "blog.create"] },
    });
    expect(response.status).toBe(201);
    const role = await json<RoleOut>(response);
    customRoleId = role.id;
    expect(role).toEqual({
      id: expect.any(String),
      name: "Editors",
      description: "Write and publish blogs",
      tenant_id: north.tenantId,
      builtin: null,
      permissions: ["blog.create", "blog.view", "project.view"],
    });
    expect(summary(await rolesOf(token)).map((entry) => entry.name)).toEqual(["Editors", "Tenant Admin", "Tenant User"]);
    expect(summary(await rolesOf(south.admin.access_token)).map((entry) => entry.name)).toEqual(["Tenant Admin", "Tenant User"]);
  });

  it("refuses a duplicate name (409), a short name (422) and an unknown permission (400)", async () => {
    const duplicate = await call(rolesRoute.POST, "POST", { token, body: { name: "Editors" } });
    expect(duplicate.status).toBe(409);
    expect(await json(duplicate)).toEqual({ detail: "A role with this name already exists" });
    const builtInName = await call(rolesRoute.POST, "POST", { token, body: { name: "Tenant Admin" } });
    expect(builtInName.status).toBe(409);
    expect(await json(builtInName)).toEqual({ detail: "This name is reserved for a built-in role" });
    const short = await call(rolesRoute.POST, "POST", { token, body: { name: "E" } });
    expect(short.status).toBe(422);
    expect(await json(short)).toMatchObject({ detail: [{ loc: ["body", "name"], msg: "Role name must be at least 2 characters" }] });
    const unknown = await call(rolesRoute.POST, "POST", { token, body: { name: "Dreamers", permissions: ["dream.big"] } });
    expect(unknown.status).toBe(400);
    expect(await json(unknown)).toEqual({ detail: "Unknown permission: dream.big" });
    expect((await rolesOf(token)).map((role) => role.name)).toEqual(["Editors", "Tenant Admin", "Tenant User"]);
  });

  it("adds and removes permissions of the tenant's role", async () => {
    const projectUpdate = await permissionIdOf("project.update");
    const added = await call(rolePermissionRoute.POST, "POST", { token, params: { id: customRoleId, permissionId: projectUpdate } });
    expect(added.status).toBe(200);
    expect((await json<RoleOut>(added)).permissions).toEqual(["blog.create", "blog.view", "project.update", "project.view"]);
    const again = await call(rolePermissionRoute.POST, "POST", { token, params: { id: customRoleId, permissionId: projectUpdate } });
    expect((await json<RoleOut>(again)).permissions).toHaveLength(4);

    const removed = await call(rolePermissionRoute.DELETE, "DELETE", { token, params: { id: customRoleId, permissionId: projectUpdate } });
    expect(removed.status).toBe(200);
    expect((await json<RoleOut>(removed)).permissions).toEqual(["blog.create", "blog.view", "project.view"]);
    const absent = await call(rolePermissionRoute.DELETE, "DELETE", { token, params: { id: customRoleId, permissionId: projectUpdate } });
    expect(absent.status).toBe(404);
    const unknown = await call(rolePermissionRoute.POST, "POST", { token, params: { id: customRoleId, permissionId: crypto.randomUUID() } });
    expect(unknown.status).toBe(404);
  });

  it("renames the tenant's role and changes its description", async () => {
    const response = await call(roleRoute.PUT, "PUT", { token, params: { id: customRoleId }, body: { name: "Writers", description: null } });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ id: customRoleId, name: "Writers", description: null });
  });

  it("refuses to delete a role someone holds (409), deletes it once unused", async () => {
    const { token: invitationToken } = await invite(token, "writer@north.test", customRoleId);
    expect((await acceptInvitation(invitationToken, "Wendy Writer", "writer-password-1")).status).toBe(200);
    const inUse = await call(roleRoute.DELETE, "DELETE", { token, params: { id: customRoleId } });
    expect(inUse.status).toBe(409);
    expect(await json(inUse)).toEqual({ detail: "This role is assigned to users; reassign them first" });

    const spare = await json<RoleOut>(await call(rolesRoute.POST, "POST", { token, body: { name: "Spare" } }));
    expect(spare.permissions).toEqual([]);
    expect((await call(roleRoute.DELETE, "DELETE", { token, params: { id: spare.id } })).status).toBe(204);
    expect((await call(roleRoute.GET, "GET", { token, params: { id: spare.id } })).status).toBe(404);
  });
});

describe("roles made by the super admin", () => {
  it("creates a role in a named tenant or a global one; an unknown tenant is not found", async () => {
    const inSouth = await call(rolesRoute.POST, "POST", { token: superToken, body: { name: "Auditors", tenant_id: south.tenantId, permissions: ["tenant.view"] } });
    expect(inSouth.status).toBe(201);
    expect(await json(inSouth)).toMatchObject({ name: "Auditors", tenant_id: south.tenantId, permissions: ["tenant.view"] });
    expect((await rolesOf(south.admin.access_token)).map((role) => role.name)).toContain("Auditors");
    expect((await rolesOf(token)).map((role) => role.name)).not.toContain("Auditors");

    const global = await call(rolesRoute.POST, "POST", { token: superToken, body: { name: "Observers" } });
    expect(global.status).toBe(201);
    expect(await json(global)).toMatchObject({ name: "Observers", tenant_id: null });

    const ghost = await call(rolesRoute.POST, "POST", { token: superToken, body: { name: "Ghosts", tenant_id: crypto.randomUUID() } });
    expect(ghost.status).toBe(404);
    expect(await json(ghost)).toEqual({ detail: "Tenant not found" });
  });
});

describe("built-in roles", () => {
  it("the tenant's Tenant Admin role cannot be renamed or deleted (400)", async () => {
    const tenantAdminRoleId = (await rolesOf(token)).find((role) => role.name === "Tenant Admin")!.id;
    const renamed = await call(roleRoute.PUT, "PUT", { token, params: { id: tenantAdminRoleId }, body: { name: "Bosses" } });
    expect(renamed.status).toBe(400);
    expect(await json(renamed)).toEqual({ detail: "Built-in roles cannot be renamed or deleted" });
    const deleted = await call(roleRoute.DELETE, "DELETE", { token, params: { id: tenantAdminRoleId } });
    expect(deleted.status).toBe(400);
    expect(await json(deleted)).toEqual({ detail: "Built-in roles cannot be renamed or deleted" });
    expect((await rolesOf(token)).find((role) => role.id === tenantAdminRoleId)?.name).toBe("Tenant Admin");
  });

  it("a tenant admin may not touch the global roles at all (403)", async () => {
    const renamed = await call(roleRoute.PUT, "PUT", { token, params: { id: tenantUserRoleId }, body: { name: "Members" } });
    expect(renamed.status).toBe(403);
    expect(await json(renamed)).toEqual({ detail: "Only a super admin can change global roles" });
    expect((await call(roleRoute.DELETE, "DELETE", { token, params: { id: tenantUserRoleId } })).status).toBe(403);
  });

  it("even the super admin cannot rename or delete Tenant User or Super Admin (400)", async () => {
    for (const id of [tenantUserRoleId, superAdminRoleId]) {
      const renamed = await call(roleRoute.PUT, "PUT", { token: superToken, params: { id }, body: { name: "Renamed Role" } });
      expect(renamed.status).toBe(400);
      const deleted = await call(roleRoute.DELETE, "DELETE", { token: superToken, params: { id } });
      expect(deleted.status).toBe(400);
      expect(await json(deleted)).toEqual({ detail: "Built-in roles cannot be renamed or deleted" });
    }
    const names = (await rolesOf(superToken)).filter((role) => role.tenant_id === null).map((role) => role.name);
    expect(names).toEqual(["Observers", "Super Admin", "Tenant User"]);
  });
});
