// Schemas of voice Q&A (spec section 7, "Voice Q&A") and the spec's messages (sections 5 and 8).
import { z } from "zod";
import { charactersOf, textOf } from "./text";

export const QA_MESSAGES = {
  /** Spec section 5, 'Recording Too Short'. */
  tooShort: "Recording must be at least 1 second. Please try again.",
  /** Spec section 5, 'Invalid Audio Data'. */
  filePath: "Audio data is a file path, not Base64 audio data",
  noAudio: "Send the recording in the multipart field audio_file.",
  sessionNotFound: "Session not found",
  questionNotFound: "Question not found",
  emptyQuestion: "Please enter a question",
} as const;

/** Spec section 9: the smallest recording accepted. */
export const MIN_RECORDING_BYTES = 1000;

/** The longest typed question (a spoken one of 30 seconds is a few hundred characters). */
export const MAX_QUESTION_CHARS = 2000;

const token = textOf("line").max(200).optional();
const slideNumber = z.coerce.number().int().min(1).max(10_000).optional();

export const speechToTextQuery = z.object({
  presentation_id: z.uuid({ message: "Invalid presentation id" }),
  // The player sends the session it has, which may be empty or "null" before the first question.
  session_id: textOf("line").max(100).optional(),
  token,
  current_slide_number: slideNumber,
  /** The player's stored recogniser preference (e.g. 'openai-whisper'); the presentation's when absent. */
  stt_provider: textOf("line").max(50).optional(),
});

export const questionInput = z.object({
  presentation_id: z.uuid({ message: "Invalid presentation id" }),
  // Control characters (NUL above all) are refused before anything is stored: a question may span lines, no more.
  question: z.string().trim().check(charactersOf("multiline")).min(1, { message: QA_MESSAGES.emptyQuestion }).max(MAX_QUESTION_CHARS),
  session_id: textOf("line").max(100).nullish(),
  token: textOf("line").max(200).nullish(),
  current_slide_number: z.number().int().min(1).max(10_000).nullish(),
});

export const streamResponseQuery = z.object({
  chat_history_id: z.uuid({ message: "Invalid chat history id" }),
  current_slide_number: slideNumber,
  token,
});

export const historyQuery = z.object({
  session_id: z.uuid({ message: "Invalid session id" }),
  token,
});

export type SpeechToTextQuery = z.infer<typeof speechToTextQuery>;
export type QuestionInput = z.infer<typeof questionInput>;
export type StreamResponseQuery = z.infer<typeof streamResponseQuery>;
