"use client";

// The language of the deck about to be made: the blog's detected language by default (English when the blog's is
// unknown or not one a deck can be made in). The generated phrases, the narration voice, the captions and the
// answers to questions follow it; the application's own words stay English.
import { Languages } from "lucide-react";
import { DECK_LANGUAGES, isDeckLanguage, languageName, UNDETERMINED } from "@/lib/content/languages";
import { SelectSetting } from "./select-setting";

const OPTIONS = DECK_LANGUAGES.map((code) => ({ value: code, label: languageName(code) }));

function hintFor(detected: string | null): string {
  if (detected === null) return "The blog's language is not known yet: English unless you choose another.";
  if (detected === UNDETERMINED) return "The sources' language could not be told (too short or mixed): English unless you choose another.";
  if (!isDeckLanguage(detected)) return `The sources are in ${languageName(detected)}, which decks cannot be made in yet: English unless you choose another.`;
  return `Detected from the blog's sources: ${languageName(detected)}. Slide phrases, narration and answers use it.`;
}

export function DeckLanguageChoice({ value, detected, onChange }: { value: string; detected: string | null; onChange: (language: string) => void }) {
  return <SelectSetting icon={Languages} label="Deck language" hint={hintFor(detected)} options={OPTIONS} value={value} onChange={onChange} />;
}
