// Turns an API presentation into the player's slides (spec section 3, "Player slide").
import type { ApiPresentation, ApiSlide, PlayerPresentation, PlayerSlide, SentenceTiming } from "./types";

/**
 * Where the portrait rendering (1080x1350) replaces the 16:9 one: a viewport taller than wide (a phone held upright,
 * a narrow frame), where the wide slide would be a strip of small text. Chosen by the browser (a <picture> source),
 * so the server's first view already shows the right one.
 */
export const PORTRAIT_QUERY = "(orientation: portrait)";

/** A script is narrated only when longer than this (section 9). */
export const SCRIPT_MIN_LENGTH = 10;

/** Sentences end at '.', '!' or '?' (section 4, "Narration"). */
export function splitSentences(text: string): string[] {
  return (text.match(/[^.!?]+[.!?]*/g) ?? []).map((sentence) => sentence.trim()).filter(Boolean);
}

/** The narration text: the script when it is long enough, else the title and the content. */
export function narrationText(title: string, content: string, script: string): string {
  const trimmed = script.trim();
  if (trimmed.length > SCRIPT_MIN_LENGTH) return trimmed;
  return [title, content].map((part) => part.trim()).filter(Boolean).join(". ");
}

/**
 * Sentence timings when the server sent none: each sentence's share of the audio by its share of the text
 * (section 4: "position within a sentence is estimated by share of text length against audio duration").
 */
export function estimateTimings(sentences: readonly string[], durationMs: number): SentenceTiming[] {
  const total = sentences.reduce((sum, sentence) => sum + sentence.length, 0) || 1;
  let start = 0;
  return sentences.map((text, index) => {
    const end = index === sentences.length - 1 ? durationMs : Math.round(start + (durationMs * text.length) / total);
    const timing = { text, start_ms: Math.round(start), end_ms: end };
    start = end;
    return timing;
  });
}

/** The index of the sentence heard at `ms` (the last one past its end). */
export function sentenceAt(sentences: readonly SentenceTiming[], ms: number): number {
  for (let index = sentences.length - 1; index >= 0; index -= 1) {
    if (ms >= (sentences[index]?.start_ms ?? 0)) return index;
  }
  return 0;
}

/** Seconds a slide shows under the timer: 10 plus 2 per slide index (section 9). */
export function slideDuration(index: number): number {
  return 10 + 2 * index;
}

function playerSlide(slide: ApiSlide, index: number, shared: boolean): PlayerSlide {
  const title = slide.slide_title?.trim() || `Slide ${slide.slide_number}`;
  const content = slide.body ?? "";
  const narratorScript = narrationText(title, content, slide.slide_content ?? "");
  const audioUrl = (shared ? slide.public_audio_url : null) ?? slide.audio_url ?? null;
  const durationMs = slide.audio_duration_ms ?? null;
  const sentences =
    slide.audio_sentences && slide.audio_sentences.length > 0
      ? slide.audio_sentences
      : estimateTimings(splitSentences(narratorScript), durationMs ?? slideDuration(index) * 1000);
  return {
    id: slide.id,
    slideNumber: slide.slide_number,
    title,
    content,
    narratorScript,
    imageUrl: (shared ? slide.public_web_image_url : null) ?? slide.web_image_url ?? slide.image_url ?? null,
    mobileImageUrl: (shared ? slide.public_mobile_image_url : null) ?? slide.mobile_image_url ?? null,
    audioUrl,
    audioDurationMs: durationMs,
    sentences,
    duration: slideDuration(index),
  };
}

export function toPlayerPresentation(presentation: ApiPresentation, shared: boolean): PlayerPresentation {
  const slides = [...presentation.slides].sort((a, b) => a.slide_number - b.slide_number);
  return {
    id: presentation.id,
    title: presentation.blog?.blog_title ?? presentation.blog_title ?? "Presentation",
    blogId: presentation.blog_id ?? presentation.blog?.id ?? null,
    status: presentation.status,
    voiceQuestions: presentation.speech_to_text_available,
    language: presentation.language ?? "en",
    slides: slides.map((slide, index) => playerSlide(slide, index, shared)),
  };
}

/** A slide's lines as shown on it: one per line of its content, without list marks. */
export function slideLines(content: string): string[] {
  return content
    .split("\n")
    .map((line) => line.replace(/^[-•*]\s*/, "").trim())
    .filter(Boolean);
}

/** The longest alternative text a slide's image gets: its title and as much of its text as fits. */
const ALT_MAX_LENGTH = 400;

/**
 * The alternative text of a slide's image (WCAG 1.1.1): what the picture says, its title then its lines
 * ("The Community Garden. Forty raised beds. Open to every neighbour").
 */
export function slideAlt(title: string, content: string): string {
  const parts = [title, ...slideLines(content)].map((part) => part.replace(/[\s.;:,]+$/, "")).filter(Boolean);
  const alt = parts.join(". ");
  return alt.length > ALT_MAX_LENGTH ? `${alt.slice(0, ALT_MAX_LENGTH - 1).trimEnd()}…` : alt;
}
