// What each dashboard shows, as figures drawn from GET /dashboard/stats: the shapes the dashboards read and the
// pure mappings from the stats, shared by the browser's loaders (components/dashboard/data.ts) and the server's
// first view (lib/dashboard/initial.ts).
import type { ActivityOut, DashboardStats } from "@/lib/services/dashboard";
import type { SystemAnalytics } from "@/lib/services/analytics";
import type { RoleOut } from "@/lib/services/roles";
import type { UserListItem } from "@/lib/services/users";

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

export interface TenantListRow {
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

export function activity(items: readonly ActivityOut[]): ActivityItem[] {
  return items.slice(0, RECENT_LIMIT).map(({ id, action, summary, created_at }) => ({ id, action, summary, created_at }));
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


/** A dashboard's first view as the server read it (lib/dashboard/initial.ts), by the dashboard it is for. */
export type DashboardInitial =
  | { type: "super_admin"; data: SuperAdminData }
  | { type: "tenant_admin"; data: TenantAdminData }
  | { type: "user"; data: UserDashboardData };
