import { z } from "zod";
import { route } from "@/lib/http/route";
import { requestMeta } from "@/lib/http/meta";
import { verifyInvitation } from "@/lib/services/invitations";

const params = z.object({ token: z.string().min(1).max(512) });

export const GET = route({ auth: "public", params }, ({ request, params }) => verifyInvitation(params.token, requestMeta(request)));
