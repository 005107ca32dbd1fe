// Azure Speech text to speech through its REST API with SSML. The REST API reports no word or sentence times (the
// SDK's WebSocket protocol does), so sentence timings are shared out by characters within each request.
import { SpeechInputRejected } from "../errors";
import { callProvider, providerFetch, readBody, type CallPolicy } from "../provider-call";
import type { TextToSpeech } from "../types";
import { escapeXml, languageOfVoice, MAX_AUDIO_BYTES, synthesizeInParts } from "./cloud";

export const AZURE_TTS_NAME = "Azure Speech";
const OUTPUT_FORMAT = "audio-24khz-48kbitrate-mono-mp3";
/** Azure takes up to ten minutes of audio per request; this keeps each request well under it. */
const MAX_CHARS = 3_000;

export interface AzureTtsSettings {
  subscriptionKey: string;
  region: string;
  defaultVoice: string;
  /** Replaces https://{region}.tts.speech.microsoft.com/cognitiveservices/v1 (sovereign clouds, tests). */
  endpoint?: string;
  policy: CallPolicy;
}

export function azureTts(settings: AzureTtsSettings): TextToSpeech {
  // The region goes into a host name: only a plain region name may (no dots, slashes or @).
  if (!settings.endpoint && !/^[a-z0-9]{2,40}$/.test(settings.region)) {
    throw new SpeechInputRejected(`${AZURE_TTS_NAME}: "${settings.region.slice(0, 40)}" is not an Azure region name.`);
  }
  const url = settings.endpoint ?? `https://${settings.region}.tts.speech.microsoft.com/cognitiveservices/v1`;
  return {
    provider: "azure-tts",
    synthesize(text, options = {}) {
      const voice = options.voice ?? settings.defaultVoice;
      const language = languageOfVoice(voice) ?? options.language ?? "en-US";
      return synthesizeInParts(text, {
        provider: "azure-tts",
        providerName: AZURE_TTS_NAME,
        maxChars: MAX_CHARS,
        async speak(requestText) {
          const ssml =
            `<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="${escapeXml(language)}">` +
            `<voice name="${escapeXml(voice)}">${escapeXml(requestText)}</voice></speak>`;
          const audio = await callProvider(AZURE_TTS_NAME, settings.policy, [settings.subscriptionKey], async (signal) => {
            const response = await providerFetch(url, {
              method: "POST",
              headers: {
                "Ocp-Apim-Subscription-Key": settings.subscriptionKey,
                "Content-Type": "application/ssml+xml",
                "X-Microsoft-OutputFormat": OUTPUT_FORMAT,
                "User-Agent": "narrated-presentations",
              },
              body: ssml,
              signal,
            });
            return readBody(response, MAX_AUDIO_BYTES, AZURE_TTS_NAME);
          });
          return { audio };
        },
      });
    },
  };
}
