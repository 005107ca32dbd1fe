import { route } from "@/lib/http/route";
import { deleteTenant, getTenant, updateTenant } from "@/lib/services/tenants";
import { idParams } from "@/lib/validation/common";
import { tenantUpdateInput } from "@/lib/validation/tenants";

export const GET = route({ permission: ["tenant.create", "tenant.view"], params: idParams }, ({ actor, params }) =>
  getTenant(actor, params.id),
);

export const PUT = route({ permission: "tenant.create", params: idParams, body: tenantUpdateInput }, ({ actor, params, body }) =>
  updateTenant(actor, params.id, body),
);

export const DELETE = route({ permission: "tenant.create", params: idParams }, ({ actor, params }) => deleteTenant(actor, params.id));
