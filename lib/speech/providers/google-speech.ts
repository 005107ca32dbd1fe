// Google Cloud Speech-to-Text (REST v1 speech:recognize; see google-rest.ts for why not the client). Recordings go
// as 16 kHz LINEAR16 when ffmpeg is installed; otherwise webm and ogg go as the Opus they hold and wav as it is
// (Google cannot read mp4/AAC, so that needs ffmpeg).
import { decodeToPcmWav, detectAudioContainer, toolAvailable, ToolTimedOut } from "../audio";
import { ProviderError, UnsupportedAudioFormat } from "../errors";
import { callProvider, type CallPolicy } from "../provider-call";
import type { SpeechToText } from "../types";
import { googlePost, googleUrl } from "./google-rest";

export const GOOGLE_SPEECH_NAME = "Google Cloud Speech-to-Text";
export const GOOGLE_SPEECH_ENDPOINT = "https://speech.googleapis.com";

export interface GoogleSpeechSettings {
  apiKey: string;
  /** Not sent: with an API key the key's own project is the quota project. */
  projectId?: string;
  language: string;
  model: string;
  endpoint?: string;
  ffmpegPath: string;
  policy: CallPolicy;
}

interface RecognizeResponse {
  results?: { alternatives?: { transcript?: string }[] }[];
}

interface PreparedAudio {
  content: Uint8Array;
  encoding: "LINEAR16" | "WEBM_OPUS" | "OGG_OPUS";
  sampleRateHertz?: number;
}

async function prepare(audio: Uint8Array, settings: GoogleSpeechSettings): Promise<PreparedAudio> {
  const container = detectAudioContainer(audio);
  if (await toolAvailable(settings.ffmpegPath, ["-version"])) {
    try {
      return { content: await decodeToPcmWav(settings.ffmpegPath, audio, settings.policy.timeoutMs), encoding: "LINEAR16", sampleRateHertz: 16_000 };
    } catch (error) {
      if (error instanceof ToolTimedOut) throw new ProviderError("ffmpeg", "timeout", "Decoding the recording took too long.");
      throw error;
    }
  }
  if (container === "webm") return { content: audio, encoding: "WEBM_OPUS", sampleRateHertz: 48_000 };
  if (container === "ogg") return { content: audio, encoding: "OGG_OPUS", sampleRateHertz: 48_000 };
  // A WAV file's header tells Google its rate.
  if (container === "wav") return { content: audio, encoding: "LINEAR16" };
  throw new UnsupportedAudioFormat();
}

export function googleSpeechStt(settings: GoogleSpeechSettings): SpeechToText {
  const url = googleUrl(settings.endpoint ?? GOOGLE_SPEECH_ENDPOINT, "/v1/speech:recognize");
  return {
    provider: "google-cloud-speech",
    async transcribe(audio) {
      const prepared = await prepare(audio, settings);
      const body = {
        config: {
          encoding: prepared.encoding,
          ...(prepared.sampleRateHertz ? { sampleRateHertz: prepared.sampleRateHertz } : {}),
          audioChannelCount: 1,
          languageCode: settings.language,
          model: settings.model,
          enableAutomaticPunctuation: true,
        },
        audio: { content: Buffer.from(prepared.content).toString("base64") },
      };
      const answer = await callProvider(GOOGLE_SPEECH_NAME, settings.policy, [settings.apiKey], (signal) =>
        googlePost<RecognizeResponse>(GOOGLE_SPEECH_NAME, url, settings.apiKey, body, signal),
      );
      const transcript = (answer.results ?? [])
        .map((result) => result.alternatives?.[0]?.transcript?.trim() ?? "")
        .filter(Boolean)
        .join(" ");
      return { transcript, provider: "google-cloud-speech" };
    },
  };
}
