// Tenant isolation and privilege escalation through the real administration handlers: the admin of tenant A
// using tenant B's ids is refused and B's rows stay exactly as they were; a regular user is refused every
// administration endpoint, an anonymous caller is asked to sign in; escalation attempts change nothing.
import { beforeAll, describe, expect, it } from "vitest";
import * as blogRoute from "@/app/api/v1/blogs/[id]/route";
import * as projectBlogsRoute from "@/app/api/v1/blogs/project/[projectId]/route";
import * as blogsRoute from "@/app/api/v1/blogs/route";
import * as dashboardStats from "@/app/api/v1/dashboard/stats/route";
import * as filesDownloadRoute from "@/app/api/v1/files/download/route";
import * as filesInfoRoute from "@/app/api/v1/files/info/route";
import * as filesPreviewRoute from "@/app/api/v1/files/preview/route";
import * as filesRoute from "@/app/api/v1/files/route";
import * as filesContentRoute from "@/app/api/v1/files/s3-content/route";
import * as filesSharedContentRoute from "@/app/api/v1/files/shared-content/route";
import * as filesSharedImageRoute from "@/app/api/v1/files/shared-image/route";
import * as filesViewRoute from "@/app/api/v1/files/view/route";
import * as invitationRoute from "@/app/api/v1/invitations/[id]/route";
import * as invitationResend from "@/app/api/v1/invitations/[id]/resend/route";
import * as invitationsRoute from "@/app/api/v1/invitations/route";
import * as permissionRoute from "@/app/api/v1/permissions/[id]/route";
import * as permissionsRoute from "@/app/api/v1/permissions/route";
import * as permissionsOfUser from "@/app/api/v1/permissions/user/[userId]/route";
import * as pluginRoute from "@/app/api/v1/plugins/[id]/route";
import * as pluginsRoute from "@/app/api/v1/plugins/route";
import * as presentationRoute from "@/app/api/v1/presentations/[id]/route";
import * as presentationRetryRoute from "@/app/api/v1/presentations/[id]/retry-webhook/route";
import * as presentationShareRoute from "@/app/api/v1/presentations/[id]/share/route";
import * as qaHistoryRoute from "@/app/api/v1/qa/history/route";
import * as qaQuestionRoute from "@/app/api/v1/qa/question/route";
import * as qaStreamResponseRoute from "@/app/api/v1/qa/stream-response/route";
import * as speechToTextRoute from "@/app/api/v1/tts/speech-to-text/route";
import * as presentationTaskStatusRoute from "@/app/api/v1/presentations/[id]/task-status/route";
import * as presentationThumbnailsRoute from "@/app/api/v1/presentations/[id]/thumbnails/route";
import * as presentationCaptionsRoute from "@/app/api/v1/presentations/[id]/captions.vtt/route";
import * as analyticsSettingsRoute from "@/app/api/v1/analytics/settings/route";
import * as analyticsTopDecksRoute from "@/app/api/v1/analytics/top-decks/route";
import * as sharedEventsRoute from "@/app/api/v1/presentations/share/[token]/events/route";
import * as presentationAnalyticsCsvRoute from "@/app/api/v1/presentations/[id]/analytics.csv/route";
import * as presentationAnalyticsEventsRoute from "@/app/api/v1/presentations/[id]/analytics/events/route";
import * as presentationAnalyticsRoute from "@/app/api/v1/presentations/[id]/analytics/route";
import * as presentationUpdateSlidesRoute from "@/app/api/v1/presentations/[id]/update-slides/route";
import * as blogPresentationsRoute from "@/app/api/v1/presentations/blog/[blogId]/route";
import * as presentationCheckExistsRoute from "@/app/api/v1/presentations/check-exists/[blogId]/route";
import * as presentationDownloadRoute from "@/app/api/v1/presentations/download/[id]/route";
import * as parsePptRoute from "@/app/api/v1/presentations/parse-ppt/route";
import * as presentationsRoute from "@/app/api/v1/presentations/route";
import * as slideImageRoute from "@/app/api/v1/presentations/upload-slide-image/route";
import * as projectRoute from "@/app/api/v1/projects/[id]/route";
import * as projectsRoute from "@/app/api/v1/projects/route";
import * as rolePermissionRoute from "@/app/api/v1/roles/[id]/permissions/[permissionId]/route";
import * as roleRoute from "@/app/api/v1/roles/[id]/route";
import * as rolesRoute from "@/app/api/v1/roles/route";
import * as approveRoute from "@/app/api/v1/tenants/[id]/approve/route";
import * as tenantRoute from "@/app/api/v1/tenants/[id]/route";
import * as tenantsRoute from "@/app/api/v1/tenants/route";
import * as overrideRoute from "@/app/api/v1/users/[id]/permissions/[permissionName]/route";
import * as breakdownRoute from "@/app/api/v1/users/[id]/permissions/breakdown/route";
import * as grantRoute from "@/app/api/v1/users/[id]/permissions/grant/route";
import * as revokeRoute from "@/app/api/v1/users/[id]/permissions/revoke/route";
import * as userPermissionsRoute from "@/app/api/v1/users/[id]/permissions/route";
import * as userSpecificRoute from "@/app/api/v1/users/[id]/permissions/user-specific/route";
import * as userRoute from "@/app/api/v1/users/[id]/route";
import * as usersRoute from "@/app/api/v1/users/route";
import * as openApiRoute from "@/app/api/v1/openapi.json/route";
import * as platformSettingsRoute from "@/app/api/v1/platform-settings/route";
import { call, json, type CallOptions } from "../support/api";
import { invite, roleId, type InvitationOut, type Organisation, type SignedIn } from "../support/accounts";
import {
  FORBIDDEN,
  NOT_AUTHENTICATED,
  createUser,
  globalRoleId,
  listOf,
  organisation,
  permissionIdOf,
  platformTenantId,
  signedInUser,
  superAdmin,
  tenantSnapshot,
  type ListedUser,
} from "../support/admin";
import { asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { slides } from "@/db/schema";
import { extractBlogSources } from "@/lib/services/extraction";
import { NARRATION_JOB } from "@/lib/services/narration";
import { RENDER_JOB } from "@/lib/services/presentation-render";
import type { PresentationOut } from "@/lib/services/presentations";
import { pngBytes } from "../fixtures/images";
import { eventually, jobsSettle } from "../support/wait";
import { storage } from "@/lib/storage";
import { contentSnapshot, newBlog, newProject, storedFile } from "../support/projects-blogs";

type Handler = Parameters<typeof call>[0];

interface Case {
  name: string;
  handler: Handler;
  method: string;
  /** The request without credentials; built lazily because the ids exist only after set-up. */
  request: () => Omit<CallOptions, "token" | "cookie">;
  status: number;
  detail: string;
}

/** The ids one tenant owns, used against it by the other tenant's admin, or by its own regular user. */
interface TenantIds {
  tenantId: string;
  adminId: string;
  userId: string;
  tenantAdminRoleId: string;
  customRoleId: string;
  invitationId: string;
  /** A permission the custom role lacks, and one it holds. */
  missingPermissionId: string;
  heldPermissionId: string;
}

let alpha: Organisation;
let bravo: Organisation;
let alphaUser: SignedIn;
const a = {} as TenantIds;
const b = {} as TenantIds;
const global = { tenantUserRoleId: "", superAdminRoleId: "", platformId: "", tenantCreateId: "", userViewId: "", dashboardViewId: "" };

async function customRole(token: string, name: string): Promise<string> {
  const response = await call(rolesRoute.POST, "POST", { token, body: { name, permissions: ["blog.view", "project.view"] } });
  expect(response.status).toBe(201);
  return (await json<{ id: string }>(response)).id;
}

async function fillIds(ids: TenantIds, org: Organisation, user: { id: string }, invitation: InvitationOut, roleName: string) {
  ids.tenantId = org.tenantId;
  ids.adminId = org.admin.user.id;
  ids.userId = user.id;
  ids.tenantAdminRoleId = await roleId(org.admin.access_token, "Tenant Admin");
  ids.customRoleId = await customRole(org.admin.access_token, roleName);
  ids.invitationId = invitation.id;
  ids.missingPermissionId = await permissionIdOf("project.delete");
  ids.heldPermissionId = await permissionIdOf("blog.view");
}

beforeAll(async () => {
  await superAdmin();
  [alpha, bravo] = [await organisation("Alpha"), await organisation("Bravo")];
  global.tenantUserRoleId = await globalRoleId("Tenant User");
  global.superAdminRoleId = await globalRoleId("Super Admin");
  global.platformId = await platformTenantId();
  global.tenantCreateId = await permissionIdOf("tenant.create");
  global.userViewId = await permissionIdOf("user.view");
  global.dashboardViewId = await permissionIdOf("dashboard.view");

  alphaUser = await signedInUser(alpha.admin.access_token, { email: "user@alpha.test" });
  const bravoUser = await createUser(bravo.admin.access_token, { email: "user@bravo.test" });
  const alphaInvitation = await invite(alpha.admin.access_token, "pending@alpha.test", global.tenantUserRoleId);
  const bravoInvitation = await invite(bravo.admin.access_token, "pending@bravo.test", global.tenantUserRoleId);
  await fillIds(a, alpha, alphaUser.user, alphaInvitation.invitation, "Alpha Reviewers");
  await fillIds(b, bravo, bravoUser, bravoInvitation.invitation, "Bravo Reviewers");

  // Overrides the other tenant's admin will try to remove.
  for (const [org, userId] of [
    [alpha, a.userId],
    [bravo, b.userId],
  ] as const) {
    const revoked = await call(revokeRoute.POST, "POST", {
      token: org.admin.access_token,
      params: { id: userId },
      body: { permission_name: "project.update" },
    });
    expect(revoked.status).toBe(200);
  }
});

const userNotFound = "User not found";
const roleNotFound = "Role not found";
const tenantNotFound = "Tenant not found";
const invitationNotFound = "Invitation not found";

/** Tenant A's admin using tenant B's ids: every one refused. */
const crossTenantCases: Case[] = [
  { name: "GET /tenants/{id}", handler: tenantRoute.GET, method: "GET", request: () => ({ params: { id: b.tenantId } }), status: 404, detail: tenantNotFound },
  {
    name: "PUT /tenants/{id}",
    handler: tenantRoute.PUT,
    method: "PUT",
    request: () => ({ params: { id: b.tenantId }, body: { name: "Hijacked", is_active: false } }),
    status: 403,
    detail: FORBIDDEN.detail,
  },
  { name: "DELETE /tenants/{id}", handler: tenantRoute.DELETE, method: "DELETE", request: () => ({ params: { id: b.tenantId } }), status: 403, detail: FORBIDDEN.detail },
  { name: "POST /tenants/{id}/approve", handler: approveRoute.POST, method: "POST", request: () => ({ params: { id: b.tenantId } }), status: 403, detail: FORBIDDEN.detail },
  { name: "GET /users/{id}", handler: userRoute.GET, method: "GET", request: () => ({ params: { id: b.userId } }), status: 404, detail: userNotFound },
  {
    name: "PUT /users/{id}",
    handler: userRoute.PUT,
    method: "PUT",
    request: () => ({ params: { id: b.userId }, body: { full_name: "Hijacked", password: "hijacked-password", is_active: false } }),
    status: 404,
    detail: userNotFound,
  },
  { name: "GET /users/{id}/permissions", handler: userPermissionsRoute.GET, method: "GET", request: () => ({ params: { id: b.userId } }), status: 404, detail: userNotFound },
  { name: "GET /users/{id}/permissions/breakdown", handler: breakdownRoute.GET, method: "GET", request: () => ({ params: { id: b.userId } }), status: 404, detail: userNotFound },
  { name: "GET /users/{id}/permissions/user-specific", handler: userSpecificRoute.GET, method: "GET", request: () => ({ params: { id: b.userId } }), status: 404, detail: userNotFound },
  {
    name: "POST /users/{id}/permissions/grant",
    handler: grantRoute.POST,
    method: "POST",
    request: () => ({ params: { id: b.userId }, body: { permission_name: "project.delete", granted: true } }),
    status: 404,
    detail: userNotFound,
  },
  {
    name: "POST /users/{id}/permissions/revoke",
    handler: revokeRoute.POST,
    method: "POST",
    request: () => ({ params: { id: b.adminId }, body: { permission_name: "user.view", granted: false } }),
    status: 404,
    detail: userNotFound,
  },
  {
    name: "DELETE /users/{id}/permissions/{name}",
    handler: overrideRoute.DELETE,
    method: "DELETE",
    request: () => ({ params: { id: b.userId, permissionName: "project.update" } }),
    status: 404,
    detail: userNotFound,
  },
  { name: "GET /permissions/user/{userId}", handler: permissionsOfUser.GET, method: "GET", request: () => ({ params: { userId: b.userId } }), status: 404, detail: userNotFound },
  { name: "GET /roles/{id}", handler: roleRoute.GET, method: "GET", request: () => ({ params: { id: b.tenantAdminRoleId } }), status: 404, detail: roleNotFound },
  {
    name: "PUT /roles/{id}",
    handler: roleRoute.PUT,
    method: "PUT",
    request: () => ({ params: { id: b.customRoleId }, body: { name: "Hijacked", description: "taken over" } }),
    status: 404,
    detail: roleNotFound,
  },
  {
    name: "POST /roles/{id}/permissions/{permissionId}",
    handler: rolePermissionRoute.POST,
    method: "POST",
    request: () => ({ params: { id: b.customRoleId, permissionId: b.missingPermissionId } }),
    status: 404,
    detail: roleNotFound,
  },
  {
    name: "DELETE /roles/{id}/permissions/{permissionId}",
    handler: rolePermissionRoute.DELETE,
    method: "DELETE",
    request: () => ({ params: { id: b.customRoleId, permissionId: b.heldPermissionId } }),
    status: 404,
    detail: roleNotFound,
  },
  {
    name: "POST /roles/{id}/permissions/{permissionId} (tenant admin role)",
    handler: rolePermissionRoute.POST,
    method: "POST",
    request: () => ({ params: { id: b.tenantAdminRoleId, permissionId: b.missingPermissionId } }),
    status: 404,
    detail: roleNotFound,
  },
  { name: "DELETE /invitations/{id}", handler: invitationRoute.DELETE, method: "DELETE", request: () => ({ params: { id: b.invitationId } }), status: 404, detail: invitationNotFound },
  { name: "POST /invitations/{id}/resend", handler: invitationResend.POST, method: "POST", request: () => ({ params: { id: b.invitationId } }), status: 404, detail: invitationNotFound },
  { name: "GET /users?tenant_id=B", handler: usersRoute.GET, method: "GET", request: () => ({ query: { tenant_id: b.tenantId } }), status: 404, detail: tenantNotFound },
  { name: "GET /invitations?tenant_id=B", handler: invitationsRoute.GET, method: "GET", request: () => ({ query: { tenant_id: b.tenantId } }), status: 404, detail: tenantNotFound },
  { name: "GET /roles?tenant_id=B", handler: rolesRoute.GET, method: "GET", request: () => ({ query: { tenant_id: b.tenantId } }), status: 404, detail: tenantNotFound },
  {
    name: "POST /users into B",
    handler: usersRoute.POST,
    method: "POST",
    request: () => ({ body: { email: "intruder@bravo.test", full_name: "Intruder", password: "intruder-password", tenant_id: b.tenantId } }),
    status: 404,
    detail: tenantNotFound,
  },
  {
    name: "POST /invitations into B",
    handler: invitationsRoute.POST,
    method: "POST",
    request: () => ({ body: { email: "intruder@bravo.test", role_id: global.tenantUserRoleId, tenant_id: b.tenantId } }),
    status: 404,
    detail: tenantNotFound,
  },
  {
    name: "POST /invitations with B's role",
    handler: invitationsRoute.POST,
    method: "POST",
    request: () => ({ body: { email: "intruder@alpha.test", role_id: b.tenantAdminRoleId } }),
    status: 403,
    detail: "This role cannot be assigned in this organization",
  },
  {
    name: "POST /roles into B",
    handler: rolesRoute.POST,
    method: "POST",
    request: () => ({ body: { name: "Intruders", tenant_id: b.tenantId, permissions: ["blog.view"] } }),
    status: 404,
    detail: tenantNotFound,
  },
  {
    name: "PUT /users/{id} moving a user into B",
    handler: userRoute.PUT,
    method: "PUT",
    request: () => ({ params: { id: a.userId }, body: { tenant_id: b.tenantId } }),
    status: 403,
    detail: "Only a super admin can move a user to another tenant",
  },
  { name: "DELETE /users/{id} (user)", handler: userRoute.DELETE, method: "DELETE", request: () => ({ params: { id: b.userId } }), status: 404, detail: userNotFound },
  { name: "DELETE /users/{id} (admin)", handler: userRoute.DELETE, method: "DELETE", request: () => ({ params: { id: b.adminId } }), status: 404, detail: userNotFound },
  { name: "DELETE /roles/{id}", handler: roleRoute.DELETE, method: "DELETE", request: () => ({ params: { id: b.customRoleId } }), status: 404, detail: roleNotFound },
];

/** Every administration endpoint, addressed with tenant A's own ids. */
const adminEndpoints: Omit<Case, "status" | "detail">[] = [
  { name: "GET /platform-settings", handler: platformSettingsRoute.GET, method: "GET", request: () => ({}) },
  { name: "PUT /platform-settings", handler: platformSettingsRoute.PUT, method: "PUT", request: () => ({ body: { enable_all_methods: false } }) },
  { name: "GET /tenants", handler: tenantsRoute.GET, method: "GET", request: () => ({}) },
  {
    name: "POST /tenants",
    handler: tenantsRoute.POST,
    method: "POST",
    request: () => ({ body: { name: "Rogue Org", domain: "rogue-org", admin_full_name: "Rogue Admin", admin_email: "rogue@rogue.test" } }),
  },
  { name: "GET /tenants/{id}", handler: tenantRoute.GET, method: "GET", request: () => ({ params: { id: a.tenantId } }) },
  { name: "PUT /tenants/{id}", handler: tenantRoute.PUT, method: "PUT", request: () => ({ params: { id: a.tenantId }, body: { name: "Renamed" } }) },
  { name: "DELETE /tenants/{id}", handler: tenantRoute.DELETE, method: "DELETE", request: () => ({ params: { id: a.tenantId } }) },
  { name: "POST /tenants/{id}/approve", handler: approveRoute.POST, method: "POST", request: () => ({ params: { id: a.tenantId } }) },
  { name: "GET /users", handler: usersRoute.GET, method: "GET", request: () => ({}) },
  {
    name: "POST /users",
    handler: usersRoute.POST,
    method: "POST",
    request: () => ({ body: { email: "new@alpha.test", full_name: "New Member", password: "new-member-password" } }),
  },
  { name: "GET /users/{id}", handler: userRoute.GET, method: "GET", request: () => ({ params: { id: a.adminId } }) },
  { name: "PUT /users/{id}", handler: userRoute.PUT, method: "PUT", request: () => ({ params: { id: a.adminId }, body: { full_name: "Renamed" } }) },
  { name: "DELETE /users/{id}", handler: userRoute.DELETE, method: "DELETE", request: () => ({ params: { id: a.adminId } }) },
  { name: "GET /users/{id}/permissions", handler: userPermissionsRoute.GET, method: "GET", request: () => ({ params: { id: a.userId } }) },
  { name: "GET /users/{id}/permissions/breakdown", handler: breakdownRoute.GET, method: "GET", request: () => ({ params: { id: a.userId } }) },
  { name: "GET /users/{id}/permissions/user-specific", handler: userSpecificRoute.GET, method: "GET", request: () => ({ params: { id: a.userId } }) },
  {
    name: "POST /users/{id}/permissions/grant",
    handler: grantRoute.POST,
    method: "POST",
    request: () => ({ params: { id: a.userId }, body: { permission_name: "user.view", granted: true } }),
  },
  {
    name: "POST /users/{id}/permissions/revoke",
    handler: revokeRoute.POST,
    method: "POST",
    request: () => ({ params: { id: a.adminId }, body: { permission_name: "user.view", granted: false } }),
  },
  {
    name: "DELETE /users/{id}/permissions/{name}",
    handler: overrideRoute.DELETE,
    method: "DELETE",
    request: () => ({ params: { id: a.userId, permissionName: "project.update" } }),
  },
  { name: "GET /permissions", handler: permissionsRoute.GET, method: "GET", request: () => ({}) },
  { name: "GET /permissions/{id}", handler: permissionRoute.GET, method: "GET", request: () => ({ params: { id: a.heldPermissionId } }) },
  { name: "GET /permissions/user/{userId}", handler: permissionsOfUser.GET, method: "GET", request: () => ({ params: { userId: a.adminId } }) },
  { name: "GET /roles", handler: rolesRoute.GET, method: "GET", request: () => ({}) },
  { name: "POST /roles", handler: rolesRoute.POST, method: "POST", request: () => ({ body: { name: "Editors", permissions: ["blog.view"] } }) },
  { name: "GET /roles/{id}", handler: roleRoute.GET, method: "GET", request: () => ({ params: { id: a.customRoleId } }) },
  { name: "PUT /roles/{id}", handler: roleRoute.PUT, method: "PUT", request: () => ({ params: { id: a.customRoleId }, body: { name: "Renamed" } }) },
  { name: "DELETE /roles/{id}", handler: roleRoute.DELETE, method: "DELETE", request: () => ({ params: { id: a.customRoleId } }) },
  {
    name: "POST /roles/{id}/permissions/{permissionId}",
    handler: rolePermissionRoute.POST,
    method: "POST",
    request: () => ({ params: { id: a.customRoleId, permissionId: a.missingPermissionId } }),
  },
  {
    name: "DELETE /roles/{id}/permissions/{permissionId}",
    handler: rolePermissionRoute.DELETE,
    method: "DELETE",
    request: () => ({ params: { id: a.customRoleId, permissionId: a.heldPermissionId } }),
  },
  { name: "GET /invitations", handler: invitationsRoute.GET, method: "GET", request: () => ({}) },
  {
    name: "POST /invitations",
    handler: invitationsRoute.POST,
    method: "POST",
    request: () => ({ body: { email: "friend@alpha.test", role_id: global.tenantUserRoleId } }),
  },
  { name: "DELETE /invitations/{id}", handler: invitationRoute.DELETE, method: "DELETE", request: () => ({ params: { id: a.invitationId } }) },
  { name: "POST /invitations/{id}/resend", handler: invitationResend.POST, method: "POST", request: () => ({ params: { id: a.invitationId } }) },
  { name: "GET /plugins", handler: pluginsRoute.GET, method: "GET", request: () => ({}) },
  { name: "PUT /plugins/{id}", handler: pluginRoute.PUT, method: "PUT", request: () => ({ params: { id: "gtts" }, body: { enabled: false } }) },
];

async function expectRefusedWithoutChange(tenantId: string, testCase: Case, credentials: Pick<CallOptions, "token" | "cookie">) {
  const before = await tenantSnapshot(tenantId);
  const response = await call(testCase.handler, testCase.method, { ...testCase.request(), ...credentials });
  expect(response.status).toBe(testCase.status);
  expect(await json(response)).toEqual({ detail: testCase.detail });
  expect(await tenantSnapshot(tenantId)).toEqual(before);
}

/**
 * Deletions last (whole users and roles after their parts): should one wrongly succeed, the cases after it must
 * still find B's rows to attack.
 */
const deletionsLast = (cases: Case[]) => [...cases.filter((c) => c.method !== "DELETE"), ...cases.filter((c) => c.method === "DELETE")];

describe("tenant A's admin using tenant B's ids", () => {
  it("uses real ids: B's own admin reaches them", async () => {
    const token = bravo.admin.access_token;
    expect((await call(userRoute.GET, "GET", { token, params: { id: b.userId } })).status).toBe(200);
    expect((await call(breakdownRoute.GET, "GET", { token, params: { id: b.userId } })).status).toBe(200);
    expect((await call(roleRoute.GET, "GET", { token, params: { id: b.customRoleId } })).status).toBe(200);
    expect((await call(tenantRoute.GET, "GET", { token, params: { id: b.tenantId } })).status).toBe(200);
    const invitations = await listOf<InvitationOut>(invitationsRoute.GET, { token, query: { tenant_id: b.tenantId } });
    expect(invitations.items.map((invitation) => invitation.id)).toContain(b.invitationId);
    const overrides = await call(userSpecificRoute.GET, "GET", { token, params: { id: b.userId } });
    expect(await json(overrides)).toMatchObject([{ permission_name: "project.update", granted: false }]);
  });

  it.each(deletionsLast(crossTenantCases))("$name answers $status and changes nothing in B", async (testCase) => {
    await expectRefusedWithoutChange(b.tenantId, testCase, { token: alpha.admin.access_token });
  });

  it("is refused by cookie just as by token", async () => {
    const [sample] = crossTenantCases.filter((testCase) => testCase.name === "DELETE /users/{id} (user)");
    await expectRefusedWithoutChange(b.tenantId, sample!, { cookie: alpha.admin.cookie });
  });

  it("lists show only tenant A's own tenant, users, invitations and roles", async () => {
    const token = alpha.admin.access_token;
    const tenants = await listOf<{ id: string }>(tenantsRoute.GET, { token });
    expect(tenants.items.map((tenant) => tenant.id)).toEqual([a.tenantId]);
    expect(tenants.total).toBe(1);

    const users = await listOf<ListedUser>(usersRoute.GET, { token });
    expect(users.items.length).toBeGreaterThan(0);
    expect(new Set(users.items.map((user) => user.tenant_id))).toEqual(new Set([a.tenantId]));
    const ownFilter = await listOf<ListedUser>(usersRoute.GET, { token, query: { tenant_id: a.tenantId } });
    expect(ownFilter.items).toEqual(users.items);

    const invitations = await listOf<InvitationOut>(invitationsRoute.GET, { token });
    expect(invitations.items.map((invitation) => invitation.id)).toEqual([a.invitationId]);

    const roles = await call(rolesRoute.GET, "GET", { token });
    const roleIds = (await json<{ id: string }[]>(roles)).map((role) => role.id);
    expect(roleIds).not.toContain(b.tenantAdminRoleId);
    expect(roleIds).not.toContain(b.customRoleId);
    expect(roleIds).toContain(a.customRoleId);
  });
});

describe("lists with search and paging parameters (issue 8: filtered and paged in SQL)", () => {
  const userQueries: Record<string, string>[] = [
    { search: "bravo" },
    { search: "pending@bravo" },
    { search: "user@" },
    { search: "@" },
    { status: "invited" },
    { status: "invited", search: "pending" },
    { role: "tenant_admin", search: "admin" },
    { role: "user", status: "active", limit: "1" },
    // tenant_id is filled in with A's own id when the case runs.
    { tenant_id: "", search: "bravo" },
    { limit: "1", offset: "1" },
  ];

  it.each(userQueries)("GET /users %o by A's admin shows only A's rows", async (query) => {
    const token = alpha.admin.access_token;
    const effective = Object.fromEntries(Object.entries(query).map(([key, value]) => [key, key === "tenant_id" ? a.tenantId : value]));
    const listed = await listOf<ListedUser>(usersRoute.GET, { token, query: effective });
    expect(listed.items.every((user) => user.tenant_id === a.tenantId)).toBe(true);
    expect(listed.items.map((user) => user.email).join(" ")).not.toContain("bravo");
    if (query.search?.includes("bravo")) expect(listed.total).toBe(0);
  });

  it("pages through all of A's users and invitations, and only those, however the pages are cut", async () => {
    const token = alpha.admin.access_token;
    const whole = await listOf<ListedUser>(usersRoute.GET, { token });
    const paged: string[] = [];
    for (let offset = 0; offset < whole.total + 2; offset += 2) {
      const page = await listOf<ListedUser>(usersRoute.GET, { token, query: { limit: "2", offset: String(offset) } });
      expect(page.total).toBe(whole.total);
      paged.push(...page.items.map((user) => user.id));
    }
    expect(paged).toEqual(whole.items.map((user) => user.id));
    expect(paged).not.toContain(b.userId);
    expect(paged).not.toContain(b.invitationId);
  });

  it("GET /tenants and GET /invitations with search and paging show only A's", async () => {
    const token = alpha.admin.access_token;
    const tenantQueries: Record<string, string>[] = [{ search: "Bravo" }, { limit: "1", offset: "0" }, { limit: "5", offset: "1" }];
    for (const query of tenantQueries) {
      const tenants = await listOf<{ id: string }>(tenantsRoute.GET, { token, query });
      expect(tenants.items.every((tenant) => tenant.id === a.tenantId), JSON.stringify(query)).toBe(true);
    }
    expect((await listOf<{ id: string }>(tenantsRoute.GET, { token, query: { search: "Bravo" } })).total).toBe(0);
    const invitationQueries: Record<string, string>[] = [{ status: "pending" }, { limit: "1", offset: "0" }, { limit: "1", offset: "1" }];
    for (const query of invitationQueries) {
      const invitations = await listOf<InvitationOut>(invitationsRoute.GET, { token, query });
      expect(invitations.items.map((invitation) => invitation.id).filter((id) => id !== a.invitationId), JSON.stringify(query)).toEqual([]);
    }
  });
});

describe("a regular user (Tenant User role)", () => {
  const cases: Case[] = adminEndpoints.map((endpoint) => ({ ...endpoint, status: 403, detail: FORBIDDEN.detail }));

  it.each(deletionsLast(cases))("$name answers 403 and changes nothing", async (testCase) => {
    await expectRefusedWithoutChange(a.tenantId, testCase, { token: alphaUser.access_token });
  });

  it("still has the dashboard its role grants", async () => {
    const response = await call(dashboardStats.GET, "GET", { token: alphaUser.access_token });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ type: "user" });
  });
});

describe("an anonymous caller", () => {
  const cases: Case[] = [
    ...adminEndpoints,
    { name: "GET /dashboard/stats", handler: dashboardStats.GET, method: "GET", request: () => ({}) },
  ].map((endpoint) => ({ ...endpoint, status: 401, detail: NOT_AUTHENTICATED.detail }));

  it.each(deletionsLast(cases))("$name answers 401 and changes nothing", async (testCase) => {
    await expectRefusedWithoutChange(a.tenantId, testCase, {});
  });
});

describe("escalation attempts by a tenant admin", () => {
  const escalations: Case[] = [
    {
      name: "creating a user with the super_admin role",
      handler: usersRoute.POST,
      method: "POST",
      request: () => ({ body: { email: "boss@alpha.test", full_name: "Big Boss", password: "big-boss-password", role: "super_admin" } }),
      status: 403,
      detail: "You cannot assign this role",
    },
    {
      name: "changing a user's role on edit",
      handler: userRoute.PUT,
      method: "PUT",
      request: () => ({ params: { id: a.userId }, body: { full_name: "Promoted Member", role: "tenant_admin" } }),
      status: 403,
      detail: "Only a super admin can change a user's role",
    },
    {
      name: "making themselves super admin on edit",
      handler: userRoute.PUT,
      method: "PUT",
      request: () => ({ params: { id: a.adminId }, body: { role: "super_admin" } }),
      status: 403,
      detail: "Only a super admin can change a user's role",
    },
    {
      name: "moving a user to the platform tenant",
      handler: userRoute.PUT,
      method: "PUT",
      request: () => ({ params: { id: a.userId }, body: { tenant_id: global.platformId } }),
      status: 403,
      detail: "Only a super admin can move a user to another tenant",
    },
    {
      name: "granting tenant.create to themselves",
      handler: grantRoute.POST,
      method: "POST",
      request: () => ({ params: { id: a.adminId }, body: { permission_name: "tenant.create", granted: true } }),
      status: 403,
      detail: "You cannot change your own permissions",
    },
    {
      name: "granting tenant.create to a user",
      handler: grantRoute.POST,
      method: "POST",
      request: () => ({ params: { id: a.userId }, body: { permission_name: "tenant.create", granted: true } }),
      status: 403,
      detail: "You cannot grant a permission you do not hold yourself",
    },
    {
      name: "granting tenant.create to a user for one resource",
      handler: grantRoute.POST,
      method: "POST",
      request: () => ({ params: { id: a.userId }, body: { permission_name: "tenant.create", granted: true, resource: a.tenantId } }),
      status: 403,
      detail: "You cannot grant a permission you do not hold yourself",
    },
    {
      name: "granting themselves a permission they already hold",
      handler: grantRoute.POST,
      method: "POST",
      request: () => ({ params: { id: a.adminId }, body: { permission_name: "user.view", granted: true } }),
      status: 403,
      detail: "You cannot change your own permissions",
    },
    {
      name: "adding a permission to the global Tenant User role",
      handler: rolePermissionRoute.POST,
      method: "POST",
      request: () => ({ params: { id: global.tenantUserRoleId, permissionId: global.userViewId } }),
      status: 403,
      detail: "Only a super admin can change global roles",
    },
    {
      name: "removing a permission from the global Tenant User role",
      handler: rolePermissionRoute.DELETE,
      method: "DELETE",
      request: () => ({ params: { id: global.tenantUserRoleId, permissionId: global.dashboardViewId } }),
      status: 403,
      detail: "Only a super admin can change global roles",
    },
    {
      name: "renaming the global Tenant User role",
      handler: roleRoute.PUT,
      method: "PUT",
      request: () => ({ params: { id: global.tenantUserRoleId }, body: { name: "Everyone" } }),
      status: 403,
      detail: "Only a super admin can change global roles",
    },
    {
      name: "adding tenant.create to their own Tenant Admin role",
      handler: rolePermissionRoute.POST,
      method: "POST",
      request: () => ({ params: { id: a.tenantAdminRoleId, permissionId: global.tenantCreateId } }),
      status: 403,
      detail: "You cannot give a role a permission you do not hold yourself",
    },
    {
      name: "creating a role carrying tenant.create",
      handler: rolesRoute.POST,
      method: "POST",
      request: () => ({ body: { name: "Operators", permissions: ["blog.view", "tenant.create"] } }),
      status: 403,
      detail: "You cannot give a role a permission you do not hold yourself",
    },
    {
      name: "reading the Super Admin role",
      handler: roleRoute.GET,
      method: "GET",
      request: () => ({ params: { id: global.superAdminRoleId } }),
      status: 404,
      detail: roleNotFound,
    },
    {
      name: "inviting into the Super Admin role",
      handler: invitationsRoute.POST,
      method: "POST",
      request: () => ({ body: { email: "boss@alpha.test", role_id: global.superAdminRoleId } }),
      status: 403,
      detail: "This role cannot be assigned in this organization",
    },
    {
      name: "editing their own tenant",
      handler: tenantRoute.PUT,
      method: "PUT",
      request: () => ({ params: { id: a.tenantId }, body: { name: "Alpha Renamed" } }),
      status: 403,
      detail: FORBIDDEN.detail,
    },
    {
      name: "deactivating themselves",
      handler: userRoute.PUT,
      method: "PUT",
      request: () => ({ params: { id: a.adminId }, body: { is_active: false } }),
      status: 400,
      detail: "You cannot deactivate your own account",
    },
    {
      name: "deleting themselves",
      handler: userRoute.DELETE,
      method: "DELETE",
      request: () => ({ params: { id: a.adminId } }),
      status: 400,
      detail: "You cannot delete your own account",
    },
  ];

  it.each(deletionsLast(escalations))("$name is refused ($status) and changes nothing", async (testCase) => {
    await expectRefusedWithoutChange(a.tenantId, testCase, { token: alpha.admin.access_token });
  });

  it("the global roles still carry exactly their defaults, and the admin still lacks tenant.create", async () => {
    const { access_token } = await superAdmin();
    const roles = await json<{ id: string; permissions: string[] }[]>(await call(rolesRoute.GET, "GET", { token: access_token }));
    expect(roles.find((role) => role.id === global.tenantUserRoleId)?.permissions).toEqual([
      "blog.create",
      "blog.view",
      "dashboard.view",
      "presentation.generate",
      "presentation.view",
      "project.create",
      "project.update",
      "project.view",
    ]);
    const own = await call(userPermissionsRoute.GET, "GET", { token: alpha.admin.access_token, params: { id: a.adminId } });
    expect(await json<string[]>(own)).not.toContain("tenant.create");
  });
});

// ---- Projects and blogs (issue 9): the same matrix over every content route ----

/** The content ids each tenant owns. */
interface ContentIds {
  projectId: string;
  blogId: string;
  fileKey: string;
}

const ac = {} as ContentIds;
const bc = {} as ContentIds;

async function fillContent(ids: ContentIds, org: Organisation, tenantId: string, name: string) {
  const file = await storedFile(tenantId, { name: `${name}.pdf` });
  const project = await newProject(org.admin.access_token, `${name} Project`, `${name} description`);
  const blog = await newBlog(org.admin.access_token, project.id, {
    blog_title: `${name} Blog`,
    blog_author: `${name} Author`,
    blog_email: `author@${name.toLowerCase()}.test`,
    main_text: file.key,
    is_website: false,
    website_links: [`https://${name.toLowerCase()}.example/page`],
    content_blocks: [`${name} block`],
  });
  // Settle the sources' text extraction now: the job would otherwise write to them in the background while a test
  // compares snapshots taken before and after a refused request.
  await extractBlogSources(blog.id);
  Object.assign(ids, { projectId: project.id, blogId: blog.id, fileKey: file.key });
}

/** Every content route, addressed with tenant A's own ids. */
const contentEndpoints: Omit<Case, "status" | "detail">[] = [
  { name: "GET /projects", handler: projectsRoute.GET, method: "GET", request: () => ({}) },
  { name: "POST /projects", handler: projectsRoute.POST, method: "POST", request: () => ({ body: { name: "New Project" } }) },
  { name: "GET /projects/{id}", handler: projectRoute.GET, method: "GET", request: () => ({ params: { id: ac.projectId } }) },
  { name: "PUT /projects/{id}", handler: projectRoute.PUT, method: "PUT", request: () => ({ params: { id: ac.projectId }, body: { name: "Renamed" } }) },
  { name: "DELETE /projects/{id}", handler: projectRoute.DELETE, method: "DELETE", request: () => ({ params: { id: ac.projectId } }) },
  { name: "GET /blogs", handler: blogsRoute.GET, method: "GET", request: () => ({}) },
  {
    name: "POST /blogs",
    handler: blogsRoute.POST,
    method: "POST",
    request: () => ({
      body: { project_id: ac.projectId, blog_title: "T", blog_author: "A", blog_email: "a@alpha.test", main_text: "https://example.com", is_website: true },
    }),
  },
  { name: "GET /blogs/project/{projectId}", handler: projectBlogsRoute.GET, method: "GET", request: () => ({ params: { projectId: ac.projectId } }) },
  { name: "GET /blogs/{id}", handler: blogRoute.GET, method: "GET", request: () => ({ params: { id: ac.blogId } }) },
  { name: "PUT /blogs/{id}", handler: blogRoute.PUT, method: "PUT", request: () => ({ params: { id: ac.blogId }, body: { blog_title: "Renamed" } }) },
  { name: "DELETE /blogs/{id}", handler: blogRoute.DELETE, method: "DELETE", request: () => ({ params: { id: ac.blogId } }) },
];

/** Tenant A's admin using tenant B's content ids: every one refused. */
const crossTenantContentCases: Case[] = [
  { name: "GET /projects/{id}", handler: projectRoute.GET, method: "GET", request: () => ({ params: { id: bc.projectId } }), status: 404, detail: "Project not found" },
  {
    name: "PUT /projects/{id}",
    handler: projectRoute.PUT,
    method: "PUT",
    request: () => ({ params: { id: bc.projectId }, body: { name: "Hijacked", description: "taken over" } }),
    status: 404,
    detail: "Project not found",
  },
  { name: "DELETE /projects/{id}", handler: projectRoute.DELETE, method: "DELETE", request: () => ({ params: { id: bc.projectId } }), status: 404, detail: "Project not found" },
  { name: "GET /projects?tenant_id=B", handler: projectsRoute.GET, method: "GET", request: () => ({ query: { tenant_id: b.tenantId } }), status: 404, detail: tenantNotFound },
  {
    name: "POST /projects into B",
    handler: projectsRoute.POST,
    method: "POST",
    request: () => ({ body: { name: "Intruder", tenant_id: b.tenantId } }),
    status: 404,
    detail: tenantNotFound,
  },
  {
    name: "GET /blogs/project/{B's project}",
    handler: projectBlogsRoute.GET,
    method: "GET",
    request: () => ({ params: { projectId: bc.projectId } }),
    status: 404,
    detail: "Project not found",
  },
  {
    name: "GET /blogs/project/{B's project} with search and paging",
    handler: projectBlogsRoute.GET,
    method: "GET",
    request: () => ({ params: { projectId: bc.projectId }, query: { search: "Bravo", limit: "1", offset: "1" } }),
    status: 404,
    detail: "Project not found",
  },
  { name: "GET /blogs?tenant_id=B", handler: blogsRoute.GET, method: "GET", request: () => ({ query: { tenant_id: b.tenantId } }), status: 404, detail: tenantNotFound },
  { name: "GET /blogs/{id}", handler: blogRoute.GET, method: "GET", request: () => ({ params: { id: bc.blogId } }), status: 404, detail: "Blog not found" },
  {
    name: "PUT /blogs/{id}",
    handler: blogRoute.PUT,
    method: "PUT",
    request: () => ({ params: { id: bc.blogId }, body: { blog_title: "Hijacked", website_links: [], uploaded_files: [] } }),
    status: 404,
    detail: "Blog not found",
  },
  { name: "DELETE /blogs/{id}", handler: blogRoute.DELETE, method: "DELETE", request: () => ({ params: { id: bc.blogId } }), status: 404, detail: "Blog not found" },
  {
    name: "POST /blogs into B's project",
    handler: blogsRoute.POST,
    method: "POST",
    request: () => ({
      body: { project_id: bc.projectId, blog_title: "T", blog_author: "A", blog_email: "a@alpha.test", main_text: "https://example.com", is_website: true },
    }),
    status: 404,
    detail: "Project not found",
  },
];

/** A refused request changed nothing in the tenant: its administration rows and its content, sources included. */
async function expectContentRefusedWithoutChange(tenantId: string, testCase: Case, credentials: Pick<CallOptions, "token" | "cookie">) {
  const before = await contentSnapshot(tenantId);
  await expectRefusedWithoutChange(tenantId, testCase, credentials);
  expect(await contentSnapshot(tenantId)).toEqual(before);
}

describe("projects and blogs: tenant A's admin using tenant B's content ids", () => {
  beforeAll(async () => {
    await fillContent(ac, alpha, a.tenantId, "Alpha");
    await fillContent(bc, bravo, b.tenantId, "Bravo");
  });

  it("uses real ids: B's own admin reaches them", async () => {
    const token = bravo.admin.access_token;
    expect((await call(projectRoute.GET, "GET", { token, params: { id: bc.projectId } })).status).toBe(200);
    expect((await call(blogRoute.GET, "GET", { token, params: { id: bc.blogId } })).status).toBe(200);
    expect((await listOf(projectBlogsRoute.GET, { token, params: { projectId: bc.projectId } })).total).toBe(1);
  });

  it.each(deletionsLast(crossTenantContentCases))("$name answers $status and changes nothing in B", async (testCase) => {
    await expectContentRefusedWithoutChange(b.tenantId, testCase, { token: alpha.admin.access_token });
  });

  it("is refused by cookie just as by token", async () => {
    const [sample] = crossTenantContentCases.filter((testCase) => testCase.name === "DELETE /blogs/{id}");
    await expectContentRefusedWithoutChange(b.tenantId, sample!, { cookie: alpha.admin.cookie });
  });

  it("POST /blogs naming B's file (main document or extra) is refused (422) and writes nothing anywhere", async () => {
    for (const fields of [{ main_text: bc.fileKey, is_website: false }, { uploaded_files: [bc.fileKey] }]) {
      const [beforeA, beforeB] = [await contentSnapshot(a.tenantId), await contentSnapshot(b.tenantId)];
      const response = await call(blogsRoute.POST, "POST", {
        token: alpha.admin.access_token,
        body: { project_id: ac.projectId, blog_title: "T", blog_author: "A", blog_email: "a@alpha.test", main_text: "https://example.com", is_website: true, ...fields },
      });
      expect(response.status).toBe(422);
      expect(JSON.stringify(await json(response))).toContain("File not found");
      expect(await contentSnapshot(a.tenantId)).toEqual(beforeA);
      expect(await contentSnapshot(b.tenantId)).toEqual(beforeB);
    }
  });

  it("PUT /blogs/{id} on A's own blog naming B's file is refused and writes nothing", async () => {
    const beforeB = await contentSnapshot(b.tenantId);
    const before = await contentSnapshot(a.tenantId);
    const response = await call(blogRoute.PUT, "PUT", { token: alpha.admin.access_token, params: { id: ac.blogId }, body: { uploaded_files: [bc.fileKey] } });
    expect(response.status).toBe(422);
    expect(await contentSnapshot(a.tenantId)).toEqual(before);
    expect(await contentSnapshot(b.tenantId)).toEqual(beforeB);
  });

  const projectQueries: Record<string, string>[] = [
    {},
    { search: "Bravo" },
    { search: "description" },
    { limit: "1", offset: "0" },
    { limit: "1", offset: "1" },
    { limit: "500", offset: "0" },
    // tenant_id is filled in with A's own id when the case runs.
    { tenant_id: "", search: "bravo" },
  ];

  it.each(projectQueries)("GET /projects %o by A's admin shows only A's projects", async (query) => {
    const effective = Object.fromEntries(Object.entries(query).map(([key, value]) => [key, key === "tenant_id" ? a.tenantId : value]));
    const listed = await listOf<{ id: string; tenant_id: string; name: string }>(projectsRoute.GET, { token: alpha.admin.access_token, query: effective });
    expect(listed.items.every((project) => project.tenant_id === a.tenantId)).toBe(true);
    expect(listed.items.map((project) => project.id)).not.toContain(bc.projectId);
    if (query.search?.toLowerCase().includes("bravo")) expect(listed.total).toBe(0);
  });

  const blogQueries: Record<string, string>[] = [
    {},
    { search: "Bravo" },
    { search: "author@" },
    { search: "@bravo.test" },
    { limit: "1", offset: "0" },
    { limit: "1", offset: "1" },
    // project_id and tenant_id are filled in when the case runs: B's project, A's tenant.
    { project_id: "" },
    { project_id: "", search: "Bravo" },
    { tenant_id: "", search: "bravo" },
  ];

  it.each(blogQueries)("GET /blogs %o and GET /blogs/project/{A's} by A's admin show only A's blogs", async (query) => {
    const effective = Object.fromEntries(
      Object.entries(query).map(([key, value]) => [key, key === "tenant_id" ? a.tenantId : key === "project_id" ? bc.projectId : value]),
    );
    const token = alpha.admin.access_token;
    const listed = await listOf<{ id: string; tenant_id: string }>(blogsRoute.GET, { token, query: effective });
    expect(listed.items.every((blog) => blog.tenant_id === a.tenantId)).toBe(true);
    expect(listed.items.map((blog) => blog.id)).not.toContain(bc.blogId);
    if ("project_id" in query || query.search?.toLowerCase().includes("bravo")) expect(listed.total).toBe(0);
    const { project_id: _project, tenant_id: _tenant, ...pageQuery } = query;
    const ofProject = await listOf<{ id: string; tenant_id: string }>(projectBlogsRoute.GET, { token, params: { projectId: ac.projectId }, query: pageQuery });
    expect(ofProject.items.every((blog) => blog.tenant_id === a.tenantId)).toBe(true);
    expect(ofProject.items.map((blog) => blog.id)).not.toContain(bc.blogId);
  });
});

describe("projects and blogs: a regular user (Tenant User role)", () => {
  const refused = new Set(["DELETE /projects/{id}", "DELETE /blogs/{id}"]);
  const cases: Case[] = contentEndpoints
    .filter((endpoint) => refused.has(endpoint.name))
    .map((endpoint) => ({ ...endpoint, status: 403, detail: FORBIDDEN.detail }));

  it.each(cases)("$name answers 403 (no project.delete or blog.delete) and changes nothing", async (testCase) => {
    await expectContentRefusedWithoutChange(a.tenantId, testCase, { token: alphaUser.access_token });
  });

  it("reads and creates as the role grants; the project.update revoked from this user in the set-up stays revoked", async () => {
    const token = alphaUser.access_token;
    expect((await call(projectRoute.GET, "GET", { token, params: { id: ac.projectId } })).status).toBe(200);
    expect((await call(blogRoute.GET, "GET", { token, params: { id: ac.blogId } })).status).toBe(200);
    const project = await newProject(token, "Member's Project");
    const edit = await call(projectRoute.PUT, "PUT", { token, params: { id: project.id }, body: { name: "Member's Renamed" } });
    expect(edit.status).toBe(403);
  });
});

describe("projects and blogs: an anonymous caller", () => {
  const cases: Case[] = contentEndpoints.map((endpoint) => ({ ...endpoint, status: 401, detail: NOT_AUTHENTICATED.detail }));

  it.each(deletionsLast(cases))("$name answers 401 and changes nothing", async (testCase) => {
    await expectContentRefusedWithoutChange(a.tenantId, testCase, {});
  });
});

describe("files: tenant A's admin using tenant B's storage keys", () => {
  const fileCases = (): Case[] => [
    ...(
      [
        ["GET /files/view", filesViewRoute.GET],
        ["GET /files/download", filesDownloadRoute.GET],
        ["GET /files/info", filesInfoRoute.GET],
        ["GET /files/preview", filesPreviewRoute.GET],
        ["GET /files/s3-content", filesContentRoute.GET],
        ["GET /files/shared-image (signed in, no token)", filesSharedImageRoute.GET],
        ["GET /files/shared-content (signed in, no token)", filesSharedContentRoute.GET],
      ] as const
    ).map(([name, handler]) => ({ name, handler, method: "GET", request: () => ({ query: { path: bc.fileKey } }), status: 404, detail: "File not found" })),
    { name: "DELETE /files", handler: filesRoute.DELETE, method: "DELETE", request: () => ({ query: { path: bc.fileKey } }), status: 404, detail: "File not found" },
  ];

  it("B's own admin reaches B's file", async () => {
    const response = await call(filesInfoRoute.GET, "GET", { token: bravo.admin.access_token, query: { path: bc.fileKey } });
    expect(response.status).toBe(200);
  });

  it("every file route answers 404 for B's key and changes nothing in B, the stored object included", async () => {
    for (const testCase of fileCases()) {
      await expectContentRefusedWithoutChange(b.tenantId, testCase, { token: alpha.admin.access_token });
      expect(await storage().head(bc.fileKey), testCase.name).not.toBeNull();
    }
  });

  it("an anonymous caller is asked to sign in, and gets nothing from the shared routes without a share token", async () => {
    for (const handler of [filesViewRoute.GET, filesDownloadRoute.GET, filesInfoRoute.GET]) {
      expect((await call(handler, "GET", { query: { path: ac.fileKey } })).status).toBe(401);
    }
    for (const handler of [filesSharedImageRoute.GET, filesSharedContentRoute.GET]) {
      expect((await call(handler, "GET", { query: { path: ac.fileKey } })).status).toBe(404);
      expect((await call(handler, "GET", { query: { path: ac.fileKey, token: "not-a-share-token" } })).status).toBe(404);
    }
  });
});

// ---- Presentations (issue 11): another tenant's presentation, slide image, thumbnail, task status and export ----

/** The presentation ids and stored images each tenant owns. */
interface PresentationIds {
  presentationId: string;
  webImageKey: string;
  thumbnailKey: string;
  pictureKey: string;
  /** The first slide's script as a text path (script_path). */
  scriptPath: string;
  /** A typed question asked in the tenant's own Q&A session. */
  chatHistoryId: string;
  sessionId: string;
}

const ap = {} as PresentationIds;
const bp = {} as PresentationIds;

async function fillPresentation(ids: PresentationIds, org: Organisation, blogId: string, name: string) {
  const token = org.admin.access_token;
  const form = new FormData();
  form.set("file", new Blob([Buffer.from(pngBytes())]), `${name}.png`);
  const uploaded = await slideImageRoute.POST(
    new Request("http://app.test/api/v1/presentations/upload-slide-image", { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form }),
    { params: Promise.resolve({}) },
  );
  expect(uploaded.status).toBe(201);
  const pictureKey = (await json<{ image_path: string }>(uploaded)).image_path;
  const created = await call(presentationsRoute.POST, "POST", {
    token,
    body: { blog_id: blogId, template: "manual", slides: [{ slide_title: `${name} deck`, body: "One\nTwo", slide_content: `${name} narration.`, image_path: pictureKey }] },
  });
  expect(created.status).toBe(201);
  const id = (await json<PresentationOut>(created)).id;
  // The render and narration jobs draw and speak the slide in the background: both settle before snapshots are
  // compared (a narration still speaking writes the slide's audio in the middle of one).
  const deck = await eventually(async () => {
    const read = await json<PresentationOut>(await call(presentationRoute.GET, "GET", { token, params: { id } }));
    return read.slides.every((slide) => slide.image_status === "ready") && read.webhook_status !== "pending" ? read : undefined;
  }, `${name}'s slides to be rendered and narrated`, 70_000);
  await jobsSettle(RENDER_JOB);
  await jobsSettle(NARRATION_JOB);
  const asked = await call(qaQuestionRoute.POST, "POST", { token, body: { presentation_id: id, question: `What is ${name} about?` } });
  expect(asked.status, await asked.clone().text()).toBe(200);
  const { chat_history_id: chatHistoryId, session_id: sessionId } = await json<{ chat_history_id: string; session_id: string }>(asked);
  Object.assign(ids, {
    presentationId: id,
    webImageKey: deck.slides[0]!.web_image_path,
    thumbnailKey: deck.slides[0]!.thumbnail_path,
    scriptPath: deck.slides[0]!.script_path,
    pictureKey,
    chatHistoryId,
    sessionId,
  });
}

const presentationNotFound = "Presentation not found";

/** Tenant A's admin using tenant B's presentation ids, blog and stored images: every one 404. */
const crossTenantPresentationCases = (): Case[] => [
  { name: "GET /presentations/{id}", handler: presentationRoute.GET, method: "GET", request: () => ({ params: { id: bp.presentationId } }), status: 404, detail: presentationNotFound },
  {
    name: "GET /presentations/{id}?include=audio",
    handler: presentationRoute.GET,
    method: "GET",
    request: () => ({ params: { id: bp.presentationId }, query: { include: "audio" } }),
    status: 404,
    detail: presentationNotFound,
  },
  // Narration, sharing and Q&A (issue 12).
  ...(
    [
      ["POST /presentations/{id}/share", presentationShareRoute.POST, "POST"],
      ["GET /presentations/{id}/share", presentationShareRoute.GET, "GET"],
      ["DELETE /presentations/{id}/share", presentationShareRoute.DELETE, "DELETE"],
      ["POST /presentations/{id}/retry-webhook", presentationRetryRoute.POST, "POST"],
    ] as const
  ).map(([name, handler, method]) => ({ name, handler, method, request: () => ({ params: { id: bp.presentationId } }), status: 404, detail: presentationNotFound })),
  // Share analytics (issue 26): B's figures, their CSV, and events sent for B's deck by A's player.
  ...(
    [
      ["GET /presentations/{id}/analytics", presentationAnalyticsRoute.GET],
      ["GET /presentations/{id}/analytics.csv", presentationAnalyticsCsvRoute.GET],
    ] as const
  ).map(([name, handler]) => ({ name, handler, method: "GET", request: () => ({ params: { id: bp.presentationId } }), status: 404, detail: presentationNotFound })),
  {
    name: "POST /presentations/{id}/analytics/events",
    handler: presentationAnalyticsEventsRoute.POST,
    method: "POST",
    request: () => ({ params: { id: bp.presentationId }, body: { events: [{ kind: "view" }] }, headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0" } }),
    status: 404,
    detail: presentationNotFound,
  },
  {
    name: "POST /tts/speech-to-text for B's presentation",
    handler: speechToTextRoute.POST,
    method: "POST",
    request: () => ({ query: { presentation_id: bp.presentationId } }),
    status: 404,
    detail: presentationNotFound,
  },
  {
    name: "POST /qa/question for B's presentation",
    handler: qaQuestionRoute.POST,
    method: "POST",
    request: () => ({ body: { presentation_id: bp.presentationId, question: "Whose deck is this?" } }),
    status: 404,
    detail: presentationNotFound,
  },
  {
    name: "POST /qa/stream-response for B's question",
    handler: qaStreamResponseRoute.POST,
    method: "POST",
    request: () => ({ query: { chat_history_id: bp.chatHistoryId, current_slide_number: "1" } }),
    status: 404,
    detail: "Question not found",
  },
  {
    name: "GET /qa/history of B's session",
    handler: qaHistoryRoute.GET,
    method: "GET",
    request: () => ({ query: { session_id: bp.sessionId } }),
    status: 404,
    detail: "Session not found",
  },
  {
    name: "PUT /presentations/{id}",
    handler: presentationRoute.PUT,
    method: "PUT",
    request: () => ({ params: { id: bp.presentationId }, body: { template: "creative" } }),
    status: 404,
    detail: presentationNotFound,
  },
  {
    name: "PUT /presentations/{id}/update-slides",
    handler: presentationUpdateSlidesRoute.PUT,
    method: "PUT",
    request: () => ({ params: { id: bp.presentationId }, body: { version: 0, slides: [{ slide_title: "Hijacked" }] } }),
    status: 404,
    detail: presentationNotFound,
  },
  {
    name: "PUT /presentations/{id}/update-slides with the spec's payload (no version)",
    handler: presentationUpdateSlidesRoute.PUT,
    method: "PUT",
    request: () => ({ params: { id: bp.presentationId }, body: { slides: [{ slide_title: "Hijacked" }] } }),
    status: 404,
    detail: presentationNotFound,
  },
  {
    name: "GET /presentations/{id}/task-status",
    handler: presentationTaskStatusRoute.GET,
    method: "GET",
    request: () => ({ params: { id: bp.presentationId } }),
    status: 404,
    detail: presentationNotFound,
  },
  {
    name: "GET /presentations/{id}/thumbnails",
    handler: presentationThumbnailsRoute.GET,
    method: "GET",
    request: () => ({ params: { id: bp.presentationId } }),
    status: 404,
    detail: presentationNotFound,
  },
  {
    name: "GET /presentations/{id}/captions.vtt",
    handler: presentationCaptionsRoute.GET,
    method: "GET",
    request: () => ({ params: { id: bp.presentationId } }),
    status: 404,
    detail: presentationNotFound,
  },
  {
    name: "GET /presentations/download/{id}",
    handler: presentationDownloadRoute.GET,
    method: "GET",
    request: () => ({ params: { id: bp.presentationId } }),
    status: 404,
    detail: presentationNotFound,
  },
  {
    name: "GET /presentations/download/{id}?format=pdf",
    handler: presentationDownloadRoute.GET,
    method: "GET",
    request: () => ({ params: { id: bp.presentationId }, query: { format: "pdf" } }),
    status: 404,
    detail: presentationNotFound,
  },
  {
    name: "GET /presentations/check-exists/{B's blog}",
    handler: presentationCheckExistsRoute.GET,
    method: "GET",
    request: () => ({ params: { blogId: bc.blogId } }),
    status: 404,
    detail: "Blog not found",
  },
  {
    name: "GET /presentations/blog/{B's blog}",
    handler: blogPresentationsRoute.GET,
    method: "GET",
    request: () => ({ params: { blogId: bc.blogId } }),
    status: 404,
    detail: "Blog not found",
  },
  {
    name: "POST /presentations for B's blog",
    handler: presentationsRoute.POST,
    method: "POST",
    request: () => ({ body: { blog_id: bc.blogId, template: "manual", slides: [{ slide_title: "Intruder" }] } }),
    status: 404,
    detail: "Blog not found",
  },
  {
    name: "POST /presentations (AI) for B's blog",
    handler: presentationsRoute.POST,
    method: "POST",
    request: () => ({ body: { blog_id: bc.blogId, template: "professional" } }),
    status: 404,
    detail: "Blog not found",
  },
  { name: "GET /presentations?tenant_id=B", handler: presentationsRoute.GET, method: "GET", request: () => ({ query: { tenant_id: b.tenantId } }), status: 404, detail: tenantNotFound },
  { name: "POST /presentations/parse-ppt with B's key", handler: parsePptRoute.POST, method: "POST", request: () => ({ body: { file_path: bp.pictureKey } }), status: 404, detail: "File not found" },
  ...(
    [
      ["GET /files/view of B's slide image", () => bp.webImageKey],
      ["GET /files/view of B's thumbnail", () => bp.thumbnailKey],
      ["GET /files/view of B's uploaded picture", () => bp.pictureKey],
    ] as const
  ).map(([name, key]) => ({ name, handler: filesViewRoute.GET, method: "GET", request: () => ({ query: { path: key() } }), status: 404, detail: "File not found" })),
  ...(
    [
      ["GET /files/s3-content of B's slide script", filesContentRoute.GET],
      ["GET /files/shared-content of B's slide script (signed in, no token)", filesSharedContentRoute.GET],
    ] as const
  ).map(([name, handler]) => ({ name, handler, method: "GET", request: () => ({ query: { path: bp.scriptPath } }), status: 404, detail: "File not found" })),
];

async function slidesOf(tenantId: string) {
  return (await getDb()).select().from(slides).where(eq(slides.tenantId, tenantId)).orderBy(asc(slides.id));
}

describe("presentations: tenant A's admin using tenant B's presentation ids and images", () => {
  beforeAll(async () => {
    await fillPresentation(ap, alpha, ac.blogId, "Alpha");
    await fillPresentation(bp, bravo, bc.blogId, "Bravo");
  }, 150_000);

  it("uses real ids: B's own admin reaches them", async () => {
    const token = bravo.admin.access_token;
    expect((await call(presentationRoute.GET, "GET", { token, params: { id: bp.presentationId } })).status).toBe(200);
    expect((await call(presentationDownloadRoute.GET, "GET", { token, params: { id: bp.presentationId } })).status).toBe(200);
    expect((await call(filesViewRoute.GET, "GET", { token, query: { path: bp.thumbnailKey } })).status).toBe(200);
  });

  it("every presentation route answers 404 and changes nothing in B, slides and stored images included", async () => {
    for (const testCase of crossTenantPresentationCases()) {
      const beforeSlides = await slidesOf(b.tenantId);
      await expectContentRefusedWithoutChange(b.tenantId, testCase, { token: alpha.admin.access_token });
      expect(await slidesOf(b.tenantId), testCase.name).toEqual(beforeSlides);
      for (const key of [bp.webImageKey, bp.thumbnailKey, bp.pictureKey]) expect(await storage().head(key), testCase.name).not.toBeNull();
    }
  });

  it("A's upload of a slide image for B's presentation is not found and stores nothing in either tenant", async () => {
    const before = [await contentSnapshot(a.tenantId), await contentSnapshot(b.tenantId)];
    const form = new FormData();
    form.set("presentation_id", bp.presentationId);
    form.set("file", new Blob([Buffer.from(pngBytes())]), "intruder.png");
    const response = await slideImageRoute.POST(
      new Request("http://app.test/api/v1/presentations/upload-slide-image", {
        method: "POST",
        headers: { authorization: `Bearer ${alpha.admin.access_token}` },
        body: form,
      }),
      { params: Promise.resolve({}) },
    );
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({ detail: presentationNotFound });
    expect([await contentSnapshot(a.tenantId), await contentSnapshot(b.tenantId)]).toEqual(before);
  });

  it("A's lists show only A's presentations", async () => {
    const listed = await listOf<{ id: string; tenant_id: string }>(presentationsRoute.GET, { token: alpha.admin.access_token });
    expect(listed.items.map((item) => item.id)).toContain(ap.presentationId);
    expect(listed.items.every((item) => item.tenant_id === a.tenantId)).toBe(true);
    const filtered = await listOf<{ id: string }>(presentationsRoute.GET, { token: alpha.admin.access_token, query: { blog_id: bc.blogId } });
    expect(filtered.total).toBe(0);
  });

  it("an anonymous caller is asked to sign in", async () => {
    // The shared routes answer anonymous callers without a token 404 (tested with the files above), not 401.
    const signedInOnly = crossTenantPresentationCases().filter((entry) => entry.handler !== filesViewRoute.GET && entry.handler !== filesSharedContentRoute.GET);
    for (const testCase of signedInOnly) {
      const response = await call(testCase.handler, testCase.method, testCase.request());
      expect(response.status, testCase.name).toBe(401);
    }
  });
});


// ---- Share analytics settings: each tenant's own, whoever asks ----

describe("analytics settings", () => {
  it("A's administrator turns analytics off for A alone; B's stays on, and A's regular user may not change it", async () => {
    const off = await call(analyticsSettingsRoute.PUT, "PUT", { token: alpha.admin.access_token, body: { enabled: false } });
    expect(await json(off)).toEqual({ enabled: false });
    expect(await json(await call(analyticsSettingsRoute.GET, "GET", { token: bravo.admin.access_token }))).toEqual({ enabled: true });
    expect((await call(analyticsSettingsRoute.PUT, "PUT", { token: alphaUser.access_token, body: { enabled: true } })).status).toBe(403);
    expect(await json(await call(analyticsSettingsRoute.GET, "GET", { token: alphaUser.access_token }))).toEqual({ enabled: false });
    expect((await call(analyticsSettingsRoute.GET, "GET")).status).toBe(401);
    await call(analyticsSettingsRoute.PUT, "PUT", { token: alpha.admin.access_token, body: { enabled: true } });
  });

  it("top decks are the caller's tenant's own, and events need a live link", async () => {
    for (const org of [alpha, bravo]) {
      const decks = await json<{ presentation_id: string }[]>(await call(analyticsTopDecksRoute.GET, "GET", { token: org.admin.access_token }));
      expect(decks.every((entry) => entry.presentation_id !== (org === alpha ? bp.presentationId : ap.presentationId))).toBe(true);
    }
    expect((await call(analyticsTopDecksRoute.GET, "GET")).status).toBe(401);
    const madeUp = await call(sharedEventsRoute.POST, "POST", {
      params: { token: "A".repeat(43) },
      body: { events: [{ kind: "view" }] },
      headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0" },
    });
    expect(madeUp.status).toBe(404);
  });
});

// ---- The public API document: one answer for everyone, with nothing of any tenant in it ----

describe("GET /api/v1/openapi.json", () => {
  it("answers the same document to an anonymous caller, each tenant's admin and a regular user, naming no tenant's data", async () => {
    const answers = [
      await call(openApiRoute.GET, "GET"),
      await call(openApiRoute.GET, "GET", { token: alpha.admin.access_token }),
      await call(openApiRoute.GET, "GET", { cookie: alpha.admin.cookie }),
      await call(openApiRoute.GET, "GET", { token: bravo.admin.access_token }),
      await call(openApiRoute.GET, "GET", { token: alphaUser.access_token }),
    ];
    expect(answers.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    const bodies = await Promise.all(answers.map((response) => response.text()));
    expect(new Set(bodies).size).toBe(1);
    for (const secret of [a.tenantId, b.tenantId, a.userId, b.userId, a.invitationId, b.invitationId, "user@alpha.test", "pending@bravo.test", "Alpha Reviewers"]) {
      expect(bodies[0], secret).not.toContain(secret);
    }
  });
});
