// Share analytics (issue 26) through the real route handlers: a shared deck's events from two viewers (one on the
// share page, one embedded) become the analytics page's figures; no cookie is set and no address or user agent is
// stored; the daily salt rotates and past salts are deleted; bots are not counted; the rollups equal the raw
// counts; another tenant, a revoked link and a tenant that turned analytics off get nothing stored.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as settingsRoute from "@/app/api/v1/analytics/settings/route";
import * as topDecksRoute from "@/app/api/v1/analytics/top-decks/route";
import * as csvRoute from "@/app/api/v1/presentations/[id]/analytics.csv/route";
import * as analyticsRoute from "@/app/api/v1/presentations/[id]/analytics/route";
import * as deckEventsRoute from "@/app/api/v1/presentations/[id]/analytics/events/route";
import * as shareRoute from "@/app/api/v1/presentations/[id]/share/route";
import * as sharedEventsRoute from "@/app/api/v1/presentations/share/[token]/events/route";
import { getDb } from "@/db/client";
import { flushAnalytics, pruneAnalytics, rollUpPending, saltOf, utcDay, type PresentationAnalyticsOut, type TopDeckOut } from "@/lib/services/share-analytics";
import type { PresentationOut } from "@/lib/services/presentations";
import type { ShareLinkOut } from "@/lib/services/sharing";
import { call, json } from "../support/api";
import type { Organisation, SignedIn } from "../support/accounts";
import { organisation, signedInUser } from "../support/admin";
import { narratedDeck } from "../support/decks";
import { newProject } from "../support/projects-blogs";

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const FIRST_ADDRESS = "203.0.113.41";
const SECOND_ADDRESS = "198.51.100.77";

let alpha: Organisation;
let bravo: Organisation;
let member: SignedIn;
let deck: PresentationOut;
let shareToken: string;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await (await getDb()).execute(query);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

const sendShared = (token: string, body: unknown, userAgent: string, ip: string) =>
  call(sharedEventsRoute.POST, "POST", { params: { token }, body, ip, headers: { "user-agent": userAgent } });

async function analyticsOf(token: string, id: string): Promise<PresentationAnalyticsOut> {
  const response = await call(analyticsRoute.GET, "GET", { token, params: { id } });
  expect(response.status, await response.clone().text()).toBe(200);
  return json<PresentationAnalyticsOut>(response);
}

/** The deck's stored events, once this process has written what it holds. */
async function eventCount(presentationId: string): Promise<number> {
  await flushAnalytics();
  return Number((await rows<{ n: number }>(sql`select count(*)::int as n from analytics_events where presentation_id = ${presentationId}`))[0]!.n);
}

beforeAll(async () => {
  alpha = await organisation("analytics-alpha");
  bravo = await organisation("analytics-bravo");
  member = await signedInUser(alpha.admin.access_token, { email: "member@analytics-alpha.test" });
  deck = await narratedDeck(alpha, (await newProject(alpha.admin.access_token, "Analytics")).id);
  const shared = await call(shareRoute.POST, "POST", { token: alpha.admin.access_token, params: { id: deck.id } });
  expect(shared.status).toBe(200);
  shareToken = (await json<ShareLinkOut>(shared)).token;
}, 90_000);

describe("share analytics", { timeout: 60_000 }, () => {
  it("counts two viewers, the slides they reached, their questions and the embedding site, storing no address and setting no cookie", async () => {
    const direct = await sendShared(
      shareToken,
      {
        context: "share",
        events: [
          { kind: "view" },
          { kind: "play" },
          { kind: "slide", slide: 1, heard_ms: 4000 },
          { kind: "slide", slide: 2, heard_ms: 3000 },
          { kind: "complete" },
          { kind: "question", question: "How often should the heap be turned?", mode: "typed", covered: true },
        ],
      },
      FIREFOX,
      FIRST_ADDRESS,
    );
    expect(direct.status, await direct.clone().text()).toBe(204);
    expect(direct.headers.get("set-cookie")).toBeNull();
    const embedded = await sendShared(
      shareToken,
      {
        context: "embed",
        embed_origin: "https://blog.example.org:8443/posts/compost?utm=1#top",
        events: [
          { kind: "view" },
          { kind: "play" },
          { kind: "slide", slide: 1, heard_ms: 2000 },
          { kind: "question", question: "Can I compost meat?", mode: "voice", covered: false },
        ],
      },
      SAFARI,
      SECOND_ADDRESS,
    );
    expect(embedded.status).toBe(204);
    expect(embedded.headers.get("set-cookie")).toBeNull();

    // Nothing stored names an address or a user agent.
    await flushAnalytics();
    const stored = await rows<Record<string, unknown>>(sql`select * from analytics_events where presentation_id = ${deck.id}`);
    expect(stored).toHaveLength(10);
    const text = JSON.stringify(stored);
    for (const secret of [FIRST_ADDRESS, SECOND_ADDRESS, "Firefox", "iPhone", shareToken]) expect(text).not.toContain(secret);
    expect(new Set(stored.map((row) => row.viewer)).size).toBe(2);
    expect(stored.filter((row) => row.embed_origin !== null).map((row) => row.embed_origin)).toEqual(
      Array(4).fill("https://blog.example.org:8443"),
    );

    // The page reads the rollups (the job runs a few seconds after a batch; here it is run at once).
    await rollUpPending();
    const analytics = await analyticsOf(member.access_token, deck.id);
    expect(analytics.totals).toEqual({
      views: 2,
      unique_viewers: 2,
      plays: 2,
      completions: 1,
      average_completion: 0.75,
      questions: 2,
      answered: 1,
      not_covered: 1,
    });
    expect(analytics.slides.map((slide) => [slide.slide_number, slide.viewers, slide.average_heard_ms])).toEqual([
      [1, 2, 3000],
      [2, 1, 3000],
    ]);
    expect(analytics.questions).toEqual(
      expect.arrayContaining([
        { question: "How often should the heap be turned?", covered: true, asked: 1 },
        { question: "Can I compost meat?", covered: false, asked: 1 },
      ]),
    );
    expect(analytics.embeds).toEqual([{ origin: "https://blog.example.org:8443", views: 1 }]);
    expect(analytics.days).toHaveLength(30);
    expect(analytics.days.at(-1)).toMatchObject({ day: utcDay(), views: 2, unique_viewers: 2 });

    const csv = await call(csvRoute.GET, "GET", { token: alpha.admin.access_token, params: { id: deck.id } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="presentation-analytics-.+\.csv"$/);
    const csvText = await csv.text();
    expect(csvText).toContain(`${utcDay()},2,2,2,1,2,1`);
    expect(csvText).toContain("Can I compost meat?,Not covered,1");

    const top = await call(topDecksRoute.GET, "GET", { token: alpha.admin.access_token });
    expect(await json<TopDeckOut[]>(top)).toEqual([expect.objectContaining({ presentation_id: deck.id, views: 2, unique_viewers: 2 })]);
  });

  it("counts a viewer once a day, and the rollups equal the raw counts", async () => {
    const again = await sendShared(shareToken, { events: [{ kind: "view" }, { kind: "slide", slide: 2, heard_ms: 1000 }] }, FIREFOX, FIRST_ADDRESS);
    expect(again.status).toBe(204);
    const signedIn = await call(deckEventsRoute.POST, "POST", {
      token: member.access_token,
      params: { id: deck.id },
      body: { events: [{ kind: "view" }, { kind: "play" }] },
      headers: { "user-agent": FIREFOX },
      ip: "192.0.2.9",
    });
    expect(signedIn.status, await signedIn.clone().text()).toBe(204);
    await rollUpPending();
    const [raw] = await rows<Record<string, number>>(sql`
      select count(*) filter (where kind = 'view')::int as views, count(distinct viewer) filter (where kind = 'view')::int as viewers,
             count(*) filter (where kind = 'play')::int as plays, count(*) filter (where kind = 'question')::int as questions
      from analytics_events where presentation_id = ${deck.id}`);
    const [rolled] = await rows<Record<string, number>>(sql`
      select sum(views)::int as views, sum(viewers)::int as viewers, sum(plays)::int as plays, sum(questions)::int as questions
      from analytics_deck_days where presentation_id = ${deck.id}`);
    expect(rolled).toEqual(raw);
    expect(raw).toEqual({ views: 4, viewers: 3, plays: 3, questions: 2 });
    const analytics = await analyticsOf(alpha.admin.access_token, deck.id);
    expect(analytics.slides.find((slide) => slide.slide_number === 2)?.viewers).toBe(1);
    expect(await rows(sql`select 1 from analytics_pending where presentation_id = ${deck.id}`)).toHaveLength(0);
  });

  it("does not count bots, headless browsers or requests without a user agent", async () => {
    const before = await eventCount(deck.id);
    for (const agent of ["Googlebot/2.1 (+http://www.google.com/bot.html)", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36", "curl/8.5.0", ""]) {
      const response = await sendShared(shareToken, { events: [{ kind: "view" }] }, agent, FIRST_ADDRESS);
      expect(response.status, agent).toBe(204);
    }
    expect(await eventCount(deck.id)).toBe(before);
  });

  it("rotates the viewer salt daily and deletes the salts of past days", async () => {
    const yesterday = utcDay(new Date(Date.now() - 86_400_000));
    const old = await saltOf(yesterday);
    const today = await saltOf(utcDay());
    expect(old).toMatch(/^[0-9a-f]{64}$/);
    expect(today).not.toBe(old);
    // Requests arriving together on a new day share one salt.
    const together = await Promise.all(Array.from({ length: 5 }, () => saltOf("2030-01-01")));
    expect(new Set(together).size).toBe(1);
    // Events past the retention time go; the daily figures stay.
    await (await getDb()).execute(sql`
      insert into analytics_events (tenant_id, presentation_id, day, kind, viewer, context)
      values (${alpha.tenantId}, ${deck.id}, (current_date - 120), 'view', 'old-viewer', 'share')`);
    const daysBefore = await rows(sql`select * from analytics_deck_days where presentation_id = ${deck.id}`);
    const pruned = await pruneAnalytics();
    expect(pruned.events).toBeGreaterThanOrEqual(1);
    expect(pruned.salts).toBeGreaterThanOrEqual(1);
    expect(await rows(sql`select day from analytics_salts where day < current_date`)).toHaveLength(0);
    expect(await rows(sql`select 1 from analytics_events where viewer = 'old-viewer'`)).toHaveLength(0);
    expect(await rows(sql`select * from analytics_deck_days where presentation_id = ${deck.id}`)).toEqual(daysBefore);
  });

  it("takes no more events through a link once it is revoked, and limits one address's batches", async () => {
    // A second link of its own: the first stays live for the tests after this one.
    const other = await narratedDeck(alpha, (await newProject(alpha.admin.access_token, "Analytics revoked")).id);
    const link = await json<ShareLinkOut>(await call(shareRoute.POST, "POST", { token: alpha.admin.access_token, params: { id: other.id } }));
    expect((await sendShared(link.token, { events: [{ kind: "view" }] }, FIREFOX, "192.0.2.50")).status).toBe(204);
    // Queued before the link was revoked, written after: dropped, as what arrives after it is refused.
    expect((await call(shareRoute.DELETE, "DELETE", { token: alpha.admin.access_token, params: { id: other.id } })).status).toBe(204);
    const late = await sendShared(link.token, { events: [{ kind: "view" }] }, FIREFOX, "192.0.2.50");
    expect(late.status).toBe(404);
    expect(await eventCount(other.id)).toBe(0);

    // One address through one link: 60 batches a minute (scaled by RATE_LIMIT_SCALE), then 429 and nothing stored.
    const before = await eventCount(deck.id);
    const statuses: number[] = [];
    for (let sent = 0; sent < 200 && !statuses.includes(429); sent += 1) {
      statuses.push((await sendShared(shareToken, { events: [{ kind: "play" }] }, FIREFOX, "192.0.2.77")).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(await eventCount(deck.id)).toBe(before + statuses.length - 1);
  });

  it("refuses bad batches and dead links, storing nothing", async () => {
    const before = await eventCount(deck.id);
    const tooMany = await sendShared(shareToken, { events: Array(51).fill({ kind: "view" }) }, FIREFOX, FIRST_ADDRESS);
    expect(tooMany.status).toBe(422);
    for (const bad of [{ events: [] }, { events: [{ kind: "purchase" }] }, { events: [{ kind: "slide" }] }, { events: [{ kind: "question", question: " ", mode: "typed", covered: true }] }, { context: "app", events: [{ kind: "view" }] }]) {
      expect((await sendShared(shareToken, bad, FIREFOX, FIRST_ADDRESS)).status, JSON.stringify(bad)).toBe(422);
    }
    expect((await sendShared("x".repeat(43), { events: [{ kind: "view" }] }, FIREFOX, FIRST_ADDRESS)).status).toBe(404);
    expect(await eventCount(deck.id)).toBe(before);
  });

  it("shows another tenant nothing and takes no events from it", async () => {
    const before = await eventCount(deck.id);
    const token = bravo.admin.access_token;
    expect((await call(analyticsRoute.GET, "GET", { token, params: { id: deck.id } })).status).toBe(404);
    expect((await call(csvRoute.GET, "GET", { token, params: { id: deck.id } })).status).toBe(404);
    const foreign = await call(deckEventsRoute.POST, "POST", { token, params: { id: deck.id }, body: { events: [{ kind: "view" }] }, headers: { "user-agent": FIREFOX } });
    expect(foreign.status).toBe(404);
    expect(await json(await call(topDecksRoute.GET, "GET", { token }))).toEqual([]);
    expect(await eventCount(deck.id)).toBe(before);
  });

  it("stops counting when the tenant turns analytics off; only its administrators may", async () => {
    const forbidden = await call(settingsRoute.PUT, "PUT", { token: member.access_token, body: { enabled: false } });
    expect(forbidden.status).toBe(403);
    expect(await json(await call(settingsRoute.GET, "GET", { token: member.access_token }))).toEqual({ enabled: true });
    const off = await call(settingsRoute.PUT, "PUT", { token: alpha.admin.access_token, body: { enabled: false } });
    expect(await json(off)).toEqual({ enabled: false });
    // Bravo's setting is its own.
    expect(await json(await call(settingsRoute.GET, "GET", { token: bravo.admin.access_token }))).toEqual({ enabled: true });
    const before = await eventCount(deck.id);
    expect((await sendShared(shareToken, { events: [{ kind: "view" }] }, FIREFOX, FIRST_ADDRESS)).status).toBe(204);
    expect(await eventCount(deck.id)).toBe(before);
    expect((await analyticsOf(alpha.admin.access_token, deck.id)).analytics_enabled).toBe(false);
    await call(settingsRoute.PUT, "PUT", { token: alpha.admin.access_token, body: { enabled: true } });
  });
});
