// Export of a presentation (GET /presentations/download/{id}): a .pptx with one slide per slide (its rendered
// image, or editable text while the image is not current) and the narration script as speaker notes, or with
// ?format=pdf a PDF of the slide images (lib/pptx builds both). The file is a stream: each slide image is checked
// (its first bytes: a PNG, its size) before anything is sent, then read from storage only when its turn in the
// file comes, so the server holds one piece of one image at a time (the PDF: one image) whatever the deck's size.
import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import { files } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { Conflict } from "@/lib/errors";
import { logger } from "@/lib/log";
import { pdfStream, pngSize, pptxStream, type ExportImage, type ExportStream, type StreamedSlide } from "@/lib/pptx/export";
import { storage } from "@/lib/storage";
import { PRESENTATION_MESSAGES } from "@/lib/validation/presentations";
import { getPresentation } from "./presentations";

export const IMAGES_NOT_READY_MESSAGE = "The slide images are still being drawn. Try the download again in a moment.";

/** A PDF is made of the slides' images: a slide given up by the renderer has none. */
export function imageMissingMessage(slideNumber: number): string {
  return `Slide ${slideNumber} could not be drawn, so there is no PDF of this presentation. Download it as PowerPoint instead, or edit the slide to draw it again.`;
}

export interface ExportedFile extends ExportStream {
  filename: string;
  contentType: string;
}

/** A file name from the blog's title and the version: letters, digits and a few marks, never a path. */
function fileNameOf(title: string, version: number, extension: string): string {
  const base = title.replace(/[^\p{L}\p{N} ._()-]+/gu, " ").replace(/\s+/g, " ").trim().slice(0, 100) || "presentation";
  return `${base} (version ${version}).${extension}`;
}

/** Bytes a PNG's header check reads (signature and IHDR). */
const HEADER_BYTES = 33;

/**
 * A stored slide image as an export image: its header read and checked now (BadRequest naming the slide when it is
 * not a PNG), its bytes later; null when the file is gone from storage.
 */
async function storedImage(key: string, sha256: string | undefined, slideNumber: number): Promise<ExportImage | null> {
  const head = await storage().get(key, { start: 0, end: HEADER_BYTES - 1 });
  if (!head) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of head.body) chunks.push(Buffer.from(chunk as Uint8Array));
  const { width, height } = pngSize(Buffer.concat(chunks), slideNumber);
  return {
    width,
    height,
    size: head.size,
    identity: sha256 ?? key,
    open: async () => {
      const object = await storage().get(key);
      if (!object) throw new Error(`slide image ${key} vanished from storage during an export`);
      return object.body;
    },
  };
}

export async function exportPresentation(actor: Actor, presentationId: string, format: "pptx" | "pdf"): Promise<ExportedFile> {
  const presentation = await getPresentation(actor, presentationId);
  if (presentation.status === "pending" || presentation.status === "processing") throw new Conflict(PRESENTATION_MESSAGES.stillGenerating);
  const keys = presentation.slides.map((slide) => (slide.image_status === "ready" && slide.web_image_path ? slide.web_image_path : null));
  const present = keys.filter((key): key is string => key !== null);
  // Each file's digest, so a picture shown on several slides is written once.
  const digests = new Map<string, string>();
  if (present.length > 0) {
    const db = await getDb();
    const rows = await db
      .select({ key: files.storageKey, sha256: files.sha256 })
      .from(files)
      .where(and(eq(files.tenantId, presentation.tenant_id), inArray(files.storageKey, [...new Set(present)])));
    for (const row of rows) digests.set(row.key, row.sha256);
  }
  const images: (ExportImage | null)[] = [];
  for (const [index, key] of keys.entries()) images.push(key ? await storedImage(key, digests.get(key), index + 1) : null);

  let file: ExportStream;
  let filename: string;
  let contentType: string;
  if (format === "pdf") {
    if (presentation.slides.some((slide) => slide.image_status === "pending")) throw new Conflict(IMAGES_NOT_READY_MESSAGE);
    const missing = images.findIndex((image) => image === null);
    if (missing !== -1) throw new Conflict(imageMissingMessage(missing + 1));
    file = pdfStream(images as ExportImage[]);
    filename = fileNameOf(presentation.blog_title, presentation.version_number, "pdf");
    contentType = "application/pdf";
  } else {
    const slides: StreamedSlide[] = presentation.slides.map((slide, index) => ({
      title: slide.slide_title,
      content: slide.body,
      script: slide.slide_content,
      ...(images[index] ? { picture: images[index] } : {}),
    }));
    file = await pptxStream({ title: presentation.blog_title, slides });
    filename = fileNameOf(presentation.blog_title, presentation.version_number, "pptx");
    contentType = "application/vnd.openxmlformats-officedocument.presentationml.presentation";
  }
  // A failure once bytes are on their way (an image gone or damaged in storage) can only cut the download short.
  file.stream.once("error", (error) => logger.error({ err: error, presentationId, format }, "an export stopped while it was being sent"));
  return { ...file, filename, contentType };
}
