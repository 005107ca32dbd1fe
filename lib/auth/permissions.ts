// The permission catalogue (spec section 6) and the default role matrix (DESIGN.md section 3), in one place.

export const PERMISSIONS = {
  TENANT_CREATE: "tenant.create",
  TENANT_VIEW: "tenant.view",
  USER_CREATE: "user.create",
  USER_VIEW: "user.view",
  USER_UPDATE: "user.update",
  ROLE_VIEW: "role.view",
  PROJECT_CREATE: "project.create",
  PROJECT_VIEW: "project.view",
  PROJECT_UPDATE: "project.update",
  PROJECT_DELETE: "project.delete",
  BLOG_CREATE: "blog.create",
  BLOG_VIEW: "blog.view",
  BLOG_DELETE: "blog.delete",
  PRESENTATION_GENERATE: "presentation.generate",
  PRESENTATION_VIEW: "presentation.view",
  INVITATION_SEND: "invitation.send",
  DASHBOARD_VIEW: "dashboard.view",
} as const;

export type PermissionName = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];

export const PERMISSION_DESCRIPTIONS: Record<PermissionName, string> = {
  "tenant.create": "Create, edit, approve and delete tenants",
  "tenant.view": "View tenant details",
  "user.create": "Create and invite users, manage plugins",
  "user.view": "View users",
  "user.update": "Edit users and their permission overrides",
  "role.view": "View roles and their permissions",
  "project.create": "Create projects",
  "project.view": "View projects",
  "project.update": "Edit projects",
  "project.delete": "Delete projects",
  "blog.create": "Create blogs",
  "blog.view": "View blogs and their sources",
  "blog.delete": "Delete blogs",
  "presentation.generate": "Create, import, generate and edit presentations",
  "presentation.view": "View, play and share presentations",
  "invitation.send": "Send invitations",
  "dashboard.view": "View the dashboard",
};

export const ALL_PERMISSIONS = Object.values(PERMISSIONS) as PermissionName[];

export function isPermissionName(name: string): name is PermissionName {
  return (ALL_PERMISSIONS as string[]).includes(name);
}

/** The names the built-in roles are created with; reserved (lib/auth/role-names.ts), never a source of power. */
export const ROLE_NAMES = {
  SUPER_ADMIN: "Super Admin",
  TENANT_ADMIN: "Tenant Admin",
  TENANT_USER: "Tenant User",
} as const;

/** A built-in role's identity (roles.builtin): set by the seed and by tenant creation only, never by a request. */
export type RoleBuiltin = "super_admin" | "tenant_admin" | "tenant_user";

/** The name each built-in role is created with. */
export const BUILTIN_ROLE_NAMES: Record<RoleBuiltin, (typeof ROLE_NAMES)[keyof typeof ROLE_NAMES]> = {
  super_admin: ROLE_NAMES.SUPER_ADMIN,
  tenant_admin: ROLE_NAMES.TENANT_ADMIN,
  tenant_user: ROLE_NAMES.TENANT_USER,
};

/** What identifies a role a user holds: its built-in identity (null for roles administrators made) and scope. */
export interface RoleIdentity {
  builtin: RoleBuiltin | null;
  tenant_id: string | null;
}

const TENANT_USER_PERMISSIONS: PermissionName[] = [
  "dashboard.view",
  "project.view",
  "project.create",
  "project.update",
  "blog.view",
  "blog.create",
  "presentation.view",
  "presentation.generate",
];

const TENANT_ADMIN_PERMISSIONS: PermissionName[] = [
  ...TENANT_USER_PERMISSIONS,
  "project.delete",
  "blog.delete",
  "user.create",
  "user.view",
  "user.update",
  "role.view",
  "invitation.send",
  "tenant.view",
];

/** The default permissions of each built-in role. Super Admin and Tenant User are global; Tenant Admin is per tenant. */
export const DEFAULT_ROLE_PERMISSIONS: Record<(typeof ROLE_NAMES)[keyof typeof ROLE_NAMES], PermissionName[]> = {
  [ROLE_NAMES.SUPER_ADMIN]: ALL_PERMISSIONS,
  [ROLE_NAMES.TENANT_ADMIN]: TENANT_ADMIN_PERMISSIONS,
  [ROLE_NAMES.TENANT_USER]: TENANT_USER_PERMISSIONS,
};

export type RoleKey = "super_admin" | "tenant_admin" | "user";

/** The built-in role that stands for a role key, and back. */
export const BUILTIN_OF_ROLE_KEY: Record<RoleKey, RoleBuiltin> = { super_admin: "super_admin", tenant_admin: "tenant_admin", user: "tenant_user" };
export const ROLE_KEY_OF_BUILTIN: Record<RoleBuiltin, RoleKey> = { super_admin: "super_admin", tenant_admin: "tenant_admin", tenant_user: "user" };

/** Whether a held role is the global built-in Super Admin row. */
export function isSuperAdminRole(role: RoleIdentity): boolean {
  return role.builtin === "super_admin" && role.tenant_id === null;
}

/**
 * Role inferred from permissions (spec section 6): tenant.create or holding the global built-in Super Admin role
 * makes a super admin, user.create a tenant admin. Role names count for nothing: administrators type them.
 */
export function inferRole(permissions: readonly string[], roles: readonly RoleIdentity[] = []): RoleKey {
  if (permissions.includes(PERMISSIONS.TENANT_CREATE) || roles.some(isSuperAdminRole)) return "super_admin";
  if (permissions.includes(PERMISSIONS.USER_CREATE)) return "tenant_admin";
  return "user";
}
