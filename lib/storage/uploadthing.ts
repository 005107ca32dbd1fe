// uploadthing driver, through the SDK's UTApi (uploadthing 7). Our key becomes the file's customId, with "/" turned
// into "_" since a customId is one URL path segment (…/a/<appId>/<customId>). UploadThing signs the file's size
// into the upload URL before any byte moves, so a write is first spooled to a temp file (hashing and checking the
// limit on the way) and then uploaded from a file-backed Blob: memory stays bounded, and a refused write never
// reaches UploadThing. Reads fetch the file's signed URL (works for private and public apps) with a Range header.
import { randomUUID } from "node:crypto";
import { openAsBlob } from "node:fs";
import { mkdir, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { UTApi } from "uploadthing/server";
import { RangeNotSatisfiable } from "@/lib/errors";
import { assertObjectKey, isTenantId } from "./keys";
import { ByteMeter, checkPresignOptions, checkPutOptions, checkRange, clampRange, parseContentRange, sliceStream } from "./stream";
import type { ByteRange, GetResult, HeadResult, PresignOptions, PutOptions, PutResult, StorageBody, StorageDriver } from "./types";

type UTApiOptions = NonNullable<ConstructorParameters<typeof UTApi>[0]>;

export interface UploadthingDriverConfig {
  /** UPLOADTHING_TOKEN: base64 JSON { apiKey, appId, regions } from the UploadThing dashboard. */
  token: string;
  /** Overrides of UploadThing's hosts (a loopback stand-in in tests); the SDK's defaults otherwise. */
  apiUrl?: string;
  ingestUrl?: string;
  ufsHost?: string;
  ufsAppIdLocation?: "subdomain" | "path";
  /** Where writes are spooled before upload; the system temp folder by default. */
  spoolDir?: string;
}

// How long the signed URL of one read lives: only this process uses it, at once.
const READ_URL_SECONDS = 60;
const LIST_PAGE = 500;
// Sizes come from Content-Length, which must count the stored bytes, not a compressed transfer.
const IDENTITY = { "accept-encoding": "identity" };

/**
 * Node's fetch keeps a second copy of a request body while a redirect could still make it send the body again (the
 * Fetch standard's request clone), so a streamed upload would end up whole in memory (measured: RSS grows by the file
 * size). UploadThing's endpoints answer without redirects, so requests with a body refuse them and stream for real.
 */
const streamingFetch: typeof fetch = (input, init) => fetch(input, init?.body ? { ...init, redirect: "error" } : init);
const DELETE_BATCH = 100;

/** Our key as an UploadThing customId: keys never contain "_", so the mapping is one to one. */
export function customIdOf(key: string): string {
  return key.replaceAll("/", "_");
}

function webBody(response: Response): Readable {
  if (!response.body) return Readable.from([]);
  return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
}

async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

export function createUploadthingDriver(config: UploadthingDriverConfig): StorageDriver {
  const options: UTApiOptions = {
    token: config.token,
    apiUrl: config.apiUrl,
    ingestUrl: config.ingestUrl,
    ufsHost: config.ufsHost,
    ufsAppIdLocation: config.ufsAppIdLocation,
    fetch: streamingFetch,
    // Failures reach the caller as errors; the SDK's own info logs would only repeat them.
    logLevel: "Error",
  };
  const utapi = new UTApi(options);
  const spoolDir = config.spoolDir ?? tmpdir();

  async function fileUrl(key: string): Promise<string> {
    const { ufsUrl } = await utapi.generateSignedURL(customIdOf(key), { expiresIn: READ_URL_SECONDS });
    return ufsUrl;
  }

  async function put(key: string, body: StorageBody, putOptions: PutOptions): Promise<PutResult> {
    checkPutOptions(putOptions);
    assertObjectKey(key);
    await mkdir(spoolDir, { recursive: true });
    const spool = path.join(spoolDir, `uploadthing-${randomUUID()}.part`);
    const meter = new ByteMeter(putOptions.maxBytes);
    try {
      // Opened first so the spool file exists whenever the cleanup below runs, however early the body fails.
      const handle = await open(spool, "wx", 0o600);
      await pipeline(body, meter, handle.createWriteStream());
      const blob = await openAsBlob(spool, { type: putOptions.contentType });
      const file = Object.assign(blob, { name: path.posix.basename(key), customId: customIdOf(key), lastModified: Date.now() });
      const result = await utapi.uploadFiles(file, { contentDisposition: "inline" });
      if (result.error) throw new Error(`UploadThing refused the upload: ${result.error.code}: ${result.error.message}`);
      return { size: meter.bytes, sha256: meter.sha256() };
    } catch (error) {
      throw meter.limitError ?? error;
    } finally {
      await rm(spool, { force: true });
    }
  }

  async function head(key: string): Promise<HeadResult | null> {
    assertObjectKey(key);
    const response = await fetch(await fileUrl(key), { method: "HEAD", headers: IDENTITY });
    await discard(response);
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`UploadThing answered ${response.status} for a file's metadata`);
    const lastModified = response.headers.get("last-modified");
    return {
      size: Number(response.headers.get("content-length") ?? 0),
      contentType: response.headers.get("content-type") ?? undefined,
      lastModified: lastModified ? new Date(lastModified) : undefined,
    };
  }

  async function get(key: string, range?: ByteRange): Promise<GetResult | null> {
    checkRange(range);
    assertObjectKey(key);
    const response = await fetch(await fileUrl(key), {
      headers: range ? { ...IDENTITY, range: `bytes=${range.start}-${range.end}` } : IDENTITY,
    });
    if (response.status === 404) {
      await discard(response);
      return null;
    }
    if (response.status === 416) {
      await discard(response);
      const info = await head(key);
      if (!info) return null;
      throw new RangeNotSatisfiable(info.size);
    }
    if (!response.ok) {
      await discard(response);
      throw new Error(`UploadThing answered ${response.status} for a file`);
    }
    const lastModified = response.headers.get("last-modified");
    const meta = {
      contentType: response.headers.get("content-type") ?? undefined,
      lastModified: lastModified ? new Date(lastModified) : undefined,
    };
    const partial = response.status === 206 ? parseContentRange(response.headers.get("content-range")) : null;
    if (partial) return { body: webBody(response), size: partial.size, range: partial.range, ...meta };
    const size = Number(response.headers.get("content-length") ?? 0);
    if (!range) return { body: webBody(response), size, range: { start: 0, end: size - 1 }, ...meta };
    // The server sent the whole file for a range request: keep the asked part ourselves.
    let served: ByteRange;
    try {
      served = clampRange(range, size);
    } catch (error) {
      await discard(response);
      throw error;
    }
    return { body: webBody(response).pipe(sliceStream(served)), size, range: served, ...meta };
  }

  async function remove(key: string): Promise<void> {
    assertObjectKey(key);
    await utapi.deleteFiles(customIdOf(key), { keyType: "customId" });
  }

  async function deletePrefix(tenantId: string): Promise<void> {
    if (!isTenantId(tenantId)) throw new Error("deletePrefix: the tenant id must be a lowercase UUID");
    // UploadThing lists by app, not by prefix: collect the tenant's customIds first, since deleting while paging
    // would shift the offsets.
    const prefix = customIdOf(`${tenantId}/`);
    const customIds: string[] = [];
    for (let offset = 0; ; ) {
      const page = await utapi.listFiles({ limit: LIST_PAGE, offset });
      for (const file of page.files) if (file.customId?.startsWith(prefix)) customIds.push(file.customId);
      offset += page.files.length;
      if (!page.hasMore || page.files.length === 0) break;
    }
    for (let index = 0; index < customIds.length; index += DELETE_BATCH) {
      await utapi.deleteFiles(customIds.slice(index, index + DELETE_BATCH), { keyType: "customId" });
    }
  }

  async function presignedGetUrl(key: string, presign: PresignOptions): Promise<string | null> {
    assertObjectKey(key);
    checkPresignOptions(presign);
    // A UFS link cannot carry our Content-Disposition (download name), so the app streams these files itself.
    return null;
  }

  return { name: "uploadthing", put, get, head, delete: remove, deletePrefix, presignedGetUrl };
}
