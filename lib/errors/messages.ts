// The spec's generic message helper (section 8): turns anything thrown by an API call into text for a person.

export const UNEXPECTED_ERROR_MESSAGE = "An unexpected error occurred. Please try again.";

const STATUS_MESSAGES: Record<number, string> = {
  400: "Invalid request. Please check your input and try again.",
  401: "Authentication required. Please log in again.",
  403: "You do not have permission to perform this action.",
  404: "The requested resource was not found.",
  409: "This resource already exists.",
  422: "Invalid data provided. Please check your input.",
  500: "Server error. Please try again later.",
};
const OTHER_STATUS_MESSAGE = "An error occurred. Please try again.";

// The transport's text for a non-OK answer (lib/http/client.ts).
const HTTP_ERROR = /^HTTP error! status: (\d+), message: ([\s\S]*)$/;

function messageOf(error: unknown): string | undefined {
  if (typeof error === "string") return error;
  if (error instanceof Error) return error.message;
  if (error && typeof error === "object" && "message" in error && typeof error.message === "string") return error.message;
  return undefined;
}

function validationEntry(entry: unknown): string {
  if (!entry || typeof entry !== "object") return "Validation error";
  const { loc, msg } = entry as { loc?: unknown; msg?: unknown };
  const message = typeof msg === "string" && msg ? msg : undefined;
  const field = Array.isArray(loc) && loc.length > 0 ? loc[loc.length - 1] : undefined;
  if (message && (typeof field === "string" || typeof field === "number")) return `${field}: ${message}`;
  return message ?? "Validation error";
}

/** What the body of a FastAPI-shaped error says, or undefined when it says nothing usable. */
export function detailMessage(body: unknown): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const { detail, message } = body as { detail?: unknown; message?: unknown };
  if (Array.isArray(detail)) return detail.map(validationEntry).join(", ");
  if (typeof detail === "string") return detail;
  if (typeof message === "string") return message;
  return undefined;
}

function statusMessage(status: number): string {
  return STATUS_MESSAGES[status] ?? OTHER_STATUS_MESSAGE;
}

/** User-facing text for an error: the server's own words when it sent any, else a message by status. */
export function getErrorMessage(error: unknown): string {
  const text = messageOf(error);
  if (!text) return UNEXPECTED_ERROR_MESSAGE;
  const http = HTTP_ERROR.exec(text);
  if (!http) return text;
  const status = Number(http[1]);
  let body: unknown;
  try {
    body = JSON.parse(http[2] ?? "");
  } catch {
    return statusMessage(status);
  }
  return detailMessage(body) ?? statusMessage(status);
}

/** The server's own words only (its `detail` or `message`), for toasts that have their own fallback text. */
export function serverMessage(error: unknown): string | undefined {
  const http = HTTP_ERROR.exec(messageOf(error) ?? "");
  if (!http) return undefined;
  try {
    return detailMessage(JSON.parse(http[2] ?? ""));
  } catch {
    return undefined;
  }
}

/** The HTTP status of a failed call, when it got an answer. */
export function errorStatus(error: unknown): number | undefined {
  const http = HTTP_ERROR.exec(messageOf(error) ?? "");
  return http ? Number(http[1]) : undefined;
}
