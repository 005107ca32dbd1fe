// The query budget (issue 8): how many SQL statements the main signed-in routes send per request, bearer and
// cookie alike. Counts, not timings: a second load of the actor, or a query per row of a list (N+1), fails here.
import { and, eq, isNull, sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import * as meRoute from "@/app/api/v1/auth/me/route";
import * as blogRoute from "@/app/api/v1/blogs/[id]/route";
import * as projectBlogsRoute from "@/app/api/v1/blogs/project/[projectId]/route";
import * as presentationRoute from "@/app/api/v1/presentations/[id]/route";
import * as presentationTaskStatusRoute from "@/app/api/v1/presentations/[id]/task-status/route";
import * as presentationThumbnailsRoute from "@/app/api/v1/presentations/[id]/thumbnails/route";
import * as blogPresentationsRoute from "@/app/api/v1/presentations/blog/[blogId]/route";
import * as presentationCheckExistsRoute from "@/app/api/v1/presentations/check-exists/[blogId]/route";
import * as presentationsRoute from "@/app/api/v1/presentations/route";
import * as projectRoute from "@/app/api/v1/projects/[id]/route";
import * as projectsRoute from "@/app/api/v1/projects/route";
import * as profileRoute from "@/app/api/v1/auth/profile/route";
import * as dashboardStatsRoute from "@/app/api/v1/dashboard/stats/route";
import * as roleRoute from "@/app/api/v1/roles/[id]/route";
import * as tenantsRoute from "@/app/api/v1/tenants/route";
import * as userRoute from "@/app/api/v1/users/[id]/route";
import * as usersRoute from "@/app/api/v1/users/route";
import { getDb } from "@/db/client";
import { refreshTokens } from "@/db/schema";
import { withStatementLog } from "@/db/statement-log";
import { call, json, type CallOptions } from "../support/api";
import { roleId, type SignedIn } from "../support/accounts";
import { createUser, organisation, superAdmin } from "../support/admin";
import { DOCX, newBlog, newProject, storedFile } from "../support/projects-blogs";

type Handler = Parameters<typeof call>[0];

/** The one statement that resolves the actor: session liveness and use, user, tenant, roles and overrides. */
const ACTOR_STATEMENT = /^with "actor_session" as \(/;

/**
 * Statements per request beyond the actor's. The auth, user, tenant and tenant admin's dashboard routes are exact:
 * a user's detail is one statement with its access, the user list one (its page with the users' roles, and the
 * total), the tenant list and the dashboard one each. The role detail and the super admin's dashboard are ceilings; the latter
 * reads its system figures from a cache of a few seconds (5 statements cold, 1 warm).
 */
const BUDGET = {
  me: 0,
  profileUpdate: 1,
  userDetail: 1,
  roleDetail: 2,
  userList: 1,
  tenantList: 1,
  tenantAdminDashboard: 1,
  superAdminDashboard: 5,
  // Projects and blogs (issue 9), exact: each is one statement (page and total together, counts and sources as
  // subqueries of it).
  projectList: 1,
  projectDetail: 1,
  projectBlogs: 1,
  blogDetail: 1,
  // Presentations (issue 11), exact: a detail with its slides and their files, a list page with its total and slide
  // counts, task status, thumbnails and check-exists are one statement each.
  presentationDetail: 1,
  presentationList: 1,
  taskStatus: 1,
  thumbnails: 1,
  checkExists: 1,
};

let tenantAdmin: SignedIn;
let platformAdmin: SignedIn;
let memberId = "";
let tenantAdminRoleId = "";

beforeAll(async () => {
  platformAdmin = await superAdmin();
  const org = await organisation("Budget");
  tenantAdmin = org.admin;
  memberId = (await createUser(tenantAdmin.access_token, { email: "ada@budget.test" })).id;
  tenantAdminRoleId = await roleId(tenantAdmin.access_token, "Tenant Admin");
});

let projectId = "";
let blogId = "";

/** A blog with every kind of source, a file among them. */
async function fullBlog(token: string, tenantId: string, title: string): Promise<string> {
  const main = await storedFile(tenantId, { name: `${title}.pdf` });
  const extra = await storedFile(tenantId, { folder: "sourcefile", contentType: DOCX, name: `${title}.docx` });
  const blog = await newBlog(token, projectId, {
    blog_title: title,
    main_text: main.key,
    is_website: false,
    website_links: ["https://example.com/a", "https://example.com/b"],
    content_blocks: ["One", "Two"],
    uploaded_files: [extra.key],
  });
  return blog.id;
}

beforeAll(async () => {
  const token = tenantAdmin.access_token;
  projectId = (await newProject(token, "Budget Project", "Counted statements")).id;
  blogId = await fullBlog(token, tenantAdmin.user.tenant_id, "Budget Blog");
  await newProject(token, "Second Project");
});

const credentials: Record<string, (session: SignedIn) => CallOptions> = {
  bearer: (session) => ({ token: session.access_token }),
  cookie: (session) => ({ cookie: session.cookie }),
};

/**
 * Moves every tenant's data version (a real write, as any change does), so the next list request reads its list
 * instead of answering from a page kept by an identical earlier request (lib/services/list-cache.ts): the budget is
 * that of reading.
 */
async function changeAllData(): Promise<void> {
  await (await getDb()).execute(sql`update tenants set name = name`);
}

/** The statements one request sends, after a change to the data (see above); the request must succeed. */
async function statementsOf(handler: Handler, method: string, options: CallOptions): Promise<string[]> {
  await changeAllData();
  return keptStatementsOf(handler, method, options);
}

/** The statements one request sends, the data unchanged since the last request; the request must succeed. */
async function keptStatementsOf(handler: Handler, method: string, options: CallOptions): Promise<string[]> {
  const { result, statements } = await withStatementLog(() => call(handler, method, options));
  expect(result.status, await result.clone().text()).toBe(200);
  return statements;
}

/** Checks the actor was resolved by exactly one statement and returns how many the route sent besides. */
function beyondActor(statements: string[]): number {
  expect(statements.filter((text) => ACTOR_STATEMENT.test(text)), statements.join("\n\n")).toHaveLength(1);
  return statements.length - 1;
}

function sessionOf(session: SignedIn): string {
  const { sid } = decodeJwt(session.access_token);
  if (typeof sid !== "string") throw new Error("access token without a session");
  return sid;
}

describe.each(Object.entries(credentials))("signed in with a %s", (kind, credential) => {
  const as = (session: SignedIn, options: CallOptions = {}): CallOptions => ({ ...credential(session), ...options });

  it("GET /auth/me answers from the actor: one statement in all", async () => {
    expect(beyondActor(await statementsOf(meRoute.GET, "GET", as(tenantAdmin)))).toBe(BUDGET.me);
  });

  it("GET /auth/profile answers from the actor too", async () => {
    expect(beyondActor(await statementsOf(profileRoute.GET, "GET", as(tenantAdmin)))).toBe(BUDGET.me);
  });

  it("PUT /auth/profile is the actor and one update that returns the row", async () => {
    const phone = kind === "bearer" ? "+1 555 0100 201" : "+1 555 0100 202";
    const { result, statements } = await withStatementLog(() =>
      call(profileRoute.PUT, "PUT", as(tenantAdmin, { body: { phone } })),
    );
    expect(result.status).toBe(200);
    const body = await json<{ user: { phone: string; email: string }; roles: unknown[]; permissions: string[] }>(result);
    expect(body.user).toMatchObject({ phone, email: tenantAdmin.user.email });
    expect(body.roles).toEqual(tenantAdmin.roles);
    expect(body.permissions).toEqual(tenantAdmin.permissions);
    expect(beyondActor(statements)).toBe(BUDGET.profileUpdate);
  });

  it("recording the session's use (at most once a minute) costs no statement of its own", async () => {
    const db = await getDb();
    const current = and(eq(refreshTokens.familyId, sessionOf(tenantAdmin)), isNull(refreshTokens.usedAt));
    await db.update(refreshTokens).set({ lastUsedAt: new Date(Date.now() - 5 * 60_000) }).where(current);
    expect(beyondActor(await statementsOf(meRoute.GET, "GET", as(tenantAdmin)))).toBe(BUDGET.me);
    const [row] = await db.select({ lastUsedAt: refreshTokens.lastUsedAt }).from(refreshTokens).where(current);
    expect(row && Date.now() - row.lastUsedAt.getTime()).toBeLessThan(60_000);
  });

  it("a detail: GET /users/{id} and GET /roles/{id}", async () => {
    const user = await statementsOf(userRoute.GET, "GET", as(tenantAdmin, { params: { id: memberId } }));
    expect(beyondActor(user), user.join("\n\n")).toBe(BUDGET.userDetail);
    const role = await statementsOf(roleRoute.GET, "GET", as(tenantAdmin, { params: { id: tenantAdminRoleId } }));
    expect(beyondActor(role)).toBeLessThanOrEqual(BUDGET.roleDetail);
  });

  it("a list page: GET /users/?limit=20 and GET /tenants/ (super admin)", async () => {
    const users = await statementsOf(usersRoute.GET, "GET", as(tenantAdmin, { query: { limit: "20" } }));
    expect(beyondActor(users), users.join("\n\n")).toBe(BUDGET.userList);
    const tenants = await statementsOf(tenantsRoute.GET, "GET", as(platformAdmin));
    expect(beyondActor(tenants), tenants.join("\n\n")).toBe(BUDGET.tenantList);
  });

  it("GET /dashboard/stats, for a tenant admin and for the super admin", async () => {
    const tenant = await statementsOf(dashboardStatsRoute.GET, "GET", as(tenantAdmin));
    expect(beyondActor(tenant), tenant.join("\n\n")).toBe(BUDGET.tenantAdminDashboard);
    const system = await statementsOf(dashboardStatsRoute.GET, "GET", as(platformAdmin));
    expect(beyondActor(system)).toBeLessThanOrEqual(BUDGET.superAdminDashboard);
  });
});

describe.each(Object.entries(credentials))("projects and blogs, signed in with a %s", (_kind, credential) => {
  const as = (session: SignedIn, options: CallOptions = {}): CallOptions => ({ ...credential(session), ...options });

  it("GET /projects/ (a list page) is one statement", async () => {
    const statements = await statementsOf(projectsRoute.GET, "GET", as(tenantAdmin, { query: { limit: "20" } }));
    expect(beyondActor(statements), statements.join("\n\n")).toBe(BUDGET.projectList);
    const searched = await statementsOf(projectsRoute.GET, "GET", as(tenantAdmin, { query: { search: "budget", limit: "20" } }));
    expect(beyondActor(searched)).toBe(BUDGET.projectList);
  });

  it("GET /projects/{id} is one statement", async () => {
    const statements = await statementsOf(projectRoute.GET, "GET", as(tenantAdmin, { params: { id: projectId } }));
    expect(beyondActor(statements), statements.join("\n\n")).toBe(BUDGET.projectDetail);
  });

  it("GET /blogs/project/{id} is one statement", async () => {
    const statements = await statementsOf(projectBlogsRoute.GET, "GET", as(tenantAdmin, { params: { projectId } }));
    expect(beyondActor(statements), statements.join("\n\n")).toBe(BUDGET.projectBlogs);
  });

  it("GET /blogs/{id} is one statement, sources, files and presentations included", async () => {
    const statements = await statementsOf(blogRoute.GET, "GET", as(tenantAdmin, { params: { id: blogId } }));
    expect(beyondActor(statements), statements.join("\n\n")).toBe(BUDGET.blogDetail);
  });
});

describe("a list page asked for again while its data is unchanged", () => {
  const lists: [string, Handler, () => SignedIn, CallOptions][] = [
    ["GET /users/", usersRoute.GET, () => tenantAdmin, { query: { limit: "20" } }],
    ["GET /users/?search=", usersRoute.GET, () => tenantAdmin, { query: { search: "ada" } }],
    ["GET /tenants/ (super admin)", tenantsRoute.GET, () => platformAdmin, {}],
    ["GET /projects/", projectsRoute.GET, () => tenantAdmin, { query: { limit: "20" } }],
    ["GET /blogs/project/{id}", projectBlogsRoute.GET, () => tenantAdmin, { get params() { return { projectId }; } }],
  ];

  it.each(lists)("%s is answered with the actor's statement alone, with the same body", async (_name, handler, who, options) => {
    const session = who();
    const first = await statementsOf(handler, "GET", { token: session.access_token, ...options });
    expect(beyondActor(first)).toBe(1);
    const body = async () => {
      const response = await call(handler, "GET", { cookie: session.cookie, ...options });
      return [response.headers.get("x-total-count"), await response.text()];
    };
    const expected = await body();
    const again = await keptStatementsOf(handler, "GET", { cookie: session.cookie, ...options });
    expect(beyondActor(again), again.join("\n\n")).toBe(0);
    expect(await body()).toEqual(expected);
  });
});

describe("the cost of a project or blog list does not grow with the rows it covers", () => {
  it("stays the same after more projects, blogs and sources are added", async () => {
    const token = tenantAdmin.access_token;
    const measure = async () => ({
      projects: (await statementsOf(projectsRoute.GET, "GET", { token, query: { limit: "20" } })).length,
      blogs: (await statementsOf(projectBlogsRoute.GET, "GET", { token, params: { projectId } })).length,
      blog: (await statementsOf(blogRoute.GET, "GET", { token, params: { id: blogId } })).length,
    });
    const before = await measure();
    for (const name of ["Third", "Fourth", "Fifth"]) await newProject(token, `${name} Project`);
    for (const title of ["Second Blog", "Third Blog", "Fourth Blog"]) await fullBlog(token, tenantAdmin.user.tenant_id, title);
    expect(await measure()).toEqual(before);
  });
});

describe("the cost of a list or the dashboard does not grow with the rows it covers", () => {
  it("stays the same after more users and another tenant are added", async () => {
    const measure = async () => ({
      users: (await statementsOf(usersRoute.GET, "GET", { token: tenantAdmin.access_token, query: { limit: "20" } })).length,
      tenants: (await statementsOf(tenantsRoute.GET, "GET", { token: platformAdmin.access_token })).length,
      dashboard: (await statementsOf(dashboardStatsRoute.GET, "GET", { token: tenantAdmin.access_token })).length,
      system: (await statementsOf(dashboardStatsRoute.GET, "GET", { token: platformAdmin.access_token })).length,
    });
    const before = await measure();
    for (const name of ["ben", "cy", "dee", "eve"]) await createUser(tenantAdmin.access_token, { email: `${name}@budget.test` });
    await organisation("Overspend");
    const after = await measure();
    // At most: the system figures may come from a short-lived cache on the second read.
    expect(after.users).toBeLessThanOrEqual(before.users);
    expect(after.tenants).toBeLessThanOrEqual(before.tenants);
    expect(after.dashboard).toBeLessThanOrEqual(before.dashboard);
    expect(after.system).toBeLessThanOrEqual(before.system);
  });
});

describe("presentations", () => {
  let presentationId = "";

  /** A manual deck of `count` slides on the budget blog. */
  async function deck(count: number): Promise<string> {
    const response = await call(presentationsRoute.POST, "POST", {
      token: tenantAdmin.access_token,
      body: {
        blog_id: blogId,
        template: "manual",
        slides: Array.from({ length: count }, (_, index) => ({ slide_title: `Slide ${index + 1}`, body: "A\nB", slide_content: "Narration." })),
      },
    });
    expect(response.status).toBe(201);
    return (await json<{ id: string }>(response)).id;
  }

  beforeAll(async () => {
    presentationId = await deck(3);
  });

  it.each(Object.entries(credentials))("each read is one statement, signed in with a %s", async (_kind, credential) => {
    const as = (options: CallOptions = {}): CallOptions => ({ ...credential(tenantAdmin), ...options });
    const reads: [string, Handler, CallOptions, number][] = [
      ["GET /presentations/{id}", presentationRoute.GET, as({ params: { id: presentationId } }), BUDGET.presentationDetail],
      ["GET /presentations/", presentationsRoute.GET, as({ query: { limit: "20" } }), BUDGET.presentationList],
      ["GET /presentations/blog/{blogId}", blogPresentationsRoute.GET, as({ params: { blogId } }), BUDGET.presentationList],
      ["GET /presentations/{id}/task-status", presentationTaskStatusRoute.GET, as({ params: { id: presentationId } }), BUDGET.taskStatus],
      ["GET /presentations/{id}/thumbnails", presentationThumbnailsRoute.GET, as({ params: { id: presentationId } }), BUDGET.thumbnails],
      ["GET /presentations/check-exists/{blogId}", presentationCheckExistsRoute.GET, as({ params: { blogId } }), BUDGET.checkExists],
    ];
    for (const [name, handler, options, budget] of reads) {
      const statements = await statementsOf(handler, "GET", options);
      expect(beyondActor(statements), `${name}\n${statements.join("\n\n")}`).toBe(budget);
    }
  });

  it("the cost does not grow with slides or presentations", async () => {
    const token = tenantAdmin.access_token;
    const measure = async (id: string) => ({
      detail: (await statementsOf(presentationRoute.GET, "GET", { token, params: { id } })).length,
      list: (await statementsOf(presentationsRoute.GET, "GET", { token })).length,
      thumbnails: (await statementsOf(presentationThumbnailsRoute.GET, "GET", { token, params: { id } })).length,
    });
    const before = await measure(presentationId);
    const bigger = await deck(12);
    await deck(1);
    expect(await measure(bigger)).toEqual(before);
  });
});

