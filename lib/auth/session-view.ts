// The signed-in user as the API shows it (GET /auth/me, spec section 3): types only, read by the actor
// (lib/auth/actor.ts) and built by the access service (lib/services/access.ts).
import type { PermissionName, RoleBuiltin, RoleKey } from "./permissions";

export interface RoleSummary {
  id: string;
  name: string;
  tenant_id: string | null;
  /** The built-in identity (null for roles administrators made): what power is inferred from, not the name. */
  builtin: RoleBuiltin | null;
}

/** The user as the API shows it (spec section 3). */
export interface UserOut {
  id: string;
  tenant_id: string;
  tenant_name: string;
  email: string;
  full_name: string | null;
  phone: string | null;
  address: string | null;
  is_active: boolean;
  role: RoleKey;
  status: "active" | "inactive";
  created_at: string;
  updated_at: string;
}

export interface SessionView {
  user: UserOut;
  roles: RoleSummary[];
  permissions: PermissionName[];
}
