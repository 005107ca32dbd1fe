"use client";

// A stored speech preference resolved against the tenant's usable providers. The server renders the default (it
// cannot see the browser's storage); the stored choice takes over once the page is hydrated, and every reader on
// the page follows a new choice.
import { useCallback, useSyncExternalStore } from "react";
import { readPreference, resolvePreference, storePreference, subscribePreferences, type SpeechChoice, type SpeechKind } from "./preferences";

export interface SpeechPreference {
  choices: readonly SpeechChoice[];
  /** The preference to send: one of the choices' values, or the kind's fallback when there is none. */
  value: string;
  choose: (value: string) => void;
}

export function useSpeechPreference(kind: SpeechKind, choices: readonly SpeechChoice[]): SpeechPreference {
  const stored = useSyncExternalStore(
    subscribePreferences,
    () => readPreference(kind),
    () => null,
  );
  const choose = useCallback((value: string) => storePreference(kind, value), [kind]);
  return { choices, value: resolvePreference(kind, stored, choices), choose };
}
