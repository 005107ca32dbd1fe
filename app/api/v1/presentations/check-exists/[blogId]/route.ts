import { route } from "@/lib/http/route";
import { checkExists } from "@/lib/services/presentations";
import { blogIdParams } from "@/lib/validation/presentations";

export const GET = route({ permission: "presentation.view", params: blogIdParams }, ({ actor, params }) => checkExists(actor, params.blogId));
