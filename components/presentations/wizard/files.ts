// The import screen's check of a chosen PowerPoint file before it is uploaded (spec section 5): a .ppt or .pptx
// under 50MB, with the toast title and message of each refusal (section 8); the server checks again from the bytes.
// And parse-ppt's answer read into editor slides (section 7).
import { newEditorSlide, type EditorSlide } from "@/components/presentations/editor-slides";

export const PPT_MAX_BYTES = 50 * 1024 * 1024;

export const PPT_MESSAGES = {
  type: { title: "Invalid File Type", message: "Please upload a valid PowerPoint file (.ppt or .pptx)" },
  size: { title: "File Too Large", message: "PowerPoint file must be less than 50MB" },
  noSlides: "No slides found in PowerPoint file or invalid response format",
} as const;

/** What is wrong with a chosen file, or null when it may be uploaded. */
export function powerPointProblem(file: { name: string; size: number }): { title: string; message: string } | null {
  if (!/\.(pptx?)$/i.test(file.name.trim())) return PPT_MESSAGES.type;
  if (file.size >= PPT_MAX_BYTES) return PPT_MESSAGES.size;
  return null;
}

/** A parsed slide as parse-ppt answers it (spec section 7). */
export interface ParsedSlide {
  slide_number?: number;
  title: string;
  notes: string;
  content: string;
  imagePath: string | null;
  imageUrl: string | null;
}

/** The slides of a parse-ppt answer, or null when it has none or is not the documented shape. */
export function parsedSlidesOf(answer: unknown): ParsedSlide[] | null {
  if (!answer || typeof answer !== "object") return null;
  const slides = (answer as { slides?: unknown }).slides;
  if (!Array.isArray(slides) || slides.length === 0) return null;
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const key = (value: unknown) => (typeof value === "string" && value ? value : null);
  return slides.map((entry: unknown) => {
    const slide = (entry && typeof entry === "object" ? entry : {}) as Record<string, unknown>;
    return {
      slide_number: typeof slide.slide_number === "number" ? slide.slide_number : undefined,
      title: text(slide.title),
      notes: text(slide.notes),
      content: text(slide.content),
      imagePath: key(slide.imagePath),
      imageUrl: key(slide.imageUrl),
    };
  });
}

/** Imported slides as editor slides: the notes become the narration, the slide's own rendering its picture. */
export function editorSlidesOf(parsed: readonly ParsedSlide[]): EditorSlide[] {
  return parsed.map((slide) =>
    newEditorSlide({ title: slide.title, body: slide.content, script: slide.notes, imagePath: slide.imagePath, imageUrl: slide.imageUrl, previewUrl: slide.imageUrl }),
  );
}
