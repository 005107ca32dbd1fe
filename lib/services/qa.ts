// Voice Q&A while a presentation plays (spec sections 4 and 7): a question, spoken (transcribed by the tenant's
// recogniser) or typed, is stored in the viewer's session; the answer comes from the presentation's slides and the
// blog's extracted sources (lib/ai), is stored beside it with where it comes from, and is spoken with the tenant's
// voice. Viewers are signed-in users (presentation view permission) or holders of a live share link. A session
// belongs to whoever opened it (the user, or the share link): another viewer's session is simply not found.
import { Readable } from "node:stream";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@/db/client";
import { files, presentations, qaMessages, qaSessions, slides, type QaMessage } from "@/db/schema";
import { answerQuestion, answerText, prepareOfflineAnswers, type AnswerInput, type AnswerPassage, type AnswerSource } from "@/lib/ai/answers";
import { askedWho, intentOf } from "@/lib/ai/answer-text";
import { inLanguage } from "@/lib/ai/language";
import { isSuperAdmin, type Actor } from "@/lib/auth/actor";
import { clientIp, consume } from "@/lib/auth/rate-limit";
import { AppError, BadRequest, Forbidden, NotFound, PayloadTooLarge, Unauthorized } from "@/lib/errors";
import { logger } from "@/lib/log";
import { MAX_RECORDING_BYTES } from "@/lib/speech/audio";
import { transcribe } from "@/lib/speech/stt";
import { concatMp3 } from "@/lib/speech/mp3";
import { narrationSentences } from "@/lib/speech/sentences";
import { textToSpeechFor } from "@/lib/speech/tts";
import { storage } from "@/lib/storage";
import { newObjectKey } from "@/lib/storage/keys";
import { joinPassages } from "@/lib/content/passages";
import { PRESENTATION_MESSAGES } from "@/lib/validation/presentations";
import { MIN_RECORDING_BYTES, QA_MESSAGES, type QuestionInput, type SpeechToTextQuery, type StreamResponseQuery } from "@/lib/validation/qa";
import { SHARING_MESSAGES } from "@/lib/validation/sharing";
import { discardStoredObjects } from "./blogs";
import { narrationText } from "./narration";
import { headedPassages, indexUnindexedSources, openingPassages, passagesForQuestion, QUESTION_PASSAGES, searchQueryOf, type FoundPassage } from "./passages";
import { liveShareLink } from "./sharing";

/** Who asks: a signed-in user, or a share link's viewer (identified by the link and, for limits, the address). */
export interface Asker {
  actor: Actor | null;
  token: string | null | undefined;
  request: Request;
}

interface Access {
  presentationId: string;
  tenantId: string;
  blogId: string;
  ttsProvider: string | null;
  sttProvider: string | null;
  /** The deck's language: questions are looked up and answered in it, answers spoken in its voice. */
  language: string;
  /** Set for a share link's viewer. */
  shareLinkId: string | null;
  /** Set for a signed-in viewer. */
  userId: string | null;
}

export interface SourceRef {
  label: string;
  slide_number: number | null;
}

/** POST /tts/speech-to-text (spec section 3, "Speech-to-text response"). */
export interface TranscriptionOut {
  transcript: string;
  chat_history_id: string | null;
  session_id: string | null;
  error: string | null;
}

export interface QuestionOut {
  chat_history_id: string;
  session_id: string;
  transcript: string;
}

/** One message of a session (spec section 3, "Q&A message"), with its slide and, for answers, its sources. */
export interface QaMessageOut {
  id: string;
  type: QaMessage["type"];
  content: string;
  timestamp: string;
  slide_number: number | null;
  sources?: SourceRef[];
}

export interface SpokenAnswer {
  answerId: string;
  text: string;
  question: string;
  sources: SourceRef[];
  /** The answer's kept MP3, or null when it has none yet (then `speak` makes it). */
  audio: Uint8Array | null;
  /**
   * Speaks the answer (its first sentence alone, so the voice starts soon, then the rest) and keeps the whole MP3
   * with the answer before it ends. Yields the MP3 pieces as they are made; they join into one file. Yields nothing
   * when speech synthesis fails (the text has gone already).
   */
  speak: () => AsyncGenerator<Uint8Array>;
}

// ---- who may ask ----

async function presentationRow(presentationId: string) {
  const db = await getDb();
  const [row] = await db
    .select({
      id: presentations.id,
      tenantId: presentations.tenantId,
      blogId: presentations.blogId,
      status: presentations.status,
      ttsProvider: presentations.ttsProvider,
      sttProvider: presentations.sttProvider,
      language: presentations.language,
    })
    .from(presentations)
    .where(eq(presentations.id, presentationId))
    .limit(1);
  return row ?? null;
}

/**
 * The asker's access to a presentation: with a token, a live link of exactly that presentation; else the signed-in
 * actor's presentation view permission in its tenant. Anything else is 404 (401 without either).
 */
async function accessTo(asker: Asker, presentationId: string): Promise<Access> {
  if (asker.token) {
    const link = await liveShareLink(asker.token);
    if (!link || link.presentationId !== presentationId) throw new NotFound(SHARING_MESSAGES.linkNotFound);
    const row = await presentationRow(presentationId);
    if (!row) throw new NotFound(SHARING_MESSAGES.linkNotFound);
    if (row.status !== "completed") throw new BadRequest(SHARING_MESSAGES.notViewable);
    return { ...row, presentationId: row.id, shareLinkId: link.linkId, userId: null };
  }
  const actor = asker.actor;
  if (!actor) throw new Unauthorized();
  if (!actor.permissions.has("presentation.view")) throw new Forbidden("You do not have permission to view presentations.");
  const row = await presentationRow(presentationId);
  if (!row || (!isSuperAdmin(actor) && row.tenantId !== actor.tenantId)) throw new NotFound(PRESENTATION_MESSAGES.notFound);
  return { ...row, presentationId: row.id, shareLinkId: null, userId: actor.userId };
}

/** A share link's viewer asks at most LIMITS.sharedQuestionByLinkAndIp times a minute from one address. */
async function limitSharedAsker(access: Access, request: Request): Promise<void> {
  if (access.shareLinkId) await consume("sharedQuestionByLinkAndIp", `${access.shareLinkId}|${clientIp(request)}`);
}

const ownedBy = (access: Pick<Access, "shareLinkId" | "userId">) =>
  access.shareLinkId ? eq(qaSessions.shareLinkId, access.shareLinkId) : and(eq(qaSessions.userId, access.userId ?? ""), sql`${qaSessions.shareLinkId} is null`);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The session named, when it is this viewer's session of this presentation; null when none is named, or the one
 * named is unknown or of another presentation; 404 when it is another viewer's. Writes nothing.
 */
async function namedSession(db: Db | Tx, access: Access, sessionId: string | null | undefined): Promise<string | null> {
  if (!sessionId || !UUID.test(sessionId)) return null;
  const [row] = await db
    .select({ id: qaSessions.id, userId: qaSessions.userId, shareLinkId: qaSessions.shareLinkId })
    .from(qaSessions)
    .where(and(eq(qaSessions.id, sessionId), eq(qaSessions.presentationId, access.presentationId)))
    .limit(1);
  if (!row) return null;
  const mine = access.shareLinkId ? row.shareLinkId === access.shareLinkId : row.shareLinkId === null && row.userId === access.userId;
  if (!mine) throw new NotFound(QA_MESSAGES.sessionNotFound);
  return row.id;
}

/** The session a question goes to (see namedSession), or a new one: written in the question's own transaction. */
async function sessionFor(tx: Tx, access: Access, sessionId: string | null | undefined): Promise<string> {
  const named = await namedSession(tx, access, sessionId);
  if (named) return named;
  const [created] = await tx
    .insert(qaSessions)
    .values({ tenantId: access.tenantId, presentationId: access.presentationId, shareLinkId: access.shareLinkId, userId: access.userId })
    .returning({ id: qaSessions.id });
  if (!created) throw new Error("session insert returned nothing");
  return created.id;
}

/** A session the asker may read: its own (by user, or by share link), with the presentation it belongs to; else 404. */
async function ownSession(asker: Asker, sessionId: string): Promise<{ sessionId: string; access: Access }> {
  const db = await getDb();
  const [row] = await db.select({ presentationId: qaSessions.presentationId }).from(qaSessions).where(eq(qaSessions.id, sessionId)).limit(1);
  if (!row) throw new NotFound(QA_MESSAGES.sessionNotFound);
  const access = await accessTo(asker, row.presentationId).catch((error: unknown) => {
    // A viewer with no reach to the presentation learns nothing about the session either.
    throw error instanceof AppError && (error.status === 404 || error.status === 400) ? new NotFound(QA_MESSAGES.sessionNotFound) : error;
  });
  const [owned] = await db
    .select({ id: qaSessions.id })
    .from(qaSessions)
    .where(and(eq(qaSessions.id, sessionId), ownedBy(access)))
    .limit(1);
  if (!owned) throw new NotFound(QA_MESSAGES.sessionNotFound);
  return { sessionId, access };
}

/**
 * Stores a question in its session (a new session when none of the viewer's is named): both in one transaction, so
 * a question that cannot be stored leaves no empty session behind.
 */
async function storeQuestion(
  access: Access,
  sessionId: string | null | undefined,
  text: string,
  slideNumber: number | null | undefined,
): Promise<{ id: string; sessionId: string }> {
  // The answer is asked for next (POST /qa/stream-response): the offline answerer's word list (read once per process)
  // is read meanwhile, so the first answer after a start does not wait for it.
  prepareOfflineAnswers();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const session = await sessionFor(tx, access, sessionId);
    const [row] = await tx
      .insert(qaMessages)
      .values({ tenantId: access.tenantId, sessionId: session, type: "question", content: text, slideNumber: slideNumber ?? null })
      .returning({ id: qaMessages.id });
    if (!row) throw new Error("question insert returned nothing");
    return { id: row.id, sessionId: session };
  });
}

// ---- questions ----

/** POST /qa/question: a typed question, stored like a spoken one. */
export async function askTypedQuestion(asker: Asker, input: QuestionInput): Promise<QuestionOut> {
  const access = await accessTo({ ...asker, token: input.token ?? asker.token }, input.presentation_id);
  await limitSharedAsker(access, asker.request);
  const stored = await storeQuestion(access, input.session_id, input.question, input.current_slide_number);
  return { chat_history_id: stored.id, session_id: stored.sessionId, transcript: input.question };
}

/** Text that names a file (Unix, Windows or file: URL) instead of being audio or Base64 audio. */
const FILE_PATH = /^(?:file:\/\/|[A-Za-z]:[\\/]|\\\\|~?\/|\.{1,2}[\\/])[^\0\r\n]*$/;
const BASE64 = /^(?:data:audio\/[\w.+-]+(?:;[\w.+=-]+)*;base64,)?([A-Za-z0-9+/_-]+={0,2})$/;

/**
 * The recording from the multipart field audio_file: a file part with the audio's bytes (what browsers send), or
 * Base64 text (a data URL or bare) as older clients send it. A file path in place of audio, sent either way, is
 * refused with the spec's message; so is a recording under 1000 bytes.
 */
async function recordingOf(request: Request): Promise<{ audio: Uint8Array; mimeType: string }> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > MAX_RECORDING_BYTES + 64 * 1024) throw new PayloadTooLarge("The recording is too large.");
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new BadRequest("The recording could not be read as multipart form data.");
  }
  const field = form.get("audio_file") ?? form.get("file") ?? form.get("audio");
  if (field === null) throw new BadRequest(QA_MESSAGES.noAudio);
  let bytes: Uint8Array;
  let mimeType = "application/octet-stream";
  if (typeof field === "string") {
    bytes = new Uint8Array(Buffer.from(field, "utf8"));
  } else {
    if (field.size > MAX_RECORDING_BYTES) throw new PayloadTooLarge("The recording is too large.");
    bytes = new Uint8Array(await field.arrayBuffer());
    mimeType = field.type || mimeType;
  }
  // Short printable text is a path or Base64, never audio (every container starts with a binary header).
  if (bytes.length <= 64 * 1024 * 1024 && isPrintable(bytes)) {
    const text = Buffer.from(bytes).toString("utf8").trim();
    if (text.length < 4096 && FILE_PATH.test(text)) throw new BadRequest(QA_MESSAGES.filePath);
    const base64 = BASE64.exec(text.replace(/\s+/g, ""));
    if (base64?.[1]) {
      bytes = new Uint8Array(Buffer.from(base64[1], base64[1].includes("-") || base64[1].includes("_") ? "base64url" : "base64"));
      const declaredType = /^data:(audio\/[\w.+-]+)/.exec(text)?.[1];
      if (declaredType) mimeType = declaredType;
    }
  }
  if (bytes.length < MIN_RECORDING_BYTES) throw new BadRequest(QA_MESSAGES.tooShort);
  return { audio: bytes, mimeType };
}

function isPrintable(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 4096);
  for (const byte of sample) if (byte < 0x09 || (byte > 0x0d && byte < 0x20) || byte === 0x7f) return false;
  return sample.length > 0;
}

/**
 * POST /tts/speech-to-text: transcribes a recording with the tenant's recogniser and stores the question in the
 * viewer's session. A failed transcription answers the spec's text in `detail` and `error`, with the status of the
 * failure (503 not configured, 415 unsupported format), and stores nothing. A recording with no words heard is 200
 * with an empty transcript and the session, so the player says 'No Speech Detected' (spec section 8).
 */
export async function speechToText(asker: Asker, query: SpeechToTextQuery): Promise<Response> {
  const access = await accessTo({ ...asker, token: query.token ?? asker.token }, query.presentation_id);
  await limitSharedAsker(access, asker.request);
  // The session is checked before the recording is read: another viewer's session is refused whatever is sent.
  await namedSession(await getDb(), access, query.session_id);
  const { audio, mimeType } = await recordingOf(asker.request);
  let transcript: string;
  try {
    ({ transcript } = await transcribe(access.tenantId, audio, mimeType, { provider: query.stt_provider ?? access.sttProvider, language: access.language }));
  } catch (error) {
    if (!(error instanceof AppError) || typeof error.detail !== "string") throw error;
    return Response.json(
      { detail: error.detail, error: error.detail, transcript: "", chat_history_id: null, session_id: query.session_id && UUID.test(query.session_id) ? query.session_id : null },
      { status: error.status },
    );
  }
  if (!transcript) {
    // Nothing heard: the player still gets its session for the next try.
    const sessionId = await (await getDb()).transaction((tx) => sessionFor(tx, access, query.session_id));
    return Response.json({ transcript: "", chat_history_id: null, session_id: sessionId, error: null } satisfies TranscriptionOut);
  }
  const stored = await storeQuestion(access, query.session_id, transcript, query.current_slide_number);
  return Response.json({ transcript, chat_history_id: stored.id, session_id: stored.sessionId, error: null } satisfies TranscriptionOut);
}

// ---- answers ----

/** What an answer rests on, as the player shows it: "Slide n" (with its number) or a source's name. */
function sourcesOf(passages: readonly AnswerPassage[]): SourceRef[] {
  const seen = new Set<string>();
  const refs: SourceRef[] = [];
  for (const passage of passages) {
    if (seen.has(passage.source)) continue;
    seen.add(passage.source);
    const slide = /^Slide (\d+)$/.exec(passage.source);
    refs.push({ label: passage.source, slide_number: slide ? Number(slide[1]) : null });
  }
  return refs;
}

function sourceName(row: { kind: string; position: number; url: string | null; fileName: string | null }): string {
  if (row.fileName) return row.fileName;
  if (row.url) return row.url;
  return row.kind === "content_block" ? `Content block ${row.position + 1}` : "Source";
}

/**
 * The material answers come from: the slides' narration, and the passages of the blog's extracted sources that the
 * passage index finds for the question (with their neighbours), each source's passages in order with their
 * headings; for a summary, the main document's opening and the first passage of each of its sections too.
 * Never a source's whole text: the candidates stay a few pages however long the sources are.
 */
export async function answerMaterial(access: Pick<Access, "blogId" | "presentationId"> & { language?: string }, question: string): Promise<Pick<AnswerInput, "slides" | "sources">> {
  const db = await getDb();
  // Sources extracted before the passage index existed are indexed once, on their blog's first question.
  await indexUnindexedSources(access.blogId);
  const [slideRows, found, opening] = await Promise.all([
    db
      .select({ number: slides.slideNumber, slideTitle: slides.slideTitle, body: slides.body, slideContent: slides.slideContent })
      .from(slides)
      .where(eq(slides.presentationId, access.presentationId))
      .orderBy(asc(slides.slideNumber)),
    passagesForQuestion(access.blogId, question, QUESTION_PASSAGES, access.language ?? null),
    // A summary starts from the openings; a question of asking words only ("What should I do?"), which no passage
    // is found by, is a heading put as a question: the sections' first passages, with their headings.
    // ("Who was Helen Marrick?" may ask for the whole of a profile: lib/ai/offline-answers.ts decides with the title.)
    inLanguage(access.language, () => intentOf(question).summary || askedWho(question) !== null)
      ? openingPassages(access.blogId)
      : !searchQueryOf(question, access.language ?? null)
        ? headedPassages(access.blogId)
        : Promise.resolve([]),
  ]);
  const bySource = new Map<string, FoundPassage[]>();
  const seen = new Set<string>();
  for (const passage of [...opening, ...found]) {
    const key = `${passage.sourceId}:${passage.position}`;
    if (seen.has(key)) continue;
    seen.add(key);
    bySource.set(passage.sourceId, [...(bySource.get(passage.sourceId) ?? []), passage]);
  }
  const sources: AnswerSource[] = [...bySource.values()]
    .map((passages) => passages.sort((a, b) => a.position - b.position))
    .sort((a, b) => sourceOrder(a[0]!) - sourceOrder(b[0]!))
    .map((passages) => ({
      name: sourceName({ kind: passages[0]!.kind, position: passages[0]!.sourcePosition, url: passages[0]!.url, fileName: passages[0]!.fileName }),
      text: joinPassages(passages),
      passages: passages.map((passage) => ({ heading: passage.heading, body: passage.body, position: passage.position })),
      main: passages[0]!.kind === "main_document",
    }));
  return { slides: slideRows.map((row) => ({ number: row.number, title: row.slideTitle, script: narrationText(row) })), sources };
}

/** The main document first, then the other sources in the blog's order. */
function sourceOrder(passage: FoundPassage): number {
  return (passage.kind === "main_document" ? 0 : 1_000_000) + passage.sourcePosition;
}

/**
 * POST /qa/stream-response: the answer to a stored question, stored beside it (once: asked again, the stored
 * answer is spoken again) and spoken with the tenant's voice. The question must be in the asker's own session.
 */
export async function answerStoredQuestion(asker: Asker, query: StreamResponseQuery): Promise<SpokenAnswer> {
  const db = await getDb();
  const [question] = await db
    .select()
    .from(qaMessages)
    .where(and(eq(qaMessages.id, query.chat_history_id), eq(qaMessages.type, "question")))
    .limit(1);
  if (!question) throw new NotFound(QA_MESSAGES.questionNotFound);
  const { access } = await ownSession({ ...asker, token: query.token ?? asker.token }, question.sessionId).catch((error: unknown) => {
    throw error instanceof NotFound ? new NotFound(QA_MESSAGES.questionNotFound) : error;
  });
  await limitSharedAsker(access, asker.request);
  const slideNumber = query.current_slide_number ?? question.slideNumber ?? undefined;

  let answer = await storedAnswer(question.id);
  if (!answer) {
    const { slides: answerSlides, sources } = await answerMaterial(access, question.content);
    const produced = await answerQuestion({ question: question.content, currentSlide: slideNumber, slides: answerSlides, sources, language: access.language });
    const text = (await answerText(produced)).trim();
    const refs = sourcesOf(produced.passages);
    answer = await db.transaction(async (tx) => {
      // Locked: two requests for one question at once store one answer, and both speak it.
      await tx.select({ id: qaMessages.id }).from(qaMessages).where(eq(qaMessages.id, question.id)).for("update");
      const [existing] = await tx
        .select()
        .from(qaMessages)
        .where(and(eq(qaMessages.questionId, question.id), eq(qaMessages.type, "answer")))
        .limit(1);
      if (existing) return existing;
      const [row] = await tx
        .insert(qaMessages)
        .values({ tenantId: access.tenantId, sessionId: question.sessionId, type: "answer", content: text, slideNumber: slideNumber ?? null, questionId: question.id, sources: refs })
        .returning();
      if (!row) throw new Error("answer insert returned nothing");
      return row;
    });
  }

  const kept = answer;
  const audio = await storedAudio(kept);
  return {
    answerId: kept.id,
    text: kept.content,
    question: question.content,
    sources: kept.sources ?? [],
    audio,
    speak: () => speakAnswer(access, kept),
  };
}

/** Longest answer audio kept (a spoken answer of 90 words is well under 1 MB). */
const MAX_ANSWER_AUDIO_BYTES = 20 * 1024 * 1024;

/** The stored audio of an answer, or null when it has none (or its object is gone). */
async function storedAudio(answer: QaMessage): Promise<Uint8Array | null> {
  if (!answer.audioFileId) return null;
  const db = await getDb();
  const [file] = await db
    .select({ key: files.storageKey })
    .from(files)
    .where(and(eq(files.id, answer.audioFileId), eq(files.tenantId, answer.tenantId)))
    .limit(1);
  if (!file) return null;
  try {
    const object = await storage().get(file.key);
    if (!object) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
    return new Uint8Array(Buffer.concat(chunks));
  } catch (error) {
    logger.warn({ answerId: answer.id, reason: error instanceof Error ? error.message : typeof error }, "an answer's stored audio could not be read; it is spoken again");
    return null;
  }
}

/**
 * The answer spoken with the tenant's voice, in two parts (the first sentence, then the rest) so its first audio is
 * ready after one sentence; the parts are yielded as they come and the whole MP3 is kept with the answer (a file
 * under the tenant, like narration audio), so asking again sends the same audio without speaking it again. An
 * answer keeps the voice it was first spoken with. Nothing is yielded when speech synthesis fails at the start; a
 * failure later ends the audio there, and nothing is kept.
 */
async function* speakAnswer(access: Access, answer: QaMessage): AsyncGenerator<Uint8Array> {
  const sentences = narrationSentences(answer.content);
  const parts = sentences.length > 1 ? [sentences[0]!, sentences.slice(1).join(" ")] : [answer.content];
  const made: Uint8Array[] = [];
  try {
    const voice = await textToSpeechFor(access.tenantId, access.ttsProvider);
    for (const part of parts) {
      const audio = (await voice.synthesize(part)).audio;
      // Joined MP3: the ID3 tag of every part but the first is left out, as concatMp3 joins them.
      const piece = made.length === 0 ? audio : concatMp3([new Uint8Array(0), audio]);
      made.push(piece);
      yield piece;
    }
  } catch (error) {
    logger.warn({ presentationId: access.presentationId, reason: error instanceof Error ? error.message : typeof error }, "an answer could not be spoken; its text is sent alone");
    return;
  }
  await keepAudio(access, answer, concatMp3(made)).catch((error: unknown) => {
    logger.warn({ answerId: answer.id, reason: error instanceof Error ? error.message : typeof error }, "an answer's audio could not be kept; it is sent all the same");
  });
}

/** Stores the audio and links it to the answer, unless another request linked its own first (then ours goes). */
async function keepAudio(access: Access, answer: QaMessage, audio: Uint8Array): Promise<void> {
  const key = newObjectKey(access.tenantId, "audio", "mp3");
  const stored = await storage().put(key, Readable.from([Buffer.from(audio)]), { contentType: "audio/mpeg", maxBytes: MAX_ANSWER_AUDIO_BYTES });
  const db = await getDb();
  let taken = false;
  try {
    taken = await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ audioFileId: qaMessages.audioFileId })
        .from(qaMessages)
        .where(eq(qaMessages.id, answer.id))
        .for("update");
      if (!current || current.audioFileId !== null) return false;
      const [file] = await tx
        .insert(files)
        .values({
          tenantId: access.tenantId,
          storageKey: key,
          originalName: "answer.mp3",
          mimeType: "audio/mpeg",
          sizeBytes: stored.size,
          sha256: stored.sha256,
          kind: "audio",
        })
        .returning({ id: files.id });
      if (!file) throw new Error("file insert returned nothing");
      const linked = await tx
        .update(qaMessages)
        .set({ audioFileId: file.id })
        .where(and(eq(qaMessages.id, answer.id), isNull(qaMessages.audioFileId)))
        .returning({ id: qaMessages.id });
      if (linked.length !== 1) throw new Error("the answer's audio could not be linked");
      return true;
    });
  } finally {
    if (!taken) await discardStoredObjects([key]);
  }
}

async function storedAnswer(questionId: string): Promise<QaMessage | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(qaMessages)
    .where(and(eq(qaMessages.questionId, questionId), eq(qaMessages.type, "answer")))
    .limit(1);
  return row ?? null;
}

const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

/**
 * The answer as the player reads it (spec section 7): an audio/mpeg body and the Base64 headers. The headers, with
 * the answer's text and sources, go as soon as the answer is known; the body follows: the kept MP3, or the answer
 * spoken now, its first sentence streamed as soon as it is made. An answer without audio has an empty body (and,
 * when that is known before the body starts, Answer-Audio: none).
 */
export function spokenAnswerResponse(answer: SpokenAnswer): Response {
  const headers = new Headers({
    "Content-Type": "audio/mpeg",
    "Response-Text": base64(answer.text),
    "Chat-History-ID": base64(answer.answerId),
    "Answer-Sources": base64(JSON.stringify(answer.sources)),
    "Question-Text": base64(answer.question),
  });
  if (answer.audio) {
    headers.set("Content-Length", String(answer.audio.byteLength));
    return new Response(Buffer.from(answer.audio), { status: 200, headers });
  }
  const pieces = answer.speak();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await pieces.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch (error) {
        logger.warn({ answerId: answer.answerId, reason: error instanceof Error ? error.message : typeof error }, "an answer's audio stopped");
        controller.close();
      }
    },
    async cancel() {
      // The viewer went: the audio still gets made and kept for the next time the answer is asked for.
      for await (const piece of pieces) void piece;
    },
  });
  return new Response(body, { status: 200, headers });
}

/** GET /qa/history: the session's messages by time, a question before its answer on a tie, then by id. */
export async function sessionHistory(asker: Asker, sessionId: string): Promise<QaMessageOut[]> {
  await ownSession(asker, sessionId);
  const db = await getDb();
  const rows = await db
    .select()
    .from(qaMessages)
    .where(eq(qaMessages.sessionId, sessionId))
    .orderBy(asc(qaMessages.createdAt), sql`case when ${qaMessages.type} = 'question' then 0 else 1 end`, asc(qaMessages.id))
    .limit(1000);
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    content: row.content,
    timestamp: row.createdAt.toISOString(),
    slide_number: row.slideNumber,
    ...(row.type === "answer" ? { sources: row.sources ?? [] } : {}),
  }));
}
