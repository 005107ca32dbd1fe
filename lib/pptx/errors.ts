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

/**
 * Bounds of what one PowerPoint file may ask of the reader, each refused with a clear 413 before its text is held:
 * - `partBytes`: a slide's (or its notes page's) XML unpacked. Real slides are kilobytes to a few hundred; a
 *   slide of vector drawings a few megabytes. Checked on the size the archive declares (the archive guard has
 *   already checked every declared size against the real one) before the part is read.
 * - `slideTextChars`: the text of one slide, its title, body and speaker notes together: four times what a slide
 *   keeps (title 300, text 5,000, narration 20,000 characters), so a long slide is imported and trimmed in the
 *   editor, while text no slide can hold is refused as soon as the reader passes the bound.
 * - `slides`: the slides shown (hidden ones are not counted), as many as a presentation may have.
 */
export const PPTX_LIMITS = {
  partBytes: 16 * 1024 * 1024,
  slideTextChars: 100_000,
  slides: 100,
} as const;

export const PPTX_TOO_MANY_SLIDES_MESSAGE = `A presentation can have at most ${PPTX_LIMITS.slides} slides`;

/** 413: one slide of the file holds more than a slide can (PPTX_LIMITS), or the file has too many slides. */
export class PowerPointSlideTooLarge extends AppError {
  constructor(
    public readonly limit: "part" | "text" | "slides",
    /** The slide's position in the presentation's slide list (1-based); 0 for the slide count. */
    public readonly slide: number,
  ) {
    super(413, powerPointSlideMessage(limit, slide));
  }
}

export function powerPointSlideMessage(limit: "part" | "text" | "slides", slide: number): string {
  if (limit === "slides") return PPTX_TOO_MANY_SLIDES_MESSAGE;
  if (limit === "part") return `Slide ${slide} of the PowerPoint file is too large to import (more than ${PPTX_LIMITS.partBytes / 1024 / 1024}MB unpacked)`;
  return `Slide ${slide} of the PowerPoint file has more than ${PPTX_LIMITS.slideTextChars.toLocaleString("en-US")} characters of text`;
}

/** The messages when the reader's worker needed more memory or time than a PowerPoint file may have. */
export const PPTX_READ_TOO_LARGE_MESSAGE = "The PowerPoint file is too large to read.";
export const PPTX_READ_TOO_LONG_MESSAGE = "Reading the PowerPoint file took too long.";

/** 413 ('too-large') or 422 ('took-too-long'): the reader's worker was stopped at its heap cap or its deadline. */
export class PowerPointReadFailed extends AppError {
  constructor(
    public readonly reason: "too-large" | "took-too-long",
    public readonly logDetail?: string,
  ) {
    super(reason === "too-large" ? 413 : 422, reason === "too-large" ? PPTX_READ_TOO_LARGE_MESSAGE : PPTX_READ_TOO_LONG_MESSAGE);
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
