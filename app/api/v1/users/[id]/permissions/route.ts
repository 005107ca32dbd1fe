import { route } from "@/lib/http/route";
import { userEffectivePermissions } from "@/lib/services/permissions";
import { idParams } from "@/lib/validation/common";

export const GET = route({ permission: "user.view", params: idParams }, ({ actor, params }) => userEffectivePermissions(actor, params.id));
