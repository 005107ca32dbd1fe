// Text to speech for a tenant: the provider chosen from its plugin settings (a preference such as the presentation's
// tts_provider when usable, else the offline voice), speaking text into MP3 with per-sentence timings.
import { env, type Env } from "@/lib/env";
import { logger } from "@/lib/log";
import { assertTenantEndpoint, tenantSpeechProviders, type ProviderSettings } from "./plugin-settings";
import type { CallPolicy } from "./provider-call";
import { azureTts } from "./providers/azure-tts";
import { ELEVENLABS_BASE_URL, elevenLabsTts, ELEVENLABS_NAME } from "./providers/elevenlabs-tts";
import { espeakTts } from "./providers/espeak";
import { googleTts } from "./providers/google-tts";
import { gTts } from "./providers/gtts";
import { openAiTts, OPENAI_TTS_NAME } from "./providers/openai-audio";
import { ttsProviderId, type SynthesizedSpeech, type SynthesizeOptions, type TextToSpeech } from "./types";
import { languageVoiceOverrides, NoVoiceForLanguage, voiceFor } from "./voices";
import { deckLanguageFor } from "@/lib/content/languages";
import { PLUGIN_CATALOGUE } from "./plugin-catalogue";

export type { SentenceTiming, SynthesizedSpeech, SynthesizeOptions, TextToSpeech, TtsProviderId } from "./types";

export function speechPolicy(settings: Env = env()): CallPolicy {
  return { timeoutMs: settings.SPEECH_TIMEOUT_MS, maxRetries: settings.SPEECH_MAX_RETRIES };
}

function configText(config: ProviderSettings["config"], key: string, fallback = ""): string {
  const value = config[key];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : fallback;
}

function number(config: ProviderSettings["config"], key: string): number | undefined {
  const value = config[key];
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** The offline voice with its defaults: needs no tenant, no key and no network. */
export function offlineTextToSpeech(): TextToSpeech {
  return espeakTts();
}

/** A TextToSpeech for one provider's settings. Addresses a tenant typed are checked first (assertTenantEndpoint). */
export async function createTextToSpeech(provider: ProviderSettings, settings: Env = env()): Promise<TextToSpeech> {
  const policy = speechPolicy(settings);
  const { config, secrets } = provider;
  switch (provider.id) {
    case "gtts":
      return gTts({ language: configText(config, "language", "en"), slow: config.slow === true, tld: configText(config, "tld", "com"), endpoint: settings.GTTS_ENDPOINT, policy });
    case "azure-tts":
      return azureTts({
        subscriptionKey: secrets.subscriptionKey ?? "",
        region: configText(config, "region", "eastus"),
        defaultVoice: configText(config, "defaultVoice", "en-US-JennyNeural"),
        endpoint: settings.AZURE_TTS_ENDPOINT,
        policy,
      });
    case "elevenlabs-tts": {
      const baseUrl = configText(config, "baseUrl", ELEVENLABS_BASE_URL);
      if (provider.keySource === "tenant" && baseUrl !== ELEVENLABS_BASE_URL) await assertTenantEndpoint(ELEVENLABS_NAME, baseUrl, settings);
      return elevenLabsTts({ apiKey: secrets.apiKey ?? "", baseUrl, defaultVoice: configText(config, "defaultVoice", "Rachel"), model: settings.ELEVENLABS_MODEL, policy });
    }
    case "google-cloud-tts":
      return googleTts({
        apiKey: secrets.apiKey ?? "",
        defaultVoice: configText(config, "defaultVoice", "en-US-Standard-A"),
        languageCode: configText(config, "languageCode", "en-US"),
        endpoint: settings.GOOGLE_TTS_ENDPOINT,
        policy,
      });
    case "openai-tts": {
      const baseUrl = configText(config, "baseUrl");
      if (provider.keySource === "tenant" && baseUrl) await assertTenantEndpoint(OPENAI_TTS_NAME, baseUrl, settings);
      return openAiTts({
        apiKey: secrets.apiKey ?? "",
        baseUrl: baseUrl || undefined,
        model: configText(config, "model", settings.OPENAI_TTS_MODEL),
        defaultVoice: configText(config, "defaultVoice", settings.OPENAI_TTS_VOICE),
        policy,
        name: baseUrl && !baseUrl.startsWith("https://api.openai.com") ? "OpenAI-compatible server (speech)" : OPENAI_TTS_NAME,
      });
    }
    default:
      return espeakTts({ voice: configText(config, "voice") || undefined, wordsPerMinute: number(config, "wordsPerMinute") });
  }
}

/**
 * The tenant's voice: the preferred provider ("google-cloud", "azure", "elevenlabs-tts", ...) when the tenant can
 * use it; otherwise the offline voice with the tenant's settings unless the tenant switched it off; otherwise the
 * first usable provider; and the offline voice with its defaults when nothing else is usable (a narration must not
 * fail for want of a voice).
 */
export async function textToSpeechFor(
  tenantId: string,
  preference?: string | null,
  settings: Env = env(),
  language?: string | null,
): Promise<TextToSpeech> {
  const usable = await tenantSpeechProviders(tenantId, "tts", settings);
  const preferred = ttsProviderId(preference);
  const chosen =
    (preferred && usable.find((provider) => provider.id === preferred)) ??
    usable.find((provider) => provider.id === "espeak-tts") ??
    usable[0];
  if (preference && chosen?.id !== preferred) {
    logger.info({ tenantId, preference, provider: chosen?.id ?? "espeak-tts" }, "preferred voice not usable for this tenant; using another");
  }
  const tts = chosen ? await createTextToSpeech(chosen, settings) : espeakTts();
  return language ? speakingLanguage(tts, chosen ?? null, language, settings) : tts;
}

/** The voice the provider's settings name for English (its "voice" or "defaultVoice"), when set. */
function configuredVoice(provider: ProviderSettings | null): string | undefined {
  if (!provider) return undefined;
  const key = provider.id === "espeak-tts" ? "voice" : "defaultVoice";
  const value = provider.config[key];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/**
 * A voice that speaks a deck's language: each text is spoken with the provider's voice of that language
 * (lib/speech/voices.ts), and the speech says which voice it was. A provider with no voice of the language is refused
 * (NoVoiceForLanguage) rather than reading the deck with another language's sounds. English without a per-language
 * voice set speaks exactly as the provider's settings say.
 */
export function speakingLanguage(tts: TextToSpeech, provider: ProviderSettings | null, language: string, settings: Env = env()): TextToSpeech {
  const deckLanguage = deckLanguageFor(language);
  const overrides = languageVoiceOverrides(provider?.config.languageVoices);
  const chosen = voiceFor(tts.provider, deckLanguage, {
    configuredVoice: configuredVoice(provider),
    overrides,
    model: tts.provider === "elevenlabs-tts" ? settings.ELEVENLABS_MODEL : undefined,
  });
  if (!chosen) throw new NoVoiceForLanguage(PLUGIN_CATALOGUE.find((plugin) => plugin.id === tts.provider)?.name ?? OPENAI_TTS_NAME, deckLanguage);
  const asIs = deckLanguage === "en" && overrides.en === undefined;
  return {
    provider: tts.provider,
    async synthesize(text: string, options: SynthesizeOptions = {}): Promise<SynthesizedSpeech> {
      const speech = await tts.synthesize(text, asIs ? options : { voice: chosen.voice, language: chosen.languageCode, ...options });
      return { ...speech, voice: options.voice ?? chosen.voice };
    },
  };
}

/** Speaks `text` with the tenant's voice (see textToSpeechFor); `provider` is a preference. */
export async function synthesize(
  tenantId: string,
  text: string,
  options: SynthesizeOptions & { provider?: string | null } = {},
): Promise<SynthesizedSpeech> {
  const { provider, ...voice } = options;
  const tts = await textToSpeechFor(tenantId, provider);
  return tts.synthesize(text, voice);
}
