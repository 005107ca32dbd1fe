// The signed-in player (/presentations/{id}/view, issue 12): a manual 3-slide deck narrated by the server's job;
// play (the audio element plays and its time moves), the caption and the transcript in step with the captions track,
// a transcript sentence seeking, keyboard navigation, a voice question asked by holding Space into Chromium's fake
// microphone (a WAV spoken by the offline voice), a typed question, the phone layout with the Q&A bottom sheet
// (opened by a voice question's answer) and the transcript below the slide, the first paint in the final layout
// (wide and phone), the whole player and a typed question from the keyboard alone with what a screen reader is told,
// axe on the player (each screenshot) and the shared player, the security headers of the page, and screenshots.
import { expect, test as base, type Page } from "@playwright/test";
import { questionAudio } from "../fixtures/question-audio";
import { DECK_SLIDES, narratedDeckInNewTenant, PlayerPage, playerLayout, tabTo } from "./pages/player-page";
import { expectToastClearOfControls, toastRegion } from "./pages/toasts";
import { expectAccessible } from "./support/axe";
import { beforeScripts, expectSameLayout, expectLittleLayoutShift, watchLayoutShifts } from "./support/layout";
import { shoot, type ShotOptions } from "./support/screenshots";
import { signInThroughApi } from "./support/sign-in";

const SCREENS = "test-results/screens-h4";
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };
const QUESTION = "What do the volunteers plant in the garden?";
/** Screen-sized shots, after the player's transitions. */
const SHOT: ShotOptions = { fullPage: false, settleMs: 700 };

// Chromium with a fake microphone that plays the spoken question (made once per worker by the offline voice).
const test = base.extend<object, { questionWav: string }>({
  questionWav: [async ({}, use) => use((await questionAudio(QUESTION)).wavPath), { scope: "worker" }],
  launchOptions: [
    async ({ launchOptions, questionWav }, use) =>
      use({
        ...launchOptions,
        args: [
          ...(launchOptions.args ?? []),
          "--use-fake-ui-for-media-stream",
          "--use-fake-device-for-media-stream",
          `--use-file-for-fake-audio-capture=${questionWav}`,
        ],
      }),
    { scope: "worker" },
  ],
});

/**
 * The server's first view of the player is its final layout: each part is where the server's HTML put it once the
 * player is interactive, and nothing shifted meanwhile. `page` has watched its layout shifts since it was opened.
 */
async function expectFirstPaintFinal(page: Page, firstView: Awaited<ReturnType<typeof playerLayout>>) {
  const player = new PlayerPage(page);
  await player.expectSlide(1, 3);
  await player.expectShown(DECK_SLIDES[0]!.slide_title);
  expectSameLayout(await playerLayout(page), firstView);
  await expectLittleLayoutShift(page);
}

/** From now on, notes where the narration's audio is each time it starts playing (window.narrationStarts). */
async function watchNarrationStarts(page: Page) {
  await page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>("[data-testid=narration-audio]")!;
    const starts: number[] = [];
    (window as unknown as { narrationStarts: number[] }).narrationStarts = starts;
    audio.addEventListener("playing", () => starts.push(audio.currentTime));
  });
}

/**
 * "at the cue" once the narration of the slide shown has started playing at the start of its sentence `text`'s
 * captions cue (within 0.25 s, since watchNarrationStarts); else where it started instead.
 */
function narrationFromCue(page: Page, text: string): Promise<string> {
  return page.evaluate((sentence) => {
    const audio = document.querySelector<HTMLAudioElement>("[data-testid=narration-audio]");
    const cues = audio?.textTracks[0]?.cues;
    const cue = cues ? (Array.from(cues) as VTTCue[]).find((candidate) => candidate.text === sentence) : undefined;
    const starts = (window as unknown as { narrationStarts: number[] }).narrationStarts;
    if (!cue) return "the slide's captions are not loaded yet";
    if (starts.some((start) => Math.abs(start - cue.startTime) < 0.25)) return "at the cue";
    return `started at ${JSON.stringify(starts)} s, the cue starts at ${cue.startTime} s`;
  }, text);
}

/** One tenant for the file, its admin, and a narrated deck. */
const setUp = narratedDeckInNewTenant("player", "Pia Player");

test.describe("signed-in player", () => {
  test("plays the narration, moves with the keyboard, answers a voice and a typed question", async ({ page, request, browser, baseURL }) => {
    test.setTimeout(240_000);
    const data = await setUp(request);
    await page.setViewportSize(WIDE);
    await signInThroughApi(page, data.admin);

    // The page's headers: it may use the microphone itself, and no other site may frame it.
    const head = await page.request.get(`/presentations/${data.presentationId}/view`);
    expect(head.headers()["permissions-policy"]).toContain("microphone=(self)");
    expect(head.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");

    // Records the length of every answer played from a blob: address (the spoken answers; narration plays URLs).
    await page.addInitScript(() => {
      const played: number[] = [];
      (window as unknown as { playedAnswers: number[] }).playedAnswers = played;
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        if (this.src.startsWith("blob:")) this.addEventListener("playing", () => played.push(this.duration), { once: true });
        return play.call(this);
      };
    });
    const url = `/presentations/${data.presentationId}/view`;
    // The first paint is the final layout: the slide beside the docked Q&A column, as the server's HTML draws it.
    const firstView = await beforeScripts(browser, new URL(url, baseURL).href, { viewport: WIDE, storageState: await page.context().storageState() }, async (before) => {
      // Its controls wait for the script: a press before then would be lost.
      await expect(before.getByRole("button", { name: "Play narration" })).toBeDisabled();
      await expect(before.getByRole("button", { name: "Next slide" })).toBeDisabled();
      await shoot(before, SCREENS, "player-first-view-wide", SHOT);
      return playerLayout(before);
    });
    expect(firstView.qaColumn?.width).toBe(384);
    await watchLayoutShifts(page, { imagesAfterMs: 1000 });
    await page.goto(url);
    const player = new PlayerPage(page);
    await expect(page.getByRole("heading", { level: 1, name: data.blogTitle })).toBeVisible();
    await player.expectSlide(1, 3);
    await expect(player.slideImage(DECK_SLIDES[0]!.slide_title)).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", `/blogs/${data.blogId}`);
    await expect(page.getByText("Hold mic or spacebar to ask questions!")).toBeVisible();
    await expect(player.qaPanel.getByText("No Questions Yet")).toBeVisible();
    await expect(player.qaPanel.getByText("Interactive questions and answers")).toBeVisible();
    await expectFirstPaintFinal(page, firstView);

    // The transcript: the whole narration, each slide's title as a heading over its sentences.
    await player.transcriptToggle.click();
    await expect(player.transcriptToggle).toHaveAttribute("aria-pressed", "true");
    for (const [index, deckSlide] of DECK_SLIDES.entries()) {
      await expect(player.transcript.getByRole("heading", { name: `${index + 1}. ${deckSlide.slide_title}`, exact: true })).toBeVisible();
    }
    await expect(player.transcriptSentence("Come and plant with us?")).toBeAttached();

    // No autoplay: narration starts when play is pressed, from the first sentence, and its caption follows.
    expect((await player.audioState()).paused).toBe(true);
    await player.playAndExpectNarration();
    expect((await player.audioState()).src).toContain("/api/v1/files/");
    await expect(player.caption).toHaveText("Our community garden has forty raised beds.");
    // Captions: the narration carries them as its own track (WebVTT from the stored sentence timings), and the
    // sentence under the slide and the transcript's marked sentence are that track's cue at the same moment; CC hides
    // them, and shows them again.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const audio = document.querySelector<HTMLAudioElement>("[data-testid=narration-audio]");
          const cue = audio?.textTracks[0]?.activeCues?.[0] as VTTCue | undefined;
          const shown = document.querySelector("[aria-label='Narration caption']")?.textContent ?? "";
          const marked = document.querySelector("section[aria-label=Transcript] [aria-current=true]")?.textContent ?? "";
          return cue && cue.text === shown && shown === marked ? "in sync" : `cue "${cue?.text ?? "none"}", shown "${shown}", marked "${marked}"`;
        }),
      )
      .toBe("in sync");
    const captionsButton = page.getByRole("button", { name: "Captions" });
    await expect(captionsButton).toHaveAttribute("aria-pressed", "true");
    await captionsButton.click();
    await expect(captionsButton).toHaveAttribute("aria-pressed", "false");
    await expect(player.caption).toHaveText("");
    await captionsButton.click();
    await expect(player.caption).not.toHaveText("");
    await shoot(page, SCREENS, "player-wide", SHOT);

    // A transcript sentence of another slide: that slide, its narration from the sentence's cue on (auto-advance off,
    // so the slide stays while it is looked at, however slow the machine).
    await page.getByRole("button", { name: "Auto-advance" }).click();
    await expect(page.getByRole("button", { name: "Auto-advance" })).toHaveAttribute("aria-pressed", "false");
    await watchNarrationStarts(page);
    await player.transcriptSentence("The herbs go to the school kitchen!").click();
    await player.expectSlide(2, 3);
    await expect(player.currentSentence).toHaveText("The herbs go to the school kitchen!");
    await expect.poll(() => narrationFromCue(page, "The herbs go to the school kitchen!")).toBe("at the cue");
    await shoot(page, SCREENS, "player-transcript-wide", SHOT);
    await page.keyboard.press("ArrowLeft");
    await player.expectSlide(1, 3);
    await player.pause();

    // Keyboard: right and down go on, left and up go back.
    await page.keyboard.press("ArrowRight");
    await player.expectSlide(2, 3);
    // Slide 2 was shown a moment ago (the transcript): its leaving card may still be going.
    await player.expectShown(DECK_SLIDES[1]!.slide_title);
    await page.keyboard.press("ArrowDown");
    await player.expectSlide(3, 3);
    await page.keyboard.press("ArrowUp");
    await player.expectSlide(2, 3);
    await page.keyboard.press("ArrowLeft");
    await player.expectSlide(1, 3);
    await player.expectShown(DECK_SLIDES[0]!.slide_title);

    // A voice question: Space held records from the fake microphone; the question and a spoken answer appear.
    const spoken = page.waitForResponse((response) => response.url().includes("/api/v1/qa/stream-response"), { timeout: 90_000 });
    await page.keyboard.down("Space");
    await expect(page.getByText(/^Listening\.\.\./)).toBeVisible();
    await expect(player.status).toHaveText(/^Recording your question\./);
    await page.waitForTimeout(5000);
    await page.keyboard.up("Space");
    await expect(page.getByText("Processing...")).toBeVisible();
    await expect(player.status).toHaveText("Processing your question.");
    const answer = await spoken;
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toContain("audio/mpeg");
    // A spoken answer: an MP3 body (not the text-only `Answer-Audio: none`).
    expect(answer.headers()["answer-audio"]).toBeUndefined();
    // The spoken answer is played: an audio element starts the answer's MP3 (a blob: address) and it has a length.
    await expect.poll(() => page.evaluate(() => (window as unknown as { playedAnswers: number[] }).playedAnswers.length), { timeout: 30_000 }).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { playedAnswers: number[] }).playedAnswers[0])).toBeGreaterThan(0.5);
    await expect(player.messages("Question")).toHaveCount(1, { timeout: 30_000 });
    expect((await player.messages("Question").textContent())?.replace(/^Question\d{2}:\d{2}/, "").trim()).not.toBe("");
    await expect(player.messages("Answer")).toHaveCount(1, { timeout: 30_000 });
    await expect(player.qaPanel.getByText("2 messages in this session")).toBeVisible();

    // A typed question takes the same answer path; the answer says where it comes from.
    await player.askTyped(QUESTION);
    await expect(player.messages("Answer")).toHaveCount(2, { timeout: 60_000 });
    const typedAnswer = player.messages("Answer").nth(1);
    await expect(typedAnswer).toContainText(/tomatoes|beans|herbs/i);
    await expect(typedAnswer.getByText("From:")).toBeVisible();
    await expect(player.qaPanel.getByText("4 messages in this session")).toBeVisible();
    // Questions sit on the left, answers on the right.
    const questionBox = await player.messages("Question").first().locator("p").boundingBox();
    const answerBox = await player.messages("Answer").first().locator("p").boundingBox();
    expect(questionBox && answerBox && questionBox.x < answerBox.x).toBe(true);
    await shoot(page, SCREENS, "player-qa-panel", SHOT);

    // The end: past the last slide the presentation is complete, and Restart goes back to the first.
    await player.caption.click();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await player.expectSlide(3, 3);
    await page.keyboard.press("ArrowRight");
    await expect(toastRegion(page).getByText("Presentation Complete", { exact: true })).toBeVisible();
    // Toasts sit over the slide, clear of the question box, the Ask button and every other control.
    await expectToastClearOfControls(page, "Presentation Complete");
    await page.screenshot({ path: `${SCREENS}/player-toast-wide.png` });
    await page.getByRole("button", { name: "Restart Presentation" }).click();
    await player.expectSlide(1, 3);
    await expect(toastRegion(page).getByText("Presentation Restarted", { exact: true })).toBeVisible();
    await expectToastClearOfControls(page, "Presentation Restarted");
  });

  test.describe("on a phone", () => {
    test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

    test("each slide is its portrait rendering across the width, the Q&A panel is a bottom sheet that a voice answer opens, toasts cover no control", async ({ page, request, browser, baseURL }) => {
      test.setTimeout(180_000);
      const data = await setUp(request);
      await signInThroughApi(page, data.admin);
      const url = `/presentations/${data.presentationId}/view`;
      const firstView = await beforeScripts(
        browser,
        new URL(url, baseURL).href,
        { viewport: PHONE, isMobile: true, hasTouch: true, storageState: await page.context().storageState() },
        playerLayout,
      );
      expect(firstView.qaColumn).toBeNull();
      await watchLayoutShifts(page, { imagesAfterMs: 1000 });
      await page.goto(url);
      const player = new PlayerPage(page);
      await expectFirstPaintFinal(page, firstView);
      await expect(player.qaPanel).toHaveCount(0);
      // A touch screen has no space bar: no hint that names it.
      await expect(page.getByText("Hold mic or spacebar to ask questions!")).toBeHidden();
      for (const [index, slide] of DECK_SLIDES.entries()) {
        if (index > 0) await page.getByRole("button", { name: "Next slide" }).click();
        await player.expectSlide(index + 1, 3);
        await player.expectShown(slide.slide_title);
        // The 1080x1350 rendering, as wide as the screen allows: its text is read without zooming.
        const image = player.slideImage(slide.slide_title);
        // Images are held back a second (watchLayoutShifts): the rendering is awaited, not read at once.
        await expect
          .poll(() => image.evaluate((element) => ({ width: (element as HTMLImageElement).naturalWidth, height: (element as HTMLImageElement).naturalHeight })))
          .toEqual({ width: 1080, height: 1350 });
        const shown = await image.boundingBox();
        expect(shown && shown.width).toBeGreaterThan(PHONE.width * 0.9);
        if (index === 0) await shoot(page, SCREENS, "player-phone", SHOT);
      }
      // The transcript sits below the slide and its controls; the slide stays whole above it.
      await player.transcriptToggle.click();
      await expect(player.transcript).toBeVisible();
      const play = await player.playButton.boundingBox();
      const transcript = await player.transcript.boundingBox();
      expect(play && transcript && transcript.y >= play.y + play.height).toBe(true);
      await expect(player.slideImage(DECK_SLIDES[2]!.slide_title)).toBeInViewport({ ratio: 1 });
      await shoot(page, SCREENS, "player-phone-transcript", SHOT);
      await player.transcript.getByRole("button", { name: "Hide transcript" }).click();
      await expect(player.transcript).toHaveCount(0);
      await expect(player.transcriptToggle).toBeFocused();
      await page.getByRole("button", { name: "Next slide" }).click();
      await expectToastClearOfControls(page, "Presentation Complete");
      await page.screenshot({ path: `${SCREENS}/player-toast-phone.png` });
      await player.qaToggle.click();
      await expect(player.qaPanel.getByText("No Questions Yet")).toBeVisible();
      await shoot(page, SCREENS, "player-phone-qa-sheet", SHOT);
      await player.qaPanel.getByRole("button", { name: "Close Q&A" }).click();
      await expect(player.qaPanel).toHaveCount(0);

      // A voice question opens the sheet with the exchange: not only the button's count.
      await page.keyboard.down("Space");
      await expect(page.getByText(/^Listening\.\.\./)).toBeVisible();
      await page.waitForTimeout(4000);
      await page.keyboard.up("Space");
      await expect(player.qaPanel).toBeVisible({ timeout: 60_000 });
      await expect(player.messages("Question")).toHaveCount(1);
      await expect(player.messages("Answer")).toHaveCount(1, { timeout: 60_000 });
      await shoot(page, SCREENS, "player-phone-voice-answer", SHOT);
    });
  });

  test("auto-advance is on by default; turned off, the slide stays when its narration ends, and the choice is kept", async ({ page, request }) => {
    const data = await setUp(request);
    await signInThroughApi(page, data.admin);
    await page.goto(`/presentations/${data.presentationId}/view`);
    const player = new PlayerPage(page);
    await player.expectSlide(1, 3);
    const toggle = page.getByRole("button", { name: "Auto-advance" });
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await player.playAndExpectNarration();
    // The first slide's narration (three short sentences) ends; without auto-advance the player stays on it.
    await expect.poll(async () => (await player.audioState()).paused, { timeout: 30_000 }).toBe(true);
    await page.waitForTimeout(1_500);
    await player.expectSlide(1, 3);
    await page.reload();
    await player.expectSlide(1, 3);
    await expect(page.getByRole("button", { name: "Auto-advance" })).toHaveAttribute("aria-pressed", "false");

    // A viewer who asks for reduced motion: the next slide comes in where it stands (faded), it does not slide in from
    // the side. The entering card's horizontal offset is sampled from the click on.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.reload();
    await player.expectShown(DECK_SLIDES[0]!.slide_title);
    const offsets = page.evaluate(
      (title) =>
        new Promise<number[]>((resolve) => {
          const seen: number[] = [];
          const timer = setInterval(() => {
            for (const card of document.querySelectorAll<HTMLElement>("[class*='container-type:size']")) {
              if (card.querySelector(`img[alt^="${title}."]`)) seen.push(Math.abs(new DOMMatrix(getComputedStyle(card).transform).m41));
            }
          }, 16);
          setTimeout(() => {
            clearInterval(timer);
            resolve(seen);
          }, 2_000);
        }),
      DECK_SLIDES[1]!.slide_title,
    );
    await page.getByRole("button", { name: "Next slide" }).click();
    const moved = await offsets;
    expect(moved.length).toBeGreaterThan(0);
    expect(Math.max(...moved)).toBe(0);
    await player.expectSlide(2, 3);
  });

  test("the whole player and a typed question from the keyboard alone; what changes is told to screen readers", async ({ page, request, browser, baseURL }) => {
    test.setTimeout(120_000);
    const data = await setUp(request);
    await page.setViewportSize(LAPTOP);
    await signInThroughApi(page, data.admin);
    await page.goto(`/presentations/${data.presentationId}/view`);
    const player = new PlayerPage(page);
    await expect(player.playButton).toBeEnabled();
    await player.expectShown(DECK_SLIDES[0]!.slide_title);

    // Tab reaches each control with its focus ring drawn; Enter presses it; the arrows move between slides.
    await tabTo(page, player.playButton);
    await page.keyboard.press("Enter");
    await expect(player.status).toHaveText("Narration playing");
    await expect.poll(async () => (await player.audioState()).paused).toBe(false);
    // Auto-advance off: the last slide's narration ends where it is (the presentation does not finish meanwhile).
    const autoAdvance = page.getByRole("button", { name: "Auto-advance" });
    await tabTo(page, autoAdvance);
    await page.keyboard.press("Enter");
    await expect(autoAdvance).toHaveAttribute("aria-pressed", "false");
    await page.keyboard.press("ArrowRight");
    await player.expectSlide(2, 3);
    await expect(player.status).toHaveText(`Slide 2 of 3: ${DECK_SLIDES[1]!.slide_title}`);
    const captionsButton = page.getByRole("button", { name: "Captions" });
    await tabTo(page, captionsButton);
    await page.keyboard.press("Enter");
    await expect(captionsButton).toHaveAttribute("aria-pressed", "false");
    await page.keyboard.press("Enter");
    await expect(captionsButton).toHaveAttribute("aria-pressed", "true");

    // The transcript, opened and used from the keyboard: its sentences are one Tab stop (the current sentence), the
    // arrows and Home/End move between them, and Enter on one plays its slide from there.
    await tabTo(page, player.transcriptToggle);
    await page.keyboard.press("Enter");
    await expect(player.transcript).toBeVisible();
    await tabTo(page, player.currentSentence);
    await page.keyboard.press("End");
    await expect(player.transcriptSentence("Come and plant with us?")).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(player.transcriptSentence("Tools and gloves are provided.")).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await player.expectSlide(2, 3);
    await watchNarrationStarts(page);
    await page.keyboard.press("Enter");
    await player.expectSlide(3, 3);
    await expect(player.status).toHaveText(`Slide 3 of 3: ${DECK_SLIDES[2]!.slide_title}`);
    await expect.poll(() => narrationFromCue(page, "Come and plant with us?")).toBe("at the cue");
    await shoot(page, SCREENS, "player-transcript-laptop", SHOT);
    await tabTo(page, player.pauseButton);
    await page.keyboard.press("Enter");
    await expect(player.status).toHaveText("Narration paused");

    // A typed question: Tab to the box, type, Enter; the answer's words are read out when it arrives.
    const box = player.qaPanel.getByLabel("Type a question");
    await tabTo(page, box);
    await page.keyboard.type(QUESTION);
    await page.keyboard.press("Enter");
    await expect(player.messages("Answer")).toHaveCount(1, { timeout: 60_000 });
    await expect(player.answerAnnouncement).toHaveText(/^Answer: .*(tomatoes|beans|herbs)/i);
    await shoot(page, SCREENS, "player-keyboard-answer-laptop", SHOT);

    // Every screen photographed above was checked with axe (shoot); the shared player is too, once its script has
    // taken over from the server's first view.
    const headers = { Authorization: `Bearer ${data.token}` };
    const link = await request.post(`/api/v1/presentations/${data.presentationId}/share`, { headers, data: {} });
    expect(link.status(), await link.text()).toBeLessThan(300);
    const { share_url: shareUrl } = (await link.json()) as { share_url: string };
    const visitorContext = await browser.newContext({ viewport: LAPTOP, baseURL });
    const visitor = await visitorContext.newPage();
    await visitor.goto(shareUrl);
    const shared = new PlayerPage(visitor);
    await expect(shared.playButton).toBeEnabled();
    await shared.expectShown(DECK_SLIDES[0]!.slide_title);
    await expectAccessible(visitor, "shared player");
    await visitorContext.close();
  });

  test("a presentation that does not exist is not found", async ({ page, request }) => {
    const data = await setUp(request);
    await signInThroughApi(page, data.admin);
    await page.goto("/presentations/not-a-presentation/view");
    await expect(page.getByRole("heading", { name: "No Presentation Found" })).toBeVisible();
    await expect(page.getByText("The requested presentation could not be found.")).toBeVisible();
    await page.goto("/presentations/00000000-0000-4000-8000-000000000000/view");
    await expect(page.getByRole("heading", { name: "Presentation Unavailable" })).toBeVisible();
    await expect(page.getByText("Presentation not found or you do not have access to it.")).toBeVisible();
    // A link to the page itself: it works before the page's script has come.
    await expect(page.getByRole("link", { name: "Try Again" })).toHaveAttribute("href", "");
    // The app's icon, where browsers look for it.
    const icon = await page.request.get("/favicon.ico");
    expect(icon.status()).toBe(200);
    expect(icon.headers()["content-type"]).toContain("image/");
  });
});
