// Sharing (issue 12) through the real route handlers: a deck is shared only once it and its audio are complete
// ('Presentation is not ready for sharing'); the live link is answered again while it lives; the shared
// presentation and its images and narration are served with the token, and nothing else is; revocation takes effect
// at once; unknown and revoked tokens are 404 everywhere; the token is stored only as a hash and a sealed copy.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as sharedContentRoute from "@/app/api/v1/files/shared-content/route";
import * as sharedImageRoute from "@/app/api/v1/files/shared-image/route";
import * as shareRoute from "@/app/api/v1/presentations/[id]/share/route";
import * as sharedPresentationRoute from "@/app/api/v1/presentations/share/[token]/route";
import { getDb } from "@/db/client";
import { withStatementLog } from "@/db/statement-log";
import { presentations, shareLinks, tenants } from "@/db/schema";
import { randomToken, sha256 } from "@/lib/auth/tokens";
import type { ProjectOut } from "@/lib/services/projects";
import { sharePageResponse } from "@/lib/http/share-page";
import { getSharedPresentation, type ShareLinkOut, type SharedPresentationOut } from "@/lib/services/sharing";
import { call, json } from "../support/api";
import type { Organisation, SignedIn } from "../support/accounts";
import { organisation, signedInUser } from "../support/admin";
import { narratedDeck } from "../support/decks";
import { newProject, revokePermission, storedFile } from "../support/projects-blogs";

let alpha: Organisation;
let bravo: Organisation;
let project: ProjectOut;
let blind: SignedIn;

const share = (method: "POST" | "GET" | "DELETE", token: string, id: string) => call(shareRoute[method], method, { token, params: { id } });
const shared = (token: string) => call(sharedPresentationRoute.GET, "GET", { params: { token } });
const sharedFile = (route: "image" | "content", path: string, token?: string) =>
  call(route === "image" ? sharedImageRoute.GET : sharedContentRoute.GET, "GET", { query: token ? { path, token } : { path } });

/** The path and token of a public address as the shared presentation gives it. */
function pathAndToken(address: string): { path: string; token: string } {
  const url = new URL(address, "http://app.test");
  return { path: url.searchParams.get("path")!, token: url.searchParams.get("token")! };
}

beforeAll(async () => {
  alpha = await organisation("sharing-alpha");
  bravo = await organisation("sharing-bravo");
  project = await newProject(alpha.admin.access_token, "Sharing");
  blind = await signedInUser(alpha.admin.access_token, { email: "blind@sharing-alpha.test" });
  await revokePermission(alpha.admin.access_token, blind.user.id, "presentation.view");
}, 60_000);

// Each test waits up to 60 s for its deck to be rendered and narrated (narratedDeck): the tests get that and more.
describe("share links", { timeout: 90_000 }, () => {
  it("are refused until the deck and its audio are complete, and change nothing", async () => {
    const token = alpha.admin.access_token;
    const deck = await narratedDeck(alpha, project.id);
    const db = await getDb();
    for (const webhookStatus of ["pending", "timeout"] as const) {
      await db.update(presentations).set({ webhookStatus }).where(eq(presentations.id, deck.id));
      const refused = await share("POST", token, deck.id);
      expect(refused.status).toBe(400);
      expect(await json(refused)).toEqual({ detail: "Presentation is not ready for sharing" });
    }
    await db.update(presentations).set({ webhookStatus: "completed", status: "failed" }).where(eq(presentations.id, deck.id));
    expect((await share("POST", token, deck.id)).status).toBe(400);
    expect(await db.select().from(shareLinks).where(eq(shareLinks.presentationId, deck.id))).toEqual([]);
    expect((await share("GET", token, deck.id)).status).toBe(404);
  });

  it("are made once, answered again while live, serve the deck and only its files, and die at once when revoked", async () => {
    const token = alpha.admin.access_token;
    const deck = await narratedDeck(alpha, project.id);
    const other = await narratedDeck(alpha, project.id);

    const made = await share("POST", token, deck.id);
    expect(made.status, await made.clone().text()).toBe(200);
    const link = await json<ShareLinkOut>(made);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(link.token, "base64url")).toHaveLength(32);
    expect(link.share_url).toBe(`/share/presentation/${link.token}`);
    expect(await json(await share("POST", token, deck.id))).toEqual(link);
    expect(await json(await share("GET", token, deck.id))).toEqual(link);
    // A viewer without presentation view may not share; another tenant does not find the deck.
    expect((await share("POST", blind.access_token, deck.id)).status).toBe(403);
    expect((await share("GET", bravo.admin.access_token, deck.id)).status).toBe(404);
    expect((await share("DELETE", bravo.admin.access_token, deck.id)).status).toBe(404);

    // Out of search indexes by default. Whoever may share opts the page in (and out again) with search_indexing; one
    // who may not is refused, and bad input is refused with nothing written.
    expect(link.search_indexing).toBe(false);
    const indexing = (accessToken: string, body: unknown) => call(shareRoute.POST, "POST", { token: accessToken, params: { id: deck.id }, body });
    expect((await indexing(blind.access_token, { search_indexing: true })).status).toBe(403);
    expect((await indexing(bravo.admin.access_token, { search_indexing: true })).status).toBe(404);
    for (const bad of [{ search_indexing: "yes" }, { search_indexing: true, extra: 1 }]) expect((await indexing(token, bad)).status, JSON.stringify(bad)).toBe(422);
    expect(await json(await share("GET", token, deck.id))).toEqual(link);
    expect(await json(await indexing(token, { search_indexing: true }))).toEqual({ ...link, search_indexing: true });
    expect(await json(await share("GET", token, deck.id))).toEqual({ ...link, search_indexing: true });
    expect((await json<SharedPresentationOut>(await shared(link.token))).search_indexing).toBe(true);
    expect(await json(await indexing(token, { search_indexing: false }))).toEqual(link);

    // Stored as its SHA-256 and a sealed copy, never in clear.
    const db = await getDb();
    const [row] = await db.select().from(shareLinks).where(eq(shareLinks.presentationId, deck.id));
    expect(row!.tokenHash).toBe(sha256(link.token));
    expect(row!.tokenCiphertext).not.toContain(link.token);

    // The shared presentation, without a session, in one statement (the public page reads it on every request).
    const { statements } = await withStatementLog(() => getSharedPresentation(link.token));
    expect(statements, statements.join("\n\n")).toHaveLength(1);
    const response = await shared(link.token);
    expect(response.status).toBe(200);
    const body = await json<SharedPresentationOut>(response);
    expect(body).toMatchObject({
      id: deck.id,
      presentation_id: deck.id,
      status: "completed",
      webhook_status: "completed",
      template: "manual",
      slide_count: 2,
      session_id: null,
      share_token: link.token,
      search_indexing: false,
      blog: { blog_title: "Composting", website_links: ["https://example.com/compost"], uploaded_files: [] },
    });
    expect(await getSharedPresentation(link.token)).toEqual(body);
    for (const [index, slide] of body.slides.entries()) {
      const own = deck.slides[index]!;
      expect(slide).toMatchObject({ id: own.id, slide_number: index + 1, slide_title: own.slide_title, body: own.body, slide_content: own.slide_content });
      expect(slide.audio_sentences).toEqual(own.audio_sentences);
      expect(slide.audio_duration_ms).toBe(own.audio_duration_ms);
      const query = (key: string | null) => `path=${encodeURIComponent(key!)}&token=${encodeURIComponent(link.token)}`;
      expect(slide.public_web_image_url).toBe(`/api/v1/files/shared-image?${query(own.web_image_path)}`);
      expect(slide.public_mobile_image_url).toBe(`/api/v1/files/shared-image?${query(own.mobile_image_path)}`);
      expect(slide.public_audio_url).toBe(`/api/v1/files/shared-content?${query(own.audio_path)}`);
      expect([slide.web_image_url, slide.mobile_image_url, slide.audio_url]).toEqual([slide.public_web_image_url, slide.public_mobile_image_url, slide.public_audio_url]);

      const image = await sharedFile("image", pathAndToken(slide.public_web_image_url!).path, link.token);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/png");
      await image.arrayBuffer();
      const audio = await sharedFile("content", pathAndToken(slide.public_audio_url!).path, link.token);
      expect(audio.status).toBe(200);
      expect(audio.headers.get("content-type")).toBe("audio/mpeg");
      expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }

    // The token opens nothing but this deck's images and narration: not another deck's, not the blog's documents.
    const document = await storedFile(alpha.tenantId, { folder: "maintext" });
    for (const key of [other.slides[0]!.web_image_path!, other.slides[0]!.audio_path!, document.key]) {
      expect((await sharedFile("image", key, link.token)).status, key).toBe(404);
      expect((await sharedFile("content", key, link.token)).status, key).toBe(404);
    }
    // Nor without a token.
    expect((await sharedFile("content", deck.slides[0]!.audio_path!)).status).toBe(404);

    // Revoked: at once, everywhere.
    const revoked = await share("DELETE", token, deck.id);
    expect(revoked.status).toBe(204);
    expect((await shared(link.token)).status).toBe(404);
    expect(await json(await shared(link.token))).toEqual({ detail: "This presentation is no longer available or the link has expired." });
    expect((await sharedFile("image", deck.slides[0]!.web_image_path!, link.token)).status).toBe(404);
    expect((await sharedFile("content", deck.slides[0]!.audio_path!, link.token)).status).toBe(404);
    expect((await share("GET", token, deck.id)).status).toBe(404);
    expect((await share("DELETE", token, deck.id)).status).toBe(204);

    // Shared again: a new token; the old one stays dead.
    const again = await json<ShareLinkOut>(await share("POST", token, deck.id));
    expect(again.token).not.toBe(link.token);
    expect((await shared(again.token)).status).toBe(200);
    expect((await shared(link.token)).status).toBe(404);
  });

  it("unknown or malformed tokens are 404 for the presentation and its files; a deck no longer completed is 400", async () => {
    const deck = await narratedDeck(alpha, project.id);
    for (const token of [randomToken(), "short", "x".repeat(200)]) {
      expect((await shared(token)).status, token).toBe(404);
      expect((await sharedFile("image", deck.slides[0]!.web_image_path!, token)).status).toBe(404);
      expect((await sharedFile("content", deck.slides[0]!.audio_path!, token)).status).toBe(404);
    }
    const link = await json<ShareLinkOut>(await share("POST", alpha.admin.access_token, deck.id));
    const db = await getDb();
    await db.update(presentations).set({ status: "processing" }).where(eq(presentations.id, deck.id));
    const notReady = await shared(link.token);
    expect(notReady.status).toBe(400);
    expect(await json(notReady)).toEqual({ detail: "This presentation is not yet ready for viewing." });
  });

  it("a deactivated tenant's link opens nothing: neither the deck nor its images and narration", async () => {
    const org = await organisation("sharing-paused");
    const orgProject = await newProject(org.admin.access_token, "Paused");
    const deck = await narratedDeck(org, orgProject.id);
    const link = await json<ShareLinkOut>(await share("POST", org.admin.access_token, deck.id));
    const body = await json<SharedPresentationOut>(await shared(link.token));
    const image = pathAndToken(body.slides[0]!.public_web_image_url!);
    const audio = pathAndToken(body.slides[0]!.public_audio_url!);
    expect((await sharedFile("image", image.path, image.token)).status).toBe(200);
    expect((await sharedFile("content", audio.path, audio.token)).status).toBe(200);

    const db = await getDb();
    await db.update(tenants).set({ isActive: false }).where(eq(tenants.id, org.tenantId));
    expect((await shared(link.token)).status).toBe(404);
    for (const [route, file] of [["image", image], ["content", audio]] as const) {
      const refused = await sharedFile(route, file.path, file.token);
      expect(refused.status, route).toBe(404);
      expect(await json(refused)).toEqual({ detail: "File not found" });
    }
  });

  it("the share page's cache answers a link that does not work with the spec's message, no script and no token", async () => {
    const deck = await narratedDeck(alpha, project.id);
    const link = await json<ShareLinkOut>(await share("POST", alpha.admin.access_token, deck.id));
    const page = async (token: string) => {
      const answer = await sharePageResponse(token);
      return { ...answer, html: new TextDecoder().decode(answer.body ?? new Uint8Array()) };
    };
    const db = await getDb();
    await db.update(presentations).set({ status: "processing" }).where(eq(presentations.id, deck.id));
    const notReady = await page(link.token);
    expect(notReady.status).toBe(200);
    expect(notReady.html).toContain("This presentation is not yet ready for viewing.");
    expect((await share("DELETE", alpha.admin.access_token, deck.id)).status).toBe(204);
    for (const token of [link.token, randomToken(), "short"]) {
      const gone = await page(token);
      expect(gone.status, token).toBe(404);
      expect(gone.html).toContain("Presentation Unavailable");
      expect(gone.html).toContain("This presentation is no longer available or the link has expired.");
      expect(gone.html).not.toContain("<script");
      expect(gone.html).not.toContain(token);
      // Embeddable like the page itself, and without a nonce: the answer has no script at all.
      expect(gone.headers["Content-Security-Policy"]).toContain("frame-ancestors *");
      expect(gone.headers["Content-Security-Policy"]).not.toContain("nonce-");
      expect(gone.headers["Cache-Control"]).toBe("private, no-cache");
    }
  });
});
