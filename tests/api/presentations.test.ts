// Presentations through the real route handlers on the real database (issue 11): manual decks with the spec's slide
// rules, version numbers per blog, edits with optimistic concurrency (a stale version gets 409 and changes nothing),
// the wizard's look-ups, AI generation as a job from a real PDF uploaded and extracted (progress to 100, errors kept),
// a generation interrupted by a stopped process finishing after a restart, and other tenants' ids answered 404.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as blogRoute from "@/app/api/v1/blogs/[id]/route";
import * as presentationRoute from "@/app/api/v1/presentations/[id]/route";
import * as taskStatusRoute from "@/app/api/v1/presentations/[id]/task-status/route";
import * as thumbnailsRoute from "@/app/api/v1/presentations/[id]/thumbnails/route";
import * as updateSlidesRoute from "@/app/api/v1/presentations/[id]/update-slides/route";
import * as uploadSlideImageRoute from "@/app/api/v1/presentations/upload-slide-image/route";
import * as blogPresentationsRoute from "@/app/api/v1/presentations/blog/[blogId]/route";
import * as checkExistsRoute from "@/app/api/v1/presentations/check-exists/[blogId]/route";
import * as methodsRoute from "@/app/api/v1/presentations/methods/route";
import * as templatesRoute from "@/app/api/v1/presentations/templates/route";
import * as viewRoute from "@/app/api/v1/files/view/route";
import * as presentationsRoute from "@/app/api/v1/presentations/route";
import { getDb } from "@/db/client";
import { activityEvents, blogSources, files, presentations, slides } from "@/db/schema";
import { jobQueue, stopJobQueue } from "@/lib/jobs/queue";
import { storage } from "@/lib/storage";
import { TEMPLATE_IDS } from "@/lib/validation/presentations";
import type { BlogCreated, BlogOut } from "@/lib/services/blogs";
import { extractBlogSources } from "@/lib/services/extraction";
import { GENERATION_JOB, generationStaleMs } from "@/lib/services/presentation-generation";
import { RENDER_JOB } from "@/lib/services/presentation-render";
import type { CheckExistsOut, PresentationOut, PresentationSummaryOut, TaskStatusOut, ThumbnailOut } from "@/lib/services/presentations";
import type { SlideImageOut } from "@/lib/services/presentation-images";
import type { ProjectOut } from "@/lib/services/projects";
import { loadArticle } from "../fixtures/articles";
import { gifBytes, jpegHead, pngBytes } from "../fixtures/images";
import { buildPdf, type PdfBlock } from "../fixtures/pdf";
import { call, json } from "../support/api";
import type { Organisation, SignedIn } from "../support/accounts";
import { FORBIDDEN, listOf, organisation, signedInUser } from "../support/admin";
import { newBlog, newProject, revokePermission, uploaded } from "../support/projects-blogs";
import { eventually, jobsSettle } from "../support/wait";

let alpha: Organisation;
let bravo: Organisation;
let member: SignedIn;
let project: ProjectOut;
let bravoProject: ProjectOut;

/** An article of the fixtures as a PDF of `pages` pages: its title and headings set large, its paragraphs wrapped. */
function articlePdf(pages: number): Uint8Array {
  const article = loadArticle("city-heat-pumps");
  const blocks: PdfBlock[] = [{ heading: article.title, size: 22 }];
  for (const section of article.sections) {
    if (section.heading && section.heading !== article.title) blocks.push({ heading: section.heading, size: 16 });
    for (const paragraph of section.text.split("\n\n").filter(Boolean)) blocks.push({ paragraph });
  }
  const perPage = Math.ceil(blocks.length / pages);
  return buildPdf({ title: article.title, pages: Array.from({ length: pages }, (_, page) => blocks.slice(page * perPage, (page + 1) * perPage)) });
}

/** A blog whose main document is a real PDF uploaded through the upload route. */
async function pdfBlog(token: string, projectId: string, pdf: Uint8Array, title: string, fields: Record<string, unknown> = {}): Promise<BlogCreated> {
  const file = await uploaded(token, "maintext", pdf, `${title}.pdf`);
  return newBlog(token, projectId, { blog_title: title, main_text: file.s3_path, is_website: false, ...fields });
}

const slide = (title: string, extra: Record<string, unknown> = {}) => ({
  slide_title: title,
  body: `${title} point one\n${title} point two`,
  slide_content: `This is the narration of the slide ${title}.`,
  ...extra,
});

async function create(token: string, body: Record<string, unknown>): Promise<PresentationOut> {
  const response = await call(presentationsRoute.POST, "POST", { token, body });
  expect(response.status, await response.clone().text()).toBe(201);
  return json<PresentationOut>(response);
}

async function read(token: string, id: string): Promise<PresentationOut> {
  const response = await call(presentationRoute.GET, "GET", { token, params: { id } });
  expect(response.status, await response.clone().text()).toBe(200);
  return json<PresentationOut>(response);
}

async function status(token: string, id: string): Promise<TaskStatusOut> {
  const response = await call(taskStatusRoute.GET, "GET", { token, params: { id } });
  expect(response.status, await response.clone().text()).toBe(200);
  return json<TaskStatusOut>(response);
}

/** Polls task-status, as the wizard does, until the generation has ended; answers every state seen. */
async function generationEnds(token: string, id: string, timeoutMs = 50_000): Promise<TaskStatusOut[]> {
  const seen: TaskStatusOut[] = [];
  await eventually(
    async () => {
      const now = await status(token, id);
      if (seen.at(-1)?.progress !== now.progress || seen.at(-1)?.status !== now.status) seen.push(now);
      return now.status === "completed" || now.status === "failed" ? true : undefined;
    },
    `the generation of ${id} to end`,
    timeoutMs,
  );
  return seen;
}

/**
 * The blog's presentations and slides, once the render jobs have settled and its completed decks' narrations have
 * ended (both write in the background whatever a request did, narration in a worker thread while requests run):
 * equal snapshots mean a request wrote nothing.
 */
/** Time for a test that waits for a blog's narrations (presentationRows) on a busy 2-core machine. */
const NARRATION_WAIT_TIMEOUT = { timeout: 150_000 };

async function presentationRows(blogId: string, { untilNarrated = true } = {}) {
  await jobsSettle(RENDER_JOB);
  const db = await getDb();
  if (untilNarrated) {
    await eventually(
      async () => {
        const narrating = await db
          .select({ id: presentations.id })
          .from(presentations)
          .where(and(eq(presentations.blogId, blogId), eq(presentations.status, "completed"), eq(presentations.webhookStatus, "pending")));
        return narrating.length === 0 ? true : undefined;
      },
      "the blog's narrations to end",
      // One worker thread speaks for the whole process, a text at a time: a long deck narrated before (the AI
      // generation tests') goes first. Tests that wait here have NARRATION_WAIT_TIMEOUT.
      120_000,
    );
  }
  const rows = await db.select().from(presentations).where(eq(presentations.blogId, blogId)).orderBy(presentations.versionNumber);
  const slideRows = await db.select().from(slides).orderBy(slides.presentationId, slides.slideNumber);
  const ids = new Set(rows.map((row) => row.id));
  return { presentations: rows, slides: slideRows.filter((row) => ids.has(row.presentationId)) };
}

function detail(body: unknown): { loc: (string | number)[]; msg: string }[] {
  return (body as { detail: { loc: (string | number)[]; msg: string }[] }).detail;
}

/** The width and height a PNG's header declares. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = Buffer.from(bytes);
  expect(view.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
}

/** A stored image through GET /files/view, as the player and editor load it. */
async function viewed(token: string, url: string): Promise<Uint8Array> {
  const key = decodeURIComponent(url.replace("/api/v1/files/view?path=", ""));
  const response = await call(viewRoute.GET, "GET", { token, query: { path: key } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("image/png");
  // Keys are written once, so the browser may keep a slide image for good.
  expect(response.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
  return new Uint8Array(await response.arrayBuffer());
}

/** The presentation once every slide's images show it as it is (the render job's work is done). */
async function rendered(token: string, id: string): Promise<PresentationOut> {
  return eventually(async () => {
    const deck = await read(token, id);
    return deck.slides.length > 0 && deck.slides.every((entry) => entry.image_status === "ready") ? deck : undefined;
  }, `the slides of ${id} to be rendered`, 25_000);
}

beforeAll(async () => {
  [alpha, bravo] = [await organisation("DeckAlpha"), await organisation("DeckBravo")];
  member = await signedInUser(alpha.admin.access_token, { email: "member@deckalpha.test" });
  project = await newProject(alpha.admin.access_token, "Decks");
  bravoProject = await newProject(bravo.admin.access_token, "Bravo Decks");
});

describe("manual presentations", NARRATION_WAIT_TIMEOUT, () => {
  let blog: BlogCreated;

  beforeAll(async () => {
    blog = await newBlog(member.access_token, project.id, { blog_title: "Manual blog" });
  });

  it("creates version 1 with its slides in order, completed at once, and the blog lists it", async () => {
    const created = await create(member.access_token, {
      blog_id: blog.id,
      template: "manual",
      slides: [slide("Second", { slide_number: 2 }), slide("First", { slide_number: 1 }), slide("Third", { slide_number: 3 })],
    });
    expect(created).toMatchObject({
      presentation_id: created.id,
      blog_id: blog.id,
      status: "completed",
      generation_method: "manual",
      template: "manual",
      version_number: 1,
      edit_count: 0,
      version: 0,
      progress: 100,
      last_edited_at: null,
      slide_count: 3,
    });
    expect(created.slides.map((entry) => [entry.slide_number, entry.slide_title])).toEqual([
      [1, "First"],
      [2, "Second"],
      [3, "Third"],
    ]);
    expect(created.slides[0]).toMatchObject({ body: "First point one\nFirst point two", slide_content: "This is the narration of the slide First." });
    // The slide-image and narration jobs may have moved on since (images, audio, webhook_status): the deck is the same.
    const stable = (deck: PresentationOut) => ({
      ...deck,
      webhook_status: null,
      updated_at: null,
      error: null,
      slides: deck.slides.map(({ id, slide_number, slide_title, body, slide_content, image_path }) => ({ id, slide_number, slide_title, body, slide_content, image_path })),
    });
    expect(stable(await read(member.access_token, created.id))).toEqual(stable(created));
    const blogResponse = await call(blogRoute.GET, "GET", { token: member.access_token, params: { id: blog.id } });
    expect((await json<BlogOut>(blogResponse)).presentations.map((entry) => entry.id)).toContain(created.id);
    const db = await getDb();
    const events = await db.select().from(activityEvents).where(and(eq(activityEvents.subjectId, created.id), eq(activityEvents.action, "presentation.created")));
    expect(events).toHaveLength(1);
  });

  it("makes the next version number on each creation; check-exists and the blog's list show the newest first", async () => {
    const second = await create(member.access_token, { blog_id: blog.id, template: "minimal", generation_method: "manual", slides: [slide("Only")] });
    expect(second.version_number).toBe(2);
    const exists = await json<CheckExistsOut>(await call(checkExistsRoute.GET, "GET", { token: member.access_token, params: { blogId: blog.id } }));
    expect(exists).toMatchObject({ exists: true, presentation_id: second.id, count: 2 });
    expect(exists.presentation).toMatchObject({ id: second.id, version_number: 2, template: "minimal", generation_method: "manual", slide_count: 1 });
    const listed = await listOf<PresentationSummaryOut>(blogPresentationsRoute.GET, { token: member.access_token, params: { blogId: blog.id } });
    expect(listed.total).toBe(2);
    expect(listed.items.map((entry) => entry.version_number)).toEqual([2, 1]);
    const all = await listOf<PresentationSummaryOut>(presentationsRoute.GET, { token: member.access_token, query: { blog_id: blog.id, limit: "1", offset: "1" } });
    expect(all).toMatchObject({ total: 2 });
    expect(all.items.map((entry) => entry.version_number)).toEqual([1]);
  });

  it("check-exists of a blog without presentations says so", async () => {
    const empty = await newBlog(member.access_token, project.id, { blog_title: "Empty blog" });
    const response = await call(checkExistsRoute.GET, "GET", { token: member.access_token, params: { blogId: empty.id } });
    expect(await json(response)).toEqual({ exists: false, presentation: null, presentation_id: null, count: 0 });
  });

  it.each([
    ["no slides", { slides: [] }, ["body", "slides"], "A presentation must have at least one slide"],
    ["slides left out", {}, ["body", "slides"], "A presentation must have at least one slide"],
    ["a slide with neither title nor content", { slides: [slide("Fine"), { slide_title: "  ", body: "", slide_content: " " }] }, ["body", "slides", 1], "All slides must have either a title or content"],
    ["an unknown template", { template: "baroque", generation_method: "manual", slides: [slide("A")] }, ["body", "template"], "Unknown template"],
    ["another tenant's or no image", { slides: [slide("A", { image_path: `${"0".repeat(8)}-0000-4000-8000-${"0".repeat(12)}/images/${"1".repeat(8)}-1111-4111-8111-${"1".repeat(12)}.png` })] }, ["body", "slides", 0, "image_path"], "Image not found"],
  ])("refuses %s with the spec's message and writes nothing", async (_name, fields, loc, message) => {
    const before = await presentationRows(blog.id);
    const response = await call(presentationsRoute.POST, "POST", { token: member.access_token, body: { blog_id: blog.id, template: "manual", ...fields } });
    expect(response.status).toBe(422);
    expect(detail(await json(response))).toContainEqual(expect.objectContaining({ loc, msg: message }));
    expect(await presentationRows(blog.id)).toEqual(before);
  });

  it("answers the five templates of the picker", async () => {
    const response = await call(templatesRoute.GET, "GET", { token: member.access_token });
    expect(response.status).toBe(200);
    const { templates } = await json<{ templates: { id: string; name: string; description: string }[] }>(response);
    expect(templates.map((template) => template.id)).toEqual([...TEMPLATE_IDS]);
    for (const template of templates) expect(template.name.length * template.description.length).toBeGreaterThan(0);
  });

  it("renders each slide at web, mobile and thumbnail size off the request, served as stored files", async () => {
    const deck = await create(member.access_token, { blog_id: blog.id, template: "academic", generation_method: "manual", slides: [slide("Pictures"), slide("Of slides")] });
    const ready = await rendered(member.access_token, deck.id);
    for (const entry of ready.slides) {
      expect(entry.web_image_path).toMatch(new RegExp(`^${alpha.tenantId}/slides/`));
      expect(pngSize(await viewed(member.access_token, entry.web_image_url!))).toEqual({ width: 1920, height: 1080 });
      expect(pngSize(await viewed(member.access_token, entry.mobile_image_url!))).toEqual({ width: 1080, height: 1350 });
      expect(pngSize(await viewed(member.access_token, entry.thumbnail_url!))).toEqual({ width: 480, height: 270 });
    }
  });

  it("answers the methods of the wizard with all methods enabled", async () => {
    const response = await call(methodsRoute.GET, "GET", { token: member.access_token });
    expect(response.status).toBe(200);
    const body = await json<{ methods: Record<string, unknown>[]; configuration: { enable_all_methods: boolean } }>(response);
    expect(body.configuration).toEqual({ enable_all_methods: true });
    expect(body.methods.map((method) => method.id)).toEqual(["manual", "import_ppt", "ai_template"]);
    for (const method of body.methods) {
      expect(Object.keys(method).sort()).toEqual(["description", "estimated_time", "features", "icon", "id", "name"]);
      expect((method.features as string[]).length).toBeGreaterThan(0);
    }
  });
});

describe("editing slides", NARRATION_WAIT_TIMEOUT, () => {
  let blog: BlogCreated;
  let deck: PresentationOut;

  beforeAll(async () => {
    blog = await newBlog(member.access_token, project.id, { blog_title: "Edited blog" });
    deck = await create(member.access_token, { blog_id: blog.id, template: "professional", generation_method: "manual", slides: [slide("One"), slide("Two"), slide("Three")] });
  });

  const put = (token: string, id: string, body: unknown) => call(updateSlidesRoute.PUT, "PUT", { token, params: { id }, body });

  it("reorders, changes, adds and removes slides from the current version; ids stay, edit_count and last_edited_at move", async () => {
    const [one, two, three] = deck.slides;
    const response = await put(member.access_token, deck.id, {
      version: 0,
      slides: [
        { id: three!.id, slide_title: "Three", body: three!.body, slide_content: three!.slide_content },
        { id: one!.id, slide_title: "One, retitled", body: one!.body, slide_content: "A new script for the first slide." },
        { slide_title: "", body: "A new slide with text only", slide_content: "" },
      ],
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const edited = await json<PresentationOut>(response);
    expect(edited).toMatchObject({ edit_count: 1, version: 1, version_number: 1, slide_count: 3 });
    expect(edited.last_edited_at).not.toBeNull();
    expect(edited.slides.map((entry) => [entry.slide_number, entry.slide_title])).toEqual([
      [1, "Three"],
      [2, "One, retitled"],
      [3, ""],
    ]);
    expect(edited.slides[0]!.id).toBe(three!.id);
    expect(edited.slides[1]!.id).toBe(one!.id);
    expect(edited.slides.map((entry) => entry.id)).not.toContain(two!.id);
    expect(edited.slides[1]!.slide_content).toBe("A new script for the first slide.");
    deck = edited;
  });

  it("renders again only the slides an edit changed, and removes the images they replace", async () => {
    const before = await rendered(member.access_token, deck.id);
    const [first, second] = before.slides;
    const response = await put(member.access_token, deck.id, {
      version: before.version,
      slides: before.slides.map((entry, index) => ({ id: entry.id, slide_title: index === 1 ? "Retitled again" : entry.slide_title, body: entry.body, slide_content: index === 0 ? "Only the script changes here." : entry.slide_content })),
    });
    expect(response.status).toBe(200);
    const edited = await json<PresentationOut>(response);
    expect(edited.slides.map((entry) => entry.image_status)).toEqual(["ready", "pending", "ready"]);
    const after = await rendered(member.access_token, deck.id);
    // A script is not on the slide: the first keeps its images; the retitled second has new ones.
    expect(after.slides[0]!.web_image_path).toBe(first!.web_image_path);
    expect(after.slides[2]!.web_image_path).toBe(before.slides[2]!.web_image_path);
    expect(after.slides[1]!.web_image_path).not.toBe(second!.web_image_path);
    const db = await getDb();
    await jobsSettle(RENDER_JOB);
    for (const key of [second!.web_image_path!, second!.mobile_image_path!, second!.thumbnail_path!]) {
      expect(await db.select().from(files).where(eq(files.storageKey, key))).toEqual([]);
      expect(await storage().head(key)).toBeNull();
    }
    deck = after;
  });

  it("refuses a stale version with 409 and changes nothing", async () => {
    const before = await presentationRows(blog.id);
    const response = await put(member.access_token, deck.id, { version: 0, slides: [slide("Overwrite")] });
    expect(response.status).toBe(409);
    expect((await json<{ detail: string }>(response)).detail).toBe(
      "This presentation was changed since you loaded it. Reload it to see the changes, then edit again.",
    );
    expect(await presentationRows(blog.id)).toEqual(before);
    const ahead = await put(member.access_token, deck.id, { version: 7, slides: [slide("Overwrite")] });
    expect(ahead.status).toBe(409);
    expect(await presentationRows(blog.id)).toEqual(before);
  });

  it.each([
    ["no slides", { version: 1, slides: [] }, ["body", "slides"], "A presentation must have at least one slide"],
    ["an empty slide", { version: 1, slides: [{ slide_title: "", body: "", slide_content: "" }] }, ["body", "slides", 0], "All slides must have either a title or content"],
  ])("refuses %s with 422 and changes nothing", async (_name, body, loc, message) => {
    const before = await presentationRows(blog.id);
    const response = await put(member.access_token, deck.id, body);
    expect(response.status).toBe(422);
    expect(detail(await json(response))).toContainEqual(expect.objectContaining({ loc, msg: message }));
    expect(await presentationRows(blog.id)).toEqual(before);
  });

  it("PUT /presentations/{id} changes the template as an edit; slides there need the version too", async () => {
    const response = await call(presentationRoute.PUT, "PUT", { token: member.access_token, params: { id: deck.id }, body: { template: "creative", tts_provider: "gtts" } });
    expect(response.status, await response.clone().text()).toBe(200);
    const changed = await json<PresentationOut>(response);
    expect(changed).toMatchObject({ template: "creative", tts_provider: "gtts", edit_count: deck.edit_count + 1 });
    // Another template redraws every slide.
    expect(changed.slides.every((entry) => entry.image_status === "pending")).toBe(true);
    const noVersion = await call(presentationRoute.PUT, "PUT", { token: member.access_token, params: { id: deck.id }, body: { slides: [slide("A")] } });
    expect(noVersion.status).toBe(422);
    const stale = await call(presentationRoute.PUT, "PUT", { token: member.access_token, params: { id: deck.id }, body: { template: "academic", version: 1 } });
    expect(stale.status).toBe(409);
    expect((await read(member.access_token, deck.id)).template).toBe("creative");
    deck = changed;
  });

  it("thumbnails list each slide with its number, id and title", async () => {
    const response = await call(thumbnailsRoute.GET, "GET", { token: member.access_token, params: { id: deck.id } });
    expect(response.status).toBe(200);
    const thumbnails = await json<ThumbnailOut[]>(response);
    expect(thumbnails.map((entry) => [entry.slide_number, entry.slide_id, entry.slide_title])).toEqual(
      deck.slides.map((entry) => [entry.slide_number, entry.id, entry.slide_title]),
    );
    for (const entry of thumbnails) expect(Object.keys(entry)).toEqual(expect.arrayContaining(["thumbnail_url", "web_image_url", "mobile_image_url"]));
  });

  it("needs presentation.generate to edit and presentation.view to read", async () => {
    const reader = await signedInUser(alpha.admin.access_token, { email: "reader@deckalpha.test" });
    await revokePermission(alpha.admin.access_token, reader.user.id, "presentation.generate");
    const before = await presentationRows(blog.id);
    const edit = await put(reader.access_token, deck.id, { version: deck.version, slides: [slide("Mine")] });
    expect(edit.status).toBe(403);
    expect(await json(edit)).toEqual(FORBIDDEN);
    const createByReader = await call(presentationsRoute.POST, "POST", { token: reader.access_token, body: { blog_id: blog.id, template: "manual", slides: [slide("A")] } });
    expect(createByReader.status).toBe(403);
    expect(await presentationRows(blog.id)).toEqual(before);
    expect((await call(presentationRoute.GET, "GET", { token: reader.access_token, params: { id: deck.id } })).status).toBe(200);
    expect((await call(methodsRoute.GET, "GET", { token: reader.access_token })).status).toBe(200);

    const blind = await signedInUser(alpha.admin.access_token, { email: "blind@deckalpha.test" });
    await revokePermission(alpha.admin.access_token, blind.user.id, "presentation.view");
    for (const [handler, params] of [
      [presentationRoute.GET, { id: deck.id }],
      [taskStatusRoute.GET, { id: deck.id }],
      [thumbnailsRoute.GET, { id: deck.id }],
      [checkExistsRoute.GET, { blogId: blog.id }],
      [blogPresentationsRoute.GET, { blogId: blog.id }],
    ] as const) {
      expect((await call(handler, "GET", { token: blind.access_token, params })).status).toBe(403);
    }
  });
});

describe("AI generation", NARRATION_WAIT_TIMEOUT, () => {
  it("refuses a blog without a main source with the spec's message and writes nothing", async () => {
    const blog = await newBlog(member.access_token, project.id, { blog_title: "No main" });
    const db = await getDb();
    // No endpoint removes a blog's main source; a blog can be left without one by older data.
    await db.delete(blogSources).where(and(eq(blogSources.blogId, blog.id), eq(blogSources.kind, "main_document")));
    const response = await call(presentationsRoute.POST, "POST", { token: member.access_token, body: { blog_id: blog.id, template: "professional" } });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ detail: "Please provide a main document (file upload or website URL) before generating the presentation." });
    expect((await presentationRows(blog.id)).presentations).toEqual([]);
  });

  it("refuses slides, unknown templates and sources not of the blog", async () => {
    const blog = await newBlog(member.access_token, project.id, { blog_title: "AI refusals", website_links: ["https://example.com/one"] });
    const cases: [Record<string, unknown>, (string | number)[], string][] = [
      [{ template: "startup", slides: [slide("A")] }, ["body", "slides"], "An AI presentation is generated from the blog's sources: send no slides"],
      [{ generation_method: "ai_template", template: "baroque" }, ["body", "template"], "Unknown template"],
      [{ template: "academic", use_main_source_only: false, supporting_links: ["https://example.com/two"] }, ["body", "supporting_links", 0], "Not a source of this blog"],
    ];
    for (const [fields, loc, message] of cases) {
      const response = await call(presentationsRoute.POST, "POST", { token: member.access_token, body: { blog_id: blog.id, ...fields } });
      expect(response.status, JSON.stringify(fields)).toBe(422);
      expect(detail(await json(response))).toContainEqual(expect.objectContaining({ loc, msg: message }));
    }
    expect((await presentationRows(blog.id)).presentations).toEqual([]);
  });

  it("generates a deck from a real uploaded PDF: pending at once, task-status to 100, slides from the document", async () => {
    const article = loadArticle("city-heat-pumps");
    const blog = await pdfBlog(member.access_token, project.id, articlePdf(10), "Heat pumps");
    await extractBlogSources(blog.id);
    const created = await create(member.access_token, {
      blog_id: blog.id,
      template: "startup",
      tts_provider: "google-cloud",
      content_source: "uploaded_file",
      use_main_source_only: true,
      generation_instructions: "Focus on costs",
    });
    expect(created).toMatchObject({ status: "pending", generation_method: "ai_template", template: "startup", version_number: 1, slides: [], tts_provider: "google-cloud" });
    const seen = await generationEnds(member.access_token, created.id);
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ status: "completed", progress: 100, step: "completed", message: "Presentation ready", error: null });
    for (const state of seen) expect([0, 5, 20, 60, 85, 100]).toContain(state.progress);
    const deck = await read(member.access_token, created.id);
    expect(deck.slides.length).toBeGreaterThanOrEqual(4);
    expect(deck.slides.length).toBeLessThanOrEqual(20);
    expect(deck.slides.map((entry) => entry.slide_number)).toEqual(deck.slides.map((_, index) => index + 1));
    const titles = deck.slides.map((entry) => entry.slide_title).join(" | ");
    expect(titles).toMatch(/heat pump/i);
    // The narration is the document's own sentences (the offline generator is extractive).
    const scripts = deck.slides.map((entry) => entry.slide_content).join(" ");
    const sentences = article.text.split(/(?<=[.!?])\s+/).filter((sentence) => sentence.length > 40);
    expect(sentences.filter((sentence) => scripts.includes(sentence)).length).toBeGreaterThan(5);
    for (const entry of deck.slides) {
      // Completed means rendered: the images are there when the wizard shows the deck.
      expect(entry).toMatchObject({ image_status: "ready" });
      expect(entry.thumbnail_url).not.toBeNull();
      expect(entry.body.split("\n").length).toBeGreaterThanOrEqual(3);
      expect(entry.slide_content.split(/\s+/).length).toBeGreaterThanOrEqual(60);
    }
  });

  it("extracts a main document still waiting for extraction, then generates; a second generation is version 2", async () => {
    const blog = await pdfBlog(member.access_token, project.id, articlePdf(3), "Fresh upload");
    const first = await create(member.access_token, { blog_id: blog.id, template: "minimal" });
    const second = await create(member.access_token, { blog_id: blog.id, generation_method: "ai_template" });
    expect(second).toMatchObject({ version_number: 2, template: "professional", generation_method: "ai_template" });
    for (const id of [first.id, second.id]) expect((await generationEnds(member.access_token, id)).at(-1)).toMatchObject({ status: "completed", progress: 100 });
  });

  it("fails with the reason kept when the main document has no text, and says so in task-status", async () => {
    const blank = buildPdf({ pages: [[]] });
    const blog = await pdfBlog(member.access_token, project.id, blank, "Blank");
    const created = await create(member.access_token, { blog_id: blog.id, template: "creative" });
    const last = (await generationEnds(member.access_token, created.id)).at(-1)!;
    expect(last.status).toBe("failed");
    expect(last.error).toMatch(/^The main document's text could not be read: /);
    expect(last.message).toBe(last.error);
    const deck = await read(member.access_token, created.id);
    expect(deck).toMatchObject({ status: "failed", error: last.error, slides: [] });
  });

  it("a generation interrupted by a stopped process finishes after a restart", async () => {
    const blog = await pdfBlog(member.access_token, project.id, articlePdf(4), "Interrupted");
    await extractBlogSources(blog.id);
    const boss = await jobQueue();
    // This process's worker stops taking generation jobs: the job below is taken by a "process" that then dies.
    await boss.offWork(GENERATION_JOB);
    const created = await create(member.access_token, { blog_id: blog.id, template: "academic" });
    const [taken] = await boss.fetch<{ presentationId: string }>(GENERATION_JOB);
    expect(taken?.data.presentationId).toBe(created.id);
    // What the dying process had written: the run claimed and analysing, minutes ago.
    const db = await getDb();
    const longAgo = new Date(Date.now() - generationStaleMs() - 60_000);
    await db
      .update(presentations)
      .set({ status: "processing", progress: 20, progressStep: "analyzing", generationAttempt: 1, updatedAt: longAgo })
      .where(eq(presentations.id, created.id));
    expect(await status(member.access_token, created.id)).toMatchObject({ status: "processing", progress: 20, step: "analyzing" });
    // A deck being generated cannot be edited meanwhile.
    const edit = await call(updateSlidesRoute.PUT, "PUT", { token: member.access_token, params: { id: created.id }, body: { version: 0, slides: [slide("Mine")] } });
    expect(edit.status).toBe(409);
    expect(await json(edit)).toEqual({ detail: "This presentation is still being generated. Try again when it is ready." });

    // The restart: the queue stops and starts again; its start-up sweep re-queues the orphaned generation.
    await stopJobQueue();
    await jobQueue();
    const last = (await generationEnds(member.access_token, created.id)).at(-1)!;
    expect(last).toMatchObject({ status: "completed", progress: 100 });
    // Not a before-and-after comparison: the deck's narration may go on.
    const rows = await presentationRows(blog.id, { untilNarrated: false });
    expect(rows.presentations).toHaveLength(1);
    expect(rows.presentations[0]!.generationAttempt).toBe(2);
    expect(rows.slides.length).toBeGreaterThanOrEqual(4);
  });
});

describe("another tenant's presentations", NARRATION_WAIT_TIMEOUT, () => {
  let theirs: PresentationOut;
  let theirBlog: BlogCreated;

  beforeAll(async () => {
    theirBlog = await newBlog(bravo.admin.access_token, bravoProject.id, { blog_title: "Bravo blog" });
    theirs = await create(bravo.admin.access_token, { blog_id: theirBlog.id, template: "manual", slides: [slide("Bravo only")] });
  });

  it("are not found by any route, and nothing of theirs changes", async () => {
    const token = alpha.admin.access_token;
    const before = await presentationRows(theirBlog.id);
    const cases: [string, Response][] = [
      ["GET", await call(presentationRoute.GET, "GET", { token, params: { id: theirs.id } })],
      ["PUT", await call(presentationRoute.PUT, "PUT", { token, params: { id: theirs.id }, body: { template: "creative" } })],
      ["update-slides", await call(updateSlidesRoute.PUT, "PUT", { token, params: { id: theirs.id }, body: { version: 0, slides: [slide("Hijack")] } })],
      ["task-status", await call(taskStatusRoute.GET, "GET", { token, params: { id: theirs.id } })],
      ["thumbnails", await call(thumbnailsRoute.GET, "GET", { token, params: { id: theirs.id } })],
    ];
    for (const [name, response] of cases) {
      expect(response.status, name).toBe(404);
      expect(await json(response), name).toEqual({ detail: "Presentation not found" });
    }
    for (const [name, response] of [
      ["check-exists", await call(checkExistsRoute.GET, "GET", { token, params: { blogId: theirBlog.id } })],
      ["blog list", await call(blogPresentationsRoute.GET, "GET", { token, params: { blogId: theirBlog.id } })],
      ["create", await call(presentationsRoute.POST, "POST", { token, body: { blog_id: theirBlog.id, template: "manual", slides: [slide("X")] } })],
      ["generate", await call(presentationsRoute.POST, "POST", { token, body: { blog_id: theirBlog.id, template: "professional" } })],
    ] as const) {
      expect(response.status, name).toBe(404);
      expect(await json(response), name).toEqual({ detail: "Blog not found" });
    }
    expect(await presentationRows(theirBlog.id)).toEqual(before);
    const listed = await listOf<PresentationSummaryOut>(presentationsRoute.GET, { token });
    expect(listed.items.map((entry) => entry.id)).not.toContain(theirs.id);
    expect(listed.items.every((entry) => entry.tenant_id === alpha.tenantId)).toBe(true);
  });
});

/** A JPEG's header up to its frame: SOI, a JFIF segment, and a start-of-frame declaring the given size. */
function jpegOfSize(width: number, height: number): Uint8Array {
  const frame = Buffer.alloc(19);
  frame.writeUInt16BE(0xffc0, 0);
  frame.writeUInt16BE(17, 2);
  frame.writeUInt8(8, 4);
  frame.writeUInt16BE(height, 5);
  frame.writeUInt16BE(width, 7);
  frame.writeUInt8(3, 9);
  return new Uint8Array(Buffer.concat([Buffer.from(jpegHead().slice(0, 20)), frame, Buffer.alloc(64), Buffer.from([0xff, 0xd9])]));
}

/** A PNG whose header declares the given size (its pixel data is never decoded by the checks). */
function pngOfSize(width: number, height: number): Uint8Array {
  const bytes = Buffer.from(pngBytes());
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return new Uint8Array(bytes);
}

/** A real PNG followed by padding up to `size` bytes. */
function pngPadded(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(pngBytes());
  return bytes;
}

async function uploadImage(token: string, bytes: Uint8Array, name: string, fields: Record<string, string> = {}): Promise<Response> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set("file", new Blob([Buffer.from(bytes)]), name);
  const request = new Request("http://app.test/api/v1/presentations/upload-slide-image", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "x-client-ip": "198.51.100.7" },
    body: form,
  });
  return uploadSlideImageRoute.POST(request, { params: Promise.resolve({}) });
}

/** The tenant's uploaded images (slide renderings are written by the render job meanwhile). */
async function fileRowsOf(tenantId: string) {
  return (await getDb())
    .select()
    .from(files)
    .where(and(eq(files.tenantId, tenantId), eq(files.kind, "images")))
    .orderBy(files.id);
}

describe("slide images", NARRATION_WAIT_TIMEOUT, () => {
  let manualDeck: PresentationOut;
  let aiDeck: PresentationOut;
  let blog: BlogCreated;

  beforeAll(async () => {
    blog = await newBlog(member.access_token, project.id, { blog_title: "Pictures" });
    manualDeck = await create(member.access_token, { blog_id: blog.id, template: "manual", slides: [slide("One")] });
    const aiBlog = await pdfBlog(member.access_token, project.id, articlePdf(2), "Pictures AI");
    aiDeck = await create(member.access_token, { blog_id: aiBlog.id, template: "creative" });
    await generationEnds(member.access_token, aiDeck.id);
  }, 90_000);

  it.each([
    ["PNG", pngBytes(), "photo.png", "image/png", 1, 1],
    ["GIF", gifBytes(), "anim.gif", "image/gif", 1, 1],
    ["JPEG", jpegOfSize(640, 480), "photo.jpeg", "image/jpeg", 640, 480],
  ])("stores a %s under the tenant, read from its bytes, and a slide takes it as its picture", async (_kind, bytes, name, type, width, height) => {
    const response = await uploadImage(member.access_token, bytes, name, { presentation_id: manualDeck.id, slide_number: "1" });
    expect(response.status, await response.clone().text()).toBe(201);
    const image = await json<SlideImageOut>(response);
    expect(image.image_path).toMatch(new RegExp(`^${alpha.tenantId}/images/[0-9a-f-]{36}\\.(png|gif|jpg)$`));
    expect(image).toMatchObject({ content_type: type, width, height, presentation_id: manualDeck.id, slide_number: 1, filename: name });
    expect(image.image_url).toBe(`/api/v1/files/view?path=${encodeURIComponent(image.image_path)}`);
    const current = await read(member.access_token, manualDeck.id);
    const edited = await call(updateSlidesRoute.PUT, "PUT", {
      token: member.access_token,
      params: { id: manualDeck.id },
      body: { version: current.version, slides: [{ ...slide("One"), id: current.slides[0]!.id, image_path: image.image_path }] },
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    expect((await json<PresentationOut>(edited)).slides[0]).toMatchObject({ image_path: image.image_path, image_url: image.image_url });
  });

  const refusals: [string, () => Uint8Array, string, () => Record<string, string>, number, string][] = [
    ["a text file named .png", () => new TextEncoder().encode("not an image at all"), "fake.png", () => ({}), 415, "Only JPG, GIF, and PNG images are allowed"],
    ["a PDF", () => buildPdf({ pages: [[{ paragraph: "A document." }]] }), "doc.png", () => ({}), 415, "Only JPG, GIF, and PNG images are allowed"],
    ["over 5MB in the manual editor", () => pngPadded(5 * 1024 * 1024 + 1), "big.png", () => ({ presentation_id: manualDeck.id }), 413, "Image must be less than 5MB"],
    ["over 5MB with no presentation yet (manual creation)", () => pngPadded(5 * 1024 * 1024 + 1), "big.png", () => ({}), 413, "Image must be less than 5MB"],
    ["over 10MB on the import screen", () => pngPadded(10 * 1024 * 1024 + 1), "big.png", () => ({ presentation_id: "temp-presentation-id" }), 413, "Image must be less than 10MB"],
    ["over 10MB in the AI editor", () => pngPadded(10 * 1024 * 1024 + 1), "big.png", () => ({ presentation_id: aiDeck.id }), 413, "Image must be less than 10MB"],
  ];

  it.each(refusals)("refuses %s with the spec's message and stores nothing", async (_name, bytes, fileName, fields, statusCode, message) => {
    const before = await fileRowsOf(alpha.tenantId);
    const response = await uploadImage(member.access_token, bytes(), fileName, fields());
    expect(response.status).toBe(statusCode);
    expect(await json(response)).toEqual({ detail: message });
    expect(await fileRowsOf(alpha.tenantId)).toEqual(before);
  });

  it("takes up to 10MB in the import and AI editors", async () => {
    for (const presentationId of ["temp-presentation-id", aiDeck.id]) {
      const response = await uploadImage(member.access_token, pngPadded(6 * 1024 * 1024), "six.png", { presentation_id: presentationId });
      expect(response.status, presentationId).toBe(201);
    }
  });

  it.each([
    ["a PNG declaring 50000 x 50000 pixels", pngOfSize(50_000, 50_000), "Image dimensions must be at most 12000 pixels a side and 25 megapixels"],
    ["a JPEG declaring 11000 x 3000 pixels", jpegOfSize(11_000, 3_000), "Image dimensions must be at most 12000 pixels a side and 25 megapixels"],
    ["a JPEG without a frame header", jpegHead(), "The image could not be read"],
    ["a PNG declaring no pixels", pngOfSize(0, 10), "The image could not be read"],
  ])("refuses %s before anything decodes it (422), storing nothing", async (_name, bytes, message) => {
    const before = await fileRowsOf(alpha.tenantId);
    const response = await uploadImage(member.access_token, bytes, "image.bin");
    expect(response.status).toBe(422);
    expect(detail(await json(response))).toEqual([expect.objectContaining({ loc: ["body", "file"], msg: message })]);
    expect(await fileRowsOf(alpha.tenantId)).toEqual(before);
  });

  it("deleting the blog removes its presentations' pictures and renderings, rows and stored objects", async () => {
    const token = alpha.admin.access_token;
    const doomed = await newBlog(token, project.id, { blog_title: "Doomed" });
    const picture = await json<SlideImageOut>(await uploadImage(token, pngBytes(), "doomed.png"));
    const deck = await create(token, { blog_id: doomed.id, template: "manual", slides: [slide("Doomed", { image_path: picture.image_path })] });
    await rendered(token, deck.id);
    await jobsSettle(RENDER_JOB);
    // The deck's narration (issue 12) is stored as files too, and goes with it.
    const ready = await eventually(
      async () => {
        const current = await read(token, deck.id);
        return current.webhook_status === "completed" ? current : undefined;
      },
      "the deck's narration",
      30_000,
    );
    const keys = [
      picture.image_path,
      ...ready.slides.flatMap((entry) => [entry.web_image_path!, entry.mobile_image_path!, entry.thumbnail_path!, entry.audio_path!]),
    ];
    const removed = await call(blogRoute.DELETE, "DELETE", { token, params: { id: doomed.id } });
    expect(removed.status).toBe(200);
    expect((await json<{ removed_files: string[] }>(removed)).removed_files.sort()).toEqual([...keys].sort());
    const db = await getDb();
    for (const key of keys) {
      expect(await db.select().from(files).where(eq(files.storageKey, key))).toEqual([]);
      expect(await storage().head(key)).toBeNull();
    }
  });

  it("another tenant's presentation is not found, and a reader without generate is refused", async () => {
    const theirBlog = await newBlog(bravo.admin.access_token, bravoProject.id, { blog_title: "Bravo pictures" });
    const theirs = await create(bravo.admin.access_token, { blog_id: theirBlog.id, template: "manual", slides: [slide("B")] });
    const [beforeA, beforeB] = [await fileRowsOf(alpha.tenantId), await fileRowsOf(bravo.tenantId)];
    const foreign = await uploadImage(alpha.admin.access_token, pngBytes(), "x.png", { presentation_id: theirs.id });
    expect(foreign.status).toBe(404);
    expect(await json(foreign)).toEqual({ detail: "Presentation not found" });
    const reader = await signedInUser(alpha.admin.access_token, { email: "viewer@deckalpha.test" });
    await revokePermission(alpha.admin.access_token, reader.user.id, "presentation.generate");
    expect((await uploadImage(reader.access_token, pngBytes(), "x.png")).status).toBe(403);
    expect([await fileRowsOf(alpha.tenantId), await fileRowsOf(bravo.tenantId)]).toEqual([beforeA, beforeB]);
    // B's image named in A's slides is not found either.
    const bravoImage = await json<SlideImageOut>(await uploadImage(bravo.admin.access_token, pngBytes(), "b.png"));
    const response = await call(presentationsRoute.POST, "POST", {
      token: alpha.admin.access_token,
      body: { blog_id: blog.id, template: "manual", slides: [slide("A", { image_path: bravoImage.image_path })] },
    });
    expect(response.status).toBe(422);
    expect(detail(await json(response))).toContainEqual(expect.objectContaining({ loc: ["body", "slides", 0, "image_path"], msg: "Image not found" }));
  });
});
