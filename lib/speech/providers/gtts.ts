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

/** The address requests go to: https://translate.google.{tld}, or the endpoint that replaces it. */
function gttsBase(settings: Pick<GttsSettings, "tld" | "endpoint">): string {
  // The tld goes into a host name: only a plain domain suffix may.
  if (!settings.endpoint && !/^[a-z]{2,6}(\.[a-z]{2,3})?$/.test(settings.tld)) {
    throw new SpeechInputRejected(`${GTTS_NAME}: "${settings.tld.slice(0, 20)}" is not a top-level domain.`);
  }
  return (settings.endpoint ?? `https://translate.google.${settings.tld}`).replace(/\/+$/, "");
}

function speechQuery(text: string, language: string, index: number, slow: boolean): URLSearchParams {
  return new URLSearchParams({
    ie: "UTF-8",
    q: text,
    tl: language,
    total: "1",
    idx: String(index),
    textlen: String(text.length),
    client: "tw-ob",
    prev: "input",
    ttsspeed: slow ? "0.3" : "1",
  });
}

const REQUEST_HEADERS = (base: string) => ({ "User-Agent": "Mozilla/5.0 (compatible; narrated-presentations)", Referer: `${base}/` });

/** How long the reachability check waits for an answer: short, since a page may be waiting for it the first time. */
export const GTTS_PROBE_TIMEOUT_MS = 2500;
/** How long an answer of the check is trusted: a working voice for ten minutes, a failing one for three. */
export const GTTS_REACHABLE_TTL_MS = 10 * 60_000;
export const GTTS_UNREACHABLE_TTL_MS = 3 * 60_000;

interface Reachability {
  reachable: boolean;
  checkedAt: number;
  /** A check under way (the first, or a refresh of an answer past its time). */
  checking?: Promise<boolean>;
}

/** Per address: one process asks Google once every few minutes at most, whatever the traffic. */
const reachability = new Map<string, Reachability>();

/** One tiny request ("ok") as narration would make it: reachable when it answers with audio in time. */
async function probe(base: string): Promise<boolean> {
  try {
    const response = await fetch(`${base}/translate_tts?${speechQuery("ok", "en", 0, false)}`, {
      headers: REQUEST_HEADERS(base),
      redirect: "error",
      signal: AbortSignal.timeout(GTTS_PROBE_TIMEOUT_MS),
    });
    const audio = response.ok && (response.headers.get("content-type") ?? "").startsWith("audio/");
    await response.body?.cancel().catch(() => undefined);
    return audio;
  } catch {
    return false;
  }
}

/**
 * Whether gTTS answers from this server (Google Translate's voice is unofficial, and a server without internet
 * access cannot reach it at all), so that it is offered and used only where it can speak. The answer is kept for
 * minutes; past its time the old answer is given while a new check runs in the background, so only the very first
 * caller of a process waits, for GTTS_PROBE_TIMEOUT_MS at most.
 */
export async function gttsReachable(settings: Pick<GttsSettings, "tld" | "endpoint">, now = Date.now()): Promise<boolean> {
  let base: string;
  try {
    base = gttsBase(settings);
  } catch {
    return false;
  }
  const known = reachability.get(base);
  const check = () => {
    const checking = probe(base).then((reachable) => {
      reachability.set(base, { reachable, checkedAt: Date.now() });
      return reachable;
    });
    reachability.set(base, { reachable: known?.reachable ?? false, checkedAt: known?.checkedAt ?? 0, checking });
    return checking;
  };
  if (!known) return check();
  const fresh = now - known.checkedAt < (known.reachable ? GTTS_REACHABLE_TTL_MS : GTTS_UNREACHABLE_TTL_MS);
  if (known.checking) return known.checkedAt === 0 ? known.checking : known.reachable;
  if (!fresh) void check();
  return known.reachable;
}

export function gTts(settings: GttsSettings): TextToSpeech {
  const base = gttsBase(settings);
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
          const query = speechQuery(requestText, language, requestIndex, settings.slow);
          requestIndex += 1;
          const audio = await callProvider(GTTS_NAME, settings.policy, [], async (signal) => {
            const response = await providerFetch(`${base}/translate_tts?${query}`, { headers: REQUEST_HEADERS(base), signal });
            return readBody(response, MAX_AUDIO_BYTES, GTTS_NAME);
          });
          return { audio };
        },
      });
    },
  };
}
