// Sharing: the blog page's versions newest first, each with its own Edit, View and Share; a share link made through
// the blog page's dialog, which says the link is live; the public page server-rendered with the title, the first
// slide's image and the preview tags before any script, in the player's final layout (wide and on a phone: nothing
// moves when the player takes over, and no layout shift); played in a fresh browser with no session, with a typed
// question answered through the share token; played inside an iframe on a page of another loopback origin; sharing
// stopped from the dialog after a confirmation, after which open players say the link is gone when played or asked,
// the link shows the spec's message, and sharing again makes a new link.
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { DECK_SLIDES, narratedDeckInNewTenant, PlayerPage, playerLayout } from "./pages/player-page";
import { beforeScripts, expectSameLayout, expectLittleLayoutShift, watchLayoutShifts } from "./support/layout";
import { shoot, type ShotOptions } from "./support/screenshots";
import { signInThroughApi } from "./support/sign-in";

const SCREENS = "test-results/screens-h4";
const GONE = "This presentation is no longer available or the link has expired.";
/** Screen-sized shots, after the player's transitions. */
const SHOT: ShotOptions = { fullPage: false, settleMs: 700 };
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** One tenant for the file, its admin, and a narrated deck. */
const setUp = narratedDeckInNewTenant("sharing", "Sam Sharer");

/** A page of another origin (localhost on its own port, where the app is 127.0.0.1) that embeds the player. */
async function embeddingSite(embedCode: string): Promise<{ server: Server; url: string }> {
  const html = `<!doctype html><html lang="en"><head><title>Garden club news</title></head>
<body style="margin:0;font-family:sans-serif;background:#f1f5f9">
<h1 style="padding:16px 24px;margin:0">Garden club news</h1>
<div style="padding:0 24px">${embedCode}</div>
</body></html>`;
  const server = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://localhost:${(server.address() as AddressInfo).port}/` };
}

test.describe("sharing a presentation", () => {
  test("share link and embed: public page, fresh browser, iframe on another origin, revocation", async ({ page, request, browser }) => {
    test.setTimeout(240_000);
    const data = await setUp(request);
    const headers = { Authorization: `Bearer ${data.token}` };
    // A second version of the deck, made after the first (the blog regenerated): it is still being drawn and narrated.
    const second = await request.post("/api/v1/presentations/", {
      headers,
      data: { blog_id: data.blogId, template: "minimal", generation_method: "manual", slides: [{ slide_number: 1, slide_title: "Garden Update", slide_content: "The garden has new beds." }] },
    });
    expect(second.status(), await second.text()).toBe(201);
    const { presentation_id: secondId } = (await second.json()) as { presentation_id: string };
    await page.setViewportSize(WIDE);
    // Signed in through the API: the browser context keeps the session cookie.
    await signInThroughApi(page, data.admin);

    // The blog page lists the versions newest first: Edit Presentation opens the newest, and each version has its
    // own Edit, View and Share.
    await page.goto(`/blogs/${data.blogId}`);
    const panel = page.getByRole("region", { name: "Presentations", exact: true });
    await expect(panel.getByRole("listitem")).toHaveCount(2);
    await expect(panel.getByRole("listitem").first()).toHaveAccessibleName("Presentation version 2");
    await expect(panel.getByRole("listitem").nth(1)).toHaveAccessibleName("Presentation version 1");
    await expect(panel.getByRole("link", { name: "Edit Presentation", exact: true })).toHaveAttribute("href", `/presentations/${secondId}/edit`);
    await expect(panel.getByRole("link", { name: "Edit Presentation version 2" })).toHaveAttribute("href", `/presentations/${secondId}/edit`);
    await expect(panel.getByRole("link", { name: "Edit Presentation version 1" })).toHaveAttribute("href", `/presentations/${data.presentationId}/edit`);
    await expect(panel.getByRole("link", { name: "View Presentation version 1" })).toHaveAttribute("href", `/presentations/${data.presentationId}/view`);
    await expect(panel.getByRole("button", { name: "Share Presentation version 1" })).toBeEnabled();
    // The narration's captions download as a WebVTT file.
    const captionsLink = panel.getByRole("link", { name: "Download the captions of Presentation version 1" });
    await expect(captionsLink).toHaveAttribute("href", `/api/v1/presentations/${data.presentationId}/captions.vtt?download=true`);
    const [captionsFile] = await Promise.all([page.waitForEvent("download"), captionsLink.click()]);
    expect(captionsFile.suggestedFilename()).toBe("captions.vtt");
    expect(readFileSync((await captionsFile.path())!, "utf8")).toMatch(/^WEBVTT\n[\s\S]*\d\d:\d\d:\d\d\.\d{3} --> /);
    await shoot(page, SCREENS, "blog-panel-wide", SHOT);

    // The share dialog on the blog page: the link is live, with the link and the embed code.
    await panel.getByRole("button", { name: "Share Presentation version 1" }).click();
    const dialog = page.getByRole("dialog", { name: "Share Presentation" });
    const linkField = dialog.getByLabel("Share link", { exact: true });
    await expect(linkField).toHaveValue(/\/share\/presentation\/[A-Za-z0-9_-]{43}$/);
    await expect(dialog.getByText("Link is live")).toBeVisible();
    // Since when, in the viewer's own time (dd/mm/yyyy hh:mm) with its age.
    await expect(dialog.getByText(/shared since \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} · (just now|\d+ minutes? ago)$/)).toBeVisible();
    await shoot(page, SCREENS, "share-dialog-wide", SHOT);
    // The tenant may opt the deck into search indexes, from the dialog, and out again.
    const indexing = dialog.getByRole("switch", { name: "Show in search engines" });
    await expect(indexing).toHaveAttribute("aria-checked", "false");
    const shareUrl = await linkField.inputValue();
    const embedCode = await dialog.getByLabel("Embed code", { exact: true }).inputValue();
    expect(embedCode).toContain(`src="${shareUrl}"`);
    expect(embedCode).toContain(`title="${data.blogTitle}"`);
    expect(embedCode).toContain('allow="microphone; autoplay; fullscreen"');
    // Full screen is allowed once, by the allow list (the old attribute beside it makes host pages warn).
    expect(embedCode).not.toContain("allowfullscreen");
    expect(embedCode).toContain('height="600"');

    // Before any script: the title, the first slide's public image and the preview tags are in the HTML, and the
    // page may be framed by any site and use the microphone.
    const anonymous = await request.get(shareUrl, { headers: { Cookie: "" } });
    expect(anonymous.status()).toBe(200);
    const html = await anonymous.text();
    expect(html).toContain(data.blogTitle);
    expect(html).toMatch(/<img[^>]+src="\/api\/v1\/files\/shared-image\?path=[^"]+&amp;token=/);
    // On a portrait screen the first view already shows the slide's portrait rendering.
    expect(html).toMatch(/<source media="\(orientation: portrait\)" srcSet="\/api\/v1\/files\/shared-image\?path=[^"]+&amp;token=/i);
    expect(html).toMatch(/<meta property="og:title" content="[^"]*Community Garden/);
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/api\/v1\/files\/shared-image\?/);
    expect(html).toContain('<meta property="og:description"');
    // The player's scripts are asked for once the first slide's picture shows (lib/http/picture-first.ts), not by
    // script tags that would share the connection with it; the player still takes over (below).
    expect(html).not.toMatch(/<script src="[^"]+" async/);
    // Every slide's title, text and narration are in that HTML too (the transcript, for screen readers and readers).
    for (const slide of DECK_SLIDES) {
      for (const text of [slide.slide_title, ...slide.body.split("\n"), slide.slide_content]) expect(html).toContain(text.replace(/'/g, "&#x27;"));
    }
    expect(anonymous.headers()["content-security-policy"]).toContain("frame-ancestors *");
    expect(anonymous.headers()["permissions-policy"]).toContain("microphone=(self)");
    expect(anonymous.headers()["x-frame-options"]).toBeUndefined();
    // Out of search indexes (a link is for those it is given to): the page and its files say noindex.
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(anonymous.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    const imageAddress = /src="(\/api\/v1\/files\/shared-image\?[^"]+)"/.exec(html)![1]!.replace(/&amp;/g, "&");
    expect((await request.get(imageAddress, { headers: { Cookie: "" } })).headers()["x-robots-tag"]).toBe("noindex, nofollow");
    // Served from a cache that checks the link and the deck on every request: a browser that has the page gets 304.
    const etag = anonymous.headers()["etag"] ?? "";
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(anonymous.headers()["cache-control"]).toContain("no-cache");
    expect((await request.get(shareUrl, { headers: { Cookie: "", "If-None-Match": etag } })).status()).toBe(304);
    await indexing.click();
    await expect(indexing).toHaveAttribute("aria-checked", "true");
    await expect(indexing).toBeEnabled();
    const listed = await request.get(shareUrl, { headers: { Cookie: "" } });
    expect(listed.headers()["x-robots-tag"]).toBeUndefined();
    expect(await listed.text()).toContain('<meta name="robots" content="index, follow"/>');
    await indexing.click();
    await expect(indexing).toHaveAttribute("aria-checked", "false");
    await expect(indexing).toBeEnabled();
    expect((await request.get(shareUrl, { headers: { Cookie: "" } })).headers()["x-robots-tag"]).toBe("noindex, nofollow");

    // A fresh browser with no session plays it, and asks a typed question with the share token. What the server's
    // HTML draws before any script is the player's final layout: the slide beside the Q&A panel's column, the
    // controls where they stay; nothing shifts as the player takes over.
    const firstView = await beforeScripts(browser, shareUrl, { viewport: { width: 1280, height: 800 } }, async (before) => {
      await expect(before.getByRole("button", { name: "Play narration" })).toBeDisabled();
      await shoot(before, SCREENS, "share-first-view-wide", SHOT);
      return playerLayout(before);
    });
    expect(firstView.qaColumn?.width).toBe(384);
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const visitorPage = await visitor.newPage();
      await watchLayoutShifts(visitorPage, { imagesAfterMs: 1000 });
      await visitorPage.goto(shareUrl);
      const shared = new PlayerPage(visitorPage);
      await expect(visitorPage.getByRole("heading", { level: 1, name: data.blogTitle })).toBeVisible();
      await shared.expectSlide(1, 3);
      await expect(shared.playButton).toBeEnabled();
      await expect(shared.qaPanel.getByText("No Questions Yet")).toBeVisible();
      await shared.expectShown(DECK_SLIDES[0]!.slide_title);
      expectSameLayout(await playerLayout(visitorPage), firstView);
      await expectLittleLayoutShift(visitorPage);
      await expect(visitorPage.getByRole("link", { name: "Back to Blog" })).toHaveCount(0);
      // The full-screen button says what it does now: it enters full screen, and then leaves it.
      await visitorPage.getByRole("button", { name: "Full screen", exact: true }).click();
      await visitorPage.getByRole("button", { name: "Exit full screen" }).click();
      await expect(visitorPage.getByRole("button", { name: "Full screen", exact: true })).toBeVisible();
      await shared.playAndExpectNarration();
      expect((await shared.audioState()).src).toContain("/api/v1/files/shared-content?");
      await shared.pause();
      await visitorPage.keyboard.press("ArrowRight");
      await shared.expectSlide(2, 3);
      await expect(shared.slideImage(DECK_SLIDES[1]!.slide_title)).toBeVisible();
      await shared.askTyped("Which herbs go to the school kitchen?");
      await expect(shared.messages("Answer")).toHaveCount(1, { timeout: 60_000 });
      await shoot(visitorPage, SCREENS, "share-fresh-browser", SHOT);
    } finally {
      await visitor.close();
    }

    // The player's scripts are asked for once the first slide's picture has been painted (the browser's
    // largest-contentful-paint entry for it), never before, even when the picture arrived before the stylesheet (it
    // is then loaded, not yet painted, when the page's loader runs), or once the picture's 2 s wait has run out.
    const slowStyles = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    try {
      const stylesLast = await slowStyles.newPage();
      await stylesLast.route("**/*.css", async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 600));
        await route.fallback();
      });
      await stylesLast.goto(shareUrl);
      await expect(new PlayerPage(stylesLast).playButton).toBeEnabled();
      const order = await stylesLast.evaluate(
        () =>
          new Promise<{ painted: number[]; scripts: number[]; picture: number[] }>((resolve) => {
            new PerformanceObserver((list) => {
              const painted = list.getEntries().flatMap((entry) => {
                // By its address: the element itself is gone from the entry once the player has replaced the poster.
                const paint = entry as PerformanceEntry & { url: string; renderTime: number };
                return paint.url.includes("/shared-image?") ? [paint.renderTime || paint.startTime] : [];
              });
              const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
              const scripts = resources.filter((entry) => entry.initiatorType === "script" && entry.name.includes("/_next/static/")).map((entry) => entry.startTime);
              const picture = resources.filter((entry) => entry.name.includes("/shared-image?")).map((entry) => entry.responseEnd);
              resolve({ painted, scripts, picture });
            }).observe({ type: "largest-contentful-paint", buffered: true });
          }),
      );
      expect(order.scripts.length, "the player's scripts").toBeGreaterThan(0);
      const firstScript = Math.min(...order.scripts);
      if (firstScript < 2000) expect(order.painted.some((paint) => paint <= firstScript), JSON.stringify(order)).toBe(true);
    } finally {
      await slowStyles.close();
    }

    // A signed-out viewer on a phone reads every slide without zooming: each is its portrait rendering, full width,
    // from the server's first view on.
    const phoneOptions = { viewport: PHONE, isMobile: true, hasTouch: true };
    const phoneFirstView = await beforeScripts(browser, shareUrl, phoneOptions, async (before) => {
      await shoot(before, SCREENS, "share-first-view-phone", SHOT);
      return playerLayout(before);
    });
    expect(phoneFirstView.qaColumn).toBeNull();
    const phone = await browser.newContext(phoneOptions);
    try {
      const phonePage = await phone.newPage();
      await watchLayoutShifts(phonePage, { imagesAfterMs: 1000 });
      await phonePage.goto(shareUrl);
      const shared = new PlayerPage(phonePage);
      await expect(shared.playButton).toBeEnabled();
      await shared.expectShown(DECK_SLIDES[0]!.slide_title);
      expectSameLayout(await playerLayout(phonePage), phoneFirstView);
      await expectLittleLayoutShift(phonePage);
      for (const [index, slide] of DECK_SLIDES.entries()) {
        if (index > 0) await phonePage.getByRole("button", { name: "Next slide" }).click();
        await shared.expectSlide(index + 1, 3);
        await shared.expectShown(slide.slide_title);
        const image = shared.slideImage(slide.slide_title);
        // Images are held back a second (watchLayoutShifts): the portrait rendering is awaited, not read at once.
        await expect
          .poll(() => image.evaluate((element) => [(element as HTMLImageElement).naturalWidth, (element as HTMLImageElement).naturalHeight]))
          .toEqual([1080, 1350]);
        expect((await image.boundingBox())?.width).toBeGreaterThan(PHONE.width * 0.9);
        if (index === 0) await shoot(phonePage, SCREENS, "share-phone", SHOT);
      }
    } finally {
      await phone.close();
    }

    // Inside an iframe on another origin's page: it shows and plays there.
    const site = await embeddingSite(embedCode);
    try {
      const embedder = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const host = await embedder.newPage();
      await host.goto(site.url);
      const framed = new PlayerPage(host.frameLocator("iframe"));
      await framed.expectSlide(1, 3);
      await expect(framed.slideImage(DECK_SLIDES[0]!.slide_title)).toBeVisible();
      // 600 high: the Q&A panel folds into a button beside the controls.
      await expect(framed.qaToggle).toBeVisible();
      await framed.playAndExpectNarration();
      await shoot(host, SCREENS, "share-embed-iframe", SHOT);
      await framed.pause();
      await embedder.close();
    } finally {
      site.server.close();
    }

    // A change to what the page shows (here the blog's title) is in the very next answer, not a cached one.
    const renamed = `${data.blogTitle} (second edition)`;
    const put = await request.put(`/api/v1/blogs/${data.blogId}`, { headers: { Authorization: `Bearer ${data.token}` }, data: { blog_title: renamed } });
    expect(put.status(), await put.text()).toBe(200);
    const changed = await request.get(shareUrl, { headers: { Cookie: "", "If-None-Match": etag } });
    expect(changed.status()).toBe(200);
    expect(await changed.text()).toContain(renamed);

    // Two viewers have the shared page open when sharing stops.
    const watchers = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const listener = await watchers.newPage();
    const asker = await watchers.newPage();
    for (const open of [listener, asker]) {
      await open.goto(shareUrl);
      await new PlayerPage(open).expectSlide(1, 3);
    }
    await expect(new PlayerPage(asker).qaPanel.getByLabel("Type a question")).toBeVisible();

    // Stop sharing, from the dialog still open on the blog page, after a confirmation.
    await dialog.getByRole("button", { name: "Stop sharing" }).click();
    const confirmation = dialog.getByRole("alertdialog", { name: "Stop sharing this presentation?" });
    await expect(confirmation).toBeVisible();
    await shoot(page, SCREENS, "share-dialog-stop-confirm", SHOT);
    await confirmation.getByRole("button", { name: "Keep sharing" }).click();
    await expect(confirmation).toBeHidden();
    expect((await request.get(shareUrl, { headers: { Cookie: "" } })).status()).toBe(200);
    await dialog.getByRole("button", { name: "Stop sharing" }).click();
    await confirmation.getByRole("button", { name: "Stop sharing" }).click();
    await expect(dialog.getByText("Not shared")).toBeVisible();
    await expect(dialog.getByLabel("Share link", { exact: true })).toHaveCount(0);
    expect((await request.get(`/api/v1/presentations/${data.presentationId}/share`, { headers })).status()).toBe(404);

    // The open pages: Play, and a typed question, say that the link no longer works (not that audio failed).
    const playing = new PlayerPage(listener);
    await playing.playButton.click();
    await expect(listener.getByText(GONE)).toBeVisible();
    await expect(listener.getByText("Audio Playback Error")).toHaveCount(0);
    await shoot(listener, SCREENS, "share-revoked-while-open", SHOT);
    const box = new PlayerPage(asker).qaPanel.getByLabel("Type a question");
    await box.fill("Who may use a raised bed?");
    await box.press("Enter");
    await expect(asker.getByText(GONE)).toBeVisible();
    await expect(asker.getByText("Q&A Response Error")).toHaveCount(0);
    await watchers.close();

    // Revoked: the link stops working at once.
    const goneAnswer = await request.get(shareUrl, { headers: { Cookie: "" } });
    expect(goneAnswer.status()).toBe(404);
    expect(await goneAnswer.text()).toContain(GONE);
    const late = await browser.newContext();
    try {
      const latePage = await late.newPage();
      await latePage.goto(shareUrl);
      await expect(latePage.getByText(GONE)).toBeVisible();
      // In the app's typeface; a link that is gone offers no Try Again.
      expect(await latePage.evaluate(async () => (await document.fonts.ready, document.fonts.check('16px "Inter Variable"')))).toBe(true);
      expect(await latePage.evaluate(() => [...document.fonts].some((face) => face.family.includes("Inter") && face.status === "loaded"))).toBe(true);
      await expect(latePage.getByRole("link", { name: "Try Again" })).toHaveCount(0);
      await shoot(latePage, SCREENS, "share-revoked", SHOT);
    } finally {
      await late.close();
    }

    // Shared again: a new link, live, that works; the old one stays dead.
    await dialog.getByRole("button", { name: "Share again" }).click();
    await expect(dialog.getByText("Link is live")).toBeVisible();
    const newUrl = await dialog.getByLabel("Share link", { exact: true }).inputValue();
    expect(newUrl).toMatch(/\/share\/presentation\/[A-Za-z0-9_-]{43}$/);
    expect(newUrl).not.toBe(shareUrl);
    expect((await request.get(newUrl, { headers: { Cookie: "" } })).status()).toBe(200);
    expect((await request.get(shareUrl, { headers: { Cookie: "" } })).status()).toBe(404);

    // On a phone: the panel and the dialog, which answers the same live link again.
    await page.setViewportSize(PHONE);
    await page.reload();
    await panel.getByRole("listitem").first().scrollIntoViewIfNeeded();
    await shoot(page, SCREENS, "blog-panel-phone", SHOT);
    await panel.getByRole("button", { name: "Share Presentation version 1" }).click();
    await expect(dialog.getByLabel("Share link", { exact: true })).toHaveValue(newUrl);
    await shoot(page, SCREENS, "share-dialog-phone", SHOT);
  });
});
