// The rows of GET /api/v1/users (lib/services/users.ts UserListItem) and the permission answers.
import type { UserRole } from "@/components/auth/types";

export interface UserRow {
  id: string;
  tenant_id: string;
  tenant_name?: string | null;
  email: string;
  full_name: string | null;
  is_active: boolean;
  role: UserRole;
  status: "active" | "inactive" | "invited";
  /** Set on 'invited' rows: the pending invitation to resend or revoke. */
  invitation_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface PermissionItem {
  id: string;
  name: string;
  description: string;
  resource: string | null;
}

export interface PermissionBreakdown {
  effective_permissions: string[];
  role_permissions: string[];
  granted_permissions: string[];
  revoked_permissions: string[];
}

export interface UserOverride {
  id: string;
  permission_name: string;
  granted: boolean;
  resource: string | null;
  created_at: string;
}

export type PermissionState = "Role Default" | "User Grant" | "User Revoke" | "Not Assigned";

/** Spec section 4: an override (grant or revoke, for every resource) wins over the role's default. */
export function permissionState(name: string, breakdown: PermissionBreakdown): PermissionState {
  if (breakdown.revoked_permissions.includes(name)) return "User Revoke";
  if (breakdown.granted_permissions.includes(name)) return "User Grant";
  if (breakdown.role_permissions.includes(name)) return "Role Default";
  return "Not Assigned";
}

export const ROLE_FILTERS = [
  { value: "all", label: "All roles" },
  { value: "user", label: "User" },
  { value: "tenant_admin", label: "Tenant Admin" },
  { value: "super_admin", label: "Super Admin" },
] as const;

export const STATUS_FILTERS = [
  { value: "all", label: "All statuses" },
  { value: "active", label: "Active" },
  { value: "inactive", label: "Inactive" },
] as const;
