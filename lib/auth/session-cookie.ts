// The browser session: an httpOnly, SameSite=Lax cookie holding a next-auth JWT (encrypted, JWE) that names the
// user and the session (refresh-token family). Every request checks the session is still live in the database,
// so sign-out, password reset and deactivation end it at once.
import { decode, encode } from "next-auth/jwt";
import { env } from "@/lib/env";
import { derivedKey } from "./secret";
import { REFRESH_TOKEN_TTL_MS } from "./tokens";

const SESSION_MAX_AGE_SECONDS = REFRESH_TOKEN_TTL_MS / 1000;

export interface SessionClaims {
  userId: string;
  sessionId: string;
  /** 'Keep me logged in': the cookie outlives the browser session (30 days). */
  persistent: boolean;
}

function secure(): boolean {
  return env().APP_URL.startsWith("https://");
}

export function sessionCookieName(): string {
  return secure() ? "__Secure-next-auth.session-token" : "next-auth.session-token";
}

function secret(): string {
  return derivedKey("session-cookie").toString("base64url");
}

export async function encodeSession(claims: SessionClaims): Promise<string> {
  return encode({
    token: { sub: claims.userId, sid: claims.sessionId, persistent: claims.persistent },
    secret: secret(),
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}

export async function decodeSession(value: string | undefined): Promise<SessionClaims | null> {
  if (!value) return null;
  try {
    const token = await decode({ token: value, secret: secret() });
    if (!token || typeof token.sub !== "string" || typeof token.sid !== "string") return null;
    return { userId: token.sub, sessionId: token.sid, persistent: token.persistent === true };
  } catch {
    return null;
  }
}

function attributes(maxAge: number | null): string {
  const parts = ["Path=/", "HttpOnly", "SameSite=Lax"];
  if (secure()) parts.push("Secure");
  if (maxAge !== null) parts.push(`Max-Age=${maxAge}`);
  return parts.join("; ");
}

/** Set-Cookie value starting the session; without 'Keep me logged in' it ends with the browser session. */
export async function sessionCookie(claims: SessionClaims): Promise<string> {
  const value = await encodeSession(claims);
  return `${sessionCookieName()}=${value}; ${attributes(claims.persistent ? SESSION_MAX_AGE_SECONDS : null)}`;
}

export function clearedSessionCookie(): string {
  return `${sessionCookieName()}=; ${attributes(0)}`;
}

/** The session cookie's value from a Cookie header. */
export function sessionCookieFrom(cookieHeader: string | null): string | undefined {
  return cookieFrom(cookieHeader, sessionCookieName());
}

/** A cookie's value from a Cookie header (the first of that name, as browsers send the most specific first). */
export function cookieFrom(cookieHeader: string | null | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) return decodeURIComponent(part.slice(index + 1).trim());
  }
  return undefined;
}
