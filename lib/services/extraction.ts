// Text extraction of a blog's sources (the 'extract-blog-sources' job): each pending main document, extra file and
// website link is read (PDF with unpdf and DOCX with mammoth, in a worker thread: lib/content/documents.ts; web
// pages through the SSRF-guarded fetch and Readability) and its text, headings kept, stored for generation and
// Q&A, with its passages for the answer index (lib/services/passages.ts) in the same transaction. Each source ends ready or failed with a reason the blog page shows; one source failing does not hold up the
// others.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { blogs, blogSources, files } from "@/db/schema";
import { detectTextLanguage, readDocument } from "@/lib/content/documents";
import { textSearchConfig, UNDETERMINED } from "@/lib/content/languages";
import { extractWebPage } from "@/lib/content/web";
import { AppError } from "@/lib/errors";
import { logger } from "@/lib/log";
import { copyToTemp } from "./files";
import { writePassages } from "./passages";

/** What the blog page says when a failure has no message meant for users. */
const GENERIC_FAILURE = "The text of this source could not be extracted.";

interface PendingSource {
  id: string;
  tenantId: string;
  blogId: string;
  url: string | null;
  storageKey: string | null;
  mimeType: string | null;
}

/** A source's text, with the headings its extractor found (they mark where passages start). */
interface Extracted {
  text: string;
  headings: (string | null)[];
}

async function extractOne(source: PendingSource): Promise<Extracted> {
  if (source.storageKey && source.mimeType) {
    const directory = await mkdtemp(path.join(tmpdir(), "extract-"));
    try {
      const local = await copyToTemp(source.storageKey, directory);
      const extracted = await readDocument(source.mimeType === "application/pdf" ? "pdf" : "docx", local);
      return { text: extracted.text, headings: extracted.sections.map((section) => section.heading) };
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }
  if (source.url) {
    const page = await extractWebPage(source.url);
    return { text: page.text, headings: page.sections.map((section) => section.heading) };
  }
  throw new Error("a pending source has neither a file nor an address");
}

/** Extracts every pending source of a blog (a deleted blog or source is simply skipped). */
export async function extractBlogSources(blogId: string): Promise<{ ready: number; failed: number }> {
  const db = await getDb();
  const pending = await db
    .select({ id: blogSources.id, tenantId: blogSources.tenantId, blogId: blogSources.blogId, url: blogSources.url, storageKey: files.storageKey, mimeType: files.mimeType })
    .from(blogSources)
    .leftJoin(files, eq(files.id, blogSources.fileId))
    .where(and(eq(blogSources.blogId, blogId), eq(blogSources.extractionStatus, "pending")));
  let ready = 0;
  let failed = 0;
  for (const source of pending) {
    try {
      const { text, headings } = await extractOne(source);
      const { language } = await detectTextLanguage(text);
      // The text and its passages together: a source is ready only with its passages indexed.
      const stored = await db.transaction(async (tx) => {
        const updated = await tx
          .update(blogSources)
          .set({ extractedText: text, extractionStatus: "ready", extractionError: null, extractedAt: new Date(), language })
          .where(and(eq(blogSources.id, source.id), eq(blogSources.extractionStatus, "pending")))
          .returning({ id: blogSources.id });
        if (updated.length === 0) return false;
        await writePassages(tx, source, text, headings, language);
        return true;
      });
      if (stored) ready += 1;
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
  await detectReadySources(blogId);
  await updateBlogLanguage(blogId);
  return { ready, failed };
}

/**
 * The language of ready sources that have none yet (content blocks, stored ready with the blog; sources read before
 * languages were told): their passages are indexed again with their language's stemmer when it is not English's.
 */
async function detectReadySources(blogId: string): Promise<void> {
  const db = await getDb();
  const unknown = await db
    .select({ id: blogSources.id, tenantId: blogSources.tenantId, blogId: blogSources.blogId, text: blogSources.extractedText })
    .from(blogSources)
    .where(and(eq(blogSources.blogId, blogId), eq(blogSources.extractionStatus, "ready"), isNull(blogSources.language)));
  for (const source of unknown) {
    const { language } = source.text ? await detectTextLanguage(source.text) : { language: UNDETERMINED };
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(blogSources)
        .set({ language })
        .where(and(eq(blogSources.id, source.id), isNull(blogSources.language)))
        .returning({ id: blogSources.id });
      if (updated.length > 0 && textSearchConfig(language) !== textSearchConfig(null)) await writePassages(tx, source, source.text, [], language);
    });
  }
}

/**
 * A blog's language: the one most of its ready sources' text is in (counted in characters), 'und' when the
 * sources' languages are all undetermined, null while none is ready. One statement.
 */
export async function updateBlogLanguage(blogId: string): Promise<void> {
  const db = await getDb();
  const dominant = sql`(select coalesce(
      (select ${blogSources.language} from ${blogSources}
        where ${blogSources.blogId} = ${blogId} and ${blogSources.extractionStatus} = 'ready' and ${blogSources.language} is not null
          and ${blogSources.language} <> ${UNDETERMINED}
        group by ${blogSources.language} order by sum(length(coalesce(${blogSources.extractedText}, ''))) desc, ${blogSources.language} limit 1),
      (select ${UNDETERMINED}::text from ${blogSources}
        where ${blogSources.blogId} = ${blogId} and ${blogSources.extractionStatus} = 'ready' and ${blogSources.language} is not null limit 1)))`;
  // Written only when it changes, and without moving updated_at: telling a language is no edit of the blog.
  await db
    .update(blogs)
    .set({ language: dominant, updatedAt: sql`${blogs.updatedAt}` })
    .where(and(eq(blogs.id, blogId), sql`${blogs.language} is distinct from ${dominant}`));
}
