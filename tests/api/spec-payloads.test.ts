// The API as a client written against the spec (content-workflow section 7) calls it, through the real route
// handlers: update-slides with `{slides}` only (the version check stays for clients that send one); the slide fields
// under the spec's names (web_image_path, mobile_image_path, script_path, content_path) taken on input and answered,
// their texts served at /files/s3-content and /files/shared-content; blog list items with their link and file lists;
// each slide's Base64 `audio` on request; and the platform setting behind the wizard's methods configuration.
import { beforeAll, describe, expect, it } from "vitest";
import * as projectBlogsRoute from "@/app/api/v1/blogs/project/[projectId]/route";
import * as blogsRoute from "@/app/api/v1/blogs/route";
import * as s3ContentRoute from "@/app/api/v1/files/s3-content/route";
import * as sharedContentRoute from "@/app/api/v1/files/shared-content/route";
import * as platformSettingsRoute from "@/app/api/v1/platform-settings/route";
import * as presentationRoute from "@/app/api/v1/presentations/[id]/route";
import * as shareRoute from "@/app/api/v1/presentations/[id]/share/route";
import * as updateSlidesRoute from "@/app/api/v1/presentations/[id]/update-slides/route";
import * as methodsRoute from "@/app/api/v1/presentations/methods/route";
import * as presentationsRoute from "@/app/api/v1/presentations/route";
import * as sharedPresentationRoute from "@/app/api/v1/presentations/share/[token]/route";
import type { BlogListItem } from "@/lib/services/blogs";
import type { PresentationOut } from "@/lib/services/presentations";
import type { ProjectOut } from "@/lib/services/projects";
import type { ShareLinkOut, SharedPresentationOut } from "@/lib/services/sharing";
import { call, json } from "../support/api";
import { pngBytes } from "../fixtures/images";
import type { Organisation, SignedIn } from "../support/accounts";
import { FORBIDDEN, listOf, organisation, superAdmin } from "../support/admin";
import { newBlog, newProject, storedFile, uploaded } from "../support/projects-blogs";
import { eventually } from "../support/wait";

let alpha: Organisation;
let bravo: Organisation;
let project: ProjectOut;
let platform: SignedIn;

beforeAll(async () => {
  alpha = await organisation("spec-alpha");
  bravo = await organisation("spec-bravo");
  project = await newProject(alpha.admin.access_token, "Spec client");
  platform = await superAdmin();
}, 60_000);

async function read(token: string, id: string, query?: Record<string, string>): Promise<PresentationOut> {
  const response = await call(presentationRoute.GET, "GET", { token, params: { id }, query });
  expect(response.status, await response.clone().text()).toBe(200);
  return json<PresentationOut>(response);
}

async function create(token: string, body: Record<string, unknown>): Promise<PresentationOut> {
  const response = await call(presentationsRoute.POST, "POST", { token, body });
  expect(response.status, await response.clone().text()).toBe(201);
  return json<PresentationOut>(response);
}

/** The presentation once every slide is drawn and its narration made. */
function settled(token: string, id: string): Promise<PresentationOut> {
  return eventually(async () => {
    const deck = await read(token, id);
    return deck.webhook_status === "completed" && deck.slides.every((slide) => slide.image_status === "ready") ? deck : undefined;
  }, "the deck to be rendered and narrated", 90_000);
}

async function text(response: Response): Promise<string> {
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
  return response.text();
}

describe("slides under the spec's names", { timeout: 150_000 }, () => {
  it("are created from web_image_path, answered with script and content paths whose texts are served, and survive a round trip", async () => {
    const token = alpha.admin.access_token;
    const blog = await newBlog(token, project.id, { blog_title: "Beekeeping" });
    const picture = await uploaded(token, "images", pngBytes(), "hive.png", "image/png");
    // The spec's payload: the picture as web and mobile image path, no image_path.
    const created = await create(token, {
      blog_id: blog.id,
      template: "manual",
      slides: [
        { slide_number: 1, slide_title: "The hive", body: "Frames\nBrood box", slide_content: "A hive holds frames in a brood box.", web_image_path: picture.s3_path, mobile_image_path: picture.s3_path },
        { slide_number: 2, slide_title: "Honey", body: "Supers", slide_content: "Honey is stored in supers above the brood." },
      ],
    });
    expect(created.slides[0]!.image_path).toBe(picture.s3_path);
    expect(created.slides[1]!.image_path).toBeNull();
    const deck = await settled(token, created.id);
    const [first, second] = deck.slides;
    expect(first!.script_path).toBe(`${alpha.tenantId}/scripts/${first!.id}.script`);
    expect(first!.content_path).toBe(`${alpha.tenantId}/scripts/${first!.id}.content`);
    expect(await text(await call(s3ContentRoute.GET, "GET", { token, query: { path: first!.script_path } }))).toBe("A hive holds frames in a brood box.");
    expect(await text(await call(s3ContentRoute.GET, "GET", { token, query: { path: first!.content_path } }))).toBe("Frames\nBrood box");
    // Another tenant does not read them.
    expect((await call(s3ContentRoute.GET, "GET", { token: bravo.admin.access_token, query: { path: first!.script_path } })).status).toBe(404);

    // A spec client sends the slides back as it read them, by the spec's names only (no version, id, body or
    // image_path): the texts come from their paths, the renderings keep the slides' own pictures.
    const response = await call(updateSlidesRoute.PUT, "PUT", {
      token,
      params: { id: deck.id },
      body: {
        slides: [second!, first!].map((slide, index) => ({
          slide_number: index + 1,
          slide_title: slide.slide_title,
          slide_content: "",
          web_image_path: slide.web_image_path,
          mobile_image_path: slide.mobile_image_path,
          script_path: slide.script_path,
          content_path: slide.content_path,
        })),
      },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const edited = await json<PresentationOut>(response);
    expect(edited.edit_count).toBe(deck.edit_count + 1);
    expect(edited.slides.map((slide) => [slide.slide_title, slide.body, slide.slide_content, slide.image_path])).toEqual([
      ["Honey", "Supers", "Honey is stored in supers above the brood.", null],
      ["The hive", "Frames\nBrood box", "A hive holds frames in a brood box.", picture.s3_path],
    ]);

    // A client that sends the version it edited still gets the check.
    const stale = await call(updateSlidesRoute.PUT, "PUT", { token, params: { id: deck.id }, body: { version: deck.version, slides: [{ slide_title: "Stale" }] } });
    expect(stale.status).toBe(409);

    // Shared (once narrated again): the texts of the shared deck's slides with the token; not another deck's slide,
    // and nothing once the link is revoked.
    await settled(token, deck.id);
    const made = await call(shareRoute.POST, "POST", { token, params: { id: deck.id } });
    expect(made.status, await made.clone().text()).toBe(200);
    const link = await json<ShareLinkOut>(made);
    const sharedDeck = await json<SharedPresentationOut>(await call(sharedPresentationRoute.GET, "GET", { params: { token: link.token } }));
    const path = sharedDeck.slides[0]!.script_path;
    expect(path).toBe(edited.slides[0]!.script_path);
    expect(await text(await call(sharedContentRoute.GET, "GET", { query: { path, token: link.token } }))).toBe("Honey is stored in supers above the brood.");
    const otherDeck = await create(token, { blog_id: blog.id, template: "manual", slides: [{ slide_title: "Elsewhere", slide_content: "Not shared." }] });
    expect((await call(sharedContentRoute.GET, "GET", { query: { path: otherDeck.slides[0]!.script_path, token: link.token } })).status).toBe(404);
    expect((await call(shareRoute.DELETE, "DELETE", { token, params: { id: deck.id } })).status).toBe(204);
    expect((await call(sharedContentRoute.GET, "GET", { query: { path, token: link.token } })).status).toBe(404);
  });

  it("refuses a text path that names no slide of the tenant, or another tenant's picture, with 422 naming the field", async () => {
    const token = alpha.admin.access_token;
    const blog = await newBlog(token, project.id, { blog_title: "Refusals" });
    const theirs = await storedFile(bravo.tenantId, { folder: "images", contentType: "image/png" });
    const response = await call(presentationsRoute.POST, "POST", {
      token,
      body: {
        blog_id: blog.id,
        template: "manual",
        slides: [
          { slide_title: "One", content_path: `${alpha.tenantId}/scripts/00000000-0000-4000-8000-000000000000.content` },
          { slide_title: "Two", web_image_path: theirs.key },
        ],
      },
    });
    expect(response.status).toBe(422);
    const { detail } = await json<{ detail: { loc: (string | number)[]; msg: string }[] }>(response);
    expect(detail).toContainEqual(expect.objectContaining({ loc: ["body", "slides", 0, "content_path"], msg: "Content not found" }));
    const again = await call(presentationsRoute.POST, "POST", { token, body: { blog_id: blog.id, template: "manual", slides: [{ slide_title: "Two", web_image_path: theirs.key }] } });
    expect(again.status).toBe(422);
    expect((await json<{ detail: { loc: (string | number)[]; msg: string }[] }>(again)).detail).toContainEqual(
      expect.objectContaining({ loc: ["body", "slides", 0, "web_image_path"], msg: "Image not found" }),
    );
  });

  it("answers each slide's narration as Base64 audio only when asked for", async () => {
    const token = alpha.admin.access_token;
    const blog = await newBlog(token, project.id, { blog_title: "Audio inline" });
    const created = await create(token, { blog_id: blog.id, template: "manual", slides: [{ slide_title: "Bees", slide_content: "Bees dance to show where the flowers are." }] });
    const deck = await settled(token, created.id);
    expect(deck.slides[0]).not.toHaveProperty("audio");
    const withAudio = await read(token, deck.id, { include: "audio" });
    const audio = (withAudio.slides[0] as PresentationOut["slides"][number] & { audio: string | null }).audio;
    expect(typeof audio).toBe("string");
    const bytes = Buffer.from(audio!, "base64");
    const stored = await call(s3ContentRoute.GET, "GET", { token, query: { path: deck.slides[0]!.audio_path! } });
    expect(Buffer.from(await stored.arrayBuffer()).equals(bytes)).toBe(true);
    const bad = await call(presentationRoute.GET, "GET", { token, params: { id: deck.id }, query: { include: "video" } });
    expect(bad.status).toBe(422);
  });
});

describe("blog list items", () => {
  it("carry the blog's website links and uploaded files, in order", async () => {
    const token = alpha.admin.access_token;
    const shelf = await newProject(token, "Listed with sources");
    const file = await storedFile(alpha.tenantId, { folder: "sourcefile" });
    const blog = await newBlog(token, shelf.id, { website_links: ["https://example.com/a", "https://example.com/b"], uploaded_files: [file.key] });
    const bare = await newBlog(token, shelf.id, { blog_title: "No sources" });
    const listed = await listOf<BlogListItem>(projectBlogsRoute.GET, { token, params: { projectId: shelf.id } });
    const item = listed.items.find((entry) => entry.id === blog.id)!;
    expect(item).toMatchObject({ website_links: ["https://example.com/a", "https://example.com/b"], uploaded_files: [file.key], website_link_count: 2, uploaded_file_count: 1 });
    expect(listed.items.find((entry) => entry.id === bare.id)).toMatchObject({ website_links: [], uploaded_files: [] });
    const all = await listOf<BlogListItem>(blogsRoute.GET, { token, query: { project_id: shelf.id } });
    expect(all.items.find((entry) => entry.id === blog.id)).toMatchObject({ website_links: item.website_links, uploaded_files: item.uploaded_files });
  });
});

describe("the platform setting behind the wizard's methods", () => {
  const methods = async (token: string) => json<{ configuration: { enable_all_methods: boolean } }>(await call(methodsRoute.GET, "GET", { token }));

  it("is on by default, changed by a super admin only, and followed by GET /presentations/methods", async () => {
    expect(await json(await call(platformSettingsRoute.GET, "GET", { token: platform.access_token }))).toEqual({ enable_all_methods: true });
    expect((await methods(alpha.admin.access_token)).configuration).toEqual({ enable_all_methods: true });

    // A tenant admin may not read or change it.
    for (const [method, body] of [["GET", undefined], ["PUT", { enable_all_methods: false }]] as const) {
      const refused = await call(platformSettingsRoute[method], method, { token: alpha.admin.access_token, body });
      expect(refused.status).toBe(403);
      expect(await json(refused)).toEqual(FORBIDDEN);
    }
    // Bad input changes nothing.
    for (const body of [{ enable_all_methods: "no" }, { enable_all_methods: false, other: 1 }]) {
      expect((await call(platformSettingsRoute.PUT, "PUT", { token: platform.access_token, body })).status).toBe(422);
    }
    expect((await methods(alpha.admin.access_token)).configuration.enable_all_methods).toBe(true);

    const off = await call(platformSettingsRoute.PUT, "PUT", { token: platform.access_token, body: { enable_all_methods: false } });
    expect(off.status, await off.clone().text()).toBe(200);
    expect(await json(off)).toEqual({ enable_all_methods: false });
    expect((await methods(alpha.admin.access_token)).configuration).toEqual({ enable_all_methods: false });
    expect((await methods(bravo.admin.access_token)).configuration).toEqual({ enable_all_methods: false });

    expect(await json(await call(platformSettingsRoute.PUT, "PUT", { token: platform.access_token, body: { enable_all_methods: true } }))).toEqual({ enable_all_methods: true });
    expect((await methods(alpha.admin.access_token)).configuration).toEqual({ enable_all_methods: true });
  });
});
