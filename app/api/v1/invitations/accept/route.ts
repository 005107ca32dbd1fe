import { route } from "@/lib/http/route";
import { requestMeta } from "@/lib/http/meta";
import { acceptInvitation } from "@/lib/services/invitations";
import { invitationAcceptInput } from "@/lib/validation/auth";

export const POST = route({ auth: "public", body: invitationAcceptInput }, ({ request, body }) =>
  acceptInvitation(body, requestMeta(request)),
);
