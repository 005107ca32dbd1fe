// Narration (audio processing, spec section 4): the 'narrate-presentation' job speaks every slide that has no audio
// with the tenant's voice (the presentation's tts_provider when usable, else the tenant's plugins, else the offline
// eSpeak voice), stores one MP3 per slide (folder 'audio') with its duration and sentence timings, and moves
// webhook_status pending -> completed once every slide has audio. A failure that lasts through pg-boss's retries,
// or audio still pending 30 minutes after it was asked for (a sweep), sets 'timeout' with the reason in `error`.
// Like generation, a run claims the presentation with a new attempt number and only the latest run may write; a
// slide whose narration text changed while its audio was made keeps no stale audio (the text is compared before
// the write), and the audio a write replaces is removed.
//
// Attempts are counted when a run claims the presentation, before any work, so a run whose process dies counts too:
// past MAX_NARRATION_ATTEMPTS runs of one request for audio, the claim (or the sweep) sets 'timeout' with the reason
// instead of working, and the narration is never re-queued until someone asks again (retry, or an edit).
import { NoVoiceForLanguage } from "@/lib/speech/voices";
import { availableParallelism } from "node:os";
import { Readable } from "node:stream";
import { and, asc, eq, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { PgBoss, JobWithMetadata, Queue } from "pg-boss";
import { getDb, type Db, type Tx } from "@/db/client";
import { files, presentations, slides, type AudioSentence } from "@/db/schema";
import { eachAtMost } from "@/lib/concurrency";
import { isSuperAdmin, type Actor } from "@/lib/auth/actor";
import { AppError, Forbidden, NotFound } from "@/lib/errors";
import { env } from "@/lib/env";
import { enqueue, jobQueue } from "@/lib/jobs/queue";
import { logger } from "@/lib/log";
import { espeakWorkerCount } from "@/lib/speech/providers/espeak";
import { textToSpeechFor, type SynthesizedSpeech, type TextToSpeech } from "@/lib/speech/tts";
import { newObjectKey, storage } from "@/lib/storage";
import { attemptsExhaustedMessage, PRESENTATION_MESSAGES } from "@/lib/validation/presentations";
import { discardStoredObjects } from "./blogs";

/** The pg-boss queue of narration; a job's data is {presentationId}. */
export const NARRATION_JOB = "narrate-presentation";

/**
 * A voice that fails for a while (outage, rate limit) is tried again twice with growing delays (from
 * NARRATION_RETRY_DELAY_SECONDS) before the presentation is set to 'timeout'; a run whose process died is expired by
 * pg-boss and retried.
 */
export function narrationQueueOptions(): Queue {
  return { name: NARRATION_JOB, retryLimit: 2, retryDelay: env().NARRATION_RETRY_DELAY_SECONDS, retryBackoff: true, expireInSeconds: 900 };
}

/** The periodic sweep's queue (a pg-boss schedule): timeouts, and narrations whose job was lost. */
export const NARRATION_SWEEP_JOB = "sweep-presentation-narrations";

/** Spec section 9: audio still pending this long after it was asked for has timed out. */
export const NARRATION_TIMEOUT_MS = 30 * 60_000;

/**
 * A narration pending this long (STALE_JOB_SECONDS, default 300) without moving is re-queued by the sweep (its job
 * was lost with a stopped process, or could not be sent). A running narration moves updated_at every few seconds
 * (heartbeat), and slides it finished keep their audio.
 */
export function narrationStaleMs(): number {
  return env().STALE_JOB_SECONDS * 1000;
}

/** Runs that may claim one request for audio; the one after the last sets 'timeout' with the reason instead. */
export const MAX_NARRATION_ATTEMPTS = 3;

/**
 * narration_attempt only ever grows (a run's writes are held by its number), and each request for audio (the
 * deck completed or edited, a retry) moves it up to the next multiple of this: its remainder counts the runs of
 * the current request.
 */
const ATTEMPT_BLOCK = 1000;
const nextRequest = sql`(${presentations.narrationAttempt} / ${ATTEMPT_BLOCK} + 1) * ${ATTEMPT_BLOCK}`;
const runsOfRequest = sql`${presentations.narrationAttempt} % ${ATTEMPT_BLOCK}`;

/** Spec section 3: a script is narrated only when longer than this; else the slide's title and text are. */
export const SCRIPT_MIN_LENGTH = 10;

export const NARRATION_MESSAGES = {
  timedOut: "Audio processing did not finish within 30 minutes. Please retry.",
  failed: "Audio processing failed. Please retry.",
  /** Spec section 8, 'Retry audio', 403. */
  retryForbidden: "You do not have permission to retry this presentation",
} as const;

/** The text a slide's narration speaks (spec section 3, "Player slide"): its script, else its title and text. */
export function narrationText(slide: { slideTitle: string; body: string; slideContent: string }): string {
  const script = slide.slideContent.trim();
  if (script.length > SCRIPT_MIN_LENGTH) return script;
  const title = slide.slideTitle.trim();
  const lines = slide.body
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  // Each line its own sentence: bullets rarely end with a full stop, and the player pauses at sentences.
  const parts = [title, ...lines].filter((part) => part.length > 0).map((part) => (/[.!?]$/.test(part) ? part : `${part}.`));
  return parts.length > 0 ? parts.join(" ") : script;
}

const queuesMade = new WeakSet<PgBoss>();

/** Sends the narration job of a presentation, making the queue first if no worker has made it yet. */
export async function sendNarrationJob(presentationId: string): Promise<void> {
  const boss = await jobQueue();
  if (!queuesMade.has(boss)) {
    await boss.createQueue(NARRATION_JOB, narrationQueueOptions());
    queuesMade.add(boss);
  }
  await enqueue(NARRATION_JOB, { presentationId });
}

/** Sends the job after a commit; a job that cannot be sent is logged and left to the sweep. */
export async function startNarration(presentationId: string): Promise<void> {
  try {
    await sendNarrationJob(presentationId);
  } catch (error) {
    logger.error({ presentationId, reason: error instanceof Error ? error.message : typeof error }, "the narration job could not be sent");
  }
}

/**
 * In the writing transaction of a change: when the completed presentation has a slide without audio, audio
 * processing starts over (webhook_status 'pending', the 30 minutes counted from now, the error cleared). Answers
 * whether the narration job must be sent after the commit.
 */
export async function markNarrationNeeded(executor: Db | Tx, presentationId: string): Promise<boolean> {
  const now = new Date();
  const marked = await executor
    .update(presentations)
    .set({ webhookStatus: "pending", audioStartedAt: now, error: null, narrationAttempt: nextRequest, updatedAt: now })
    .where(
      and(
        eq(presentations.id, presentationId),
        eq(presentations.status, "completed"),
        sql`exists (select 1 from ${slides} where ${slides.presentationId} = ${presentations.id} and ${slides.audioFileId} is null)`,
      ),
    )
    .returning({ id: presentations.id });
  return marked.length > 0;
}

/**
 * POST /presentations/{id}/retry-webhook (presentation generate permission): audio processing starts over for a
 * completed presentation (pending, error cleared, the 30 minutes counted from now) and the job is re-queued; slides
 * that have audio keep it. A presentation not completed (still generating, failed) is left as it is.
 */
export async function retryNarration(actor: Actor, presentationId: string): Promise<{ presentation_id: string; webhook_status: "pending" }> {
  if (!actor.permissions.has("presentation.generate")) throw new Forbidden(NARRATION_MESSAGES.retryForbidden);
  const db = await getDb();
  const now = new Date();
  const [row] = await db
    .select({ id: presentations.id, status: presentations.status })
    .from(presentations)
    .where(and(eq(presentations.id, presentationId), isSuperAdmin(actor) ? undefined : eq(presentations.tenantId, actor.tenantId)))
    .limit(1);
  if (!row) throw new NotFound(PRESENTATION_MESSAGES.notFound);
  if (row.status !== "completed") throw new AppError(409, "This presentation is not completed yet; its audio is made once it is.");
  await db
    .update(presentations)
    .set({ webhookStatus: "pending", audioStartedAt: now, error: null, narrationAttempt: nextRequest, updatedAt: now })
    .where(and(eq(presentations.id, row.id), eq(presentations.status, "completed")));
  await sendNarrationJob(row.id);
  return { presentation_id: row.id, webhook_status: "pending" };
}

// ---- the job ----

/** Another run claimed the presentation (or it was deleted or edited away): this run stops without writing. */
class Superseded extends Error {}

interface Claim {
  id: string;
  attempt: number;
  tenantId: string;
  ttsProvider: string | null;
  /** The deck's language: each slide is spoken with the chosen provider's voice of it. */
  language: string;
}

const audioPending = and(eq(presentations.status, "completed"), eq(presentations.webhookStatus, "pending"));

/**
 * Sets 'timeout' with the reason on the pending narrations (among `where`) whose attempts are used up; answers
 * their ids. A claim and a sweep may both try: one writes, the other finds it no longer pending.
 */
async function failExhausted(db: Db, where: SQL | undefined): Promise<string[]> {
  const rows = await db
    .update(presentations)
    .set({
      webhookStatus: "timeout",
      error: attemptsExhaustedMessage(MAX_NARRATION_ATTEMPTS, "the audio could not be made; its last attempt never finished. Please retry."),
      updatedAt: new Date(),
    })
    .where(and(where, audioPending, sql`${runsOfRequest} >= ${MAX_NARRATION_ATTEMPTS}`))
    .returning({ id: presentations.id });
  return rows.map((row) => row.id);
}

/**
 * Takes a completed presentation whose audio is pending for this run, counting the attempt before any work; null
 * when there is nothing to do. A request whose attempts are used up is set to 'timeout' with the reason instead.
 */
async function claim(presentationId: string): Promise<Claim | null> {
  const db = await getDb();
  const [row] = await db
    .update(presentations)
    .set({ narrationAttempt: sql`${presentations.narrationAttempt} + 1` })
    .where(and(eq(presentations.id, presentationId), audioPending, sql`${runsOfRequest} < ${MAX_NARRATION_ATTEMPTS}`))
    .returning({
      id: presentations.id,
      attempt: presentations.narrationAttempt,
      tenantId: presentations.tenantId,
      ttsProvider: presentations.ttsProvider,
      language: presentations.language,
    });
  if (row) return row;
  if ((await failExhausted(db, eq(presentations.id, presentationId))).length > 0) {
    logger.warn({ presentationId, attempts: MAX_NARRATION_ATTEMPTS }, "narration given up after its last attempt");
  }
  return null;
}

/** While a run works, updated_at moves every few seconds, so a sweep never takes a slow run for one left behind. */
function heartbeat(run: Claim): () => void {
  const every = Math.max(1_000, Math.floor(narrationStaleMs() / 3));
  const timer = setInterval(() => {
    void getDb()
      .then((db) => db.update(presentations).set({ updatedAt: new Date() }).where(heldBy(run)))
      .catch((error: unknown) => logger.warn({ presentationId: run.id, reason: error instanceof Error ? error.message : typeof error }, "narration heartbeat failed"));
  }, every);
  timer.unref?.();
  return () => clearInterval(timer);
}

/** The condition of every write of a run: the presentation is still this run's and its audio still pending. */
const heldBy = (run: Claim) =>
  and(
    eq(presentations.id, run.id),
    eq(presentations.narrationAttempt, run.attempt),
    eq(presentations.status, "completed"),
    eq(presentations.webhookStatus, "pending"),
  );

interface SlideToSpeak {
  id: string;
  text: string;
}

async function slidesWithoutAudio(presentationId: string): Promise<SlideToSpeak[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: slides.id, slideTitle: slides.slideTitle, body: slides.body, slideContent: slides.slideContent })
    .from(slides)
    .where(and(eq(slides.presentationId, presentationId), isNull(slides.audioFileId)))
    .orderBy(asc(slides.slideNumber));
  return rows.map((row) => ({ id: row.id, text: narrationText(row) }));
}

function sentencesOf(speech: SynthesizedSpeech): AudioSentence[] {
  return speech.sentences.map((sentence) => ({ text: sentence.text, start_ms: sentence.startMs, end_ms: sentence.endMs }));
}

/** Who writes a deck's audio: its id and tenant, and the condition under which its writes still count. */
interface AudioWriter {
  id: string;
  tenantId: string;
  held: SQL | undefined;
}

/**
 * Speaks one slide and stores its audio. The audio is taken only if the run still holds the presentation and the
 * slide, still without audio, still narrates the text that was spoken; otherwise the stored object is removed.
 */
async function narrateSlide(run: AudioWriter, voice: TextToSpeech, slide: SlideToSpeak): Promise<void> {
  const speech = await voice.synthesize(slide.text);
  const key = newObjectKey(run.tenantId, "audio", "mp3");
  const stored = await storage().put(key, Readable.from([Buffer.from(speech.audio)]), { contentType: "audio/mpeg", maxBytes: 200 * 1024 * 1024 });
  const db = await getDb();
  let taken = false;
  try {
    // Only a slide without audio is written, so no audio is replaced here: an edit that changes a slide's narration
    // drops its old audio file in the edit's own transaction (presentations.ts).
    taken = await db.transaction(async (tx) => {
      const [held] = await tx.select({ id: presentations.id }).from(presentations).where(run.held).for("update");
      if (!held) throw new Superseded();
      const [current] = await tx.select().from(slides).where(eq(slides.id, slide.id)).for("update");
      if (!current || current.audioFileId !== null || narrationText(current) !== slide.text) return false;
      const [file] = await tx
        .insert(files)
        .values({
          tenantId: run.tenantId,
          storageKey: key,
          originalName: `slide-${current.slideNumber}-narration.mp3`,
          mimeType: "audio/mpeg",
          sizeBytes: stored.size,
          sha256: stored.sha256,
          kind: "audio",
        })
        .returning({ id: files.id });
      if (!file) throw new Error("file insert returned nothing");
      await tx
        .update(slides)
        .set({ audioFileId: file.id, audioDurationMs: Math.round(speech.durationMs), audioSentences: sentencesOf(speech), audioVoice: speech.voice ?? null })
        .where(eq(slides.id, slide.id));
      // Progress moves updated_at, so the sweep does not take a run that is still speaking for a lost one.
      await tx.update(presentations).set({ updatedAt: new Date() }).where(eq(presentations.id, run.id));
      return true;
    });
  } finally {
    if (!taken) await discardStoredObjects([key]);
  }
}

/** Completes audio processing when every slide has audio; answers whether it did. */
async function completeIfDone(run: Claim): Promise<boolean> {
  const db = await getDb();
  const done = await db
    .update(presentations)
    .set({ webhookStatus: "completed", error: null, updatedAt: new Date() })
    .where(
      and(
        heldBy(run),
        sql`not exists (select 1 from ${slides} where ${slides.presentationId} = ${presentations.id} and ${slides.audioFileId} is null)`,
      ),
    )
    .returning({ id: presentations.id });
  return done.length > 0;
}

/** Sets 'timeout' with its reason while the run still holds the presentation; answers whether it did. */
async function timeOut(run: Claim, message: string): Promise<boolean> {
  const db = await getDb();
  const written = await db.update(presentations).set({ webhookStatus: "timeout", error: message, updatedAt: new Date() }).where(heldBy(run)).returning({ id: presentations.id });
  return written.length > 0;
}

/**
 * Slides a run speaks at the same time: the offline voice on all its engines but one and on no more than the cores
 * beyond the first (each engine a process of its own, so a deck is narrated on the machine's spare cores while a
 * viewer's spoken answer finds an engine free; on two cores, two at once beside a deck being drawn took the server
 * 46 MB past its 400 MB goal, so one), a cloud voice two (its time is mostly waiting on the network; more would meet
 * providers' rate limits).
 */
function slidesSpokenAtOnce(voice: TextToSpeech): number {
  return voice.provider === "espeak-tts" ? Math.max(1, Math.min(espeakWorkerCount() - 1, availableParallelism() - 1)) : 2;
}

/**
 * Speaks the slides of a deck whose generation has written them and is drawing their pictures, while `drawing()`
 * says it still is: the deck's narration is then mostly made by the time it completes, rather than started then.
 * Its audio is stored under the generation run's condition (`held`); a slide not started before the drawing ends is
 * left to the narration job, as is everything when the voice fails (logged, never thrown: the generation goes on).
 * Answers how many slides were spoken.
 */
export async function speakWhileDrawing(deck: { id: string; tenantId: string }, held: SQL | undefined, drawing: () => boolean): Promise<number> {
  let spoken = 0;
  try {
    const db = await getDb();
    const [row] = await db.select({ ttsProvider: presentations.ttsProvider, language: presentations.language }).from(presentations).where(held).limit(1);
    if (!row) return 0;
    const pending = await slidesWithoutAudio(deck.id);
    if (pending.length === 0) return 0;
    const voice = await textToSpeechFor(deck.tenantId, row.ttsProvider, undefined, row.language);
    const writer = { id: deck.id, tenantId: deck.tenantId, held };
    await eachAtMost(pending, slidesSpokenAtOnce(voice), async (slide) => {
      if (!drawing()) return;
      await narrateSlide(writer, voice, slide);
      spoken += 1;
    });
  } catch (error) {
    if (!(error instanceof Superseded)) {
      logger.warn({ presentationId: deck.id, reason: error instanceof Error ? error.message : typeof error }, "early narration stopped; the narration job makes the rest");
    }
  }
  return spoken;
}

/**
 * In the transaction that completes a generated deck: when every slide already has audio (spoken while it was drawn),
 * audio processing is complete at once; answers whether it was.
 */
export async function completeNarrationIfSpoken(executor: Db | Tx, presentationId: string): Promise<boolean> {
  const now = new Date();
  const done = await executor
    .update(presentations)
    .set({ webhookStatus: "completed", audioStartedAt: now, error: null, updatedAt: now })
    .where(
      and(
        eq(presentations.id, presentationId),
        eq(presentations.status, "completed"),
        sql`exists (select 1 from ${slides} where ${slides.presentationId} = ${presentations.id})`,
        sql`not exists (select 1 from ${slides} where ${slides.presentationId} = ${presentations.id} and ${slides.audioFileId} is null)`,
      ),
    )
    .returning({ id: presentations.id });
  return done.length > 0;
}

export type NarrationOutcome = "completed" | "timeout" | "superseded" | "nothing-to-do";

/**
 * One run of the narration job, usable directly (scripts, tests). A failure is thrown for pg-boss to retry unless
 * this is the last try (`finalTry`), which sets 'timeout' with the failure's message (a provider's message names
 * the provider and never carries a key).
 */
export async function narratePresentation(presentationId: string, options: { finalTry: boolean } = { finalTry: true }): Promise<NarrationOutcome> {
  const run = await claim(presentationId);
  if (!run) return "nothing-to-do";
  // The run holding the last attempt does not leave the failure to a retry that would not run.
  const finalTry = options.finalTry || run.attempt % ATTEMPT_BLOCK >= MAX_NARRATION_ATTEMPTS;
  const stopHeartbeat = heartbeat(run);
  try {
    const pending = await slidesWithoutAudio(run.id);
    if (pending.length > 0) {
      const voice = await textToSpeechFor(run.tenantId, run.ttsProvider, undefined, run.language);
      const writer = { id: run.id, tenantId: run.tenantId, held: heldBy(run) };
      await eachAtMost(pending, slidesSpokenAtOnce(voice), (slide) => narrateSlide(writer, voice, slide));
    }
    if (await completeIfDone(run)) return "completed";
    // A slide edited or added meanwhile has no audio yet: the job that edit sent (which supersedes this run) makes it.
    return "superseded";
  } catch (error) {
    if (error instanceof Superseded) return "superseded";
    const message = error instanceof AppError && typeof error.detail === "string" ? error.detail : NARRATION_MESSAGES.failed;
    // A voice missing for the deck's language stays missing: the blog page says so at once, no retry.
    if (!finalTry && !(error instanceof NoVoiceForLanguage)) {
      logger.warn({ presentationId, reason: error instanceof Error ? error.message : typeof error }, "narration will be retried");
      throw error;
    }
    if (!(error instanceof AppError)) logger.error({ err: error, presentationId }, "narration failed");
    // A later run took the presentation meanwhile (a queued job beside a direct call): its outcome is the one kept.
    return (await timeOut(run, message)) ? "timeout" : "superseded";
  } finally {
    stopHeartbeat();
  }
}

/** The job handler: one presentation per job, retried by pg-boss within narrationQueueOptions()' limit. */
export async function narrationWorker(jobs: JobWithMetadata<{ presentationId: string }>[]): Promise<void> {
  for (const job of jobs) await narratePresentation(job.data.presentationId, { finalTry: job.retryCount >= job.retryLimit });
}

/** When audio processing of a row was asked for: audio_started_at, or created_at for rows from before it existed. */
const pendingSince = sql`coalesce(${presentations.audioStartedAt}, ${presentations.createdAt})`;

/**
 * The sweep, run when a process starts its workers and every few minutes: audio pending for over 30 minutes times
 * out (spec section 4); audio pending without progress for STALE_JOB_SECONDS is re-queued (its job was lost),
 * unless its attempts are used up (its runs kept stopping their process): then it times out with that reason.
 * Answers the ids of both.
 */
export async function sweepNarrations(boss?: PgBoss, now: Date = new Date()): Promise<{ timedOut: string[]; requeued: string[] }> {
  const db = await getDb();
  const timedOut = await db
    .update(presentations)
    .set({ webhookStatus: "timeout", error: NARRATION_MESSAGES.timedOut, updatedAt: now })
    .where(
      and(
        eq(presentations.webhookStatus, "pending"),
        eq(presentations.status, "completed"),
        sql`${pendingSince} < ${new Date(now.getTime() - NARRATION_TIMEOUT_MS).toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: presentations.id });
  const staleBefore = new Date(now.getTime() - narrationStaleMs());
  timedOut.push(...(await failExhausted(db, lt(presentations.updatedAt, staleBefore))).map((id) => ({ id })));
  const stale = await db
    .update(presentations)
    .set({ updatedAt: now })
    .where(and(audioPending, sql`${runsOfRequest} < ${MAX_NARRATION_ATTEMPTS}`, lt(presentations.updatedAt, staleBefore)))
    .returning({ id: presentations.id });
  for (const { id } of stale) {
    try {
      if (boss) await boss.send(NARRATION_JOB, { presentationId: id });
      else await sendNarrationJob(id);
    } catch (error) {
      logger.error({ presentationId: id, reason: error instanceof Error ? error.message : typeof error }, "a pending narration could not be re-queued");
    }
  }
  if (timedOut.length > 0 || stale.length > 0) logger.info({ timedOut: timedOut.length, requeued: stale.length }, "narration sweep");
  return { timedOut: timedOut.map((row) => row.id), requeued: stale.map((row) => row.id) };
}
