import { route } from "@/lib/http/route";
import { createShareLink, getShareLink, revokeShareLink } from "@/lib/services/sharing";
import { idParams } from "@/lib/validation/common";
import { shareLinkBody } from "@/lib/validation/sharing";

// The presentation's public link (spec section 7): made (or the live one answered) only when the deck and its
// audio are complete; read; revoked at once. POST's optional search_indexing opts the page into search indexes.
export const POST = route({ permission: "presentation.view", params: idParams, body: shareLinkBody }, ({ actor, params, body }) =>
  createShareLink(actor, params.id, body),
);

export const GET = route({ permission: "presentation.view", params: idParams }, ({ actor, params }) => getShareLink(actor, params.id));

export const DELETE = route({ permission: "presentation.view", params: idParams }, async ({ actor, params }) => {
  await revokeShareLink(actor, params.id);
});
