// The signed-in user for server components and pages, from the session cookie.
import { cookies } from "next/headers";
import { cache } from "react";
import { ensureDatabaseReady } from "@/db/startup";
import { currentSession as sessionOf } from "@/lib/services/auth";
import type { SessionView } from "@/lib/services/access";
import type { Actor } from "./actor";
import { actorFromCookie } from "./resolve";
import { sessionCookieName } from "./session-cookie";

/**
 * The actor of the browser session, or null when nobody is signed in. Cached per request: the layout and the
 * page both ask (the page because a client-side navigation re-renders only the page).
 */
export const currentActor = cache(async function currentActor(): Promise<Actor | null> {
  await ensureDatabaseReady();
  const store = await cookies();
  const value = store.get(sessionCookieName())?.value;
  if (!value) return null;
  return actorFromCookie(`${sessionCookieName()}=${encodeURIComponent(value)}`);
});

/** The signed-in user with roles and permissions (the shape of GET /api/v1/auth/me), or null. */
export const currentSession = cache(async function currentSession(): Promise<SessionView | null> {
  const actor = await currentActor();
  return actor ? sessionOf(actor) : null;
});
