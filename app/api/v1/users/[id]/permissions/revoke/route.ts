import { route } from "@/lib/http/route";
import { setOverride } from "@/lib/services/permissions";
import { idParams } from "@/lib/validation/common";
import { permissionOverrideInput } from "@/lib/validation/users";

export const POST = route({ permission: "user.update", params: idParams, body: permissionOverrideInput }, ({ actor, params, body }) =>
  setOverride(actor, params.id, { ...body, granted: false }),
);
