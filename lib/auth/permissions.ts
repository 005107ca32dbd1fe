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

export const ROLE_NAMES = {
  SUPER_ADMIN: "Super Admin",
  TENANT_ADMIN: "Tenant Admin",
  TENANT_USER: "Tenant User",
} as const;

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

/** Role inferred from permissions (spec section 6): tenant.create makes a super admin, user.create a tenant admin. */
export function inferRole(permissions: readonly string[], roleNames: readonly string[] = []): RoleKey {
  if (permissions.includes(PERMISSIONS.TENANT_CREATE) || roleNames.includes(ROLE_NAMES.SUPER_ADMIN)) return "super_admin";
  if (permissions.includes(PERMISSIONS.USER_CREATE)) return "tenant_admin";
  return "user";
}
