import { route } from "@/lib/http/route";
import { answerStoredQuestion, spokenAnswerResponse } from "@/lib/services/qa";
import { streamResponseQuery } from "@/lib/validation/qa";

// The answer to a stored question (spec section 7): its audio as the body, its text, id, sources and question in
// Base64 headers. No body is read (the player sends a JSON content type with none).
export const POST = route({ auth: "optional", query: streamResponseQuery }, async ({ actor, request, query }) =>
  spokenAnswerResponse(await answerStoredQuestion({ actor, token: query.token ?? request.headers.get("x-share-token"), request }, query)),
);
