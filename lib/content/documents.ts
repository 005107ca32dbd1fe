// Uploaded documents read in a worker thread (lib/content/document-worker.ts), one per document: the text of a PDF
// or DOCX for the extraction job, and a DOCX's preview HTML. pdf.js and mammoth parse synchronously, so on the
// server's own thread a long document held up every request, and the heap a document needs (a DOCX may unpack to
// 200 MB of XML within the archive bounds) came out of the server's. In the worker a document gets its own heap,
// capped (DOCUMENT_WORKER_HEAP_MB, default 512): one that needs more fails with a clear reason instead of taking the
// server down, and all of its memory goes back when the worker ends. A worker past its time is stopped.
//
// Where the worker cannot be started from its source (the TypeScript tests; the production build bundles it), the
// same functions run on the calling thread.
import { AppError } from "@/lib/errors";
import { Worker } from "node:worker_threads";
import { heapCapMb, runCapped, useTypeScriptWorkers, workerAvailable, WorkerFailed, type StartWorker } from "@/lib/workers/capped";
import type { DocumentTask, DocumentTaskReply } from "./document-task";
import { ArchiveRefused, ExtractionFailed } from "./errors";
import {
  DEFAULT_EXTRACT_TIMEOUT_MS,
  docxPreviewHtml,
  extractDocument,
  type DocumentSource,
  type ExtractedContent,
  type ExtractOptions,
  type PreviewOptions,
} from "./extract";
import { pageContent } from "./page";
import { detectLanguage, languageSample, type LanguageGuess } from "./detect-language";

/** For tests: start the worker from its TypeScript source (through tsx's loader) instead of reading in-process. */
export function useDocumentWorker(next: { typescript?: boolean }): void {
  useTypeScriptWorkers(next.typescript === true);
}

const workerUrl = new URL("./document-worker.ts", import.meta.url);
/** The production build's worker: this exact form is what Turbopack bundles as an entry of its own (lib/workers/capped.ts). */
const startWorker: StartWorker = (options) => new Worker(new URL("./document-worker.ts", import.meta.url), { ...options });

function errorOf(reply: Extract<DocumentTaskReply, { ok: false }>): Error {
  switch (reply.kind) {
    case "archive":
      return new ArchiveRefused(reply.reason, reply.detail);
    case "extraction":
      return new ExtractionFailed(reply.reason, reply.detail);
    case "app":
      return new AppError(reply.status, reply.message);
    case "other":
      return new Error(reply.message);
  }
}

async function run(task: DocumentTask): Promise<DocumentTaskReply> {
  const timeoutMs = (task.op === "page" || task.op === "language" ? undefined : task.options.timeoutMs) ?? DEFAULT_EXTRACT_TIMEOUT_MS;
  let reply: DocumentTaskReply;
  try {
    reply = await runCapped<DocumentTask, DocumentTaskReply>(workerUrl, task, {
      name: "document",
      heapMb: heapCapMb(process.env.DOCUMENT_WORKER_HEAP_MB, 512),
      timeoutMs,
      start: startWorker,
      bundle: "document-worker",
    });
  } catch (error) {
    // 'busy' (no worker slot freed in time) stays as it is: the extraction job is tried again later.
    if (!(error instanceof WorkerFailed) || error.reason === "busy") throw error;
    if (error.reason === "too-large") throw new ExtractionFailed("too-large", error.message);
    if (error.reason === "took-too-long") throw new ExtractionFailed("timeout", "the document worker was stopped");
    throw new ExtractionFailed("unreadable", `document worker: ${error.message}`);
  }
  if (!reply.ok) throw errorOf(reply);
  return reply;
}

/** The text of a PDF or DOCX with its headings (see extractDocument), read in a worker thread. */
export async function readDocument(kind: "pdf" | "docx", source: DocumentSource, options: ExtractOptions = {}): Promise<ExtractedContent> {
  if (!workerAvailable(workerUrl, startWorker, "document-worker")) return extractDocument(kind, source, options);
  const reply = await run({ op: "extract", kind, source, options });
  if (!("content" in reply)) throw new Error("the document worker answered without the text");
  return reply.content;
}

/** A DOCX's sanitised preview HTML (see docxPreviewHtml), made in a worker thread. */
export async function previewDocx(source: DocumentSource, options: PreviewOptions = {}): Promise<string> {
  if (!workerAvailable(workerUrl, startWorker, "document-worker")) return docxPreviewHtml(source, options);
  const reply = await run({ op: "preview", source, options });
  if (!("html" in reply)) throw new Error("the document worker answered without the preview");
  return reply.html;
}

/** A fetched web page's text (see pageContent), read in a worker thread: its markup can make a document tree many times its size. */
export async function readPage(text: string, isHtml: boolean, maxLength: number): Promise<ExtractedContent> {
  if (!workerAvailable(workerUrl, startWorker, "document-worker")) return pageContent(text, isHtml, maxLength);
  const reply = await run({ op: "page", text, isHtml, maxLength });
  if (!("content" in reply)) throw new Error("the document worker answered without the text");
  return reply.content;
}

/**
 * The language of an extracted text (lib/content/detect-language.ts), told in a worker thread: the detector's
 * tables stay out of the server's heap. Only a bounded sample of the text is sent.
 */
export async function detectTextLanguage(text: string): Promise<LanguageGuess> {
  const sample = languageSample(text);
  if (!workerAvailable(workerUrl, startWorker, "document-worker")) return detectLanguage(sample);
  const reply = await run({ op: "language", sample });
  if (!("guess" in reply)) throw new Error("the document worker answered without the language");
  return reply.guess;
}
