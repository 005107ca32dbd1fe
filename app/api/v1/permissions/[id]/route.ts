import { route } from "@/lib/http/route";
import { getPermission } from "@/lib/services/permissions";
import { idParams } from "@/lib/validation/common";

export const GET = route({ permission: ["role.view", "user.view"], params: idParams }, ({ params }) => getPermission(params.id));
