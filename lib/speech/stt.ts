// Speech to text for a tenant: a voice question as the browser recorded it -> its words. The provider comes from the
// tenant's plugin settings (the player's stored preference when usable, else the first usable cloud recogniser),
// else offline PocketSphinx where installed (unless the tenant switched it off), else the spec's 'Speech recognition
// service is not configured.'.
import { isDeckLanguage } from "@/lib/content/languages";
import { voiceFor } from "./voices";
import { env, type Env } from "@/lib/env";
import { logger } from "@/lib/log";
import { detectAudioContainer } from "./audio";
import { NoTranscriptionResults, SpeechRecognitionNotConfigured } from "./errors";
import type { StoredPlugin } from "./plugin-catalogue";
import { assertTenantEndpoint, speechProvidersOf, tenantSpeechProviders, type ProviderSettings } from "./plugin-settings";
import { googleSpeechStt } from "./providers/google-speech";
import { OPENAI_WHISPER_NAME, whisperStt } from "./providers/openai-audio";
import { pocketSphinxStt, type PocketSphinxSettings } from "./providers/pocketsphinx";
import { speechPolicy } from "./tts";
import { sttProviderId, type SpeechToText, type Transcription } from "./types";

export type { SpeechToText, SttProviderId, Transcription } from "./types";

function configText(config: ProviderSettings["config"], key: string, fallback = ""): string {
  const value = config[key];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : fallback;
}

export function pocketSphinxSettings(settings: Env = env()): PocketSphinxSettings {
  return { ffmpegPath: settings.FFMPEG_PATH, pocketsphinxPath: settings.POCKETSPHINX_PATH, timeoutMs: settings.POCKETSPHINX_TIMEOUT_MS };
}

/** A SpeechToText for one provider's settings. Addresses a tenant typed are checked first. */
export async function createSpeechToText(provider: ProviderSettings, settings: Env = env(), language?: string | null): Promise<SpeechToText> {
  const policy = speechPolicy(settings);
  const { config, secrets } = provider;
  // A deck in another language than English is heard in it: Google gets its region code, Whisper its ISO code.
  const deckLanguage = language && language !== "en" && isDeckLanguage(language) ? language : null;
  if (provider.id === "pocketsphinx") return pocketSphinxStt(pocketSphinxSettings(settings));
  if (provider.id === "google-cloud-speech") {
    return googleSpeechStt({
      apiKey: secrets.apiKey ?? "",
      language: deckLanguage ? (voiceFor("google-cloud-tts", deckLanguage)?.languageCode ?? deckLanguage) : configText(config, "language", "en-US"),
      model: configText(config, "model", "latest_long"),
      endpoint: settings.GOOGLE_SPEECH_ENDPOINT,
      ffmpegPath: settings.FFMPEG_PATH,
      policy,
    });
  }
  const baseUrl = configText(config, "baseUrl");
  if (provider.keySource === "tenant" && baseUrl) await assertTenantEndpoint(OPENAI_WHISPER_NAME, baseUrl, settings);
  const temperature = typeof config.temperature === "number" && Number.isFinite(config.temperature) ? config.temperature : 0;
  return whisperStt(
    {
      apiKey: secrets.apiKey ?? "",
      baseUrl: baseUrl || undefined,
      model: configText(config, "model", "whisper-1"),
      language: deckLanguage ?? configText(config, "language", "en"),
      temperature,
      policy,
      name: baseUrl && !baseUrl.startsWith("https://api.openai.com") ? "OpenAI-compatible server (Whisper)" : OPENAI_WHISPER_NAME,
    },
    detectAudioContainer,
  );
}

/**
 * The tenant's recogniser; SpeechRecognitionNotConfigured when there is none (no speech-to-text plugin with a key,
 * no platform key, and PocketSphinx or ffmpeg not installed).
 */
export async function speechToTextFor(tenantId: string, preference?: string | null, settings: Env = env(), language?: string | null): Promise<SpeechToText> {
  // Cloud recognisers first, PocketSphinx last (catalogue order), unless the preference names a usable one.
  const usable = forLanguage(await tenantSpeechProviders(tenantId, "stt", settings), language);
  const preferred = sttProviderId(preference);
  const chosen = (preferred && usable.find((provider) => provider.id === preferred)) ?? usable[0];
  if (!chosen) throw new SpeechRecognitionNotConfigured();
  if (preference && chosen.id !== preferred) logger.info({ tenantId, preference, provider: chosen.id }, "preferred recogniser not usable for this tenant; using another");
  return createSpeechToText(chosen, settings, language);
}

/** Whether a recogniser hears a deck's language (none given: English): PocketSphinx knows English only. */
export function recogniserHears(providerId: string, language: string | null | undefined): boolean {
  return providerId !== "pocketsphinx" || !language || language === "en";
}

/** The recognisers that hear a deck's language. */
function forLanguage<T extends { id: string }>(usable: readonly T[], language: string | null | undefined): T[] {
  return usable.filter((provider) => recogniserHears(provider.id, language));
}

/**
 * Whether the tenant's viewers can ask by voice: a recogniser speechToTextFor would find (a usable speech-to-text
 * plugin, the offline one included where installed). The player offers the microphone only then.
 * `stored` is the tenant's plugin rows when the caller has read them already (no query then).
 */
export async function speechRecognitionAvailable(
  tenantId: string,
  stored?: readonly StoredPlugin[],
  settings: Env = env(),
  language?: string | null,
): Promise<boolean> {
  const usable = stored ? await speechProvidersOf(tenantId, "stt", stored, settings) : await tenantSpeechProviders(tenantId, "stt", settings);
  return forLanguage(usable, language).length > 0;
}

/**
 * Transcribes a recording with the tenant's recogniser (`provider` is a preference, e.g. the player's stored
 * 'openai-whisper'). Fails with the spec's cases not configured and unsupported audio format; a recording in which
 * the recogniser heard no words is an empty transcript, not a failure: the player then says 'No Speech Detected' and
 * the panel answers "Sorry, I couldn't understand your question." (spec section 8), and the viewer simply asks again.
 */
export async function transcribe(
  tenantId: string,
  audio: Uint8Array,
  mimeType: string,
  options: { provider?: string | null; language?: string | null } = {},
): Promise<Transcription> {
  const recogniser = await speechToTextFor(tenantId, options.provider, env(), options.language);
  try {
    return await transcribeWith(recogniser, audio, mimeType);
  } catch (error) {
    if (error instanceof NoTranscriptionResults) return { transcript: "", provider: recogniser.provider };
    throw error;
  }
}

/** Runs one recogniser with the checks every recogniser shares: a readable container in, some words out. */
export async function transcribeWith(recogniser: SpeechToText, audio: Uint8Array, mimeType: string): Promise<Transcription> {
  detectAudioContainer(audio);
  const result = await recogniser.transcribe(audio, mimeType);
  const transcript = result.transcript.replace(/\s+/g, " ").trim();
  if (!transcript) throw new NoTranscriptionResults();
  return { ...result, transcript };
}
