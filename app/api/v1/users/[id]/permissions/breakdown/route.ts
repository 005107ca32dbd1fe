import { route } from "@/lib/http/route";
import { permissionBreakdown } from "@/lib/services/permissions";
import { idParams } from "@/lib/validation/common";

export const GET = route({ permission: "user.view", params: idParams }, ({ actor, params }) => permissionBreakdown(actor, params.id));
