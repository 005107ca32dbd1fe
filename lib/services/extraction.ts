// Text extraction of a blog's sources (the 'extract-blog-sources' job): each pending main document, extra file and
// website link is read (PDF with unpdf and DOCX with mammoth, in a worker thread: lib/content/documents.ts; web
// pages through the SSRF-guarded fetch and Readability) and its text, headings kept, stored for generation and
// Q&A. Each source ends ready or failed with a reason the blog page shows; one source failing does not hold up the
// others.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { blogSources, files } from "@/db/schema";
import { readDocument } from "@/lib/content/documents";
import { extractWebPage } from "@/lib/content/web";
import { AppError } from "@/lib/errors";
import { logger } from "@/lib/log";
import { copyToTemp } from "./files";

/** What the blog page says when a failure has no message meant for users. */
const GENERIC_FAILURE = "The text of this source could not be extracted.";

interface PendingSource {
  id: string;
  url: string | null;
  storageKey: string | null;
  mimeType: string | null;
}

async function extractOne(source: PendingSource): Promise<string> {
  if (source.storageKey && source.mimeType) {
    const directory = await mkdtemp(path.join(tmpdir(), "extract-"));
    try {
      const local = await copyToTemp(source.storageKey, directory);
      const extracted = await readDocument(source.mimeType === "application/pdf" ? "pdf" : "docx", local);
      return extracted.text;
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }
  if (source.url) return (await extractWebPage(source.url)).text;
  throw new Error("a pending source has neither a file nor an address");
}

/** Extracts every pending source of a blog (a deleted blog or source is simply skipped). */
export async function extractBlogSources(blogId: string): Promise<{ ready: number; failed: number }> {
  const db = await getDb();
  const pending = await db
    .select({ id: blogSources.id, url: blogSources.url, storageKey: files.storageKey, mimeType: files.mimeType })
    .from(blogSources)
    .leftJoin(files, eq(files.id, blogSources.fileId))
    .where(and(eq(blogSources.blogId, blogId), eq(blogSources.extractionStatus, "pending")));
  let ready = 0;
  let failed = 0;
  for (const source of pending) {
    try {
      const text = await extractOne(source);
      await db
        .update(blogSources)
        .set({ extractedText: text, extractionStatus: "ready", extractionError: null, extractedAt: new Date() })
        .where(and(eq(blogSources.id, source.id), eq(blogSources.extractionStatus, "pending")));
      ready += 1;
    } catch (error) {
      // Errors of ours carry a message written for users (a refused address, an unreadable document); anything
      // else is logged and summarised.
      const reason = error instanceof AppError ? error.detail : GENERIC_FAILURE;
      if (!(error instanceof AppError)) logger.error({ err: error, sourceId: source.id }, "source extraction failed");
      await db
        .update(blogSources)
        .set({ extractionStatus: "failed", extractionError: typeof reason === "string" ? reason : GENERIC_FAILURE, extractedAt: new Date() })
        .where(and(eq(blogSources.id, source.id), eq(blogSources.extractionStatus, "pending")));
      failed += 1;
    }
  }
  return { ready, failed };
}
