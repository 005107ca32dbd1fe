// Who is calling: the signed-in user with tenant, role and effective permissions, resolved once per request.
import type { PermissionName, RoleKey } from "./permissions";

export interface Actor {
  userId: string;
  tenantId: string;
  email: string;
  fullName: string | null;
  role: RoleKey;
  roleNames: string[];
  permissions: ReadonlySet<PermissionName>;
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

export type ActorResolver = (request: Request) => Promise<Actor | null>;

/**
 * Resolves the actor from a bearer token or the session cookie. Until the accounts issue (#3) lands,
 * nobody is signed in, so every protected route answers 401.
 */
export const resolveActor: ActorResolver = async () => null;
