import { route } from "@/lib/http/route";
import { captionsResponse, presentationCaptions } from "@/lib/services/captions";
import { idParams } from "@/lib/validation/common";
import { captionsQuery } from "@/lib/validation/presentations";

// The narration's captions (WebVTT) of a deck the viewer may see: the whole deck, or one slide's with ?slide=n.
export const GET = route({ permission: "presentation.view", params: idParams, query: captionsQuery }, async ({ actor, params, query }) =>
  captionsResponse(await presentationCaptions(actor, params.id, query.slide), query.download === "true"),
);
