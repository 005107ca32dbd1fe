import { route } from "@/lib/http/route";
import { recordDeckEvents } from "@/lib/services/share-analytics";
import { eventBatchBody } from "@/lib/validation/analytics";
import { idParams } from "@/lib/validation/common";

// A batch of the signed-in player's events (view, play, slide heard, completion, question); 204, nothing answered.
export const POST = route(
  { permission: "presentation.view", params: idParams, body: eventBatchBody, maxBodyBytes: 65_536 },
  async ({ actor, params, body, request }) => {
    await recordDeckEvents(actor, params.id, request, body.events);
  },
);
