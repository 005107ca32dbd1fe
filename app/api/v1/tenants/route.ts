import { created, paginatedJson, route } from "@/lib/http/route";
import { createTenant, listTenantsJson } from "@/lib/services/tenants";
import { tenantCreateInput, tenantListQuery } from "@/lib/validation/tenants";

export const GET = route({ permission: ["tenant.create", "tenant.view"], query: tenantListQuery }, async ({ actor, query }) =>
  paginatedJson(await listTenantsJson(actor, query)),
);

export const POST = route({ permission: "tenant.create", body: tenantCreateInput }, async ({ actor, body }) =>
  created(await createTenant(actor, body)),
);
