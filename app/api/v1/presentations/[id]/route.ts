import { route } from "@/lib/http/route";
import { getPresentation, updatePresentation } from "@/lib/services/presentations";
import { idParams } from "@/lib/validation/common";
import { presentationUpdateInput } from "@/lib/validation/presentations";

export const GET = route({ permission: "presentation.view", params: idParams }, ({ actor, params }) => getPresentation(actor, params.id));

export const PUT = route({ permission: "presentation.generate", params: idParams, body: presentationUpdateInput }, ({ actor, params, body }) =>
  updatePresentation(actor, params.id, body),
);
