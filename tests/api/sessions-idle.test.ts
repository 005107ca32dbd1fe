// Sessions end after a time without use, on the server (issue 7, W6): 12 hours without 'Keep me logged in'
// (and for API clients that do not ask for it), 30 days with it; the absolute 30 days from sign-in stay. The
// clock is moved by setting the session's last use back in the database.
import { and, eq, isNull } from "drizzle-orm";
import { decodeJwt } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import * as me from "@/app/api/v1/auth/me/route";
import * as refresh from "@/app/api/v1/auth/refresh/route";
import { getDb } from "@/db/client";
import { refreshTokens } from "@/db/schema";
import { call, json } from "../support/api";
import { signIn, type SignedIn } from "../support/accounts";
import { createUser, organisation, superAdmin } from "../support/admin";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The session (refresh-token family) an access token belongs to. */
function sessionOf(session: SignedIn): string {
  const { sid } = decodeJwt(session.access_token);
  if (typeof sid !== "string") throw new Error("access token without a session");
  return sid;
}

let email = "";
let password = "";

/** The session's current refresh-token row (the one not yet rotated). */
async function currentRow(session: SignedIn) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, sessionOf(session)), isNull(refreshTokens.usedAt)));
  if (!row) throw new Error("no current refresh token");
  return row;
}

/** Pretends the session was last used `ago` milliseconds before now. */
async function lastUsed(session: SignedIn, ago: number): Promise<void> {
  const db = await getDb();
  await db
    .update(refreshTokens)
    .set({ lastUsedAt: new Date(Date.now() - ago) })
    .where(eq(refreshTokens.familyId, sessionOf(session)));
}

const meBearer = (session: SignedIn) => call(me.GET, "GET", { token: session.access_token });
const meCookie = (session: SignedIn) => call(me.GET, "GET", { cookie: session.cookie });
const refreshWith = (session: SignedIn) => call(refresh.POST, "POST", { body: { refresh_token: session.refresh_token } });

beforeAll(async () => {
  await superAdmin();
  const org = await organisation("Idle");
  const member = await createUser(org.admin.access_token, { email: "sleeper@idle.test" });
  email = member.email;
  password = member.password;
});

describe("a session without 'Keep me logged in'", () => {
  it("is stored as not persistent", async () => {
    const session = await signIn(email, password);
    expect((await currentRow(session)).persistent).toBe(false);
  });

  it("still works after 11 hours 59 minutes without use", async () => {
    const session = await signIn(email, password);
    await lastUsed(session, 12 * HOUR - MINUTE);
    expect((await meBearer(session)).status).toBe(200);
    expect((await meCookie(session)).status).toBe(200);
  });

  it("ends after 12 hours without use: bearer, cookie and refresh token are refused", async () => {
    const session = await signIn(email, password);
    await lastUsed(session, 12 * HOUR + MINUTE);
    expect((await meBearer(session)).status).toBe(401);
    expect((await meCookie(session)).status).toBe(401);
    const refreshed = await refreshWith(session);
    expect(refreshed.status).toBe(401);
    expect(await json(refreshed)).toEqual({ detail: "Invalid or expired refresh token. Please sign in again." });
  });

  it("each use pushes the end back (the last use is recorded at most once a minute)", async () => {
    const session = await signIn(email, password);
    await lastUsed(session, 30_000);
    const recent = (await currentRow(session)).lastUsedAt;
    expect((await meBearer(session)).status).toBe(200);
    expect((await currentRow(session)).lastUsedAt).toEqual(recent);

    await lastUsed(session, 11 * HOUR);
    expect((await meBearer(session)).status).toBe(200);
    expect(Date.now() - (await currentRow(session)).lastUsedAt.getTime()).toBeLessThan(MINUTE);
    await lastUsed(session, 11 * HOUR);
    expect((await meCookie(session)).status).toBe(200);
    expect(Date.now() - (await currentRow(session)).lastUsedAt.getTime()).toBeLessThan(MINUTE);
  });

  it("a refresh counts as use and keeps the 12-hour rule for the rotated token", async () => {
    const session = await signIn(email, password);
    await lastUsed(session, 11 * HOUR);
    const response = await refreshWith(session);
    expect(response.status).toBe(200);
    const rotated = { ...session, ...(await json<{ access_token: string; refresh_token: string }>(response)) };
    const row = await currentRow(rotated);
    expect(row.persistent).toBe(false);
    expect(Date.now() - row.lastUsedAt.getTime()).toBeLessThan(MINUTE);
    await lastUsed(rotated, 12 * HOUR + MINUTE);
    expect((await meBearer(rotated)).status).toBe(401);
  });
});

describe("a session with 'Keep me logged in'", () => {
  it("is stored as persistent and survives 13 hours and 29 days without use", async () => {
    const session = await signIn(email, password, { remember: true });
    expect((await currentRow(session)).persistent).toBe(true);
    await lastUsed(session, 13 * HOUR);
    expect((await meBearer(session)).status).toBe(200);
    await lastUsed(session, 29 * DAY);
    expect((await meCookie(session)).status).toBe(200);
  });

  it("keeps being persistent through refresh rotation", async () => {
    const session = await signIn(email, password, { remember: true });
    const response = await refreshWith(session);
    expect(response.status).toBe(200);
    const rotated = { ...session, ...(await json<{ access_token: string; refresh_token: string }>(response)) };
    expect((await currentRow(rotated)).persistent).toBe(true);
    await lastUsed(rotated, 13 * HOUR);
    expect((await meBearer(rotated)).status).toBe(200);
  });

  it("ends after 30 days without use", async () => {
    const session = await signIn(email, password, { remember: true });
    await lastUsed(session, 30 * DAY + MINUTE);
    expect((await meBearer(session)).status).toBe(401);
    expect((await refreshWith(session)).status).toBe(401);
  });

  it("still ends 30 days after sign-in however often it is used", async () => {
    const session = await signIn(email, password, { remember: true });
    const db = await getDb();
    await db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - MINUTE) })
      .where(eq(refreshTokens.familyId, sessionOf(session)));
    expect((await meBearer(session)).status).toBe(401);
  });
});
