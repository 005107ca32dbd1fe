import { route } from "@/lib/http/route";
import { requestMeta } from "@/lib/http/meta";
import { requestPasswordReset } from "@/lib/services/auth";
import { resetRequestInput } from "@/lib/validation/auth";

export const POST = route({ auth: "public", body: resetRequestInput }, ({ request, body }) =>
  requestPasswordReset(body.email, requestMeta(request)),
);
