// The worker thread that reads uploaded documents (lib/content/documents.ts starts one per document): pdf.js and
// mammoth parse synchronously for as long as a document takes, and a crafted one within the upload bounds can need
// far more memory than the server should give it. Here they run with their own heap limit and beside, not on, the
// thread that answers requests. Bundled by Next.js as its own entry (new URL(..., import.meta.url)).
import { AppError } from "@/lib/errors";
import { detectLanguage } from "./detect-language";
import { ArchiveRefused, ExtractionFailed } from "./errors";
import { docxPreviewHtml, extractDocument } from "./extract";
import { pageContent } from "./page";
import { serveTask } from "@/lib/workers/serve";
import type { DocumentTask, DocumentTaskReply } from "./document-task";

function failure(error: unknown): Extract<DocumentTaskReply, { ok: false }> {
  if (error instanceof ArchiveRefused) return { ok: false, kind: "archive", reason: error.reason, detail: error.logDetail };
  if (error instanceof ExtractionFailed) return { ok: false, kind: "extraction", reason: error.reason, detail: error.logDetail };
  if (error instanceof AppError) return { ok: false, kind: "app", status: error.status, message: error.message };
  return { ok: false, kind: "other", message: error instanceof Error ? error.message : String(error) };
}

serveTask<DocumentTask, DocumentTaskReply>(async (task) => {
  try {
    switch (task.op) {
      case "preview":
        return { ok: true, html: await docxPreviewHtml(task.source, task.options) };
      case "page":
        return { ok: true, content: pageContent(task.text, task.isHtml, task.maxLength) };
      case "language":
        return { ok: true, guess: await detectLanguage(task.sample) };
      case "extract":
        return { ok: true, content: await extractDocument(task.kind, task.source, task.options) };
    }
  } catch (error) {
    return failure(error);
  }
});
