// The voice each text-to-speech provider speaks a deck's language with: a sensible default per provider and language
// (overridable per language in the plugin's settings, field `languageVoices`: "fr=fr-FR-HenriNeural, de=..."), or
// null when the provider has no voice for it, so the deck says so instead of being read in the wrong language.
import { DECK_LANGUAGES, languageName, type DeckLanguage } from "@/lib/content/languages";
import { AppError } from "@/lib/errors";
import type { TtsProviderId } from "./types";

/** What a provider is asked for a language: its voice, and the language code where the API takes one. */
export interface LanguageVoice {
  voice: string;
  /** BCP 47 code ("fr-FR") for the APIs that take one (Google), or the ISO 639-1 code (gTTS). */
  languageCode: string;
}

const REGIONS: Record<DeckLanguage, string> = { en: "en-US", fr: "fr-FR", de: "de-DE", es: "es-ES", it: "it-IT", pt: "pt-PT", nl: "nl-NL", ru: "ru-RU" };

/** eSpeak NG's voice of each language (the worker resolves a language code to the voice speaking it). */
const ESPEAK: Record<DeckLanguage, string> = { en: "en-us", fr: "fr", de: "de", es: "es", it: "it", pt: "pt", nl: "nl", ru: "ru" };

/** Google Cloud TTS: a Standard voice of each language. */
const GOOGLE: Record<DeckLanguage, string> = {
  en: "en-US-Standard-A",
  fr: "fr-FR-Standard-A",
  de: "de-DE-Standard-A",
  es: "es-ES-Standard-A",
  it: "it-IT-Standard-A",
  pt: "pt-PT-Standard-A",
  nl: "nl-NL-Standard-A",
  ru: "ru-RU-Standard-A",
};

/** Azure: a neural voice of each language. */
const AZURE: Record<DeckLanguage, string> = {
  en: "en-US-JennyNeural",
  fr: "fr-FR-DeniseNeural",
  de: "de-DE-KatjaNeural",
  es: "es-ES-ElviraNeural",
  it: "it-IT-ElsaNeural",
  pt: "pt-PT-RaquelNeural",
  nl: "nl-NL-ColetteNeural",
  ru: "ru-RU-SvetlanaNeural",
};

/** ElevenLabs models that speak languages other than English (the multilingual and v2.5/v3 ones). */
const ELEVENLABS_MULTILINGUAL = /multilingual|_v2_5|_v3|flash|turbo_v2_5/i;

/**
 * The tenant's per-language voices from a plugin's settings: "fr=fr-FR-HenriNeural, de=de-DE-ConradNeural" (commas,
 * semicolons or new lines between entries). Unknown languages and empty voices are left out.
 */
export function languageVoiceOverrides(value: unknown): Partial<Record<DeckLanguage, string>> {
  const found: Partial<Record<DeckLanguage, string>> = {};
  if (typeof value !== "string") return found;
  for (const entry of value.split(/[,;\n]+/)) {
    const match = /^\s*([a-z]{2})\s*[=:]\s*(\S.*?)\s*$/i.exec(entry);
    if (!match) continue;
    const language = match[1]!.toLowerCase();
    if ((DECK_LANGUAGES as readonly string[]).includes(language)) found[language as DeckLanguage] = match[2]!.slice(0, 100);
  }
  return found;
}

export interface VoiceContext {
  /** The voice the tenant set for the provider (its settings' voice): used for English, and for every language by the providers whose voices speak them all. */
  configuredVoice?: string;
  /** Per-language voices from the plugin's settings. */
  overrides?: Partial<Record<DeckLanguage, string>>;
  /** ElevenLabs: the model the voice is asked through. */
  model?: string;
}

/** The voice a provider speaks `language` with, or null when it has none. */
export function voiceFor(provider: TtsProviderId, language: DeckLanguage, context: VoiceContext = {}): LanguageVoice | null {
  const override = context.overrides?.[language];
  const region = REGIONS[language];
  switch (provider) {
    case "espeak-tts":
      return { voice: override ?? (language === "en" ? (context.configuredVoice ?? ESPEAK.en) : ESPEAK[language]), languageCode: language };
    case "google-cloud-tts":
      // A voice's name starts with its language code ("fr-FR-Wavenet-B").
      return { voice: override ?? (language === "en" && context.configuredVoice ? context.configuredVoice : GOOGLE[language]), languageCode: (override ?? region).split("-").slice(0, 2).join("-") };
    case "azure-tts":
      return { voice: override ?? (language === "en" && context.configuredVoice ? context.configuredVoice : AZURE[language]), languageCode: region };
    case "gtts":
      return { voice: language, languageCode: language };
    case "openai-tts":
      // OpenAI's voices speak every language the model knows, each in the same voice.
      return { voice: override ?? context.configuredVoice ?? "alloy", languageCode: language };
    case "elevenlabs-tts": {
      if (override) return { voice: override, languageCode: language };
      // English-only models read French text with English sounds: no voice for the language rather than a wrong one.
      if (language !== "en" && context.model && !ELEVENLABS_MULTILINGUAL.test(context.model)) return null;
      return { voice: context.configuredVoice ?? "Rachel", languageCode: language };
    }
  }
}

/** A provider asked to speak a language it has no voice for: the deck says so rather than being read wrongly. */
export class NoVoiceForLanguage extends AppError {
  constructor(providerName: string, language: DeckLanguage) {
    const name = languageName(language);
    super(
      422,
      `${providerName} has no ${name} voice: choose another narration voice for this deck, or set a ${name} voice in the plugin's settings (Language voices).`,
    );
  }
}
