import { route } from "@/lib/http/route";
import { requestMeta } from "@/lib/http/meta";
import { sessionCookie } from "@/lib/auth/session-cookie";
import { login } from "@/lib/services/auth";
import { loginInput } from "@/lib/validation/auth";

// Returns the token pair for API clients and starts the browser session (httpOnly cookie).
export const POST = route({ auth: "public", body: loginInput }, async ({ request, body }) => {
  const { response, session } = await login(body, requestMeta(request));
  return Response.json(response, { headers: { "Set-Cookie": await sessionCookie(session) } });
});
