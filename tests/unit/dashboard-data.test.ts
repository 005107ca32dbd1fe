import { beforeEach, describe, expect, it, vi } from "vitest";

// The dashboards' loaders with the browser API client replaced: which calls they make, and what a failing
// stats call falls back to (spec sections 4 and 7).
const calls = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn() }));
vi.mock("@/lib/http/client", () => ({ api: calls }));

import { invitableRoles, loadSuperAdmin, loadTenantAdmin, loadUser } from "@/components/dashboard/data";
import { formatBytes, niceCeiling, percentOf, relativeAge } from "@/components/dashboard/format";

const TENANT = "11111111-1111-4111-8111-111111111111";

function listAnswer(path: string) {
  if (path.startsWith("/tenants")) {
    return {
      items: [
        { id: "t1", name: "Acme", domain: "acme", is_active: true, created_at: "2026-01-02T00:00:00Z" },
        { id: "t2", name: "Beta", domain: null, is_active: false, created_at: "2026-01-01T00:00:00Z" },
      ],
      total: 7,
    };
  }
  if (path.startsWith("/users?status=active")) return { items: [], total: 12 };
  if (path.startsWith("/users?status=inactive")) return { items: [], total: 3 };
  if (path.startsWith("/users?")) {
    return {
      items: [
        { id: "i1", email: "new@x.test", status: "invited", is_active: false, full_name: null, role: "user", created_at: "2026-01-03T00:00:00Z" },
        { id: "u1", email: "a@x.test", status: "active", is_active: true, full_name: "Ann", role: "tenant_admin", created_at: "2026-01-02T00:00:00Z" },
        { id: "u2", email: "b@x.test", status: "inactive", is_active: false, full_name: null, role: "user", created_at: "2026-01-01T00:00:00Z" },
      ],
      total: 3,
    };
  }
  if (path.startsWith("/projects")) return { items: [{ id: "p1", name: "P", description: null, created_at: "2026-01-01T00:00:00Z" }], total: 4 };
  throw new Error(`unexpected list ${path}`);
}

beforeEach(() => {
  calls.get.mockReset();
  calls.list.mockReset();
  calls.list.mockImplementation(async (path: string) => listAnswer(path));
});

describe("super admin dashboard data", () => {
  it("uses the stats answer, first 5 tenants, with the real analytics", async () => {
    const tenantStats = Array.from({ length: 8 }, (_, index) => ({ id: `t${index}`, name: `T${index}`, domain: null, is_active: true, created_at: "2026-01-01T00:00:00Z" }));
    const analytics = { storage_used_bytes: 1, storage_quota_bytes: 10, api_requests_24h: 5, database_connections: 2, database_max_connections: 100 };
    calls.get.mockResolvedValue({
      type: "super_admin",
      total_tenants: 8,
      active_tenants: 8,
      total_users: 20,
      active_users: 18,
      total_projects: 3,
      total_blogs: 9,
      total_presentations: 1,
      tenant_stats: tenantStats,
      analytics,
      recent_activity: [],
    });
    const data = await loadSuperAdmin();
    expect(calls.get).toHaveBeenCalledWith("/dashboard/stats");
    expect(data).toMatchObject({ source: "stats", totalTenants: 8, totalUsers: 20, activeUsers: 18, totalBlogs: 9, analytics });
    expect(data.recentTenants).toHaveLength(5);
    expect(calls.list).not.toHaveBeenCalled();
  });

  it("falls back to the lists: blogs 3 and presentations 2 per project, no system figures", async () => {
    calls.get.mockRejectedValue(new Error("HTTP error! status: 500, message: {}"));
    const data = await loadSuperAdmin();
    expect(data).toMatchObject({
      source: "lists",
      totalTenants: 7,
      totalUsers: 15,
      activeUsers: 12,
      totalProjects: 4,
      totalBlogs: 12,
      totalPresentations: 8,
      analytics: null,
    });
    expect(data.recentTenants.map((tenant) => tenant.name)).toEqual(["Acme", "Beta"]);
  });

  it("a missing projects list counts as no projects; a failing users list fails the dashboard", async () => {
    calls.get.mockRejectedValue(new Error("down"));
    calls.list.mockImplementation(async (path: string) => {
      if (path.startsWith("/projects")) throw new Error("HTTP error! status: 404, message: {}");
      return listAnswer(path);
    });
    expect((await loadSuperAdmin()).totalProjects).toBe(0);

    calls.list.mockImplementation(async (path: string) => {
      if (path.startsWith("/users")) throw new Error("HTTP error! status: 500, message: {}");
      return listAnswer(path);
    });
    await expect(loadSuperAdmin()).rejects.toThrow("500");
  });
});

describe("tenant admin dashboard data", () => {
  const roles = [
    { id: "r1", name: "Tenant User", tenant_id: null, builtin: "tenant_user" as const, description: null, permissions: [] },
    { id: "r2", name: "Tenant Admin", tenant_id: TENANT, builtin: "tenant_admin" as const, description: null, permissions: [] },
    { id: "r3", name: "Tenant Admin", tenant_id: "other", builtin: "tenant_admin" as const, description: null, permissions: [] },
    { id: "r4", name: "Auditor", tenant_id: null, builtin: null, description: null, permissions: [] },
  ];

  it("invitation roles: the tenant's own, or the global Tenant User", () => {
    expect(invitableRoles(roles, TENANT).map((role) => role.id)).toEqual(["r1", "r2"]);
  });

  it("reads stats, the tenant's users and roles in parallel", async () => {
    calls.get.mockImplementation(async (path: string) => {
      if (path === "/dashboard/stats") {
        return {
          type: "tenant_admin",
          total_users: 2,
          active_users: 1,
          pending_invitations: 1,
          total_projects: 5,
          total_blogs: 6,
          total_presentations: 0,
          recent_projects: [],
          recent_blogs: [],
          recent_presentations: [],
          recent_users: [],
          recent_activity: Array.from({ length: 7 }, (_, index) => ({ id: `a${index}`, action: "user.signed_in", summary: "x", actor_user_id: null, created_at: "2026-01-01T00:00:00Z" })),
        };
      }
      return roles;
    });
    const data = await loadTenantAdmin(TENANT);
    expect(calls.list).toHaveBeenCalledWith(`/users?tenant_id=${TENANT}&limit=500`);
    expect(calls.get).toHaveBeenCalledWith(`/roles/?tenant_id=${TENANT}`);
    expect(data).toMatchObject({ source: "stats", totalUsers: 2, pendingInvitations: 1, totalProjects: 5, totalBlogs: 6, membersTotal: 3 });
    expect(data.activity).toHaveLength(5);
    expect(data.roles?.map((role) => role.id)).toEqual(["r1", "r2"]);
  });

  it("falls back to counting the users list: invited rows are pending invitations; blogs 2 per project", async () => {
    calls.get.mockRejectedValue(new Error("down"));
    const data = await loadTenantAdmin(TENANT);
    expect(data).toMatchObject({ source: "lists", totalUsers: 2, activeUsers: 1, pendingInvitations: 1, totalProjects: 4, totalBlogs: 8, roles: null });
    expect(data.activity.map((item) => item.summary)).toEqual(["Ann joined the team", "b@x.test joined the team"]);
  });
});

describe("user dashboard data", () => {
  it("falls back to the projects list with a 'Welcome to the platform' entry", async () => {
    calls.get.mockRejectedValue(new Error("down"));
    const data = await loadUser();
    expect(data).toMatchObject({ source: "lists", totalProjects: 4 });
    expect(data.activity.map((item) => item.summary)).toEqual(["Welcome to the platform"]);
  });
});

describe("dashboard formats", () => {
  const now = new Date("2026-03-10T12:00:00Z");
  it.each([
    ["2026-03-10T11:59:40Z", "just now"],
    ["2026-03-10T11:55:00Z", "5 minutes ago"],
    ["2026-03-10T09:00:00Z", "3 hours ago"],
    ["2026-03-09T10:00:00Z", "yesterday"],
    ["2026-02-20T12:00:00Z", "3 weeks ago"],
    ["2025-03-01T12:00:00Z", "last year"],
  ])("%s is %s", (value, expected) => {
    expect(relativeAge(value, now)).toBe(expected);
  });

  it("sizes, bar scales and shares", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(2.4 * 1024 ** 3)).toBe("2.4 GB");
    expect(formatBytes(10 * 1024 ** 3)).toBe("10 GB");
    expect(niceCeiling(6)).toBe(100);
    expect(niceCeiling(101)).toBe(200);
    expect(niceCeiling(45_200)).toBe(50_000);
    expect(percentOf(23, 100)).toBe(23);
    expect(percentOf(5, 0)).toBe(0);
    expect(percentOf(500, 100)).toBe(100);
  });
});
