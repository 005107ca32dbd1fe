// The language of a source's text, told by eld (Nito-ELD, n-gram detector, its "small" database of 60 languages) when
// the text is extracted. Run in the document worker (lib/content/documents.ts: detectTextLanguage): the detector's
// tables take about 45 MB of heap, which the server's own thread should not carry.
//
// A text is read as chunks of a few sentences; each chunk the detector is sure of votes with its length in letters.
// The answer is a language only when the text is long enough and one language holds most of it; otherwise 'und'
// (undetermined), and a deck made from it is in English unless the user chooses otherwise.
import { UNDETERMINED } from "./languages";

/** Letters needed before a language is named: below this a text is too short to tell. */
export const MIN_LETTERS = 40;
/** Share of the text's letters one language must hold (a mixed text below this is undetermined). */
export const DOMINANT_SHARE = 0.6;
/** Characters of a text the detector reads: spread over the text, enough to be sure, bounded whatever its length. */
export const SAMPLE_CHARS = 12_000;
/** A chunk gathers sentences until it has this many characters. */
const CHUNK_CHARS = 160;

export interface LanguageGuess {
  /** ISO 639-1 code (en, fr, ...) or 'und'. */
  language: string;
  /** Share of the sampled letters in that language (0 when undetermined for being too short). */
  share: number;
}

interface Detector {
  detect(text: string): { language: string; isReliable(): boolean };
}

let detector: Promise<Detector> | null = null;

function loadDetector(): Promise<Detector> {
  detector ??= import("eld/small").then((module) => module.eld);
  return detector;
}

/**
 * At most SAMPLE_CHARS characters of a text, taken as evenly spaced slices cut at spaces when it is longer: the
 * opening alone may be a title page or a quotation in another language.
 */
export function languageSample(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= SAMPLE_CHARS) return flat;
  const slices = 8;
  const size = Math.floor(SAMPLE_CHARS / slices);
  const step = Math.floor(flat.length / slices);
  const parts: string[] = [];
  for (let index = 0; index < slices; index += 1) {
    const slice = flat.slice(index * step, index * step + size);
    // Whole words only: drop the partial words at each end.
    parts.push(slice.replace(/^\S*\s/, "").replace(/\s\S*$/, ""));
  }
  return parts.join(" ");
}

function letters(text: string): number {
  return (text.match(/\p{L}/gu) ?? []).length;
}

/** Sentences gathered into chunks of about CHUNK_CHARS characters. */
function chunksOf(sample: string): string[] {
  const sentences = sample.split(/(?<=[.!?…:;])\s+|\n+/u);
  const chunks: string[] = [];
  let current = "";
  for (const sentence of sentences) {
    current = current ? `${current} ${sentence}` : sentence;
    if (current.length >= CHUNK_CHARS) {
      chunks.push(current);
      current = "";
    }
  }
  if (current) {
    // A short tail joins the chunk before it rather than voting on its own.
    if (chunks.length > 0 && current.length < CHUNK_CHARS / 2) chunks[chunks.length - 1] += ` ${current}`;
    else chunks.push(current);
  }
  return chunks;
}

/** The language of a text, or 'und' when it is too short or mixed. Bounded work: it reads languageSample(text). */
export async function detectLanguage(text: string): Promise<LanguageGuess> {
  const sample = languageSample(text);
  const total = letters(sample);
  if (total < MIN_LETTERS) return { language: UNDETERMINED, share: 0 };
  const eld = await loadDetector();
  const votes = new Map<string, number>();
  for (const chunk of chunksOf(sample)) {
    const result = eld.detect(chunk);
    if (!result.language || !result.isReliable()) continue;
    votes.set(result.language, (votes.get(result.language) ?? 0) + letters(chunk));
  }
  let best = UNDETERMINED;
  let bestLetters = 0;
  for (const [language, count] of votes) {
    if (count > bestLetters) {
      best = language;
      bestLetters = count;
    }
  }
  const share = bestLetters / total;
  if (best === UNDETERMINED || share < DOMINANT_SHARE) return { language: UNDETERMINED, share: Math.round(share * 100) / 100 };
  return { language: best, share: Math.round(share * 100) / 100 };
}
