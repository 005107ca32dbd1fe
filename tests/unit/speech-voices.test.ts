// The voice each text-to-speech provider speaks a deck's language with (lib/speech/voices.ts): a default per
// provider and language, the plugin's per-language overrides, and no voice (so the deck says so) where a provider has
// none for the language.
import { describe, expect, it } from "vitest";
import { DECK_LANGUAGES } from "@/lib/content/languages";
import { espeakTts } from "@/lib/speech/providers/espeak";
import { recogniserHears } from "@/lib/speech/stt";
import { speakingLanguage } from "@/lib/speech/tts";
import { TTS_PROVIDERS, type SynthesizedSpeech, type SynthesizeOptions, type TextToSpeech, type TtsProviderId } from "@/lib/speech/types";
import { languageVoiceOverrides, NoVoiceForLanguage, voiceFor } from "@/lib/speech/voices";

describe("voice per provider and language", () => {
  it("gives every provider a voice of every deck language by default", () => {
    for (const provider of TTS_PROVIDERS) {
      for (const language of DECK_LANGUAGES) expect(voiceFor(provider, language), `${provider} ${language}`).not.toBeNull();
    }
  });

  it("asks each provider for that language's voice", () => {
    expect(voiceFor("espeak-tts", "fr")).toEqual({ voice: "fr", languageCode: "fr" });
    expect(voiceFor("espeak-tts", "en", { configuredVoice: "en-gb" })?.voice).toBe("en-gb");
    expect(voiceFor("espeak-tts", "de", { configuredVoice: "en-gb" })?.voice).toBe("de");
    expect(voiceFor("google-cloud-tts", "de")).toEqual({ voice: "de-DE-Standard-A", languageCode: "de-DE" });
    expect(voiceFor("google-cloud-tts", "en", { configuredVoice: "en-GB-Wavenet-B" })?.voice).toBe("en-GB-Wavenet-B");
    expect(voiceFor("azure-tts", "es")).toEqual({ voice: "es-ES-ElviraNeural", languageCode: "es-ES" });
    expect(voiceFor("azure-tts", "ru")?.voice).toBe("ru-RU-SvetlanaNeural");
    expect(voiceFor("gtts", "pt")).toEqual({ voice: "pt", languageCode: "pt" });
    // OpenAI's and ElevenLabs' multilingual voices speak every language in the voice the tenant chose.
    expect(voiceFor("openai-tts", "it", { configuredVoice: "nova" })?.voice).toBe("nova");
    expect(voiceFor("elevenlabs-tts", "nl", { configuredVoice: "Adam", model: "eleven_multilingual_v2" })?.voice).toBe("Adam");
  });

  it("takes the plugin's per-language voices over the defaults", () => {
    const overrides = languageVoiceOverrides("fr=fr-FR-HenriNeural; de: de-DE-ConradNeural\nxx=nothing, es=");
    expect(overrides).toEqual({ fr: "fr-FR-HenriNeural", de: "de-DE-ConradNeural" });
    expect(voiceFor("azure-tts", "fr", { overrides })?.voice).toBe("fr-FR-HenriNeural");
    expect(voiceFor("google-cloud-tts", "de", { overrides: { de: "de-DE-Wavenet-C" } })).toEqual({ voice: "de-DE-Wavenet-C", languageCode: "de-DE" });
    expect(voiceFor("elevenlabs-tts", "fr", { model: "eleven_monolingual_v1", overrides: { fr: "Nicole" } })?.voice).toBe("Nicole");
    expect(languageVoiceOverrides(undefined)).toEqual({});
  });

  it("has no voice where the provider cannot speak the language", () => {
    expect(voiceFor("elevenlabs-tts", "fr", { model: "eleven_monolingual_v1" })).toBeNull();
    expect(voiceFor("elevenlabs-tts", "en", { model: "eleven_monolingual_v1" })).not.toBeNull();
  });

  it("refuses to narrate a deck in a language the chosen provider has no voice for, naming both", () => {
    const english: TextToSpeech = { provider: "elevenlabs-tts" as TtsProviderId, synthesize: () => Promise.reject(new Error("not called")) };
    const settings = { ELEVENLABS_MODEL: "eleven_monolingual_v1" } as Parameters<typeof speakingLanguage>[3];
    expect(() => speakingLanguage(english, null, "fr", settings)).toThrow(NoVoiceForLanguage);
    expect(() => speakingLanguage(english, null, "fr", settings)).toThrow(/ElevenLabs has no French voice/);
  });

  it("asks the provider for the language's voice and says which voice spoke", async () => {
    const asked: SynthesizeOptions[] = [];
    const fake: TextToSpeech = {
      provider: "azure-tts",
      synthesize: (text: string, options: SynthesizeOptions = {}) => {
        asked.push(options);
        return Promise.resolve({ audio: new Uint8Array(), mimeType: "audio/mpeg", durationMs: 1, sentences: [], provider: "azure-tts", timing: "estimated" } satisfies SynthesizedSpeech);
      },
    };
    const french = await speakingLanguage(fake, null, "fr").synthesize("Bonjour à tous.");
    expect(asked.at(-1)).toEqual({ voice: "fr-FR-DeniseNeural", language: "fr-FR" });
    expect(french.voice).toBe("fr-FR-DeniseNeural");
    // English as the provider's settings say: nothing asked beyond them.
    const english = await speakingLanguage(fake, null, "en").synthesize("Hello.");
    expect(asked.at(-1)).toEqual({});
    expect(english.voice).toBe("en-US-JennyNeural");
  });

  it("speaks a French deck with eSpeak NG's French voice", async () => {
    const speech = await speakingLanguage(espeakTts(), null, "fr").synthesize("Les trains de nuit reviennent en Europe.");
    expect(speech.voice).toBe("fr");
    expect(speech.provider).toBe("espeak-tts");
    expect(speech.durationMs).toBeGreaterThan(500);
  });
});

describe("recognisers per language", () => {
  it("offers PocketSphinx for English decks (or a deck of no stated language) only; the others for every language", () => {
    expect(recogniserHears("pocketsphinx", "en")).toBe(true);
    expect(recogniserHears("pocketsphinx", null)).toBe(true);
    for (const language of DECK_LANGUAGES.filter((code) => code !== "en")) {
      expect(recogniserHears("pocketsphinx", language), language).toBe(false);
      expect(recogniserHears("openai-whisper", language), language).toBe(true);
    }
  });
});
