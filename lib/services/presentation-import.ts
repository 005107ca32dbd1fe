// PowerPoint import (POST /presentations/parse-ppt {file_path}): a .pptx the tenant uploaded to folder 'pptx' is
// parsed for slide titles, text and speaker notes (lib/pptx), which the import screen shows for editing. When
// LibreOffice and poppler-utils are installed, each slide's real look is rendered too and stored as an image of
// folder 'slides'; the imported deck then shows those (a slide's image_path), otherwise its text on a template.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { files } from "@/db/schema";
import { isSuperAdmin, type Actor } from "@/lib/auth/actor";
import { InvalidFileType } from "@/lib/content/errors";
import { MIME_TYPE_OF } from "@/lib/content/sniff";
import { NotFound } from "@/lib/errors";
import { logger } from "@/lib/log";
import { NotPowerPoint, OfficeConversionFailed, PowerPointTooLarge, PPTX_MAX_BYTES } from "@/lib/pptx/errors";
import { convertPptToPptx, renderSlideImages } from "@/lib/pptx/office";
import { readPptx } from "@/lib/pptx/read";
import { newObjectKey, parseObjectKey, storage } from "@/lib/storage";
import type { ParsePptInput } from "@/lib/validation/presentations";
import { assertPermission } from "./blogs";
import { copyToTemp, LEGACY_PPT_UNSUPPORTED } from "./files";
import { fileUrl } from "./presentation-files";

/** A parsed slide as the import screen takes it (spec section 7, parse-ppt). */
export interface ParsedSlideOut {
  slide_number: number;
  title: string;
  /** Speaker notes: the narration script. */
  notes: string;
  /** The slide's other text, one paragraph per line. */
  content: string;
  /** The slide's real rendering (folder 'slides'), for the slide's image_path; null without LibreOffice. */
  imagePath: string | null;
  imageUrl: string | null;
}

export interface ParsePptOut {
  file_path: string;
  slides: ParsedSlideOut[];
  slide_count: number;
  /** True when the slides' real look was rendered (LibreOffice); otherwise they are drawn with a template. */
  real_images: boolean;
}

const POWERPOINT_TYPES: readonly string[] = [MIME_TYPE_OF.pptx, MIME_TYPE_OF.ppt];

/** The uploaded PowerPoint file a key names, in the actor's reach: 404 when there is none, 415 when not a .pptx or .ppt. */
async function pptxUpload(actor: Actor, key: string) {
  const parsed = parseObjectKey(key);
  if (!parsed || (!isSuperAdmin(actor) && parsed.tenantId !== actor.tenantId)) throw new NotFound("File not found");
  const db = await getDb();
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.storageKey, parsed.key), eq(files.tenantId, parsed.tenantId)))
    .limit(1);
  if (!row) throw new NotFound("File not found");
  if (row.kind !== "pptx" || !POWERPOINT_TYPES.includes(row.mimeType)) throw new NotPowerPoint(`a ${row.kind} file of type ${row.mimeType}`);
  if (row.sizeBytes > PPTX_MAX_BYTES) throw new PowerPointTooLarge();
  return row;
}

/** Stores the slides' real renderings as files of the tenant; answers their keys in slide order. */
async function storeRenderings(tenantId: string, actorId: string, images: Uint8Array[]): Promise<string[]> {
  const db = await getDb();
  const keys: string[] = [];
  for (const [index, bytes] of images.entries()) {
    const key = newObjectKey(tenantId, "slides", "png");
    const stored = await storage().put(key, Readable.from([Buffer.from(bytes)]), { contentType: "image/png", maxBytes: 50 * 1024 * 1024 });
    await db.insert(files).values({
      tenantId,
      storageKey: key,
      originalName: `imported-slide-${index + 1}.png`,
      mimeType: "image/png",
      sizeBytes: stored.size,
      sha256: stored.sha256,
      kind: "slides",
      createdBy: actorId,
    });
    keys.push(key);
  }
  return keys;
}

/**
 * A local .pptx of the upload: the file itself, or for a legacy .ppt its conversion by LibreOffice (which upload
 * required; should it have gone since, the import is refused with the same explanation).
 */
async function pptxCopy(key: string, mimeType: string, directory: string): Promise<string> {
  const local = await copyToTemp(key, directory);
  if (mimeType !== MIME_TYPE_OF.ppt) return local;
  const converted = await convertPptToPptx(local);
  if (!converted) throw new InvalidFileType(LEGACY_PPT_UNSUPPORTED);
  const pptxPath = path.join(directory, "converted.pptx");
  await writeFile(pptxPath, converted);
  return pptxPath;
}

/**
 * POST /presentations/parse-ppt: the slides of an uploaded .pptx with titles, text and notes, and their real
 * renderings when LibreOffice is installed. A file with no slides gets the spec's message (422); a failed
 * rendering only means the slides are drawn with a template instead.
 */
export async function parsePowerPoint(actor: Actor, input: ParsePptInput): Promise<ParsePptOut> {
  assertPermission(actor, "presentation.generate");
  const row = await pptxUpload(actor, input.file_path);
  const directory = await mkdtemp(path.join(tmpdir(), "parse-ppt-"));
  try {
    const local = await pptxCopy(row.storageKey, row.mimeType, directory);
    // In a capped worker thread: a slide past PPTX_LIMITS is 413, a malformed one 422 'No slides found...', a
    // worker stopped at its heap cap 413 and at its deadline 422, never a 500 nor the server's own memory.
    const parsed = await readPptx(local);
    let images: Uint8Array[] | null = null;
    try {
      images = await renderSlideImages(local);
    } catch (error) {
      if (!(error instanceof OfficeConversionFailed)) throw error;
      logger.warn({ reason: error.reason, detail: error.logDetail }, "the PowerPoint slides could not be rendered; they will be drawn with a template");
    }
    const keys = images && images.length === parsed.slides.length ? await storeRenderings(row.tenantId, actor.userId, images) : null;
    const slides = parsed.slides.map((slide, index) => {
      const key = keys?.[index] ?? null;
      return { slide_number: slide.slideNumber, title: slide.title, notes: slide.notes, content: slide.content, imagePath: key, imageUrl: fileUrl(key) };
    });
    return { file_path: row.storageKey, slides, slide_count: slides.length, real_images: keys !== null };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
