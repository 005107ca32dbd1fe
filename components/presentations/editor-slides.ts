// The slides of an editor (spec section 3, "Editor slide", and section 5's slide and image rules) as pure
// functions: conversion from and to the API's slides, the checks made before saving or uploading, and the list
// edits (add, remove, move). Shared by the edit page and the creation wizard; unit-tested.
import type { SlideOut } from "@/lib/services/presentations";

/** One slide in an editor (spec section 3 "Editor slide", adapted to the API: body = visible text, script = narration). */
export interface EditorSlide {
  /** Stable React key (a random UUID for new slides). */
  key: string;
  /** The stored slide's id (kept so update-slides keeps its renderings). */
  id?: string;
  title: string;
  /** Visible text, one bullet per line. */
  body: string;
  /** Narration script (API field slide_content). */
  script: string;
  /** Storage key from upload-slide-image (API field image_path). */
  imagePath: string | null;
  /** URL to show that picture. */
  imageUrl: string | null;
  /** A rendered image of the slide (web_image_url / thumbnail) when known. */
  previewUrl?: string | null;
  isAIGenerated?: boolean;
}

/** The manual editor's 5MB limit, or the import and AI editors' 10MB (spec sections 5 and 9). */
export type ImageLimit = "manual" | "editor";

/** One slide as PUT /presentations/{id}/update-slides and POST /presentations/ take it. */
export interface SlideInputOut {
  id?: string;
  slide_number: number;
  slide_title: string;
  body: string;
  slide_content: string;
  image_path: string | null;
}

export const SLIDE_MESSAGES = {
  noSlides: "A presentation must have at least one slide",
  emptySlide: "All slides must have either a title or content",
  imageType: "Only JPG, GIF, and PNG images are allowed",
  imageTooLarge: { manual: "Image must be less than 5MB", editor: "Image must be less than 10MB" },
} as const;

const MB = 1024 * 1024;
/** The same limits the upload route enforces (lib/validation/presentations PRESENTATION_LIMITS). */
export const IMAGE_LIMIT_BYTES: Record<ImageLimit, number> = { manual: 5 * MB, editor: 10 * MB };

const IMAGE_MIME_TYPES = ["image/jpeg", "image/jpg", "image/pjpeg", "image/png", "image/gif"];
const IMAGE_EXTENSIONS = ["jpg", "jpeg", "png", "gif"];

/** What the file picker offers (the server sniffs the bytes again). */
export const IMAGE_ACCEPT = ".jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif";

function randomKey(): string {
  // crypto.randomUUID needs a secure context; a page served over plain http on a LAN address is not one.
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return `slide-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export function newEditorSlide(partial: Partial<EditorSlide> = {}): EditorSlide {
  return { title: "", body: "", script: "", imagePath: null, imageUrl: null, previewUrl: null, ...partial, key: partial.key ?? randomKey() };
}

/** The API's slides as editor slides; the slide id doubles as the key, so a reload keeps the selection. */
export function fromApiSlides(slides: readonly SlideOut[]): EditorSlide[] {
  return [...slides]
    .sort((left, right) => left.slide_number - right.slide_number)
    .map((slide) => ({
      key: slide.id,
      id: slide.id,
      title: slide.slide_title,
      body: slide.body,
      script: slide.slide_content,
      imagePath: slide.image_path,
      imageUrl: slide.image_url,
      // A pending rendering still shows the slide before its last edit: no preview is better than a wrong one.
      previewUrl: slide.image_status === "ready" ? (slide.web_image_url ?? slide.thumbnail_url) : null,
    }));
}

/** The editor's slides as the API takes them, numbered 1..n in the editor's order. */
export function toSlideInputs(slides: readonly EditorSlide[]): SlideInputOut[] {
  return slides.map((slide, index) => ({
    ...(slide.id ? { id: slide.id } : {}),
    slide_number: index + 1,
    slide_title: slide.title.trim(),
    body: slide.body.trim(),
    slide_content: slide.script.trim(),
    image_path: slide.imagePath,
  }));
}

/** Whether a slide has nothing to show or say (the server refuses such a slide with the same message). */
export function isEmptySlide(slide: Pick<EditorSlide, "title" | "body" | "script">): boolean {
  return !slide.title.trim() && !slide.body.trim() && !slide.script.trim();
}

/** The spec's messages: 'A presentation must have at least one slide', 'All slides must have either a title or content'; null when valid. */
export function slidesProblem(slides: readonly EditorSlide[]): string | null {
  if (slides.length === 0) return SLIDE_MESSAGES.noSlides;
  if (slides.some(isEmptySlide)) return SLIDE_MESSAGES.emptySlide;
  return null;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

/** Client-side image check before upload: type from name/MIME ('Only JPG, GIF, and PNG images are allowed') and size by limit. */
export function imageProblem(file: Pick<File, "name" | "type" | "size">, limit: ImageLimit): string | null {
  const type = file.type.toLowerCase();
  // The browser's MIME type when it gives one; else the extension (some systems give no type at all).
  const allowed = type ? IMAGE_MIME_TYPES.includes(type) : IMAGE_EXTENSIONS.includes(extensionOf(file.name));
  if (!allowed) return SLIDE_MESSAGES.imageType;
  if (file.size > IMAGE_LIMIT_BYTES[limit]) return SLIDE_MESSAGES.imageTooLarge[limit];
  return null;
}

/** The list with the slide at `from` moved to `to` (both clamped); the same list when nothing moves. */
export function moveSlide<T>(slides: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(slides.length - 1, to));
  if (from < 0 || from >= slides.length || from === target) return [...slides];
  const next = [...slides];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved as T);
  return next;
}

/** The list with a new slide inserted after `index` (at the end when index is out of range). */
export function insertSlideAfter(slides: readonly EditorSlide[], index: number, slide: EditorSlide = newEditorSlide()): EditorSlide[] {
  const at = index < 0 || index >= slides.length ? slides.length : index + 1;
  return [...slides.slice(0, at), slide, ...slides.slice(at)];
}

/** The list without the slide with `key`; null when it is the last one (a presentation keeps at least one). */
export function removeSlide(slides: readonly EditorSlide[], key: string): EditorSlide[] | null {
  const next = slides.filter((slide) => slide.key !== key);
  if (next.length === slides.length) return [...slides];
  return next.length === 0 ? null : next;
}

/** Whether two lists would save the same slides (order, ids, text and pictures); previews do not count. */
export function sameSlides(left: readonly EditorSlide[], right: readonly EditorSlide[]): boolean {
  return JSON.stringify(toSlideInputs(left)) === JSON.stringify(toSlideInputs(right));
}

/** The slide's bullets: its visible text, one non-empty line each. */
export function bulletsOf(body: string): string[] {
  return body
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(?:[-*•]\s+)?/, "").trim())
    .filter((line) => line.length > 0);
}
