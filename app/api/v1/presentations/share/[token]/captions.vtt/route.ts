import { route } from "@/lib/http/route";
import { captionsResponse, sharedCaptions } from "@/lib/services/captions";
import { captionsQuery } from "@/lib/validation/presentations";
import { shareTokenParams } from "@/lib/validation/sharing";

// The narration's captions (WebVTT) behind a live share link, for anyone holding it; a revoked link answers 404.
export const GET = route({ auth: "public", params: shareTokenParams, query: captionsQuery }, async ({ params, query }) =>
  captionsResponse(await sharedCaptions(params.token, query.slide), query.download === "true"),
);
