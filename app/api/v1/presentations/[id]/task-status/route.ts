import { route } from "@/lib/http/route";
import { taskStatus } from "@/lib/services/presentations";
import { idParams } from "@/lib/validation/common";

// Polled every 2 seconds while a deck is generated: status, progress (5/20/60/85/100), step and any error.
export const GET = route({ permission: "presentation.view", params: idParams }, ({ actor, params }) => taskStatus(actor, params.id));
