// Tokens: random opaque values (stored only as SHA-256 hashes) and short-lived signed access tokens (JWT).
import { createHash, randomBytes } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import { derivedKeyObject } from "./secret";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** 256 random bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export interface AccessClaims {
  userId: string;
  tenantId: string;
  /** The session (refresh-token family) the token belongs to; revoking it ends the token at once. */
  sessionId: string;
}

const ISSUER = "insightdeck";
const AUDIENCE = "insightdeck-api";

export async function signAccessToken(claims: AccessClaims): Promise<string> {
  return new SignJWT({ tid: claims.tenantId, sid: claims.sessionId, typ: "access" })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(derivedKeyObject("access-token"));
}

/** The claims of a valid access token, or null for an expired, forged or malformed one. */
export async function verifyAccessToken(token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, derivedKeyObject("access-token"), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ["HS256"],
    });
    if (payload.typ !== "access" || typeof payload.sub !== "string") return null;
    if (typeof payload.tid !== "string" || typeof payload.sid !== "string") return null;
    return { userId: payload.sub, tenantId: payload.tid, sessionId: payload.sid };
  } catch {
    return null;
  }
}
