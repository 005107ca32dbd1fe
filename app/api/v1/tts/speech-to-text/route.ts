import { route } from "@/lib/http/route";
import { speechToText } from "@/lib/services/qa";
import { speechToTextQuery } from "@/lib/validation/qa";

// A voice question (spec section 7): multipart field audio_file as the browser recorded it. Signed in (presentation
// view) or with a live share token of the presentation; the transcript is stored in the viewer's Q&A session.
export const POST = route({ auth: "optional", query: speechToTextQuery }, ({ actor, request, query }) =>
  speechToText({ actor, token: query.token ?? request.headers.get("x-share-token"), request }, query),
);
