// The player's calls (spec section 7, "Voice Q&A", and contract 12). A shared viewer adds ?token=<share token> to
// every call; a signed-in viewer is known by the session cookie.
import { detailMessage } from "@/lib/errors/messages";
import { createApiClient, HttpError, TransportError, API_BASE } from "@/lib/http/client";
import { SHARED_LOAD_MESSAGES, SIGNED_IN_LOAD_MESSAGES } from "@/lib/player/messages";
import type { AnswerSource, ApiPresentation, PlayerSource } from "./types";

// A shared viewer has no session: a 401 must never send the page (perhaps inside another site's frame) to the
// sign-in screen, which the default client does when the session cannot be renewed.
const sharedApi = createApiClient({ redirect: () => undefined });
const signedInApi = createApiClient();

export function clientFor(source: PlayerSource) {
  return source.kind === "shared" ? sharedApi : signedInApi;
}

/** The path with the share token added for a shared viewer. */
export function withToken(path: string, source: PlayerSource): string {
  if (source.kind !== "shared") return path;
  return `${path}${path.includes("?") ? "&" : "?"}token=${encodeURIComponent(source.token)}`;
}

/** One slide's captions (WebVTT, on its own audio's timeline), attached to its narration as a captions track. */
export function captionsUrl(source: PlayerSource, slideNumber: number): string {
  const deck =
    source.kind === "shared"
      ? `/presentations/share/${encodeURIComponent(source.token)}`
      : `/presentations/${encodeURIComponent(source.presentationId)}`;
  return `${API_BASE}${deck}/captions.vtt?slide=${slideNumber}`;
}

export function loadPresentation(source: PlayerSource): Promise<ApiPresentation> {
  const path =
    source.kind === "shared"
      ? `/presentations/share/${encodeURIComponent(source.token)}`
      : `/presentations/${encodeURIComponent(source.presentationId)}`;
  return clientFor(source).get<ApiPresentation>(path);
}

/**
 * The load failure's message (section 8: the signed-in and shared lists differ), or null for a signed-in 401,
 * which is silent (the client has already sent the visitor to sign in).
 */
export function loadErrorMessage(source: PlayerSource, status: number | "timeout" | "network"): string | null {
  if (source.kind === "shared") {
    if (status === 404) return SHARED_LOAD_MESSAGES.gone;
    if (status === 400) return SHARED_LOAD_MESSAGES.notReady;
    return SHARED_LOAD_MESSAGES.other;
  }
  if (status === 401) return null;
  if (status === "timeout") return SIGNED_IN_LOAD_MESSAGES.timeout;
  if (status === 404) return SIGNED_IN_LOAD_MESSAGES.notFound;
  if (status === 403) return SIGNED_IN_LOAD_MESSAGES.forbidden;
  if (status === 400) return SIGNED_IN_LOAD_MESSAGES.notReady;
  if (status === "network") return SIGNED_IN_LOAD_MESSAGES.network;
  return SIGNED_IN_LOAD_MESSAGES.other;
}

/**
 * Whether a shared viewer's link was revoked (or its deck removed) since the page opened: asked when a file or an
 * answer of the shared presentation fails, so the viewer is told the link is gone rather than that audio failed.
 */
export async function sharedLinkGone(source: PlayerSource): Promise<boolean> {
  if (source.kind !== "shared") return false;
  try {
    await loadPresentation(source);
    return false;
  } catch (error) {
    return failureKind(error) === 404;
  }
}

/** A call of the shared viewer refused because the link no longer works (the API's words for it, with 404). */
export function isGoneAnswer(source: PlayerSource, error: unknown): boolean {
  return source.kind === "shared" && error instanceof HttpError && error.status === 404 && errorDetail(error) === SHARED_LOAD_MESSAGES.gone;
}

export function failureKind(error: unknown): number | "timeout" | "network" {
  if (error instanceof HttpError) return error.status;
  if (error instanceof TransportError) return error.kind;
  return 0;
}

/** The `detail` of an HttpError's FastAPI-shaped body. */
export function errorDetail(error: unknown): string | undefined {
  if (!(error instanceof HttpError)) return undefined;
  try {
    return detailMessage(JSON.parse(error.body));
  } catch {
    return undefined;
  }
}

export interface Transcription {
  transcript: string;
  chat_history_id: string | null;
  session_id: string | null;
  error: string | null;
}

/**
 * POST /tts/speech-to-text: the recording, stored as the session's question when words were heard. A signed-in
 * viewer sends the recogniser kept in this browser (`sttProvider`); a shared viewer sends none, and the server uses
 * the presentation's.
 */
export function transcribe(source: PlayerSource, presentationId: string, sessionId: string | null, audio: Blob, sttProvider?: string): Promise<Transcription> {
  const query = new URLSearchParams({ presentation_id: presentationId });
  if (sessionId) query.set("session_id", sessionId);
  if (sttProvider && source.kind === "signed-in") query.set("stt_provider", sttProvider);
  const form = new FormData();
  const extension = audio.type.includes("mp4") ? "mp4" : audio.type.includes("ogg") ? "ogg" : "webm";
  form.append("audio_file", audio, `question.${extension}`);
  return clientFor(source).post<Transcription>(withToken(`/tts/speech-to-text?${query}`, source), form);
}

export interface TypedQuestion {
  chat_history_id: string;
  session_id: string;
  transcript: string;
}

/** POST /qa/question: a typed question, stored like a spoken one. */
export function askTyped(source: PlayerSource, presentationId: string, sessionId: string | null, question: string): Promise<TypedQuestion> {
  return clientFor(source).post<TypedQuestion>("/qa/question", {
    presentation_id: presentationId,
    question,
    ...(sessionId ? { session_id: sessionId } : {}),
    ...(source.kind === "shared" ? { token: source.token } : {}),
  });
}

export interface Answer {
  text: string;
  id: string | null;
  sources: AnswerSource[];
  /**
   * The spoken answer as it arrives after the text (the server sends the headers first and the audio as it is made),
   * or null when speech failed on the server (`Answer-Audio: none`, or an empty body). Never rejects.
   */
  audio: Promise<Blob | null>;
}

/** Base64 of UTF-8 text, as the answer's headers carry it. */
export function decodeHeader(value: string | null): string {
  if (!value) return "";
  try {
    const bytes = Uint8Array.from(atob(value), (char) => char.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  } catch {
    return "";
  }
}

export function parseSources(value: string | null): AnswerSource[] {
  const text = decodeHeader(value);
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((entry): AnswerSource[] => {
      if (!entry || typeof entry !== "object") return [];
      const { label, slide_number: slideNumber } = entry as { label?: unknown; slide_number?: unknown };
      if (typeof label !== "string" || !label) return [];
      return [{ label, slide_number: typeof slideNumber === "number" ? slideNumber : null }];
    });
  } catch {
    return [];
  }
}

/**
 * An answer with its speech, generated and synthesised on the server, takes longer than the 15 s of ordinary
 * calls (the server allows the AI 20 s to start and then speaks the answer): one minute before giving up.
 */
const ANSWER_TIMEOUT_MS = 60_000;

/**
 * POST /qa/stream-response. Sent with fetch rather than the JSON client: the answer is an audio body whose text
 * and sources come in Base64 headers, which the JSON client does not expose.
 */
export async function streamResponse(source: PlayerSource, chatHistoryId: string, slideNumber: number): Promise<Answer> {
  const query = new URLSearchParams({ chat_history_id: chatHistoryId, current_slide_number: String(slideNumber) });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ANSWER_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${withToken(`/qa/stream-response?${query}`, source)}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      credentials: "same-origin",
      signal: controller.signal,
    });
  } catch {
    clearTimeout(timer);
    throw new TransportError(controller.signal.aborted ? "timeout" : "network");
  }
  if (!response.ok) {
    clearTimeout(timer);
    throw new HttpError(response.status, await response.text());
  }
  // The text is known with the headers; the audio body follows while the text is already shown.
  const noAudio = response.headers.get("answer-audio") === "none";
  const audio: Promise<Blob | null> = noAudio
    ? response.body?.cancel().then(() => null, () => null) ?? Promise.resolve(null)
    : response.blob().then(
        (blob) => (blob.size > 0 ? blob : null),
        () => null,
      );
  void audio.finally(() => clearTimeout(timer));
  return {
    text: decodeHeader(response.headers.get("response-text")),
    id: decodeHeader(response.headers.get("chat-history-id")) || null,
    sources: parseSources(response.headers.get("answer-sources")),
    audio,
  };
}
