// Speech failures the user sees, with the spec's texts (content-workflow section 8, 'Transcription Failed'
// mapping). Provider failures (bad key, timeout, 429, refused connection) are lib/ai's ProviderError.
import { AppError, BadRequest, UnsupportedMediaType } from "@/lib/errors";

export { ProviderError, withoutSecrets, type ProviderFailure } from "@/lib/ai/errors";

export type TranscriptionFailure = "not_configured" | "unsupported_audio_format" | "no_transcription_results";

/** The spec's texts, so the route answering POST /tts/speech-to-text and the player show the same words. */
export const TRANSCRIPTION_MESSAGES: Record<TranscriptionFailure, string> = {
  not_configured: "Speech recognition service is not configured.",
  unsupported_audio_format: "Audio format not supported. Please try recording again.",
  no_transcription_results: "No speech detected. Please speak clearly and try again.",
};

/** 503: no speech-to-text provider is usable (no plugin with a key, and PocketSphinx or ffmpeg not installed). */
export class SpeechRecognitionNotConfigured extends AppError {
  readonly failure: TranscriptionFailure = "not_configured";
  constructor() {
    super(503, TRANSCRIPTION_MESSAGES.not_configured);
  }
}

/** 415: the bytes are not audio of a kind browsers record (webm, ogg, mp4, wav), or the decoder could not read them. */
export class UnsupportedAudioFormat extends UnsupportedMediaType {
  readonly failure: TranscriptionFailure = "unsupported_audio_format";
  constructor() {
    super(TRANSCRIPTION_MESSAGES.unsupported_audio_format);
  }
}

/** 422: the recogniser heard no words. */
export class NoTranscriptionResults extends AppError {
  readonly failure: TranscriptionFailure = "no_transcription_results";
  constructor() {
    super(422, TRANSCRIPTION_MESSAGES.no_transcription_results);
  }
}

/** 400: there is nothing to say (empty text), or a voice the provider does not have. */
export class SpeechInputRejected extends BadRequest {}
