// PowerPoint files read in a worker thread (lib/pptx/parse-worker.ts), one per file, never on the thread that
// answers requests: however a file is made, what reading it costs comes out of the worker's own capped heap
// (PPTX_WORKER_HEAP_MB, default 64: the reader keeps no tree, so a 50-slide deck and a slide just under the part
// bound both read within a 16 MB cap), within its deadline (PPTX_PARSE_TIMEOUT_MS, default 30 s: the largest
// archive the guard lets through scans in well under that). A worker stopped at its cap
// answers 413 'too large', at its deadline 422 'took too long' (the file is what takes the time; the same answer
// as a LibreOffice conversion that times out); the server goes on, and everything the worker held goes back.
//
// Where the worker cannot be started from its source (the TypeScript tests, unless a test asks for workers; the
// production build bundles it), parsePptx runs on the calling thread.
import { ArchiveRefused } from "@/lib/content/errors";
import { AppError, ServiceUnavailable } from "@/lib/errors";
import { logger } from "@/lib/log";
import { Worker } from "node:worker_threads";
import { heapCapMb, runCapped, workerAvailable, WorkerFailed, type StartWorker } from "@/lib/workers/capped";
import { NoSlidesFound, PowerPointReadFailed, PowerPointSlideTooLarge } from "./errors";
import { parsePptx, type ParsedPresentation } from "./parse";
import type { PptxParseReply, PptxParseTask } from "./parse-task";

const workerUrl = new URL("./parse-worker.ts", import.meta.url);
/**
 * The production build's worker. Turbopack bundles the entry (with what it imports) as a chunk of its own only for
 * this exact form: `new Worker(new URL("./x.ts", import.meta.url), { ...object literal })` (options passed as a
 * variable, or the URL made elsewhere, leave the TypeScript source copied as an asset that Node cannot start).
 */
const startWorker: StartWorker = (options) => new Worker(new URL("./parse-worker.ts", import.meta.url), { ...options });

/** The worker's heap cap in MB. */
export function pptxWorkerHeapMb(): number {
  return heapCapMb(process.env.PPTX_WORKER_HEAP_MB, 64);
}

export function pptxParseTimeoutMs(): number {
  const configured = Number(process.env.PPTX_PARSE_TIMEOUT_MS);
  return Number.isInteger(configured) && configured > 0 ? configured : 30_000;
}

export const PPTX_BUSY_MESSAGE = "The server is busy reading other files. Please try again in a minute.";

function errorOf(reply: Extract<PptxParseReply, { ok: false }>): Error {
  switch (reply.kind) {
    case "no-slides":
      return new NoSlidesFound(reply.detail);
    case "archive":
      return new ArchiveRefused(reply.reason, reply.detail);
    case "slide-too-large":
      return new PowerPointSlideTooLarge(reply.limit, reply.slide);
    case "read-failed":
      return new PowerPointReadFailed(reply.reason, reply.detail);
    case "app":
      return new AppError(reply.status, reply.message);
    case "other":
      // A fault of the reader on a file it could not make sense of: to the user, a file without readable slides.
      logger.error({ detail: reply.message }, "the PowerPoint reader failed");
      return new NoSlidesFound(reply.message);
  }
}

/**
 * The slides of the .pptx at `filePath` (see parsePptx), read in a capped worker thread. Throws what parsePptx
 * throws, PowerPointReadFailed when the worker was stopped at its heap cap (413) or deadline (422), and
 * ServiceUnavailable (503) when no worker slot freed in time.
 */
export async function readPptx(filePath: string, options: { heapMb?: number; timeoutMs?: number } = {}): Promise<ParsedPresentation> {
  if (!workerAvailable(workerUrl, startWorker, "parse-worker")) return parsePptx(filePath);
  let reply: PptxParseReply;
  try {
    reply = await runCapped<PptxParseTask, PptxParseReply>(workerUrl, { filePath }, {
      name: "PowerPoint parse",
      heapMb: options.heapMb ?? pptxWorkerHeapMb(),
      timeoutMs: options.timeoutMs ?? pptxParseTimeoutMs(),
      start: startWorker,
      bundle: "parse-worker",
    });
  } catch (error) {
    if (!(error instanceof WorkerFailed)) throw error;
    logger.warn({ reason: error.reason, detail: error.message }, "the PowerPoint reader's worker stopped");
    if (error.reason === "busy") throw new ServiceUnavailable(PPTX_BUSY_MESSAGE);
    if (error.reason === "too-large" || error.reason === "took-too-long") throw new PowerPointReadFailed(error.reason, error.message);
    throw new NoSlidesFound(`worker: ${error.message}`);
  }
  if (!reply.ok) throw errorOf(reply);
  return reply.presentation;
}
