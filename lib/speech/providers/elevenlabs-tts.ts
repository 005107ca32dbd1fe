// ElevenLabs text to speech (REST). The with-timestamps endpoint returns each character's time, so sentence timings
// are exact. Voices are configured by name ("Rachel"): the account's voice list turns a name into its id.
import { createHash } from "node:crypto";
import { ProviderError } from "../errors";
import { callProvider, providerFetch, type CallPolicy } from "../provider-call";
import type { TextToSpeech } from "../types";
import { MAX_AUDIO_BYTES, synthesizeInParts } from "./cloud";

export const ELEVENLABS_NAME = "ElevenLabs";
export const ELEVENLABS_BASE_URL = "https://api.elevenlabs.io";
const OUTPUT_FORMAT = "mp3_44100_64";
const MAX_CHARS = 4_000;
/** Voice ids by account and name, so the list is fetched once in a while, not per narration. */
const VOICE_CACHE_MS = 10 * 60 * 1000;

export interface ElevenLabsSettings {
  apiKey: string;
  baseUrl: string;
  defaultVoice: string;
  model: string;
  policy: CallPolicy;
}

interface VoiceList {
  voices?: { voice_id?: string; name?: string }[];
}

interface TimestampedAudio {
  audio_base64?: string;
  alignment?: { characters?: string[]; character_start_times_seconds?: number[] } | null;
}

const voiceIds = new Map<string, { id: string; until: number }>();

/** ElevenLabs voice ids are 20 letters and digits; anything else is taken for a name. */
const VOICE_ID = /^[A-Za-z0-9]{20}$/;

async function voiceIdOf(settings: ElevenLabsSettings, base: string, voice: string): Promise<string> {
  if (VOICE_ID.test(voice)) return voice;
  // Keyed by a hash of the key: the cache never holds the key itself.
  const cacheKey = `${base}\u0000${createHash("sha256").update(settings.apiKey).digest("hex")}\u0000${voice.toLowerCase()}`;
  const cached = voiceIds.get(cacheKey);
  if (cached && cached.until > Date.now()) return cached.id;
  const list = await callProvider(ELEVENLABS_NAME, settings.policy, [settings.apiKey], async (signal) => {
    const response = await providerFetch(`${base}/v1/voices`, { headers: { "xi-api-key": settings.apiKey, accept: "application/json" }, signal });
    return (await response.json().catch(() => ({}))) as VoiceList;
  });
  const wanted = voice.toLowerCase();
  const found = list.voices?.find((entry) => entry.name?.toLowerCase() === wanted || entry.name?.toLowerCase().split(" - ")[0] === wanted);
  if (!found?.voice_id) {
    throw new ProviderError(ELEVENLABS_NAME, "failed", `${ELEVENLABS_NAME} has no voice named "${voice.slice(0, 60)}" in this account.`);
  }
  voiceIds.set(cacheKey, { id: found.voice_id, until: Date.now() + VOICE_CACHE_MS });
  return found.voice_id;
}

/** Where each piece starts: the time of its first character in the request text (pieces joined by one space). */
function pieceStarts(pieces: readonly string[], alignment: TimestampedAudio["alignment"]): number[] | undefined {
  const times = alignment?.character_start_times_seconds;
  if (!times || times.length === 0) return undefined;
  const starts: number[] = [];
  let offset = 0;
  for (const piece of pieces) {
    const time = times[Math.min(offset, times.length - 1)];
    if (time === undefined) return undefined;
    starts.push(time * 1000);
    offset += piece.length + 1;
  }
  return starts;
}

export function elevenLabsTts(settings: ElevenLabsSettings): TextToSpeech {
  const base = settings.baseUrl.replace(/\/+$/, "") || ELEVENLABS_BASE_URL;
  return {
    provider: "elevenlabs-tts",
    async synthesize(text, options = {}) {
      const voiceId = await voiceIdOf(settings, base, options.voice ?? settings.defaultVoice);
      const url = `${base}/v1/text-to-speech/${encodeURIComponent(voiceId)}/with-timestamps?output_format=${OUTPUT_FORMAT}`;
      return synthesizeInParts(text, {
        provider: "elevenlabs-tts",
        providerName: ELEVENLABS_NAME,
        maxChars: MAX_CHARS,
        async speak(requestText, pieces) {
          const answer = await callProvider(ELEVENLABS_NAME, settings.policy, [settings.apiKey], async (signal) => {
            const response = await providerFetch(url, {
              method: "POST",
              headers: { "xi-api-key": settings.apiKey, "content-type": "application/json", accept: "application/json" },
              body: JSON.stringify({ text: requestText, model_id: settings.model }),
              signal,
            });
            return (await response.json().catch(() => ({}))) as TimestampedAudio;
          });
          if (!answer.audio_base64) throw new ProviderError(ELEVENLABS_NAME, "malformed", `${ELEVENLABS_NAME} answered without audio.`);
          // Base64 is 4/3 of the bytes: refuse before decoding what would be too large.
          if (answer.audio_base64.length > (MAX_AUDIO_BYTES * 4) / 3) {
            throw new ProviderError(ELEVENLABS_NAME, "malformed", `${ELEVENLABS_NAME} answered with more audio than allowed.`);
          }
          return { audio: new Uint8Array(Buffer.from(answer.audio_base64, "base64")), pieceStartsMs: pieceStarts(pieces, answer.alignment) };
        },
      });
    },
  };
}
