// The presentation player (signed-in page, shared page, or the shared page inside another site's iframe), by what
// a viewer sees: the slide counter, the narration controls, the caption, the Q&A panel and its typed question box.
import { expect, type APIRequestContext, type FrameLocator, type Locator, type Page } from "@playwright/test";
import { bearerToken, unique } from "../support/accounts";
import { createTenant, createUser } from "../support/admin";
import { boxesOf } from "../support/layout";

export class PlayerPage {
  constructor(readonly root: Page | FrameLocator) {}

  /** The counter on screen (while a part of the player waits for its script, React keeps a hidden copy of the frame). */
  get counter(): Locator {
    return this.root.getByLabel("Slide counter").filter({ visible: true });
  }

  get playButton(): Locator {
    return this.root.getByRole("button", { name: "Play narration" });
  }

  get pauseButton(): Locator {
    return this.root.getByRole("button", { name: "Pause narration" });
  }

  get mic(): Locator {
    return this.root.getByRole("button", { name: "Hold to ask a question" });
  }

  /** The mic where the server cannot transcribe: it points to the question box instead. */
  get unavailableMic(): Locator {
    return this.root.getByRole("button", { name: "Voice questions unavailable: type your question instead" });
  }

  get caption(): Locator {
    return this.root.getByLabel("Narration caption").filter({ visible: true });
  }

  /**
   * The slide's image by its title (while slides change, the leaving one is still there for a moment). Its alt text
   * is the title, then the slide's lines.
   */
  slideImage(title: string): Locator {
    return this.root.getByRole("img", { name: slideImageName(title) });
  }

  get narrationAudio(): Locator {
    return this.root.locator('audio[data-testid="narration-audio"]');
  }

  /** The Q&A panel (docked beside the slide, or the bottom sheet once opened). */
  get qaPanel(): Locator {
    return this.root.getByRole("region", { name: "Q&A Session" });
  }

  get qaToggle(): Locator {
    return this.root.getByRole("button", { name: "Q&A", exact: true });
  }

  messages(kind: "Question" | "Answer"): Locator {
    return this.qaPanel.getByRole("listitem", { name: kind, exact: true });
  }

  get transcriptToggle(): Locator {
    return this.root.getByRole("button", { name: "Transcript", exact: true });
  }

  /** The transcript panel (beside the slide over the Q&A panel, or below the slide on a phone). */
  get transcript(): Locator {
    return this.root.getByRole("region", { name: "Transcript" });
  }

  /** A sentence of the transcript: a button that plays its slide from there. */
  transcriptSentence(text: string): Locator {
    return this.transcript.getByRole("button", { name: text, exact: true });
  }

  /** The transcript's sentence being narrated (or next to be). */
  get currentSentence(): Locator {
    return this.transcript.locator("[aria-current=true]");
  }

  /** What a screen reader is told of the player's state (a polite live region). */
  get status(): Locator {
    return this.root.getByRole("status", { name: "Player status" });
  }

  /** The latest answer's words, read out by screen readers as it arrives (a polite live region). */
  get answerAnnouncement(): Locator {
    return this.root.getByRole("status", { name: "Latest answer" });
  }

  /** The slide's card has arrived: in view, fully opaque, not stuck mid-transition. */
  async expectShown(title: string) {
    const image = this.slideImage(title);
    // The card that left earlier may still be finishing its exit for a moment.
    await expect(image).toHaveCount(1);
    await expect(image).toBeInViewport();
    // The moving card: the image's nearest box (a portrait slide's <picture> takes no box of its own).
    const card = image.locator("xpath=ancestor::div[1]");
    await expect(card).toHaveCSS("opacity", "1");
    await expect(card).toHaveCSS("transform", "none");
  }

  async expectSlide(number: number, total: number) {
    await expect(this.counter).toHaveText(`${number} / ${total}`);
  }

  /** Where the narration's audio element stands. */
  async audioState(): Promise<{ paused: boolean; currentTime: number; src: string }> {
    return this.narrationAudio.evaluate((element) => {
      const audio = element as HTMLAudioElement;
      return { paused: audio.paused, currentTime: audio.currentTime, src: audio.currentSrc };
    });
  }

  /** Presses play and waits until the audio element plays and its time moves on. */
  async playAndExpectNarration() {
    await this.playButton.click();
    await expect(this.pauseButton).toBeVisible();
    await expect.poll(async () => (await this.audioState()).paused, { timeout: 15_000 }).toBe(false);
    const first = (await this.audioState()).currentTime;
    await expect.poll(async () => (await this.audioState()).currentTime, { timeout: 15_000 }).toBeGreaterThan(first + 0.3);
  }

  async pause() {
    await this.pauseButton.click();
    await expect(this.playButton).toBeVisible();
    await expect.poll(async () => (await this.audioState()).paused).toBe(true);
  }

  async askTyped(question: string) {
    const box = this.qaPanel.getByLabel("Type a question");
    await box.fill(question);
    await box.press("Enter");
    await expect(this.messages("Question").filter({ hasText: question })).toBeVisible();
  }
}

/**
 * Presses Tab (the keyboard alone) until `target` has the focus, then checks the focus is drawn: the element matches
 * :focus-visible and has an outline at least 2 px wide. On the way, every element Tab reaches is on top where it is
 * (not hidden behind the player or anything else).
 */
export async function tabTo(page: Page, target: Locator, maxTabs = 40) {
  for (let tabs = 0; tabs < maxTabs; tabs += 1) {
    await page.keyboard.press("Tab");
    const hidden = await page.evaluate(() => {
      const focused = document.activeElement;
      if (!(focused instanceof HTMLElement) || focused === document.body) return null;
      const box = focused.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return top && (top === focused || focused.contains(top) || top.contains(focused)) ? null : focused.outerHTML.slice(0, 160);
    });
    expect(hidden, "an element Tab reached is hidden behind another").toBeNull();
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) {
      const ring = await target.evaluate((element) => {
        const style = getComputedStyle(element);
        return element.matches(":focus-visible") && style.outlineStyle !== "none" ? parseFloat(style.outlineWidth) : 0;
      });
      expect(ring, "the focused control's outline width").toBeGreaterThanOrEqual(2);
      return;
    }
  }
  throw new Error(`${maxTabs} presses of Tab did not reach ${target.toString()}`);
}

/** A slide image's accessible name: its title, then (after ". ") the slide's lines. */
export function slideImageName(title: string): RegExp {
  return new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\. |$)`);
}

// ---- the deck the player tests show, made through the API ----

export const DECK_SLIDES = [
  {
    slide_title: "The Community Garden",
    body: "Forty raised beds\nOpen to every neighbour",
    slide_content: "Our community garden has forty raised beds. Every neighbour may use one. The garden opened last spring.",
  },
  {
    slide_title: "What We Grow",
    body: "Tomatoes and beans\nHerbs for the school kitchen",
    slide_content: "Volunteers plant tomatoes, beans and herbs. The herbs go to the school kitchen! Children help with the harvest.",
  },
  {
    slide_title: "Join Us",
    body: "Saturday mornings\nTools provided",
    slide_content: "We meet every Saturday morning. Tools and gloves are provided. Come and plant with us?",
  },
];

export interface NarratedDeck {
  token: string;
  admin: { email: string; password: string };
  blogId: string;
  blogTitle: string;
  presentationId: string;
}

/**
 * A tenant admin's blog with a manual 3-slide presentation whose scripts are sentences, narrated by the server's
 * job (offline eSpeak): ready once webhook_status is 'completed' and every slide has its image and audio.
 */
export async function narratedDeck(
  request: APIRequestContext,
  admin: { email: string; password: string },
  token: string,
  label: string,
): Promise<NarratedDeck> {
  const headers = { Authorization: `Bearer ${token}` };
  const project = await request.post("/api/v1/projects/", { headers, data: { name: `Garden Project ${label}`, description: "The neighbourhood garden." } });
  expect(project.status(), await project.text()).toBe(201);
  const { id: projectId } = (await project.json()) as { id: string };
  const blogTitle = `Community Garden ${label}`;
  const blog = await request.post("/api/v1/blogs/", {
    headers,
    data: {
      project_id: projectId,
      blog_title: blogTitle,
      blog_author: "Gita Gardener",
      blog_email: "gita@example.com",
      // A host under the reserved .invalid domain never resolves: its extraction fails at once, harmlessly.
      main_text: "https://garden.invalid/about",
      is_website: true,
      website_links: [],
      content_blocks: ["The community garden has forty raised beds. Volunteers plant tomatoes, beans and herbs for the school kitchen."],
      uploaded_files: [],
    },
  });
  expect(blog.status(), await blog.text()).toBe(201);
  const { blog_id: blogId } = (await blog.json()) as { blog_id: string };
  const created = await request.post("/api/v1/presentations/", {
    headers,
    data: { blog_id: blogId, template: "professional", generation_method: "manual", slides: DECK_SLIDES.map((slide, index) => ({ ...slide, slide_number: index + 1 })) },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { presentation_id: presentationId } = (await created.json()) as { presentation_id: string };
  // Narration and slide images are made by jobs: wait until both are done.
  await expect
    .poll(
      async () => {
        // A dropped keep-alive connection (the server busy synthesising) is asked again on the next poll.
        const response = await request.get(`/api/v1/presentations/${presentationId}`, { headers }).catch(() => null);
        if (!response) return "waiting";
        const deck = (await response.json()) as { status: string; webhook_status: string; error: string | null; slides: { web_image_url: string | null; audio_url: string | null; image_status: string }[] };
        if (deck.webhook_status === "timeout" || deck.webhook_status === "failed") return `audio ${deck.webhook_status}: ${deck.error}`;
        const ready = deck.status === "completed" && deck.webhook_status === "completed" && deck.slides.every((slide) => slide.web_image_url && slide.image_status === "ready" && slide.audio_url);
        return ready ? "ready" : "waiting";
      },
      { timeout: 90_000, intervals: [500, 1000] },
    )
    .toBe("ready");
  return { token, admin, blogId, blogTitle, presentationId };
}

/**
 * A spec file's set-up: a new tenant (`${Label} Org …`), its tenant admin with a password (named `fullName`), the
 * admin's bearer token and a narratedDeck. Made on the first call and shared by every later call of this set-up:
 * call it once at the top of the spec file for one tenant per file.
 */
export function narratedDeckInNewTenant(label: string, fullName: string): (request: APIRequestContext) => Promise<NarratedDeck> {
  let deck: Promise<NarratedDeck> | undefined;
  return (request) =>
    (deck ??= (async () => {
      const { id } = unique(label);
      const orgName = `${label.charAt(0).toUpperCase()}${label.slice(1)} Org ${id}`;
      const tenantId = await createTenant(request, orgName, unique(`${label}-owner`).email);
      const admin = await createUser(request, { email: unique(`${label}-admin`).email, fullName, password: `Pass-${id}-admin!`, role: "tenant_admin", tenantId });
      const token = await bearerToken(request, admin.email, admin.password);
      return narratedDeck(request, admin, token, id);
    })());
}

/** Where the player's parts are: the first slide, the play button, the slide counter and the docked Q&A column. */
export async function playerLayout(page: Page) {
  const read = () =>
    boxesOf({
      slide: page.getByRole("img", { name: slideImageName(DECK_SLIDES[0]!.slide_title) }),
      play: page.getByRole("button", { name: "Play narration" }),
      counter: page.getByLabel("Slide counter"),
      qaColumn: page.locator('aside[aria-label="Q&A panel"]'),
    });
  // The slide's image is drawn anew once the animation code has come (slide-viewer.tsx): a box asked for while the
  // image is being replaced comes back empty (a run found it so), and is asked for again.
  const boxes = await read();
  return boxes.slide ? boxes : read();
}
