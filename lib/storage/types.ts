// The one interface every storage driver (local disk, S3-compatible bucket, uploadthing) implements.
import type { Readable } from "node:stream";

export type StorageDriverName = "local" | "s3" | "uploadthing";

/** What put() reads: a Node stream (busboy's file stream) or any async iterable of bytes (a web ReadableStream). */
export type StorageBody = AsyncIterable<Uint8Array> | NodeJS.ReadableStream;

export interface PutOptions {
  contentType: string;
  /** More bytes than this abort the write, leave nothing behind and throw FileTooLarge (413). */
  maxBytes: number;
}

export interface PutResult {
  /** Bytes written. */
  size: number;
  /** Lowercase hex SHA-256 of the bytes, computed while they streamed. */
  sha256: string;
}

/** Inclusive byte offsets, as in HTTP's `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface GetResult {
  /** The requested bytes. The caller must read it to the end or destroy it (it holds a file or a connection). */
  body: Readable;
  /** Length of the whole stored file (not of the range). */
  size: number;
  /** The bytes `body` holds: the requested range with its end clamped to the file, or the whole file. */
  range: ByteRange;
  contentType?: string;
  lastModified?: Date;
}

export interface HeadResult {
  size: number;
  contentType?: string;
  lastModified?: Date;
}

export interface PresignOptions {
  /** 1 to 300 seconds (a presigned link is a bearer credential: keep it short). */
  expiresInSeconds: number;
  /** Name offered to the browser (Content-Disposition filename, RFC 6266). */
  downloadName?: string;
  /** inline (view in the browser) rather than attachment (download). */
  inline?: boolean;
}

export interface StorageDriver {
  readonly name: StorageDriverName;
  /**
   * Streams `body` to `key`, hashing as it goes. Keys are write-once (always fresh from newObjectKey): writing an
   * existing key is not supported on every driver. Throws FileTooLarge when more than maxBytes arrive, and rethrows
   * an error of the body itself; either way nothing of the write remains.
   */
  put(key: string, body: StorageBody, options: PutOptions): Promise<PutResult>;
  /**
   * The file's bytes (or the range of them), or null when there is no such file. A range that starts at or past the
   * end throws RangeNotSatisfiable (416); an end past the last byte is clamped.
   */
  get(key: string, range?: ByteRange): Promise<GetResult | null>;
  head(key: string): Promise<HeadResult | null>;
  /** Removes the file; no error when it is already gone. */
  delete(key: string): Promise<void>;
  /** Removes every file of the tenant (tenant deletion). */
  deletePrefix(tenantId: string): Promise<void>;
  /**
   * A short-lived URL the browser can fetch directly, with the download name baked in; null when the driver has no
   * such thing (local, uploadthing) and the app streams the file itself. Call it only after the permission check.
   */
  presignedGetUrl(key: string, options: PresignOptions): Promise<string | null>;
}
