// Dashboard statistics, shaped by the actor's role (spec section 3, "Dashboard stats response").
import { and, count, desc, eq, gt } from "drizzle-orm";
import { getDb } from "@/db/client";
import { activityEvents, blogs, invitations, presentations, projects, tenants, users } from "@/db/schema";
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
      tenant_stats: { id: string; name: string; domain: string | null; is_active: boolean; created_at: string }[];
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
      recent_users: { id: string; email: string; full_name: string | null; is_active: boolean; created_at: string }[];
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

const RECENT = 5;

async function countOf(promise: Promise<{ value: number }[]>): Promise<number> {
  const [row] = await promise;
  return row?.value ?? 0;
}

function activityOut(row: typeof activityEvents.$inferSelect): ActivityOut {
  return { id: row.id, action: row.action, summary: row.summary, actor_user_id: row.actorUserId, created_at: row.createdAt.toISOString() };
}

async function recentContent(tenantId: string) {
  const db = await getDb();
  const [recentProjects, recentBlogs, recentPresentations] = await Promise.all([
    db.select().from(projects).where(eq(projects.tenantId, tenantId)).orderBy(desc(projects.createdAt)).limit(RECENT),
    db.select().from(blogs).where(eq(blogs.tenantId, tenantId)).orderBy(desc(blogs.createdAt)).limit(RECENT),
    db.select().from(presentations).where(eq(presentations.tenantId, tenantId)).orderBy(desc(presentations.createdAt)).limit(RECENT),
  ]);
  return {
    recent_projects: recentProjects.map((project) => ({
      id: project.id,
      name: project.name,
      description: project.description,
      created_at: project.createdAt.toISOString(),
    })),
    recent_blogs: recentBlogs.map((blog) => ({
      id: blog.id,
      project_id: blog.projectId,
      blog_title: blog.blogTitle,
      blog_author: blog.blogAuthor,
      created_at: blog.createdAt.toISOString(),
    })),
    recent_presentations: recentPresentations.map((presentation) => ({
      id: presentation.id,
      blog_id: presentation.blogId,
      status: presentation.status,
      webhook_status: presentation.webhookStatus,
      created_at: presentation.createdAt.toISOString(),
    })),
  };
}

async function contentCounts(tenantId: string | null) {
  const db = await getDb();
  const [totalProjects, totalBlogs, totalPresentations] = await Promise.all([
    countOf(db.select({ value: count() }).from(projects).where(tenantId ? eq(projects.tenantId, tenantId) : undefined)),
    countOf(db.select({ value: count() }).from(blogs).where(tenantId ? eq(blogs.tenantId, tenantId) : undefined)),
    countOf(db.select({ value: count() }).from(presentations).where(tenantId ? eq(presentations.tenantId, tenantId) : undefined)),
  ]);
  return { total_projects: totalProjects, total_blogs: totalBlogs, total_presentations: totalPresentations };
}

export async function dashboardStats(actor: Actor): Promise<DashboardStats> {
  const db = await getDb();
  if (isSuperAdmin(actor)) {
    const [totalTenants, activeTenants, totalUsers, activeUsers, content, tenantRows, analytics, activity] = await Promise.all([
      countOf(db.select({ value: count() }).from(tenants)),
      countOf(db.select({ value: count() }).from(tenants).where(eq(tenants.isActive, true))),
      countOf(db.select({ value: count() }).from(users)),
      countOf(db.select({ value: count() }).from(users).where(eq(users.isActive, true))),
      contentCounts(null),
      db.select().from(tenants).orderBy(desc(tenants.createdAt)),
      systemAnalytics(),
      db.select().from(activityEvents).orderBy(desc(activityEvents.createdAt)).limit(RECENT),
    ]);
    return {
      type: "super_admin",
      total_tenants: totalTenants,
      active_tenants: activeTenants,
      total_users: totalUsers,
      active_users: activeUsers,
      ...content,
      tenant_stats: tenantRows.map((tenant) => ({
        id: tenant.id,
        name: tenant.name,
        domain: tenant.domain,
        is_active: tenant.isActive,
        created_at: tenant.createdAt.toISOString(),
      })),
      analytics,
      recent_activity: activity.map(activityOut),
    };
  }
  if (actor.role === "tenant_admin") {
    const [totalUsers, activeUsers, pending, content, recent, recentUsers, activity] = await Promise.all([
      countOf(db.select({ value: count() }).from(users).where(eq(users.tenantId, actor.tenantId))),
      countOf(db.select({ value: count() }).from(users).where(and(eq(users.tenantId, actor.tenantId), eq(users.isActive, true)))),
      countOf(
        db
          .select({ value: count() })
          .from(invitations)
          .where(and(eq(invitations.tenantId, actor.tenantId), eq(invitations.status, "pending"), gt(invitations.expiresAt, new Date()))),
      ),
      contentCounts(actor.tenantId),
      recentContent(actor.tenantId),
      db.select().from(users).where(eq(users.tenantId, actor.tenantId)).orderBy(desc(users.createdAt)).limit(RECENT),
      db.select().from(activityEvents).where(eq(activityEvents.tenantId, actor.tenantId)).orderBy(desc(activityEvents.createdAt)).limit(RECENT),
    ]);
    return {
      type: "tenant_admin",
      total_users: totalUsers,
      active_users: activeUsers,
      pending_invitations: pending,
      ...content,
      ...recent,
      recent_users: recentUsers.map((user) => ({
        id: user.id,
        email: user.email,
        full_name: user.fullName,
        is_active: user.isActive,
        created_at: user.createdAt.toISOString(),
      })),
      recent_activity: activity.map(activityOut),
    };
  }
  if (!actor.permissions.has("dashboard.view")) throw new Forbidden();
  const mine = and(eq(activityEvents.tenantId, actor.tenantId), eq(activityEvents.actorUserId, actor.userId));
  const [content, recent, activity, activityCount] = await Promise.all([
    contentCounts(actor.tenantId),
    recentContent(actor.tenantId),
    db.select().from(activityEvents).where(mine).orderBy(desc(activityEvents.createdAt)).limit(RECENT),
    countOf(db.select({ value: count() }).from(activityEvents).where(mine)),
  ]);
  return { type: "user", ...content, activity_count: activityCount, ...recent, recent_activity: activity.map(activityOut) };
}
