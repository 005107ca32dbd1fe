// Serving a stored file over HTTP: streamed from the storage driver (server memory does not grow with the file),
// with its type, download name (RFC 6266), a strong ETag from its SHA-256 (304 on a match), and single byte ranges
// (206, or 416 when unsatisfiable). With a driver that can presign (S3), a redirect to a short-lived URL instead.
import { Readable } from "node:stream";
import type { StoredFile } from "@/db/schema";
import { RangeNotSatisfiable, NotFound } from "@/lib/errors";
import { contentDisposition, storage, type ByteRange } from "@/lib/storage";

/** Presigned links live this long (the issue allows at most 5 minutes). */
const PRESIGN_SECONDS = 300;

export interface ServeOptions {
  disposition: "inline" | "attachment";
  /** The name offered to the browser; the stored original name by default. */
  downloadName?: string;
  /** Overrides the stored type (narration scripts are served as plain text). */
  contentType?: string;
  /** Private revalidation for signed-in reads; shared slide images may be cached longer. */
  cacheControl?: string;
  /** Allow a redirect to a presigned URL of the store (after the caller's permission check). */
  allowRedirect?: boolean;
}

function etagOf(file: StoredFile): string {
  return `"${file.sha256}"`;
}

/** True when an If-None-Match list names this ETag (weak comparison, as RFC 9110 asks for If-None-Match). */
function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag);
}

/**
 * The one byte range a Range header asks for, or null to send the whole file (no header, several ranges, a unit
 * other than bytes, a stale If-Range). Throws RangeNotSatisfiable for a range wholly outside the file.
 */
export function requestedRange(header: string | null, size: number, ifRange: string | null, etag: string): ByteRange | null {
  if (!header) return null;
  if (ifRange && ifRange.trim() !== etag) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;
  let start: number;
  let end: number;
  if (first === "") {
    // A suffix: the last N bytes.
    const suffix = Number(last);
    if (suffix === 0) throw new RangeNotSatisfiable(size);
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(first);
    end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
    if (last !== "" && Number(last) < start) return null;
  }
  if (start >= size || size === 0) throw new RangeNotSatisfiable(size);
  return { start, end };
}

/** The response for a stored file, honouring conditional and range requests. */
export async function serveStoredFile(request: Request, file: StoredFile, options: ServeOptions): Promise<Response> {
  const etag = etagOf(file);
  const name = options.downloadName?.trim() || file.originalName;
  const headers = new Headers({
    ETag: etag,
    "Last-Modified": file.createdAt.toUTCString(),
    "Cache-Control": options.cacheControl ?? "private, no-cache",
    "Accept-Ranges": "bytes",
    "Content-Disposition": contentDisposition(options.disposition, name),
    "X-Content-Type-Options": "nosniff",
  });
  if (matchesEtag(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });

  if (options.allowRedirect) {
    const url = await storage().presignedGetUrl(file.storageKey, {
      expiresInSeconds: PRESIGN_SECONDS,
      downloadName: name,
      inline: options.disposition === "inline",
    });
    if (url) {
      // The link itself is a short-lived credential: never cached.
      return new Response(null, { status: 302, headers: { Location: url, "Cache-Control": "no-store" } });
    }
  }

  const range = requestedRange(request.headers.get("range"), file.sizeBytes, request.headers.get("if-range"), etag);
  const object = await storage().get(file.storageKey, range ?? undefined);
  if (!object) throw new NotFound("File missing in storage");
  headers.set("Content-Type", options.contentType ?? file.mimeType);
  headers.set("Content-Length", String(object.range.end - object.range.start + 1));
  if (range) headers.set("Content-Range", `bytes ${object.range.start}-${object.range.end}/${object.size}`);
  if (request.method === "HEAD") {
    object.body.destroy();
    return new Response(null, { status: range ? 206 : 200, headers });
  }
  return new Response(Readable.toWeb(object.body) as ReadableStream<Uint8Array>, { status: range ? 206 : 200, headers });
}

/** A client that asked for JSON (the spec's API helper) gets the file's details instead of its bytes. */
export function wantsJson(request: Request): boolean {
  const accept = request.headers.get("accept") ?? "";
  return /application\/json/i.test(accept) && !/text\/html/i.test(accept);
}
