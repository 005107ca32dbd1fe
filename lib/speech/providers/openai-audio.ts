// OpenAI (and compatible servers) for speech: TTS through audio/speech, Whisper through audio/transcriptions, with
// the openai package. Retries and time limits are callProvider's (the SDK's own are turned off so they do not
// multiply), and SDK errors become the statuses callProvider classifies.
import OpenAI, { APIConnectionTimeoutError, APIError, toFile } from "openai";
import { ProviderError } from "../errors";
import { AttemptTimedOut, callProvider, ProviderHttpStatus, retryAfterMs, type CallPolicy } from "../provider-call";
import type { SpeechToText, TextToSpeech } from "../types";
import { MAX_AUDIO_BYTES, synthesizeInParts } from "./cloud";

export const OPENAI_TTS_NAME = "OpenAI TTS";
export const OPENAI_WHISPER_NAME = "OpenAI Whisper";

/** audio/speech takes at most 4,096 characters. */
const MAX_CHARS = 4_000;

function client(apiKey: string, baseUrl: string | undefined, policy: CallPolicy): OpenAI {
  return new OpenAI({ apiKey, baseURL: baseUrl || undefined, maxRetries: 0, timeout: policy.timeoutMs, logLevel: "off" });
}

/** Runs an SDK call, translating its errors for callProvider. */
async function sdkCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof APIConnectionTimeoutError) throw new AttemptTimedOut();
    if (error instanceof APIError && typeof error.status === "number") {
      const headers = error.headers instanceof Headers ? error.headers : undefined;
      throw new ProviderHttpStatus(error.status, retryAfterMs(headers?.get("retry-after")), error.message.slice(0, 300));
    }
    // Connection failures keep their cause (ECONNREFUSED, ECONNRESET) for classification.
    throw error;
  }
}

export interface OpenAiTtsSettings {
  apiKey: string;
  baseUrl?: string;
  model: string;
  defaultVoice: string;
  policy: CallPolicy;
  /** The name errors use: "OpenAI TTS", or "OpenAI-compatible server" for another base URL. */
  name?: string;
}

export function openAiTts(settings: OpenAiTtsSettings): TextToSpeech {
  const name = settings.name ?? OPENAI_TTS_NAME;
  const openai = client(settings.apiKey, settings.baseUrl, settings.policy);
  return {
    provider: "openai-tts",
    synthesize(text, options = {}) {
      const voice = options.voice ?? settings.defaultVoice;
      return synthesizeInParts(text, {
        provider: "openai-tts",
        providerName: name,
        maxChars: MAX_CHARS,
        async speak(requestText) {
          const audio = await callProvider(name, settings.policy, [settings.apiKey], (signal) =>
            sdkCall(async () => {
              const response = await openai.audio.speech.create({ model: settings.model, voice, input: requestText, response_format: "mp3" }, { signal });
              const bytes = new Uint8Array(await response.arrayBuffer());
              if (bytes.length > MAX_AUDIO_BYTES) throw new ProviderError(name, "malformed", `${name} answered with more audio than allowed.`);
              return bytes;
            }),
          );
          return { audio };
        },
      });
    },
  };
}

export interface WhisperSettings {
  apiKey: string;
  baseUrl?: string;
  model: string;
  language: string;
  temperature: number;
  policy: CallPolicy;
  name?: string;
}

const EXTENSIONS: Record<string, string> = { webm: "webm", ogg: "ogg", mp4: "mp4", wav: "wav", mp3: "mp3" };

/** Whisper through audio/transcriptions: it reads webm, ogg, mp4, wav and mp3 itself, so nothing is converted. */
export function whisperStt(settings: WhisperSettings, detectFormat: (audio: Uint8Array) => string): SpeechToText {
  const name = settings.name ?? OPENAI_WHISPER_NAME;
  const openai = client(settings.apiKey, settings.baseUrl, settings.policy);
  // Whisper takes ISO-639-1 codes ("en"), not locales ("en-US").
  const language = settings.language.toLowerCase().split(/[-_]/)[0] || undefined;
  return {
    provider: "openai-whisper",
    async transcribe(audio, mimeType) {
      const format = detectFormat(audio);
      const transcript = await callProvider(name, settings.policy, [settings.apiKey], (signal) =>
        sdkCall(async () => {
          const file = await toFile(audio, `question.${EXTENSIONS[format] ?? "webm"}`, { type: mimeType.split(";")[0] || "application/octet-stream" });
          const result = await openai.audio.transcriptions.create(
            { file, model: settings.model, language, temperature: settings.temperature, response_format: "json" },
            { signal },
          );
          if (typeof result?.text !== "string") throw new ProviderError(name, "malformed", `${name} answered without a transcript.`);
          return result.text;
        }),
      );
      return { transcript: transcript.trim(), provider: "openai-whisper" };
    },
  };
}
