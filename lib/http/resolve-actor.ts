// Resolves the actor of a request: a bearer access token, else the browser session cookie.
import { getDb } from "@/db/client";
import { actorForSession } from "@/lib/services/access";
import type { Actor } from "@/lib/auth/actor";
import { decodeSession, sessionCookieFrom } from "@/lib/auth/session-cookie";
import { verifyAccessToken } from "@/lib/auth/tokens";

export function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization");
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

/** The signed-in actor, or null. A bearer token that is present but invalid never falls back to the cookie. */
export async function resolveActor(request: Request): Promise<Actor | null> {
  const token = bearerToken(request);
  if (token) {
    const claims = await verifyAccessToken(token);
    return claims ? actorForSession(await getDb(), claims.userId, claims.sessionId) : null;
  }
  return actorFromCookie(request.headers.get("cookie"));
}

async function actorFromCookie(cookieHeader: string | null): Promise<Actor | null> {
  const session = await decodeSession(sessionCookieFrom(cookieHeader));
  return session ? actorForSession(await getDb(), session.userId, session.sessionId) : null;
}
