// The stored files of presentations: where the API serves them, and removing those nothing refers to any more.
import { and, eq, inArray, lt, notExists, or, sql, type SQL } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@/db/client";
import { blogSources, files, presentations, qaMessages, slides } from "@/db/schema";
import type { ObjectFolder } from "@/lib/storage/keys";
import { discardStoredObjects } from "./blogs";

/** Where the API serves a stored file (the /files routes check the reader's tenant and permission). */
export function fileUrl(key: string | null): string | null {
  return key === null ? null : `/api/v1/files/view?path=${encodeURIComponent(key)}`;
}

/**
 * Deletes those of the files that nothing refers to any more (a blog source, a slide's picture, rendering or
 * narration, an imported deck, a Q&A answer); answers their storage keys, whose objects the caller removes after
 * the commit (discardStoredObjects).
 */
export async function removeUnreferencedFiles(tx: Tx, fileIds: readonly string[]): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const rows = await tx
    .delete(files)
    .where(and(inArray(files.id, [...new Set(fileIds)]), unreferenced(tx)))
    .returning({ key: files.storageKey });
  return rows.map((row) => row.key);
}

/** No blog source, slide, imported deck or Q&A answer refers to the `files` row at hand. */
function unreferenced(db: Db | Tx): SQL | undefined {
  const refers = or(
    eq(slides.imageFileId, files.id),
    eq(slides.webImageFileId, files.id),
    eq(slides.mobileImageFileId, files.id),
    eq(slides.thumbnailFileId, files.id),
    eq(slides.audioFileId, files.id),
  );
  return and(
    notExists(db.select({ one: sql`1` }).from(blogSources).where(eq(blogSources.fileId, files.id))),
    notExists(db.select({ one: sql`1` }).from(slides).where(and(eq(slides.tenantId, files.tenantId), refers))),
    notExists(db.select({ one: sql`1` }).from(presentations).where(eq(presentations.sourceFileId, files.id))),
    notExists(db.select({ one: sql`1` }).from(qaMessages).where(and(eq(qaMessages.tenantId, files.tenantId), eq(qaMessages.audioFileId, files.id)))),
  );
}

/**
 * Folders of files a person uploads (or parse-ppt renders) BEFORE anything refers to them: blog documents, slide
 * pictures, PowerPoint files and their slide renderings. One abandoned in between (a closed tab, an import never
 * saved) is found by the hourly sweep below. And audio: a slide's or an answer's is linked in the transaction that
 * stores it, but a blog deleted while its deck was being spoken can leave one behind.
 */
const UPLOAD_FOLDERS: readonly ObjectFolder[] = ["maintext", "sourcefile", "images", "slides", "pptx", "audio"];

/** An upload nobody has used within this time is abandoned. */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;
export const ABANDONED_FILES_JOB = "remove-abandoned-uploads";

/**
 * Deletes uploads older than `maxAgeMs` that nothing refers to, in batches; answers the storage keys removed (their
 * objects are removed here too, after each batch's commit). A file that a request is attaching at this moment holds
 * a row lock (`for share`) and is skipped; the delete re-reads the references in its own statement, after the lock.
 */
export async function removeAbandonedUploads(now: Date = new Date(), maxAgeMs = ABANDONED_AFTER_MS, batchSize = 500): Promise<string[]> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - maxAgeMs);
  const removed: string[] = [];
  for (;;) {
    const keys = await db.transaction(async (tx) => {
      const candidates = await tx
        .select({ id: files.id })
        .from(files)
        .where(and(inArray(files.kind, UPLOAD_FOLDERS), lt(files.createdAt, cutoff), unreferenced(tx)))
        .limit(batchSize)
        .for("update", { skipLocked: true });
      return { keys: await removeUnreferencedFiles(tx, candidates.map((row) => row.id)), full: candidates.length === batchSize };
    });
    await discardStoredObjects(keys.keys);
    removed.push(...keys.keys);
    if (!keys.full) return removed;
  }
}
