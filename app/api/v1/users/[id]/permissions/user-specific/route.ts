import { route } from "@/lib/http/route";
import { userOverrides } from "@/lib/services/permissions";
import { idParams } from "@/lib/validation/common";

export const GET = route({ permission: "user.view", params: idParams }, ({ actor, params }) => userOverrides(actor, params.id));
