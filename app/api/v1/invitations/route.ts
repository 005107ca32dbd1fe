import { z } from "zod";
import { created, paginated, route } from "@/lib/http/route";
import { createInvitation, listInvitations } from "@/lib/services/invitations";
import { invitationCreateInput } from "@/lib/validation/auth";
import { pagedTenantQuery } from "@/lib/validation/common";

const listQuery = pagedTenantQuery.extend({ status: z.enum(["pending", "accepted", "revoked", "expired"]).optional() });

export const GET = route({ permission: ["invitation.send", "user.view"], query: listQuery }, async ({ actor, query }) =>
  paginated(await listInvitations(actor, query)),
);

export const POST = route({ permission: "invitation.send", body: invitationCreateInput }, async ({ actor, body }) =>
  created(await createInvitation(actor, body)),
);
