// The two speech interfaces (text to speech, speech to text) and the shapes they exchange.

/** One sentence of a narration and where it is heard in the audio, in milliseconds from the start of the file. */
export interface SentenceTiming {
  text: string;
  startMs: number;
  endMs: number;
}

export interface SynthesizedSpeech {
  /** Compressed audio: MP3 from every provider (never WAV). */
  audio: Uint8Array;
  mimeType: "audio/mpeg";
  durationMs: number;
  /** Consecutive and in order: the first starts at 0, the last ends at durationMs. */
  sentences: SentenceTiming[];
  /** The provider that spoke, e.g. "espeak-tts". */
  provider: TtsProviderId;
  /** "exact" when the engine or API reported where each sentence starts; "estimated" when shared out by characters. */
  timing: "exact" | "estimated";
  /** The voice asked for, when a deck's language chose it (lib/speech/voices.ts): "fr", "fr-FR-DeniseNeural". */
  voice?: string;
}

export interface SynthesizeOptions {
  /** A voice of the provider (eSpeak "en-us", Azure "en-US-JennyNeural", ElevenLabs "Rachel", OpenAI "alloy"). */
  voice?: string;
  /** A language code ("en", "en-US", "de"); picks the language where the provider has no voice given. */
  language?: string;
}

export interface TextToSpeech {
  readonly provider: TtsProviderId;
  synthesize(text: string, options?: SynthesizeOptions): Promise<SynthesizedSpeech>;
}

export interface Transcription {
  transcript: string;
  provider: SttProviderId;
}

export interface SpeechToText {
  readonly provider: SttProviderId;
  /** Audio as browsers record it (webm/opus, ogg/opus, mp4/aac, wav); mimeType as the browser reported it. */
  transcribe(audio: Uint8Array, mimeType: string): Promise<Transcription>;
}

/** Plugin catalogue ids, plus OpenAI TTS (platform-wide: the catalogue has no entry for it). */
export type TtsProviderId = "espeak-tts" | "gtts" | "azure-tts" | "elevenlabs-tts" | "google-cloud-tts" | "openai-tts";
/** Plugin catalogue ids, plus the offline recogniser. */
export type SttProviderId = "openai-whisper" | "google-cloud-speech" | "pocketsphinx";

export const TTS_PROVIDERS: readonly TtsProviderId[] = ["espeak-tts", "gtts", "azure-tts", "elevenlabs-tts", "google-cloud-tts", "openai-tts"];
export const STT_PROVIDERS: readonly SttProviderId[] = ["openai-whisper", "google-cloud-speech", "pocketsphinx"];

/** Provider names as the spec's stored preferences and presentation payloads spell them (content-workflow 3, 7). */
const ALIASES: Record<string, TtsProviderId | SttProviderId> = {
  azure: "azure-tts",
  elevenlabs: "elevenlabs-tts",
  "google-cloud": "google-cloud-tts",
  google: "google-cloud-tts",
  espeak: "espeak-tts",
  openai: "openai-tts",
  whisper: "openai-whisper",
};

/**
 * How a stored preference spells a voice: its first alias above ('azure-tts' -> 'azure', 'google-cloud-tts' ->
 * 'google-cloud'), else the id itself ('gtts'); recognisers keep their ids ('openai-whisper').
 */
export function ttsPreferenceName(providerId: string): string {
  if (!(TTS_PROVIDERS as readonly string[]).includes(providerId)) return providerId;
  return Object.keys(ALIASES).find((alias) => ALIASES[alias] === providerId) ?? providerId;
}

/** A provider id from a preference as stored or sent ("google-cloud", "azure-tts", "gtts"); undefined if unknown. */
export function ttsProviderId(name: string | null | undefined): TtsProviderId | undefined {
  if (!name) return undefined;
  const id = ALIASES[name] ?? name;
  return (TTS_PROVIDERS as readonly string[]).includes(id) ? (id as TtsProviderId) : undefined;
}

export function sttProviderId(name: string | null | undefined): SttProviderId | undefined {
  if (!name) return undefined;
  const id = name === "google-cloud" || name === "google" ? "google-cloud-speech" : (ALIASES[name] ?? name);
  return (STT_PROVIDERS as readonly string[]).includes(id) ? (id as SttProviderId) : undefined;
}
