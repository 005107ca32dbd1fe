// The tenant rows of GET /api/v1/tenants (lib/services/tenants.ts TenantListItem).

export interface TenantRow {
  id: string;
  name: string;
  domain: string | null;
  is_active: boolean;
  created_at: string;
  user_count: number;
  status: "active" | "pending_approval" | "inactive";
  is_platform: boolean;
}

/** The label of spec section 2: never approved reads 'Pending Approval', approved 'Active'; a later deactivation 'Inactive'. */
export function tenantStatusLabel(tenant: Pick<TenantRow, "is_active" | "status">): "Active" | "Pending Approval" | "Inactive" {
  if (tenant.is_active) return "Active";
  return tenant.status === "inactive" ? "Inactive" : "Pending Approval";
}
