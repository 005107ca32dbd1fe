// Content: stored files, projects, blogs and the source material of each blog.
import { relations } from "drizzle-orm";
import { bigint, boolean, customType, index, integer, pgEnum, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { at, createdAt, id, updatedAt } from "./columns";
import { tenants } from "./tenants";
import { users } from "./accounts";

/** A stored object (upload, slide image, narration audio); the bytes live in the storage driver. */
export const files = pgTable(
  "files",
  {
    id: id(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    /** Key in the storage driver, e.g. "<tenant>/maintext/<uuid>.pdf"; the API calls it the path. */
    storageKey: text("storage_key").notNull().unique(),
    originalName: text("original_name").notNull(),
    mimeType: text("mime_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    /** Folder or upload kind: maintext, sourcefile, slides, audio, pptx. */
    kind: text("kind").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [index("files_tenant_idx").on(table.tenantId)],
);

export const projects = pgTable(
  "projects",
  {
    id: id(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The project list's order (created_at desc, id), within a tenant and across all of them (super admin).
    // Search by name or description uses trigram indexes that drizzle-kit cannot express: see migration 0004.
    index("projects_tenant_created_idx").on(table.tenantId, table.createdAt.desc().nullsFirst(), table.id),
    index("projects_created_idx").on(table.createdAt.desc().nullsFirst(), table.id),
  ],
);

export const blogs = pgTable(
  "blogs",
  {
    id: id(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    blogTitle: text("blog_title").notNull(),
    blogAuthor: text("blog_author").notNull(),
    blogEmail: text("blog_email").notNull(),
    /**
     * The language most of its sources' text is in (ISO 639-1, 'und' when undetermined), null until a source is read:
     * the default language of its decks.
     */
    language: text("language"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The blog list's order (created_at desc, id): of a project, of a tenant, of all tenants (super admin).
    // Search over title, author and e-mail uses trigram indexes (migration 0004).
    index("blogs_project_created_idx").on(table.projectId, table.createdAt.desc().nullsFirst(), table.id),
    index("blogs_tenant_created_idx").on(table.tenantId, table.createdAt.desc().nullsFirst(), table.id),
    index("blogs_created_idx").on(table.createdAt.desc().nullsFirst(), table.id),
  ],
);

export const blogSourceKind = pgEnum("blog_source_kind", ["main_document", "website_link", "content_block", "file"]);

/** Where a source's text extraction stands: the extraction job moves pending sources to ready or failed. */
export const extractionStatus = pgEnum("extraction_status", ["pending", "ready", "failed"]);

/**
 * One piece of a blog's source material. The main document is a file or a URL (exactly one per blog);
 * website links carry a URL, content blocks carry text, extra files reference `files`.
 */
export const blogSources = pgTable(
  "blog_sources",
  {
    id: id(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    blogId: uuid("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    kind: blogSourceKind("kind").notNull(),
    position: integer("position").notNull().default(0),
    isWebsite: boolean("is_website").notNull().default(false),
    url: text("url"),
    content: text("content"),
    fileId: uuid("file_id").references(() => files.id, { onDelete: "set null" }),
    /** Text extracted from the document or page, used by generation and Q&A. */
    extractedText: text("extracted_text"),
    /** New documents and pages start pending; content blocks are ready at once (their text is the extract). */
    extractionStatus: extractionStatus("extraction_status").notNull().default("pending"),
    /** Why extraction failed, shown on the blog page. */
    extractionError: text("extraction_error"),
    extractedAt: at("extracted_at"),
    /** The language of the extracted text (ISO 639-1, 'und' when too short or mixed to tell); null until told. */
    language: text("language"),
    createdAt: createdAt(),
  },
  (table) => [
    index("blog_sources_blog_idx").on(table.blogId, table.kind, table.position),
    // Whether a file is still used by some blog, when a blog goes (its files are removed with it otherwise).
    index("blog_sources_file_idx").on(table.fileId),
  ],
);

/** PostgreSQL's full-text document type (PGlite has it too). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * A source's extracted text cut into passages (a heading and the paragraphs under it, a few hundred words at most),
 * indexed for full-text search when the source is extracted, so answering a question is an index lookup over the
 * blog's passages, never a pass over its whole text. Rewritten whenever the source's text is.
 */
export const sourcePassages = pgTable(
  "source_passages",
  {
    id: id(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    blogId: uuid("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    sourceId: uuid("source_id")
      .notNull()
      .references(() => blogSources.id, { onDelete: "cascade" }),
    /** Order within the source, from 0: a passage's neighbours are position - 1 and + 1. */
    position: integer("position").notNull(),
    /** The heading the passage sits under ("" before the first heading). */
    heading: text("heading").notNull().default(""),
    body: text("body").notNull(),
    /** The text search configuration the passage was indexed with (a PostgreSQL regconfig name: english, french, ...). */
    language: text("language").notNull().default("english"),
    /** to_tsvector(language, heading and body), written with the passage. */
    search: tsvector("search").notNull(),
  },
  (table) => [
    index("source_passages_search_idx").using("gin", table.search),
    index("source_passages_source_idx").on(table.sourceId, table.position),
    index("source_passages_blog_idx").on(table.blogId),
  ],
);

export const projectsRelations = relations(projects, ({ one, many }) => ({
  tenant: one(tenants, { fields: [projects.tenantId], references: [tenants.id] }),
  blogs: many(blogs),
}));

export const blogsRelations = relations(blogs, ({ one, many }) => ({
  project: one(projects, { fields: [blogs.projectId], references: [projects.id] }),
  sources: many(blogSources),
}));

export const blogSourcesRelations = relations(blogSources, ({ one }) => ({
  blog: one(blogs, { fields: [blogSources.blogId], references: [blogs.id] }),
  file: one(files, { fields: [blogSources.fileId], references: [files.id] }),
}));

export type StoredFile = typeof files.$inferSelect;
export type NewStoredFile = typeof files.$inferInsert;
export type Project = typeof projects.$inferSelect;
export type NewProject = typeof projects.$inferInsert;
export type Blog = typeof blogs.$inferSelect;
export type NewBlog = typeof blogs.$inferInsert;
export type BlogSource = typeof blogSources.$inferSelect;
export type SourcePassage = typeof sourcePassages.$inferSelect;
export type ExtractionStatus = (typeof extractionStatus.enumValues)[number];
export type NewBlogSource = typeof blogSources.$inferInsert;
