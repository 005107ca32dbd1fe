// Local disk driver (the embedded default): files under DATA_DIR/files, one per key, written to a temp file in the
// same folder and renamed into place, so a reader never sees half a file and a refused write leaves nothing.
import { randomUUID } from "node:crypto";
import { mkdir, open, rename, rm, stat, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { assertObjectKey, contentTypeOfKey, isTenantId } from "./keys";
import { ByteMeter, checkPresignOptions, checkPutOptions, checkRange, clampRange } from "./stream";
import type { ByteRange, GetResult, HeadResult, PresignOptions, PutOptions, PutResult, StorageBody, StorageDriver } from "./types";

/** Bytes read from disk at a time when serving a file. */
const READ_CHUNK_BYTES = 1024 * 1024;

export interface LocalDriverConfig {
  /** Folder holding the files (DATA_DIR/files). */
  root: string;
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

export function createLocalDriver(config: LocalDriverConfig): StorageDriver {
  const root = path.resolve(config.root);

  /** The file of a key. Keys are checked for shape first; the containment check is defence in depth. */
  function fileOf(key: string): string {
    assertObjectKey(key);
    const file = path.resolve(root, ...key.split("/"));
    if (!file.startsWith(root + path.sep)) throw new Error("Invalid storage key");
    return file;
  }

  async function put(key: string, body: StorageBody, options: PutOptions): Promise<PutResult> {
    checkPutOptions(options);
    const file = fileOf(key);
    const folder = path.dirname(file);
    await mkdir(folder, { recursive: true });
    // A dot name never matches the key pattern, so a crash's leftover is never served; tenant deletion removes it.
    const temp = path.join(folder, `.${path.basename(file)}.${randomUUID()}.part`);
    const meter = new ByteMeter(options.maxBytes);
    try {
      // Opened before the pipeline starts, so the temp file exists whenever the cleanup below runs (a stream's own
      // lazy open could create it after a body that failed at once had already been cleaned up).
      const handle = await open(temp, "wx");
      // flush: the bytes reach the disk before the rename makes them visible.
      await pipeline(body, meter, handle.createWriteStream({ flush: true }));
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw meter.limitError ?? error;
    }
    return { size: meter.bytes, sha256: meter.sha256() };
  }

  async function get(key: string, range?: ByteRange): Promise<GetResult | null> {
    checkRange(range);
    const file = fileOf(key);
    let handle: FileHandle;
    try {
      handle = await open(file, "r");
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      // Size and bytes come from the same open file, so a concurrent delete cannot make them disagree.
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      const served = clampRange(range, info.size);
      // Read in pieces of up to 1 MB rather than the default 64 KB: each piece passes through the web stream the
      // response is made of, and that per-piece cost, not the disk, bounded file serving. Memory stays bounded (one
      // piece in flight per download), whatever the file's size.
      const body = handle.createReadStream({ ...(range ? served : {}), highWaterMark: READ_CHUNK_BYTES });
      return { body, size: info.size, range: served, contentType: contentTypeOfKey(key), lastModified: info.mtime };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async function head(key: string): Promise<HeadResult | null> {
    const file = fileOf(key);
    try {
      const info = await stat(file);
      return info.isFile() ? { size: info.size, contentType: contentTypeOfKey(key), lastModified: info.mtime } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function remove(key: string): Promise<void> {
    await rm(fileOf(key), { force: true });
  }

  async function deletePrefix(tenantId: string): Promise<void> {
    if (!isTenantId(tenantId)) throw new Error("deletePrefix: the tenant id must be a lowercase UUID");
    await rm(path.join(root, tenantId), { recursive: true, force: true });
  }

  async function presignedGetUrl(key: string, options: PresignOptions): Promise<string | null> {
    assertObjectKey(key);
    checkPresignOptions(options);
    return null;
  }

  return { name: "local", put, get, head, delete: remove, deletePrefix, presignedGetUrl };
}
