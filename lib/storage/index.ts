// Stored files. The embedded default keeps them on local disk under DATA_DIR/files, keyed "<tenant id>/<folder>/<name>".
import { createReadStream } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/env";

export function storageRoot(): string {
  return path.resolve(env().DATA_DIR, "files");
}

/** The absolute path of a key, refusing keys that would escape the storage folder. */
function resolveKey(key: string): string {
  const root = storageRoot();
  const absolute = path.resolve(root, key);
  if (!absolute.startsWith(`${root}${path.sep}`)) throw new Error(`Invalid storage key: ${key}`);
  return absolute;
}

export async function putObject(key: string, bytes: Uint8Array): Promise<void> {
  const file = resolveKey(key);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes);
}

export function readObject(key: string, range?: { start: number; end: number }) {
  return createReadStream(resolveKey(key), range);
}

export async function objectSize(key: string): Promise<number | null> {
  try {
    return (await stat(resolveKey(key))).size;
  } catch {
    return null;
  }
}

export async function deleteObject(key: string): Promise<void> {
  await rm(resolveKey(key), { force: true });
}

/** Removes every stored file of a tenant (tenant deletion). */
export async function deleteTenantObjects(tenantId: string): Promise<void> {
  if (!/^[0-9a-f-]{36}$/.test(tenantId)) throw new Error(`Invalid tenant id: ${tenantId}`);
  await rm(resolveKey(tenantId), { recursive: true, force: true });
}
