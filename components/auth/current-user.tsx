"use client";

// The signed-in user for client components below the (app) layout, which reads it on the server.
import { createContext, useContext } from "react";
import type { CurrentSession } from "./types";

const CurrentUserContext = createContext<CurrentSession | null>(null);

export function CurrentUserProvider({ session, children }: { session: CurrentSession; children: React.ReactNode }) {
  return <CurrentUserContext.Provider value={session}>{children}</CurrentUserContext.Provider>;
}

/** The signed-in user's session; only for components rendered inside the signed-in frame. */
export function useCurrentUser(): CurrentSession {
  const session = useContext(CurrentUserContext);
  if (!session) throw new Error("useCurrentUser is used outside the signed-in frame");
  return session;
}
