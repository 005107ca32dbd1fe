import { route } from "@/lib/http/route";
import { askTypedQuestion } from "@/lib/services/qa";
import { questionInput } from "@/lib/validation/qa";

// A typed question (beyond the spec: Q&A where there is no microphone or recogniser), stored like a spoken one.
export const POST = route({ auth: "optional", body: questionInput }, ({ actor, request, body }) =>
  askTypedQuestion({ actor, token: body.token ?? request.headers.get("x-share-token"), request }, body),
);
