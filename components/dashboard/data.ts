// What each dashboard shows, loaded from GET /dashboard/stats, or derived from the list calls when the stats
// call fails (spec sections 4 and 7, "Dashboard fallback"). Only the lists fail the whole dashboard.
import type { DashboardStats } from "@/lib/services/dashboard";
import { api } from "@/lib/http/client";
import {
  FALLBACK_FACTORS, invitableRoles, RECENT_LIMIT, superAdminFromStats, TEAM_PAGE, tenantAdminFromStats, userFromStats,
  type ProjectSummary, type RoleOut, type StatsOf, type SuperAdminData, type TenantAdminData, type TenantListRow,
  type UserDashboardData, type UserListItem,
} from "@/lib/dashboard/figures";

export * from "@/lib/dashboard/figures";

async function stats<T extends DashboardStats["type"]>(type: T): Promise<StatsOf<T>> {
  const answer = await api.get<DashboardStats>("/dashboard/stats");
  if (!answer || answer.type !== type) throw new Error(`Unexpected dashboard type ${answer?.type ?? "none"}`);
  return answer as StatsOf<T>;
}

/** The number of projects, or 0 when the projects list cannot be read: a fallback should not fail on it alone. */
async function projectCount(): Promise<number> {
  try {
    return (await api.list("/projects?limit=1")).total;
  } catch {
    return 0;
  }
}

export async function loadSuperAdmin(): Promise<SuperAdminData> {
  try {
    return superAdminFromStats(await stats("super_admin"));
  } catch {
    const [tenants, active, inactive, projects] = await Promise.all([
      api.list<TenantListRow>(`/tenants?limit=${RECENT_LIMIT}`),
      api.list("/users?status=active&limit=1"),
      api.list("/users?status=inactive&limit=1"),
      projectCount(),
    ]);
    const factors = FALLBACK_FACTORS.super_admin;
    return {
      source: "lists",
      totalTenants: tenants.total,
      activeTenants: tenants.items.filter((tenant) => tenant.is_active).length,
      totalUsers: active.total + inactive.total,
      activeUsers: active.total,
      totalProjects: projects,
      totalBlogs: projects * factors.blogs,
      totalPresentations: projects * factors.presentations,
      recentTenants: tenants.items.slice(0, RECENT_LIMIT),
      analytics: null,
    };
  }
}


export async function loadTenantAdmin(tenantId: string): Promise<TenantAdminData> {
  const query = new URLSearchParams({ tenant_id: tenantId, limit: String(TEAM_PAGE) });
  // Stats, users and roles in parallel; the users list is the one the screen cannot do without.
  const [statsResult, usersResult, rolesResult] = await Promise.allSettled([
    stats("tenant_admin"),
    api.list<UserListItem>(`/users?${query}`),
    api.get<RoleOut[]>(`/roles/?tenant_id=${encodeURIComponent(tenantId)}`),
  ]);
  if (usersResult.status === "rejected") throw usersResult.reason;
  const members = usersResult.value.items;
  const allRoles = rolesResult.status === "fulfilled" && Array.isArray(rolesResult.value) ? rolesResult.value : null;
  if (statsResult.status === "fulfilled") return tenantAdminFromStats(statsResult.value, usersResult.value, allRoles, tenantId);

  const base = { members, membersTotal: usersResult.value.total, roles: allRoles ? invitableRoles(allRoles, tenantId) : null };

  const people = members.filter((member) => member.status !== "invited");
  const projects = await projectCount();
  return {
    ...base,
    source: "lists",
    totalUsers: people.length,
    activeUsers: people.filter((member) => member.is_active).length,
    pendingInvitations: members.length - people.length,
    totalProjects: projects,
    totalBlogs: projects * FALLBACK_FACTORS.tenant_admin.blogs,
    activity: people.slice(0, 3).map((member) => ({
      id: `user-${member.id}`,
      action: "user.joined",
      summary: `${member.full_name || member.email} joined the team`,
      created_at: member.created_at,
    })),
  };
}

/** Every user of the tenant (all pages), for the CSV export. */
export async function fetchTeamForExport(tenantId: string): Promise<UserListItem[]> {
  const all: UserListItem[] = [];
  for (let offset = 0; ; offset += TEAM_PAGE) {
    const query = new URLSearchParams({ tenant_id: tenantId, limit: String(TEAM_PAGE), offset: String(offset) });
    const { items, total } = await api.list<UserListItem>(`/users?${query}`);
    all.push(...items);
    if (items.length < TEAM_PAGE || all.length >= total) return all;
  }
}

export async function loadUser(): Promise<UserDashboardData> {
  try {
    return userFromStats(await stats("user"));
  } catch {
    const projects = await api.list<ProjectSummary>(`/projects?limit=${RECENT_LIMIT}`);
    return {
      source: "lists",
      totalProjects: projects.total,
      totalBlogs: 0,
      totalPresentations: 0,
      activityCount: 1,
      recentProjects: projects.items.slice(0, RECENT_LIMIT),
      latestBlogId: null,
      latestPresentationId: null,
      activity: [{ id: "welcome", action: "welcome", summary: "Welcome to the platform", created_at: new Date().toISOString() }],
    };
  }
}
