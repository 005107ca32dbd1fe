import { route } from "@/lib/http/route";
import { retryNarration } from "@/lib/services/narration";
import { idParams } from "@/lib/validation/common";

// Audio processing again (spec sections 4 and 7): 202 with webhook_status 'pending', the narration job re-queued.
// The permission is checked by the service, which answers the spec's own words for a refusal.
export const POST = route({ params: idParams }, async ({ actor, params }) => Response.json(await retryNarration(actor, params.id), { status: 202 }));
