"use client";

// The Q&A session (spec sections 4 and 8, "Voice question"): a recorded or typed question is stored by the server,
// shown at once, answered with text and speech, and narration resumes afterwards. The session id of the first
// answer is kept for the rest of the visit.
import { useCallback, useMemo, useRef, useState } from "react";
import { useSpeechPreference, type SpeechPreference } from "@/components/speech/use-speech-preference";
import type { SpeechChoice } from "@/components/speech/preferences";
import { toast } from "@/components/ui/use-toast";
import { HttpError, TransportError } from "@/lib/http/client";
import { askTyped, errorDetail, isGoneAnswer, streamResponse, transcribe } from "./api";
import type { PlayerSource, QaMessage } from "./types";

export const NOT_UNDERSTOOD = "Sorry, I couldn't understand your question. Please try again.";
export const ANSWER_FAILED = "Sorry, I encountered an error while processing your question. Please try again.";

/** Time order, a question before an answer of the same time, then id (section 2). */
export function orderMessages(messages: readonly QaMessage[]): QaMessage[] {
  return [...messages].sort((a, b) => {
    const time = Date.parse(a.timestamp) - Date.parse(b.timestamp);
    if (time !== 0) return time;
    if (a.type !== b.type) return a.type === "question" ? -1 : 1;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}

const SPEECH_MESSAGES: [RegExp, string][] = [
  [/format/i, "Audio format not supported. Please try recording again."],
  [/no (speech|transcription)/i, "No speech detected. Please speak clearly and try again."],
  [/not configured/i, "Speech recognition service is not configured."],
];

/** The toast for a failed transcription (section 8's mapping). */
export function transcriptionFailure(error: unknown): { title: string; description: string } {
  if (error instanceof TransportError) return { title: "Transcription Error", description: "Failed to transcribe audio. Please try again." };
  if (!(error instanceof HttpError)) return { title: "Audio Processing Error", description: "Audio will resume automatically. Please try again." };
  const detail = errorDetail(error) ?? "";
  if (error.status === 400 && /at least 1 second/i.test(detail)) return { title: "Recording Too Short", description: detail };
  if (error.status === 400 && /file path/i.test(detail)) return { title: "Invalid Audio Data", description: detail };
  const known = SPEECH_MESSAGES.find(([pattern]) => pattern.test(detail));
  if (known) return { title: "Transcription Failed", description: known[1] };
  if (detail) return { title: "Transcription Failed", description: detail };
  return { title: "Transcription Error", description: "Failed to transcribe audio. Please try again." };
}

interface QaOptions {
  source: PlayerSource;
  presentationId: string;
  /** The slide on screen, for the answer's context. */
  slideNumber: () => number;
  /** Narration resumes (after its delay) once the exchange is over. */
  onDone: () => void;
  /** Narration pauses for a typed question's spoken answer. */
  onAnswerStarts: () => void;
  /** The tenant's usable recognisers (signed-in viewer only). */
  sttChoices?: readonly SpeechChoice[];
  /** A shared deck's word on whether voice questions can be transcribed (GET /presentations/share/{token}). */
  speechToTextAvailable?: boolean;
  /** A shared viewer's link stopped working: the player says so instead of a failed answer. */
  onGone?: () => void;
  /** A question was answered: what was asked, how, and whether the material covered it (share analytics). */
  onAnswered?: (question: string, mode: "typed" | "voice", covered: boolean) => void;
}

export interface Qa {
  messages: QaMessage[];
  /** A question is being answered. */
  answering: boolean;
  askRecorded: (audio: Blob) => Promise<void>;
  askText: (question: string) => Promise<boolean>;
  /** The recogniser kept in this browser, for a signed-in viewer; null on a shared link. */
  recognition: SpeechPreference | null;
  /** Voice questions can be transcribed: a signed-in viewer's tenant has a recogniser, or the shared deck says so. */
  voice: boolean;
}

const NO_CHOICES: readonly SpeechChoice[] = [];

export function useQa({
  source,
  presentationId,
  slideNumber,
  onDone,
  onAnswerStarts,
  sttChoices = NO_CHOICES,
  speechToTextAvailable,
  onGone,
  onAnswered,
}: QaOptions): Qa {
  const [messages, setMessages] = useState<QaMessage[]>([]);
  const [answering, setAnswering] = useState(false);
  const sessionRef = useRef<string | null>(null);
  const answerAudio = useRef<HTMLAudioElement | null>(null);
  // Spec section 9: the signed-in player's recogniser preference defaults to openai-whisper.
  const preference = useSpeechPreference("stt", sttChoices);
  const recognition = source.kind === "signed-in" ? preference : null;
  const sttProvider = recognition?.value;

  const add = useCallback((message: QaMessage) => {
    setMessages((current) => [...current.filter((entry) => entry.id !== message.id), message]);
  }, []);

  /** Plays the spoken answer; narration resumes when it ends (or cannot play). */
  const speak = useCallback(
    (audio: Blob | null) => {
      answerAudio.current?.pause();
      if (!audio) {
        onDone();
        return;
      }
      const url = URL.createObjectURL(audio);
      const player = new Audio(url);
      answerAudio.current = player;
      const done = () => {
        URL.revokeObjectURL(url);
        if (answerAudio.current === player) answerAudio.current = null;
        onDone();
      };
      player.addEventListener("ended", done, { once: true });
      player.addEventListener("error", done, { once: true });
      player.play().catch(done);
    },
    [onDone],
  );

  const answer = useCallback(
    async (chatHistoryId: string, question: string, mode: "typed" | "voice") => {
      setAnswering(true);
      try {
        const reply = await streamResponse(source, chatHistoryId, slideNumber());
        // An answer without sources is the material's 'not covered'.
        onAnswered?.(question, mode, (reply.sources?.length ?? 0) > 0);
        add({
          id: reply.id ?? `answer-${chatHistoryId}`,
          type: "answer",
          content: reply.text || ANSWER_FAILED,
          timestamp: new Date().toISOString(),
          sources: reply.sources,
        });
        // The text shows now; the voice starts when its audio has come.
        setAnswering(false);
        speak(await reply.audio);
      } catch (error) {
        if (onGone && isGoneAnswer(source, error)) {
          onGone();
          return;
        }
        toast({ title: "Q&A Response Error", description: "Failed to get AI response. Please try again.", variant: "destructive" });
        add({ id: `error-${chatHistoryId}`, type: "answer", content: ANSWER_FAILED, timestamp: new Date().toISOString() });
        onDone();
      } finally {
        setAnswering(false);
      }
    },
    [add, onAnswered, onDone, onGone, slideNumber, source, speak],
  );

  const askRecorded = useCallback(
    async (audio: Blob) => {
      let heard;
      try {
        heard = await transcribe(source, presentationId, sessionRef.current, audio, sttProvider);
      } catch (error) {
        if (onGone && isGoneAnswer(source, error)) {
          onGone();
          return;
        }
        const { title, description } = transcriptionFailure(error);
        toast({ title, description, variant: "destructive" });
        onDone();
        return;
      }
      if (heard.session_id) sessionRef.current = heard.session_id;
      const transcript = heard.transcript?.trim() ?? "";
      if (!transcript || !heard.chat_history_id) {
        toast({ title: "No Speech Detected", description: "No speech detected. Please speak clearly and try again.", variant: "destructive" });
        add({ id: `not-understood-${Date.now()}`, type: "answer", content: NOT_UNDERSTOOD, timestamp: new Date().toISOString() });
        onDone();
        return;
      }
      add({ id: heard.chat_history_id, type: "question", content: transcript, timestamp: new Date().toISOString() });
      await answer(heard.chat_history_id, transcript, "voice");
    },
    [add, answer, onDone, onGone, presentationId, source, sttProvider],
  );

  const askText = useCallback(
    async (question: string) => {
      const text = question.trim();
      if (!text) return false;
      let asked;
      setAnswering(true);
      try {
        asked = await askTyped(source, presentationId, sessionRef.current, text);
      } catch (error) {
        setAnswering(false);
        if (onGone && isGoneAnswer(source, error)) {
          onGone();
          return false;
        }
        toast({ title: "Q&A Response Error", description: errorDetail(error) ?? "Failed to get AI response. Please try again.", variant: "destructive" });
        return false;
      }
      if (asked.session_id) sessionRef.current = asked.session_id;
      add({ id: asked.chat_history_id, type: "question", content: asked.transcript || text, timestamp: new Date().toISOString() });
      onAnswerStarts();
      await answer(asked.chat_history_id, asked.transcript || text, "typed");
      return true;
    },
    [add, answer, onAnswerStarts, onGone, presentationId, source],
  );

  const ordered = useMemo(() => orderMessages(messages), [messages]);
  const voice = source.kind === "shared" ? speechToTextAvailable !== false : sttChoices.length > 0;
  return { messages: ordered, answering, askRecorded, askText, recognition, voice };
}
