// The forms' server actions (lib/http/action.ts, app/(app)/projects/actions.ts) called with FormData on the real
// database, as Next.js calls them for a form post: the actor from the real session cookie, the cross-site rule,
// the permission, the zod schema, the service function, and the API's error shape; nothing written on refusal.
// Only Next's request scope is stood in for: outside a Next.js server, next/headers has no request to read, so
// these tests hand it the headers of the post (the browser's cookie and Fetch Metadata).
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const post = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({
  headers: async () => post.headers,
  cookies: async () => ({
    get(name: string) {
      const pair = (post.headers.get("cookie") ?? "")
        .split(";")
        .map((part) => part.trim().split("="))
        .find(([key]) => key === name);
      return pair ? { name, value: pair.slice(1).join("=") } : undefined;
    },
  }),
}));

import { createBlogAction, createProjectAction, updateProjectAction } from "@/app/(app)/projects/actions";
import * as blogRoute from "@/app/api/v1/blogs/[id]/route";
import { database, getDb } from "@/db/client";
import { projects } from "@/db/schema";
import { CROSS_SITE_DETAIL } from "@/lib/http/csrf";
import { EXTRACTION_JOB, type BlogCreated } from "@/lib/services/blogs";
import type { ProjectOut } from "@/lib/services/projects";
import { call, json } from "../support/api";
import type { Organisation, SignedIn } from "../support/accounts";
import { FORBIDDEN, NOT_AUTHENTICATED, organisation, signedInUser } from "../support/admin";
import { DOCX, contentSnapshot, newProject, revokePermission, storedFile } from "../support/projects-blogs";

let alpha: Organisation;
let bravo: Organisation;
let member: SignedIn;

beforeAll(async () => {
  [alpha, bravo] = [await organisation("ActAlpha"), await organisation("ActBravo")];
  member = await signedInUser(alpha.admin.access_token, { email: "member@actalpha.test" });
});

/** The post comes from the app's own page, as a browser sends it, with this session's cookie. */
function postedBy(session: SignedIn | null, extra: Record<string, string> = {}) {
  post.headers = new Headers({ "sec-fetch-site": "same-origin", origin: "http://app.test", ...extra });
  if (session) post.headers.set("cookie", session.cookie);
  for (const [name, value] of Object.entries(extra)) if (value === "") post.headers.delete(name);
}

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  // What React adds to every server-action post; the wrapper must not take it for a field.
  data.append("$ACTION_ID_0123456789abcdef", "");
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) data.append(name, item);
  return data;
}

beforeEach(() => postedBy(member));

describe("createProjectAction", () => {
  it("creates the project through the service, as POST /projects/ does", async () => {
    const state = await createProjectAction(null, form({ name: "  Action Project ", description: "Made by a form" }));
    expect(state).toMatchObject({ ok: true, result: { name: "Action Project", description: "Made by a form", tenant_id: alpha.tenantId } });
    const id = (state as { result: ProjectOut }).result.id;
    const db = await getDb();
    expect(await db.select({ name: projects.name }).from(projects).where(eq(projects.id, id))).toEqual([{ name: "Action Project" }]);
  });

  it("answers the API's 422 shape with the spec's text and the fields sent, writing nothing", async () => {
    const before = await contentSnapshot(alpha.tenantId);
    const state = await createProjectAction(null, form({ name: "   ", description: "kept for the form" }));
    expect(state).toEqual({
      ok: false,
      status: 422,
      detail: [{ loc: ["body", "name"], msg: "Project name is required", type: expect.any(String) }],
      fields: { name: "   ", description: "kept for the form" },
    });
    expect(await contentSnapshot(alpha.tenantId)).toEqual(before);
  });

  it("without a session: 401", async () => {
    postedBy(null);
    expect(await createProjectAction(null, form({ name: "Anonymous" }))).toMatchObject({ ok: false, status: 401, detail: NOT_AUTHENTICATED.detail });
  });

  it.each([
    ["another site (Sec-Fetch-Site cross-site)", { "sec-fetch-site": "cross-site", origin: "http://evil.test" }],
    ["a sibling site (Sec-Fetch-Site same-site)", { "sec-fetch-site": "same-site", origin: "http://other.app.test" }],
    ["a foreign Origin without Fetch Metadata", { "sec-fetch-site": "", origin: "http://evil.test" }],
    ["a cookie without any sign of where the post came from", { "sec-fetch-site": "", origin: "" }],
  ])("refuses a post from %s (403) and writes nothing", async (_label, headers) => {
    postedBy(member, headers);
    const before = await contentSnapshot(alpha.tenantId);
    expect(await createProjectAction(null, form({ name: "Forged" }))).toMatchObject({ ok: false, status: 403, detail: CROSS_SITE_DETAIL });
    expect(await contentSnapshot(alpha.tenantId)).toEqual(before);
  });

  it("takes the app's own Origin when a browser sends no Fetch Metadata", async () => {
    postedBy(member, { "sec-fetch-site": "" });
    expect(await createProjectAction(null, form({ name: "Older Browser" }))).toMatchObject({ ok: true });
  });

  it("needs project.create", async () => {
    const limited = await signedInUser(alpha.admin.access_token, { email: "nocreate@actalpha.test" });
    await revokePermission(alpha.admin.access_token, limited.user.id, "project.create");
    postedBy(limited);
    const before = await contentSnapshot(alpha.tenantId);
    expect(await createProjectAction(null, form({ name: "Refused" }))).toMatchObject({ ok: false, status: 403, detail: FORBIDDEN.detail });
    expect(await contentSnapshot(alpha.tenantId)).toEqual(before);
  });
});

describe("updateProjectAction", () => {
  it("edits the project named by the form's id", async () => {
    const project = await newProject(member.access_token, "Before");
    const state = await updateProjectAction(null, form({ id: project.id, name: "After", description: "" }));
    expect(state).toMatchObject({ ok: true, result: { id: project.id, name: "After", description: null } });
  });

  it("another tenant's project is not found and stays", async () => {
    const theirs = await newProject(bravo.admin.access_token, "Bravo's");
    const before = await contentSnapshot(bravo.tenantId);
    const state = await updateProjectAction(null, form({ id: theirs.id, name: "Hijacked" }));
    expect(state).toMatchObject({ ok: false, status: 404, detail: "Project not found" });
    expect(await contentSnapshot(bravo.tenantId)).toEqual(before);
  });

  it("a bad id is a 422", async () => {
    expect(await updateProjectAction(null, form({ id: "nope", name: "x" }))).toMatchObject({ ok: false, status: 422 });
  });
});

describe("createBlogAction ('Create New Blog')", () => {
  let project: ProjectOut;

  beforeAll(async () => {
    project = await newProject(member.access_token, "Blog Forms");
  });

  const fields = (extra: Record<string, string | string[]> = {}) => ({
    project_id: project.id,
    blog_title: "From the form",
    blog_author: "Form Author",
    blog_email: "author@forms.test",
    ...extra,
  });

  it("creates a blog with a website main source, the links and blocks added, and a link still in its input", async () => {
    const state = await createBlogAction(
      null,
      form(
        fields({
          is_website: "on",
          main_url: "https://example.com/main",
          main_file: "",
          website_links: ["https://example.com/one", "https://example.com/two"],
          website_link_draft: "https://example.com/typed",
          content_blocks: ["A block"],
          content_block_draft: "   ",
        }),
      ),
    );
    expect(state, JSON.stringify(state)).toMatchObject({
      ok: true,
      result: {
        main_text: "https://example.com/main",
        is_website: true,
        website_links: ["https://example.com/one", "https://example.com/two", "https://example.com/typed"],
        content_blocks: [{ content_type: "contentBlock", content_path: "A block" }],
      },
    });
    const blog = (state as { result: BlogCreated }).result;
    expect(blog.blog_id).toBe(blog.id);
    // The same blog the REST API shows, and its extraction job.
    const shown = await call(blogRoute.GET, "GET", { token: member.access_token, params: { id: blog.id } });
    expect(await json(shown)).toMatchObject({ id: blog.id, blog_title: "From the form" });
    const handle = await database();
    const jobs = await handle.query<{ data: unknown }>("select data from pgboss.job where name = $1", [EXTRACTION_JOB]);
    expect(jobs.map((row) => (typeof row.data === "string" ? JSON.parse(row.data) : row.data))).toContainEqual({ blogId: blog.id });
  });

  it("creates a blog with an uploaded main document and extra files (the keys the upload call answered)", async () => {
    const main = await storedFile(alpha.tenantId, { name: "Main.pdf" });
    const extra = await storedFile(alpha.tenantId, { folder: "sourcefile", contentType: DOCX, name: "Extra.docx" });
    const state = await createBlogAction(null, form(fields({ main_url: "", main_file: main.key, uploaded_files: [extra.key] })));
    expect(state).toMatchObject({ ok: true, result: { main_text: main.key, is_website: false, uploaded_files: [extra.key] } });
  });

  it.each([
    ["a blank title", { blog_title: " ", is_website: "on", main_url: "https://example.com" }, "blog_title", "Please fill in all required fields"],
    ["no main source", { main_file: "" }, "main_text", "Please fill in all required fields"],
    ["a main URL that is not one", { is_website: "on", main_url: "not a url" }, "main_text", "Please enter a valid URL"],
    ["a link that is not a URL", { is_website: "on", main_url: "https://example.com", website_links: "nope" }, "website_links", "Please enter a valid URL"],
    ["a blank content block", { is_website: "on", main_url: "https://example.com", content_blocks: "  " }, "content_blocks", "Please enter some content for the block"],
    ["another tenant's file", { main_file: "KEY" }, "main_text", "File not found"],
  ])("refuses %s with the spec's text and writes nothing", async (_label, extra, field, msg) => {
    const bravoFile = await storedFile(bravo.tenantId);
    const values = Object.fromEntries(Object.entries(extra).map(([key, value]) => [key, value === "KEY" ? bravoFile.key : value]));
    const before = await contentSnapshot(alpha.tenantId);
    const state = await createBlogAction(null, form(fields(values)));
    expect(state).toMatchObject({ ok: false, status: 422 });
    const detail = (state as { detail: { loc: (string | number)[]; msg: string }[] }).detail;
    expect(detail.find((issue) => issue.loc[1] === field)?.msg, JSON.stringify(detail)).toBe(msg);
    expect(await contentSnapshot(alpha.tenantId)).toEqual(before);
  });

  it("another tenant's project: 404, nothing written there", async () => {
    const theirs = await newProject(bravo.admin.access_token, "Bravo Blogs");
    const before = await contentSnapshot(bravo.tenantId);
    const state = await createBlogAction(null, form(fields({ project_id: theirs.id, is_website: "on", main_url: "https://example.com" })));
    expect(state).toMatchObject({ ok: false, status: 404, detail: "Project not found" });
    expect(await contentSnapshot(bravo.tenantId)).toEqual(before);
  });

  it("needs blog.create", async () => {
    const limited = await signedInUser(alpha.admin.access_token, { email: "noblog@actalpha.test" });
    await revokePermission(alpha.admin.access_token, limited.user.id, "blog.create");
    postedBy(limited);
    const state = await createBlogAction(null, form(fields({ is_website: "on", main_url: "https://example.com" })));
    expect(state).toMatchObject({ ok: false, status: 403 });
  });
});
