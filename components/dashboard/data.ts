// What each dashboard shows, loaded from GET /dashboard/stats, or derived from the list calls when the stats
// call fails (spec sections 4 and 7, "Dashboard fallback"). Only the lists fail the whole dashboard.
import type { ActivityOut, DashboardStats } from "@/lib/services/dashboard";
import type { SystemAnalytics } from "@/lib/services/analytics";
import type { RoleOut } from "@/lib/services/roles";
import type { UserListItem } from "@/lib/services/users";
import { api } from "@/lib/http/client";

export type { RoleOut, SystemAnalytics, UserListItem };

export type StatsOf<T extends DashboardStats["type"]> = Extract<DashboardStats, { type: T }>;

export interface ActivityItem {
  id: string;
  action: string;
  summary: string;
  created_at: string;
}

export interface ProjectSummary {
  id: string;
  name: string;
  description: string | null;
  created_at: string;
}

interface TenantListRow {
  id: string;
  name: string;
  domain: string | null;
  is_active: boolean;
  created_at: string;
}

/** The spec's fallback factors (section 7): blogs and presentations per project. */
export const FALLBACK_FACTORS = {
  super_admin: { blogs: 3, presentations: 2 },
  tenant_admin: { blogs: 2, presentations: 1 },
} as const;

export const RECENT_LIMIT = 5;

function activity(items: readonly ActivityOut[]): ActivityItem[] {
  return items.slice(0, RECENT_LIMIT).map(({ id, action, summary, created_at }) => ({ id, action, summary, created_at }));
}

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

// ---- super admin ----

export interface SuperAdminData {
  source: "stats" | "lists";
  totalTenants: number;
  activeTenants: number;
  totalUsers: number;
  activeUsers: number;
  totalProjects: number;
  totalBlogs: number;
  totalPresentations: number;
  recentTenants: TenantListRow[];
  /** Null when the stats call failed: the lists do not carry system figures. */
  analytics: SystemAnalytics | null;
}

/** The super admin's figures from GET /dashboard/stats (the browser's loader and the server's first view). */
export function superAdminFromStats(s: StatsOf<"super_admin">): SuperAdminData {
  return {
    source: "stats",
    totalTenants: s.total_tenants,
    activeTenants: s.active_tenants,
    totalUsers: s.total_users,
    activeUsers: s.active_users,
    totalProjects: s.total_projects,
    totalBlogs: s.total_blogs,
    totalPresentations: s.total_presentations,
    recentTenants: s.tenant_stats.slice(0, RECENT_LIMIT),
    analytics: s.analytics,
  };
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

// ---- tenant admin ----

/** The team list the dashboard reads: enough for the table and the counts of a fallback. */
export const TEAM_PAGE = 500;

/** Rows shown in the Team Members table; the full list is in User Management. */
export const TEAM_ROWS = 8;

export interface TenantAdminData {
  source: "stats" | "lists";
  totalUsers: number;
  activeUsers: number;
  pendingInvitations: number;
  totalProjects: number;
  totalBlogs: number;
  /** Users and pending invitations ('invited' rows), newest first. */
  members: UserListItem[];
  membersTotal: number;
  activity: ActivityItem[];
  /** Invitation role choices; null when the roles could not be read. */
  roles: RoleOut[] | null;
}

/** Roles a tenant admin may invite into (spec section 5): the tenant's own, or the global built-in 'Tenant User'. */
export function invitableRoles(roles: readonly RoleOut[], tenantId: string): RoleOut[] {
  return roles.filter((role) => role.tenant_id === tenantId || (role.tenant_id === null && role.builtin === "tenant_user"));
}

/** The tenant admin's dashboard from the stats, the team's first page and the roles (null when unreadable). */
export function tenantAdminFromStats(
  s: StatsOf<"tenant_admin">,
  team: { items: UserListItem[]; total: number },
  roles: RoleOut[] | null,
  tenantId: string,
): TenantAdminData {
  return {
    members: team.items,
    membersTotal: team.total,
    roles: roles ? invitableRoles(roles, tenantId) : null,
    source: "stats",
    totalUsers: s.total_users,
    activeUsers: s.active_users,
    pendingInvitations: s.pending_invitations,
    totalProjects: s.total_projects,
    totalBlogs: s.total_blogs,
    activity: activity(s.recent_activity),
  };
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

// ---- user ----

export interface UserDashboardData {
  source: "stats" | "lists";
  totalProjects: number;
  totalBlogs: number;
  totalPresentations: number;
  activityCount: number;
  recentProjects: ProjectSummary[];
  latestBlogId: string | null;
  latestPresentationId: string | null;
  activity: ActivityItem[];
}

/** A user's dashboard from GET /dashboard/stats (the browser's loader and the server's first view). */
export function userFromStats(s: StatsOf<"user">): UserDashboardData {
  return {
    source: "stats",
    totalProjects: s.total_projects,
    totalBlogs: s.total_blogs,
    totalPresentations: s.total_presentations,
    activityCount: s.activity_count,
    recentProjects: s.recent_projects.slice(0, RECENT_LIMIT),
    latestBlogId: s.recent_blogs[0]?.id ?? null,
    latestPresentationId: s.recent_presentations[0]?.id ?? null,
    activity: activity(s.recent_activity),
  };
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
