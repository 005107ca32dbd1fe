// Projects (spec sections 2, 3 and 7): list, read, create, edit and delete, in the actor's tenant (a super admin:
// any tenant, all of them in the list unless one is named). Another tenant's project is simply not found.
// Every change checks first and writes after, in one transaction that also builds the answer.
import { cachedListPage, itemsOfListPage, type ListPage } from "@/lib/services/list-cache";
import { and, desc, eq, getTableColumns, ilike, or, sql, type SQL } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@/db/client";
import { blogs, projects, tenants, type Project } from "@/db/schema";
import { isSuperAdmin, type Actor } from "@/lib/auth/actor";
import { NotFound } from "@/lib/errors";
import type { PageResult } from "@/lib/http/pagination";
import type { ProjectCreateInput, ProjectListQuery, ProjectUpdateInput } from "@/lib/validation/projects";
import { recordActivity } from "./activity";
import { assertPermission, containing, deleteContent } from "./blogs";
import { iso, jsonArrayText } from "./json-text";
import { listTenantFilter, targetTenant } from "./tenancy";

export const PROJECT_NOT_FOUND = "Project not found";

export interface ProjectOut {
  id: string;
  tenant_id: string;
  name: string;
  description: string | null;
  blog_count: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

type Executor = Db | Tx;

function projectOut(row: Project, blogCount: number): ProjectOut {
  return {
    id: row.id,
    tenant_id: row.tenantId,
    name: row.name,
    description: row.description,
    blog_count: blogCount,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The number of blogs of the project row in `alias` (a correlated count along blogs_project_created_idx). */
const blogCountOf = (projectId: SQL) => sql<number>`(select count(*) from ${blogs} where ${blogs.projectId} = ${projectId})`.mapWith(Number);

/** Only the actor's tenant, unless a super admin. */
function reach(actor: Actor): SQL | undefined {
  return isSuperAdmin(actor) ? undefined : eq(projects.tenantId, actor.tenantId);
}

/**
 * A page of projects, newest first (created_at desc, then id), searched over name and description
 * (case-insensitive, trigram-indexed), counted and paged in ONE statement: the total and the page, the page as the
 * JSON text the route sends unchanged, each item's blog count counted for the page's projects only.
 */
export async function listProjectsJson(actor: Actor, query: ProjectListQuery): Promise<ListPage> {
  assertPermission(actor, "project.view");
  const tenantId = listTenantFilter(actor, query.tenant_id);
  return cachedListPage(actor, "projects", query, async () => {
    const db = await getDb();
    const values = { tenantId, pattern: query.search ? containing(query.search) : null, limit: query.limit, offset: query.offset };
    const [row] = await listStatement(db, tenantId !== null, Boolean(query.search)).execute(values);
    if (!row) throw new Error("the project list statement returned no row");
    return row;
  });
}

/** The same page as objects, for the page that renders it on the server. */
export async function listProjects(actor: Actor, query: ProjectListQuery): Promise<PageResult<ProjectOut>> {
  return itemsOfListPage<ProjectOut>(await listProjectsJson(actor, query));
}

const listStatementCache = new WeakMap<Db, Map<string, ReturnType<typeof buildListStatement>>>();

/** The list's statement for one shape (tenant filter or not, search or not), built once per database handle. */
function listStatement(db: Db, byTenant: boolean, searched: boolean) {
  const key = `${byTenant}:${searched}`;
  let cache = listStatementCache.get(db);
  if (!cache) {
    cache = new Map();
    listStatementCache.set(db, cache);
  }
  let statement = cache.get(key);
  if (!statement) {
    statement = buildListStatement(db, byTenant, searched);
    cache.set(key, statement);
  }
  return statement;
}

/**
 * The total and the page in one statement and one row, the page as the JSON text the API sends (lib/services/
 * json-text.ts), each item with the keys in projectOut's order and its blog count.
 */
function buildListStatement(db: Db, byTenant: boolean, searched: boolean) {
  const pattern = sql.placeholder("pattern");
  const where = and(
    byTenant ? eq(projects.tenantId, sql.placeholder("tenantId")) : undefined,
    searched ? or(ilike(projects.name, pattern), ilike(projects.description, pattern)) : undefined,
  );
  const page = db
    .select()
    .from(projects)
    .where(where)
    .orderBy(desc(projects.createdAt), projects.id)
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .as("page");
  // Qualified by hand: inside the count an unqualified "id" would be the blog's.
  const column = (name: string) => sql`${sql.identifier("page")}.${sql.identifier(name)}`;
  const item = sql`(select ${column("id")} as "id", ${column("tenant_id")} as "tenant_id", ${column("name")} as "name",
    ${column("description")} as "description", ${blogCountOf(column("id"))} as "blog_count", ${column("created_by")} as "created_by",
    ${iso(column("created_at"))} as "created_at", ${iso(column("updated_at"))} as "updated_at")`;
  const json = jsonArrayText(sql`item`, sql`${page} cross join lateral ${item} as item`, sql`${column("created_at")} desc, ${column("id")}`);
  return db
    .select({ total: sql<number>`(select count(*) from ${projects} where ${where ?? sql`true`})`.mapWith(Number), json: sql<string>`${json}` })
    .from(sql`(select 1) as one`)
    .prepare("project_list");
}

/** A project the actor may reach, or 404; locked against deletion for the rest of the transaction when asked. */
export async function projectInReach(db: Executor, actor: Actor, projectId: string, lock?: "share" | "update"): Promise<Project> {
  const query = db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), reach(actor)))
    .limit(1);
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) throw new NotFound(PROJECT_NOT_FOUND);
  return row;
}

/** GET /projects/{id}: one statement, with the blog count. */
export async function getProject(actor: Actor, projectId: string): Promise<ProjectOut> {
  assertPermission(actor, "project.view");
  const db = await getDb();
  const [row] = await db
    .select({ project: projects, blogCount: blogCountOf(sql`${projects.id}`) })
    .from(projects)
    .where(and(eq(projects.id, projectId), reach(actor)))
    .limit(1);
  if (!row) throw new NotFound(PROJECT_NOT_FOUND);
  return projectOut(row.project, row.blogCount);
}

const who = (actor: Actor) => actor.fullName ?? actor.email;

export async function createProject(actor: Actor, input: ProjectCreateInput): Promise<ProjectOut> {
  assertPermission(actor, "project.create");
  const tenantId = targetTenant(actor, input.tenant_id);
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (tenantId !== actor.tenantId) {
      const [tenant] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
      if (!tenant) throw new NotFound("Tenant not found");
    }
    const [row] = await tx
      .insert(projects)
      .values({ tenantId, name: input.name, description: input.description, createdBy: actor.userId })
      .returning();
    if (!row) throw new Error("project insert returned nothing");
    await recordActivity(tx, {
      tenantId,
      actorUserId: actor.userId,
      action: "project.created",
      summary: `${who(actor)} created the project ${row.name}`,
      subjectType: "project",
      subjectId: row.id,
    });
    return projectOut(row, 0);
  });
}

export async function updateProject(actor: Actor, projectId: string, input: ProjectUpdateInput): Promise<ProjectOut> {
  assertPermission(actor, "project.update");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const changes: Partial<typeof projects.$inferInsert> = { name: input.name };
    if (input.description !== undefined) changes.description = input.description;
    const [row] = await tx
      .update(projects)
      .set(changes)
      .where(and(eq(projects.id, projectId), reach(actor)))
      .returning({ ...getTableColumns(projects), blogCount: blogCountOf(sql`${projects.id}`) });
    if (!row) throw new NotFound(PROJECT_NOT_FOUND);
    const { blogCount, ...project } = row;
    await recordActivity(tx, {
      tenantId: project.tenantId,
      actorUserId: actor.userId,
      action: "project.updated",
      summary: `${who(actor)} updated the project ${project.name}`,
      subjectType: "project",
      subjectId: project.id,
    });
    return projectOut(project, blogCount);
  });
}

/**
 * Deletes a project with its blogs, their sources and presentations (cascade, in SQL), and the stored files no
 * blog or slide uses any more; the files' objects are removed from storage after the commit. Answers the storage
 * keys of the removed files.
 */
export async function deleteProject(actor: Actor, projectId: string): Promise<{ removed_files: string[] }> {
  assertPermission(actor, "project.delete");
  return deleteContent(actor, async (tx) => {
    const project = await projectInReach(tx, actor, projectId, "update");
    return {
      scope: { projectId: project.id },
      remove: () => tx.delete(projects).where(eq(projects.id, project.id)),
      activity: { tenantId: project.tenantId, action: "project.deleted", summary: `deleted the project ${project.name}`, subjectType: "project", subjectId: project.id },
    };
  });
}
