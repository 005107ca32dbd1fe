// Errors of the content pipeline (type sniffing, archive bounds, text extraction). Each is an AppError, so a route
// maps it to its status and a `{"detail": ...}` body, and a job can store its message as a source's failure reason.
import { AppError, UnsupportedMediaType } from "@/lib/errors";

/** The spec's toast title for a refused upload (content-workflow sections 5 and 8). */
export const INVALID_FILE_TYPE_TITLE = "Invalid File Type";

/** 415: the bytes are not of a kind this upload accepts, whatever the file's name says. */
export class InvalidFileType extends UnsupportedMediaType {
  constructor(
    /** The spec's description for the accepted kinds, e.g. "Only PDF and DOCX formats are supported. Please remove: a.pdf". */
    public readonly description: string,
  ) {
    super(`${INVALID_FILE_TYPE_TITLE}: ${description}`);
  }
}

export type ArchiveRefusalReason =
  | "too-many-entries"
  | "entry-too-large"
  | "total-too-large"
  | "compression-ratio"
  | "size-mismatch"
  | "damaged"
  | "encrypted"
  | "missing-part";

const ARCHIVE_MESSAGES: Record<ArchiveRefusalReason, string> = {
  "too-many-entries": "This document contains too many parts and cannot be processed.",
  "entry-too-large": "This document is too large when unpacked and cannot be processed.",
  "total-too-large": "This document is too large when unpacked and cannot be processed.",
  "compression-ratio": "This document is compressed suspiciously well and cannot be processed.",
  "size-mismatch": "This document is damaged and cannot be processed.",
  damaged: "This document is damaged and cannot be processed.",
  encrypted: "This document is encrypted and cannot be processed.",
  "missing-part": "This file is not a valid document.",
};

/**
 * A DOCX/PPTX (a zip archive) refused before any parser touches it. Bounds (size, entries, ratio) answer 413 like any
 * other too-large upload; a damaged or encrypted archive or one that is not really a document answers 415.
 */
export class ArchiveRefused extends AppError {
  constructor(
    public readonly reason: ArchiveRefusalReason,
    /** Technical detail for the logs, never shown to the user. */
    public readonly logDetail?: string,
  ) {
    const tooLarge =
      reason === "too-many-entries" ||
      reason === "entry-too-large" ||
      reason === "total-too-large" ||
      reason === "compression-ratio";
    super(tooLarge ? 413 : 415, ARCHIVE_MESSAGES[reason]);
  }
}

export type ExtractionFailureReason = "unreadable" | "encrypted" | "timeout" | "too-large" | "empty";

const EXTRACTION_MESSAGES: Record<ExtractionFailureReason, string> = {
  unreadable: "The text of this document could not be read.",
  encrypted: "This document is password-protected; its text cannot be read.",
  timeout: "Reading this document took too long.",
  "too-large": "This document needs more memory to read than the server allows.",
  empty: "No text was found in this source.",
};

/** 422: the file is of an accepted kind but its text cannot be had. */
export class ExtractionFailed extends AppError {
  constructor(
    public readonly reason: ExtractionFailureReason,
    public readonly logDetail?: string,
  ) {
    super(422, EXTRACTION_MESSAGES[reason]);
  }
}
