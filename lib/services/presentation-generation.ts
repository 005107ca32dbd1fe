// AI generation of a presentation (the 'generate-presentation' job): pending -> processing -> completed or failed,
// with the progress steps task-status reports (starting 5, analyzing 20, generating 60, finalizing 85, completed
// 100). The tenant's generation provider (lib/ai; the offline extractive generator by default) writes an outline
// from the blog's extracted sources; the slides are written in one transaction when it is done and rendered before
// the presentation completes, so a completed deck has its images. A run re-queued after a restart claims the presentation with a new attempt number,
// and only the holder of the latest attempt may write: a stalled old run that wakes up changes nothing.
//
// Attempts are counted when a run claims the presentation, before any work, so a run whose process dies (a crash,
// an out-of-memory abort) counts too: the run after the MAX_GENERATION_ATTEMPTS-th fails the presentation with the
// reason instead of working, and the sweep fails such a presentation instead of re-queueing it. The material read
// is only the chosen sources', at most PRESENTATION_LIMITS.sourceCharacters in all (checked by POST /presentations/
// and again here, as the sources may change between).
import { and, eq, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { PgBoss, JobWithMetadata, Queue } from "pg-boss";
import { getDb, type Db, type Tx } from "@/db/client";
import { blogSources, files, presentations, slides, type GenerationOptions } from "@/db/schema";
import { ProviderError } from "@/lib/ai/errors";
import { generationProviderFor, type OutlineSource } from "@/lib/ai/generation";
import { env } from "@/lib/env";
import { AppError, BadRequest, PayloadTooLarge } from "@/lib/errors";
import { enqueue, jobQueue } from "@/lib/jobs/queue";
import { logger } from "@/lib/log";
import { attemptsExhaustedMessage, PRESENTATION_LIMITS, PRESENTATION_MESSAGES, sourceTextTooLongMessage } from "@/lib/validation/presentations";
import { discardStoredObjects } from "./blogs";
import { extractBlogSources } from "./extraction";
import { completeNarrationIfSpoken, markNarrationNeeded, speakWhileDrawing, startNarration } from "./narration";
import { removeUnreferencedFiles } from "./presentation-files";
import { renderPendingSlides } from "./presentation-render";

/** The pg-boss queue of AI generation; a job's data is {presentationId}. */
export const GENERATION_JOB = "generate-presentation";

/**
 * A provider that fails for a while (rate limit, outage) is tried again a few times with growing delays; a run
 * whose process died is expired by pg-boss after expireInSeconds and retried, or re-queued sooner by the sweep.
 */
export const GENERATION_QUEUE_OPTIONS: Queue = {
  name: GENERATION_JOB,
  retryLimit: 2,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 900,
};

/** The periodic sweep's queue (a pg-boss schedule): generations left unfinished by a process that stopped. */
export const GENERATION_SWEEP_JOB = "resume-presentation-generations";

/**
 * A generation that has not moved for this long (STALE_JOB_SECONDS, default 300) is taken as orphaned by a stopped
 * process. Each step moves updated_at, and a running generation moves it every few seconds whatever its step
 * (heartbeat below), so only a run whose process stopped looks stale.
 */
export function generationStaleMs(): number {
  return env().STALE_JOB_SECONDS * 1000;
}

/** Runs that may claim one presentation; the one after the last fails it with the reason instead of working. */
export const MAX_GENERATION_ATTEMPTS = 3;

/** The percentages of the spec's progress steps (sections 2 and 9). */
export const STEP_PROGRESS: Record<"starting" | "analyzing" | "generating" | "finalizing" | "completed", number> = {
  starting: 5,
  analyzing: 20,
  generating: 60,
  finalizing: 85,
  completed: 100,
};

/** What a failure says when it carries no message meant for users (spec section 8). */
export const GENERATION_FAILED_MESSAGE = "Presentation generation failed. Please try again.";

const queuesMade = new WeakSet<PgBoss>();

/** Sends the generation job of a presentation, making the queue first if no worker has made it yet. */
export async function sendGenerationJob(presentationId: string): Promise<void> {
  const boss = await jobQueue();
  if (!queuesMade.has(boss)) {
    await boss.createQueue(GENERATION_JOB, GENERATION_QUEUE_OPTIONS);
    queuesMade.add(boss);
  }
  await enqueue(GENERATION_JOB, { presentationId });
}

/** Another run claimed the presentation (or it was deleted): this run stops without writing. */
class Superseded extends Error {}

interface Claim {
  id: string;
  attempt: number;
  tenantId: string;
  blogId: string;
  template: string;
  /** The deck's language: the generator's own phrases are in it. */
  language: string;
  options: GenerationOptions;
}

/** Why a generation that used up its attempts stopped, from what its last run left (its step, or a retry). */
function exhaustedReason(step: string | null): string {
  const last =
    step === "retrying"
      ? "its last attempt failed with an error of the AI provider or the server"
      : `its last attempt never finished (its process stopped while ${step && step !== "queued" ? step : "starting"})`;
  return attemptsExhaustedMessage(MAX_GENERATION_ATTEMPTS, `the presentation could not be generated; ${last}. Try fewer or smaller sources.`);
}

/**
 * Fails the unfinished AI presentations (among `where`) whose attempts are used up, each with the reason its last
 * run left; answers their ids. A claim and a sweep may both try: one writes, the other finds it failed.
 */
async function failExhausted(db: Db, where: SQL | undefined): Promise<string[]> {
  const exhausted = and(
    where,
    inArray(presentations.status, ["pending", "processing"]),
    eq(presentations.generationMethod, "ai_template"),
    sql`${presentations.generationAttempt} >= ${MAX_GENERATION_ATTEMPTS}`,
  );
  const rows = await db.select({ id: presentations.id, step: presentations.progressStep }).from(presentations).where(exhausted);
  const failed: string[] = [];
  for (const row of rows) {
    const [done] = await db
      .update(presentations)
      // Audio is never made for a failed deck: its audio processing ends with it.
      .set({ status: "failed", progressStep: "failed", error: exhaustedReason(row.step), webhookStatus: "failed", updatedAt: new Date() })
      .where(and(eq(presentations.id, row.id), exhausted))
      .returning({ id: presentations.id });
    if (done) failed.push(done.id);
  }
  return failed;
}

/**
 * Takes a pending (or orphaned processing) AI presentation for this run, counting the attempt before any work;
 * null when there is nothing to do. A presentation whose attempts are used up is failed with the reason instead.
 */
async function claim(presentationId: string): Promise<Claim | null> {
  const db = await getDb();
  const [row] = await db
    .update(presentations)
    .set({
      status: "processing",
      progress: STEP_PROGRESS.starting,
      progressStep: "starting",
      error: null,
      generationAttempt: sql`${presentations.generationAttempt} + 1`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(presentations.id, presentationId),
        inArray(presentations.status, ["pending", "processing"]),
        eq(presentations.generationMethod, "ai_template"),
        lt(presentations.generationAttempt, MAX_GENERATION_ATTEMPTS),
      ),
    )
    .returning({
      id: presentations.id,
      attempt: presentations.generationAttempt,
      tenantId: presentations.tenantId,
      blogId: presentations.blogId,
      template: presentations.template,
      language: presentations.language,
      options: presentations.generationOptions,
    });
  if (!row) {
    const failed = await failExhausted(db, eq(presentations.id, presentationId));
    if (failed.length > 0) logger.warn({ presentationId, attempts: MAX_GENERATION_ATTEMPTS }, "presentation generation given up after its last attempt");
    return null;
  }
  return { ...row, options: row.options ?? { useMainSourceOnly: true, instructions: null, supportingSourceIds: null } };
}

/** The condition of every write of a run: the presentation is still this run's. */
const heldBy = (run: Claim) =>
  and(eq(presentations.id, run.id), eq(presentations.generationAttempt, run.attempt), eq(presentations.status, "processing"));

async function step(run: Claim, name: "analyzing" | "generating" | "finalizing"): Promise<void> {
  const db = await getDb();
  const moved = await db
    .update(presentations)
    .set({ progress: STEP_PROGRESS[name], progressStep: name, updatedAt: new Date() })
    .where(heldBy(run))
    .returning({ id: presentations.id });
  if (moved.length === 0) throw new Superseded();
}

interface SourceRow {
  id: string;
  kind: (typeof blogSources.$inferSelect)["kind"];
  position: number;
  url: string | null;
  fileName: string | null;
  text: string | null;
  status: (typeof blogSources.$inferSelect)["extractionStatus"];
  error: string | null;
}

/** The blog's sources a generation with these options reads: the main document and the chosen supporting ones. */
function chosenSourcesWhere(blogId: string, options: GenerationOptions): SQL | undefined {
  const main = eq(blogSources.kind, "main_document");
  const ofBlog = eq(blogSources.blogId, blogId);
  if (options.useMainSourceOnly) return and(ofBlog, main);
  if (options.supportingSourceIds === null) return ofBlog;
  if (options.supportingSourceIds.length === 0) return and(ofBlog, main);
  return and(ofBlog, or(main, inArray(blogSources.id, options.supportingSourceIds)));
}

/** Characters of extracted text the chosen sources hold now (counted by the database; no text is loaded). */
export async function chosenSourceCharacters(executor: Db | Tx, blogId: string, options: GenerationOptions): Promise<number> {
  const [row] = await executor
    .select({ total: sql<number>`coalesce(sum(char_length(${blogSources.extractedText})), 0)`.mapWith(Number) })
    .from(blogSources)
    .where(and(chosenSourcesWhere(blogId, options), eq(blogSources.extractionStatus, "ready")));
  return row?.total ?? 0;
}

/**
 * Refuses (413, the sizes in the message) a generation whose chosen sources hold more text than a generation
 * reads: POST /presentations/ before it writes anything, and the job before it loads any text.
 */
export async function checkSourceText(executor: Db | Tx, blogId: string, options: GenerationOptions): Promise<void> {
  const total = await chosenSourceCharacters(executor, blogId, options);
  if (total > PRESENTATION_LIMITS.sourceCharacters) throw new PayloadTooLarge(sourceTextTooLongMessage(total));
}

/** The chosen sources with their text: only theirs is read (the others' may be large). */
async function chosenSources(run: Claim): Promise<SourceRow[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: blogSources.id,
      kind: blogSources.kind,
      position: blogSources.position,
      url: blogSources.url,
      fileName: files.originalName,
      text: blogSources.extractedText,
      status: blogSources.extractionStatus,
      error: blogSources.extractionError,
    })
    .from(blogSources)
    .leftJoin(files, eq(files.id, blogSources.fileId))
    .where(chosenSourcesWhere(run.blogId, run.options))
    .orderBy(blogSources.kind, blogSources.position);
  return rows;
}

function sourceName(row: SourceRow): string {
  if (row.fileName) return row.fileName;
  if (row.url) return row.url;
  return row.kind === "content_block" ? `Content block ${row.position + 1}` : "Source";
}

/**
 * The material to generate from: the main source and the chosen supporting ones, with their extracted text. A
 * source still waiting for extraction is extracted here (generation may start right after the blog was made);
 * a main source without text fails the generation with the reason, supporting sources without text are left out.
 */
async function material(run: Claim): Promise<OutlineSource[]> {
  const db = await getDb();
  const pending = await db
    .select({ id: blogSources.id })
    .from(blogSources)
    .where(and(chosenSourcesWhere(run.blogId, run.options), eq(blogSources.extractionStatus, "pending")))
    .limit(1);
  if (pending.length > 0) await extractBlogSources(run.blogId);
  // The sources may have changed since the request was checked (or were extracted just now).
  await checkSourceText(db, run.blogId, run.options);
  const rows = await chosenSources(run);
  const main = rows.find((row) => row.kind === "main_document");
  if (!main) throw new BadRequest(PRESENTATION_MESSAGES.noMainSource);
  if (main.status !== "ready" || !main.text?.trim()) {
    throw new AppError(422, `The main document's text could not be read: ${main.error ?? "it has no text yet."}`);
  }
  return rows
    .filter((row) => row.status === "ready" && row.text && row.text.trim().length > 0)
    .map((row) => ({ name: sourceName(row), kind: row.kind, text: row.text ?? "", isMain: row.kind === "main_document" }));
}

/** Writes the deck (still processing), if the run still holds the presentation. */
async function writeSlides(run: Claim, outline: { slides: { title: string; bullets: string[]; script: string }[] }): Promise<void> {
  const db = await getDb();
  const removed = await db.transaction(async (tx) => {
    const [held] = await tx.select({ id: presentations.id }).from(presentations).where(heldBy(run)).for("update");
    if (!held) throw new Superseded();
    const replaced = await tx.delete(slides).where(eq(slides.presentationId, run.id)).returning();
    await tx.insert(slides).values(
      outline.slides.map((slide, index) => ({
        tenantId: run.tenantId,
        presentationId: run.id,
        slideNumber: index + 1,
        slideTitle: slide.title,
        body: slide.bullets.join("\n"),
        slideContent: slide.script,
      })),
    );
    // Slides an earlier attempt had written, drawn and spoken before its process stopped.
    const stale = replaced
      .flatMap((row) => [row.webImageFileId, row.mobileImageFileId, row.thumbnailFileId, row.audioFileId])
      .filter((id): id is string => id !== null);
    return removeUnreferencedFiles(tx, stale);
  });
  await discardStoredObjects(removed);
}

/** How long a completed drawing waits for the slides being spoken beside it. */
const SPEAKING_GRACE_MS = 3_000;

/**
 * Completes the presentation once its slides are rendered, if the run still holds it; its audio too when every slide
 * was spoken while it was drawn.
 */
async function complete(run: Claim): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const done = await tx
      .update(presentations)
      .set({ status: "completed", progress: STEP_PROGRESS.completed, progressStep: "completed", error: null, updatedAt: new Date() })
      .where(heldBy(run))
      .returning({ id: presentations.id });
    if (done.length === 0) throw new Superseded();
    await completeNarrationIfSpoken(tx, run.id);
  });
}

/** Fails the presentation with the reason; its audio processing ends too (a failed deck has none to make). */
async function fail(run: Claim, message: string): Promise<void> {
  const db = await getDb();
  await db
    .update(presentations)
    .set({ status: "failed", progressStep: "failed", error: message, webhookStatus: "failed", updatedAt: new Date() })
    .where(heldBy(run));
}

/**
 * While a run works, updated_at moves every few seconds (a third of STALE_JOB_SECONDS), so a sweep never takes a
 * run that is alive, only slow (a long generation in the worker, a long render), for one left behind.
 */
function heartbeat(run: Claim): () => void {
  const every = Math.max(1_000, Math.floor(generationStaleMs() / 3));
  const timer = setInterval(() => {
    void getDb()
      .then((db) => db.update(presentations).set({ updatedAt: new Date() }).where(heldBy(run)))
      .catch((error: unknown) => logger.warn({ presentationId: run.id, reason: error instanceof Error ? error.message : typeof error }, "generation heartbeat failed"));
  }, every);
  timer.unref?.();
  return () => clearInterval(timer);
}

async function noteRetry(run: Claim): Promise<void> {
  const db = await getDb();
  await db.update(presentations).set({ progressStep: "retrying", updatedAt: new Date() }).where(heldBy(run));
}

export type GenerationOutcome = "completed" | "failed" | "superseded" | "nothing-to-do";

/**
 * One run of the generation job. Failures meant for users (no main source, unreadable material, a provider
 * refusing the key or never answering in shape) fail the presentation with their message; a passing failure (a
 * provider's outage or rate limit, a bug) is thrown for pg-boss to retry, unless this is the last try
 * (`finalTry`), which fails the presentation.
 */
export async function runGeneration(presentationId: string, options: { finalTry: boolean } = { finalTry: true }): Promise<GenerationOutcome> {
  const run = await claim(presentationId);
  if (!run) return "nothing-to-do";
  // The run holding the last attempt does not leave the failure to a retry that would not run.
  const finalTry = options.finalTry || run.attempt >= MAX_GENERATION_ATTEMPTS;
  const stopHeartbeat = heartbeat(run);
  try {
    await step(run, "analyzing");
    const sources = await material(run);
    await step(run, "generating");
    const provider = await generationProviderFor(run.tenantId);
    const outline = await provider.generateOutline({
      sources,
      useMainSourceOnly: run.options.useMainSourceOnly,
      instructions: run.options.instructions ?? undefined,
      template: run.template,
      language: run.language,
    });
    await step(run, "finalizing");
    await writeSlides(run, outline);
    // The slides are spoken while they are drawn (each in processes of their own), so the narration is mostly made
    // by the time the deck completes; what is left when the drawing ends goes to the narration job. The deck waits
    // a moment for a slide being spoken, never long (a slow cloud voice): one that finishes after the deck completes
    // no longer holds it, so its audio is discarded and the narration job speaks that slide again.
    let drawing = true;
    const speaking = speakWhileDrawing(run, heldBy(run), () => drawing);
    try {
      await renderPendingSlides(run.id);
    } finally {
      drawing = false;
      await Promise.race([speaking, new Promise((resolve) => setTimeout(resolve, SPEAKING_GRACE_MS).unref?.())]);
    }
    await complete(run);
    return "completed";
  } catch (error) {
    if (error instanceof Superseded) return "superseded";
    const meantForUsers = error instanceof AppError && typeof error.detail === "string";
    // A refused key or replies that never fit the outline stay so on a retry; an outage or a bug may pass.
    const lasting = error instanceof ProviderError && (error.kind === "auth" || error.kind === "malformed");
    const passing = !lasting && (!(error instanceof AppError) || error.status >= 500);
    if (passing && !finalTry) {
      logger.warn({ presentationId, reason: error instanceof Error ? error.message : typeof error }, "presentation generation will be retried");
      await noteRetry(run);
      throw error;
    }
    if (!meantForUsers) logger.error({ err: error, presentationId }, "presentation generation failed");
    const message = meantForUsers ? (error.detail as string) : GENERATION_FAILED_MESSAGE;
    await fail(run, run.attempt >= MAX_GENERATION_ATTEMPTS && passing ? attemptsExhaustedMessage(MAX_GENERATION_ATTEMPTS, message) : message);
    return "failed";
  } finally {
    stopHeartbeat();
  }
}

/** The job handler: one presentation per job, retried by pg-boss within GENERATION_QUEUE_OPTIONS' limit. */
export async function generationWorker(jobs: JobWithMetadata<{ presentationId: string }>[]): Promise<void> {
  for (const job of jobs) {
    const outcome = await runGeneration(job.data.presentationId, { finalTry: job.retryCount >= job.retryLimit });
    // The deck is complete: its narration starts (the player and sharing wait for it). Here rather than in
    // runGeneration, so a script running generation directly (seed:demo) narrates directly too, without the queue.
    if (outcome === "completed" && (await markNarrationNeeded(await getDb(), job.data.presentationId))) await startNarration(job.data.presentationId);
  }
}

/**
 * Sends a new job for every AI generation that has not moved for STALE_JOB_SECONDS (its process stopped, or its
 * job could not be sent): run when a process starts its workers (with that process's queue, which is still
 * starting) and every few minutes by a pg-boss schedule. One whose attempts are used up (its runs kept stopping
 * their process) is failed with the reason instead, never re-queued. Answers the re-queued presentations' ids.
 */
export async function resumeUnfinishedGenerations(boss?: PgBoss, now: Date = new Date()): Promise<string[]> {
  const db = await getDb();
  const staleBefore = new Date(now.getTime() - generationStaleMs());
  const given = await failExhausted(db, lt(presentations.updatedAt, staleBefore));
  if (given.length > 0) logger.warn({ count: given.length, attempts: MAX_GENERATION_ATTEMPTS }, "unfinished generations given up after their last attempt");
  const stale = await db
    .update(presentations)
    .set({ updatedAt: now })
    .where(
      and(
        inArray(presentations.status, ["pending", "processing"]),
        eq(presentations.generationMethod, "ai_template"),
        lt(presentations.generationAttempt, MAX_GENERATION_ATTEMPTS),
        lt(presentations.updatedAt, staleBefore),
      ),
    )
    .returning({ id: presentations.id });
  for (const { id } of stale) {
    try {
      if (boss) await boss.send(GENERATION_JOB, { presentationId: id });
      else await sendGenerationJob(id);
    } catch (error) {
      logger.error({ presentationId: id, reason: error instanceof Error ? error.message : typeof error }, "an unfinished generation could not be re-queued");
    }
  }
  if (stale.length > 0) logger.info({ count: stale.length }, "unfinished presentation generations re-queued");
  return stale.map((row) => row.id);
}
