import { route } from "@/lib/http/route";
import { revokeInvitation } from "@/lib/services/invitations";
import { idParams } from "@/lib/validation/common";

export const DELETE = route({ permission: "invitation.send", params: idParams }, ({ actor, params }) =>
  revokeInvitation(actor, params.id),
);
