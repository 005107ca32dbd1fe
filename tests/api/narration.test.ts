// Narration (issue 12) through the real route handlers, the real job queue and the offline voice: a manual deck is
// narrated slide by slide (audio files stored, durations and sentence timings consistent, webhook completed); a
// failing voice ends in 'timeout' with its error; the 30-minute sweep; retry-webhook; editing one slide's script
// narrates that slide again and nothing else, and its old audio is removed.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";

// Voices that cannot be reached: the gTTS and Azure adapters' addresses point at a closed loopback port. Set before
// the configuration is first read (hoisted above the imports); only presentations that ask for them would use them.
vi.hoisted(() => {
  process.env.GTTS_ENDPOINT = "http://127.0.0.1:65531";
  process.env.AZURE_TTS_ENDPOINT = "http://127.0.0.1:65531";
});

import * as pluginRoute from "@/app/api/v1/plugins/[id]/route";
import * as presentationRoute from "@/app/api/v1/presentations/[id]/route";
import * as retryRoute from "@/app/api/v1/presentations/[id]/retry-webhook/route";
import * as updateSlidesRoute from "@/app/api/v1/presentations/[id]/update-slides/route";
import * as presentationsRoute from "@/app/api/v1/presentations/route";
import { getDb } from "@/db/client";
import { files, presentations } from "@/db/schema";
import { storage } from "@/lib/storage";
import { NARRATION_MESSAGES, NARRATION_TIMEOUT_MS, narratePresentation, narrationText, sweepNarrations } from "@/lib/services/narration";
import type { PresentationOut, SlideOut } from "@/lib/services/presentations";
import type { ProjectOut } from "@/lib/services/projects";
import { call, json } from "../support/api";
import type { Organisation, SignedIn } from "../support/accounts";
import { organisation, signedInUser } from "../support/admin";
import { newBlog, newProject, revokePermission } from "../support/projects-blogs";
import { eventually } from "../support/wait";

let alpha: Organisation;
let project: ProjectOut;
let viewer: SignedIn;

const SLIDES = [
  { slide_title: "Why heat pumps", body: "Efficient\nQuiet", slide_content: "Heat pumps move heat instead of making it. That is why they use so little power!" },
  // A script of 10 characters or less is not narrated: the title and the text are (spec section 3).
  { slide_title: "Costs at a glance", body: "Install once\nSave every winter", slide_content: "" },
  { slide_title: "Next steps", body: "Ask a fitter", slide_content: "Ask two fitters for a quote. Compare the running costs? Then decide." },
];

async function read(token: string, id: string): Promise<PresentationOut> {
  const response = await call(presentationRoute.GET, "GET", { token, params: { id } });
  expect(response.status, await response.clone().text()).toBe(200);
  return json<PresentationOut>(response);
}

async function manualDeck(token: string, extra: Record<string, unknown> = {}): Promise<PresentationOut> {
  const blog = await newBlog(token, project.id, { blog_title: "Heat pumps" });
  const response = await call(presentationsRoute.POST, "POST", { token, body: { blog_id: blog.id, template: "manual", slides: SLIDES, ...extra } });
  expect(response.status, await response.clone().text()).toBe(201);
  return json<PresentationOut>(response);
}

/** Polls the presentation as the blog page does until its audio processing has ended. */
function audioEnds(token: string, id: string, timeoutMs = 60_000): Promise<PresentationOut> {
  return eventually(
    async () => {
      const presentation = await read(token, id);
      return presentation.webhook_status === "pending" ? undefined : presentation;
    },
    `the narration of ${id} to end`,
    timeoutMs,
  );
}

async function objectBytes(key: string): Promise<Buffer> {
  const object = await storage().get(key);
  expect(object, key).not.toBeNull();
  const chunks: Buffer[] = [];
  for await (const chunk of object!.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

function expectSaneTimings(slide: SlideOut): void {
  const sentences = slide.audio_sentences ?? [];
  expect(slide.audio_duration_ms, `slide ${slide.slide_number}`).toBeGreaterThan(500);
  expect(sentences.length).toBeGreaterThan(0);
  expect(sentences[0]!.start_ms).toBe(0);
  expect(sentences.at(-1)!.end_ms).toBe(slide.audio_duration_ms);
  for (const [index, sentence] of sentences.entries()) {
    expect(sentence.end_ms).toBeGreaterThanOrEqual(sentence.start_ms);
    if (index > 0) expect(sentence.start_ms).toBe(sentences[index - 1]!.end_ms);
    expect(sentence.text.trim().length).toBeGreaterThan(0);
  }
}

beforeAll(async () => {
  alpha = await organisation("narration-alpha");
  project = await newProject(alpha.admin.access_token, "Narration");
  viewer = await signedInUser(alpha.admin.access_token, { email: "viewer@narration-alpha.test" });
  // A viewer who may play presentations but not (re)generate them.
  await revokePermission(alpha.admin.access_token, viewer.user.id, "presentation.generate");
}, 60_000);

describe("narration of a manual deck", () => {
  it("speaks every slide with the offline voice, stores MP3 files with timings, and completes the webhook", async () => {
    const token = alpha.admin.access_token;
    const created = await manualDeck(token);
    expect(created.status).toBe("completed");
    expect(created.webhook_status).toBe("pending");

    const done = await audioEnds(token, created.id);
    expect(done.webhook_status).toBe("completed");
    expect(done.error).toBeNull();
    const db = await getDb();
    for (const slide of done.slides) {
      expect(slide.audio_path, `slide ${slide.slide_number}`).toMatch(new RegExp(`^${alpha.tenantId}/audio/[0-9a-f-]+\\.mp3$`));
      expect(slide.audio_url).toBe(`/api/v1/files/view?path=${encodeURIComponent(slide.audio_path!)}`);
      expectSaneTimings(slide);
      const bytes = await objectBytes(slide.audio_path!);
      // An MP3: an ID3 tag or a frame sync at the start.
      expect(bytes.subarray(0, 3).toString("latin1") === "ID3" || (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0)).toBe(true);
      const [row] = await db.select().from(files).where(eq(files.storageKey, slide.audio_path!));
      expect(row).toMatchObject({ tenantId: alpha.tenantId, kind: "audio", mimeType: "audio/mpeg", sizeBytes: bytes.length });
    }
    // The slide without a script narrates its title and text, a sentence each.
    const costs = done.slides[1]!;
    expect(costs.audio_sentences!.map((sentence) => sentence.text)).toEqual(["Costs at a glance.", "Install once.", "Save every winter."]);
    expect(narrationText({ slideTitle: "T", body: "", slideContent: "Short one" })).toBe("T.");
    expect(done.slides[0]!.audio_sentences!.map((sentence) => sentence.text)).toEqual([
      "Heat pumps move heat instead of making it.",
      "That is why they use so little power!",
    ]);
  });

  it("editing one slide's script narrates that slide again, keeps the others' audio, and removes the old file", async () => {
    const token = alpha.admin.access_token;
    const created = await manualDeck(token);
    const before = await audioEnds(token, created.id);
    expect(before.webhook_status).toBe("completed");
    const oldAudio = before.slides[2]!.audio_path!;

    const slidesInput = before.slides.map((slide) => ({ id: slide.id, slide_title: slide.slide_title, body: slide.body, slide_content: slide.slide_content }));
    slidesInput[2]!.slide_content = "Book a survey this month. A fitter checks the radiators first.";
    // The title of a slide with a script does not change its narration.
    slidesInput[0]!.slide_title = "Why heat pumps work";
    const edited = await call(updateSlidesRoute.PUT, "PUT", { token, params: { id: created.id }, body: { version: before.version, slides: slidesInput } });
    expect(edited.status, await edited.clone().text()).toBe(200);
    const answered = await json<PresentationOut>(edited);
    expect(answered.webhook_status).toBe("pending");
    expect(answered.slides[2]!.audio_path).toBeNull();
    expect(answered.slides[2]!.audio_sentences).toBeNull();

    const after = await audioEnds(token, created.id);
    expect(after.webhook_status).toBe("completed");
    expect(after.slides[0]!.audio_path).toBe(before.slides[0]!.audio_path);
    expect(after.slides[1]!.audio_path).toBe(before.slides[1]!.audio_path);
    expect(after.slides[2]!.audio_path).not.toBe(oldAudio);
    expect(after.slides[2]!.audio_sentences!.map((sentence) => sentence.text)).toEqual([
      "Book a survey this month.",
      "A fitter checks the radiators first.",
    ]);
    expectSaneTimings(after.slides[2]!);
    const db = await getDb();
    expect(await db.select().from(files).where(eq(files.storageKey, oldAudio))).toEqual([]);
    expect(await storage().head(oldAudio)).toBeNull();
  });
});

describe("failures, the 30-minute rule and retry", () => {
  it("a deck asking for gTTS where gTTS cannot be reached is narrated by the offline voice at once", async () => {
    const token = alpha.admin.access_token;
    const created = await manualDeck(token, { tts_provider: "gtts" });
    const done = await audioEnds(token, created.id);
    expect(done).toMatchObject({ webhook_status: "completed", error: null, tts_provider: "gtts" });
    for (const slide of done.slides) expectSaneTimings(slide);
  });

  it("a voice that keeps failing ends in 'timeout' with its error; retry-webhook narrates it again", async () => {
    const token = alpha.admin.access_token;
    // Azure with a key of the tenant's own, at an address that refuses connections.
    const enabled = await call(pluginRoute.PUT, "PUT", { token, params: { id: "azure-tts" }, body: { enabled: true, config: { subscriptionKey: "not-a-real-key" } } });
    expect(enabled.status, await enabled.clone().text()).toBe(200);
    const created = await manualDeck(token, { tts_provider: "azure" });
    // Not the last try: the failure is thrown for pg-boss to retry, and the audio stays pending.
    await expect(narratePresentation(created.id, { finalTry: false })).rejects.toThrow(/could not be reached/);
    expect((await read(token, created.id)).webhook_status).toBe("pending");
    // The last try: 'timeout', with the provider's message kept. The deck's own queued job may take the presentation
    // from this call under load (its run is then the last), and ends it the same way.
    expect(["timeout", "superseded"]).toContain(await narratePresentation(created.id, { finalTry: true }));
    const failed = await audioEnds(token, created.id);
    expect(failed.webhook_status).toBe("timeout");
    expect(failed.error).toBe("Azure Speech could not be reached (ECONNREFUSED).");
    expect(failed.slides.every((slide) => slide.audio_path === null)).toBe(true);

    // A viewer without the generate permission may not retry; another id is not found.
    const refused = await call(retryRoute.POST, "POST", { token: viewer.access_token, params: { id: created.id } });
    expect(refused.status).toBe(403);
    expect(await json(refused)).toEqual({ detail: "You do not have permission to retry this presentation" });
    const unknown = await call(retryRoute.POST, "POST", { token, params: { id: "00000000-0000-4000-8000-000000000000" } });
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toEqual({ detail: "Presentation not found" });

    // The voice is fixed (the presentation's preference dropped: the offline voice speaks), then retried.
    const db = await getDb();
    await db.update(presentations).set({ ttsProvider: null }).where(eq(presentations.id, created.id));
    const retried = await call(retryRoute.POST, "POST", { token, params: { id: created.id } });
    expect(retried.status).toBe(202);
    expect(await json(retried)).toMatchObject({ webhook_status: "pending" });
    const done = await audioEnds(token, created.id);
    expect(done.webhook_status).toBe("completed");
    expect(done.error).toBeNull();
    for (const slide of done.slides) expectSaneTimings(slide);
  });

  it("audio pending for more than 30 minutes times out at the sweep; a stalled one is re-queued and completes", async () => {
    const token = alpha.admin.access_token;
    const created = await manualDeck(token);
    await audioEnds(token, created.id);
    const db = await getDb();
    const now = new Date();
    // As a process that stopped mid-narration leaves it: pending, asked for 31 minutes ago.
    await db
      .update(presentations)
      .set({ webhookStatus: "pending", audioStartedAt: new Date(now.getTime() - NARRATION_TIMEOUT_MS - 60_000), updatedAt: new Date(now.getTime() - 60_000) })
      .where(eq(presentations.id, created.id));
    const swept = await sweepNarrations(undefined, now);
    expect(swept.timedOut).toContain(created.id);
    const timedOut = await read(token, created.id);
    expect(timedOut.webhook_status).toBe("timeout");
    expect(timedOut.error).toBe(NARRATION_MESSAGES.timedOut);

    // Pending for 6 minutes without progress (its job lost): re-queued by the sweep, and it completes.
    await db
      .update(presentations)
      .set({ webhookStatus: "pending", error: null, audioStartedAt: new Date(now.getTime() - 6 * 60_000), updatedAt: new Date(now.getTime() - 6 * 60_000) })
      .where(eq(presentations.id, created.id));
    const requeued = await sweepNarrations(undefined, now);
    expect(requeued.timedOut).not.toContain(created.id);
    expect(requeued.requeued).toContain(created.id);
    expect((await audioEnds(token, created.id)).webhook_status).toBe("completed");
  });
});
