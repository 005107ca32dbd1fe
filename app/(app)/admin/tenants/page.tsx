import { AccessDenied } from "@/components/admin/access-denied";
import { TenantManagement } from "@/components/admin/tenants/tenant-management";
import { SessionEnded } from "@/components/auth/session-ended";
import { currentSession } from "@/lib/auth/session";

export const metadata = { title: "Tenant Management" };

// Super admins only (spec section 2); the tenant services check again on every call.
export default async function TenantsPage() {
  const session = await currentSession();
  if (!session) return <SessionEnded />;
  return session.user.role === "super_admin" ? <TenantManagement /> : <AccessDenied />;
}
