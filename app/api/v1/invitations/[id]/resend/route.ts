import { route } from "@/lib/http/route";
import { resendInvitation } from "@/lib/services/invitations";
import { idParams } from "@/lib/validation/common";

export const POST = route({ permission: "invitation.send", params: idParams }, ({ actor, params }) =>
  resendInvitation(actor, params.id),
);
