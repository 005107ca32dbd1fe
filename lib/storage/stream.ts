// Pieces every driver shares: the byte meter (size limit and SHA-256 while streaming), range arithmetic and the
// checks of put and presign options.
import { createHash } from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";
import { PayloadTooLarge, RangeNotSatisfiable } from "@/lib/errors";
import type { ByteRange, PresignOptions, PutOptions } from "./types";

/** Longest life of a presigned URL: issue 9 allows redirects to links of at most 5 minutes. */
export const MAX_PRESIGN_SECONDS = 300;

function limitText(maxBytes: number): string {
  const mb = 1024 * 1024;
  return maxBytes >= mb && maxBytes % mb === 0 ? `${maxBytes / mb}MB` : `${maxBytes} bytes`;
}

/** More bytes arrived than the caller allowed; the API answers 413. */
export class FileTooLarge extends PayloadTooLarge {
  constructor(public readonly maxBytes: number) {
    super(`The file is larger than the limit of ${limitText(maxBytes)}.`);
  }
}

/** Passes bytes through, counting and hashing them, and fails the stream once more than maxBytes have passed. */
export class ByteMeter extends Transform {
  bytes = 0;
  /** Set when the limit stopped the stream, so a driver can report it even if its SDK wraps the error. */
  limitError: FileTooLarge | undefined;
  private readonly hash = createHash("sha256");

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      this.limitError = new FileTooLarge(this.maxBytes);
      callback(this.limitError);
      return;
    }
    this.hash.update(chunk);
    callback(null, chunk);
  }

  /** Hex SHA-256 of everything that passed; call once, after the stream ended. */
  sha256(): string {
    return this.hash.digest("hex");
  }
}

export function checkPutOptions(options: PutOptions): void {
  if (!Number.isSafeInteger(options.maxBytes) || options.maxBytes < 0) {
    throw new Error("put: maxBytes must be a non-negative integer");
  }
  if (typeof options.contentType !== "string" || options.contentType.trim() === "" || /[\r\n]/.test(options.contentType)) {
    throw new Error("put: contentType must be a single-line MIME type");
  }
}

/** Checks a requested range against a file's size: the bytes to send, or RangeNotSatisfiable. */
export function clampRange(range: ByteRange | undefined, size: number): ByteRange {
  if (!range) return { start: 0, end: size - 1 };
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new Error("get: a range needs integer offsets with 0 <= start <= end");
  }
  if (start >= size) throw new RangeNotSatisfiable(size);
  return { start, end: Math.min(end, size - 1) };
}

/** Refuses a range the drivers cannot even ask for (negative, reversed, fractional). */
export function checkRange(range: ByteRange | undefined): void {
  if (range) clampRange(range, Number.MAX_SAFE_INTEGER);
}

export function checkPresignOptions(options: PresignOptions): void {
  const seconds = options.expiresInSeconds;
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_PRESIGN_SECONDS) {
    throw new Error(`presignedGetUrl: expiresInSeconds must be an integer from 1 to ${MAX_PRESIGN_SECONDS}`);
  }
}

/** Parses `bytes start-end/size` (Content-Range of a 206 answer). */
export function parseContentRange(header: string | null | undefined): { range: ByteRange; size: number } | null {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header?.trim() ?? "");
  if (!match) return null;
  return { range: { start: Number(match[1]), end: Number(match[2]) }, size: Number(match[3]) };
}

/** Keeps only bytes start..end (inclusive) of a stream: for a server that answered a range request with everything. */
export function sliceStream(range: ByteRange): Transform {
  let position = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const chunkStart = position;
      position += chunk.length;
      const from = Math.max(range.start - chunkStart, 0);
      const to = Math.min(range.end + 1 - chunkStart, chunk.length);
      callback(null, to > from ? chunk.subarray(from, to) : undefined);
    },
  });
}
