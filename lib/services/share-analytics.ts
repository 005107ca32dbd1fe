// Share analytics: what happens to a deck once it is played, signed in, on its share page or embedded in another
// site. The player sends its events in small batches; the route finds the deck (by its id or share token, read at
// most every few seconds per process) and queues the events in the process, which writes all it holds every half
// second in one statement and marks the decks' days for the rollup. Nothing identifying is stored: no cookie is
// set, and a viewer is a hash of the day's salt, their address, user agent and the deck. The salt is kept in the
// database (so every process counts a viewer once) and deleted the day after. Known bots and headless browsers are
// not counted. The rollup job turns a day's raw events into the daily figures the pages read; the retention job
// deletes raw events after ANALYTICS_RETENTION_DAYS and the salts of past days.
import { createHash, createHmac, randomBytes } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { isbot } from "isbot";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { getDb, type Db, type Tx } from "@/db/client";
import type { AnalyticsContext } from "@/db/schema/analytics";
import { isSuperAdmin, type Actor } from "@/lib/auth/actor";
import { clientIp } from "@/lib/auth/rate-limit";
import { derivedKey } from "@/lib/auth/secret";
import { csvCell } from "@/lib/csv/users";
import { env } from "@/lib/env";
import { Forbidden, NotFound, TooManyRequests } from "@/lib/errors";
import { enqueue } from "@/lib/jobs/queue";
import { logger } from "@/lib/log";
import { recordActivity } from "./activity";
import type { AnalyticsEventIn } from "@/lib/validation/analytics";
import { PRESENTATION_MESSAGES } from "@/lib/validation/presentations";
import { SHARE_TOKEN_PATTERN, SHARING_MESSAGES } from "@/lib/validation/sharing";

export const ANALYTICS_ROLLUP_JOB = "analytics-rollup";
export const ANALYTICS_RETENTION_JOB = "analytics-retention";
/** The rollup job: one waiting at a time is enough, since each run rolls up every deck day marked so far. */
export const ANALYTICS_ROLLUP_QUEUE_OPTIONS = { name: ANALYTICS_ROLLUP_JOB, policy: "short" as const, retryLimit: 2, expireInSeconds: 300 };
/**
 * How long after a batch this process asks for a rollup: the batches of these seconds share one run, which reads the
 * deck's day again from its raw events (so a busy deck's day is read at most every few seconds).
 */
const ROLLUP_DELAY_MS = 5_000;
/** Deck days rolled up by one run of the job at most (the schedule picks up the rest a minute later). */
const ROLLUP_BATCH = 500;
/** Raw events deleted per statement by the retention job. */
const RETENTION_BATCH = 10_000;

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/** YYYY-MM-DD of a moment in UTC: the day an event counts for and a salt belongs to. */
export function utcDay(at: Date = new Date()): string {
  return at.toISOString().slice(0, 10);
}

// ---- viewers ----

const globalForSalts = globalThis as unknown as {
  analyticsSalt?: { day: string; salt: string };
  /** The read under way, so requests arriving together at the start of a day share it. */
  analyticsSaltRead?: { day: string; salt: Promise<string> };
};

/** The salt of a day, made by the first process that needs it and shared by the others through the database. */
export async function saltOf(day: string, executor?: Db): Promise<string> {
  const cached = globalForSalts.analyticsSalt;
  if (cached?.day === day) return cached.salt;
  const reading = globalForSalts.analyticsSaltRead;
  if (reading?.day === day) return reading.salt;
  const salt = readSalt(day, executor);
  globalForSalts.analyticsSaltRead = { day, salt };
  try {
    const value = await salt;
    globalForSalts.analyticsSalt = { day, salt: value };
    return value;
  } finally {
    if (globalForSalts.analyticsSaltRead?.salt === salt) globalForSalts.analyticsSaltRead = undefined;
  }
}

async function readSalt(day: string, executor?: Db): Promise<string> {
  const db = executor ?? (await getDb());
  const [made] = rowsOf<{ salt: string }>(
    await db.execute(sql`
      with made as (
        insert into analytics_salts (day, salt) values (${day}::date, ${randomBytes(32).toString("hex")})
        on conflict (day) do nothing returning salt
      )
      select salt from made union all select salt from analytics_salts where day = ${day}::date limit 1`),
  );
  if (made) return made.salt;
  // Another process made it while this statement ran: its row is committed but was not in this statement's view.
  const [kept] = rowsOf<{ salt: string }>(await db.execute(sql`select salt from analytics_salts where day = ${day}::date`));
  if (!kept) throw new Error("the day's analytics salt could not be read");
  return kept.salt;
}

/**
 * The part of a viewer's hash that does not depend on the deck: an HMAC, keyed by APP_SECRET, of the day's salt,
 * the address and the user agent. The address never reaches the database, and the stored salt alone (without the
 * application's secret) cannot be used to try addresses against the stored hashes.
 */
function viewerKey(salt: string, address: string, userAgent: string): string {
  return createHmac("sha256", derivedKey("analytics-viewers")).update(`${salt}\n${address}\n${userAgent}`).digest("hex");
}

/** Bots, crawlers, link previews, headless browsers and requests without a user agent are not counted. */
export function isCountedAgent(userAgent: string | null): userAgent is string {
  return !!userAgent && userAgent.length <= 1000 && !isbot(userAgent);
}

/** An embedding page's origin as stored: a bare http(s) origin, or nothing. */
export function embedOriginOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    return url.origin;
  } catch {
    return null;
  }
}

// ---- ingest ----

/** The deck a batch is for: found by its live share token or its id, and whether its tenant counts. */
interface DeckRef {
  presentationId: string;
  tenantId: string;
  enabled: boolean;
  /** The share link a shared viewer came through (its token's hash): a link revoked before the write drops them. */
  tokenHash?: string;
}

/** How long a process trusts what it read of a deck for ingest (a revoked link or a tenant's switch is seen after). */
const DECK_CACHE_MS = 10_000;
const DECK_CACHE_ENTRIES = 10_000;
/** Events wait in the process at most this long before they are written, in one statement. */
const FLUSH_DELAY_MS = 500;
/** A flush writes at most this many events per statement (13 parameters each). */
const FLUSH_CHUNK = 2_000;
/** Past this many waiting events a flush starts at once; past twice as many, new events are dropped and logged. */
const BUFFER_EVENTS = 5_000;

interface StoredEvent {
  tenantId: string;
  presentationId: string;
  day: string;
  kind: AnalyticsEventIn["kind"];
  viewer: string;
  context: AnalyticsContext;
  origin: string | null;
  slide: number | null;
  heardMs: number | null;
  question: string | null;
  mode: string | null;
  covered: boolean | null;
  tokenHash: string | null;
}

interface IngestState {
  decks: Map<string, { deck: DeckRef | null; until: number }>;
  buffer: StoredEvent[];
  timer?: ReturnType<typeof setTimeout>;
  flushing?: Promise<void>;
}

const globalForIngest = globalThis as unknown as { analyticsIngest?: IngestState };
const ingest: IngestState = (globalForIngest.analyticsIngest ??= { decks: new Map(), buffer: [] });

/** A deck by its cache key, read at most once per DECK_CACHE_MS by this process (null: no such live deck). */
async function deckOf(key: string, read: () => Promise<DeckRef | null>): Promise<DeckRef | null> {
  const now = Date.now();
  const cached = ingest.decks.get(key);
  if (cached && cached.until > now) return cached.deck;
  const deck = await read();
  if (ingest.decks.size >= DECK_CACHE_ENTRIES) ingest.decks.clear();
  ingest.decks.set(key, { deck, until: now + DECK_CACHE_MS });
  return deck;
}

/** Forgets what this process read of decks: all (a tenant changed its switch), or one share link (revoked). */
export function forgetAnalyticsDecks(tokenHash?: string): void {
  if (tokenHash) ingest.decks.delete(`t:${tokenHash}`);
  else ingest.decks.clear();
}

async function readDeck(query: SQL): Promise<DeckRef | null> {
  const db = await getDb();
  const [row] = rowsOf<{ presentation_id: string; tenant_id: string; enabled: boolean }>(await db.execute(query));
  return row ? { presentationId: row.presentation_id, tenantId: row.tenant_id, enabled: row.enabled } : null;
}

/** The viewer's hash for a deck: sha256 of their day key (salt, address, user agent) and the deck's id. */
function viewerHash(key: string, presentationId: string): string {
  return createHash("sha256").update(`${key}${presentationId}`).digest("hex");
}

/**
 * Queues a batch for the next flush. Events wait in the process (at most FLUSH_DELAY_MS, or until BUFFER_EVENTS
 * are waiting), so a burst of viewers costs one insert, not one per request; a process that dies loses at most
 * that half second of events.
 */
function queueBatch(deck: DeckRef, events: readonly AnalyticsEventIn[], key: string, context: AnalyticsContext, origin: string | null, day: string): void {
  if (ingest.buffer.length >= BUFFER_EVENTS * 2) {
    logger.warn({ waiting: ingest.buffer.length }, "analytics events dropped: the database is not keeping up");
    return;
  }
  const viewer = viewerHash(key, deck.presentationId);
  for (const event of events) {
    ingest.buffer.push({
      tenantId: deck.tenantId,
      presentationId: deck.presentationId,
      day,
      kind: event.kind,
      viewer,
      context,
      origin,
      slide: event.kind === "slide" ? event.slide : null,
      heardMs: event.kind === "slide" ? event.heard_ms : null,
      question: event.kind === "question" ? event.question : null,
      mode: event.kind === "question" ? event.mode : null,
      covered: event.kind === "question" ? event.covered : null,
      tokenHash: deck.tokenHash ?? null,
    });
  }
  if (ingest.buffer.length >= BUFFER_EVENTS) void flushAnalytics();
  else if (!ingest.timer) {
    ingest.timer = setTimeout(() => void flushAnalytics(), FLUSH_DELAY_MS);
    ingest.timer.unref?.();
  }
}

/**
 * One statement per chunk: the events inserted and their deck days marked for the rollup. The chunk travels as one
 * JSON parameter that PostgreSQL unpacks (jsonb_to_recordset), rather than 13 bound parameters an event.
 */
async function writeEvents(events: readonly StoredEvent[]): Promise<void> {
  const rows = JSON.stringify(
    events.map((event) => ({
      tenant_id: event.tenantId,
      presentation_id: event.presentationId,
      day: event.day,
      kind: event.kind,
      viewer: event.viewer,
      context: event.context,
      origin: event.origin,
      slide: event.slide,
      heard: event.heardMs,
      question: event.question,
      mode: event.mode,
      covered: event.covered,
      token_hash: event.tokenHash,
    })),
  );
  const db = await getDb();
  await db.execute(sql`
    with added as (
      insert into analytics_events (tenant_id, presentation_id, day, kind, viewer, context, embed_origin, slide_number, heard_ms, question, question_mode, covered)
      select v.tenant_id, v.presentation_id, v.day, v.kind, v.viewer, v.context, v.origin, v.slide, v.heard, v.question, v.mode, v.covered
      from jsonb_to_recordset(${rows}::jsonb) as v(
        tenant_id uuid, presentation_id uuid, day date, kind text, viewer text, context text, origin text,
        slide int, heard int, question text, mode text, covered boolean, token_hash text
      )
      -- A deck deleted, or a link revoked, since its events were queued: those events go, the others stay.
      join presentations p on p.id = v.presentation_id and p.tenant_id = v.tenant_id
      where v.token_hash is null
         or exists (select 1 from share_links l where l.token_hash = v.token_hash and l.revoked_at is null)
      returning presentation_id, day
    )
    insert into analytics_pending (presentation_id, day) select distinct presentation_id, day from added on conflict do nothing`);
}

/**
 * Writes the events waiting in this process (the flush timer, the rollup job before it reads, tests), and waits
 * for a write already under way. Events of a deck deleted or a link revoked meanwhile are left out; a failed write
 * is logged and its events dropped (analytics never hold up the player, nor grow without bound while the database
 * is away).
 */
export async function flushAnalytics(): Promise<void> {
  if (ingest.timer) clearTimeout(ingest.timer);
  ingest.timer = undefined;
  while (ingest.flushing) await ingest.flushing;
  if (ingest.buffer.length === 0) return;
  const events = ingest.buffer;
  ingest.buffer = [];
  ingest.flushing = (async () => {
    for (let at = 0; at < events.length; at += FLUSH_CHUNK) {
      const chunk = events.slice(at, at + FLUSH_CHUNK);
      try {
        await writeEvents(chunk);
      } catch (error) {
        logger.warn({ events: chunk.length, reason: error instanceof Error ? error.message : typeof error }, "analytics events could not be written");
      }
    }
    scheduleRollup();
  })();
  try {
    await ingest.flushing;
  } finally {
    ingest.flushing = undefined;
  }
  // Events queued while this write ran go now too.
  if (ingest.buffer.length > 0) await flushAnalytics();
}

/** POST /presentations/{id}/analytics/events: the player of a signed-in viewer who may see the deck. */
export async function recordDeckEvents(actor: Actor, presentationId: string, request: Request, events: readonly AnalyticsEventIn[]): Promise<void> {
  const deck = await deckOf(`p:${presentationId}`, () =>
    readDeck(sql`select p.id as presentation_id, p.tenant_id, t.analytics_enabled as enabled
      from presentations p join tenants t on t.id = p.tenant_id where p.id = ${presentationId}`),
  );
  if (!deck || (!isSuperAdmin(actor) && deck.tenantId !== actor.tenantId)) throw new NotFound(PRESENTATION_MESSAGES.notFound);
  await record(deck, request, events, "app", null);
}

/** POST /presentations/share/{token}/events: a player on a share page or embedded; a dead link is 404. */
export async function recordSharedEvents(
  token: string,
  request: Request,
  batch: { events: readonly AnalyticsEventIn[]; context: "share" | "embed"; embed_origin?: string },
): Promise<void> {
  if (!SHARE_TOKEN_PATTERN.test(token)) throw new NotFound(SHARING_MESSAGES.linkNotFound);
  const tokenHash = createHash("sha256").update(token).digest("hex");
  const deck = await deckOf(`t:${tokenHash}`, () =>
    readDeck(sql`select l.presentation_id, l.tenant_id, t.analytics_enabled as enabled
      from share_links l join tenants t on t.id = l.tenant_id
      where l.token_hash = ${tokenHash} and l.revoked_at is null and t.is_active`),
  );
  if (!deck) throw new NotFound(SHARING_MESSAGES.linkNotFound);
  await limitSharedViewer(tokenHash, request);
  await record({ ...deck, tokenHash }, request, batch.events, batch.context, batch.context === "embed" ? embedOriginOf(batch.embed_origin) : null);
}

/**
 * Batches per share link and address a minute, counted in this process (no database round trip): a player sends
 * one every 10 seconds and a few more when questions are asked or the page is hidden, so 60 leaves room for several
 * viewers behind one address while capping what a script can write through a link it holds.
 */
const SHARED_BATCHES_PER_MINUTE = 60;
const globalForViewerLimit = globalThis as unknown as { analyticsViewerLimit?: RateLimiterMemory };

async function limitSharedViewer(tokenHash: string, request: Request): Promise<void> {
  const limiter = (globalForViewerLimit.analyticsViewerLimit ??= new RateLimiterMemory({
    points: Math.max(1, Math.round(SHARED_BATCHES_PER_MINUTE * env().RATE_LIMIT_SCALE)),
    duration: 60,
  }));
  try {
    await limiter.consume(`${tokenHash}|${clientIp(request)}`);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw new TooManyRequests("Too many analytics events. Please wait a minute.", error.msBeforeNext / 1000);
    throw error;
  }
}

/** A found deck's batch: queued when its tenant counts and the viewer is a person's browser, else dropped. */
async function record(deck: DeckRef, request: Request, events: readonly AnalyticsEventIn[], context: AnalyticsContext, origin: string | null): Promise<void> {
  if (!deck.enabled) return;
  const userAgent = request.headers.get("user-agent");
  if (!isCountedAgent(userAgent)) return;
  const day = utcDay();
  queueBatch(deck, events, viewerKey(await saltOf(day), clientIp(request), userAgent), context, origin, day);
}

// ---- rollup ----

const globalForRollup = globalThis as unknown as { analyticsRollupTimer?: ReturnType<typeof setTimeout> };

/** Asks for a rollup a moment after a batch (once per moment in this process), off the request's path. */
function scheduleRollup(): void {
  if (globalForRollup.analyticsRollupTimer) return;
  const timer = setTimeout(() => {
    globalForRollup.analyticsRollupTimer = undefined;
    void enqueue(ANALYTICS_ROLLUP_JOB, {}, { singletonKey: ANALYTICS_ROLLUP_JOB }).catch((error: unknown) =>
      logger.warn({ reason: error instanceof Error ? error.message : typeof error }, "the analytics rollup could not be sent; the schedule will run it"),
    );
  }, ROLLUP_DELAY_MS);
  timer.unref?.();
  globalForRollup.analyticsRollupTimer = timer;
}

/**
 * Writes the events waiting in this process and calls off its pending rollup request (the schedule runs the rollup):
 * for a process about to let go of its database, so neither timer opens it again afterwards.
 */
export async function settleAnalytics(): Promise<void> {
  if (ingest.buffer.length > 0 || ingest.timer || ingest.flushing) await flushAnalytics();
  if (globalForRollup.analyticsRollupTimer) clearTimeout(globalForRollup.analyticsRollupTimer);
  globalForRollup.analyticsRollupTimer = undefined;
}

/**
 * A deck's day made anew from its raw events, in the transaction that took its mark: the day's totals, each slide's
 * viewers and time heard, the embedding origins and the questions.
 */
async function rollUpDay(tx: Tx, presentationId: string, day: string): Promise<void> {
  const events = sql`analytics_events where presentation_id = ${presentationId} and day = ${day}::date`;
  await tx.execute(sql`
    insert into analytics_deck_days (presentation_id, tenant_id, day, views, viewers, plays, completions, questions, not_covered, furthest_slide_sum)
    select ${presentationId}::uuid, (select tenant_id from presentations where id = ${presentationId}), ${day}::date,
           count(*) filter (where kind = 'view'),
           count(distinct viewer) filter (where kind = 'view'),
           count(*) filter (where kind = 'play'),
           count(*) filter (where kind = 'complete'),
           count(*) filter (where kind = 'question'),
           count(*) filter (where kind = 'question' and covered = false),
           coalesce((select sum(furthest) from (select max(slide_number) as furthest from ${events} and kind = 'slide' group by viewer) f), 0)
    from ${events}
    on conflict (presentation_id, day) do update set
      views = excluded.views, viewers = excluded.viewers, plays = excluded.plays, completions = excluded.completions,
      questions = excluded.questions, not_covered = excluded.not_covered, furthest_slide_sum = excluded.furthest_slide_sum`);
  await tx.execute(sql`delete from analytics_slide_days where presentation_id = ${presentationId} and day = ${day}::date`);
  await tx.execute(sql`
    insert into analytics_slide_days (presentation_id, day, slide_number, viewers, heard_ms)
    select ${presentationId}::uuid, ${day}::date, slide_number, count(distinct viewer), coalesce(sum(heard_ms), 0)
    from ${events} and kind = 'slide' group by slide_number`);
  await tx.execute(sql`delete from analytics_origin_days where presentation_id = ${presentationId} and day = ${day}::date`);
  await tx.execute(sql`
    insert into analytics_origin_days (presentation_id, day, origin, views)
    select ${presentationId}::uuid, ${day}::date, embed_origin, count(*)
    from ${events} and kind = 'view' and embed_origin is not null group by embed_origin`);
  await tx.execute(sql`delete from analytics_question_days where presentation_id = ${presentationId} and day = ${day}::date`);
  await tx.execute(sql`
    insert into analytics_question_days (presentation_id, day, question, covered, asked)
    select ${presentationId}::uuid, ${day}::date, question, covered, count(*)
    from ${events} and kind = 'question' and question is not null and covered is not null group by question, covered`);
}

/**
 * The rollup job: takes the marked deck days one at a time (skipping those another process holds), each in its own
 * transaction that removes its mark first, so events arriving meanwhile mark the day again. Answers how many.
 */
export async function rollUpPending(limit = ROLLUP_BATCH): Promise<number> {
  await flushAnalytics();
  const db = await getDb();
  let done = 0;
  while (done < limit) {
    const took = await db.transaction(async (tx) => {
      const [mark] = rowsOf<{ presentation_id: string; day: string }>(
        await tx.execute(sql`
          delete from analytics_pending where (presentation_id, day) in (
            select presentation_id, day from analytics_pending order by day, presentation_id limit 1 for update skip locked
          ) returning presentation_id, day::text as day`),
      );
      if (!mark) return false;
      await rollUpDay(tx, mark.presentation_id, mark.day);
      return true;
    });
    if (!took) break;
    done += 1;
  }
  return done;
}

/** The retention job: raw events older than ANALYTICS_RETENTION_DAYS go (in slices), and the salts of past days. */
export async function pruneAnalytics(now: Date = new Date()): Promise<{ events: number; salts: number }> {
  const db = await getDb();
  const keepFrom = utcDay(new Date(now.getTime() - env().ANALYTICS_RETENTION_DAYS * 86_400_000));
  let events = 0;
  for (;;) {
    const deleted = rowsOf<{ id: number }>(
      await db.execute(sql`
        delete from analytics_events where id in (select id from analytics_events where day < ${keepFrom}::date limit ${RETENTION_BATCH})
        returning id`),
    ).length;
    events += deleted;
    if (deleted < RETENTION_BATCH) break;
  }
  // The questions viewers typed are their words: kept no longer than the raw events they came from.
  await db.execute(sql`delete from analytics_question_days where day < ${keepFrom}::date`);
  const salts = rowsOf<{ day: string }>(await db.execute(sql`delete from analytics_salts where day < ${utcDay(now)}::date returning day`)).length;
  if (globalForSalts.analyticsSalt && globalForSalts.analyticsSalt.day < utcDay(now)) globalForSalts.analyticsSalt = undefined;
  return { events, salts };
}

// ---- reads ----

export interface AnalyticsDay {
  day: string;
  views: number;
  unique_viewers: number;
  plays: number;
  completions: number;
  questions: number;
  not_covered: number;
}

export interface PresentationAnalyticsOut {
  presentation_id: string;
  /** The deck's tenant: its analytics switch is that tenant's. */
  tenant_id: string;
  blog_id: string;
  blog_title: string;
  version_number: number;
  slide_count: number;
  analytics_enabled: boolean;
  from: string;
  to: string;
  totals: {
    views: number;
    unique_viewers: number;
    plays: number;
    completions: number;
    /** Average share of the deck a viewer reached (0-1), over viewers who reached a slide; null without any. */
    average_completion: number | null;
    questions: number;
    answered: number;
    not_covered: number;
  };
  days: AnalyticsDay[];
  slides: { slide_number: number; slide_title: string; viewers: number; average_heard_ms: number }[];
  questions: { question: string; covered: boolean; asked: number }[];
  embeds: { origin: string; views: number }[];
}

interface AnalyticsRow {
  presentation_id: string;
  tenant_id: string;
  blog_id: string;
  blog_title: string;
  version_number: number;
  analytics_enabled: boolean;
  slides: { slide_number: number; slide_title: string; viewers: number; heard_ms: number }[];
  days: (AnalyticsDay & { furthest_slide_sum: number; slide_viewers: number })[];
  questions: { question: string; covered: boolean; asked: number }[];
  embeds: { origin: string; views: number }[];
}

/** The period's days, oldest first, each present (zero when nothing happened). */
function everyDay(from: string, to: string, known: readonly AnalyticsDay[]): AnalyticsDay[] {
  const byDay = new Map(known.map((day) => [day.day, day]));
  const days: AnalyticsDay[] = [];
  for (let at = new Date(`${from}T00:00:00Z`); utcDay(at) <= to; at = new Date(at.getTime() + 86_400_000)) {
    const day = utcDay(at);
    const found = byDay.get(day);
    days.push(found ?? { day, views: 0, unique_viewers: 0, plays: 0, completions: 0, questions: 0, not_covered: 0 });
  }
  return days;
}

/**
 * GET /presentations/{id}/analytics: a deck's figures over the last `days` days (today included), from the daily
 * rollups, in one statement; a deck of another tenant is 404.
 */
export async function presentationAnalytics(actor: Actor, presentationId: string, days: number, now: Date = new Date()): Promise<PresentationAnalyticsOut> {
  const to = utcDay(now);
  const from = utcDay(new Date(now.getTime() - (days - 1) * 86_400_000));
  const tenantCheck = isSuperAdmin(actor) ? sql`` : sql`and p.tenant_id = ${actor.tenantId}`;
  const db = await getDb();
  const [row] = rowsOf<AnalyticsRow>(
    await db.execute(sql`
      select p.id as presentation_id, p.tenant_id, p.blog_id, b.blog_title, p.version_number, t.analytics_enabled,
        coalesce((
          select json_agg(json_build_object('slide_number', s.slide_number, 'slide_title', s.slide_title,
                   'viewers', coalesce(r.viewers, 0), 'heard_ms', coalesce(r.heard_ms, 0)) order by s.slide_number)
          from slides s
          left join (select slide_number, sum(viewers)::int as viewers, sum(heard_ms)::bigint as heard_ms from analytics_slide_days
                     where presentation_id = p.id and day between ${from}::date and ${to}::date group by slide_number) r
            on r.slide_number = s.slide_number
          where s.presentation_id = p.id), '[]'::json) as slides,
        coalesce((
          select json_agg(json_build_object('day', d.day::text, 'views', d.views, 'unique_viewers', d.viewers, 'plays', d.plays,
                   'completions', d.completions, 'questions', d.questions, 'not_covered', d.not_covered,
                   'furthest_slide_sum', d.furthest_slide_sum,
                   'slide_viewers', coalesce((select max(viewers) from analytics_slide_days x where x.presentation_id = p.id and x.day = d.day), 0)
                 ) order by d.day)
          from analytics_deck_days d where d.presentation_id = p.id and d.day between ${from}::date and ${to}::date), '[]'::json) as days,
        coalesce((
          select json_agg(json_build_object('question', q.question, 'covered', q.covered, 'asked', q.asked) order by q.asked desc, q.question)
          from (select question, covered, sum(asked)::int as asked from analytics_question_days
                where presentation_id = p.id and day between ${from}::date and ${to}::date
                group by question, covered order by sum(asked) desc, question limit 200) q), '[]'::json) as questions,
        coalesce((
          select json_agg(json_build_object('origin', o.origin, 'views', o.views) order by o.views desc, o.origin)
          from (select origin, sum(views)::int as views from analytics_origin_days
                where presentation_id = p.id and day between ${from}::date and ${to}::date
                group by origin order by sum(views) desc, origin limit 50) o), '[]'::json) as embeds
      from presentations p
      join blogs b on b.id = p.blog_id
      join tenants t on t.id = p.tenant_id
      where p.id = ${presentationId} ${tenantCheck}`),
  );
  if (!row) throw new NotFound(PRESENTATION_MESSAGES.notFound);
  const parse = <T>(value: T | string): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);
  const slides = parse(row.slides);
  const rolled = parse(row.days);
  const questions = parse(row.questions);
  const sum = (pick: (day: (typeof rolled)[number]) => number) => rolled.reduce((total, day) => total + Number(pick(day)), 0);
  const slideViewers = sum((day) => day.slide_viewers);
  const notCovered = sum((day) => day.not_covered);
  const asked = sum((day) => day.questions);
  return {
    presentation_id: row.presentation_id,
    tenant_id: row.tenant_id,
    blog_id: row.blog_id,
    blog_title: row.blog_title,
    version_number: row.version_number,
    slide_count: slides.length,
    analytics_enabled: row.analytics_enabled,
    from,
    to,
    totals: {
      views: sum((day) => day.views),
      unique_viewers: sum((day) => day.unique_viewers),
      plays: sum((day) => day.plays),
      completions: sum((day) => day.completions),
      average_completion:
        slideViewers > 0 && slides.length > 0 ? Math.min(1, sum((day) => day.furthest_slide_sum) / slideViewers / slides.length) : null,
      questions: asked,
      answered: asked - notCovered,
      not_covered: notCovered,
    },
    days: everyDay(
      from,
      to,
      rolled.map(({ furthest_slide_sum: _furthest, slide_viewers: _viewers, ...day }) => day),
    ),
    slides: slides.map((slide) => ({
      slide_number: slide.slide_number,
      slide_title: slide.slide_title,
      viewers: Number(slide.viewers),
      average_heard_ms: Number(slide.viewers) > 0 ? Math.round(Number(slide.heard_ms) / Number(slide.viewers)) : 0,
    })),
    questions,
    embeds: parse(row.embeds),
  };
}

/** GET /presentations/{id}/analytics.csv: the page's figures as CSV, one row per day, then per slide and question. */
export function analyticsCsv(analytics: PresentationAnalyticsOut): string {
  const lines: string[][] = [["Date", "Views", "Unique viewers", "Plays", "Completions", "Questions", "Not covered"]];
  for (const day of analytics.days) {
    lines.push([day.day, ...[day.views, day.unique_viewers, day.plays, day.completions, day.questions, day.not_covered].map(String)]);
  }
  lines.push([], ["Slide", "Title", "Viewers reached", "Average seconds heard"]);
  for (const slide of analytics.slides) {
    lines.push([String(slide.slide_number), slide.slide_title, String(slide.viewers), (slide.average_heard_ms / 1000).toFixed(1)]);
  }
  lines.push([], ["Question", "Answered", "Times asked"]);
  for (const question of analytics.questions) lines.push([question.question, question.covered ? "Yes" : "Not covered", String(question.asked)]);
  return lines.map((line) => line.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

export function analyticsCsvFileName(analytics: PresentationAnalyticsOut): string {
  return `presentation-analytics-${analytics.presentation_id.slice(0, 8)}-${analytics.to}.csv`;
}

export interface TopDeckOut {
  presentation_id: string;
  blog_id: string;
  blog_title: string;
  version_number: number;
  views: number;
  unique_viewers: number;
}

/** GET /analytics/top-decks: the tenant's most-viewed decks over the last `days` days, from the rollups. */
export async function topDecks(actor: Actor, days: number, limit: number, now: Date = new Date()): Promise<TopDeckOut[]> {
  const from = utcDay(new Date(now.getTime() - (days - 1) * 86_400_000));
  const db = await getDb();
  return rowsOf<TopDeckOut>(
    await db.execute(sql`
      select d.presentation_id, p.blog_id, b.blog_title, p.version_number, sum(d.views)::int as views, sum(d.viewers)::int as unique_viewers
      from analytics_deck_days d
      join presentations p on p.id = d.presentation_id
      join blogs b on b.id = p.blog_id
      where d.tenant_id = ${actor.tenantId} and d.day >= ${from}::date
      group by d.presentation_id, p.blog_id, b.blog_title, p.version_number
      having sum(d.views) > 0
      order by sum(d.views) desc, b.blog_title, p.version_number desc
      limit ${limit}`),
  );
}

/** GET /analytics/settings: whether the actor's tenant counts what happens to its decks. */
export async function analyticsSettings(actor: Actor): Promise<{ enabled: boolean }> {
  const db = await getDb();
  const [row] = rowsOf<{ enabled: boolean }>(await db.execute(sql`select analytics_enabled as enabled from tenants where id = ${actor.tenantId}`));
  if (!row) throw new NotFound("Tenant not found");
  return row;
}

/** PUT /analytics/settings (user.create, the tenant's administrators): analytics on or off for the actor's tenant. */
export async function updateAnalyticsSettings(actor: Actor, enabled: boolean): Promise<{ enabled: boolean }> {
  if (!actor.permissions.has("user.create")) throw new Forbidden();
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [updated] = rowsOf<{ enabled: boolean }>(
      await tx.execute(sql`update tenants set analytics_enabled = ${enabled}, updated_at = now() where id = ${actor.tenantId} returning analytics_enabled as enabled`),
    );
    if (!updated) throw new NotFound("Tenant not found");
    await recordActivity(tx, {
      tenantId: actor.tenantId,
      actorUserId: actor.userId,
      action: enabled ? "analytics.enabled" : "analytics.disabled",
      summary: enabled ? "Share analytics turned on" : "Share analytics turned off",
      subjectType: "tenant",
      subjectId: actor.tenantId,
    });
    return updated;
  });
  // This process sees the change at once; the others within DECK_CACHE_MS.
  forgetAnalyticsDecks();
  return row;
}
