// Captions (issue 24) through the real route handlers: the WebVTT of a narrated deck for its tenant's viewers and
// behind a live share link, its cues the narration's own sentences with their timings; one slide's with ?slide=n;
// nothing for another tenant, a viewer without presentation.view, an unknown or revoked link; 409 while the
// narration is not ready.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as captionsRoute from "@/app/api/v1/presentations/[id]/captions.vtt/route";
import * as shareRoute from "@/app/api/v1/presentations/[id]/share/route";
import * as sharedCaptionsRoute from "@/app/api/v1/presentations/share/[token]/captions.vtt/route";
import { getDb } from "@/db/client";
import { presentations } from "@/db/schema";
import type { PresentationOut } from "@/lib/services/presentations";
import type { ShareLinkOut } from "@/lib/services/sharing";
import { call, json } from "../support/api";
import type { Organisation, SignedIn } from "../support/accounts";
import { organisation, signedInUser } from "../support/admin";
import { narratedDeck } from "../support/decks";
import { newProject, revokePermission } from "../support/projects-blogs";

let alpha: Organisation;
let bravo: Organisation;
let blind: SignedIn;
let deck: PresentationOut;

const captions = (token: string | undefined, id: string, query: Record<string, string> = {}) =>
  call(captionsRoute.GET, "GET", { token, params: { id }, query });
const sharedCaptions = (shareToken: string, query: Record<string, string> = {}) =>
  call(sharedCaptionsRoute.GET, "GET", { params: { token: shareToken }, query });

/** The cues of a WebVTT file: [start, end, text]. */
function cuesOf(vtt: string): [string, string, string][] {
  return [...vtt.matchAll(/^(\d\d:\d\d:\d\d\.\d{3}) --> (\d\d:\d\d:\d\d\.\d{3})\n(.+)$/gm)].map((match) => [match[1]!, match[2]!, match[3]!]);
}

const seconds = (time: string) => {
  const [hours, minutes, rest] = time.split(":");
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(rest);
};

beforeAll(async () => {
  alpha = await organisation("captions-alpha");
  bravo = await organisation("captions-bravo");
  const project = await newProject(alpha.admin.access_token, "Captions");
  blind = await signedInUser(alpha.admin.access_token, { email: "blind@captions-alpha.test" });
  await revokePermission(alpha.admin.access_token, blind.user.id, "presentation.view");
  deck = await narratedDeck(alpha, project.id);
}, 90_000);

describe("captions", { timeout: 60_000 }, () => {
  it("are the narration's sentences with their timings, each slide's after the one before", async () => {
    const response = await captions(alpha.admin.access_token, deck.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBeNull();
    const vtt = await response.text();
    expect(vtt.startsWith("WEBVTT\n")).toBe(true);
    const sentences = deck.slides.flatMap((slide) => slide.audio_sentences ?? []);
    expect(sentences.length).toBeGreaterThanOrEqual(2);
    const cues = cuesOf(vtt);
    expect(cues.map((cue) => cue[2])).toEqual(sentences.map((sentence) => sentence.text));
    // The second slide's first sentence starts where the first slide's audio ends.
    const firstSlideSentences = deck.slides[0]!.audio_sentences!.length;
    expect(seconds(cues[firstSlideSentences]![0])).toBeCloseTo((deck.slides[0]!.audio_duration_ms! + deck.slides[1]!.audio_sentences![0]!.start_ms) / 1000, 2);
    for (const [start, end] of cues) expect(seconds(end)).toBeGreaterThan(seconds(start));
  });

  it("of one slide are on its own audio's timeline, and a download is named", async () => {
    const response = await captions(alpha.admin.access_token, deck.id, { slide: "2", download: "true" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="captions.vtt"');
    const cues = cuesOf(await response.text());
    expect(cues.map((cue) => cue[2])).toEqual(deck.slides[1]!.audio_sentences!.map((sentence) => sentence.text));
    expect(seconds(cues[0]![0])).toBeCloseTo(deck.slides[1]!.audio_sentences![0]!.start_ms / 1000, 2);
    const missing = await captions(alpha.admin.access_token, deck.id, { slide: "9" });
    expect(missing.status).toBe(404);
    expect(await json(missing)).toMatchObject({ detail: "Slide not found" });
    expect((await captions(alpha.admin.access_token, deck.id, { slide: "zero" })).status).toBe(422);
  });

  it("are nothing to another tenant, to a viewer without presentation.view or to no one signed in", async () => {
    const other = await captions(bravo.admin.access_token, deck.id);
    expect(other.status).toBe(404);
    expect(await json(other)).toMatchObject({ detail: "Presentation not found" });
    expect((await captions(blind.access_token, deck.id)).status).toBe(403);
    expect((await captions(undefined, deck.id)).status).toBe(401);
  });

  it("wait for the narration: 409 while it is not ready", async () => {
    const db = await getDb();
    await db.update(presentations).set({ webhookStatus: "pending" }).where(eq(presentations.id, deck.id));
    try {
      const response = await captions(alpha.admin.access_token, deck.id);
      expect(response.status).toBe(409);
      expect(await json(response)).toMatchObject({ detail: "The narration is not ready yet; its captions come with it." });
    } finally {
      await db.update(presentations).set({ webhookStatus: "completed" }).where(eq(presentations.id, deck.id));
    }
  });

  it("are served behind a live share link, the same file, and not once it is revoked or for an unknown token", async () => {
    const created = await call(shareRoute.POST, "POST", { token: alpha.admin.access_token, params: { id: deck.id } });
    expect(created.status).toBeLessThan(300);
    const link = await json<ShareLinkOut>(created);
    const shared = await sharedCaptions(link.token);
    expect(shared.status).toBe(200);
    expect(await shared.text()).toBe(await (await captions(alpha.admin.access_token, deck.id)).text());
    expect((await sharedCaptions("not-a-share-token")).status).toBe(404);
    expect((await call(shareRoute.DELETE, "DELETE", { token: alpha.admin.access_token, params: { id: deck.id } })).status).toBeLessThan(300);
    const revoked = await sharedCaptions(link.token);
    expect(revoked.status).toBe(404);
  });
});
