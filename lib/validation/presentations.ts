// Schemas of presentations (spec sections 3, 5 and 7, "Presentations"): creation (manual, PowerPoint import, AI
// from a template), edits with optimistic concurrency, slides, slide images and PowerPoint parsing. Messages are
// the spec's, verbatim, where the spec has one.
import { z } from "zod";
import { pageQuery } from "@/lib/http/pagination";
import { DECK_LANGUAGES } from "@/lib/content/languages";
import { charactersOf } from "./text";

export const PRESENTATION_MESSAGES = {
  notFound: "Presentation not found",
  blogNotFound: "Blog not found",
  noSlides: "A presentation must have at least one slide",
  emptySlide: "All slides must have either a title or content",
  noMainSource: "Please provide a main document (file upload or website URL) before generating the presentation.",
  imageType: "Only JPG, GIF, and PNG images are allowed",
  imageTooLargeManual: "Image must be less than 5MB",
  imageTooLargeEditor: "Image must be less than 10MB",
  pptType: "Please upload a valid PowerPoint file (.ppt or .pptx)",
  pptTooLarge: "PowerPoint file must be less than 50MB",
  pptNoSlides: "No slides found in PowerPoint file or invalid response format",
  imageNotFound: "Image not found",
  fileNotFound: "File not found",
  unknownTemplate: "Unknown template",
  versionRequired: "Send the version of the presentation you are editing",
  stale: "This presentation was changed since you loaded it. Reload it to see the changes, then edit again.",
  stillGenerating: "This presentation is still being generated. Try again when it is ready.",
  aiWithSlides: "An AI presentation is generated from the blog's sources: send no slides",
  notASource: "Not a source of this blog",
  scriptNotFound: "Script not found",
  contentNotFound: "Content not found",
  generationTooLarge:
    "The chosen sources are too large to generate a presentation from: the generator needed more memory than it is given. Choose fewer supporting sources, or use the main document only.",
  generationTookTooLong:
    "Generating the presentation took too long and was stopped. Choose fewer supporting sources, or use the main document only.",
} as const;

/** A number of characters as said in a message: "4 million", "8.4 million", "350,000". */
function characters(count: number): string {
  if (count < 1_000_000) return count.toLocaleString("en-US");
  return `${Number((count / 1_000_000).toFixed(1)).toLocaleString("en-US")} million`;
}

/** The refusal of a generation whose chosen sources hold more text than PRESENTATION_LIMITS.sourceCharacters. */
export function sourceTextTooLongMessage(total: number, limit: number = PRESENTATION_LIMITS.sourceCharacters): string {
  return `The chosen sources hold ${characters(total)} characters of text; a presentation can be generated from at most ${characters(limit)}. Choose fewer supporting sources, or use the main document only.`;
}

/** Why a generation or narration was given up after its last attempt. */
export function attemptsExhaustedMessage(attempts: number, reason: string): string {
  return `Stopped after ${attempts} attempts: ${reason}`;
}

/** Template ids of spec section 3; lib/slides renders each. */
export const TEMPLATE_IDS = ["professional", "creative", "minimal", "academic", "startup"] as const;
export type TemplateId = (typeof TEMPLATE_IDS)[number];

/** What AI presentations use when the request names no template (spec section 7). */
export const DEFAULT_TEMPLATE: TemplateId = "professional";

export function isKnownTemplate(value: string): value is TemplateId {
  return (TEMPLATE_IDS as readonly string[]).includes(value);
}

export const GENERATION_METHODS = ["manual", "import_ppt", "ai_template"] as const;
export type GenerationMethodId = (typeof GENERATION_METHODS)[number];

const MB = 1024 * 1024;

export const PRESENTATION_LIMITS = {
  slides: 100,
  title: 300,
  /** The slide's visible text (bullets, one per line). */
  body: 5_000,
  /** The narration script. */
  script: 20_000,
  instructions: 2_000,
  storageKey: 1024,
  sourcesListed: 50,
  /** Slide images: the manual editor's limit, and the import and AI editors' (spec section 9). */
  manualImageBytes: 5 * MB,
  editorImageBytes: 10 * MB,
  pptBytes: 50 * MB,
  /**
   * Text an AI generation reads, in characters, across the main document and the chosen supporting sources. The
   * offline generator writes an outline of 4 million characters in about 7 s within its worker's heap (160 MB);
   * twice that still fits but takes twice as long and more, so 4 million leaves room on a busy machine.
   */
  sourceCharacters: 4_000_000,
} as const;

/** A storage key as the upload calls answer it; whether it exists and is the tenant's is the service's check. */
const storageKey = (message: string) =>
  z
    .string({ message })
    .trim()
    .min(1, { message, abort: true })
    .max(PRESENTATION_LIMITS.storageKey, { message, abort: true })
    .check(charactersOf("line"));

const optionalText = (kind: "line" | "multiline", max: number, label: string) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .check(charactersOf(kind))
    .max(max, { message: `${label} must be at most ${max} characters` })
    .default("");

/**
 * One slide as the editors send it. `slide_content` is the narration script (spec section 3), `body` the text shown
 * on the slide (bullets, one per line), `image_path` a picture from upload-slide-image. The spec's client names its
 * fields otherwise, and they are taken where the editors' own are absent or empty: `web_image_path` (or
 * `mobile_image_path`) is the picture, or the slide's own rendering sent back as it was read (the slide keeps its
 * picture); `script_path` and `content_path` are the paths of a slide's script and text as the API answers them.
 */
export const slideInput = z.object({
  /** An existing slide of this presentation keeps its id (and, while unchanged, its renderings). */
  id: z.uuid({ message: "Invalid slide id" }).optional(),
  slide_number: z
    .number({ message: "slide_number must be a number" })
    .int({ message: "slide_number must be a whole number" })
    .min(1, { message: "slide_number must be at least 1" })
    .optional(),
  slide_title: optionalText("line", PRESENTATION_LIMITS.title, "The slide title"),
  body: optionalText("multiline", PRESENTATION_LIMITS.body, "The slide text"),
  slide_content: optionalText("multiline", PRESENTATION_LIMITS.script, "The narration script"),
  image_path: storageKey(PRESENTATION_MESSAGES.imageNotFound).nullable().optional(),
  web_image_path: storageKey(PRESENTATION_MESSAGES.imageNotFound).nullable().optional(),
  mobile_image_path: storageKey(PRESENTATION_MESSAGES.imageNotFound).nullable().optional(),
  script_path: storageKey(PRESENTATION_MESSAGES.scriptNotFound).nullable().optional(),
  content_path: storageKey(PRESENTATION_MESSAGES.contentNotFound).nullable().optional(),
});
export type SlideInput = z.infer<typeof slideInput>;

/**
 * The slides of a presentation, in the order given by slide_number (the list's order where numbers are absent or
 * equal), numbered 1..n when stored. At least one; each with a title or some content (spec section 5).
 */
export const slideList = z
  .array(slideInput, { message: PRESENTATION_MESSAGES.noSlides })
  .min(1, { message: PRESENTATION_MESSAGES.noSlides })
  .max(PRESENTATION_LIMITS.slides, { message: `A presentation can have at most ${PRESENTATION_LIMITS.slides} slides` })
  .superRefine((slides, context) => {
    for (const [index, slide] of slides.entries()) {
      if (!slide.slide_title && !slide.body && !slide.slide_content && !slide.content_path && !slide.script_path) {
        context.addIssue({ code: "custom", path: [index], message: PRESENTATION_MESSAGES.emptySlide });
      }
    }
    const ids = slides.flatMap((slide) => (slide.id ? [slide.id] : []));
    if (new Set(ids).size !== ids.length) context.addIssue({ code: "custom", message: "A slide id appears twice" });
  })
  .transform((slides) =>
    slides
      .map((slide, index) => ({ slide, index }))
      .sort((left, right) => (left.slide.slide_number ?? left.index + 1) - (right.slide.slide_number ?? right.index + 1) || left.index - right.index)
      .map(({ slide }) => slide),
  );

const provider = z.string({ message: "A provider must be text" }).trim().check(charactersOf("line")).min(1).max(50);

/** A deck's language: one the offline generator and answerer know (lib/content/languages.ts). */
const deckLanguage = z.enum(DECK_LANGUAGES, { message: `language must be one of ${DECK_LANGUAGES.join(", ")}` });

const version = z
  .number({ message: PRESENTATION_MESSAGES.versionRequired })
  .int({ message: PRESENTATION_MESSAGES.versionRequired })
  .min(0, { message: PRESENTATION_MESSAGES.versionRequired });

const template = z.string({ message: PRESENTATION_MESSAGES.unknownTemplate }).trim().min(1, { message: PRESENTATION_MESSAGES.unknownTemplate }).max(50);

const sourceList = <T extends z.ZodType>(item: T) =>
  z.array(item).max(PRESENTATION_LIMITS.sourcesListed, { message: `At most ${PRESENTATION_LIMITS.sourcesListed} sources` });

/**
 * POST /presentations/ (spec section 7). The method follows `generation_method`, else the template: 'manual',
 * 'imported' (a PowerPoint import) or a template id (AI generation, 'professional' by default). Manual and imported
 * presentations carry their slides; an AI one is generated from the blog's extracted sources by a job.
 * `content_source`, `source_content` and `extract_content` are accepted for the spec's client and not needed: the
 * blog's own main source and its extracted text are used.
 */
export const presentationCreateInput = z
  .object({
    blog_id: z.uuid({ message: PRESENTATION_MESSAGES.blogNotFound }),
    template: template.optional(),
    generation_method: z.enum(GENERATION_METHODS, { message: "generation_method must be manual, import_ppt or ai_template" }).optional(),
    slides: z.unknown().optional(),
    tts_provider: provider.optional(),
    stt_provider: provider.optional(),
    /** The deck's language; by default the blog's (English when the blog's is unknown or not a deck language). */
    language: deckLanguage.optional(),
    content_source: z.enum(["website", "uploaded_file"]).optional(),
    source_content: z.string().max(PRESENTATION_LIMITS.storageKey * 2).optional(),
    extract_content: z.boolean().optional(),
    supporting_files: sourceList(storageKey(PRESENTATION_MESSAGES.notASource)).optional(),
    supporting_links: sourceList(z.string().trim().min(1).max(2048)).optional(),
    content_blocks: sourceList(z.string().trim().min(1).max(100_000)).optional(),
    use_main_source_only: z.boolean({ message: "use_main_source_only must be true or false" }).default(true),
    generation_instructions: z
      .string({ message: "generation_instructions must be text" })
      .trim()
      .check(charactersOf("multiline"))
      .max(PRESENTATION_LIMITS.instructions, { message: `The instructions must be at most ${PRESENTATION_LIMITS.instructions} characters` })
      .optional(),
    /** The uploaded PowerPoint file an imported presentation came from (parse-ppt's file_path). */
    source_file_path: storageKey(PRESENTATION_MESSAGES.fileNotFound).optional(),
  })
  .transform((input, context) => {
    const method: GenerationMethodId =
      input.generation_method ?? (input.template === "manual" ? "manual" : input.template === "imported" ? "import_ppt" : input.template ? "ai_template" : "manual");
    const chosenTemplate = input.template ?? (method === "ai_template" ? DEFAULT_TEMPLATE : method === "import_ppt" ? "imported" : "manual");
    if (method === "ai_template") {
      if (!isKnownTemplate(chosenTemplate)) context.addIssue({ code: "custom", path: ["template"], message: PRESENTATION_MESSAGES.unknownTemplate });
      if (Array.isArray(input.slides) && input.slides.length > 0) context.addIssue({ code: "custom", path: ["slides"], message: PRESENTATION_MESSAGES.aiWithSlides });
      return { ...input, method, template: chosenTemplate, slides: [] as SlideInput[] };
    }
    if (!isKnownTemplate(chosenTemplate) && chosenTemplate !== "manual" && chosenTemplate !== "imported") {
      context.addIssue({ code: "custom", path: ["template"], message: PRESENTATION_MESSAGES.unknownTemplate });
    }
    const slides = slideList.safeParse(input.slides ?? []);
    if (!slides.success) {
      for (const issue of slides.error.issues) context.addIssue({ ...issue, path: ["slides", ...issue.path] } as z.core.$ZodRawIssue);
      return z.NEVER;
    }
    return { ...input, method, template: chosenTemplate, slides: slides.data };
  });
export type PresentationCreateInput = z.infer<typeof presentationCreateInput>;

/**
 * PUT /presentations/{id}/update-slides: the whole list of slides (the spec's payload, `{slides}`), and the version it
 * was edited from when the client sends one (the editor always does): a stale version is refused with 409.
 */
export const updateSlidesInput = z.object({
  slides: slideList,
  version: version.optional(),
});
export type UpdateSlidesInput = z.infer<typeof updateSlidesInput>;

/**
 * PUT /presentations/{id}: the template (re-renders every slide), the voice providers, and optionally the slides.
 * Slides need the version they were edited from, like update-slides; the other fields alone may omit it.
 */
export const presentationUpdateInput = z
  .object({
    template: template.optional(),
    tts_provider: provider.nullable().optional(),
    stt_provider: provider.nullable().optional(),
    slides: slideList.optional(),
    version: version.optional(),
  })
  .superRefine((input, context) => {
    if (input.slides !== undefined && input.version === undefined) {
      context.addIssue({ code: "custom", path: ["version"], message: PRESENTATION_MESSAGES.versionRequired });
    }
    if (input.template !== undefined && !isKnownTemplate(input.template) && input.template !== "manual" && input.template !== "imported") {
      context.addIssue({ code: "custom", path: ["template"], message: PRESENTATION_MESSAGES.unknownTemplate });
    }
  });
export type PresentationUpdateInput = z.infer<typeof presentationUpdateInput>;

/** GET /presentations/{id}: `include=audio` adds each slide's narration as Base64 (`audio`, spec section 3). */
export const presentationReadQuery = z.object({
  include: z.enum(["audio"], { message: "include must be audio" }).optional(),
});

/** GET /presentations/: a page of the tenant's presentations, of one blog when blog_id is given. */
export const presentationListQuery = pageQuery.extend({
  blog_id: z.uuid({ message: "Invalid blog id" }).optional(),
  tenant_id: z.uuid({ message: "Invalid tenant id" }).optional(),
});
export type PresentationListQuery = z.infer<typeof presentationListQuery>;

export const blogIdParams = z.object({ blogId: z.uuid({ message: PRESENTATION_MESSAGES.blogNotFound }) });

/** POST /presentations/parse-ppt: the storage key of a 'pptx' folder upload. */
export const parsePptInput = z.object({ file_path: storageKey(PRESENTATION_MESSAGES.pptType) });
export type ParsePptInput = z.infer<typeof parsePptInput>;

/** GET /presentations/download/{id}: a .pptx by default, or a PDF of the slide images. */
export const downloadQuery = z.object({ format: z.enum(["pptx", "pdf"], { message: "format must be pptx or pdf" }).default("pptx") });

/**
 * The fields of upload-slide-image besides the file. `presentation_id` is the presentation's id or, before it
 * exists, a placeholder ('temp-presentation-id' on the import screen); `method` names the editor when there is no
 * presentation yet. The manual editor's limit (5MB) applies unless the presentation or method is an import or AI.
 */
export const slideImageFields = z.object({
  presentation_id: z.string().trim().max(100).optional(),
  slide_number: z.coerce.number({ message: "slide_number must be a number" }).int().min(1).max(PRESENTATION_LIMITS.slides).optional(),
  method: z.enum(GENERATION_METHODS).optional(),
});
export type SlideImageFields = z.infer<typeof slideImageFields>;

/** The import screen's placeholder presentation id (spec section 2, PowerPoint import). */
export const IMPORT_PLACEHOLDER_ID = "temp-presentation-id";

/** GET …/captions.vtt: one slide's cues (on its own audio's timeline) with `slide`, a download with `download=true`. */
export const captionsQuery = z.object({
  slide: z.coerce.number({ message: "slide must be a slide number" }).int({ message: "slide must be a slide number" }).min(1, { message: "slide must be a slide number" }).optional(),
  download: z.enum(["true", "false"], { message: "download must be true or false" }).optional(),
});
