// The outline every slide generator returns, and the rules it must meet (zod): 4 to 20 slides, each with a
// title, 3 to 6 bullets of on-screen text and a narration script of 60 to 150 words of spoken prose.
import { z } from "zod";
import { wordCount } from "./text";

export const MIN_SLIDES = 4;
export const MAX_SLIDES = 20;
export const MIN_BULLETS = 3;
export const MAX_BULLETS = 6;
export const MIN_SCRIPT_WORDS = 60;
export const MAX_SCRIPT_WORDS = 150;

export interface OutlineSource {
  /** Shown as the source of answers: the document's file name, the page address or "Content block 2". */
  name: string;
  /** The blog_sources kind: main_document, website_link, content_block or file. */
  kind: string;
  /** Extracted text: headings on their own lines, paragraphs separated by blank lines. */
  text: string;
  /** Sections from extraction, when the caller has them (otherwise headings are recognised in the text). */
  sections?: { heading: string | null; text: string }[];
  isMain: boolean;
}

export interface OutlineInput {
  sources: OutlineSource[];
  /** Only the main source is used (the blog's `use_main_source_only`). */
  useMainSourceOnly: boolean;
  /** The blog's `generation_instructions`. */
  instructions?: string;
  /** Template id, e.g. "professional". */
  template: string;
  /** Wanted number of slides (4 to 20); by default it follows the length of the material. */
  targetSlides?: number;
  /** The deck's language (lib/content/languages.ts DECK_LANGUAGES): its own phrases are in it. English when absent. */
  language?: string;
}

export interface OutlineSlide {
  title: string;
  bullets: string[];
  script: string;
  imagePrompt?: string;
}

export interface Outline {
  slides: OutlineSlide[];
}

export const outlineSlideSchema = z.object({
  title: z.string().trim().min(1, "title is empty").max(150, "title is longer than 150 characters"),
  bullets: z
    .array(z.string().trim().min(1, "a bullet is empty").max(200, "a bullet is longer than 200 characters"))
    .min(MIN_BULLETS, `fewer than ${MIN_BULLETS} bullets`)
    .max(MAX_BULLETS, `more than ${MAX_BULLETS} bullets`),
  script: z
    .string()
    .trim()
    .refine((script) => wordCount(script) >= MIN_SCRIPT_WORDS, `script has fewer than ${MIN_SCRIPT_WORDS} words`)
    .refine((script) => wordCount(script) <= MAX_SCRIPT_WORDS, `script has more than ${MAX_SCRIPT_WORDS} words`),
  imagePrompt: z.string().trim().min(1).max(500).optional(),
});

export const outlineSchema = z.object({
  slides: z
    .array(outlineSlideSchema)
    .min(MIN_SLIDES, `fewer than ${MIN_SLIDES} slides`)
    .max(MAX_SLIDES, `more than ${MAX_SLIDES} slides`),
});

/** Slide count from the material's length when no target is given: about one slide per 220 words, plus two. */
export function slideCountFor(words: number, target?: number): number {
  const wanted = target ?? Math.round(words / 220) + 2;
  return Math.min(MAX_SLIDES, Math.max(MIN_SLIDES, Math.round(wanted)));
}
