// What lib/pptx/read.ts asks of its worker thread (lib/pptx/parse-worker.ts), and the answers. Errors travel as
// data (a class does not survive the message) and are made again on the server's side.
import type { ArchiveRefusalReason } from "@/lib/content/errors";
import type { ParsedPresentation } from "./parse";

export interface PptxParseTask {
  /** A local .pptx file (the worker reads it part by part itself; the bytes are never posted). */
  filePath: string;
}

export type PptxParseReply =
  | { ok: true; presentation: ParsedPresentation }
  | { ok: false; kind: "no-slides"; detail?: string }
  | { ok: false; kind: "archive"; reason: ArchiveRefusalReason; detail?: string }
  | { ok: false; kind: "slide-too-large"; limit: "part" | "text" | "slides"; slide: number }
  | { ok: false; kind: "read-failed"; reason: "too-large" | "took-too-long"; detail?: string }
  | { ok: false; kind: "app"; status: number; message: string }
  | { ok: false; kind: "other"; message: string };
