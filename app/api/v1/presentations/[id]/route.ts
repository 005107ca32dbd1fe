import { route } from "@/lib/http/route";
import { getPresentation, updatePresentation } from "@/lib/services/presentations";
import { getPresentationWithAudio } from "@/lib/services/slide-audio";
import { idParams } from "@/lib/validation/common";
import { presentationReadQuery, presentationUpdateInput } from "@/lib/validation/presentations";

// The presentation with its slides; with include=audio, each slide's narration also as Base64 (413 past the limit).
export const GET = route({ permission: "presentation.view", params: idParams, query: presentationReadQuery }, ({ actor, params, query }) =>
  query.include === "audio" ? getPresentationWithAudio(actor, params.id) : getPresentation(actor, params.id),
);

export const PUT = route({ permission: "presentation.generate", params: idParams, body: presentationUpdateInput }, ({ actor, params, body }) =>
  updatePresentation(actor, params.id, body),
);
