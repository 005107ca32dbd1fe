// Projects through the real route handlers (spec sections 5, 6 and 7): create, read, edit, delete with their
// permissions, validation with the spec's texts, tenant scoping (another tenant's project is 404 and stays as it
// was), and the list's paging, search, order and X-Total-Count.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as projectRoute from "@/app/api/v1/projects/[id]/route";
import * as projectsRoute from "@/app/api/v1/projects/route";
import { database, getDb } from "@/db/client";
import { activityEvents, blogs, projects } from "@/db/schema";
import type { ProjectOut } from "@/lib/services/projects";
import { call, json } from "../support/api";
import type { Organisation, SignedIn } from "../support/accounts";
import { FORBIDDEN, NOT_AUTHENTICATED, listOf, organisation, signedInUser, superAdmin } from "../support/admin";
import { contentSnapshot, newBlog, newProject, revokePermission } from "../support/projects-blogs";

let alpha: Organisation;
let bravo: Organisation;
let member: SignedIn;
let platform: SignedIn;

beforeAll(async () => {
  platform = await superAdmin();
  [alpha, bravo] = [await organisation("ProjAlpha"), await organisation("ProjBravo")];
  member = await signedInUser(alpha.admin.access_token, { email: "member@projalpha.test" });
});

const notFound = { detail: "Project not found" };

describe("POST /projects/", () => {
  it("creates a project in the actor's tenant, trimmed, and records the activity", async () => {
    const project = await newProject(alpha.admin.access_token, "  Launch Plan  ", "  Our spring launch.  ");
    expect(project).toMatchObject({ name: "Launch Plan", description: "Our spring launch.", tenant_id: alpha.tenantId, blog_count: 0 });
    expect(Date.parse(project.created_at)).not.toBeNaN();
    const db = await getDb();
    const events = await db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.subjectId, project.id), eq(activityEvents.action, "project.created")));
    expect(events).toHaveLength(1);
    expect(events[0]?.summary).toContain("Launch Plan");
  });

  it("stores a blank or missing description as none", async () => {
    expect((await newProject(member.access_token, "No Description")).description).toBeNull();
    expect((await newProject(member.access_token, "Blank Description", "   ")).description).toBeNull();
  });

  it.each([
    ["an empty name", { name: "" }],
    ["a blank name", { name: "   ", description: "text" }],
    ["no name", { description: "text" }],
  ])("refuses %s with 'Project name is required' and writes nothing", async (_label, body) => {
    const before = await contentSnapshot(alpha.tenantId);
    const response = await call(projectsRoute.POST, "POST", { token: alpha.admin.access_token, body });
    expect(response.status).toBe(422);
    expect(await json(response)).toEqual({ detail: [{ loc: ["body", "name"], msg: "Project name is required", type: expect.any(String) }] });
    expect(await contentSnapshot(alpha.tenantId)).toEqual(before);
  });

  it("needs project.create (403) and a signed-in caller (401)", async () => {
    const limited = await signedInUser(alpha.admin.access_token, { email: "nocreate@projalpha.test" });
    await revokePermission(alpha.admin.access_token, limited.user.id, "project.create");
    const before = await contentSnapshot(alpha.tenantId);
    const refused = await call(projectsRoute.POST, "POST", { token: limited.access_token, body: { name: "Sneaky" } });
    expect(refused.status).toBe(403);
    expect(await json(refused)).toEqual(FORBIDDEN);
    const anonymous = await call(projectsRoute.POST, "POST", { body: { name: "Sneaky" } });
    expect(anonymous.status).toBe(401);
    expect(await json(anonymous)).toEqual(NOT_AUTHENTICATED);
    expect(await contentSnapshot(alpha.tenantId)).toEqual(before);
  });

  it("a tenant admin cannot create into another tenant (404); a super admin can", async () => {
    const before = await contentSnapshot(bravo.tenantId);
    const refused = await call(projectsRoute.POST, "POST", { token: alpha.admin.access_token, body: { name: "Intruder", tenant_id: bravo.tenantId } });
    expect(refused.status).toBe(404);
    expect(await contentSnapshot(bravo.tenantId)).toEqual(before);
    const made = await call(projectsRoute.POST, "POST", { token: platform.access_token, body: { name: "Seeded by ops", tenant_id: bravo.tenantId } });
    expect(made.status).toBe(201);
    expect((await json<ProjectOut>(made)).tenant_id).toBe(bravo.tenantId);
  });
});

describe("GET, PUT and DELETE /projects/{id}", () => {
  it("reads a project with its blog count", async () => {
    const project = await newProject(alpha.admin.access_token, "Counted");
    await newBlog(alpha.admin.access_token, project.id);
    await newBlog(alpha.admin.access_token, project.id, { blog_title: "Second" });
    const response = await call(projectRoute.GET, "GET", { token: member.access_token, params: { id: project.id } });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ id: project.id, name: "Counted", blog_count: 2 });
  });

  it("another tenant's project is not found, whatever the method, and stays as it was", async () => {
    const theirs = await newProject(bravo.admin.access_token, "Bravo Secret", "Do not touch");
    await newBlog(bravo.admin.access_token, theirs.id);
    const before = await contentSnapshot(bravo.tenantId);
    const token = alpha.admin.access_token;
    for (const [handler, method, body] of [
      [projectRoute.GET, "GET", undefined],
      [projectRoute.PUT, "PUT", { name: "Hijacked", description: "mine now" }],
      [projectRoute.DELETE, "DELETE", undefined],
    ] as const) {
      const response = await call(handler, method, { token, params: { id: theirs.id }, body });
      expect(response.status, method).toBe(404);
      expect(await json(response)).toEqual(notFound);
    }
    expect(await contentSnapshot(bravo.tenantId)).toEqual(before);
    // A super admin reaches it.
    expect((await call(projectRoute.GET, "GET", { token: platform.access_token, params: { id: theirs.id } })).status).toBe(200);
  });

  it("an id that is not a UUID is a 422, an unknown one a 404", async () => {
    const bad = await call(projectRoute.GET, "GET", { token: member.access_token, params: { id: "not-a-uuid" } });
    expect(bad.status).toBe(422);
    const unknown = await call(projectRoute.GET, "GET", { token: member.access_token, params: { id: "00000000-0000-4000-8000-000000000000" } });
    expect(unknown.status).toBe(404);
  });

  it("edits name and description (trimmed); a missing description stays, a blank one is cleared", async () => {
    const project = await newProject(member.access_token, "Draft", "First words");
    const renamed = await call(projectRoute.PUT, "PUT", { token: member.access_token, params: { id: project.id }, body: { name: "  Final  " } });
    expect(renamed.status).toBe(200);
    expect(await json(renamed)).toMatchObject({ name: "Final", description: "First words" });
    const cleared = await call(projectRoute.PUT, "PUT", {
      token: member.access_token,
      params: { id: project.id },
      body: { name: "Final", description: "  " },
    });
    expect(await json(cleared)).toMatchObject({ name: "Final", description: null });
  });

  it("refuses a blank name on edit and writes nothing", async () => {
    const project = await newProject(member.access_token, "Stays");
    const before = await contentSnapshot(alpha.tenantId);
    const response = await call(projectRoute.PUT, "PUT", { token: member.access_token, params: { id: project.id }, body: { name: " ", description: "x" } });
    expect(response.status).toBe(422);
    expect(await json(response)).toMatchObject({ detail: [{ loc: ["body", "name"], msg: "Project name is required" }] });
    expect(await contentSnapshot(alpha.tenantId)).toEqual(before);
  });

  it("edit needs project.update", async () => {
    const project = await newProject(alpha.admin.access_token, "Guarded");
    const limited = await signedInUser(alpha.admin.access_token, { email: "noupdate@projalpha.test" });
    await revokePermission(alpha.admin.access_token, limited.user.id, "project.update");
    const response = await call(projectRoute.PUT, "PUT", { token: limited.access_token, params: { id: project.id }, body: { name: "Changed" } });
    expect(response.status).toBe(403);
    const db = await getDb();
    const [row] = await db.select({ name: projects.name }).from(projects).where(eq(projects.id, project.id));
    expect(row?.name).toBe("Guarded");
  });

  it("delete needs project.delete, which a Tenant User lacks", async () => {
    const project = await newProject(member.access_token, "Kept");
    const before = await contentSnapshot(alpha.tenantId);
    const response = await call(projectRoute.DELETE, "DELETE", { token: member.access_token, params: { id: project.id } });
    expect(response.status).toBe(403);
    expect(await contentSnapshot(alpha.tenantId)).toEqual(before);
  });

  it("deletes a project with its blogs and records the activity", async () => {
    const project = await newProject(alpha.admin.access_token, "Short-lived");
    const blog = await newBlog(alpha.admin.access_token, project.id);
    const response = await call(projectRoute.DELETE, "DELETE", { token: alpha.admin.access_token, params: { id: project.id } });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ removed_files: [] });
    const db = await getDb();
    expect(await db.select().from(projects).where(eq(projects.id, project.id))).toEqual([]);
    expect(await db.select().from(blogs).where(eq(blogs.id, blog.id))).toEqual([]);
    const events = await db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.subjectId, project.id), eq(activityEvents.action, "project.deleted")));
    expect(events).toHaveLength(1);
    expect((await call(projectRoute.GET, "GET", { token: alpha.admin.access_token, params: { id: project.id } })).status).toBe(404);
  });
});

describe("GET /projects/", () => {
  let listing: Organisation;
  const names = ["Apple Pie", "Banana Bread", "Cherry Tart", "apple crumble", "Plum 100% Jam", "Date_Loaf"];

  beforeAll(async () => {
    listing = await organisation("ProjList");
    for (const name of names) await newProject(listing.admin.access_token, name, name === "Cherry Tart" ? "Contains APPLE slices" : undefined);
  });

  it("lists the tenant's projects newest first with X-Total-Count", async () => {
    const { items, total } = await listOf<ProjectOut>(projectsRoute.GET, { token: listing.admin.access_token });
    expect(total).toBe(names.length);
    expect(items.map((project) => project.name)).toEqual([...names].reverse());
    expect(new Set(items.map((project) => project.tenant_id))).toEqual(new Set([listing.tenantId]));
  });

  it("sends each item as the project's detail sends it, byte for byte what JSON.stringify writes", async () => {
    const token = listing.admin.access_token;
    const project = await newProject(token, 'Quotes "and" \\ slashes and </script> 🍎', "Line one\nline two");
    await newBlog(token, project.id);
    const response = await call(projectsRoute.GET, "GET", { token, query: { limit: "2" } });
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const text = await response.text();
    const items = JSON.parse(text) as ProjectOut[];
    expect(text).toBe(JSON.stringify(items));
    const detail = await json(await call(projectRoute.GET, "GET", { token, params: { id: project.id } }));
    expect(items[0]).toEqual(detail);
    expect(items[0]).toMatchObject({ blog_count: 1, description: "Line one\nline two" });
    expect(Object.keys(items[0]!)).toEqual(Object.keys(detail as object));
    await call(projectRoute.DELETE, "DELETE", { token, params: { id: project.id } });
  });

  it("pages with limit and offset in the same order, the total on every page, also past the end", async () => {
    const token = listing.admin.access_token;
    const whole = await listOf<ProjectOut>(projectsRoute.GET, { token });
    const paged: string[] = [];
    for (let offset = 0; offset < names.length; offset += 4) {
      const page = await listOf<ProjectOut>(projectsRoute.GET, { token, query: { limit: "4", offset: String(offset) } });
      expect(page.total).toBe(names.length);
      expect(page.items.length).toBeLessThanOrEqual(4);
      paged.push(...page.items.map((project) => project.id));
    }
    expect(paged).toEqual(whole.items.map((project) => project.id));
    const past = await listOf<ProjectOut>(projectsRoute.GET, { token, query: { offset: "50" } });
    expect(past).toEqual({ items: [], total: names.length });
  });

  it("searches name and description case-insensitively; LIKE wildcards are taken literally", async () => {
    const token = listing.admin.access_token;
    const search = async (text: string) => (await listOf<ProjectOut>(projectsRoute.GET, { token, query: { search: text } }));
    const apple = await search("APPLE");
    expect(apple.items.map((project) => project.name).sort()).toEqual(["Apple Pie", "Cherry Tart", "apple crumble"]);
    expect(apple.total).toBe(3);
    expect((await search("100%")).items.map((project) => project.name)).toEqual(["Plum 100% Jam"]);
    expect((await search("%")).items.map((project) => project.name)).toEqual(["Plum 100% Jam"]);
    expect((await search("e_l")).items.map((project) => project.name)).toEqual(["Date_Loaf"]);
    expect(await search("nothing like this")).toEqual({ items: [], total: 0 });
  });

  it("refuses a limit above 500 and a negative offset", async () => {
    const token = listing.admin.access_token;
    expect((await call(projectsRoute.GET, "GET", { token, query: { limit: "501" } })).status).toBe(422);
    expect((await call(projectsRoute.GET, "GET", { token, query: { offset: "-1" } })).status).toBe(422);
  });

  it("never shows another tenant's projects; a super admin sees all, or one tenant's", async () => {
    const other = await listOf<ProjectOut>(projectsRoute.GET, { token: alpha.admin.access_token, query: { search: "Apple" } });
    expect(other.items.filter((project) => project.tenant_id !== alpha.tenantId)).toEqual([]);
    const foreign = await call(projectsRoute.GET, "GET", { token: alpha.admin.access_token, query: { tenant_id: listing.tenantId } });
    expect(foreign.status).toBe(404);
    const all = await listOf<ProjectOut>(projectsRoute.GET, { token: platform.access_token, query: { limit: "500" } });
    expect(new Set(all.items.map((project) => project.tenant_id))).toEqual(new Set([alpha.tenantId, bravo.tenantId, listing.tenantId]));
    const one = await listOf<ProjectOut>(projectsRoute.GET, { token: platform.access_token, query: { tenant_id: listing.tenantId } });
    expect(one.total).toBe(names.length);
  });

  it("needs project.view", async () => {
    const limited = await signedInUser(listing.admin.access_token, { email: "noview@projlist.test" });
    await revokePermission(listing.admin.access_token, limited.user.id, "project.view");
    const response = await call(projectsRoute.GET, "GET", { token: limited.access_token });
    expect(response.status).toBe(403);
    expect((await call(projectsRoute.GET, "GET", {})).status).toBe(401);
  });
});

describe("the lists' indexes (migration 0004)", () => {
  it("has the order and trigram search indexes of projects and blogs, on PGlite as on PostgreSQL", async () => {
    const handle = await database();
    const rows = await handle.query<{ indexname: string }>(
      "select indexname from pg_indexes where tablename in ('projects', 'blogs', 'blog_sources') order by indexname",
    );
    expect(rows.map((row) => row.indexname)).toEqual(
      expect.arrayContaining([
        "projects_tenant_created_idx",
        "projects_created_idx",
        "projects_name_trgm_idx",
        "projects_description_trgm_idx",
        "blogs_project_created_idx",
        "blogs_tenant_created_idx",
        "blogs_created_idx",
        "blogs_title_trgm_idx",
        "blogs_author_trgm_idx",
        "blogs_email_trgm_idx",
        "blog_sources_file_idx",
      ]),
    );
  });
});
