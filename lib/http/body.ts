// Reads a request body with a byte cap, so an oversized upload is refused before it fills memory, and holds JSON
// routes to JSON bodies: a cross-site HTML form can post text/plain, urlencoded or multipart, never JSON.
import { PayloadTooLarge, RequestAborted, UnsupportedMediaType, ValidationFailed } from "@/lib/errors";

export const NOT_JSON_DETAIL = "Unsupported Media Type: send the request body as JSON (Content-Type: application/json).";

// application/json and the structured-syntax types built on it (application/merge-patch+json, ...); any parameters.
const JSON_MEDIA_TYPE = /^application\/(?:[a-z0-9!#$&^_.-]+\+)?json$/i;

function mediaType(request: Request): string | null {
  const header = request.headers.get("content-type");
  return header === null ? null : (header.split(";")[0] ?? "").trim();
}

/** False only when the request says it has no body (no body at all, or Content-Length: 0). */
function mayHaveBody(request: Request): boolean {
  if (request.body === null) return false;
  const declared = request.headers.get("content-length");
  return declared === null || declared.trim() !== "0";
}

/** 415 for a body declared as anything but JSON, checked on the headers before a byte is read. */
export function refuseNonJsonBody(request: Request): void {
  const type = mediaType(request);
  if (type !== null && !JSON_MEDIA_TYPE.test(type) && mayHaveBody(request)) throw new UnsupportedMediaType(NOT_JSON_DETAIL);
}

export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    // A read fails only when the client's connection does (a page navigating away mid-upload): its 400 is not logged
    // as the server's failure.
    const { done, value } = await reader.read().catch(() => {
      throw new RequestAborted();
    });
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function tooLarge(maxBytes: number) {
  return new PayloadTooLarge(`Request body is larger than the limit of ${maxBytes} bytes`);
}

/**
 * Parses a JSON body; an empty body counts as an empty object so required-field errors name the fields. A body
 * that does not say it is JSON is refused with 415 (one without a Content-Type only once it proves non-empty).
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  refuseNonJsonBody(request);
  const text = await readBodyText(request, maxBytes);
  if (text.trim() === "") return {};
  if (mediaType(request) === null) throw new UnsupportedMediaType(NOT_JSON_DETAIL);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ValidationFailed([{ loc: ["body"], msg: "JSON decode error", type: "json_invalid" }]);
  }
}
