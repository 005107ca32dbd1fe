// The stored files of presentations: where the API serves them, and removing those nothing refers to any more.
import { and, eq, inArray, notExists, or, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { blogSources, files, presentations, qaMessages, slides } from "@/db/schema";

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
  const refers = or(
    eq(slides.imageFileId, files.id),
    eq(slides.webImageFileId, files.id),
    eq(slides.mobileImageFileId, files.id),
    eq(slides.thumbnailFileId, files.id),
    eq(slides.audioFileId, files.id),
  );
  const rows = await tx
    .delete(files)
    .where(
      and(
        inArray(files.id, [...new Set(fileIds)]),
        notExists(tx.select({ one: sql`1` }).from(blogSources).where(eq(blogSources.fileId, files.id))),
        notExists(tx.select({ one: sql`1` }).from(slides).where(and(eq(slides.tenantId, files.tenantId), refers))),
        notExists(tx.select({ one: sql`1` }).from(presentations).where(eq(presentations.sourceFileId, files.id))),
        notExists(tx.select({ one: sql`1` }).from(qaMessages).where(and(eq(qaMessages.tenantId, files.tenantId), eq(qaMessages.audioFileId, files.id)))),
      ),
    )
    .returning({ key: files.storageKey });
  return rows.map((row) => row.key);
}
