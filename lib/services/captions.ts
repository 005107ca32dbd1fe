// Captions of a deck's narration as WebVTT (W3C WebVTT, text/vtt): one cue per spoken sentence, from the sentence
// timings narration stores with each slide's audio (exact for the offline voice, estimated for cloud voices). The
// whole deck's file puts each slide's audio after the one before it, a cue never crossing from one slide into the
// next; `?slide=n` gives one slide's cues on its own audio's timeline, as the player attaches them to that audio.
import type { AudioSentence } from "@/db/schema";
import { Conflict, NotFound } from "@/lib/errors";
import type { Actor } from "@/lib/auth/actor";
import { getPresentation } from "./presentations";
import { getSharedPresentation } from "./sharing";

export const CAPTION_MESSAGES = {
  notReady: "The narration is not ready yet; its captions come with it.",
  slideNotFound: "Slide not found",
} as const;

export interface CaptionedSlide {
  slide_number: number;
  slide_title: string;
  audio_duration_ms: number | null;
  audio_sentences?: AudioSentence[] | null;
}

/** hh:mm:ss.ttt, as WebVTT writes a time. */
function timestamp(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  const hours = Math.floor(whole / 3_600_000);
  const minutes = Math.floor((whole % 3_600_000) / 60_000);
  const seconds = Math.floor((whole % 60_000) / 1000);
  const millis = whole % 1000;
  const pad = (value: number, width: number) => String(value).padStart(width, "0");
  return `${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)}.${pad(millis, 3)}`;
}

/** A cue's text: the characters WebVTT reads as markup escaped (so no "-->" is left), no blank line (which would end the cue). */
function cueText(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\s*\n\s*/g, " ")
    .trim();
}

/**
 * The WebVTT file of the given slides, in order: each slide's cues shifted by the audio before it (none for a single
 * slide), each cue ending where the next sentence starts or its slide's audio ends. A slide without audio adds no cue.
 */
export function webVtt(slides: readonly CaptionedSlide[], language?: string): string {
  // The narration's language as a header line (read by players and caption editors that take it; others skip it).
  const lines = language ? ["WEBVTT", `Language: ${language}`, ""] : ["WEBVTT", ""];
  let offset = 0;
  for (const slide of slides) {
    const sentences = (slide.audio_sentences ?? []).filter((sentence) => sentence.text.trim());
    const duration = slide.audio_duration_ms ?? sentences.at(-1)?.end_ms ?? 0;
    if (sentences.length > 0) lines.push(`NOTE Slide ${slide.slide_number}: ${cueText(slide.slide_title)}`, "");
    sentences.forEach((sentence, index) => {
      const start = Math.min(sentence.start_ms, duration);
      const end = Math.min(Math.max(sentence.end_ms, start + 1), duration > start ? duration : sentence.end_ms);
      lines.push(`slide-${slide.slide_number}-${index + 1}`, `${timestamp(offset + start)} --> ${timestamp(offset + end)}`, cueText(sentence.text), "");
    });
    offset += duration;
  }
  return lines.join("\n");
}

/** The slides a caption file is made of: all, or the one asked for; only once every slide's narration is ready. */
function captionsOf(slides: readonly CaptionedSlide[], narrationReady: boolean, slideNumber: number | undefined, language: string | undefined): string {
  if (!narrationReady) throw new Conflict(CAPTION_MESSAGES.notReady);
  if (slideNumber === undefined) return webVtt(slides, language);
  const slide = slides.find((candidate) => candidate.slide_number === slideNumber);
  if (!slide) throw new NotFound(CAPTION_MESSAGES.slideNotFound);
  return webVtt([slide], language);
}

/** GET /presentations/{id}/captions.vtt: a deck of the viewer's tenant. */
export async function presentationCaptions(actor: Actor, presentationId: string, slideNumber?: number): Promise<string> {
  const presentation = await getPresentation(actor, presentationId);
  return captionsOf(presentation.slides, presentation.webhook_status === "completed", slideNumber, presentation.language);
}

/** GET /presentations/share/{token}/captions.vtt: a deck behind a live share link. */
export async function sharedCaptions(token: string, slideNumber?: number): Promise<string> {
  const presentation = await getSharedPresentation(token);
  return captionsOf(presentation.slides, presentation.webhook_status === "completed", slideNumber, presentation.language);
}

/** The file's response: WebVTT, private to its viewer, named after the deck when downloaded. */
export function captionsResponse(vtt: string, download: boolean): Response {
  const headers = new Headers({ "Content-Type": "text/vtt; charset=utf-8", "X-Content-Type-Options": "nosniff" });
  const language = /^WEBVTT\nLanguage: ([a-z]{2,3})\n/.exec(vtt)?.[1];
  if (language) headers.set("Content-Language", language);
  if (download) headers.set("Content-Disposition", 'attachment; filename="captions.vtt"');
  return new Response(vtt, { headers });
}
