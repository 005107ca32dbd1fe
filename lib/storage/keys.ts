// Object keys: made by the server only, namespaced by tenant, and recognised only in that exact shape, so a path a
// client sends back (?path=...) is either one of ours or refused before any store is touched.
import { randomUUID } from "node:crypto";

/**
 * The folders a key may name. Lowercase letters only: the uploadthing driver turns "/" into "_" for its customId,
 * which stays reversible because no part of a key contains "_".
 */
export const OBJECT_FOLDERS = ["maintext", "sourcefile", "slides", "images", "audio", "pptx", "previews", "scripts"] as const;

export type ObjectFolder = (typeof OBJECT_FOLDERS)[number];

export interface ParsedObjectKey {
  /** The key itself, as validated. */
  key: string;
  tenantId: string;
  folder: ObjectFolder;
}

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const TENANT_ID = new RegExp(`^${UUID}$`);
const EXTENSION_LENGTH = 8;
// Anchored, lowercase only, no flags: "..", "/", "\\", "%", NUL, uppercase and a trailing newline all fail it.
const OBJECT_KEY = new RegExp(
  `^(${UUID})/(${OBJECT_FOLDERS.join("|")})/${UUID}(?:\\.[a-z0-9]{1,${EXTENSION_LENGTH}})?$`,
);
// The longest key the pattern admits; anything longer is refused without running the pattern.
const MAX_KEY_LENGTH = 36 + 1 + Math.max(...OBJECT_FOLDERS.map((folder) => folder.length)) + 1 + 36 + 1 + EXTENSION_LENGTH;

/** True for a tenant id as the database makes them (lowercase UUID). */
export function isTenantId(value: unknown): value is string {
  return typeof value === "string" && TENANT_ID.test(value);
}

/** "PDF", ".pdf" and "p.d/f" all give "pdf"; nothing usable gives "" (a key without extension). */
export function sanitizeExtension(extension: string | null | undefined): string {
  return (extension ?? "").toLowerCase().replace(/[^a-z0-9]/g, "").slice(0, EXTENSION_LENGTH);
}

/** A fresh key `<tenantId>/<folder>/<uuid>[.<ext>]`. Throws on a tenant id or folder the server should never pass. */
export function newObjectKey(tenantId: string, folder: ObjectFolder, extension?: string | null): string {
  if (!isTenantId(tenantId)) throw new Error("newObjectKey: the tenant id must be a lowercase UUID");
  if (!(OBJECT_FOLDERS as readonly string[]).includes(folder)) throw new Error(`newObjectKey: unknown folder ${String(folder)}`);
  const ext = sanitizeExtension(extension);
  return `${tenantId}/${folder}/${randomUUID()}${ext ? `.${ext}` : ""}`;
}

/** The tenant and folder of a key of exactly the shape newObjectKey makes; null for anything else. */
export function parseObjectKey(input: unknown): ParsedObjectKey | null {
  if (typeof input !== "string" || input.length > MAX_KEY_LENGTH) return null;
  const match = OBJECT_KEY.exec(input);
  if (!match) return null;
  return { key: input, tenantId: match[1]!, folder: match[2] as ObjectFolder };
}

/** Drivers call this on every key: a key that is not ours is a bug in the caller, never a path to follow. */
export function assertObjectKey(key: string): ParsedObjectKey {
  const parsed = parseObjectKey(key);
  if (!parsed) throw new Error("Invalid storage key");
  return parsed;
}

const CONTENT_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  doc: "application/msword",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  svg: "image/svg+xml",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  ogg: "audio/ogg",
  webm: "audio/webm",
  mp4: "video/mp4",
  txt: "text/plain; charset=utf-8",
  md: "text/markdown; charset=utf-8",
  json: "application/json",
  html: "text/html; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  xml: "application/xml",
};

/**
 * The type the local driver reports for a key: it keeps no metadata beside the bytes, and the extension was chosen
 * by the server from the sniffed type when the key was made. The files table's mime stays the authority.
 */
export function contentTypeOfKey(key: string): string | undefined {
  const dot = key.lastIndexOf(".");
  if (dot <= key.lastIndexOf("/")) return undefined;
  return CONTENT_TYPES[key.slice(dot + 1)];
}
