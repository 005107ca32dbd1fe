// Administration set-up for API tests: one super admin session per test file, approved organisations, users
// made by their admin (one password hash each), list reading, and a snapshot of every row a tenant owns so a
// refused request can be shown to have changed nothing.
import { and, asc, eq, inArray, isNull, or } from "drizzle-orm";
import { expect } from "vitest";
import * as approveRoute from "@/app/api/v1/tenants/[id]/approve/route";
import * as usersRoute from "@/app/api/v1/users/route";
import { getDb } from "@/db/client";
import { ensureDatabaseReady } from "@/db/startup";
import {
  activityEvents,
  blogs,
  files,
  invitations,
  permissions,
  presentations,
  projects,
  refreshTokens,
  rolePermissions,
  roles,
  tenantPlugins,
  tenants,
  userPermissionOverrides,
  userRoles,
  users,
} from "@/db/schema";
import { call, json, type CallOptions } from "./api";
import { registerOrganisation, signIn, signInSuperAdmin, verifyEmailOf, type Organisation, type SignedIn } from "./accounts";

export const FORBIDDEN = { detail: "You do not have permission to perform this action." };
export const NOT_AUTHENTICATED = { detail: "Not authenticated" };

/** The Tenant User role's default permissions (DESIGN.md section 3), sorted. */
export const TENANT_USER_PERMISSIONS = [
  "blog.create",
  "blog.view",
  "dashboard.view",
  "presentation.generate",
  "presentation.view",
  "project.create",
  "project.update",
  "project.view",
];

/** The Tenant Admin role's default permissions, sorted. */
export const TENANT_ADMIN_PERMISSIONS = [
  ...TENANT_USER_PERMISSIONS,
  "blog.delete",
  "invitation.send",
  "project.delete",
  "role.view",
  "tenant.view",
  "user.create",
  "user.update",
  "user.view",
].sort();

let superAdminSession: Promise<SignedIn> | undefined;

/** The seeded super admin, signed in once per test file (sign-ins per address are rate limited). */
export function superAdmin(): Promise<SignedIn> {
  // The database is migrated on the first request; the super admin's password is set before any.
  superAdminSession ??= ensureDatabaseReady().then(signInSuperAdmin);
  return superAdminSession;
}

/** Registers, verifies and approves an organisation with the cached super admin, and signs its admin in. */
export async function organisation(slug: string): Promise<Organisation> {
  const registered = await registerOrganisation(slug);
  await verifyEmailOf(registered.email);
  const { access_token } = await superAdmin();
  const approved = await call(approveRoute.POST, "POST", { token: access_token, params: { id: registered.tenantId } });
  expect(approved.status, `approval of ${slug}`).toBe(200);
  return { ...registered, admin: await signIn(registered.email, registered.password) };
}

export interface ListedUser {
  id: string;
  tenant_id: string;
  email: string;
  full_name: string | null;
  is_active: boolean;
  role: "user" | "tenant_admin" | "super_admin";
  status: "active" | "inactive" | "invited";
  invitation_id: string | null;
  roles: { id: string; name: string; tenant_id: string | null }[];
}

export interface NewUser {
  email: string;
  password?: string;
  full_name?: string;
  role?: "user" | "tenant_admin" | "super_admin";
  is_active?: boolean;
  tenant_id?: string;
}

/** Creates a user through POST /users as `token`'s holder; the password defaults to "member-password-1". */
export async function createUser(token: string, input: NewUser): Promise<ListedUser & { password: string }> {
  const password = input.password ?? "member-password-1";
  const response = await call(usersRoute.POST, "POST", {
    token,
    body: { full_name: `Member ${input.email.split("@")[0]}`, ...input, password },
  });
  expect(response.status, `creation of ${input.email}`).toBe(201);
  return { ...(await json<ListedUser>(response)), password };
}

/** A user created by the organisation's admin and signed in. */
export async function signedInUser(token: string, input: NewUser): Promise<SignedIn & { password: string }> {
  const created = await createUser(token, input);
  return { ...(await signIn(input.email, created.password)), password: created.password };
}

/** A list endpoint's items with the X-Total-Count header; the call must answer 200. */
export async function listOf<T>(
  handler: Parameters<typeof call>[0],
  options: CallOptions,
): Promise<{ items: T[]; total: number }> {
  const response = await call(handler, "GET", options);
  expect(response.status, await response.clone().text()).toBe(200);
  return { items: await json<T[]>(response), total: Number(response.headers.get("x-total-count")) };
}

export async function permissionIdOf(name: string): Promise<string> {
  const db = await getDb();
  const [row] = await db.select({ id: permissions.id }).from(permissions).where(eq(permissions.name, name));
  if (!row) throw new Error(`no permission ${name}`);
  return row.id;
}

/** A global role (Super Admin, Tenant User) by name, read from the database. */
export async function globalRoleId(name: string): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.name, name), isNull(roles.tenantId)));
  if (!row) throw new Error(`no global role ${name}`);
  return row.id;
}

/** The id of the platform (operator's) tenant. */
export async function platformTenantId(): Promise<string> {
  const db = await getDb();
  const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.isPlatform, true));
  if (!row) throw new Error("no platform tenant");
  return row.id;
}

/**
 * Every row a tenant owns (and the global roles' permissions, which no tenant admin may change), in a stable
 * order: equal snapshots before and after a request mean the request changed nothing there.
 */
export async function tenantSnapshot(tenantId: string) {
  const db = await getDb();
  const tenantUsers = db.select({ id: users.id }).from(users).where(eq(users.tenantId, tenantId));
  const scopedRoles = db
    .select({ id: roles.id })
    .from(roles)
    .where(or(eq(roles.tenantId, tenantId), isNull(roles.tenantId)));
  const [
    tenant,
    userRows,
    userRoleRows,
    roleRows,
    rolePermissionRows,
    overrideRows,
    invitationRows,
    refreshTokenRows,
    pluginRows,
    activityRows,
    fileRows,
    projectRows,
    blogRows,
    presentationRows,
  ] = await Promise.all([
    db.select().from(tenants).where(eq(tenants.id, tenantId)),
    db.select().from(users).where(eq(users.tenantId, tenantId)).orderBy(asc(users.id)),
    db.select().from(userRoles).where(inArray(userRoles.userId, tenantUsers)).orderBy(asc(userRoles.userId), asc(userRoles.roleId)),
    db.select().from(roles).where(eq(roles.tenantId, tenantId)).orderBy(asc(roles.id)),
    db
      .select()
      .from(rolePermissions)
      .where(inArray(rolePermissions.roleId, scopedRoles))
      .orderBy(asc(rolePermissions.roleId), asc(rolePermissions.permissionId)),
    db.select().from(userPermissionOverrides).where(eq(userPermissionOverrides.tenantId, tenantId)).orderBy(asc(userPermissionOverrides.id)),
    db.select().from(invitations).where(eq(invitations.tenantId, tenantId)).orderBy(asc(invitations.id)),
    db.select().from(refreshTokens).where(inArray(refreshTokens.userId, tenantUsers)).orderBy(asc(refreshTokens.id)),
    db.select().from(tenantPlugins).where(eq(tenantPlugins.tenantId, tenantId)).orderBy(asc(tenantPlugins.pluginId)),
    db.select().from(activityEvents).where(eq(activityEvents.tenantId, tenantId)).orderBy(asc(activityEvents.id)),
    db.select().from(files).where(eq(files.tenantId, tenantId)).orderBy(asc(files.id)),
    db.select().from(projects).where(eq(projects.tenantId, tenantId)).orderBy(asc(projects.id)),
    db.select().from(blogs).where(eq(blogs.tenantId, tenantId)).orderBy(asc(blogs.id)),
    db.select().from(presentations).where(eq(presentations.tenantId, tenantId)).orderBy(asc(presentations.id)),
  ]);
  return {
    tenant,
    users: userRows,
    userRoles: userRoleRows,
    roles: roleRows,
    rolePermissions: rolePermissionRows,
    overrides: overrideRows,
    invitations: invitationRows,
    refreshTokens: refreshTokenRows,
    plugins: pluginRows,
    activity: activityRows,
    files: fileRows,
    projects: projectRows,
    blogs: blogRows,
    presentations: presentationRows,
  };
}
