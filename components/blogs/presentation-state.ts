// Where a blog's presentation stands (spec section 4, "Presentation status"): its label, its audio processing,
// whether it may be viewed and shared, and whether the blog page keeps polling for it.
import type { PresentationSummary } from "@/lib/services/blogs";

/** Audio processing that has not finished within this time is shown as timed out (section 9). */
export const AUDIO_TIMEOUT_MS = 30 * 60 * 1000;

const STATUS_LABELS: Record<string, string> = {
  pending: "Pending",
  processing: "Generating...",
  completed: "Ready",
  failed: "Failed",
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}

const METHOD_LABELS: Record<string, string> = {
  manual: "Manual",
  import_ppt: "PowerPoint import",
  ai_template: "AI generated",
};

export function methodLabel(method: string): string {
  return METHOD_LABELS[method] ?? method;
}

function lastChange(presentation: PresentationSummary): number {
  const time = Date.parse(presentation.updated_at || presentation.created_at);
  return Number.isNaN(time) ? 0 : time;
}

/**
 * Timed out: webhook_status 'timeout', or a completed presentation whose webhook is neither completed nor
 * pending and whose last update (or creation) is more than 30 minutes ago.
 */
export function isTimedOut(presentation: PresentationSummary, now: number): boolean {
  if (presentation.webhook_status === "timeout") return true;
  return (
    presentation.status === "completed" &&
    presentation.webhook_status !== "completed" &&
    presentation.webhook_status !== "pending" &&
    now - lastChange(presentation) > AUDIO_TIMEOUT_MS
  );
}

/** View and Share: only a completed presentation whose audio is done and has not timed out. */
export function isViewable(presentation: PresentationSummary, now: number): boolean {
  return presentation.status === "completed" && presentation.webhook_status === "completed" && !isTimedOut(presentation, now);
}

export type AudioState = "processing" | "timeout" | "done" | "none";

/** 'Audio Processing...' for a pending webhook, or a completed presentation whose webhook has not finished. */
export function audioState(presentation: PresentationSummary, now: number): AudioState {
  // A deck whose generation failed has no audio to make, whatever its webhook status says (rows failed before
  // failing ended the audio processing too still say 'pending').
  if (presentation.status === "failed") return "none";
  if (isTimedOut(presentation, now)) return "timeout";
  if (presentation.webhook_status === "completed") return presentation.status === "completed" ? "done" : "none";
  if (presentation.webhook_status === "pending" || presentation.status === "completed") return "processing";
  return "none";
}

/** A refresh button for pending, processing, webhook-pending or timed-out presentations. */
export function offersRefresh(presentation: PresentationSummary, now: number): boolean {
  if (presentation.status === "failed") return false;
  return (
    presentation.status === "pending" ||
    presentation.status === "processing" ||
    presentation.webhook_status === "pending" ||
    isTimedOut(presentation, now)
  );
}

/**
 * Still moving, so worth polling: generation under way, or a completed presentation whose audio has not finished
 * (spec section 4); never past the 30-minute timeout (a presentation stuck there no longer keeps the page polling).
 */
export function isInProgress(presentation: PresentationSummary, now: number): boolean {
  if (isTimedOut(presentation, now) || now - lastChange(presentation) > AUDIO_TIMEOUT_MS) return false;
  if (presentation.status === "pending" || presentation.status === "processing") return true;
  return presentation.status === "completed" && presentation.webhook_status !== "completed";
}

/** A retry button for audio processing that timed out (section 4). */
export function offersRetry(presentation: PresentationSummary, now: number): boolean {
  return isTimedOut(presentation, now);
}

/** The audio processing ended without finishing between two looks: it timed out, or it stopped counting as moving. */
export function audioTimedOutSince(before: PresentationSummary, after: PresentationSummary, now: number): boolean {
  if (after.status !== "completed" || after.webhook_status === "completed") return false;
  if (isTimedOut(before, now)) return false;
  return isTimedOut(after, now) || (isInProgress(before, now) && !isInProgress(after, now));
}

/** Why the generation failed or the audio timed out, when the presentation is in either state and a reason is kept. */
export function failureReason(presentation: PresentationSummary, now: number): string | null {
  if (presentation.status === "failed") return presentation.error ?? "Presentation generation failed. Please try again.";
  if (isTimedOut(presentation, now)) return presentation.error;
  return null;
}

/** Section 8, retry audio: the failure's words by status. */
export function retryFailureMessage(status: number | undefined): string {
  if (status === 403) return "You do not have permission to retry this presentation";
  if (status === 404) return "Presentation not found";
  if (status === 500) return "Server error. Please try again later.";
  return "Failed to retry audio processing";
}
