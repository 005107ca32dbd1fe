// Expired, spent, revoked and forged tokens are refused: refresh tokens, access JWTs, e-mail verification
// and password reset links. (Rotation and family revocation on reuse are in auth-flow.test.ts; invitation
// links in invitations.test.ts.)
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { SignJWT, UnsecuredJWT, decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as logout from "@/app/api/v1/auth/logout/route";
import * as me from "@/app/api/v1/auth/me/route";
import * as refresh from "@/app/api/v1/auth/refresh/route";
import * as verifyEmail from "@/app/api/v1/auth/verify-email/route";
import * as requestReset from "@/app/api/v1/password/request-reset/route";
import * as reset from "@/app/api/v1/password/reset/route";
import { getDb } from "@/db/client";
import { authTokens, refreshTokens, users } from "@/db/schema";
import { derivedKey } from "@/lib/auth/secret";
import { stopJobQueue } from "@/lib/jobs/queue";
import { call, json } from "../support/api";
import {
  PAST,
  approvedOrganisation,
  freshIp,
  mailedToken,
  registerOrganisation,
  signIn,
  verifyEmailOf,
  type Organisation,
} from "../support/accounts";
import { tokenOfNextMail } from "../support/wait";

const INVALID_REFRESH = { detail: "Invalid or expired refresh token. Please sign in again." };
const INVALID_VERIFICATION = { detail: "This verification link is invalid or has expired." };
const USED_VERIFICATION = { detail: "This verification link has already been used." };
const INVALID_RESET = { detail: "This reset link is invalid or has expired." };

// Reset links are mailed by a job worker that the first reset request starts in this process.
afterAll(async () => {
  await stopJobQueue();
});

const refreshWith = (refresh_token: string) => call(refresh.POST, "POST", { body: { refresh_token } });
const meWith = (token: string) => call(me.GET, "GET", { token });

async function userId(email: string): Promise<string> {
  const db = await getDb();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

let organisation: Organisation;

beforeAll(async () => {
  organisation = await approvedOrganisation("Tokens");
});

describe("refresh tokens", () => {
  it("refuses a refresh token past the session's absolute expiry, and its access token with it", async () => {
    const session = await signIn(organisation.email, organisation.password);
    const { sid } = decodeJwt(session.access_token) as { sid: string };
    const db = await getDb();
    await db.update(refreshTokens).set({ expiresAt: PAST() }).where(eq(refreshTokens.familyId, sid));

    const response = await refreshWith(session.refresh_token);
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual(INVALID_REFRESH);
    expect(response.headers.get("www-authenticate")).toBe("Bearer");
    expect((await meWith(session.access_token)).status).toBe(401);
  });

  it("keeps the absolute expiry when rotating: a rotated token expires with its session", async () => {
    const session = await signIn(organisation.email, organisation.password);
    const rotated = await json<{ refresh_token: string }>(await refreshWith(session.refresh_token));
    const db = await getDb();
    const rows = await db
      .select({ expiresAt: refreshTokens.expiresAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, (decodeJwt(session.access_token) as { sid: string }).sid));
    expect(rows).toHaveLength(2);
    expect(rows[0]!.expiresAt.getTime()).toBe(rows[1]!.expiresAt.getTime());
    expect(rotated.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("refuses garbage and well-formed but unknown refresh tokens", async () => {
    for (const token of ["garbage", randomBytes(32).toString("base64url"), "x".repeat(512)]) {
      const response = await refreshWith(token);
      expect(response.status).toBe(401);
      expect(await json(response)).toEqual(INVALID_REFRESH);
    }
  });

  it("refuses an access token used as a refresh token", async () => {
    const session = await signIn(organisation.email, organisation.password);
    const response = await refreshWith(session.access_token);
    expect(response.status).toBe(401);
  });

  it("without a refresh token or a session, tells the client to sign in again", async () => {
    const response = await call(refresh.POST, "POST", { body: {} });
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ detail: "Session expired. Please sign in again." });
  });

  it("refuses the refresh token of a session that was signed out", async () => {
    const session = await signIn(organisation.email, organisation.password);
    expect((await call(logout.POST, "POST", { token: session.access_token })).status).toBe(204);
    const response = await refreshWith(session.refresh_token);
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual(INVALID_REFRESH);
  });
});

describe("access tokens", () => {
  it("refuses the access token of a revoked session while other sessions go on", async () => {
    const revoked = await signIn(organisation.email, organisation.password);
    const other = await signIn(organisation.email, organisation.password);
    expect((await call(logout.POST, "POST", { body: { refresh_token: revoked.refresh_token } })).status).toBe(204);

    const response = await meWith(revoked.access_token);
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ detail: "Not authenticated" });
    expect((await call(me.GET, "GET", { cookie: revoked.cookie })).status).toBe(401);
    expect((await meWith(other.access_token)).status).toBe(200);
  });

  it("refuses a token with the right claims signed with another key", async () => {
    const session = await signIn(organisation.email, organisation.password);
    const claims = decodeJwt(session.access_token);
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).sign(randomBytes(32));
    expect((await meWith(forged)).status).toBe(401);
    expect((await meWith(session.access_token)).status).toBe(200);
  });

  it("refuses an unsigned token (alg none)", async () => {
    const session = await signIn(organisation.email, organisation.password);
    const unsigned = new UnsecuredJWT(decodeJwt(session.access_token)).encode();
    expect((await meWith(unsigned)).status).toBe(401);
  });

  it("refuses an expired token signed with the real key, and accepts the same token unexpired", async () => {
    const session = await signIn(organisation.email, organisation.password);
    const claims = decodeJwt(session.access_token);
    const now = Math.floor(Date.now() / 1000);
    const sign = (exp: number) =>
      new SignJWT({ ...claims, iat: now - 3600, exp }).setProtectedHeader({ alg: "HS256" }).sign(derivedKey("access-token"));
    expect((await meWith(await sign(now + 600))).status).toBe(200);
    expect((await meWith(await sign(now - 60))).status).toBe(401);
  });

  it("refuses a validly signed token naming a session that does not exist", async () => {
    const session = await signIn(organisation.email, organisation.password);
    const claims = decodeJwt(session.access_token);
    const token = await new SignJWT({ ...claims, sid: crypto.randomUUID() }).setProtectedHeader({ alg: "HS256" }).sign(derivedKey("access-token"));
    expect((await meWith(token)).status).toBe(401);
  });

  it("never falls back to the cookie when a bearer token is present but invalid", async () => {
    const session = await signIn(organisation.email, organisation.password);
    const response = await call(me.GET, "GET", { token: "not-a-jwt", cookie: session.cookie });
    expect(response.status).toBe(401);
  });
});

describe("e-mail verification links", () => {
  it("refuses an expired link and leaves the address unverified", async () => {
    const registered = await registerOrganisation("Lateco");
    const token = mailedToken(registered.email, "Verify", "/verify-email");
    const db = await getDb();
    await db.update(authTokens).set({ expiresAt: PAST() }).where(eq(authTokens.userId, await userId(registered.email)));

    const response = await call(verifyEmail.POST, "POST", { body: { token } });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual(INVALID_VERIFICATION);
    const [user] = await db.select({ verified: users.emailVerifiedAt }).from(users).where(eq(users.email, registered.email));
    expect(user?.verified).toBeNull();
  });

  it("refuses a link used once already", async () => {
    const registered = await registerOrganisation("Onceco");
    const token = mailedToken(registered.email, "Verify", "/verify-email");
    await verifyEmailOf(registered.email);
    const response = await call(verifyEmail.POST, "POST", { body: { token } });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual(USED_VERIFICATION);
  });

  it("refuses a forged link", async () => {
    const response = await call(verifyEmail.POST, "POST", { body: { token: randomBytes(32).toString("base64url") } });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual(INVALID_VERIFICATION);
  });

  it("refuses a password reset link offered as a verification link", async () => {
    const token = await tokenOfNextMail(organisation.email, "Reset", "/password-reset", () =>
      call(requestReset.POST, "POST", { body: { email: organisation.email }, ip: freshIp() }),
    );
    const response = await call(verifyEmail.POST, "POST", { body: { token } });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual(INVALID_VERIFICATION);
  });
});

describe("password reset links", () => {
  const newPassword = "a-brand-new-password";

  async function mailedResetToken(): Promise<string> {
    return tokenOfNextMail(organisation.email, "Reset", "/password-reset", async () => {
      const response = await call(requestReset.POST, "POST", { body: { email: organisation.email }, ip: freshIp() });
      expect(response.status).toBe(200);
    });
  }

  it("refuses an expired link and keeps the old password", async () => {
    const token = await mailedResetToken();
    const db = await getDb();
    await db.update(authTokens).set({ expiresAt: PAST() }).where(eq(authTokens.userId, await userId(organisation.email)));
    const response = await call(reset.POST, "POST", { body: { token, new_password: newPassword } });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual(INVALID_RESET);
    await signIn(organisation.email, organisation.password);
  });

  it("refuses a forged link", async () => {
    const response = await call(reset.POST, "POST", { body: { token: randomBytes(32).toString("base64url"), new_password: newPassword } });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual(INVALID_RESET);
  });

  it("refuses a verification link offered as a reset link", async () => {
    const registered = await registerOrganisation("Mixco");
    const token = mailedToken(registered.email, "Verify", "/verify-email");
    const response = await call(reset.POST, "POST", { body: { token, new_password: newPassword } });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual(INVALID_RESET);
  });

  it("refuses a link used once already", async () => {
    const token = await mailedResetToken();
    expect((await call(reset.POST, "POST", { body: { token, new_password: newPassword } })).status).toBe(200);
    const again = await call(reset.POST, "POST", { body: { token, new_password: "yet-another-password" } });
    expect(again.status).toBe(400);
    expect(await json(again)).toEqual(INVALID_RESET);
    await signIn(organisation.email, newPassword);
  });
});
