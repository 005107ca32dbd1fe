import { route } from "@/lib/http/route";
import { clearedSessionCookie } from "@/lib/auth/session-cookie";
import { logout } from "@/lib/services/auth";
import { refreshInput } from "@/lib/validation/auth";

// Ends the session of the request (cookie or bearer) and, when given, the refresh token's session.
export const POST = route({ auth: "optional", body: refreshInput }, async ({ actor, body }) => {
  await logout(actor, body.refresh_token);
  return new Response(null, { status: 204, headers: { "Set-Cookie": clearedSessionCookie() } });
});
