// The offline voice: eSpeak NG compiled to WebAssembly (no system binary, no network), one sentence at a time so
// each sentence's place in the audio is exact, encoded to 64 kbps mono MP3 with lamejs (pure JavaScript).
import type { EspeakWorker } from "@echogarden/espeak-ng-emscripten";
import { logger } from "@/lib/log";
import { SpeechInputRejected } from "../errors";
import { mp3Info } from "../mp3";
import { checkText, timingsFromStarts } from "../sentences";
import type { SynthesizedSpeech, SynthesizeOptions, TextToSpeech } from "../types";

export const ESPEAK_DEFAULT_VOICE = "en-us";
export const ESPEAK_DEFAULT_WORDS_PER_MINUTE = 165;
const MP3_KBPS = 64;
/**
 * Samples an MP3 decoder outputs before the first encoded sample (LAME's 576 plus the decoder's 529): the file has no
 * LAME header telling players to skip them, so every sentence is heard this much later than it was made.
 */
const DECODER_DELAY_SAMPLES = 1105;
/** lamejs works fastest on whole frames; sentences are encoded in blocks of this many samples. */
const ENCODE_BLOCK = 1152 * 16;

interface Engine {
  worker: EspeakWorker;
  Mp3Encoder: typeof import("@breezystack/lamejs").Mp3Encoder;
  sampleRate: number;
  /** What the worker is set to now: concurrent syntheses interleave by sentence and set their own before each. */
  voice?: string;
  wordsPerMinute?: number;
  /** Voice names that worked, by what was asked for ("en-GB" -> "gmw/en"). */
  resolvedVoices: Map<string, string>;
}

const globalForEspeak = globalThis as unknown as { espeakEngine?: Promise<Engine> };

/** Loads the WebAssembly build once per process (about 0.5 s, 90 MB of memory with its voice data). */
export function loadEspeak(): Promise<Engine> {
  globalForEspeak.espeakEngine ??= (async () => {
    const { default: initialize } = await import("@echogarden/espeak-ng-emscripten");
    const espeakModule = await initialize({
      print: (text) => logger.debug({ engine: "espeak-ng" }, text),
      printErr: (text) => logger.debug({ engine: "espeak-ng" }, text),
    });
    const worker = new espeakModule.eSpeakNGWorker();
    // Imported, not required: the package's CommonJS entry is a script that exports nothing.
    const { Mp3Encoder } = await import("@breezystack/lamejs");
    return { worker, Mp3Encoder, sampleRate: worker.get_samplerate(), resolvedVoices: new Map<string, string>() };
  })();
  // A failed load may be retried by the next call.
  globalForEspeak.espeakEngine.catch(() => {
    globalForEspeak.espeakEngine = undefined;
  });
  return globalForEspeak.espeakEngine;
}

/** The eSpeak voice for a voice name or language code: the name itself, a voice speaking that language, or its base. */
function resolveVoice(engine: Engine, wanted: string): string {
  const known = engine.resolvedVoices.get(wanted);
  if (known) return known;
  const candidates = [wanted];
  const lower = wanted.toLowerCase();
  const voices = engine.worker.list_voices();
  const speaking = (language: string) => voices.find((voice) => voice.languages.some((entry) => entry.name.toLowerCase() === language));
  const byLanguage = speaking(lower) ?? speaking(lower.split(/[-_]/)[0] ?? lower);
  if (byLanguage) candidates.push(byLanguage.identifier);
  for (const candidate of candidates) {
    if (engine.worker.set_voice(candidate) === 0) {
      engine.voice = candidate;
      engine.wordsPerMinute = undefined;
      engine.resolvedVoices.set(wanted, candidate);
      return candidate;
    }
  }
  engine.voice = undefined;
  throw new SpeechInputRejected(`eSpeak NG has no voice or language "${wanted.slice(0, 40)}".`);
}

function prepare(engine: Engine, voice: string, wordsPerMinute: number): void {
  if (engine.voice !== voice) {
    if (engine.worker.set_voice(voice) !== 0) throw new SpeechInputRejected(`eSpeak NG has no voice "${voice}".`);
    engine.voice = voice;
    // Choosing a voice resets the rate to the voice's own.
    engine.wordsPerMinute = undefined;
  }
  if (engine.wordsPerMinute !== wordsPerMinute) {
    engine.worker.set_rate(wordsPerMinute);
    engine.wordsPerMinute = wordsPerMinute;
  }
}

function joinSamples(chunks: readonly Int16Array[], length: number): Int16Array {
  const joined = new Int16Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.length;
  }
  return joined;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface EspeakSettings {
  voice?: string;
  wordsPerMinute?: number;
}

/** The offline voice with a tenant's 'espeak-tts' settings (voice, words per minute). */
export function espeakTts(settings: EspeakSettings = {}): TextToSpeech {
  return {
    provider: "espeak-tts",
    async synthesize(text: string, options: SynthesizeOptions = {}): Promise<SynthesizedSpeech> {
      const sentences = checkText(text);
      const engine = await loadEspeak();
      const voice = resolveVoice(engine, options.voice ?? options.language ?? settings.voice ?? ESPEAK_DEFAULT_VOICE);
      const wordsPerMinute = Math.min(450, Math.max(80, Math.round(settings.wordsPerMinute ?? ESPEAK_DEFAULT_WORDS_PER_MINUTE)));
      const encoder = new engine.Mp3Encoder(1, engine.sampleRate, MP3_KBPS);
      const mp3Parts: Uint8Array[] = [];
      const startSamples: number[] = [];
      let samplesSoFar = 0;
      for (const sentence of sentences) {
        prepare(engine, voice, wordsPerMinute);
        const chunks: Int16Array[] = [];
        let length = 0;
        engine.worker.synthesize(sentence, (samples) => {
          chunks.push(samples);
          length += samples.length;
          return false;
        });
        startSamples.push(samplesSoFar);
        samplesSoFar += length;
        const pcm = joinSamples(chunks, length);
        for (let offset = 0; offset < pcm.length; offset += ENCODE_BLOCK) {
          const encoded = encoder.encodeBuffer(pcm.subarray(offset, offset + ENCODE_BLOCK));
          if (encoded.length > 0) mp3Parts.push(encoded.slice());
        }
        // Synthesis and encoding are synchronous: let other requests and jobs run between sentences.
        await yieldToEventLoop();
      }
      const tail = encoder.flush();
      if (tail.length > 0) mp3Parts.push(tail.slice());
      const audio = new Uint8Array(mp3Parts.reduce((sum, part) => sum + part.length, 0));
      let offset = 0;
      for (const part of mp3Parts) {
        audio.set(part, offset);
        offset += part.length;
      }
      const durationMs = mp3Info(audio)?.durationMs ?? Math.round((samplesSoFar / engine.sampleRate) * 1000);
      const startsMs = startSamples.map((samples) => ((samples + DECODER_DELAY_SAMPLES) / engine.sampleRate) * 1000);
      return {
        audio,
        mimeType: "audio/mpeg",
        durationMs,
        sentences: timingsFromStarts(sentences, startsMs, durationMs),
        provider: "espeak-tts",
        timing: "exact",
      };
    },
  };
}
