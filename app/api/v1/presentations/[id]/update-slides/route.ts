import { route } from "@/lib/http/route";
import { updateSlides } from "@/lib/services/presentations";
import { idParams } from "@/lib/validation/common";
import { updateSlidesInput } from "@/lib/validation/presentations";

// The whole list of slides, with the version it was edited from when the client sends one: a stale version gets 409
// and nothing changes.
export const PUT = route({ permission: "presentation.generate", params: idParams, body: updateSlidesInput }, ({ actor, params, body }) =>
  updateSlides(actor, params.id, body),
);
