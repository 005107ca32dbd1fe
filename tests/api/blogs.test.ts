// Blogs through the real route handlers (spec sections 3, 5, 6 and 7): create with every kind of source, the
// detail, edit, delete with the files only they used (rows and stored objects), permissions, validation with the
// spec's texts (nothing written on a refusal), tenant scoping, the extraction job, and the lists' paging, search,
// order and X-Total-Count.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as blogRoute from "@/app/api/v1/blogs/[id]/route";
import * as projectBlogsRoute from "@/app/api/v1/blogs/project/[projectId]/route";
import * as blogsRoute from "@/app/api/v1/blogs/route";
import * as blogPresentationsRoute from "@/app/api/v1/presentations/blog/[blogId]/route";
import * as projectRoute from "@/app/api/v1/projects/[id]/route";
import { database, getDb } from "@/db/client";
import { activityEvents, blogSources, files, presentations } from "@/db/schema";
import { EXTRACTION_JOB, type BlogCreated, type BlogListItem, type BlogOut } from "@/lib/services/blogs";
import type { ProjectOut } from "@/lib/services/projects";
import { storage } from "@/lib/storage";
import { call, json, type CallOptions } from "../support/api";
import type { Organisation, SignedIn } from "../support/accounts";
import { FORBIDDEN, listOf, organisation, signedInUser, superAdmin } from "../support/admin";
import { DOCX, contentSnapshot, newBlog, newProject, revokePermission, storedFile, type StoredFile } from "../support/projects-blogs";

let alpha: Organisation;
let bravo: Organisation;
let member: SignedIn;
let platform: SignedIn;
let project: ProjectOut;
let bravoProject: ProjectOut;
let mainPdf: StoredFile;
let extraDocx: StoredFile;
let image: StoredFile;
let bravoPdf: StoredFile;

beforeAll(async () => {
  platform = await superAdmin();
  [alpha, bravo] = [await organisation("BlogAlpha"), await organisation("BlogBravo")];
  member = await signedInUser(alpha.admin.access_token, { email: "member@blogalpha.test" });
  project = await newProject(alpha.admin.access_token, "Writing");
  bravoProject = await newProject(bravo.admin.access_token, "Bravo Writing");
  mainPdf = await storedFile(alpha.tenantId, { name: "Annual Report.pdf" });
  extraDocx = await storedFile(alpha.tenantId, { folder: "sourcefile", contentType: DOCX, name: "Notes.docx", bytes: "PK docx bytes" });
  image = await storedFile(alpha.tenantId, { folder: "images", contentType: "image/png", name: "logo.png" });
  bravoPdf = await storedFile(bravo.tenantId, { name: "Bravo.pdf" });
});

const create = (token: string, body: Record<string, unknown>) => call(blogsRoute.POST, "POST", { token, body });

const valid = () => ({
  project_id: project.id,
  blog_title: "Spring Launch",
  blog_author: "Ada Writer",
  blog_email: "ada@writers.test",
  main_text: "https://example.com/spring",
  is_website: true,
});

async function jobsFor(blogId: string): Promise<unknown[]> {
  const handle = await database();
  const rows = await handle.query<{ data: unknown }>("select data from pgboss.job where name = $1", [EXTRACTION_JOB]);
  return rows.map((row) => (typeof row.data === "string" ? JSON.parse(row.data) : row.data)).filter((data) => (data as { blogId?: string }).blogId === blogId);
}

describe("POST /blogs/", () => {
  it("creates a blog with a website as main source, links and content blocks; sources start pending, blocks ready", async () => {
    const response = await create(member.access_token, {
      ...valid(),
      blog_title: "  Spring Launch  ",
      website_links: ["https://example.com/one", " https://example.org/two "],
      content_blocks: ["First block of text.", "  Second block.  "],
    });
    expect(response.status).toBe(201);
    const blog = await json<BlogCreated>(response);
    expect(blog.blog_id).toBe(blog.id);
    expect(blog).toMatchObject({
      project_id: project.id,
      project_name: "Writing",
      tenant_id: alpha.tenantId,
      blog_title: "Spring Launch",
      blog_author: "Ada Writer",
      blog_email: "ada@writers.test",
      main_text: "https://example.com/spring",
      is_website: true,
      website_links: ["https://example.com/one", "https://example.org/two"],
      content_blocks: [
        { content_type: "contentBlock", content_path: "First block of text." },
        { content_type: "contentBlock", content_path: "Second block." },
      ],
      uploaded_files: [],
      presentations: [],
    });
    expect(blog.sources.map((source) => [source.kind, source.position, source.extraction_status])).toEqual([
      ["main_document", 0, "pending"],
      ["website_link", 0, "pending"],
      ["website_link", 1, "pending"],
      ["content_block", 0, "ready"],
      ["content_block", 1, "ready"],
    ]);
    const db = await getDb();
    const [block] = await db
      .select({ text: blogSources.extractedText, at: blogSources.extractedAt })
      .from(blogSources)
      .where(and(eq(blogSources.blogId, blog.id), eq(blogSources.kind, "content_block"), eq(blogSources.position, 1)));
    expect(block?.text).toBe("Second block.");
    expect(block?.at).toBeInstanceOf(Date);
    expect(await jobsFor(blog.id)).toEqual([{ blogId: blog.id }]);
    const events = await db.select().from(activityEvents).where(and(eq(activityEvents.subjectId, blog.id), eq(activityEvents.action, "blog.created")));
    expect(events).toHaveLength(1);
  });

  it("creates a blog with an uploaded PDF as main document and extra files, with their names, sizes and types", async () => {
    const blog = await newBlog(member.access_token, project.id, { main_text: mainPdf.key, is_website: false, uploaded_files: [extraDocx.key, extraDocx.key] });
    expect(blog.main_text).toBe(mainPdf.key);
    expect(blog.is_website).toBe(false);
    expect(blog.uploaded_files).toEqual([extraDocx.key]);
    expect(blog.sources[0]).toMatchObject({
      kind: "main_document",
      url: null,
      file: { s3_path: mainPdf.key, filename: "Annual Report.pdf", content_type: "application/pdf", size: 22 },
      extraction_status: "pending",
    });
    expect(blog.sources[1]).toMatchObject({ kind: "file", file: { s3_path: extraDocx.key, filename: "Notes.docx", content_type: DOCX } });
  });

  it("an edit of the fields alone sends no new extraction job", async () => {
    const blog = await newBlog(member.access_token, project.id);
    const edited = await call(blogRoute.PUT, "PUT", { token: member.access_token, params: { id: blog.id }, body: { blog_title: "Retitled" } });
    expect(edited.status).toBe(200);
    expect(await jobsFor(blog.id)).toHaveLength(1);
  });

  const refusals: [string, Record<string, unknown>, (string | number)[], string][] = [
    ["no title", { blog_title: undefined }, ["body", "blog_title"], "Please fill in all required fields"],
    ["a blank title", { blog_title: "   " }, ["body", "blog_title"], "Please fill in all required fields"],
    ["a blank author", { blog_author: "" }, ["body", "blog_author"], "Please fill in all required fields"],
    ["no e-mail", { blog_email: "" }, ["body", "blog_email"], "Please fill in all required fields"],
    ["a bad e-mail", { blog_email: "not-an-address" }, ["body", "blog_email"], "Please enter a valid email address"],
    ["no main source", { main_text: "  " }, ["body", "main_text"], "Please fill in all required fields"],
    ["a main URL that is not one", { main_text: "example" }, ["body", "main_text"], "Please enter a valid URL"],
    ["a main URL of another scheme", { main_text: "ftp://example.com/file" }, ["body", "main_text"], "Please enter a valid URL"],
    ["a blank website link", { website_links: ["https://example.com/ok", "   "] }, ["body", "website_links", 1], "Please enter some content for the block"],
    ["a website link that is no URL", { website_links: ["javascript:alert(1)"] }, ["body", "website_links", 0], "Please enter a valid URL"],
    ["a blank content block", { content_blocks: ["fine", " \n "] }, ["body", "content_blocks", 1], "Please enter some content for the block"],
  ];

  it.each(refusals)("refuses %s (422, the spec's text) and writes nothing", async (_label, change, loc, msg) => {
    const before = await contentSnapshot(alpha.tenantId);
    const response = await create(member.access_token, { ...valid(), ...change });
    expect(response.status).toBe(422);
    const body = await json<{ detail: { loc: unknown[]; msg: string }[] }>(response);
    expect(body.detail).toContainEqual(expect.objectContaining({ loc, msg }));
    expect(await contentSnapshot(alpha.tenantId)).toEqual(before);
  });

  it.each([
    ["an unknown key", () => ({ main_text: `${alpha.tenantId}/maintext/00000000-0000-4000-8000-000000000000.pdf`, is_website: false }), ["body", "main_text"], "File not found"],
    ["another tenant's file", () => ({ main_text: bravoPdf.key, is_website: false }), ["body", "main_text"], "File not found"],
    ["another tenant's extra file", () => ({ uploaded_files: [extraDocx.key, bravoPdf.key] }), ["body", "uploaded_files", 1], "File not found"],
    ["an image as main document", () => ({ main_text: image.key, is_website: false }), ["body", "main_text"], "Only PDF and DOCX formats are supported"],
  ] as const)("refuses %s (422) and writes nothing", async (_label, change, loc, msg) => {
    const before = await contentSnapshot(alpha.tenantId);
    const bravoBefore = await contentSnapshot(bravo.tenantId);
    const response = await create(member.access_token, { ...valid(), ...change() });
    expect(response.status).toBe(422);
    expect((await json<{ detail: unknown[] }>(response)).detail).toEqual([expect.objectContaining({ loc, msg })]);
    expect(await contentSnapshot(alpha.tenantId)).toEqual(before);
    expect(await contentSnapshot(bravo.tenantId)).toEqual(bravoBefore);
  });

  it("another tenant's project is not found and gets nothing", async () => {
    const before = await contentSnapshot(bravo.tenantId);
    const response = await create(member.access_token, { ...valid(), project_id: bravoProject.id });
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({ detail: "Project not found" });
    expect(await contentSnapshot(bravo.tenantId)).toEqual(before);
  });

  it("needs blog.create", async () => {
    const limited = await signedInUser(alpha.admin.access_token, { email: "nocreate@blogalpha.test" });
    await revokePermission(alpha.admin.access_token, limited.user.id, "blog.create");
    const before = await contentSnapshot(alpha.tenantId);
    const response = await create(limited.access_token, valid());
    expect(response.status).toBe(403);
    expect(await json(response)).toEqual(FORBIDDEN);
    expect(await contentSnapshot(alpha.tenantId)).toEqual(before);
  });
});

describe("GET /blogs/{id}", () => {
  it("shows the blog to its tenant with the file details and presentations, newest first", async () => {
    const blog = await newBlog(alpha.admin.access_token, project.id, { main_text: mainPdf.key, is_website: false, content_blocks: ["Block"] });
    const db = await getDb();
    await db.insert(presentations).values([
      { tenantId: alpha.tenantId, blogId: blog.id, template: "manual", generationMethod: "manual", createdAt: new Date(Date.now() - 60_000) },
      { tenantId: alpha.tenantId, blogId: blog.id, template: "professional", generationMethod: "ai_template", status: "completed", versionNumber: 2 },
    ]);
    const response = await call(blogRoute.GET, "GET", { token: member.access_token, params: { id: blog.id } });
    expect(response.status).toBe(200);
    const detail = await json<BlogOut>(response);
    expect(detail).toMatchObject({ id: blog.id, main_text: mainPdf.key, content_blocks: [{ content_type: "contentBlock", content_path: "Block" }] });
    // The first is the newest version: the one the blog page's Edit Presentation opens (spec section 2).
    expect(detail.presentations.map((presentation) => [presentation.template, presentation.status, presentation.version_number])).toEqual([
      ["professional", "completed", 2],
      ["manual", "pending", 1],
    ]);
    expect(Date.parse(detail.presentations[0]!.created_at)).toBeGreaterThan(Date.parse(detail.presentations[1]!.created_at));
    // The same order as the blog's presentation list of the API.
    const listed = await json<{ id: string }[]>(await call(blogPresentationsRoute.GET, "GET", { token: member.access_token, params: { blogId: blog.id } }));
    expect(listed.map((entry) => entry.id)).toEqual(detail.presentations.map((entry) => entry.id));
  });

  it("lists no presentations to a reader without presentation view", async () => {
    const blog = await newBlog(alpha.admin.access_token, project.id);
    await (await getDb()).insert(presentations).values({ tenantId: alpha.tenantId, blogId: blog.id, template: "manual", generationMethod: "manual" });
    const reader = await signedInUser(alpha.admin.access_token, { email: "nopresentations@blogalpha.test" });
    expect((await json<BlogOut>(await call(blogRoute.GET, "GET", { token: reader.access_token, params: { id: blog.id } }))).presentations).toHaveLength(1);
    await revokePermission(alpha.admin.access_token, reader.user.id, "presentation.view");
    const response = await call(blogRoute.GET, "GET", { token: reader.access_token, params: { id: blog.id } });
    expect(response.status).toBe(200);
    expect((await json<BlogOut>(response)).presentations).toEqual([]);
  });

  it("another tenant's blog is not found; a super admin reaches it", async () => {
    const theirs = await newBlog(bravo.admin.access_token, bravoProject.id);
    const response = await call(blogRoute.GET, "GET", { token: alpha.admin.access_token, params: { id: theirs.id } });
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({ detail: "Blog not found" });
    expect((await call(blogRoute.GET, "GET", { token: platform.access_token, params: { id: theirs.id } })).status).toBe(200);
  });

  it("needs blog.view", async () => {
    const blog = await newBlog(alpha.admin.access_token, project.id);
    const limited = await signedInUser(alpha.admin.access_token, { email: "noview@blogalpha.test" });
    await revokePermission(alpha.admin.access_token, limited.user.id, "blog.view");
    expect((await call(blogRoute.GET, "GET", { token: limited.access_token, params: { id: blog.id } })).status).toBe(403);
    expect((await call(projectBlogsRoute.GET, "GET", { token: limited.access_token, params: { projectId: project.id } })).status).toBe(403);
  });
});

describe("PUT /blogs/{id}", () => {
  const put = (token: string, id: string, body: Record<string, unknown>) => call(blogRoute.PUT, "PUT", { token, params: { id }, body });

  it("changes the fields given and leaves the rest", async () => {
    const blog = await newBlog(member.access_token, project.id, { website_links: ["https://example.com/a"] });
    const response = await put(member.access_token, blog.id, { blog_title: "Renamed", blog_email: "new@writers.test" });
    expect(response.status).toBe(200);
    const updated = await json<BlogOut>(response);
    expect(updated).toMatchObject({ blog_title: "Renamed", blog_author: "Ada Writer", blog_email: "new@writers.test", website_links: ["https://example.com/a"] });
    expect(updated.sources.map((source) => source.id)).toEqual(blog.sources.map((source) => source.id));
  });

  it("rewrites a list: a link kept keeps its extracted text, a new one is pending and sent for extraction", async () => {
    const blog = await newBlog(member.access_token, project.id, { website_links: ["https://example.com/kept", "https://example.com/dropped"] });
    const db = await getDb();
    await db
      .update(blogSources)
      .set({ extractionStatus: "ready", extractedText: "Kept text", extractedAt: new Date() })
      .where(and(eq(blogSources.blogId, blog.id), eq(blogSources.kind, "website_link")));
    const response = await put(member.access_token, blog.id, { website_links: ["https://example.com/new", "https://example.com/kept"] });
    expect(response.status).toBe(200);
    const updated = await json<BlogOut>(response);
    expect(updated.website_links).toEqual(["https://example.com/new", "https://example.com/kept"]);
    const links = updated.sources.filter((source) => source.kind === "website_link");
    expect(links.map((source) => [source.url, source.extraction_status])).toEqual([
      ["https://example.com/new", "pending"],
      ["https://example.com/kept", "ready"],
    ]);
    const [kept] = await db
      .select({ text: blogSources.extractedText })
      .from(blogSources)
      .where(and(eq(blogSources.blogId, blog.id), eq(blogSources.url, "https://example.com/kept")));
    expect(kept?.text).toBe("Kept text");
    expect((await jobsFor(blog.id)).length).toBe(2);
  });

  it("switches the main source from a page to a file, and removes a file no blog uses any more", async () => {
    const own = await storedFile(alpha.tenantId, { folder: "sourcefile", name: "Only here.pdf" });
    const blog = await newBlog(member.access_token, project.id, { uploaded_files: [own.key] });
    const response = await put(member.access_token, blog.id, { main_text: mainPdf.key, is_website: false, uploaded_files: [] });
    expect(response.status).toBe(200);
    const updated = await json<BlogOut>(response);
    expect(updated).toMatchObject({ main_text: mainPdf.key, is_website: false, uploaded_files: [] });
    const db = await getDb();
    expect(await db.select().from(files).where(eq(files.id, own.id))).toEqual([]);
    expect(await storage().head(own.key)).toBeNull();
    expect(await storage().head(mainPdf.key)).not.toBeNull();
  });

  it("refuses bad input (422) and another tenant's blog (404), writing nothing", async () => {
    const blog = await newBlog(member.access_token, project.id);
    const theirs = await newBlog(bravo.admin.access_token, bravoProject.id);
    const before = await contentSnapshot(alpha.tenantId);
    const bravoBefore = await contentSnapshot(bravo.tenantId);
    for (const body of [
      { blog_title: "  " },
      { content_blocks: [""] },
      { website_links: ["not a url"] },
      { main_text: "https://example.com" },
      { main_text: bravoPdf.key, is_website: false },
    ]) {
      const response = await put(member.access_token, blog.id, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
    const foreign = await put(alpha.admin.access_token, theirs.id, { blog_title: "Hijacked", uploaded_files: [] });
    expect(foreign.status).toBe(404);
    expect(await contentSnapshot(alpha.tenantId)).toEqual(before);
    expect(await contentSnapshot(bravo.tenantId)).toEqual(bravoBefore);
  });

  it("needs blog.create", async () => {
    const blog = await newBlog(member.access_token, project.id);
    const limited = await signedInUser(alpha.admin.access_token, { email: "noedit@blogalpha.test" });
    await revokePermission(alpha.admin.access_token, limited.user.id, "blog.create");
    expect((await put(limited.access_token, blog.id, { blog_title: "Nope" })).status).toBe(403);
  });
});

describe("DELETE /blogs/{id} and DELETE /projects/{id}", () => {
  it("a Tenant User lacks blog.delete", async () => {
    const blog = await newBlog(member.access_token, project.id);
    const before = await contentSnapshot(alpha.tenantId);
    const response = await call(blogRoute.DELETE, "DELETE", { token: member.access_token, params: { id: blog.id } });
    expect(response.status).toBe(403);
    expect(await contentSnapshot(alpha.tenantId)).toEqual(before);
  });

  it("deletes the blog, its sources and the files only it used (rows and objects); a shared file stays", async () => {
    const own = await storedFile(alpha.tenantId, { name: "Own.pdf" });
    const shared = await storedFile(alpha.tenantId, { folder: "sourcefile", name: "Shared.pdf" });
    const blog = await newBlog(alpha.admin.access_token, project.id, { main_text: own.key, is_website: false, uploaded_files: [shared.key] });
    const other = await newBlog(alpha.admin.access_token, project.id, { uploaded_files: [shared.key] });
    const response = await call(blogRoute.DELETE, "DELETE", { token: alpha.admin.access_token, params: { id: blog.id } });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ removed_files: [own.key] });
    const db = await getDb();
    expect(await db.select().from(blogSources).where(eq(blogSources.blogId, blog.id))).toEqual([]);
    expect(await db.select().from(files).where(eq(files.id, own.id))).toEqual([]);
    expect(await storage().head(own.key)).toBeNull();
    expect(await db.select({ id: files.id }).from(files).where(eq(files.id, shared.id))).toHaveLength(1);
    expect(await storage().head(shared.key)).not.toBeNull();
    const events = await db.select().from(activityEvents).where(and(eq(activityEvents.subjectId, blog.id), eq(activityEvents.action, "blog.deleted")));
    expect(events).toHaveLength(1);
    expect((await call(blogRoute.GET, "GET", { token: alpha.admin.access_token, params: { id: blog.id } })).status).toBe(404);
    expect((await call(blogRoute.GET, "GET", { token: alpha.admin.access_token, params: { id: other.id } })).status).toBe(200);
  });

  it("deleting a project removes its blogs' files, not another project's", async () => {
    const doomed = await newProject(alpha.admin.access_token, "Doomed");
    const own = await storedFile(alpha.tenantId, { name: "Doomed.pdf" });
    await newBlog(alpha.admin.access_token, doomed.id, { main_text: own.key, is_website: false, uploaded_files: [extraDocx.key] });
    await newBlog(alpha.admin.access_token, project.id, { uploaded_files: [extraDocx.key] });
    const response = await call(projectRoute.DELETE, "DELETE", { token: alpha.admin.access_token, params: { id: doomed.id } });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ removed_files: [own.key] });
    expect(await storage().head(own.key)).toBeNull();
    expect(await storage().head(extraDocx.key)).not.toBeNull();
  });

  it("another tenant's blog is not found and stays", async () => {
    const theirs = await newBlog(bravo.admin.access_token, bravoProject.id);
    const before = await contentSnapshot(bravo.tenantId);
    const response = await call(blogRoute.DELETE, "DELETE", { token: alpha.admin.access_token, params: { id: theirs.id } });
    expect(response.status).toBe(404);
    expect(await contentSnapshot(bravo.tenantId)).toEqual(before);
  });
});

describe("GET /blogs/project/{projectId} and GET /blogs/", () => {
  let listing: Organisation;
  let shelf: ProjectOut;
  let emptyShelf: ProjectOut;
  const authors = [
    ["Gardening Basics", "Tom Green", "tom@garden.test"],
    ["Winter Soups", "Ann Cook", "ann@kitchen.test"],
    ["Green Smoothies", "Bo Chef", "bo@kitchen.test"],
    ["Tax Tips", "Cy Counter", "cy@numbers.test"],
    ["Spring 50% Sale", "Dee Seller", "dee@shop.test"],
  ];

  beforeAll(async () => {
    listing = await organisation("BlogList");
    shelf = await newProject(listing.admin.access_token, "Shelf");
    emptyShelf = await newProject(listing.admin.access_token, "Empty Shelf");
    for (const [title, author, email] of authors) {
      await newBlog(listing.admin.access_token, shelf.id, {
        blog_title: title,
        blog_author: author,
        blog_email: email,
        website_links: ["https://example.com/a", "https://example.com/b"],
        content_blocks: ["x"],
      });
    }
  });

  const list = (options: CallOptions) => listOf<BlogListItem>(projectBlogsRoute.GET, { token: listing.admin.access_token, params: { projectId: shelf.id }, ...options });

  it("lists the project's blogs newest first with source counts and X-Total-Count", async () => {
    const { items, total } = await list({});
    expect(total).toBe(authors.length);
    expect(items.map((blog) => blog.blog_title)).toEqual(authors.map(([title]) => title).reverse());
    expect(items[0]).toMatchObject({
      project_id: shelf.id,
      main_text: "https://example.com/article",
      is_website: true,
      website_link_count: 2,
      content_block_count: 1,
      uploaded_file_count: 0,
    });
  });

  it("pages with limit and offset, the total on every page and past the end", async () => {
    const whole = await list({});
    const ids: string[] = [];
    for (let offset = 0; offset < authors.length; offset += 2) {
      const page = await list({ query: { limit: "2", offset: String(offset) } });
      expect(page.total).toBe(authors.length);
      ids.push(...page.items.map((blog) => blog.id));
    }
    expect(ids).toEqual(whole.items.map((blog) => blog.id));
    expect(await list({ query: { offset: "10" } })).toEqual({ items: [], total: authors.length });
  });

  it("searches title, author and e-mail case-insensitively; wildcards literal", async () => {
    const titles = async (search: string) => (await list({ query: { search } })).items.map((blog) => blog.blog_title).sort();
    expect(await titles("GREEN")).toEqual(["Gardening Basics", "Green Smoothies"]);
    expect(await titles("kitchen.TEST")).toEqual(["Green Smoothies", "Winter Soups"]);
    expect(await titles("cy count")).toEqual(["Tax Tips"]);
    expect(await titles("50%")).toEqual(["Spring 50% Sale"]);
    expect(await titles("_")).toEqual([]);
    expect((await list({ query: { search: "green", limit: "1" } })).total).toBe(2);
  });

  it("an empty project lists nothing; an unknown or another tenant's project is 404", async () => {
    expect(await listOf(projectBlogsRoute.GET, { token: listing.admin.access_token, params: { projectId: emptyShelf.id } })).toEqual({ items: [], total: 0 });
    for (const projectId of ["00000000-0000-4000-8000-000000000000", shelf.id]) {
      const response = await call(projectBlogsRoute.GET, "GET", { token: alpha.admin.access_token, params: { projectId } });
      expect(response.status).toBe(404);
      expect(await json(response)).toEqual({ detail: "Project not found" });
    }
    // With a search that matches nothing, another tenant's project is still a 404, not an empty list.
    const searched = await call(projectBlogsRoute.GET, "GET", { token: alpha.admin.access_token, params: { projectId: shelf.id }, query: { search: "green" } });
    expect(searched.status).toBe(404);
  });

  it("GET /blogs/ lists the tenant's blogs, of one project when asked, never another tenant's", async () => {
    const token = listing.admin.access_token;
    const all = await listOf<BlogListItem>(blogsRoute.GET, { token });
    expect(all.total).toBe(authors.length);
    expect(new Set(all.items.map((blog) => blog.tenant_id))).toEqual(new Set([listing.tenantId]));
    expect((await listOf<BlogListItem>(blogsRoute.GET, { token, query: { project_id: emptyShelf.id } })).total).toBe(0);
    const foreign = await listOf<BlogListItem>(blogsRoute.GET, { token: alpha.admin.access_token, query: { project_id: shelf.id } });
    expect(foreign).toEqual({ items: [], total: 0 });
    const everything = await listOf<BlogListItem>(blogsRoute.GET, { token: platform.access_token, query: { limit: "500" } });
    expect(new Set(everything.items.map((blog) => blog.tenant_id))).toContain(listing.tenantId);
    expect(new Set(everything.items.map((blog) => blog.tenant_id))).toContain(alpha.tenantId);
  });
});
