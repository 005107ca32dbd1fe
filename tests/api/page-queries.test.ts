// The first view of the dashboard and admin pages is read on the server from the services (issue 8, item 6):
// the page component hands it to the client component as a prop, in a small fixed number of statements beyond
// the actor, however many rows the tenant holds. Counts, not timings.
import { describe, expect, it, vi, beforeAll } from "vitest";
import type { Actor } from "@/lib/auth/actor";

const session = vi.hoisted(() => ({ actor: null as Actor | null }));
vi.mock("@/lib/http/session", () => ({ currentActor: async () => session.actor }));

import DashboardPage from "@/app/(app)/dashboard/page";
import PluginsPage from "@/app/(app)/admin/plugins/page";
import TenantsPage from "@/app/(app)/admin/tenants/page";
import UsersPage from "@/app/(app)/admin/users/page";
import ProjectBlogsPage from "@/app/(app)/projects/[projectId]/blogs/page";
import * as projectBlogsRoute from "@/app/api/v1/blogs/project/[projectId]/route";
import * as tenantsRoute from "@/app/api/v1/tenants/route";
import { ADMIN_PAGE_SIZE } from "@/components/admin/page-size";
import { BLOGS_PAGE_SIZE } from "@/components/projects/look";
import { withStatementLog } from "@/db/statement-log";
import { resolveActor } from "@/lib/http/resolve-actor";
import type { SignedIn } from "../support/accounts";
import { call, json } from "../support/api";
import { newProject } from "../support/projects-blogs";
import { createUser, organisation, superAdmin } from "../support/admin";

/**
 * Upper bounds of the statements each first view sends (the actor is resolved before, by the layout). The tenant
 * admin's dashboard is the stats (1), the team's first page (the user list: count, page, and the page's roles,
 * role permissions and overrides) and the invitable roles (1), side by side.
 */
const BUDGET = { tenantAdminDashboard: 7, superAdminDashboard: 6, userList: 5, tenantList: 2, plugins: 2 };

let tenantAdmin: SignedIn;
let platformAdmin: SignedIn;

async function actorOf(signedIn: SignedIn): Promise<Actor> {
  const actor = await resolveActor(new Request("http://localhost/", { headers: { authorization: `Bearer ${signedIn.access_token}` } }));
  if (!actor) throw new Error("no actor");
  return actor;
}

function isElement(value: unknown): value is { props: Record<string, unknown> } {
  return typeof value === "object" && value !== null && "props" in value;
}

/** Renders the page component (a server component: an async function) as the actor; its element and statements. */
async function render(page: () => Promise<unknown>, actor: Actor) {
  session.actor = actor;
  const { result, statements } = await withStatementLog(page);
  // The element that carries the first view (the dashboard sits inside the mark the page cache looks for).
  let element = result as { props: Record<string, unknown> };
  while (!("initial" in element.props) && isElement(element.props.children)) element = element.props.children;
  return { props: element.props, statements };
}

beforeAll(async () => {
  platformAdmin = await superAdmin();
  tenantAdmin = (await organisation("Pages")).admin;
  for (let index = 0; index < 3; index += 1) await createUser(tenantAdmin.access_token, { email: `member${index}@pages.test` });
});

describe("first views read on the server", () => {
  it("tenant admin's dashboard: stats, team and roles, the same count with more members", async () => {
    const actor = await actorOf(tenantAdmin);
    const first = await render(DashboardPage, actor);
    const initial = first.props.initial as { type: string; data: { members: unknown[]; roles: unknown[] | null; totalUsers: number } };
    expect(initial.type).toBe("tenant_admin");
    expect(initial.data.members.length).toBeGreaterThanOrEqual(4);
    expect(initial.data.members.length).toBeLessThanOrEqual(8);
    expect(initial.data.roles?.length).toBeGreaterThan(0);
    expect(first.statements.length, first.statements.join("\n\n")).toBeLessThanOrEqual(BUDGET.tenantAdminDashboard);

    for (let index = 3; index < 10; index += 1) await createUser(tenantAdmin.access_token, { email: `member${index}@pages.test` });
    const again = await render(DashboardPage, await actorOf(tenantAdmin));
    expect(again.statements.length).toBe(first.statements.length);
    const more = again.props.initial as { data: { members: unknown[]; membersTotal: number } };
    expect(more.data.members).toHaveLength(8);
    expect(more.data.membersTotal).toBeGreaterThanOrEqual(11);
  });

  it("super admin's dashboard", async () => {
    const { props, statements } = await render(DashboardPage, await actorOf(platformAdmin));
    expect((props.initial as { type: string }).type).toBe("super_admin");
    expect(statements.length, statements.join("\n\n")).toBeLessThanOrEqual(BUDGET.superAdminDashboard);
  });

  it("user management's first page, in the API's shape", async () => {
    const { props, statements } = await render(UsersPage, await actorOf(tenantAdmin));
    const initial = props.initial as { items: { email: string; created_at: unknown }[]; total: number };
    expect(initial.total).toBeGreaterThanOrEqual(4);
    expect(initial.items.length).toBe(Math.min(initial.total, 20));
    expect(typeof initial.items[0]?.created_at).toBe("string");
    expect(statements.length, statements.join("\n\n")).toBeLessThanOrEqual(BUDGET.userList);
  });

  it("tenant management's first page (super admin) and Access Denied for a tenant admin", async () => {
    const { props, statements } = await render(TenantsPage, await actorOf(platformAdmin));
    expect((props.initial as { total: number }).total).toBeGreaterThanOrEqual(2);
    expect(statements.length, statements.join("\n\n")).toBeLessThanOrEqual(BUDGET.tenantList);
    const denied = await render(TenantsPage, await actorOf(tenantAdmin));
    expect(denied.props.initial).toBeUndefined();
    expect(denied.statements).toHaveLength(0);
  });

  it("plugins", async () => {
    const { props, statements } = await render(PluginsPage, await actorOf(tenantAdmin));
    expect(Array.isArray(props.initial)).toBe(true);
    expect(statements.length, statements.join("\n\n")).toBeLessThanOrEqual(BUDGET.plugins);
  });

  it("tenant management's first page is the page GET /tenants sends, kept while nothing changes", async () => {
    const actor = await actorOf(platformAdmin);
    const first = await render(TenantsPage, actor);
    const initial = first.props.initial as { items: unknown[]; total: number };
    const api = await call(tenantsRoute.GET, "GET", { token: platformAdmin.access_token, query: { limit: String(ADMIN_PAGE_SIZE), offset: "0" } });
    expect(await json<unknown[]>(api)).toEqual(initial.items);
    expect(api.headers.get("x-total-count")).toBe(String(initial.total));

    // Nothing changed since (the same data version): the kept page, without a statement.
    const again = await render(TenantsPage, actor);
    expect(again.statements).toHaveLength(0);
    expect(again.props.initial).toEqual(initial);

    // A change anywhere moves the super admin's version: the next first view shows it.
    await organisation("Later");
    const changed = await render(TenantsPage, await actorOf(platformAdmin));
    expect((changed.props.initial as { total: number }).total).toBe(initial.total + 1);
    expect(changed.statements.length).toBeGreaterThan(0);
  });

  it("a project's blog list reads its first page as GET /blogs/project/{id} sends it, kept while nothing changes", async () => {
    const project = await newProject(tenantAdmin.access_token, "Paged project");
    const page = () => ProjectBlogsPage({ params: Promise.resolve({ projectId: project.id }), searchParams: Promise.resolve({}) });
    const actor = await actorOf(tenantAdmin);
    const first = await render(page, actor);
    const initial = first.props.initial as { items: unknown[]; total: number };
    expect(initial).toEqual({ items: [], total: 0 });
    const api = await call(projectBlogsRoute.GET, "GET", {
      token: tenantAdmin.access_token,
      params: { projectId: project.id },
      query: { limit: String(BLOGS_PAGE_SIZE), offset: "0" },
    });
    expect(await json<unknown[]>(api)).toEqual(initial.items);

    // Only the heading is read again; the list's page is the kept one.
    const again = await render(page, actor);
    expect(again.props.initial).toEqual(initial);
    expect(again.statements.length).toBeLessThan(first.statements.length);
    expect(again.statements, again.statements.join("\n\n")).toHaveLength(1);
    expect(again.statements[0]).toMatch(/from "projects" where/);
  });
});
