// The worker thread that reads an uploaded PowerPoint file (lib/pptx/read.ts starts one per file), with its own
// capped heap and beside, not on, the thread that answers requests. Bundled by Next.js as its own entry
// (new URL(..., import.meta.url)).
import { ArchiveRefused } from "@/lib/content/errors";
import { AppError } from "@/lib/errors";
import { serveTask } from "@/lib/workers/serve";
import { NoSlidesFound, PowerPointReadFailed, PowerPointSlideTooLarge } from "./errors";
import { parsePptx } from "./parse";
import type { PptxParseReply, PptxParseTask } from "./parse-task";

function failure(error: unknown): Extract<PptxParseReply, { ok: false }> {
  if (error instanceof NoSlidesFound) return { ok: false, kind: "no-slides", detail: error.logDetail };
  if (error instanceof ArchiveRefused) return { ok: false, kind: "archive", reason: error.reason, detail: error.logDetail };
  if (error instanceof PowerPointSlideTooLarge) return { ok: false, kind: "slide-too-large", limit: error.limit, slide: error.slide };
  if (error instanceof PowerPointReadFailed) return { ok: false, kind: "read-failed", reason: error.reason, detail: error.logDetail };
  if (error instanceof AppError) return { ok: false, kind: "app", status: error.status, message: error.message };
  return { ok: false, kind: "other", message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}

serveTask<PptxParseTask, PptxParseReply>(async (task) => {
  try {
    return { ok: true, presentation: await parsePptx(task.filePath) };
  } catch (error) {
    return failure(error);
  }
});
