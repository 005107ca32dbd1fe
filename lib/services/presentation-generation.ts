// AI generation of a presentation (the 'generate-presentation' job): pending -> processing -> completed or failed,
// with the progress steps task-status reports (starting 5, analyzing 20, generating 60, finalizing 85, completed
// 100). The tenant's generation provider (lib/ai; the offline extractive generator by default) writes an outline
// from the blog's extracted sources; the slides are written in one transaction when it is done and rendered before
// the presentation completes, so a completed deck has its images. A run re-queued after a restart claims the presentation with a new attempt number,
// and only the holder of the latest attempt may write: a stalled old run that wakes up changes nothing.
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { getDb } from "@/db/client";
import { blogSources, files, presentations, slides, type GenerationOptions } from "@/db/schema";
import { ProviderError } from "@/lib/ai/errors";
import { generationProviderFor, type OutlineSource } from "@/lib/ai/generation";
import { AppError, BadRequest } from "@/lib/errors";
import { enqueue, jobQueue } from "@/lib/jobs/queue";
import { logger } from "@/lib/log";
import { PRESENTATION_MESSAGES } from "@/lib/validation/presentations";
import { discardStoredObjects } from "./blogs";
import { extractBlogSources } from "./extraction";
import { markNarrationNeeded, startNarration } from "./narration";
import { removeUnreferencedFiles } from "./presentation-files";
import { renderPendingSlides } from "./presentation-render";

/** The pg-boss queue of AI generation; a job's data is {presentationId}. */
export const GENERATION_JOB = "generate-presentation";

/**
 * A provider that fails for a while (rate limit, outage) is tried again a few times with growing delays; a run
 * whose process died is expired by pg-boss after expireInSeconds and retried, or re-queued sooner by the sweep.
 */
export const GENERATION_QUEUE_OPTIONS: PgBoss.Queue = {
  name: GENERATION_JOB,
  retryLimit: 2,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 900,
};

/** The periodic sweep's queue (a pg-boss schedule): generations left unfinished by a process that stopped. */
export const GENERATION_SWEEP_JOB = "resume-presentation-generations";

/**
 * A generation that has not moved for this long is taken as orphaned by a stopped process. Each step moves
 * updated_at; the longest step (a provider's answer, retried) stays well within it.
 */
export const GENERATION_STALE_MS = 5 * 60_000;

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
  options: GenerationOptions;
}

/** Takes a pending (or orphaned processing) AI presentation for this run; null when there is nothing to do. */
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
      ),
    )
    .returning({
      id: presentations.id,
      attempt: presentations.generationAttempt,
      tenantId: presentations.tenantId,
      blogId: presentations.blogId,
      template: presentations.template,
      options: presentations.generationOptions,
    });
  if (!row) return null;
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
    .where(eq(blogSources.blogId, run.blogId))
    .orderBy(blogSources.kind, blogSources.position);
  const { useMainSourceOnly, supportingSourceIds } = run.options;
  return rows.filter((row) => {
    if (row.kind === "main_document") return true;
    if (useMainSourceOnly) return false;
    return supportingSourceIds === null || supportingSourceIds.includes(row.id);
  });
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
  let rows = await chosenSources(run);
  if (rows.some((row) => row.status === "pending")) {
    await extractBlogSources(run.blogId);
    rows = await chosenSources(run);
  }
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
    // Slides an earlier attempt had written and rendered before its process stopped.
    const stale = replaced.flatMap((row) => [row.webImageFileId, row.mobileImageFileId, row.thumbnailFileId]).filter((id): id is string => id !== null);
    return removeUnreferencedFiles(tx, stale);
  });
  await discardStoredObjects(removed);
}

/** Completes the presentation once its slides are rendered, if the run still holds it. */
async function complete(run: Claim): Promise<void> {
  const db = await getDb();
  const done = await db
    .update(presentations)
    .set({ status: "completed", progress: STEP_PROGRESS.completed, progressStep: "completed", error: null, updatedAt: new Date() })
    .where(heldBy(run))
    .returning({ id: presentations.id });
  if (done.length === 0) throw new Superseded();
}

async function fail(run: Claim, message: string): Promise<void> {
  const db = await getDb();
  await db.update(presentations).set({ status: "failed", progressStep: "failed", error: message, updatedAt: new Date() }).where(heldBy(run));
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
    });
    await step(run, "finalizing");
    await writeSlides(run, outline);
    await renderPendingSlides(run.id);
    await complete(run);
    return "completed";
  } catch (error) {
    if (error instanceof Superseded) return "superseded";
    const meantForUsers = error instanceof AppError && typeof error.detail === "string";
    // A refused key or replies that never fit the outline stay so on a retry; an outage or a bug may pass.
    const lasting = error instanceof ProviderError && (error.kind === "auth" || error.kind === "malformed");
    const passing = !lasting && (!(error instanceof AppError) || error.status >= 500);
    if (passing && !options.finalTry) {
      logger.warn({ presentationId, reason: error instanceof Error ? error.message : typeof error }, "presentation generation will be retried");
      await noteRetry(run);
      throw error;
    }
    if (!meantForUsers) logger.error({ err: error, presentationId }, "presentation generation failed");
    await fail(run, meantForUsers ? (error.detail as string) : GENERATION_FAILED_MESSAGE);
    return "failed";
  }
}

/** The job handler: one presentation per job, retried by pg-boss within GENERATION_QUEUE_OPTIONS' limit. */
export async function generationWorker(jobs: PgBoss.JobWithMetadata<{ presentationId: string }>[]): Promise<void> {
  for (const job of jobs) {
    const outcome = await runGeneration(job.data.presentationId, { finalTry: job.retryCount >= job.retryLimit });
    // The deck is complete: its narration starts (the player and sharing wait for it). Here rather than in
    // runGeneration, so a script running generation directly (seed:demo) narrates directly too, without the queue.
    if (outcome === "completed" && (await markNarrationNeeded(await getDb(), job.data.presentationId))) await startNarration(job.data.presentationId);
  }
}

/**
 * Sends a new job for every AI generation that has not moved for GENERATION_STALE_MS (its process stopped, or
 * its job could not be sent): run when a process starts its workers (with that process's queue, which is still
 * starting) and every few minutes by a pg-boss schedule. Answers the presentations' ids.
 */
export async function resumeUnfinishedGenerations(boss?: PgBoss, now: Date = new Date()): Promise<string[]> {
  const db = await getDb();
  const stale = await db
    .update(presentations)
    .set({ updatedAt: now })
    .where(
      and(
        inArray(presentations.status, ["pending", "processing"]),
        eq(presentations.generationMethod, "ai_template"),
        lt(presentations.updatedAt, new Date(now.getTime() - GENERATION_STALE_MS)),
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
