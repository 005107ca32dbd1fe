// Google Cloud Text-to-Speech (REST, v1beta1 for time pointing): each sentence is preceded by an SSML mark, and the
// marks' times in the answer give exact sentence timings.
import { ProviderError } from "../errors";
import { callProvider, type CallPolicy } from "../provider-call";
import type { TextToSpeech } from "../types";
import { escapeXml, pickVoice, synthesizeInParts } from "./cloud";
import { googlePost, googleUrl } from "./google-rest";

export const GOOGLE_TTS_NAME = "Google Cloud Text-to-Speech";
export const GOOGLE_TTS_ENDPOINT = "https://texttospeech.googleapis.com";

export interface GoogleTtsSettings {
  apiKey: string;
  /** Not sent: with an API key the key's own project is the quota project. */
  projectId?: string;
  defaultVoice: string;
  languageCode: string;
  endpoint?: string;
  policy: CallPolicy;
}

interface SynthesizeResponse {
  audioContent?: string;
  timepoints?: { markName?: string; timeSeconds?: number }[];
}

/** The request limit is 5,000 bytes of SSML; marks and escapes take their share. */
const MAX_CHARS = 2_000;

export function googleTts(settings: GoogleTtsSettings): TextToSpeech {
  const url = googleUrl(settings.endpoint ?? GOOGLE_TTS_ENDPOINT, "/v1beta1/text:synthesize");
  return {
    provider: "google-cloud-tts",
    synthesize(text, options = {}) {
      const { voice, language: languageCode } = pickVoice(options, settings.defaultVoice, settings.languageCode);
      return synthesizeInParts(text, {
        provider: "google-cloud-tts",
        providerName: GOOGLE_TTS_NAME,
        maxChars: MAX_CHARS,
        async speak(_text, pieces) {
          const ssml = `<speak>${pieces.map((piece, index) => `<mark name="p${index}"/>${escapeXml(piece)}`).join(" ")}</speak>`;
          const answer = await callProvider(GOOGLE_TTS_NAME, settings.policy, [settings.apiKey], (signal) =>
            googlePost<SynthesizeResponse>(
              GOOGLE_TTS_NAME,
              url,
              settings.apiKey,
              {
                input: { ssml },
                voice: { languageCode, ...(voice ? { name: voice } : {}) },
                audioConfig: { audioEncoding: "MP3" },
                enableTimePointing: ["SSML_MARK"],
              },
              signal,
            ),
          );
          if (!answer.audioContent) throw new ProviderError(GOOGLE_TTS_NAME, "malformed", `${GOOGLE_TTS_NAME} answered without audio.`);
          const marks = new Map((answer.timepoints ?? []).map((point) => [point.markName, (point.timeSeconds ?? 0) * 1000]));
          const starts = pieces.map((_, index) => marks.get(`p${index}`));
          return {
            audio: new Uint8Array(Buffer.from(answer.audioContent, "base64")),
            pieceStartsMs: starts.every((start) => start !== undefined) ? (starts as number[]) : undefined,
          };
        },
      });
    },
  };
}
