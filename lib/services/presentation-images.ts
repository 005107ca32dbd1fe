// Slide images (POST /presentations/upload-slide-image): a picture for a slide from the manual, import or AI editor,
// checked from its bytes (JPG, PNG or GIF), within the editor's limit (5MB manual, 10MB import and AI: spec sections 5
// and 9), and within a pixel budget read from its header before anything decodes it (a small file can declare a
// huge canvas that would take gigabytes to render). Stored as a file of folder 'images' under the tenant.
import { once } from "node:events";
import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import busboy from "busboy";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { files, presentations } from "@/db/schema";
import { isSuperAdmin, type Actor } from "@/lib/auth/actor";
import { MIME_TYPE_OF, sniffBytes } from "@/lib/content/sniff";
import { AppError, BadRequest, NotFound, PayloadTooLarge, UnsupportedMediaType, ValidationFailed } from "@/lib/errors";
import { newObjectKey, storage } from "@/lib/storage";
import { zodIssuesToDetail } from "@/lib/http/errors";
import {
  IMPORT_PLACEHOLDER_ID,
  PRESENTATION_LIMITS,
  PRESENTATION_MESSAGES,
  slideImageFields,
  type GenerationMethodId,
} from "@/lib/validation/presentations";
import { assertPermission } from "./blogs";
import { fileUrl } from "./presentation-files";

/** The largest picture a slide takes, in pixels a side and in all: a camera's photo fits, a decompression bomb not. */
export const MAX_IMAGE_SIDE = 12_000;
export const MAX_IMAGE_PIXELS = 25_000_000;
export const IMAGE_DIMENSIONS_MESSAGE = `Image dimensions must be at most ${MAX_IMAGE_SIDE} pixels a side and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`;
export const UNREADABLE_IMAGE_MESSAGE = "The image could not be read";

type ImageKind = "png" | "jpeg" | "gif";

/** Width and height from an image's header, or null when the header is not complete and well formed. */
export function imageDimensions(bytes: Uint8Array, kind: ImageKind): { width: number; height: number } | null {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (kind === "png") {
    // Signature (8), then the IHDR chunk: length (4), type (4), width (4), height (4).
    if (view.length < 24 || view.toString("latin1", 12, 16) !== "IHDR") return null;
    return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
  }
  if (kind === "gif") {
    if (view.length < 10) return null;
    return { width: view.readUInt16LE(6), height: view.readUInt16LE(8) };
  }
  // JPEG: walk the segments to the first start-of-frame marker, which holds the height and width.
  let offset = 2;
  while (offset + 4 <= view.length) {
    if (view[offset] !== 0xff) return null;
    const marker = view[offset + 1]!;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    // Markers without a length: TEM, the restart markers, SOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (offset + 9 > view.length) return null;
      return { width: view.readUInt16BE(offset + 7), height: view.readUInt16BE(offset + 5) };
    }
    const length = view.readUInt16BE(offset + 2);
    if (length < 2) return null;
    offset += 2 + length;
  }
  return null;
}

/** Multipart framing around the file: boundaries, part headers and the small fields. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * How much of a body past the limit is still read (and thrown away) so the client hears the 413: a client that is
 * still sending when the server closes the connection sees a reset (or, keeping the connection, the rest of its
 * body read as the next request: an empty 400), never the answer. Past this much the connection is cut.
 */
export const MAX_DISCARDED_BYTES = 64 * 1024 * 1024;

interface Received {
  fields: Record<string, string>;
  file: { bytes: Buffer; size: number; name: string } | null;
  /** The file went past the largest limit: its bytes were not kept. */
  tooLarge: boolean;
}

/**
 * Reads the multipart request: its fields, and its `file` part kept in memory up to the largest editor limit. A
 * body past that limit is no longer parsed; its fields so far still say which editor's message to answer with, and
 * the rest of it is read and discarded (up to MAX_DISCARDED_BYTES) so the answer reaches the client.
 */
async function receive(request: Request): Promise<Received> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw new UnsupportedMediaType("Uploads must be sent as multipart/form-data.");
  if (!request.body) throw new BadRequest("The upload is empty.");
  const largest = PRESENTATION_LIMITS.editorImageBytes;
  const received: Received = { fields: {}, file: null, tooLarge: false };
  const parser = busboy({
    headers: { "content-type": contentType },
    defParamCharset: "utf8",
    limits: { files: 1, fields: 10, parts: 12, fieldSize: 4096, fileSize: largest },
  });
  parser.on("field", (name, value) => {
    received.fields[name] = value;
  });
  parser.on("file", (name, stream, info) => {
    // A part left unparsed (the body went past the limit) ends its stream with an error nobody needs.
    stream.on("error", () => undefined);
    if (name !== "file" || received.file) {
      stream.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on("data", (chunk: Buffer) => {
      size += chunk.length;
      chunks.push(chunk);
    });
    stream.on("limit", () => {
      received.tooLarge = true;
    });
    stream.on("end", () => {
      received.file = { bytes: Buffer.concat(chunks), size, name: info.filename ?? "" };
    });
  });
  let parseError: unknown = null;
  parser.on("error", (error: unknown) => {
    parseError ??= error;
  });
  const parsed = finished(parser).catch((error: unknown) => {
    parseError ??= error;
  });

  const reader = request.body.getReader();
  const parseLimit = largest + MULTIPART_OVERHEAD;
  let bytes = 0;
  let parsing = true;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (parsing && bytes > parseLimit) {
        // Past the largest limit: stop parsing, keep reading.
        parsing = false;
        received.tooLarge = true;
      }
      if (parsing && parseError === null) {
        if (!parser.write(Buffer.from(value.buffer, value.byteOffset, value.byteLength))) {
          await Promise.race([once(parser, "drain"), parsed]);
        }
      } else if (bytes > parseLimit + MAX_DISCARDED_BYTES) {
        await reader.cancel();
        break;
      }
    }
  } catch {
    // The client went away mid-body: nobody is left to answer.
    throw new BadRequest("The upload could not be read as multipart form data.");
  }
  if (received.tooLarge) return { ...received, tooLarge: true };
  parser.end();
  await parsed;
  if (parseError !== null) throw new BadRequest("The upload could not be read as multipart form data.");
  return received;
}

interface Target {
  tenantId: string;
  method: GenerationMethodId;
  presentationId: string | null;
}

/**
 * Which editor the image is for, and so its limit: the presentation's method when it names one in reach (404
 * otherwise), the import screen's placeholder id, or the method field; the manual editor when nothing says.
 */
async function targetOf(actor: Actor, fields: Record<string, string>): Promise<Target & { slideNumber: number | null }> {
  const parsed = slideImageFields.safeParse(fields);
  if (!parsed.success) throw new ValidationFailed(zodIssuesToDetail(parsed.error.issues, "body"));
  const { presentation_id: presentationId, slide_number: slideNumber, method } = parsed.data;
  const base = { tenantId: actor.tenantId, presentationId: null, slideNumber: slideNumber ?? null };
  if (!presentationId) return { ...base, method: method ?? "manual" };
  if (presentationId === IMPORT_PLACEHOLDER_ID) return { ...base, method: method ?? "import_ppt" };
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!uuid.test(presentationId)) throw new NotFound(PRESENTATION_MESSAGES.notFound);
  const db = await getDb();
  const [row] = await db
    .select({ id: presentations.id, tenantId: presentations.tenantId, method: presentations.generationMethod })
    .from(presentations)
    .where(and(eq(presentations.id, presentationId.toLowerCase()), isSuperAdmin(actor) ? undefined : eq(presentations.tenantId, actor.tenantId)))
    .limit(1);
  if (!row) throw new NotFound(PRESENTATION_MESSAGES.notFound);
  return { ...base, tenantId: row.tenantId, presentationId: row.id, method: method ?? row.method };
}

function tooLargeFor(method: GenerationMethodId): AppError {
  return new PayloadTooLarge(method === "manual" ? PRESENTATION_MESSAGES.imageTooLargeManual : PRESENTATION_MESSAGES.imageTooLargeEditor);
}

export interface SlideImageOut {
  image_path: string;
  image_url: string;
  file_id: string;
  filename: string;
  size: number;
  content_type: string;
  width: number;
  height: number;
  presentation_id: string | null;
  slide_number: number | null;
}

/**
 * POST /presentations/upload-slide-image: multipart {file, presentation_id?, slide_number?, method?}. Answers the
 * image's key (image_path, for a slide's image_path) and URL; on any refusal nothing is stored.
 */
export async function uploadSlideImage(actor: Actor, request: Request): Promise<SlideImageOut> {
  assertPermission(actor, "presentation.generate");
  const { fields, file, tooLarge } = await receive(request);
  const target = await targetOf(actor, fields);
  const limit = target.method === "manual" ? PRESENTATION_LIMITS.manualImageBytes : PRESENTATION_LIMITS.editorImageBytes;
  if (tooLarge || (file && file.size > limit)) throw tooLargeFor(target.method);
  if (!file) throw new ValidationFailed([{ loc: ["body", "file"], msg: "A file is required", type: "missing" }]);
  if (file.size === 0) throw new ValidationFailed([{ loc: ["body", "file"], msg: "The file is empty", type: "value_error" }]);
  const kind = await sniffBytes(file.bytes);
  if (kind !== "png" && kind !== "jpeg" && kind !== "gif") throw new UnsupportedMediaType(PRESENTATION_MESSAGES.imageType);
  const dimensions = imageDimensions(file.bytes, kind);
  if (!dimensions || dimensions.width === 0 || dimensions.height === 0) {
    throw new ValidationFailed([{ loc: ["body", "file"], msg: UNREADABLE_IMAGE_MESSAGE, type: "value_error" }]);
  }
  if (dimensions.width > MAX_IMAGE_SIDE || dimensions.height > MAX_IMAGE_SIDE || dimensions.width * dimensions.height > MAX_IMAGE_PIXELS) {
    throw new ValidationFailed([{ loc: ["body", "file"], msg: IMAGE_DIMENSIONS_MESSAGE, type: "value_error" }]);
  }
  const name = file.name.replace(/^.*[\\/]/, "").replace(/[\p{Cc}\p{Cf}]/gu, "").trim().slice(0, 255) || `slide-image.${kind === "jpeg" ? "jpg" : kind}`;
  const key = newObjectKey(target.tenantId, "images", kind === "jpeg" ? "jpg" : kind);
  const stored = await storage().put(key, Readable.from([file.bytes]), { contentType: MIME_TYPE_OF[kind], maxBytes: limit });
  try {
    const db = await getDb();
    const [row] = await db
      .insert(files)
      .values({
        tenantId: target.tenantId,
        storageKey: key,
        originalName: name,
        mimeType: MIME_TYPE_OF[kind],
        sizeBytes: stored.size,
        sha256: stored.sha256,
        kind: "images",
        createdBy: actor.userId,
      })
      .returning({ id: files.id });
    if (!row) throw new Error("file insert returned nothing");
    return {
      image_path: key,
      image_url: fileUrl(key)!,
      file_id: row.id,
      filename: name,
      size: stored.size,
      content_type: MIME_TYPE_OF[kind],
      width: dimensions.width,
      height: dimensions.height,
      presentation_id: target.presentationId,
      slide_number: target.slideNumber,
    };
  } catch (error) {
    await storage().delete(key).catch(() => undefined);
    throw error;
  }
}
