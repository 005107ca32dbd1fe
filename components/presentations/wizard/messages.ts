// The wizard's error texts (spec section 8) chosen from a failed API call: template loading, PowerPoint parsing,
// and loading the generated presentation for review. Pure, so each mapping is unit-tested.
import { errorStatus, serverMessage } from "@/lib/errors/messages";
import { TransportError } from "@/lib/http/client";

/** 'Templates' of section 8: by status, a network failure, else 'Failed to load templates'. */
export function templateLoadMessage(error: unknown): string {
  if (error instanceof TransportError && error.kind === "network") return "Network error. Please check your internet connection.";
  const status = errorStatus(error);
  if (status === 404) return "Templates endpoint not found. Please contact your administrator.";
  if (status === 401 || status === 403) return "Authentication required. Please log in again.";
  if (status !== undefined && status >= 500) return "Server error. Please try again later.";
  return "Failed to load templates";
}

/** 'PPT' of section 8 for a failed parse-ppt call: the server's own words when it gave any (no slides, bad file). */
export function parseFailureMessage(error: unknown): string {
  if (errorStatus(error) === 403) return "Access denied to uploaded file. Please upload it again.";
  const detail = serverMessage(error);
  if (detail) return detail;
  if (error instanceof TransportError) return error.message;
  return "PowerPoint file uploaded but parsing failed due to server configuration. Please contact support.";
}

/** 'AI' of section 8, for loading the generated presentation into the review editor. */
export function reviewLoadMessage(error: unknown): string {
  const status = errorStatus(error);
  if (status === 404) return "Presentation not found. It may have been deleted or is still being generated.";
  if (status === 403) return "You do not have permission to access this presentation.";
  return serverMessage(error) ?? "Failed to load presentation";
}

/** A save's toast text: the server's own words (a validation message, a stale version), else the spec's fallback. */
export function saveFailureMessage(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback;
}
