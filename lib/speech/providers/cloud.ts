// What every cloud voice shares: the text cut into requests within the provider's limit, the MP3 answers checked
// and joined, and sentence timings (the provider's own where it reports them, else shared out by characters).
import { ProviderError } from "../errors";
import { concatMp3, mp3Info } from "../mp3";
import { checkText, estimatedStarts, groupSentences, splitLongSentence, timingsFromStarts } from "../sentences";
import type { SynthesizedSpeech, TtsProviderId } from "../types";

/** Largest audio answer accepted from one request. */
export const MAX_AUDIO_BYTES = 50 * 1024 * 1024;

export interface SpokenPart {
  /** MP3 audio of the part. */
  audio: Uint8Array;
  /** Where each of the part's pieces starts in its audio, in ms, when the provider says so. */
  pieceStartsMs?: number[];
}

export interface CloudSynthesisPlan {
  provider: TtsProviderId;
  /** The provider's name for messages, e.g. "Azure Speech". */
  providerName: string;
  /** Most characters per request. */
  maxChars: number;
  /** Never put two sentences in one request (so each sentence's start is known exactly from the audio lengths). */
  sentencePerRequest?: boolean;
  /** Speaks one request's text; `pieces` are its parts in order (whole sentences, or pieces of a long one). */
  speak(text: string, pieces: readonly string[]): Promise<SpokenPart>;
}

interface Piece {
  sentence: number;
  text: string;
}

function piecesOf(sentences: readonly string[], maxChars: number): Piece[] {
  return sentences.flatMap((sentence, index) => splitLongSentence(sentence, maxChars).map((text) => ({ sentence: index, text })));
}

/** Requests of consecutive pieces within the limit. */
function requestsOf(pieces: readonly Piece[], plan: CloudSynthesisPlan): Piece[][] {
  if (plan.sentencePerRequest) {
    const requests: Piece[][] = [];
    for (const piece of pieces) {
      const last = requests.at(-1);
      const lastPiece = last?.at(-1);
      if (last && lastPiece && lastPiece.sentence === piece.sentence && lastPiece.text.length + 1 + piece.text.length <= plan.maxChars) {
        last.push(piece);
      } else {
        requests.push([piece]);
      }
    }
    return requests;
  }
  return groupSentences(
    pieces.map((piece) => piece.text),
    plan.maxChars,
  ).map((group) => group.sentences.map((index) => pieces[index]!));
}

export async function synthesizeInParts(text: string, plan: CloudSynthesisPlan): Promise<SynthesizedSpeech> {
  const sentences = checkText(text);
  const requests = requestsOf(piecesOf(sentences, plan.maxChars), plan);
  const audioParts: Uint8Array[] = [];
  const sentenceStarts: number[] = new Array<number>(sentences.length).fill(Number.NaN);
  let exact = true;
  let elapsedMs = 0;
  for (const request of requests) {
    const pieceTexts = request.map((piece) => piece.text);
    const spoken = await plan.speak(pieceTexts.join(" "), pieceTexts);
    const info = mp3Info(spoken.audio);
    if (!info) throw new ProviderError(plan.providerName, "malformed", `${plan.providerName} answered with something other than MP3 audio.`);
    let starts = spoken.pieceStartsMs;
    if (!starts || starts.length !== request.length) {
      starts = estimatedStarts(pieceTexts, 0, info.durationMs);
      // One piece per request starts at the request's start: exact whatever the provider reports.
      if (request.length > 1) exact = false;
    }
    request.forEach((piece, index) => {
      if (Number.isNaN(sentenceStarts[piece.sentence]!)) sentenceStarts[piece.sentence] = elapsedMs + (starts[index] ?? 0);
    });
    audioParts.push(spoken.audio);
    elapsedMs += info.durationMs;
  }
  const audio = concatMp3(audioParts);
  const durationMs = mp3Info(audio)?.durationMs ?? elapsedMs;
  return {
    audio,
    mimeType: "audio/mpeg",
    durationMs,
    sentences: timingsFromStarts(sentences, sentenceStarts, durationMs),
    provider: plan.provider,
    timing: exact ? "exact" : "estimated",
  };
}

/** Escapes text for SSML (Azure, Google). */
export function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** A voice name's language ("en-US-JennyNeural" -> "en-US"), or undefined. */
export function languageOfVoice(voice: string | undefined): string | undefined {
  const match = voice ? /^([a-z]{2,3}-[A-Z]{2})\b/.exec(voice) : null;
  return match?.[1];
}

/**
 * The voice and language of a request: a voice asked for wins (with its own language); a language asked for that the
 * default voice does not speak drops the default voice (the provider picks one for the language).
 */
export function pickVoice(
  options: { voice?: string; language?: string },
  defaultVoice: string,
  defaultLanguage: string,
): { voice?: string; language: string } {
  if (options.voice) return { voice: options.voice, language: languageOfVoice(options.voice) ?? options.language ?? defaultLanguage };
  const defaultVoiceLanguage = languageOfVoice(defaultVoice) ?? defaultLanguage;
  if (options.language) {
    const base = (code: string) => code.toLowerCase().split(/[-_]/)[0];
    const wanted = options.language;
    const speaks = wanted.toLowerCase() === defaultVoiceLanguage.toLowerCase() || (!wanted.includes("-") && base(wanted) === base(defaultVoiceLanguage));
    if (!speaks) return { language: wanted };
  }
  return { voice: defaultVoice || undefined, language: defaultVoiceLanguage };
}
