// Dashboard statistics, shaped by the actor's role (spec section 3, "Dashboard stats response").
import { and, eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { activityEvents, blogs, invitations, presentations, projects, tenantUserCounts, tenants, users } from "@/db/schema";
import { isSuperAdmin, type Actor } from "@/lib/auth/actor";
import { Forbidden } from "@/lib/errors";
import { systemAnalytics, type SystemAnalytics } from "./analytics";

export interface ActivityOut {
  id: string;
  action: string;
  summary: string;
  actor_user_id: string | null;
  created_at: string;
}

interface RecentProject {
  id: string;
  name: string;
  description: string | null;
  created_at: string;
}
interface RecentBlog {
  id: string;
  project_id: string;
  blog_title: string;
  blog_author: string;
  created_at: string;
}
interface RecentPresentation {
  id: string;
  blog_id: string;
  status: string;
  webhook_status: string;
  created_at: string;
}

interface TenantStat {
  id: string;
  name: string;
  domain: string | null;
  is_active: boolean;
  created_at: string;
}
interface RecentUser {
  id: string;
  email: string;
  full_name: string | null;
  is_active: boolean;
  created_at: string;
}

export type DashboardStats =
  | {
      type: "super_admin";
      total_tenants: number;
      active_tenants: number;
      total_users: number;
      active_users: number;
      total_projects: number;
      total_blogs: number;
      total_presentations: number;
      tenant_stats: TenantStat[];
      analytics: SystemAnalytics;
      recent_activity: ActivityOut[];
    }
  | {
      type: "tenant_admin";
      total_users: number;
      active_users: number;
      pending_invitations: number;
      total_projects: number;
      total_blogs: number;
      total_presentations: number;
      recent_projects: RecentProject[];
      recent_blogs: RecentBlog[];
      recent_presentations: RecentPresentation[];
      recent_users: RecentUser[];
      recent_activity: ActivityOut[];
    }
  | {
      type: "user";
      total_projects: number;
      total_blogs: number;
      total_presentations: number;
      activity_count: number;
      recent_projects: RecentProject[];
      recent_blogs: RecentBlog[];
      recent_presentations: RecentPresentation[];
      recent_activity: ActivityOut[];
    };

/** Entries of each Recent list. */
const RECENT = 5;
/** Tenants in the super admin's Recent Tenants: bounded, whatever the number of tenants. */
const RECENT_TENANTS = 10;

/** A timestamp as `Date.toISOString()` writes it, made in SQL so a list read as JSON needs no conversion. */
function iso(column: SQL | AnyColumn): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A figure: a count read as a number (PostgreSQL's bigint comes as a string). */
function figure(expression: SQL): SQL<number> {
  return sql<number>`${expression}`.mapWith(Number);
}

/**
 * A bounded list as one JSON column of the dashboard statement: the rows of `query` (newest first, at most its
 * limit), each an object keyed by the query's column aliases.
 */
function recentList<T>(query: SQL): SQL<T[]> {
  return sql`(select coalesce(json_agg(recent), '[]'::json) from (${query}) as recent)`.mapWith(
    (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value) as T[],
  );
}

const recentActivity = (where: SQL | undefined) =>
  recentList<ActivityOut>(sql`select ${activityEvents.id} as id, ${activityEvents.action} as action, ${activityEvents.summary} as summary,
      ${activityEvents.actorUserId} as actor_user_id, ${iso(activityEvents.createdAt)} as created_at
    from ${activityEvents} ${where ? sql`where ${where}` : sql``}
    order by ${activityEvents.createdAt} desc limit ${RECENT}`);

/** The tenant of a tenant admin's or a user's dashboard, and the user: placeholders of the prepared statements. */
const TENANT = sql.placeholder("tenantId");
const USER = sql.placeholder("userId");

const recentContent = () => ({
  recentProjects: recentList<RecentProject>(sql`select ${projects.id} as id, ${projects.name} as name, ${projects.description} as description,
      ${iso(projects.createdAt)} as created_at
    from ${projects} where ${projects.tenantId} = ${TENANT} order by ${projects.createdAt} desc limit ${RECENT}`),
  recentBlogs: recentList<RecentBlog>(sql`select ${blogs.id} as id, ${blogs.projectId} as project_id, ${blogs.blogTitle} as blog_title,
      ${blogs.blogAuthor} as blog_author, ${iso(blogs.createdAt)} as created_at
    from ${blogs} where ${blogs.tenantId} = ${TENANT} order by ${blogs.createdAt} desc limit ${RECENT}`),
  recentPresentations: recentList<RecentPresentation>(sql`select ${presentations.id} as id, ${presentations.blogId} as blog_id,
      ${presentations.status} as status, ${presentations.webhookStatus} as webhook_status, ${iso(presentations.createdAt)} as created_at
    from ${presentations} where ${presentations.tenantId} = ${TENANT} order by ${presentations.createdAt} desc limit ${RECENT}`),
});

/** Projects, blogs and presentations: of the statement's tenant, or of all (super admin). */
const contentCounts = (ofTenant: boolean) => ({
  totalProjects: figure(sql`(select count(*) from ${projects}${ofTenant ? sql` where ${projects.tenantId} = ${TENANT}` : sql``})`),
  totalBlogs: figure(sql`(select count(*) from ${blogs}${ofTenant ? sql` where ${blogs.tenantId} = ${TENANT}` : sql``})`),
  totalPresentations: figure(
    sql`(select count(*) from ${presentations}${ofTenant ? sql` where ${presentations.tenantId} = ${TENANT}` : sql``})`,
  ),
});

/** The dashboard reads one row: every figure and every Recent list in one statement. */
const SINGLE_ROW = sql`(values (1)) as single`;

/**
 * Users and active users, from tenant_user_counts (kept exact by triggers on users) rather than by counting a
 * tenant's users on every read: of the statement's tenant, or of all tenants.
 */
const userCounts = (ofTenant: boolean) =>
  sql`(select coalesce(sum(${tenantUserCounts.activeUsers} + ${tenantUserCounts.inactiveUsers}), 0) as total,
      coalesce(sum(${tenantUserCounts.activeUsers}), 0) as active
    from ${tenantUserCounts}${ofTenant ? sql` where ${tenantUserCounts.tenantId} = ${TENANT}` : sql``}) as user_counts`;

/**
 * The three dashboard statements (super admin, tenant admin, user), built once per database handle with the tenant
 * and the user as placeholders: building them (a dozen subqueries each) cost the server more per request than
 * PostgreSQL spent running them.
 */
function buildDashboardStatements(db: Db) {
  const mine = and(eq(activityEvents.tenantId, TENANT), eq(activityEvents.actorUserId, USER));
  return {
    superAdmin: db
      .select({
        totalTenants: figure(sql`tenant_counts.total`),
        activeTenants: figure(sql`tenant_counts.active`),
        totalUsers: figure(sql`user_counts.total`),
        activeUsers: figure(sql`user_counts.active`),
        ...contentCounts(false),
        tenantStats: recentList<TenantStat>(sql`select ${tenants.id} as id, ${tenants.name} as name, ${tenants.domain} as domain,
            ${tenants.isActive} as is_active, ${iso(tenants.createdAt)} as created_at
          from ${tenants} order by ${tenants.createdAt} desc, ${tenants.id} limit ${RECENT_TENANTS}`),
        recentActivity: recentActivity(undefined),
      })
      .from(
        sql`(select count(*) as total, count(*) filter (where ${tenants.isActive}) as active from ${tenants}) as tenant_counts
          cross join ${userCounts(false)}`,
      )
      .prepare("dashboard_super_admin"),
    tenantAdmin: db
      .select({
        totalUsers: figure(sql`user_counts.total`),
        activeUsers: figure(sql`user_counts.active`),
        pendingInvitations: figure(
          sql`(select count(*) from ${invitations}
            where ${invitations.tenantId} = ${TENANT} and ${invitations.status} = 'pending' and ${invitations.expiresAt} > now())`,
        ),
        ...contentCounts(true),
        ...recentContent(),
        recentUsers: recentList<RecentUser>(sql`select ${users.id} as id, ${users.email} as email, ${users.fullName} as full_name,
            ${users.isActive} as is_active, ${iso(users.createdAt)} as created_at
          from ${users} where ${users.tenantId} = ${TENANT} order by ${users.createdAt} desc, ${users.id} limit ${RECENT}`),
        recentActivity: recentActivity(eq(activityEvents.tenantId, TENANT)),
      })
      .from(userCounts(true))
      .prepare("dashboard_tenant_admin"),
    user: db
      .select({
        ...contentCounts(true),
        activityCount: figure(sql`(select count(*) from ${activityEvents} where ${mine})`),
        ...recentContent(),
        recentActivity: recentActivity(mine),
      })
      .from(SINGLE_ROW)
      .prepare("dashboard_user"),
  };
}

const dashboardStatements = new WeakMap<Db, ReturnType<typeof buildDashboardStatements>>();

function statementsFor(db: Db) {
  let statements = dashboardStatements.get(db);
  if (!statements) {
    statements = buildDashboardStatements(db);
    dashboardStatements.set(db, statements);
  }
  return statements;
}

/**
 * The figures and Recent lists of the actor's dashboard in ONE statement (counts with `count(*) FILTER`, user
 * counts from tenant_user_counts, lists bounded and aggregated as JSON) plus, for a super admin, the System
 * Analytics cached in the process. Reads only: nothing is written on a read.
 */
export async function dashboardStats(actor: Actor): Promise<DashboardStats> {
  const statements = statementsFor(await getDb());
  if (isSuperAdmin(actor)) {
    const [[row], analytics] = await Promise.all([statements.superAdmin.execute(), systemAnalytics()]);
    if (!row) throw new Error("dashboard statement returned no row");
    return {
      type: "super_admin",
      total_tenants: row.totalTenants,
      active_tenants: row.activeTenants,
      total_users: row.totalUsers,
      active_users: row.activeUsers,
      total_projects: row.totalProjects,
      total_blogs: row.totalBlogs,
      total_presentations: row.totalPresentations,
      tenant_stats: row.tenantStats,
      analytics,
      recent_activity: row.recentActivity,
    };
  }
  if (actor.role === "tenant_admin") {
    const [row] = await statements.tenantAdmin.execute({ tenantId: actor.tenantId });
    if (!row) throw new Error("dashboard statement returned no row");
    return {
      type: "tenant_admin",
      total_users: row.totalUsers,
      active_users: row.activeUsers,
      pending_invitations: row.pendingInvitations,
      total_projects: row.totalProjects,
      total_blogs: row.totalBlogs,
      total_presentations: row.totalPresentations,
      recent_projects: row.recentProjects,
      recent_blogs: row.recentBlogs,
      recent_presentations: row.recentPresentations,
      recent_users: row.recentUsers,
      recent_activity: row.recentActivity,
    };
  }
  if (!actor.permissions.has("dashboard.view")) throw new Forbidden();
  const [row] = await statements.user.execute({ tenantId: actor.tenantId, userId: actor.userId });
  if (!row) throw new Error("dashboard statement returned no row");
  return {
    type: "user",
    total_projects: row.totalProjects,
    total_blogs: row.totalBlogs,
    total_presentations: row.totalPresentations,
    activity_count: row.activityCount,
    recent_projects: row.recentProjects,
    recent_blogs: row.recentBlogs,
    recent_presentations: row.recentPresentations,
    recent_activity: row.recentActivity,
  };
}
