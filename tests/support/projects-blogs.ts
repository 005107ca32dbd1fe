// Content set-up for API tests: projects and blogs made through the real route handlers, uploaded files stored
// through the storage driver with their `files` row (as the upload call leaves them), permission revocations,
// and a snapshot of a tenant's content rows so a refused request can be shown to have changed nothing.
import { Readable } from "node:stream";
import { asc, eq, getTableColumns } from "drizzle-orm";
import { expect } from "vitest";
import * as blogsRoute from "@/app/api/v1/blogs/route";
import * as uploadRoute from "@/app/api/v1/files/upload/route";
import * as projectsRoute from "@/app/api/v1/projects/route";
import * as revokeRoute from "@/app/api/v1/users/[id]/permissions/revoke/route";
import { getDb } from "@/db/client";
import { activityEvents, blogSources, blogs, files, projects } from "@/db/schema";
import { newObjectKey, storage, type ObjectFolder } from "@/lib/storage";
import type { BlogCreated } from "@/lib/services/blogs";
import type { UploadResult } from "@/lib/services/files";
import type { ProjectOut } from "@/lib/services/projects";
import { call, json } from "./api";

export const PDF = "application/pdf";
export const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

export async function newProject(token: string, name: string, description?: string): Promise<ProjectOut> {
  const response = await call(projectsRoute.POST, "POST", { token, body: { name, description } });
  expect(response.status, await response.clone().text()).toBe(201);
  return json<ProjectOut>(response);
}

export interface StoredFile {
  id: string;
  key: string;
}

/** A file as the upload call leaves it: the object in the store and its `files` row. */
export async function storedFile(
  tenantId: string,
  options: { folder?: ObjectFolder; contentType?: string; name?: string; bytes?: string } = {},
): Promise<StoredFile> {
  const contentType = options.contentType ?? PDF;
  const extension = contentType === PDF ? "pdf" : contentType === DOCX ? "docx" : "png";
  const key = newObjectKey(tenantId, options.folder ?? "maintext", extension);
  const bytes = Buffer.from(options.bytes ?? "%PDF-1.4 test document");
  const written = await storage().put(key, Readable.from([bytes]), { contentType, maxBytes: 1024 * 1024 });
  const db = await getDb();
  const [row] = await db
    .insert(files)
    .values({
      tenantId,
      storageKey: key,
      originalName: options.name ?? `document.${extension}`,
      mimeType: contentType,
      sizeBytes: written.size,
      sha256: written.sha256,
      kind: options.folder ?? "maintext",
    })
    .returning({ id: files.id });
  if (!row) throw new Error("file insert returned nothing");
  return { id: row.id, key };
}

/** A blog with a website as its main source unless the fields say otherwise; the call must answer 201. */
export async function newBlog(token: string, projectId: string, fields: Record<string, unknown> = {}): Promise<BlogCreated> {
  const response = await call(blogsRoute.POST, "POST", {
    token,
    body: {
      project_id: projectId,
      blog_title: "A blog",
      blog_author: "Ada Writer",
      blog_email: "ada@writers.test",
      main_text: "https://example.com/article",
      is_website: true,
      ...fields,
    },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return json<BlogCreated>(response);
}

/** Takes a permission from a user by a global override, as an administrator does. */
export async function revokePermission(adminToken: string, userId: string, permission: string): Promise<void> {
  const response = await call(revokeRoute.POST, "POST", { token: adminToken, params: { id: userId }, body: { permission_name: permission } });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Every content row of a tenant, in a stable order: equal snapshots mean a request wrote nothing there. */
/** A blog's columns but its language, which the extraction job tells in the background, whatever a request did. */
const { language: _language, ...blogColumns } = getTableColumns(blogs);

export async function contentSnapshot(tenantId: string) {
  const db = await getDb();
  const [projectRows, blogRows, sourceRows, fileRows, activityRows] = await Promise.all([
    db.select().from(projects).where(eq(projects.tenantId, tenantId)).orderBy(asc(projects.id)),
    db.select(blogColumns).from(blogs).where(eq(blogs.tenantId, tenantId)).orderBy(asc(blogs.id)),
    // Without the extraction columns: the extraction job writes those in the background, whatever a request did.
    db
      .select({
        id: blogSources.id,
        tenantId: blogSources.tenantId,
        blogId: blogSources.blogId,
        kind: blogSources.kind,
        position: blogSources.position,
        isWebsite: blogSources.isWebsite,
        url: blogSources.url,
        content: blogSources.content,
        fileId: blogSources.fileId,
        createdAt: blogSources.createdAt,
      })
      .from(blogSources)
      .where(eq(blogSources.tenantId, tenantId))
      .orderBy(asc(blogSources.id)),
    db.select().from(files).where(eq(files.tenantId, tenantId)).orderBy(asc(files.id)),
    db.select().from(activityEvents).where(eq(activityEvents.tenantId, tenantId)).orderBy(asc(activityEvents.id)),
  ]);
  return { projects: projectRows, blogs: blogRows, sources: sourceRows, files: fileRows, activity: activityRows };
}

/** POST /files/upload of `bytes` as `name` into `folder` (multipart, as the browser sends it); expects 201. */
export async function uploaded(token: string, folder: string, bytes: Uint8Array, name: string, type?: string): Promise<UploadResult> {
  const form = new FormData();
  form.set("folder", folder);
  form.set("file", new Blob([Buffer.from(bytes)], type ? { type } : {}), name);
  const request = new Request("http://app.test/api/v1/files/upload", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "x-client-ip": "198.51.100.7" },
    body: form,
  });
  const response = await uploadRoute.POST(request, { params: Promise.resolve({}) });
  expect(response.status, await response.clone().text()).toBe(201);
  return json<UploadResult>(response);
}
