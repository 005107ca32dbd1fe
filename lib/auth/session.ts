// The signed-in user for server components and pages, from the session cookie.
import { cookies } from "next/headers";
import { cache } from "react";
import { getDb } from "@/db/client";
import { ensureDatabaseReady } from "@/db/startup";
import { accessForSession, sessionView, toActor, type SessionView, type UserAccess } from "@/lib/services/access";
import type { Actor } from "./actor";
import { decodeSession, sessionCookieName } from "./session-cookie";

/**
 * The browser session's user access, loaded once per request: the layout and the page both ask (the page because
 * a client-side navigation re-renders only the page), and the actor and the session view come from the same load.
 */
const currentAccess = cache(async function currentAccess(): Promise<{ access: UserAccess; sessionId: string } | null> {
  await ensureDatabaseReady();
  const store = await cookies();
  const session = await decodeSession(store.get(sessionCookieName())?.value);
  if (!session) return null;
  const access = await accessForSession(await getDb(), session.userId, session.sessionId);
  return access ? { access, sessionId: session.sessionId } : null;
});

/** The actor of the browser session, or null when nobody is signed in. */
export async function currentActor(): Promise<Actor | null> {
  const current = await currentAccess();
  return current ? toActor(current.access, current.sessionId) : null;
}

/** The signed-in user with roles and permissions (the shape of GET /api/v1/auth/me), or null. */
export async function currentSession(): Promise<SessionView | null> {
  const current = await currentAccess();
  return current ? sessionView(current.access) : null;
}
