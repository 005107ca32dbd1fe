import { route } from "@/lib/http/route";
import { recordSharedEvents } from "@/lib/services/share-analytics";
import { sharedEventBatchBody } from "@/lib/validation/analytics";
import { shareTokenParams } from "@/lib/validation/sharing";

// A batch of a shared or embedded player's events, for anyone holding a live link (sent with sendBeacon when the
// page is left); no cookie is read or set, and the address is never stored. A revoked link answers 404.
export const POST = route(
  { auth: "public", params: shareTokenParams, body: sharedEventBatchBody, maxBodyBytes: 65_536 },
  async ({ params, body, request }) => {
    await recordSharedEvents(params.token, request, body);
  },
);
