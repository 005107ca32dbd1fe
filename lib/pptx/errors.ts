// Errors of PowerPoint import and conversion. Each is an AppError, so a route maps it to its status and a
// `{"detail": ...}` body, and a job can store its message as the import's failure reason.
import { AppError } from "@/lib/errors";

/** The spec's text when a PowerPoint file yields no slides (content-workflow section 5). */
export const NO_SLIDES_MESSAGE = "No slides found in PowerPoint file or invalid response format";
/** The spec's text for a file over the PowerPoint limit (content-workflow sections 5 and 9). */
export const PPTX_TOO_LARGE_MESSAGE = "PowerPoint file must be less than 50MB";
/** The spec's text for a file that is not a PowerPoint file (content-workflow section 5). */
export const NOT_POWERPOINT_MESSAGE = "Please upload a valid PowerPoint file (.ppt or .pptx)";

/** The PowerPoint limit (content-workflow section 9), the same bound the upload route applies. */
export const PPTX_MAX_BYTES = 50 * 1024 * 1024;

/** 422: the file opened but holds no slides we can read (none listed, damaged parts, not OOXML at all). */
export class NoSlidesFound extends AppError {
  constructor(
    /** Technical detail for the logs, never shown to the user. */
    public readonly logDetail?: string,
  ) {
    super(422, NO_SLIDES_MESSAGE);
  }
}

/** 413: over the PowerPoint limit. */
export class PowerPointTooLarge extends AppError {
  constructor() {
    super(413, PPTX_TOO_LARGE_MESSAGE);
  }
}

/** 415: the bytes are not a PowerPoint file of the kind the call expects. */
export class NotPowerPoint extends AppError {
  constructor(public readonly logDetail?: string) {
    super(415, NOT_POWERPOINT_MESSAGE);
  }
}

export type OfficeFailureReason = "timeout" | "failed";

const OFFICE_MESSAGES: Record<OfficeFailureReason, string> = {
  timeout: "Converting the PowerPoint file took too long.",
  failed: "The PowerPoint file could not be converted.",
};

/** 422: LibreOffice or poppler is installed but did not turn this file into what was asked. */
export class OfficeConversionFailed extends AppError {
  constructor(
    public readonly reason: OfficeFailureReason,
    /** The tool's own words (stderr tail), for the logs only. */
    public readonly logDetail?: string,
  ) {
    super(422, OFFICE_MESSAGES[reason]);
  }
}
