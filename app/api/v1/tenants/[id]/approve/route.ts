import { route } from "@/lib/http/route";
import { approveTenant } from "@/lib/services/tenants";
import { idParams } from "@/lib/validation/common";

export const POST = route({ permission: "tenant.create", params: idParams }, ({ actor, params }) =>
  approveTenant(actor, params.id),
);
