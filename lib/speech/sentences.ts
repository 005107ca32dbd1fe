// Narration text as sentences (the unit the player resumes at), groups of sentences that fit a provider's request
// limit, and sentence timings, exact or shared out by characters.
import { splitSentences } from "@/lib/ai/text";
import { SpeechInputRejected } from "./errors";
import type { SentenceTiming } from "./types";

/** Longest text one synthesis takes (about three hours of speech): bounds memory and provider spend. */
export const MAX_TEXT_CHARS = 100_000;

/** The sentences of a narration, split as the slide generator splits its scripts (abbreviations kept whole). */
export function narrationSentences(text: string): string[] {
  return splitSentences(text);
}

/** The sentences of a text to speak; SpeechInputRejected when there are none or too many characters. */
export function checkText(text: string): string[] {
  if (text.length > MAX_TEXT_CHARS) throw new SpeechInputRejected(`The text is too long to speak (more than ${MAX_TEXT_CHARS} characters).`);
  const sentences = narrationSentences(text);
  if (sentences.length === 0) throw new SpeechInputRejected("There is no text to speak.");
  return sentences;
}

/** Splits one over-long sentence into pieces of at most `maxChars`, after a comma or semicolon where possible. */
export function splitLongSentence(sentence: string, maxChars: number): string[] {
  const pieces: string[] = [];
  let rest = sentence.trim();
  while (rest.length > maxChars) {
    const window = rest.slice(0, maxChars + 1);
    let cut = Math.max(window.lastIndexOf(", "), window.lastIndexOf("; "), window.lastIndexOf(": "));
    cut = cut > maxChars / 3 ? cut + 1 : window.lastIndexOf(" ");
    if (cut <= 0) cut = maxChars; // one word longer than the limit
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

export interface SentenceGroup {
  /** Indexes into the sentence list. */
  sentences: number[];
  text: string;
}

/**
 * Consecutive sentences joined into texts of at most `maxChars` for providers with a request limit. A sentence
 * longer than the limit gets a group of its own and is cut further by the caller (splitLongSentence).
 */
export function groupSentences(sentences: readonly string[], maxChars: number): SentenceGroup[] {
  const groups: SentenceGroup[] = [];
  let current: SentenceGroup | undefined;
  sentences.forEach((sentence, index) => {
    if (current && current.text.length + 1 + sentence.length <= maxChars) {
      current.sentences.push(index);
      current.text += ` ${sentence}`;
      return;
    }
    current = { sentences: [index], text: sentence };
    groups.push(current);
  });
  return groups;
}

/**
 * Timings from where each sentence starts: consecutive, the first from 0 and the last to `durationMs`, so every
 * moment of the audio belongs to one sentence.
 */
export function timingsFromStarts(sentences: readonly string[], startsMs: readonly number[], durationMs: number): SentenceTiming[] {
  return sentences.map((text, index) => {
    const startMs = index === 0 ? 0 : Math.min(durationMs, Math.max(0, Math.round(startsMs[index] ?? durationMs)));
    const next = index + 1 < sentences.length ? Math.round(startsMs[index + 1] ?? durationMs) : durationMs;
    return { text, startMs, endMs: Math.max(startMs, Math.min(durationMs, next)) };
  });
}

/** Start offsets shared out by characters, for audio whose provider reports no timings. */
export function estimatedStarts(sentences: readonly string[], fromMs: number, durationMs: number): number[] {
  const weights = sentences.map((sentence) => Math.max(1, sentence.replace(/\s+/g, "").length));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const starts: number[] = [];
  let elapsed = 0;
  for (const weight of weights) {
    starts.push(fromMs + (durationMs * elapsed) / total);
    elapsed += weight;
  }
  return starts;
}
