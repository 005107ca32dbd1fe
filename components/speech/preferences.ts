// The viewer's speech preferences, kept in this browser (spec section 3, "Stored preferences"; section 9, "Default
// providers"): the narration voice chosen when creating a presentation and the recogniser of voice questions.
import type { SpeechChoice, SpeechKind } from "@/lib/services/speech-choices";
import { sttProviderId, ttsProviderId } from "@/lib/speech/types";

export type { SpeechChoice, SpeechKind };

export const PREFERENCE_KEYS: Readonly<Record<SpeechKind, string>> = { tts: "speech.ttsProvider", stt: "speech.sttProvider" };

/** What a browser that has stored nothing prefers (section 3). */
export const DEFAULT_PREFERENCE: Readonly<Record<SpeechKind, string>> = { tts: "azure", stt: "openai-whisper" };

/** What is sent when the tenant can use no provider of the kind (section 9); the server then uses its own fallback. */
export const NO_PROVIDER_PREFERENCE: Readonly<Record<SpeechKind, string>> = { tts: "gtts", stt: "openai-whisper" };

function providerId(kind: SpeechKind, name: string | null | undefined): string | undefined {
  return kind === "tts" ? ttsProviderId(name) : sttProviderId(name);
}

/**
 * The preference to use: the stored one (the default when nothing is stored) when the tenant can use it, as the
 * choice spells it ('azure-tts' stored matches the choice 'azure'); otherwise the tenant's first usable provider;
 * otherwise, with none usable, gtts (speech to text: openai-whisper).
 */
export function resolvePreference(kind: SpeechKind, stored: string | null, choices: readonly SpeechChoice[]): string {
  const wanted = providerId(kind, stored ?? DEFAULT_PREFERENCE[kind]);
  const match = wanted ? choices.find((choice) => providerId(kind, choice.value) === wanted) : undefined;
  return match?.value ?? choices[0]?.value ?? NO_PROVIDER_PREFERENCE[kind];
}

// A choice made where storage is refused (a third-party frame, some private modes) lasts for this page.
const memory: Partial<Record<SpeechKind, string>> = {};
const listeners = new Set<() => void>();

/** The stored preference, or null. Never throws: reading storage in a cross-origin frame can. */
export function readPreference(kind: SpeechKind): string | null {
  try {
    if (typeof window !== "undefined") return window.localStorage.getItem(PREFERENCE_KEYS[kind]) ?? memory[kind] ?? null;
  } catch {
    // Storage refused: what was chosen on this page holds.
  }
  return memory[kind] ?? null;
}

/** Stores a preference (for this page only where storage is refused) and tells the page's readers. */
export function storePreference(kind: SpeechKind, value: string): void {
  memory[kind] = value;
  try {
    window.localStorage.setItem(PREFERENCE_KEYS[kind], value);
  } catch {
    // Storage refused or full: the choice lasts for this page.
  }
  for (const listener of listeners) listener();
}

/** Calls `listener` when a preference changes on this page or in another tab; answers the unsubscribe. */
export function subscribePreferences(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values(PREFERENCE_KEYS).includes(event.key)) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}
