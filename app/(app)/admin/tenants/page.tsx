import { AccessDenied } from "@/components/admin/access-denied";
import { ADMIN_PAGE_SIZE } from "@/components/admin/page-size";
import { TenantManagement } from "@/components/admin/tenants/tenant-management";
import type { TenantRow } from "@/components/admin/tenants/types";
import type { InitialPage } from "@/components/admin/use-api-list";
import { SessionEnded } from "@/components/auth/session-ended";
import { initialFromService } from "@/lib/http/initial-data";
import { currentActor } from "@/lib/http/session";
import { listTenants } from "@/lib/services/tenants";
import { tenantListQuery } from "@/lib/validation/tenants";

export const metadata = { title: "Tenant Management" };

// Super admins only (spec section 2); the tenant services check again on every call. The first page (no
// search) is read here, as GET /tenants?limit=20&offset=0 would answer it; the list fetches the rest.
export default async function TenantsPage() {
  const actor = await currentActor();
  if (!actor) return <SessionEnded />;
  if (actor.role !== "super_admin") return <AccessDenied />;
  const query = tenantListQuery.parse({ limit: String(ADMIN_PAGE_SIZE), offset: "0" });
  const initial = await initialFromService<InitialPage<TenantRow>>(() => listTenants(actor, query));
  return <TenantManagement initial={initial} />;
}
