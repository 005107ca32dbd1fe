// The signed-in user for server components and pages, from the session cookie.
import { cookies } from "next/headers";
import { ensureDatabaseReady } from "@/db/startup";
import { currentSession as sessionOf } from "@/lib/services/auth";
import type { SessionView } from "@/lib/services/access";
import type { Actor } from "./actor";
import { actorFromCookie } from "./resolve";
import { sessionCookieName } from "./session-cookie";

/** The actor of the browser session, or null when nobody is signed in. */
export async function currentActor(): Promise<Actor | null> {
  await ensureDatabaseReady();
  const store = await cookies();
  const value = store.get(sessionCookieName())?.value;
  if (!value) return null;
  return actorFromCookie(`${sessionCookieName()}=${encodeURIComponent(value)}`);
}

/** The signed-in user with roles and permissions (the shape of GET /api/v1/auth/me), or null. */
export async function currentSession(): Promise<SessionView | null> {
  const actor = await currentActor();
  return actor ? sessionOf(actor) : null;
}
