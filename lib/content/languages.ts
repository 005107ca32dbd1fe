// The languages a deck can be made in, and how a language is named on screen. Pure data: the wizard and the blog
// page import it, so the detector (lib/content/detect-language.ts) stays out of the browser bundle.

/**
 * Languages the offline generator and answerer know (sentence boundaries, stop words, Snowball stemming, the deck's
 * own phrases), each with the PostgreSQL text search configuration its passages are indexed with.
 */
export const DECK_LANGUAGES = ["en", "fr", "de", "es", "it", "pt", "nl", "ru"] as const;
export type DeckLanguage = (typeof DECK_LANGUAGES)[number];

/** A source or blog whose language could not be told (too little text, or several languages mixed). */
export const UNDETERMINED = "und";

/** A deck whose language is not given and whose blog's is unknown or not a deck language is made in English. */
export const DEFAULT_DECK_LANGUAGE: DeckLanguage = "en";

const TEXT_SEARCH_CONFIGS: Record<DeckLanguage, string> = {
  en: "english",
  fr: "french",
  de: "german",
  es: "spanish",
  it: "italian",
  pt: "portuguese",
  nl: "dutch",
  ru: "russian",
};

export function isDeckLanguage(code: string | null | undefined): code is DeckLanguage {
  return typeof code === "string" && (DECK_LANGUAGES as readonly string[]).includes(code);
}

/** The deck language a blog's detected language gives: itself when it is one, else English. */
export function deckLanguageFor(detected: string | null | undefined): DeckLanguage {
  return isDeckLanguage(detected) ? detected : DEFAULT_DECK_LANGUAGE;
}

/** The PostgreSQL text search configuration for a language ("simple", no stemming, for one without its own). */
export function textSearchConfig(language: string | null | undefined): string {
  if (language === null || language === undefined || language === UNDETERMINED) return "english";
  return isDeckLanguage(language) ? TEXT_SEARCH_CONFIGS[language] : "simple";
}

const NAMES: Record<string, string> = {
  en: "English",
  fr: "French",
  de: "German",
  es: "Spanish",
  it: "Italian",
  pt: "Portuguese",
  nl: "Dutch",
  ru: "Russian",
  [UNDETERMINED]: "Undetermined",
};

/** A language's English name for the interface ("fr" -> "French"); the code itself when it has none. */
export function languageName(code: string): string {
  const known = NAMES[code];
  if (known) return known;
  try {
    return new Intl.DisplayNames(["en"], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}
