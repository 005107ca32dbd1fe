// Share analytics: a shared deck played by one viewer on its share page and by another inside an iframe on another
// origin's page, with one question the material answers and one it does not, shows on the deck's analytics page as
// 2 views and 2 unique viewers, the slides they reached, both questions (the unanswered one as a content gap) and the
// embedding site; the tenant's dashboard lists the deck among its most viewed; another tenant gets nothing.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Frame, type Page } from "@playwright/test";
import { DECK_SLIDES, narratedDeckInNewTenant, PlayerPage } from "./pages/player-page";
import { bearerToken, createActiveTenantAdmin } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { shoot } from "./support/screenshots";
import { signInThroughApi } from "./support/sign-in";

const SCREENS = "test-results/screens-analytics";
// Two people's browsers: the headless browser's own user agent is not counted (as no headless browser is).
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const CHROME = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const ANSWERED = "Which herbs go to the school kitchen?";
const NOT_COVERED = "What does a parking permit cost in the city centre?";

const setUp = narratedDeckInNewTenant("analytics", "Ana Lytics");

async function embeddingSite(shareUrl: string): Promise<{ server: Server; origin: string }> {
  const html = `<!doctype html><html lang="en"><head><title>Garden club news</title></head><body>
<h1>Garden club news</h1>
<iframe src="${shareUrl}" title="Community garden" width="100%" height="600" style="border:none" allow="microphone; autoplay; fullscreen"></iframe>
</body></html>`;
  const server = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, origin: `http://localhost:${(server.address() as AddressInfo).port}` };
}

/**
 * The viewer switches to another tab: the player sends what it holds (the slide being heard) by beacon. Leaving the
 * page does the same, but a beacon sent while a page unloads carries the browser's own user agent rather than the
 * one this test gives each viewer, and a headless browser's is not counted.
 */
async function hideTab(frame: Frame) {
  await frame.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
}

/** The number on a stat card of the analytics page. */
const stat = (page: Page, name: string) => page.getByRole("group", { name }).locator("p").nth(1);

test("a shared and an embedded viewer show on the deck's analytics page, and to no other tenant", async ({ page, request, browser, baseURL }) => {
  test.setTimeout(180_000);
  const deck = await setUp(request);
  const headers = { Authorization: `Bearer ${deck.token}` };
  const shared = await request.post(`/api/v1/presentations/${deck.presentationId}/share`, { headers });
  expect(shared.status(), await shared.text()).toBe(200);
  // The link as the share dialog shows it: the app's address and the link's path.
  const shareUrl = new URL(((await shared.json()) as { share_url: string }).share_url, baseURL).href;

  // On the share page: plays, goes to the second slide, asks what the slides answer, leaves.
  const visitor = await browser.newContext({ userAgent: FIREFOX, viewport: { width: 1280, height: 800 } });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(shareUrl);
  const player = new PlayerPage(visitorPage);
  await player.playAndExpectNarration();
  await player.pause();
  await visitorPage.keyboard.press("ArrowRight");
  await player.expectSlide(2, 3);
  await player.askTyped(ANSWERED);
  await expect(player.messages("Answer")).toHaveCount(1, { timeout: 60_000 });
  await hideTab(visitorPage.mainFrame());
  expect(await visitor.cookies()).toEqual([]);

  // Inside an iframe on another origin: plays, asks what the material does not cover, leaves.
  const site = await embeddingSite(shareUrl);
  const embedder = await browser.newContext({ userAgent: CHROME, viewport: { width: 1280, height: 800 } });
  try {
    const host = await embedder.newPage();
    await host.goto(site.origin);
    const framed = new PlayerPage(host.frameLocator("iframe"));
    await framed.expectSlide(1, 3);
    await framed.playAndExpectNarration();
    await framed.pause();
    await framed.qaToggle.click();
    await framed.askTyped(NOT_COVERED);
    await expect(framed.messages("Answer")).toHaveCount(1, { timeout: 60_000 });
    const frame = host.frames().find((candidate) => candidate.url().includes("/share/presentation/"));
    expect(frame).toBeDefined();
    await hideTab(frame!);
    expect(await embedder.cookies()).toEqual([]);
  } finally {
    site.server.close();
  }

  // The figures, once both players' beacons have come and the rollup has run (a few seconds after a batch).
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/v1/presentations/${deck.presentationId}/analytics`, { headers });
        const figures = (await response.json()) as { totals: { views: number; unique_viewers: number }; slides: { viewers: number }[] };
        return [figures.totals.views, figures.totals.unique_viewers, ...figures.slides.map((slide) => slide.viewers)];
      },
      { timeout: 30_000, intervals: [1000, 2000] },
    )
    // Both viewers reached slide 1; the share page's viewer went on to slide 2.
    .toEqual([2, 2, 2, 1, 0]);
  await Promise.all([visitor.close(), embedder.close()]);

  // The deck's analytics page.
  await signInThroughApi(page, deck.admin);
  await page.goto(`/presentations/${deck.presentationId}/analytics`);
  await expect(page.getByRole("heading", { name: "Presentation Analytics" })).toBeVisible();
  await expect(stat(page, "Views")).toHaveText("2");
  await expect(stat(page, "Unique Viewers")).toHaveText("2");
  await expect(page.getByTestId("content-gaps")).toContainText(NOT_COVERED);
  await expect(page.getByTestId("answered-questions")).toContainText(ANSWERED);
  await expect(page.getByTestId("embed-list")).toContainText(site.origin);
  const rows = page.getByTestId("slide-table").locator("tbody tr");
  await expect(rows).toHaveCount(DECK_SLIDES.length);
  await expect(rows.nth(0).locator("td").nth(2)).toHaveText("2");
  await expect(rows.nth(1).locator("td").nth(2)).toHaveText("1");
  await expect(page.getByTestId("drop-off-chart").locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expectAccessible(page, "presentation analytics");
  await shoot(page, SCREENS, "analytics-page", { fullPage: true, settleMs: 300 });
  const csv = await page.request.get(`/api/v1/presentations/${deck.presentationId}/analytics.csv`);
  expect(await csv.text()).toContain(`${NOT_COVERED},Not covered,1`);

  // The tenant's dashboard lists it among the most-viewed decks.
  await page.goto("/dashboard");
  await expect(page.getByTestId("top-decks")).toContainText(deck.blogTitle);
  await expect(page.getByTestId("top-decks")).toContainText("2 views");

  // Another tenant's admin: the analytics are not found, by page or API.
  const other = await createActiveTenantAdmin(request, "analytics-other");
  const otherToken = await bearerToken(request, other.email, other.password);
  const foreign = await request.get(`/api/v1/presentations/${deck.presentationId}/analytics`, { headers: { Authorization: `Bearer ${otherToken}` } });
  expect(foreign.status()).toBe(404);
  const otherTop = await request.get("/api/v1/analytics/top-decks", { headers: { Authorization: `Bearer ${otherToken}` } });
  expect(await otherTop.json()).toEqual([]);
});
