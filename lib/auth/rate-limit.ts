// Abuse limits for sign-in, registration, reset requests and invitation links, per address, per IP and per
// address from one IP.
// Counters live in the database (rate-limiter-flexible's Drizzle store), so they hold across processes.
import { isIP } from "node:net";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import { getDb } from "@/db/client";
import { rateLimits } from "@/db/schema";
import { env } from "@/lib/env";
import { TooManyRequests } from "@/lib/errors";
import { CLIENT_IP_HEADER, clientIpHeaderTrusted } from "@/lib/http/client-address.mjs";

interface Limit {
  points: number;
  durationSeconds: number;
  message: string;
}

export const LIMITS = {
  // Guessing one account's password from one network; the owner signing in from elsewhere is not affected.
  loginByEmailAndIp: { points: 10, durationSeconds: 15 * 60, message: "Too many sign-in attempts. Please try again in {wait}." },
  // Guessing one account's password from many networks: a ceiling high enough that no single attacker's
  // failures lock the owner out, low enough to stop a distributed guess (at most 9,600 a day).
  loginByEmail: { points: 100, durationSeconds: 15 * 60, message: "Too many sign-in attempts. Please try again in {wait}." },
  loginByIp: { points: 50, durationSeconds: 15 * 60, message: "Too many sign-in attempts. Please try again in {wait}." },
  registerByEmail: { points: 5, durationSeconds: 60 * 60, message: "Too many registration attempts. Please try again in {wait}." },
  registerByIp: { points: 20, durationSeconds: 60 * 60, message: "Too many registration attempts. Please try again in {wait}." },
  resetByEmail: { points: 5, durationSeconds: 60 * 60, message: "Too many password reset requests. Please try again in {wait}." },
  resetByIp: { points: 20, durationSeconds: 60 * 60, message: "Too many password reset requests. Please try again in {wait}." },
  invitationByIp: { points: 30, durationSeconds: 15 * 60, message: "Too many invitation attempts. Please try again in {wait}." },
  // Addresses are unique platform-wide, so creating a user with a taken address must answer 409 wherever the
  // account is; this bounds how many addresses one administrator can probe that way.
  userCreateConflictByActor: {
    points: 20,
    durationSeconds: 60 * 60,
    message: "Too many attempts to create users with addresses that already have an account. Please try again in {wait}.",
  },
  // Questions from a shared link's viewers (no account to hold responsible): per link and client address. A
  // question is two calls (speech-to-text or qa/question, then stream-response), so 20 is about 10 questions.
  sharedQuestionByLinkAndIp: { points: 20, durationSeconds: 60, message: "Too many questions. Please wait {wait} before asking again." },
} satisfies Record<string, Limit>;

export type LimitName = keyof typeof LIMITS;

const globalForLimits = globalThis as unknown as { rateLimiters?: Map<string, RateLimiterDrizzle> };

async function limiter(name: LimitName): Promise<RateLimiterDrizzle> {
  const db = await getDb();
  globalForLimits.rateLimiters ??= new Map();
  const key = name;
  let instance = globalForLimits.rateLimiters.get(key);
  if (!instance || (instance as unknown as { drizzleClient: unknown }).drizzleClient !== db) {
    const limit = LIMITS[name];
    instance = new RateLimiterDrizzle({
      storeClient: db,
      schema: rateLimits,
      keyPrefix: name,
      points: Math.max(1, Math.round(limit.points * env().RATE_LIMIT_SCALE)),
      duration: limit.durationSeconds,
    });
    globalForLimits.rateLimiters.set(key, instance);
  }
  return instance;
}

/** Counts one attempt; throws 429 with the time to wait once the limit is used up. */
export async function consume(name: LimitName, subject: string): Promise<void> {
  try {
    await (await limiter(name)).consume(subject.toLowerCase());
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      const minutes = Math.max(1, Math.ceil(seconds / 60));
      const wait = minutes === 1 ? "1 minute" : `${minutes} minutes`;
      throw new TooManyRequests(LIMITS[name].message.replace("{wait}", wait), seconds);
    }
    throw error;
  }
}

/** Gives one attempt back, e.g. a successful sign-in that should not count against an address-wide ceiling. */
export async function refund(name: LimitName, subject: string): Promise<void> {
  await (await limiter(name)).reward(subject.toLowerCase(), 1);
}

/** Forgets the attempts of a subject, e.g. after a successful sign-in. */
export async function reset(name: LimitName, subject: string): Promise<void> {
  await (await limiter(name)).delete(subject.toLowerCase());
}

/**
 * The client's IP address: the one the production server (scripts/server.mjs) computed from the socket and
 * TRUST_PROXY and put in CLIENT_IP_HEADER. Nothing the client sends (X-Forwarded-For, X-Real-IP) is read: Next.js
 * passes a client's own X-Forwarded-For through. Without that server, `next dev` uses the last X-Forwarded-For
 * entry (Next.js fills it from the socket when absent; development only), and anything else gets one shared
 * "unknown" bucket rather than one the client can choose.
 */
export function clientIp(request: Request): string {
  if (clientIpHeaderTrusted()) return limitSubject(request.headers.get(CLIENT_IP_HEADER)?.trim() || "unknown");
  if (env().NODE_ENV === "development") return limitSubject(request.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim() || "unknown");
  return "unknown";
}

/**
 * The bucket of an address: an IPv4 address itself, an IPv6 address its /64 network. A subscriber usually holds
 * a whole /64 and could otherwise take a fresh address, and so a fresh bucket, for every attempt.
 */
function limitSubject(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head = "", tail] = address.toLowerCase().split("::");
  const groupsOf = (part: string) => (part === "" ? [] : part.split(":").flatMap((group) => (group.includes(".") ? ["0", "0"] : [group])));
  const before = groupsOf(head);
  const after = tail === undefined ? [] : groupsOf(tail);
  const groups = tail === undefined ? before : [...before, ...Array<string>(8 - before.length - after.length).fill("0"), ...after];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}
