// Stored speech preferences (spec sections 3 and 9): which voice and recogniser a browser's preference resolves to
// among the tenant's usable providers, storage that refuses access, and what the player's transcription sends.
import { afterEach, describe, expect, it, vi } from "vitest";
import { transcribe } from "@/components/player/api";
import { PREFERENCE_KEYS, readPreference, resolvePreference, storePreference, subscribePreferences, type SpeechChoice } from "@/components/speech/preferences";

const ESPEAK = { value: "espeak", label: "Built-in offline voice (eSpeak NG)" };
const GTTS = { value: "gtts", label: "Google Translate TTS (gTTS)" };
const AZURE = { value: "azure", label: "Azure Speech" };
const GOOGLE_CLOUD = { value: "google-cloud", label: "Google Cloud Text-to-Speech" };
const WHISPER = { value: "openai-whisper", label: "OpenAI Whisper" };
const GOOGLE_SPEECH = { value: "google-cloud-speech", label: "Google Cloud Speech-to-Text" };
const SPHINX = { value: "pocketsphinx", label: "PocketSphinx (offline)" };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("resolving the narration voice preference", () => {
  const usable: SpeechChoice[] = [ESPEAK, GTTS, AZURE, GOOGLE_CLOUD];

  it("keeps a stored voice the tenant can use, in the spec's spelling", () => {
    expect(resolvePreference("tts", "gtts", usable)).toBe("gtts");
    expect(resolvePreference("tts", "google-cloud", usable)).toBe("google-cloud");
    // A provider id stored by hand (or by an older page) is the same voice.
    expect(resolvePreference("tts", "google-cloud-tts", usable)).toBe("google-cloud");
    expect(resolvePreference("tts", "espeak-tts", usable)).toBe("espeak");
  });

  it("prefers azure when nothing is stored and the tenant can use it", () => {
    expect(resolvePreference("tts", null, usable)).toBe("azure");
  });

  it("takes the tenant's first usable voice when the stored one (or azure) is not usable", () => {
    expect(resolvePreference("tts", null, [ESPEAK, GTTS])).toBe("espeak");
    expect(resolvePreference("tts", "elevenlabs", [GTTS, GOOGLE_CLOUD])).toBe("gtts");
    expect(resolvePreference("tts", "festival", [GOOGLE_CLOUD])).toBe("google-cloud");
  });

  it("answers gtts when the tenant can use no voice at all", () => {
    expect(resolvePreference("tts", null, [])).toBe("gtts");
    expect(resolvePreference("tts", "azure", [])).toBe("gtts");
  });
});

describe("resolving the speech recognition preference", () => {
  it("defaults to openai-whisper, usable or not", () => {
    expect(resolvePreference("stt", null, [WHISPER, SPHINX])).toBe("openai-whisper");
    expect(resolvePreference("stt", null, [])).toBe("openai-whisper");
  });

  it("keeps a stored recogniser the tenant can use, else takes the first usable one", () => {
    expect(resolvePreference("stt", "pocketsphinx", [WHISPER, SPHINX])).toBe("pocketsphinx");
    expect(resolvePreference("stt", "google-cloud", [WHISPER, GOOGLE_SPEECH])).toBe("google-cloud-speech");
    expect(resolvePreference("stt", "google-cloud-speech", [SPHINX])).toBe("pocketsphinx");
    expect(resolvePreference("stt", null, [GOOGLE_SPEECH, SPHINX])).toBe("google-cloud-speech");
  });
});

/** A window whose localStorage is a map, or one whose storage throws as in a third-party frame. */
function fakeWindow(storage: "map" | "blocked") {
  const values = new Map<string, string>();
  const refuse = () => {
    throw new DOMException("The operation is insecure.", "SecurityError");
  };
  const localStorage =
    storage === "map"
      ? { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) }
      : { getItem: refuse, setItem: refuse };
  const events = new EventTarget();
  vi.stubGlobal("window", {
    get localStorage() {
      if (storage === "blocked") refuse();
      return localStorage;
    },
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
  });
  return values;
}

describe("storing preferences", () => {
  it("keeps the choice in local storage under the kind's key and tells the page's readers", () => {
    const values = fakeWindow("map");
    const heard = vi.fn();
    const stop = subscribePreferences(heard);
    storePreference("tts", "gtts");
    expect(values.get(PREFERENCE_KEYS.tts)).toBe("gtts");
    expect(readPreference("tts")).toBe("gtts");
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
    storePreference("tts", "espeak");
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it("never throws where storage is refused, and the choice holds for the page", () => {
    fakeWindow("blocked");
    expect(() => readPreference("stt")).not.toThrow();
    expect(() => storePreference("stt", "pocketsphinx")).not.toThrow();
    expect(readPreference("stt")).toBe("pocketsphinx");
    expect(resolvePreference("stt", readPreference("stt"), [WHISPER, SPHINX])).toBe("pocketsphinx");
  });
});

describe("the player's transcription request", () => {
  function recordingFetch() {
    const urls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        urls.push(String(input));
        return Response.json({ transcript: "", chat_history_id: null, session_id: null, error: null });
      }),
    );
    return urls;
  }
  const audio = new Blob([new Uint8Array(2000)], { type: "audio/webm" });

  it("sends the signed-in viewer's recogniser as stt_provider", async () => {
    const urls = recordingFetch();
    await transcribe({ kind: "signed-in", presentationId: "p-1" }, "p-1", null, audio, "pocketsphinx");
    const url = new URL(urls[0] ?? "", "http://localhost");
    expect(url.pathname).toBe("/api/v1/tts/speech-to-text");
    expect(url.searchParams.get("stt_provider")).toBe("pocketsphinx");
  });

  it("sends none from a shared link: the server uses the presentation's", async () => {
    const urls = recordingFetch();
    await transcribe({ kind: "shared", token: "share-token" }, "p-1", null, audio, "pocketsphinx");
    const url = new URL(urls[0] ?? "", "http://localhost");
    expect(url.searchParams.has("stt_provider")).toBe(false);
    expect(url.searchParams.get("token")).toBe("share-token");
  });
});
