import { route } from "@/lib/http/route";
import { listThumbnails } from "@/lib/services/presentations";
import { idParams } from "@/lib/validation/common";

export const GET = route({ permission: "presentation.view", params: idParams }, ({ actor, params }) => listThumbnails(actor, params.id));
