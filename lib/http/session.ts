// The signed-in user for server components and pages, from the session cookie.
import { cookies } from "next/headers";
import { cache } from "react";
import { getDb } from "@/db/client";
import { ensureDatabaseReady } from "@/db/startup";
import type { SessionView } from "@/lib/auth/session-view";
import { actorForSession } from "@/lib/services/access";
import type { Actor } from "@/lib/auth/actor";
import { decodeSession, sessionCookieName } from "@/lib/auth/session-cookie";

/**
 * The browser session's actor, resolved once per request (one statement): the layout and the page both ask (the
 * page because a client-side navigation re-renders only the page), and the session view comes with the actor.
 */
export const currentActor = cache(async function currentActor(): Promise<Actor | null> {
  await ensureDatabaseReady();
  const store = await cookies();
  const session = await decodeSession(store.get(sessionCookieName())?.value);
  return session ? actorForSession(await getDb(), session.userId, session.sessionId) : null;
});

/** The signed-in user with roles and permissions (the shape of GET /api/v1/auth/me), or null. */
export async function currentSession(): Promise<SessionView | null> {
  return (await currentActor())?.view ?? null;
}
