// Opening and downloading a blog's stored files, with the spec's messages when that fails (section 8, "File
// view/download"). The file routes stream bytes, so a failure would otherwise surface as a broken frame or a
// failed download with no words: each action first asks the same address with HEAD, which runs the same checks
// (permission, tenant, the object in storage) without sending the file.
import { errorStatus, serverMessage } from "@/lib/errors/messages";
import { api } from "@/lib/http/client";

export type FileAction = "view" | "download";

export const FILE_MESSAGES = {
  missing: "File missing in storage",
  denied: "Access denied. You may not have permission to view/download this file.",
  serverError: "Server error while accessing the file. Please try again later.",
  viewFailed: "Failed to open file. The file may not exist or is not accessible.",
  downloadFailed: "Failed to download file. The file may not exist or is not accessible.",
  unexpected: "An unexpected error occurred while trying to open/download the file.",
} as const;

/** The spec's text for a file route's answer: by status, else the server's own words, else the action's fallback. */
export function fileErrorMessage(action: FileAction, status: number | undefined, detail?: string): string {
  if (status === 404) return FILE_MESSAGES.missing;
  if (status === 403) return FILE_MESSAGES.denied;
  if (status !== undefined && status >= 500) return FILE_MESSAGES.serverError;
  if (detail) return detail;
  return action === "view" ? FILE_MESSAGES.viewFailed : FILE_MESSAGES.downloadFailed;
}

/** The message for anything an API call threw (the preview call): by its status, or unexpected without one. */
export function fileErrorFrom(action: FileAction, error: unknown): string {
  const status = errorStatus(error);
  if (status === undefined) return FILE_MESSAGES.unexpected;
  return fileErrorMessage(action, status, serverMessage(error));
}

/**
 * Null when the file at `url` can be served, else the message to show. A redirect (the S3 driver's presigned
 * link) counts as servable: it is only given after the permission check.
 */
export async function checkFile(url: string, action: FileAction): Promise<string | null> {
  const ask = () => fetch(url, { method: "HEAD", credentials: "same-origin", redirect: "manual", cache: "no-store" });
  let response: Response;
  try {
    response = await ask();
    // An expired access cookie is renewed the way every API call renews it, then asked once more.
    if (response.status === 401 && (await api.refreshSession())) response = await ask();
  } catch {
    return FILE_MESSAGES.unexpected;
  }
  if (response.type === "opaqueredirect" || response.ok) return null;
  return fileErrorMessage(action, response.status);
}

/** Hands the download address to the browser, which saves the file under the name the server gives it. */
export function startDownload(url: string): void {
  const link = document.createElement("a");
  link.href = url;
  link.download = "";
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
}
