// What lib/content/documents.ts asks of its worker thread (lib/content/document-worker.ts), and the answers.
import type { ArchiveRefusalReason, ExtractionFailureReason } from "./errors";
import type { LanguageGuess } from "./detect-language";
import type { DocumentSource, ExtractedContent, ExtractOptions, PreviewOptions } from "./extract";

export type DocumentTask =
  | { op: "extract"; kind: "pdf" | "docx"; source: DocumentSource; options: ExtractOptions }
  | { op: "preview"; source: DocumentSource; options: PreviewOptions }
  | { op: "page"; text: string; isHtml: boolean; maxLength: number }
  | { op: "language"; sample: string };

export type DocumentTaskReply =
  | { ok: true; content: ExtractedContent }
  | { ok: true; html: string }
  | { ok: true; guess: LanguageGuess }
  | { ok: false; kind: "archive"; reason: ArchiveRefusalReason; detail?: string }
  | { ok: false; kind: "extraction"; reason: ExtractionFailureReason; detail?: string }
  | { ok: false; kind: "app"; status: number; message: string }
  | { ok: false; kind: "other"; message: string };
