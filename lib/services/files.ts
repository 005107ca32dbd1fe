// Stored files: uploads (streamed, checked from their bytes, written under a server-made key), and the look-ups
// behind every file route (view, download, info, preview, shared content). The bytes live in the storage driver
// (lib/storage); the `files` table is the authority on who owns a key, its name, type, size and hash.
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { blogSources, files, presentations, shareLinks, slides, tenants, type StoredFile } from "@/db/schema";
import { isSuperAdmin, type Actor } from "@/lib/auth/actor";
import type { PermissionName } from "@/lib/auth/permissions";
import { sha256 } from "@/lib/auth/tokens";
import { InvalidFileType } from "@/lib/content/errors";
import { checkUploadedFile, MIME_TYPE_OF, type FileKind } from "@/lib/content/sniff";
import { libreOfficeAvailable } from "@/lib/pptx/office";
import { previewDocx } from "@/lib/content/documents";
import { env } from "@/lib/env";
import { BadRequest, Conflict, Forbidden, NotFound, PayloadTooLarge, UnsupportedMediaType, ValidationFailed } from "@/lib/errors";
import { logger } from "@/lib/log";
import { FileTooLarge, newObjectKey, parseObjectKey, storage, type ObjectFolder } from "@/lib/storage";
import { CONTROL_CHARACTERS_MESSAGE, hasForbiddenCharacters } from "@/lib/validation/characters";
import { SHARE_TOKEN_PATTERN } from "@/lib/validation/sharing";

const MB = 1024 * 1024;

interface UploadRule {
  kinds: readonly FileKind[];
  permission: PermissionName;
  maxBytes: () => number;
  /** The spec's own words for a file over the limit, where it has them (content-workflow section 5). */
  tooLarge?: string;
}

/** What a client may upload into each folder; other folders (audio, previews, scripts) are written by the server. */
const UPLOAD_RULES: Partial<Record<ObjectFolder, UploadRule>> = {
  maintext: { kinds: ["pdf", "docx"], permission: "blog.create", maxBytes: () => env().MAX_UPLOAD_BYTES },
  sourcefile: { kinds: ["pdf", "docx"], permission: "blog.create", maxBytes: () => env().MAX_UPLOAD_BYTES },
  // Slide images: 10MB is the larger of the editors' limits (spec section 5); the 5MB manual editor checks its own.
  images: { kinds: ["png", "jpeg", "gif"], permission: "presentation.generate", maxBytes: () => 10 * MB, tooLarge: "Image must be less than 10MB" },
  slides: { kinds: ["png", "jpeg", "gif"], permission: "presentation.generate", maxBytes: () => 10 * MB, tooLarge: "Image must be less than 10MB" },
  // A legacy .ppt is accepted only where LibreOffice can convert it (uploadFile checks); parse-ppt converts it.
  pptx: { kinds: ["pptx", "ppt"], permission: "presentation.generate", maxBytes: () => 50 * MB, tooLarge: "PowerPoint file must be less than 50MB" },
};

export const UPLOAD_FOLDERS = Object.keys(UPLOAD_RULES) as ObjectFolder[];

/** Multipart framing around the file: boundaries, part headers and the small fields. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** What a file route answers about a file (spec section 3: file view and download results, plus details). */
export interface FileInfo {
  s3_path: string;
  path: string;
  filename: string;
  size: number;
  content_type: string;
  sha256: string;
  file_type: string;
  is_browser_viewable: boolean;
  view_url: string;
  download_url: string;
  created_at: string;
}

export interface UploadResult extends FileInfo {
  file_id: string;
}

// ---- uploads ----

interface ReceivedFile {
  path: string;
  size: number;
  fileName: string;
}

/** Over the largest limit while reading; carries the fields that came before the file (they may name the folder). */
class UploadTooLarge extends FileTooLarge {
  constructor(
    maxBytes: number,
    readonly fields: Record<string, string>,
  ) {
    super(maxBytes);
  }
}

/** A file over its folder's limit: the folder's own message when the spec has one. */
function tooLargeFor(rule: UploadRule | undefined, fallback: FileTooLarge): Error {
  return rule?.tooLarge ? new PayloadTooLarge(rule.tooLarge) : fallback;
}

/**
 * Counts the bytes of the file part. It never fails the stream: busboy's fileSize limit (maxBytes + 1) truncates the
 * part and skips the rest of it, and a count over maxBytes is refused once the part has ended. Failing the stream
 * instead destroyed busboy's file stream mid-part, and busboy then waited forever for it to drain.
 */
class LimitMeter extends Transform {
  bytes = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    callback(null, chunk);
  }
}

/**
 * Reads a multipart request: its small text fields, and its one `file` part streamed to a temporary file (never
 * held in memory), refusing more than `maxBytes`. The caller removes `directory`.
 */
async function receiveMultipart(
  request: Request,
  directory: string,
  maxBytes: number,
): Promise<{ fields: Record<string, string>; file: ReceivedFile | null }> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new UnsupportedMediaType("Uploads must be sent as multipart/form-data.");
  }
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  // A declared size over the limit is refused before a byte is read.
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) throw new UploadTooLarge(maxBytes, {});
  if (!request.body) throw new BadRequest("The upload is empty.");

  const fields: Record<string, string> = {};
  let received: Promise<ReceivedFile> | null = null;
  const parser = busboy({
    headers: { "content-type": contentType },
    defParamCharset: "utf8",
    limits: { files: 1, fields: 10, parts: 12, fieldSize: 4096, fileSize: maxBytes + 1 },
  });
  parser.on("field", (name, value) => {
    fields[name] = value;
  });
  parser.on("file", (name, stream, info) => {
    if (name !== "file" || received) {
      stream.resume();
      return;
    }
    const target = path.join(directory, "upload");
    const meter = new LimitMeter();
    received = pipeline(stream, meter, createWriteStream(target)).then(() => {
      if (meter.bytes > maxBytes) throw new UploadTooLarge(maxBytes, fields);
      return { path: target, size: meter.bytes, fileName: info.filename ?? "" };
    });
    // Without a handler the rejection would be unhandled while the rest of the body is still parsed.
    received.catch(() => undefined);
  });
  const body = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>);
  try {
    await pipeline(body, parser);
  } catch (error) {
    if (error instanceof FileTooLarge) throw error;
    throw new BadRequest("The upload could not be read as multipart form data.");
  }
  return { fields, file: received ? await received : null };
}

/** The display name of an upload: its own name (or custom_filename) without control characters or folders. */
function displayName(fileName: string, custom: string | undefined): string {
  const chosen = (custom?.trim() || fileName).replace(/^.*[\\/]/, "").trim();
  if (!chosen) return "upload";
  if (hasForbiddenCharacters(chosen, "name")) {
    throw new ValidationFailed([{ loc: ["body", "file"], msg: CONTROL_CHARACTERS_MESSAGE, type: "value_error" }]);
  }
  return Array.from(chosen).slice(0, 255).join("");
}

const EXTENSION_OF: Record<FileKind, string> = { pdf: "pdf", docx: "docx", pptx: "pptx", ppt: "ppt", png: "png", jpeg: "jpg", gif: "gif" };

/** Said when a .ppt arrives on a server without LibreOffice, which alone can read the legacy binary format. */
export const LEGACY_PPT_UNSUPPORTED = "Legacy .ppt files can be imported only where the server has LibreOffice installed. Save the file as .pptx in PowerPoint and upload it again.";

/**
 * POST /files/upload: multipart {file, folder, custom_filename?}. The type is read from the bytes (415 'Invalid
 * File Type'), a DOCX or PPTX must be a sane archive, a file over the folder's limit gets 413; on any refusal
 * nothing is stored. The key is made here, under the actor's tenant; the response's s3_path is that key.
 */
export async function uploadFile(actor: Actor, request: Request): Promise<UploadResult> {
  const largest = Math.max(...Object.values(UPLOAD_RULES).map((rule) => rule.maxBytes()));
  const directory = await mkdtemp(path.join(tmpdir(), "upload-"));
  try {
    const folderOf = (fields: Record<string, string>) => (fields.folder ?? fields.kind ?? "").trim() as ObjectFolder;
    const { fields, file } = await receiveMultipart(request, directory, largest).catch((error: unknown) => {
      throw error instanceof UploadTooLarge ? tooLargeFor(UPLOAD_RULES[folderOf(error.fields)], error) : error;
    });
    const folder = folderOf(fields);
    const rule = UPLOAD_RULES[folder];
    if (!rule) {
      throw new ValidationFailed([
        { loc: ["body", "folder"], msg: `The folder must be one of: ${UPLOAD_FOLDERS.join(", ")}`, type: "value_error" },
      ]);
    }
    if (!actor.permissions.has(rule.permission)) throw new Forbidden();
    if (!file) throw new ValidationFailed([{ loc: ["body", "file"], msg: "A file is required", type: "missing" }]);
    const name = displayName(file.fileName, fields.custom_filename);
    if (file.size > rule.maxBytes()) throw tooLargeFor(rule, new FileTooLarge(rule.maxBytes()));
    if (file.size === 0) throw new ValidationFailed([{ loc: ["body", "file"], msg: "The file is empty", type: "value_error" }]);
    const kind = await checkUploadedFile(file.path, rule.kinds, { fileName: name });
    if (kind === "ppt" && !(await libreOfficeAvailable())) throw new InvalidFileType(LEGACY_PPT_UNSUPPORTED);

    const key = newObjectKey(actor.tenantId, folder, EXTENSION_OF[kind]);
    const stored = await storage().put(key, createReadStream(file.path), { contentType: MIME_TYPE_OF[kind], maxBytes: rule.maxBytes() });
    try {
      const db = await getDb();
      const [row] = await db
        .insert(files)
        .values({
          tenantId: actor.tenantId,
          storageKey: key,
          originalName: name,
          mimeType: MIME_TYPE_OF[kind],
          sizeBytes: stored.size,
          sha256: stored.sha256,
          kind: folder,
          createdBy: actor.userId,
        })
        .returning();
      if (!row) throw new Error("file insert returned nothing");
      return { file_id: row.id, ...fileInfo(row) };
    } catch (error) {
      await storage().delete(key).catch(() => undefined);
      throw error;
    }
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

// ---- look-ups ----

/** Which permission reading a folder's files needs: source material is the blog's, the rest the presentation's. */
function readPermission(folder: ObjectFolder): PermissionName {
  return folder === "maintext" || folder === "sourcefile" || folder === "previews" ? "blog.view" : "presentation.view";
}

/**
 * The file row of a key the actor may read. Anything that is not one of our keys, or a key of another tenant, or a
 * key without a row, is 404 before the store is touched; lacking the permission is 403.
 */
export async function fileForActor(actor: Actor, pathParam: string): Promise<StoredFile> {
  const parsed = parseObjectKey(pathParam);
  if (!parsed) throw new NotFound("File not found");
  if (!isSuperAdmin(actor) && parsed.tenantId !== actor.tenantId) throw new NotFound("File not found");
  if (!actor.permissions.has(readPermission(parsed.folder))) throw new Forbidden("Access denied. You may not have permission to view/download this file.");
  const db = await getDb();
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.storageKey, parsed.key), eq(files.tenantId, parsed.tenantId)))
    .limit(1);
  if (!row) throw new NotFound("File not found");
  return row;
}

/**
 * The file row of a key shown through a live share link: an image, narration audio or script of a slide of the
 * presentation the token shares. Anything else (no token, a revoked link, a deactivated tenant's link, a file of
 * another presentation) is 404.
 */
export async function fileForShare(token: string | null, pathParam: string): Promise<StoredFile> {
  const parsed = parseObjectKey(pathParam);
  if (!parsed || !token || !SHARE_TOKEN_PATTERN.test(token)) throw new NotFound("File not found");
  const db = await getDb();
  // A live link of an active tenant, as for the share page and Q&A (liveShareLink): a deactivated tenant's links
  // open nothing.
  const [row] = await db
    .select({ file: files })
    .from(shareLinks)
    .innerJoin(tenants, and(eq(tenants.id, shareLinks.tenantId), eq(tenants.isActive, true)))
    .innerJoin(presentations, eq(presentations.id, shareLinks.presentationId))
    .innerJoin(slides, eq(slides.presentationId, presentations.id))
    .innerJoin(
      files,
      and(
        eq(files.tenantId, presentations.tenantId),
        or(eq(files.id, slides.webImageFileId), eq(files.id, slides.mobileImageFileId), eq(files.id, slides.audioFileId)),
      ),
    )
    .where(and(eq(shareLinks.tokenHash, sha256(token)), isNull(shareLinks.revokedAt), eq(files.storageKey, parsed.key)))
    .limit(1);
  if (!row) throw new NotFound("File not found");
  return row.file;
}

const BROWSER_VIEWABLE = new Set(["application/pdf", "image/png", "image/jpeg", "image/gif", "audio/mpeg", "audio/ogg", "audio/webm"]);

/** The short type name the viewer switches on. */
function fileTypeOf(mime: string): string {
  if (mime === "application/pdf") return "pdf";
  if (mime.includes("wordprocessingml")) return "docx";
  if (mime.includes("presentationml")) return "pptx";
  if (mime.startsWith("image/")) return "image";
  if (mime.startsWith("audio/")) return "audio";
  if (mime.startsWith("text/")) return "text";
  return "other";
}

export function fileInfo(row: StoredFile): FileInfo {
  const query = `path=${encodeURIComponent(row.storageKey)}`;
  return {
    s3_path: row.storageKey,
    path: row.storageKey,
    filename: row.originalName,
    size: row.sizeBytes,
    content_type: row.mimeType,
    sha256: row.sha256,
    file_type: fileTypeOf(row.mimeType),
    is_browser_viewable: BROWSER_VIEWABLE.has(row.mimeType),
    view_url: `/api/v1/files/view?${query}`,
    download_url: `/api/v1/files/download?${query}&filename=${encodeURIComponent(row.originalName)}`,
    created_at: row.createdAt.toISOString(),
  };
}

/** GET /files/preview: a DOCX as sanitised HTML, since no outside viewer can reach a private deployment. */
export async function filePreviewHtml(actor: Actor, pathParam: string): Promise<{ html: string; filename: string }> {
  const row = await fileForActor(actor, pathParam);
  if (fileTypeOf(row.mimeType) !== "docx") throw new UnsupportedMediaType("Only Word documents have an HTML preview.");
  const directory = await mkdtemp(path.join(tmpdir(), "preview-"));
  try {
    const local = await copyToTemp(row.storageKey, directory);
    return { html: await previewDocx(local), filename: row.originalName };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** Streams a stored object to a temporary file (documents are parsed from disk, never whole in memory). */
export async function copyToTemp(key: string, directory: string): Promise<string> {
  const object = await storage().get(key);
  if (!object) throw new NotFound("File missing in storage");
  const target = path.join(directory, path.basename(key));
  await pipeline(object.body, createWriteStream(target));
  const written = await stat(target);
  if (written.size !== object.size) throw new Error("the stored object was cut short");
  return target;
}

/**
 * DELETE /files?path=: removes an upload that no blog uses yet (the blog form's clean-up after a failed blog
 * creation). A file in use is 409; someone else's upload needs the blog delete permission.
 */
export async function deleteUnusedUpload(actor: Actor, pathParam: string): Promise<void> {
  const row = await fileForActor(actor, pathParam);
  if (row.kind !== "maintext" && row.kind !== "sourcefile") throw new Forbidden();
  if (row.createdBy !== actor.userId && !actor.permissions.has("blog.delete")) throw new Forbidden();
  const db = await getDb();
  const deleted = await db
    .delete(files)
    .where(
      and(
        eq(files.id, row.id),
        sql`not exists (select 1 from ${blogSources} where ${blogSources.fileId} = ${files.id})`,
      ),
    )
    .returning({ key: files.storageKey });
  // The row was there a moment ago: nothing deleted means a blog uses it.
  if (deleted.length === 0) throw new Conflict("The file is used by a blog and cannot be removed.");
  try {
    await storage().delete(row.storageKey);
  } catch (error) {
    logger.error({ key: row.storageKey, reason: error instanceof Error ? error.message : typeof error }, "an upload's object could not be removed");
  }
}
