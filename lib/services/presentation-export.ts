// Export of a presentation (GET /presentations/download/{id}): a .pptx with one slide per slide (its rendered
// image, or editable text while the image is not current) and the narration script as speaker notes, or with
// ?format=pdf a PDF of the slide images (lib/pptx builds both).
import type { Actor } from "@/lib/auth/actor";
import { Conflict } from "@/lib/errors";
import { buildPdf, buildPptx, type ExportSlide } from "@/lib/pptx/export";
import { storage } from "@/lib/storage";
import { PRESENTATION_MESSAGES } from "@/lib/validation/presentations";
import { getPresentation } from "./presentations";

export const IMAGES_NOT_READY_MESSAGE = "The slide images are still being drawn. Try the download again in a moment.";

export interface ExportedFile {
  bytes: Uint8Array;
  filename: string;
  contentType: string;
}

async function bytesOf(key: string): Promise<Uint8Array | null> {
  const object = await storage().get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return new Uint8Array(Buffer.concat(chunks));
}

/** A file name from the blog's title and the version: letters, digits and a few marks, never a path. */
function fileNameOf(title: string, version: number, extension: string): string {
  const base = title.replace(/[^\p{L}\p{N} ._()-]+/gu, " ").replace(/\s+/g, " ").trim().slice(0, 100) || "presentation";
  return `${base} (version ${version}).${extension}`;
}

export async function exportPresentation(actor: Actor, presentationId: string, format: "pptx" | "pdf"): Promise<ExportedFile> {
  const presentation = await getPresentation(actor, presentationId);
  if (presentation.status === "pending" || presentation.status === "processing") throw new Conflict(PRESENTATION_MESSAGES.stillGenerating);
  const images = await Promise.all(
    presentation.slides.map((slide) => (slide.image_status === "ready" && slide.web_image_path ? bytesOf(slide.web_image_path) : Promise.resolve(null))),
  );
  if (format === "pdf") {
    if (images.some((image) => image === null)) throw new Conflict(IMAGES_NOT_READY_MESSAGE);
    return {
      bytes: await buildPdf(images as Uint8Array[]),
      filename: fileNameOf(presentation.blog_title, presentation.version_number, "pdf"),
      contentType: "application/pdf",
    };
  }
  const slides: ExportSlide[] = presentation.slides.map((slide, index) => ({
    title: slide.slide_title,
    content: slide.body,
    script: slide.slide_content,
    ...(images[index] ? { image: images[index] } : {}),
  }));
  return {
    bytes: await buildPptx({ title: presentation.blog_title, slides }),
    filename: fileNameOf(presentation.blog_title, presentation.version_number, "pptx"),
    contentType: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  };
}
