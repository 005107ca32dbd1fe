// Who is calling: the signed-in user with tenant, role and effective permissions, resolved once per request.
import type { SessionView } from "./session-view";
import type { PermissionName, RoleKey } from "./permissions";

export interface Actor {
  userId: string;
  tenantId: string;
  email: string;
  fullName: string | null;
  /** Inferred from the permissions and the built-in identity of the roles held, never from role names. */
  role: RoleKey;
  permissions: ReadonlySet<PermissionName>;
  /** The browser or API session (refresh-token family) the request belongs to. */
  sessionId: string | null;
  /**
   * The signed-in user as GET /auth/me shows it (profile, tenant name, roles, permissions), loaded in the same
   * statement as the rest of the actor, so a handler that answers with it costs no second load.
   */
  view: SessionView;
  /**
   * The version of the data in the actor's reach, read in the actor's statement (migration 0009): a cached list
   * whose key holds it is current (lib/services/list-cache.ts). Null for an actor not resolved from a session
   * (seeds, scripts): such an actor's lists are always read.
   */
  dataVersion: string | null;
}

export function isSuperAdmin(actor: Actor): boolean {
  return actor.role === "super_admin";
}

export function hasPermission(actor: Actor, permission: PermissionName): boolean {
  return actor.permissions.has(permission);
}

export function hasAnyPermission(actor: Actor, permissions: readonly PermissionName[]): boolean {
  return permissions.some((permission) => actor.permissions.has(permission));
}
