// Uploaded documents read in a worker thread (lib/content/document-worker.ts), one per document: the text of a PDF
// or DOCX for the extraction job, and a DOCX's preview HTML. pdf.js and mammoth parse synchronously, so on the
// server's own thread a long document held up every request, and the heap a document needs (a DOCX may unpack to
// 200 MB of XML within the archive bounds) came out of the server's. In the worker a document gets its own heap,
// capped (DOCUMENT_WORKER_HEAP_MB, default 512): one that needs more fails with a clear reason instead of taking the
// server down, and all of its memory goes back when the worker ends. A worker past its time is stopped.
//
// Where the worker cannot be started from its source (the TypeScript tests; the production build bundles it), the
// same functions run on the calling thread.
import { Worker } from "node:worker_threads";
import { AppError } from "@/lib/errors";
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

/** Time the worker has beyond the document's own deadline to report it before it is stopped. */
const STOP_GRACE_MS = 5_000;

function heapLimitMb(): number {
  const configured = Number(process.env.DOCUMENT_WORKER_HEAP_MB);
  return Number.isInteger(configured) && configured >= 64 ? configured : 512;
}

interface WorkerSettings {
  /** Start the worker from its TypeScript source through tsx's loader (tests; the build bundles it to JavaScript). */
  typescript?: boolean;
}

let settings: WorkerSettings = {};

/** For tests: start the worker from its TypeScript source with these Node options. */
export function useDocumentWorker(next: WorkerSettings): void {
  settings = next;
}

const workerUrl = new URL("./document-worker.ts", import.meta.url);

/** A worker can run the entry as it is: bundled to JavaScript, or TypeScript with a loader the test gave. */
function workerAvailable(): boolean {
  return !workerUrl.pathname.endsWith(".ts") || settings.typescript === true;
}

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

function inWorker(task: DocumentTask, timeoutMs: number): Promise<DocumentTaskReply> {
  return new Promise((resolve, reject) => {
    const resourceLimits = { maxOldGenerationSizeMb: heapLimitMb() };
    const worker = settings.typescript
      ? new Worker(`import("tsx/esm/api").then(({ tsImport }) => tsImport(${JSON.stringify(workerUrl.href)}, ${JSON.stringify(workerUrl.href)}))`, {
          eval: true,
          resourceLimits,
        })
      : new Worker(workerUrl, { resourceLimits });
    let done = false;
    const finish = (error: Error | null, reply?: DocumentTaskReply) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      void worker.terminate();
      if (error) reject(error);
      else resolve(reply!);
    };
    const timer = setTimeout(() => finish(new ExtractionFailed("timeout", "the document worker was stopped")), timeoutMs + STOP_GRACE_MS);
    worker.once("message", (reply: DocumentTaskReply) => finish(null, reply));
    // `on`, not `once`: a worker can fail again after its first error or its reply (while it is being stopped), and
    // an 'error' event nobody listens to would throw in this thread. `finish` keeps only the first outcome.
    worker.on("error", (error: Error & { code?: string }) =>
      finish(
        error.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? new ExtractionFailed("too-large", error.message)
          : new ExtractionFailed("unreadable", `document worker: ${error.message}`),
      ),
    );
    worker.once("exit", (code) => finish(new ExtractionFailed("unreadable", `the document worker stopped (exit code ${code})`)));
    worker.postMessage(task);
  });
}

async function run(task: DocumentTask): Promise<DocumentTaskReply> {
  const timeoutMs = task.options.timeoutMs ?? DEFAULT_EXTRACT_TIMEOUT_MS;
  const reply = await inWorker(task, timeoutMs);
  if (!reply.ok) throw errorOf(reply);
  return reply;
}

/** The text of a PDF or DOCX with its headings (see extractDocument), read in a worker thread. */
export async function readDocument(kind: "pdf" | "docx", source: DocumentSource, options: ExtractOptions = {}): Promise<ExtractedContent> {
  if (!workerAvailable()) return extractDocument(kind, source, options);
  const reply = await run({ op: "extract", kind, source, options });
  if (!("content" in reply)) throw new Error("the document worker answered without the text");
  return reply.content;
}

/** A DOCX's sanitised preview HTML (see docxPreviewHtml), made in a worker thread. */
export async function previewDocx(source: DocumentSource, options: PreviewOptions = {}): Promise<string> {
  if (!workerAvailable()) return docxPreviewHtml(source, options);
  const reply = await run({ op: "preview", source, options });
  if (!("html" in reply)) throw new Error("the document worker answered without the preview");
  return reply.html;
}
