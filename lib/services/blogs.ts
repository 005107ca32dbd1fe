// Blogs (spec sections 2, 3 and 7): a project's source material (a main document that is an uploaded PDF/DOCX or
// a web page, website links, content blocks, extra files) stored as blog_sources rows with a per-source extraction
// status. Lists, detail, create, edit and delete in the actor's tenant (a super admin: any tenant); another
// tenant's blog, project or file is simply not found. Every change checks first and writes after, in one
// transaction that also builds the answer; the extraction job is sent after the commit.
import { cachedListPage, itemsOfListPage, listPageOf, type ListPage } from "@/lib/services/list-cache";
import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNotNull,
  notExists,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from "drizzle-orm";
import { union } from "drizzle-orm/pg-core";
import type { PgBoss, Queue } from "pg-boss";
import { getDb, type Db, type Tx } from "@/db/client";
import {
  blogSources,
  blogs,
  files,
  presentations,
  projects,
  qaMessages,
  qaSessions,
  slides,
  type Blog,
  type ExtractionStatus,
  type NewBlogSource,
} from "@/db/schema";
import { isSuperAdmin, type Actor } from "@/lib/auth/actor";
import type { PermissionName } from "@/lib/auth/permissions";
import { Forbidden, NotFound, ValidationFailed, type ValidationIssue } from "@/lib/errors";
import type { PageResult } from "@/lib/http/pagination";
import { enqueue, jobQueue } from "@/lib/jobs/queue";
import { logger } from "@/lib/log";
import { storage } from "@/lib/storage";
import {
  BLOG_MESSAGES,
  type BlogCreateInput,
  type BlogListQuery,
  type BlogUpdateInput,
  type ProjectBlogsQuery,
} from "@/lib/validation/blogs";
import { recordActivity } from "./activity";
import { copyPassages, writePassages } from "./passages";
import { listTenantFilter } from "./tenancy";

type Executor = Db | Tx;
type SourceKind = (typeof blogSources.$inferSelect)["kind"];

/** The pg-boss queue of text extraction; a job's data is {blogId}. The worker extracts the blog's pending sources. */
export const EXTRACTION_JOB = "extract-blog-sources";

/** The queue's settings; the worker (lib/jobs/workers.ts) creates the queue with these too, whoever comes first. */
export const EXTRACTION_QUEUE_OPTIONS: Queue = {
  name: EXTRACTION_JOB,
  retryLimit: 3,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 600,
};

/** What main documents and extra files may be: the types the upload call accepts for sources (section 9). */
export const SOURCE_FILE_TYPES: ReadonlySet<string> = new Set([
  "application/pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
]);

/** Checked here too, not only in the route: pages and server actions call these functions directly. */
export function assertPermission(actor: Actor, permission: PermissionName): void {
  if (!actor.permissions.has(permission)) throw new Forbidden();
}

/** A LIKE pattern matching the text anywhere, with LIKE's own wildcards in it taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}

const who = (actor: Actor) => actor.fullName ?? actor.email;

// ---- answers ----

/** A stored file as the upload call describes it. */
export interface FileOut {
  s3_path: string;
  filename: string;
  size: number;
  content_type: string;
}

/** One source with where its extraction stands (the extracted text itself is for generation and Q&A). */
export interface BlogSourceOut {
  id: string;
  kind: SourceKind;
  position: number;
  /** The page's address (main document given as a URL, website links). */
  url: string | null;
  /** The stored file (main document uploaded, extra files); null for URLs, content blocks, or a file since removed. */
  file: FileOut | null;
  extraction_status: ExtractionStatus;
  extraction_error: string | null;
  extracted_at: string | null;
  /** The language of the extracted text (ISO 639-1, 'und' when too short or mixed to tell); null until told. */
  language: string | null;
}

export interface ContentBlockOut {
  content_type: "contentBlock";
  content_path: string;
}

export interface PresentationSummary {
  id: string;
  status: string;
  webhook_status: string;
  /** Why generation or audio processing failed (shown with the failed or timed-out status), else null. */
  error: string | null;
  template: string;
  generation_method: string;
  version_number: number;
  created_at: string;
  updated_at: string;
}

/** GET /blogs/{id}: the Blog of spec section 3, plus the sources' status, the project's name and the presentations. */
export interface BlogOut {
  id: string;
  project_id: string;
  project_name: string;
  tenant_id: string;
  blog_title: string;
  blog_author: string;
  blog_email: string;
  /** The main document: its URL when is_website, else its storage key (s3_path). */
  main_text: string | null;
  is_website: boolean;
  website_links: string[];
  content_blocks: ContentBlockOut[];
  /** Storage keys of the extra files. */
  uploaded_files: string[];
  /**
   * The language most of the sources' text is in (ISO 639-1, 'und' when undetermined), null until a source is read:
   * the default language of the blog's decks.
   */
  language: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  /** Every source in order: main document, website links, content blocks, files. */
  sources: BlogSourceOut[];
  /**
   * Newest first, as GET /presentations/blog/{blogId} lists them: the first is the version the blog page's Edit
   * Presentation opens (spec section 2), so after a regeneration it is the new one.
   */
  presentations: PresentationSummary[];
}

export interface BlogCreated extends BlogOut {
  blog_id: string;
}

/**
 * A blog in a list: its fields with the link and file lists of the Blog of spec section 3, and how many sources of
 * each kind it has (the sources with their status, and the content blocks: GET /blogs/{id}).
 */
export interface BlogListItem {
  id: string;
  project_id: string;
  tenant_id: string;
  blog_title: string;
  blog_author: string;
  blog_email: string;
  main_text: string | null;
  is_website: boolean;
  /** The website links, in order. */
  website_links: string[];
  /** Storage keys of the extra files, in order. */
  uploaded_files: string[];
  website_link_count: number;
  content_block_count: number;
  uploaded_file_count: number;
  created_at: string;
  updated_at: string;
}

// ---- reading ----

/** A timestamp as `Date.toISOString()` writes it, made in SQL so a value read as JSON needs no conversion. */
function iso(column: SQL | AnyColumn): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A JSON column: postgres-js hands it parsed, PGlite may hand it as text. */
function jsonOf<T>(expression: SQL): SQL<T> {
  return sql<T>`${expression}`.mapWith((value: unknown) => (typeof value === "string" ? JSON.parse(value) : value) as T);
}

interface SourceRow extends BlogSourceOut {
  content: string | null;
}

/** The blog's sources with their files, in order, as one JSON array (one index scan of blog_sources_blog_idx). */
const sourcesOf = (blogId: SQL) =>
  jsonOf<SourceRow[]>(sql`(select coalesce(json_agg(json_build_object(
      'id', ${blogSources.id}, 'kind', ${blogSources.kind}, 'position', ${blogSources.position}, 'url', ${blogSources.url},
      'content', case when ${blogSources.kind} = 'content_block' then ${blogSources.content} end,
      'file', case when ${files.id} is not null then json_build_object('s3_path', ${files.storageKey}, 'filename', ${files.originalName},
        'size', ${files.sizeBytes}, 'content_type', ${files.mimeType}) end,
      'extraction_status', ${blogSources.extractionStatus}, 'extraction_error', ${blogSources.extractionError},
      'extracted_at', ${iso(blogSources.extractedAt)}, 'language', ${blogSources.language}
    ) order by ${blogSources.kind}, ${blogSources.position}), '[]'::json)
    from ${blogSources} left join ${files} on ${files.id} = ${blogSources.fileId}
    where ${blogSources.blogId} = ${blogId})`);

const presentationsOf = (blogId: SQL) =>
  jsonOf<PresentationSummary[]>(sql`(select coalesce(json_agg(json_build_object(
      'id', ${presentations.id}, 'status', ${presentations.status}, 'webhook_status', ${presentations.webhookStatus},
      'error', ${presentations.error}, 'template', ${presentations.template}, 'generation_method', ${presentations.generationMethod},
      'version_number', ${presentations.versionNumber}, 'created_at', ${iso(presentations.createdAt)},
      'updated_at', ${iso(presentations.updatedAt)}
    ) order by ${presentations.createdAt} desc, ${presentations.versionNumber} desc, ${presentations.id} desc), '[]'::json)
    from ${presentations} where ${presentations.blogId} = ${blogId})`);

function blogOut(row: Blog, projectName: string, sourceRows: SourceRow[], presentationRows: PresentationSummary[]): BlogOut {
  const of = (kind: SourceKind) => sourceRows.filter((source) => source.kind === kind);
  const main = of("main_document")[0];
  return {
    id: row.id,
    project_id: row.projectId,
    project_name: projectName,
    tenant_id: row.tenantId,
    blog_title: row.blogTitle,
    blog_author: row.blogAuthor,
    blog_email: row.blogEmail,
    main_text: main ? (main.url ?? main.file?.s3_path ?? null) : null,
    is_website: main ? main.url !== null : false,
    website_links: of("website_link").flatMap((source) => (source.url ? [source.url] : [])),
    content_blocks: of("content_block").map((source) => ({ content_type: "contentBlock", content_path: source.content ?? "" })),
    uploaded_files: of("file").flatMap((source) => (source.file ? [source.file.s3_path] : [])),
    language: row.language,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    sources: sourceRows.map(({ content: _content, ...source }) => source),
    presentations: presentationRows,
  };
}

/** Only the actor's tenant, unless a super admin. */
function blogReach(actor: Actor): SQL | undefined {
  return isSuperAdmin(actor) ? undefined : eq(blogs.tenantId, actor.tenantId);
}

/** The blog with its project's name, sources and presentations in ONE statement, or null. */
async function readBlog(db: Executor, blogId: string, scope: SQL | undefined): Promise<BlogOut | null> {
  const [row] = await db
    .select({
      blog: getTableColumns(blogs),
      projectName: projects.name,
      sources: sourcesOf(sql`${blogs.id}`),
      presentations: presentationsOf(sql`${blogs.id}`),
    })
    .from(blogs)
    .innerJoin(projects, eq(projects.id, blogs.projectId))
    .where(and(eq(blogs.id, blogId), scope))
    .limit(1);
  return row ? blogOut(row.blog, row.projectName, row.sources, row.presentations) : null;
}

/** GET /blogs/{id}. */
export async function getBlog(actor: Actor, blogId: string): Promise<BlogOut> {
  assertPermission(actor, "blog.view");
  const blog = await readBlog(await getDb(), blogId, blogReach(actor));
  if (!blog) throw new NotFound(BLOG_MESSAGES.notFound);
  // Presentations load only with presentation view (spec section 6): without it the list is empty.
  return actor.permissions.has("presentation.view") ? blog : { ...blog, presentations: [] };
}

/** The blog as just written, read in the writing transaction: the answer cannot fail once the write is made. */
async function writtenBlog(tx: Tx, blogId: string): Promise<BlogOut> {
  const blog = await readBlog(tx, blogId, undefined);
  if (!blog) throw new Error(`blog ${blogId} vanished inside its own transaction`);
  return blog;
}

// ---- lists ----

interface ListShape {
  byTenant: boolean;
  byProject: boolean;
  searched: boolean;
}

const listStatementCache = new WeakMap<Db, Map<string, ReturnType<typeof buildListStatements>>>();

function listStatements(db: Db, shape: ListShape) {
  const key = `${shape.byTenant}:${shape.byProject}:${shape.searched}`;
  let cache = listStatementCache.get(db);
  if (!cache) {
    cache = new Map();
    listStatementCache.set(db, cache);
  }
  let statements = cache.get(key);
  if (!statements) {
    statements = buildListStatements(db, shape);
    cache.set(key, statements);
  }
  return statements;
}

interface SourceSummary {
  main_text: string | null;
  is_website: boolean | null;
  website_link_list: string[] | null;
  file_list: string[] | null;
  website_links: number;
  content_blocks: number;
  files: number;
}

/**
 * A list's statements for one shape, built once per database handle with placeholders: the page with its total
 * (`count(*) over ()`), the source summary added to the page's rows only; and a count for an offset past the end.
 */
function buildListStatements(db: Db, { byTenant, byProject, searched }: ListShape) {
  const pattern = sql.placeholder("pattern");
  const where = and(
    byTenant ? eq(blogs.tenantId, sql.placeholder("tenantId")) : undefined,
    byProject ? eq(blogs.projectId, sql.placeholder("projectId")) : undefined,
    searched ? or(ilike(blogs.blogTitle, pattern), ilike(blogs.blogAuthor, pattern), ilike(blogs.blogEmail, pattern)) : undefined,
  );
  const inner = db
    .select({ ...getTableColumns(blogs), total: sql<number>`count(*) over ()`.mapWith(Number).as("total") })
    .from(blogs)
    .where(where)
    .orderBy(desc(blogs.createdAt), blogs.id)
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .as("page");
  const { total: _total, ...blogColumns } = inner._.selectedFields;
  // Qualified by hand: inside the subquery an unqualified "id" would be the source's.
  const summary = jsonOf<SourceSummary>(sql`(select json_build_object(
      'main_text', max(case when ${blogSources.kind} = 'main_document' then coalesce(${blogSources.url}, ${files.storageKey}) end),
      'is_website', bool_or(${blogSources.kind} = 'main_document' and ${blogSources.url} is not null),
      'website_link_list', json_agg(${blogSources.url} order by ${blogSources.position}) filter (where ${blogSources.kind} = 'website_link' and ${blogSources.url} is not null),
      'file_list', json_agg(${files.storageKey} order by ${blogSources.position}) filter (where ${blogSources.kind} = 'file' and ${files.id} is not null),
      'website_links', count(*) filter (where ${blogSources.kind} = 'website_link'),
      'content_blocks', count(*) filter (where ${blogSources.kind} = 'content_block'),
      'files', count(${files.id}) filter (where ${blogSources.kind} = 'file'))
    from ${blogSources} left join ${files} on ${files.id} = ${blogSources.fileId}
    where ${blogSources.blogId} = "page"."id")`);
  const page = db
    .select({ blog: blogColumns, total: inner.total, summary })
    .from(inner)
    .orderBy(desc(inner.createdAt), inner.id)
    .prepare("blog_list_page");
  const total = db.select({ value: count() }).from(blogs).where(where).prepare("blog_list_total");
  return { page, total };
}

function listItem(row: Blog, summary: SourceSummary): BlogListItem {
  return {
    id: row.id,
    project_id: row.projectId,
    tenant_id: row.tenantId,
    blog_title: row.blogTitle,
    blog_author: row.blogAuthor,
    blog_email: row.blogEmail,
    main_text: summary.main_text,
    is_website: summary.is_website === true,
    website_links: summary.website_link_list ?? [],
    uploaded_files: summary.file_list ?? [],
    website_link_count: Number(summary.website_links),
    content_block_count: Number(summary.content_blocks),
    uploaded_file_count: Number(summary.files),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function pageOfBlogs(
  db: Db,
  tenantId: string | null,
  projectId: string | null,
  query: ProjectBlogsQuery,
): Promise<PageResult<BlogListItem> & { found: boolean }> {
  const { page, total } = listStatements(db, { byTenant: tenantId !== null, byProject: projectId !== null, searched: Boolean(query.search) });
  const values = { tenantId, projectId, pattern: query.search ? containing(query.search) : null, limit: query.limit, offset: query.offset };
  const rows = await page.execute(values);
  const first = rows[0];
  const counted = first ? first.total : query.offset > 0 ? ((await total.execute(values))[0]?.value ?? 0) : 0;
  return { items: rows.map((row) => listItem(row.blog, row.summary)), total: counted, found: first !== undefined };
}

/**
 * GET /blogs/project/{projectId}: the project's blogs, newest first (created_at desc, then id), searched
 * case-insensitively over title, author and e-mail, counted and paged in SQL: one statement when the page has
 * rows; an empty page also checks that the project exists in reach (404 otherwise).
 */
async function readProjectBlogs(actor: Actor, projectId: string, query: ProjectBlogsQuery): Promise<PageResult<BlogListItem>> {
  const db = await getDb();
  const tenantId = isSuperAdmin(actor) ? null : actor.tenantId;
  const { found, ...page } = await pageOfBlogs(db, tenantId, projectId, query);
  if (!found) await projectInReach(db, actor, projectId);
  return page;
}

/** The project's blogs as the API sends them, kept while the data is unchanged (lib/services/list-cache.ts). */
export async function listProjectBlogsJson(actor: Actor, projectId: string, query: ProjectBlogsQuery): Promise<ListPage> {
  assertPermission(actor, "blog.view");
  return cachedListPage(actor, "project-blogs", [projectId, query], async () => listPageOf(await readProjectBlogs(actor, projectId, query)));
}

/** The same page as objects, for the page that renders it on the server. */
export async function listProjectBlogs(actor: Actor, projectId: string, query: ProjectBlogsQuery): Promise<PageResult<BlogListItem>> {
  return itemsOfListPage<BlogListItem>(await listProjectBlogsJson(actor, projectId, query));
}

/** GET /blogs/: the tenant's blogs (a super admin: all, or one tenant's), of one project when project_id is given. */
async function readBlogs(actor: Actor, query: BlogListQuery): Promise<PageResult<BlogListItem>> {
  const tenantId = listTenantFilter(actor, query.tenant_id);
  const { found: _found, ...page } = await pageOfBlogs(await getDb(), tenantId, query.project_id ?? null, query);
  return page;
}

/** GET /blogs/ as the API sends it, kept while the data is unchanged (lib/services/list-cache.ts). */
export async function listBlogsJson(actor: Actor, query: BlogListQuery): Promise<ListPage> {
  assertPermission(actor, "blog.view");
  return cachedListPage(actor, "blogs", query, async () => listPageOf(await readBlogs(actor, query)));
}

// ---- writing ----

/** The project a blog goes into, in the actor's reach, locked against deletion until the transaction ends. */
async function projectInReach(db: Executor, actor: Actor, projectId: string, lock?: "share") {
  const query = db
    .select({ id: projects.id, tenantId: projects.tenantId, name: projects.name })
    .from(projects)
    .where(and(eq(projects.id, projectId), isSuperAdmin(actor) ? undefined : eq(projects.tenantId, actor.tenantId)))
    .limit(1);
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) throw new NotFound(BLOG_MESSAGES.projectNotFound);
  return row;
}

/** A blog in the actor's reach, locked for the rest of the transaction, or 404. */
async function blogInReach(tx: Tx, actor: Actor, blogId: string): Promise<Blog> {
  const [row] = await tx
    .select()
    .from(blogs)
    .where(and(eq(blogs.id, blogId), blogReach(actor)))
    .limit(1)
    .for("update");
  if (!row) throw new NotFound(BLOG_MESSAGES.notFound);
  return row;
}

interface WantedFile {
  key: string;
  loc: (string | number)[];
}

/**
 * The files named by storage key, which must be the tenant's own PDF or DOCX files (else 422 naming each bad
 * key's field, whatever else is wrong, and nothing is written); locked against deletion until the commit.
 */
async function sourceFiles(tx: Tx, tenantId: string, wanted: WantedFile[]): Promise<Map<string, string>> {
  if (wanted.length === 0) return new Map();
  const keys = [...new Set(wanted.map((file) => file.key))];
  const rows = await tx
    .select({ id: files.id, key: files.storageKey, mimeType: files.mimeType })
    .from(files)
    .where(and(eq(files.tenantId, tenantId), inArray(files.storageKey, keys)))
    .for("share");
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const issues: ValidationIssue[] = [];
  for (const { key, loc } of wanted) {
    const row = byKey.get(key);
    if (!row) issues.push({ loc, msg: BLOG_MESSAGES.fileNotFound, type: "file_not_found" });
    else if (!SOURCE_FILE_TYPES.has(row.mimeType)) issues.push({ loc, msg: BLOG_MESSAGES.wrongFileType, type: "file_type" });
  }
  if (issues.length > 0) throw new ValidationFailed(issues);
  return new Map(rows.map((row) => [row.key, row.id]));
}

/** The files an input names, with the field each came from. */
function wantedFiles(input: Pick<BlogUpdateInput, "main_text" | "is_website" | "uploaded_files">): WantedFile[] {
  const wanted: WantedFile[] = [];
  if (input.main_text !== undefined && input.is_website === false) wanted.push({ key: input.main_text, loc: ["body", "main_text"] });
  for (const [index, key] of (input.uploaded_files ?? []).entries()) wanted.push({ key, loc: ["body", "uploaded_files", index] });
  return wanted;
}

type SourceGroup = "main" | "links" | "blocks" | "files";

/** The new rows of one group of sources; documents and pages start pending, content blocks are ready at once. */
function groupRows(group: SourceGroup, input: BlogUpdateInput, fileIds: Map<string, string>, base: Pick<NewBlogSource, "tenantId" | "blogId">): NewBlogSource[] {
  const now = new Date();
  switch (group) {
    case "main": {
      if (input.main_text === undefined) return [];
      const website = input.is_website === true;
      return [
        {
          ...base,
          kind: "main_document",
          position: 0,
          isWebsite: website,
          url: website ? input.main_text : null,
          fileId: website ? null : (fileIds.get(input.main_text) ?? null),
        },
      ];
    }
    case "links":
      return (input.website_links ?? []).map((url, position) => ({ ...base, kind: "website_link", position, isWebsite: true, url }));
    case "blocks":
      return (input.content_blocks ?? []).map((text, position) => ({
        ...base,
        kind: "content_block",
        position,
        content: text,
        extractedText: text,
        extractionStatus: "ready",
        extractedAt: now,
      }));
    case "files":
      return (input.uploaded_files ?? []).map((key, position) => ({ ...base, kind: "file", position, fileId: fileIds.get(key) ?? null }));
  }
}

const GROUP_KIND: Record<SourceGroup, SourceKind> = { main: "main_document", links: "website_link", blocks: "content_block", files: "file" };

/**
 * Passages of newly written source rows (in the order inserted): a kept page or file takes over its old row's
 * passages (`keptFrom` names that row); a ready row without one (a content block) is cut and indexed here.
 */
async function indexReadyRows(
  tx: Tx,
  base: Pick<NewBlogSource, "tenantId" | "blogId">,
  rows: readonly NewBlogSource[],
  inserted: readonly { id: string }[],
  keptFrom: (row: NewBlogSource) => string | undefined = () => undefined,
): Promise<void> {
  for (const [index, row] of rows.entries()) {
    const id = inserted[index]?.id;
    if (!id || row.extractionStatus !== "ready") continue;
    const target = { id, tenantId: base.tenantId, blogId: base.blogId };
    const previous = keptFrom(row);
    if (previous) await copyPassages(tx, previous, target);
    else await writePassages(tx, target, row.extractedText ?? null);
  }
}

/** What identifies a source's material: the same page or file keeps its extraction when a list is rewritten. */
function sourceIdentity(source: Pick<NewBlogSource, "url" | "fileId" | "content">): string {
  return JSON.stringify([source.url ?? null, source.fileId ?? null, source.content ?? null]);
}

/** POST /blogs/: the blog and all its sources in one transaction after every check; then the extraction job. */
export async function createBlog(actor: Actor, input: BlogCreateInput): Promise<BlogCreated> {
  assertPermission(actor, "blog.create");
  const db = await getDb();
  const blog = await db.transaction(async (tx) => {
    const project = await projectInReach(tx, actor, input.project_id, "share");
    const fileIds = await sourceFiles(tx, project.tenantId, wantedFiles(input));
    const [row] = await tx
      .insert(blogs)
      .values({
        tenantId: project.tenantId,
        projectId: project.id,
        blogTitle: input.blog_title,
        blogAuthor: input.blog_author,
        blogEmail: input.blog_email,
        createdBy: actor.userId,
      })
      .returning({ id: blogs.id });
    if (!row) throw new Error("blog insert returned nothing");
    const base = { tenantId: project.tenantId, blogId: row.id };
    const sources = (["main", "links", "blocks", "files"] as const).flatMap((group) => groupRows(group, input, fileIds, base));
    const inserted = await tx.insert(blogSources).values(sources).returning({ id: blogSources.id });
    // Content blocks are ready at once: their passages are indexed with them.
    await indexReadyRows(tx, base, sources, inserted);
    await recordActivity(tx, {
      tenantId: project.tenantId,
      actorUserId: actor.userId,
      action: "blog.created",
      summary: `${who(actor)} created the blog ${input.blog_title} in ${project.name}`,
      subjectType: "blog",
      subjectId: row.id,
    });
    return writtenBlog(tx, row.id);
  });
  // Content blocks are ready at once; the job tells their language (off the request's thread) with the rest.
  await startExtraction(blog.id, blog.sources.some((source) => source.extraction_status === "pending" || source.language === null));
  return { blog_id: blog.id, ...blog };
}

/**
 * PUT /blogs/{id}: the fields given change; a list given replaces that list (a page or file already in it keeps
 * its extracted text), the main source changes as a pair. Files no blog uses any more are removed.
 */
export async function updateBlog(actor: Actor, blogId: string, input: BlogUpdateInput): Promise<BlogOut> {
  // Editing a blog is writing its source material: the permission that creates blogs (spec section 6 names no
  // separate edit permission for blogs).
  assertPermission(actor, "blog.create");
  const db = await getDb();
  const { blog, removedKeys, newPending } = await db.transaction(async (tx) => {
    const current = await blogInReach(tx, actor, blogId);
    const fileIds = await sourceFiles(tx, current.tenantId, wantedFiles(input));
    const existing = await tx.select().from(blogSources).where(eq(blogSources.blogId, current.id));
    const base = { tenantId: current.tenantId, blogId: current.id };
    const given: Record<SourceGroup, boolean> = {
      main: input.main_text !== undefined,
      links: input.website_links !== undefined,
      blocks: input.content_blocks !== undefined,
      files: input.uploaded_files !== undefined,
    };
    const replaced = (Object.keys(given) as SourceGroup[]).filter((group) => {
      if (!given[group]) return false;
      const before = existing
        .filter((source) => source.kind === GROUP_KIND[group])
        .sort((left, right) => left.position - right.position)
        .map(sourceIdentity);
      return JSON.stringify(before) !== JSON.stringify(groupRows(group, input, fileIds, base).map(sourceIdentity));
    });
    const removedFileIds: string[] = [];
    let pending = false;
    if (replaced.length > 0) {
      const kinds = replaced.map((group) => GROUP_KIND[group]);
      const old = existing.filter((source) => kinds.includes(source.kind));
      // The same page or file in its new place keeps what was extracted from it.
      const kept = new Map(old.map((source) => [`${source.kind}:${sourceIdentity(source)}`, source]));
      const rows = replaced.flatMap((group) =>
        groupRows(group, input, fileIds, base).map((row) => {
          const previous = kept.get(`${row.kind}:${sourceIdentity(row)}`);
          return previous && row.kind !== "content_block"
            ? {
                ...row,
                extractedText: previous.extractedText,
                extractionStatus: previous.extractionStatus,
                extractionError: previous.extractionError,
                extractedAt: previous.extractedAt,
                language: previous.language,
              }
            : row;
        }),
      );
      // The new rows first, so a kept page or file can take its passages over from its old row; then the old rows go
      // (their passages with them).
      const inserted = rows.length > 0 ? await tx.insert(blogSources).values(rows).returning({ id: blogSources.id }) : [];
      await indexReadyRows(tx, base, rows, inserted, (row) => (row.kind === "content_block" ? undefined : kept.get(`${row.kind}:${sourceIdentity(row)}`)?.id));
      if (old.length > 0) await tx.delete(blogSources).where(inArray(blogSources.id, old.map((source) => source.id)));
      // A new content block too: the job tells its language.
      pending = rows.some((row) => (row.extractionStatus ?? "pending") === "pending" || (row.language ?? null) === null);
      removedFileIds.push(...old.flatMap((source) => (source.fileId ? [source.fileId] : [])));
    }
    const changes: Partial<typeof blogs.$inferInsert> = {};
    if (input.blog_title !== undefined) changes.blogTitle = input.blog_title;
    if (input.blog_author !== undefined) changes.blogAuthor = input.blog_author;
    if (input.blog_email !== undefined) changes.blogEmail = input.blog_email;
    // Any change, of the fields or of the sources, moves updated_at.
    if (Object.keys(changes).length > 0 || replaced.length > 0) await tx.update(blogs).set({ ...changes, updatedAt: new Date() }).where(eq(blogs.id, current.id));
    const removed = await removeUnusedFiles(tx, removedFileIds);
    await recordActivity(tx, {
      tenantId: current.tenantId,
      actorUserId: actor.userId,
      action: "blog.updated",
      summary: `${who(actor)} updated the blog ${changes.blogTitle ?? current.blogTitle}`,
      subjectType: "blog",
      subjectId: current.id,
    });
    return { blog: await writtenBlog(tx, current.id), removedKeys: removed, newPending: pending };
  });
  await discardStoredObjects(removedKeys);
  await startExtraction(blog.id, newPending);
  return blog;
}

/**
 * DELETE /blogs/{id}: the blog, its sources and presentations (cascade, in SQL) and the stored files no other
 * blog or slide uses; the files' objects are removed from storage after the commit. Answers their storage keys.
 */
export async function deleteBlog(actor: Actor, blogId: string): Promise<{ removed_files: string[] }> {
  assertPermission(actor, "blog.delete");
  return deleteContent(actor, async (tx) => {
    const blog = await blogInReach(tx, actor, blogId);
    return {
      scope: { blogId: blog.id },
      remove: () => tx.delete(blogs).where(eq(blogs.id, blog.id)),
      activity: { tenantId: blog.tenantId, action: "blog.deleted", summary: `deleted the blog ${blog.blogTitle}`, subjectType: "blog", subjectId: blog.id },
    };
  });
}

/** What deleteContent removes: the blogs in scope, the statement deleting them, and the activity it records. */
export interface ContentDeletion {
  scope: { blogId: string } | { projectId: string };
  remove: () => Promise<unknown>;
  activity: { tenantId: string; action: string; summary: string; subjectType: string; subjectId: string };
}

/**
 * Deletes a blog or a project in one transaction (found by `find`, which also checks reach), with the files only
 * it used and an activity event; then removes those files' objects from storage. Answers the removed keys.
 */
export async function deleteContent(actor: Actor, find: (tx: Tx) => Promise<ContentDeletion>): Promise<{ removed_files: string[] }> {
  const db = await getDb();
  const keys = await db.transaction(async (tx) => {
    const { scope, remove, activity } = await find(tx);
    const removed = await removeBlogsOf(tx, scope, remove);
    await recordActivity(tx, { ...activity, actorUserId: actor.userId, summary: `${who(actor)} ${activity.summary}` });
    return removed;
  });
  await discardStoredObjects(keys);
  return { removed_files: keys };
}

// ---- files of deleted content ----

/**
 * Runs `remove` (which deletes one blog, or a project with its blogs; the database cascades to sources,
 * presentations, slides and Q&A) and deletes the `files` rows that only those used: the blogs' documents and
 * extra files, their presentations' imported decks, slide pictures, renderings and narration, their Q&A answers'
 * audio. Three statements,
 * whatever the number of blogs. Answers the storage keys of the deleted rows, whose objects the caller removes
 * after the commit (`discardStoredObjects`).
 */
export async function removeBlogsOf(tx: Tx, scope: { blogId: string } | { projectId: string }, remove: () => Promise<unknown>): Promise<string[]> {
  const scopedBlogs = tx
    .select({ id: blogs.id })
    .from(blogs)
    .where("blogId" in scope ? eq(blogs.id, scope.blogId) : eq(blogs.projectId, scope.projectId));
  const scopedPresentations = tx.select({ id: presentations.id }).from(presentations).where(inArray(presentations.blogId, scopedBlogs));
  const slideFiles = (column: AnyColumn) =>
    tx
      .select({ fileId: sql<string>`${column}`.as("file_id") })
      .from(slides)
      .where(and(inArray(slides.presentationId, scopedPresentations), isNotNull(column)));
  const used = await union(
    tx
      .select({ fileId: sql<string>`${blogSources.fileId}`.as("file_id") })
      .from(blogSources)
      .where(and(inArray(blogSources.blogId, scopedBlogs), isNotNull(blogSources.fileId))),
    slideFiles(slides.webImageFileId),
    slideFiles(slides.mobileImageFileId),
    slideFiles(slides.audioFileId),
    slideFiles(slides.imageFileId),
    slideFiles(slides.thumbnailFileId),
    tx
      .select({ fileId: sql<string>`${presentations.sourceFileId}`.as("file_id") })
      .from(presentations)
      .where(and(inArray(presentations.blogId, scopedBlogs), isNotNull(presentations.sourceFileId))),
    tx
      .select({ fileId: sql<string>`${qaMessages.audioFileId}`.as("file_id") })
      .from(qaMessages)
      .innerJoin(qaSessions, eq(qaSessions.id, qaMessages.sessionId))
      .where(and(inArray(qaSessions.presentationId, scopedPresentations), isNotNull(qaMessages.audioFileId))),
  );
  await remove();
  return removeUnusedFiles(
    tx,
    used.map((row) => row.fileId),
  );
}

/** Deletes those of the files that nothing refers to any more; answers their storage keys. */
async function removeUnusedFiles(tx: Tx, fileIds: string[]): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const usedBy = (column: AnyColumn) => eq(column, files.id);
  const rows = await tx
    .delete(files)
    .where(
      and(
        inArray(files.id, [...new Set(fileIds)]),
        notExists(tx.select({ one: sql`1` }).from(blogSources).where(usedBy(blogSources.fileId))),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(slides)
            .where(
              and(
                eq(slides.tenantId, files.tenantId),
                or(
                  usedBy(slides.webImageFileId),
                  usedBy(slides.mobileImageFileId),
                  usedBy(slides.audioFileId),
                  usedBy(slides.imageFileId),
                  usedBy(slides.thumbnailFileId),
                ),
              ),
            ),
        ),
        notExists(tx.select({ one: sql`1` }).from(presentations).where(usedBy(presentations.sourceFileId))),
        notExists(tx.select({ one: sql`1` }).from(qaMessages).where(and(eq(qaMessages.tenantId, files.tenantId), usedBy(qaMessages.audioFileId)))),
      ),
    )
    .returning({ key: files.storageKey });
  return rows.map((row) => row.key);
}

/**
 * Removes the objects of deleted file rows from storage. The rows are gone for good: an object that cannot be
 * removed now is logged, not answered as a failed deletion (as tenant deletion does).
 */
export async function discardStoredObjects(keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    try {
      await storage().delete(key);
    } catch (error) {
      logger.error({ key, reason: error instanceof Error ? error.message : typeof error }, "a deleted file's object could not be removed");
    }
  }
}

// ---- extraction ----

const queuesMade = new WeakSet<PgBoss>();

/**
 * Sends the extraction job of a blog (pg-boss queue 'extract-blog-sources', data {blogId}); the worker extracts
 * its pending sources. The queue is made first if no worker has made it yet: pg-boss drops a job sent to a queue
 * that does not exist.
 */
export async function enqueueSourceExtraction(blogId: string): Promise<void> {
  const boss = await jobQueue();
  if (!queuesMade.has(boss)) {
    await boss.createQueue(EXTRACTION_JOB, EXTRACTION_QUEUE_OPTIONS);
    queuesMade.add(boss);
  }
  await enqueue(EXTRACTION_JOB, { blogId });
}

/**
 * After the commit: the job for a blog that has new pending sources. The blog is stored whatever happens here;
 * should the queue be down, its sources stay pending (shown so on the blog page) and the failure is logged.
 */
async function startExtraction(blogId: string, newPending: boolean): Promise<void> {
  if (!newPending) return;
  try {
    await enqueueSourceExtraction(blogId);
  } catch (error) {
    logger.error({ blogId, reason: error instanceof Error ? error.message : typeof error }, "the extraction job could not be sent");
  }
}
