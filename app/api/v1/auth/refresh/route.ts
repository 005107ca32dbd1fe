import { route } from "@/lib/http/route";
import { requestMeta } from "@/lib/http/meta";
import { Unauthorized } from "@/lib/errors";
import { refresh } from "@/lib/services/auth";
import { refreshInput } from "@/lib/validation/auth";

// API clients send their refresh token and get a rotated pair. The browser sends none: its cookie session is
// checked and confirmed, or the 401 tells the client to sign in again.
export const POST = route({ auth: "optional", body: refreshInput }, async ({ request, actor, body }) => {
  if (body.refresh_token) return refresh(body.refresh_token, requestMeta(request));
  if (!actor) throw new Unauthorized("Session expired. Please sign in again.");
  return { status: "ok" };
});
