// gTTS: Google Translate's speech endpoint (translate_tts, as the gTTS library and browsers' "listen" button use it),
// which takes at most 100 characters per request. Requests never span two sentences, so each sentence starts
// exactly where the audio of the requests before it ends. Unofficial: Google may change or throttle it.
import { SpeechInputRejected } from "../errors";
import { callProvider, providerFetch, readBody, type CallPolicy } from "../provider-call";
import type { TextToSpeech } from "../types";
import { MAX_AUDIO_BYTES, synthesizeInParts } from "./cloud";

export const GTTS_NAME = "Google Translate TTS (gTTS)";
const MAX_CHARS = 100;

export interface GttsSettings {
  language: string;
  slow: boolean;
  /** Top-level domain of the Google Translate host ("com", "co.uk"). */
  tld: string;
  /** Replaces https://translate.google.{tld} (tests, proxies). */
  endpoint?: string;
  policy: CallPolicy;
}

export function gTts(settings: GttsSettings): TextToSpeech {
  // The tld goes into a host name: only a plain domain suffix may.
  if (!settings.endpoint && !/^[a-z]{2,6}(\.[a-z]{2,3})?$/.test(settings.tld)) {
    throw new SpeechInputRejected(`${GTTS_NAME}: "${settings.tld.slice(0, 20)}" is not a top-level domain.`);
  }
  const base = (settings.endpoint ?? `https://translate.google.${settings.tld}`).replace(/\/+$/, "");
  return {
    provider: "gtts",
    synthesize(text, options = {}) {
      const language = options.language ?? settings.language;
      let requestIndex = 0;
      return synthesizeInParts(text, {
        provider: "gtts",
        providerName: GTTS_NAME,
        maxChars: MAX_CHARS,
        sentencePerRequest: true,
        async speak(requestText) {
          const query = new URLSearchParams({
            ie: "UTF-8",
            q: requestText,
            tl: language,
            total: "1",
            idx: String(requestIndex),
            textlen: String(requestText.length),
            client: "tw-ob",
            prev: "input",
            ttsspeed: settings.slow ? "0.3" : "1",
          });
          requestIndex += 1;
          const audio = await callProvider(GTTS_NAME, settings.policy, [], async (signal) => {
            const response = await providerFetch(`${base}/translate_tts?${query}`, {
              headers: { "User-Agent": "Mozilla/5.0 (compatible; narrated-presentations)", Referer: `${base}/` },
              signal,
            });
            return readBody(response, MAX_AUDIO_BYTES, GTTS_NAME);
          });
          return { audio };
        },
      });
    },
  };
}
