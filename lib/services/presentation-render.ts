// Slide images off the request path: each slide drawn by its template (lib/slides) at web (1920x1080), mobile
// (1080x1350) and thumbnail (480x270) size and stored as files of folder 'slides'. A slide's render_key is the
// digest of what its images show; it is null while they do not show the slide as it is (new or changed), and the
// 'render-slides' job renders exactly those slides, once per slide version. An imported slide's own picture (its
// real rendering from PowerPoint) is the whole slide, letterboxed to each size instead of drawn on a template.
//
// Drawing grows with the slide's text and picture, so slides are drawn in a capped worker process kept for the job
// (lib/slides/render-worker.ts; RENDER_WORKER_HEAP_MB, default 192): a slide that needs more memory or time than its
// worker has fails alone (its process ends; the next slide starts another) and the server goes on. Each slide's attempts are counted in the
// statement that takes it, before it is drawn (so an attempt that kills the process counts too); after
// RENDER_ATTEMPTS the slide is given up: it keeps no rendered images, its render_key says it is settled (so no
// sweep sends it again), its image_status is 'failed', and the player shows its picture or its text instead.
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { Worker } from "node:worker_threads";
import { and, asc, eq, gt, gte, inArray, isNull, lt, notInArray, sql } from "drizzle-orm";
import type { PgBoss, Job, Queue } from "pg-boss";
import { getDb } from "@/db/client";
import { files, presentations, slides, type Presentation } from "@/db/schema";
import { env } from "@/lib/env";
import { enqueue, jobQueue } from "@/lib/jobs/queue";
import { logger } from "@/lib/log";
import { bulletsOf, drawSlide, SLIDE_IMAGE_SIZES, type SlideToDraw } from "@/lib/slides/draw";
import type { SlideSize } from "@/lib/slides/render";
import type { RenderTask, RenderTaskReply } from "@/lib/slides/render-worker";
import { newObjectKey, storage } from "@/lib/storage";
import { DEFAULT_TEMPLATE, isKnownTemplate, PRESENTATION_LIMITS, type TemplateId } from "@/lib/validation/presentations";
import { cappedSession, heapCapMb, workerAvailable, WorkerFailed, type StartWorker } from "@/lib/workers/capped";
import { discardStoredObjects } from "./blogs";
import { removeUnreferencedFiles } from "./presentation-files";

export { bulletsOf, drawSlide };

const renderWorkerUrl = new URL("../slides/render-worker.ts", import.meta.url);
/** The production build's worker: this exact form is what Turbopack bundles as an entry of its own (lib/workers/capped.ts). */
const startRenderWorker: StartWorker = (options) => new Worker(new URL("../slides/render-worker.ts", import.meta.url), { ...options });

/** Times a slide is taken by a render job before it is given up. */
export const RENDER_ATTEMPTS = 3;
/** Time one slide's drawing may take in its worker. */
const RENDER_TIMEOUT_MS = 60_000;

/** The template a slide is drawn with: a manual or imported deck without a template id looks professional. */
export function renderTemplateOf(template: string): TemplateId {
  return isKnownTemplate(template) ? template : DEFAULT_TEMPLATE;
}

export interface RenderInput {
  template: string;
  method: Presentation["generationMethod"];
  slideNumber: number;
  slideTitle: string;
  body: string;
  imageFileId: string | null;
}

/** An imported slide's own picture is the whole slide; anywhere else a picture is placed on the template. */
export function pictureIsWholeSlide(method: Presentation["generationMethod"]): boolean {
  return method === "import_ppt";
}

/** The digest of what a slide's images show (once per slide version). */
export function renderDigest(input: RenderInput): string {
  const picture = input.imageFileId === null ? null : [input.imageFileId, pictureIsWholeSlide(input.method) ? "slide" : "picture"];
  return createHash("sha256")
    .update(JSON.stringify([renderTemplateOf(input.template), input.slideNumber, input.slideTitle, input.body, picture]))
    .digest("hex")
    .slice(0, 32);
}

// ---- the job ----

/** The pg-boss queue of slide rendering; a job's data is {presentationId}. */
export const RENDER_JOB = "render-slides";

export const RENDER_QUEUE_OPTIONS: Queue = { name: RENDER_JOB, retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 600 };

const queuesMade = new WeakSet<PgBoss>();

/**
 * Sends the render job of a presentation, making the queue first if no worker has made it yet. `boss` is given by
 * the queue's own start (lib/jobs/workers.ts), which must not wait for jobQueue(): that is the start it is part of.
 */
export async function sendRenderJob(presentationId: string, boss?: PgBoss): Promise<void> {
  const queue = boss ?? (await jobQueue());
  if (!queuesMade.has(queue)) {
    await queue.createQueue(RENDER_JOB, RENDER_QUEUE_OPTIONS);
    queuesMade.add(queue);
  }
  if (boss) await boss.send(RENDER_JOB, { presentationId });
  else await enqueue(RENDER_JOB, { presentationId });
}

/**
 * Slides waiting this long (STALE_JOB_SECONDS) since they were changed or last taken have lost their job (a restart,
 * a failed send, a process that died drawing them); younger ones are in hand.
 */
export function renderStaleMs(): number {
  return env().STALE_JOB_SECONDS * 1000;
}
/** Slides that still could not be drawn after a day are left alone (each failure was logged) rather than retried forever. */
const RENDER_GIVE_UP_MS = 24 * 60 * 60_000;

/**
 * Sends the render job again for presentations with slides left undrawn for renderStaleMs() (run at start and with
 * the generation sweep); answers their ids. Rendering is idempotent per slide version, so a job sent twice is
 * harmless; a slide out of attempts is given up by the job this sends. The queue's start passes its `boss`.
 */
export async function resumePendingRenders(now: Date = new Date(), boss?: PgBoss): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .selectDistinct({ presentationId: slides.presentationId })
    .from(slides)
    .innerJoin(presentations, eq(presentations.id, slides.presentationId))
    .where(
      and(
        isNull(slides.renderKey),
        lt(slides.updatedAt, new Date(now.getTime() - renderStaleMs())),
        gt(slides.updatedAt, new Date(now.getTime() - RENDER_GIVE_UP_MS)),
        eq(presentations.status, "completed"),
      ),
    )
    .limit(500);
  for (const row of rows) await sendRenderJob(row.presentationId, boss);
  return rows.map((row) => row.presentationId);
}

export async function renderWorker(jobs: Job<{ presentationId: string }>[]): Promise<void> {
  for (const job of jobs) await renderPendingSlides(job.data.presentationId);
}

// ---- drawing ----

/** A slide's picture: its storage key, and a reader of its bytes (null when it is gone or over the limit). */
type PictureSource = { key: string; read(): Promise<Uint8Array | null> };

/**
 * Draws slides' images: a job's slides one after another in one capped worker process (lib/workers/capped.ts). The
 * process keeps the last picture it was sent (lib/slides/render-worker.ts), so a picture shown on many slides is read
 * from storage and sent once while that process lasts, not once per slide: a 30-slide deck of one 8 MB photo held and
 * copied 30 such pictures on the server's side.
 */
type Drawer = { draw(slide: Omit<SlideToDraw, "picture">, picture: PictureSource | null): Promise<Record<SlideSize, Uint8Array>>; close(): void };

/** A drawer for one job's slides (or, where the worker cannot start, the tests, one that draws on this thread). */
function slideDrawer(): Drawer {
  if (!workerAvailable(renderWorkerUrl, startRenderWorker, "render-worker")) {
    return { draw: async (slide, picture) => drawSlide({ ...slide, picture: picture ? await picture.read() : null }), close: () => {} };
  }
  const session = cappedSession<RenderTask, RenderTaskReply>(renderWorkerUrl, {
    name: "slide rendering",
    heapMb: heapCapMb(process.env.RENDER_WORKER_HEAP_MB, 192),
    timeoutMs: RENDER_TIMEOUT_MS,
    start: startRenderWorker,
    bundle: "render-worker",
  });
  /** The key of the picture the session's worker process holds, as far as this drawer knows. */
  let held: string | null = null;
  const run = async (task: RenderTask): Promise<RenderTaskReply> => {
    try {
      // A thread gets the picture moved, not copied (a process gets a copy, and the bytes are read for it alone).
      const bytes = task.picture?.bytes;
      return await session.run(task, bytes && !session.keepsWorker ? [bytes.buffer as ArrayBuffer] : []);
    } catch (error) {
      held = null;
      throw error;
    }
  };
  const withBytes = async (slide: Omit<SlideToDraw, "picture">, picture: PictureSource): Promise<RenderTaskReply> => {
    const bytes = await picture.read();
    if (!bytes) return run({ ...slide, picture: null });
    const reply = await run({ ...slide, picture: { key: picture.key, bytes } });
    if (session.keepsWorker) held = picture.key;
    return reply;
  };
  return {
    async draw(slide, picture) {
      let reply: RenderTaskReply;
      if (!picture) reply = await run({ ...slide, picture: null });
      else if (held === picture.key && session.keepsWorker) {
        reply = await run({ ...slide, picture: { key: picture.key, bytes: null } });
        // The process was replaced meanwhile (it is stopped after a while unused): it is sent the picture.
        if (!reply.ok && "missingPicture" in reply) reply = await withBytes(slide, picture);
      } else reply = await withBytes(slide, picture);
      if (reply.ok) return reply.images;
      throw new Error("missingPicture" in reply ? "the worker was sent no picture" : reply.message);
    },
    close: () => session.close(),
  };
}

/** A picture's bytes from storage (bounded by the editors' largest limit), or null when it is gone. */
async function pictureBytes(key: string): Promise<Uint8Array | null> {
  const object = await storage().get(key);
  if (!object) return null;
  if (object.size > PRESENTATION_LIMITS.editorImageBytes) {
    object.body.destroy();
    return null;
  }
  const chunks: Uint8Array[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Uint8Array);
  // One buffer of its own (never a slice of Node's shared pool), so a worker thread can be given it whole.
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

interface StoredPng {
  key: string;
  size: number;
  sha256: string;
  name: string;
}

async function putPng(tenantId: string, bytes: Uint8Array, name: string): Promise<StoredPng> {
  const key = newObjectKey(tenantId, "slides", "png");
  // The image's own memory, not a copy of it.
  const stored = await storage().put(key, Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]), { contentType: "image/png", maxBytes: 50 * 1024 * 1024 });
  return { key, name, ...stored };
}

/**
 * Renders every slide of the presentation whose images are not current (render_key null), one at a time, in one
 * capped worker process kept for the job (a slide that fails it ends that process; the next starts another). A slide is taken by the statement that counts its attempt; its images are stored, then taken in
 * a transaction only if the slide still shows what was drawn (an edit meanwhile leaves it for the job that edit
 * sent); the images they replace are removed. A slide that fails is logged and left for a later run (the sweep sends
 * one once it has waited STALE_JOB_SECONDS), until its attempts are spent: then it is given up. Answers how many
 * slides were rendered.
 */
export async function renderPendingSlides(presentationId: string): Promise<number> {
  const db = await getDb();
  const [presentation] = await db
    .select({ id: presentations.id, tenantId: presentations.tenantId, template: presentations.template, method: presentations.generationMethod })
    .from(presentations)
    .where(eq(presentations.id, presentationId))
    .limit(1);
  if (!presentation) return 0;
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(slides)
    .where(eq(slides.presentationId, presentationId));
  // Slides whose last attempt ended with their process: given up now.
  const spent = await db
    .select({ id: slides.id })
    .from(slides)
    .where(and(eq(slides.presentationId, presentationId), isNull(slides.renderKey), gte(slides.renderAttempts, RENDER_ATTEMPTS)));
  for (const slide of spent) await giveUp(presentation, slide.id, "its process stopped while it was being drawn");

  const tried: string[] = [];
  let rendered = 0;
  const drawer = slideDrawer();
  try {
    for (;;) {
      const slide = await takeSlide(presentationId, tried);
      if (!slide) break;
      tried.push(slide.id);
      try {
        if (await renderOne(presentation, slide, total, drawer)) rendered += 1;
      } catch (error) {
        const reason = error instanceof WorkerFailed ? error.reason : "failed";
        logger.error({ err: error, presentationId, slideId: slide.id, attempt: slide.renderAttempts }, "a slide could not be rendered");
        if (slide.renderAttempts >= RENDER_ATTEMPTS) await giveUp(presentation, slide.id, reason);
      }
    }
  } finally {
    drawer.close();
  }
  return rendered;
}

/**
 * Takes the first slide of the presentation still to be drawn (not yet tried by this job, attempts left), counting
 * the attempt in the same statement; null when there is none. A slide whose row another transaction holds (the
 * narration writing its audio, an edit) is waited for, never skipped: skipped, it stayed undrawn until the sweep
 * sent its job again minutes later. Two jobs of one deck may both draw a slide; the second's drawing is discarded.
 */
async function takeSlide(presentationId: string, tried: string[]): Promise<SlideRow | null> {
  const db = await getDb();
  const next = db
    .select({ id: slides.id })
    .from(slides)
    .where(
      and(
        eq(slides.presentationId, presentationId),
        isNull(slides.renderKey),
        lt(slides.renderAttempts, RENDER_ATTEMPTS),
        tried.length > 0 ? notInArray(slides.id, tried) : undefined,
      ),
    )
    .orderBy(asc(slides.slideNumber))
    .limit(1)
    .for("update");
  const [taken] = await db
    .update(slides)
    .set({ renderAttempts: sql`${slides.renderAttempts} + 1` })
    .where(inArray(slides.id, next))
    .returning({
      id: slides.id,
      slideNumber: slides.slideNumber,
      slideTitle: slides.slideTitle,
      body: slides.body,
      imageFileId: slides.imageFileId,
      renderAttempts: slides.renderAttempts,
    });
  if (!taken) return null;
  const [picture] = taken.imageFileId
    ? await db.select({ key: files.storageKey }).from(files).where(eq(files.id, taken.imageFileId)).limit(1)
    : [];
  return { ...taken, pictureKey: picture?.key ?? null };
}

/**
 * Gives a slide up after its last attempt: it keeps no rendered images (old ones would show another version of it),
 * and its render_key is set to what it shows, so no sweep sends it again and its image_status is 'failed'. Its
 * attempts start again from nothing when it is next changed.
 */
async function giveUp(presentation: PresentationToDraw, slideId: string, reason: string): Promise<void> {
  const db = await getDb();
  const discard = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ slide: slides, template: presentations.template, method: presentations.generationMethod })
      .from(slides)
      .innerJoin(presentations, eq(presentations.id, slides.presentationId))
      .where(and(eq(slides.id, slideId), isNull(slides.renderKey)))
      .for("update", { of: slides });
    if (!current) return [];
    await tx
      .update(slides)
      .set({
        renderKey: renderDigest({ ...current.slide, template: current.template, method: current.method }),
        renderAttempts: 0,
        webImageFileId: null,
        mobileImageFileId: null,
        thumbnailFileId: null,
      })
      .where(eq(slides.id, slideId));
    const replaced = [current.slide.webImageFileId, current.slide.mobileImageFileId, current.slide.thumbnailFileId].filter((id): id is string => id !== null);
    return removeUnreferencedFiles(tx, replaced);
  });
  await discardStoredObjects(discard);
  logger.error({ presentationId: presentation.id, slideId, attempts: RENDER_ATTEMPTS, reason }, "a slide was given up after its last render attempt; it is shown without its rendered images");
}

type PresentationToDraw = { id: string; tenantId: string; template: string; method: Presentation["generationMethod"] };
type SlideRow = {
  id: string;
  slideNumber: number;
  slideTitle: string;
  body: string;
  imageFileId: string | null;
  pictureKey: string | null;
  renderAttempts: number;
};

async function renderOne(presentation: PresentationToDraw, slide: SlideRow, totalSlides: number, drawer: Drawer): Promise<boolean> {
  const digest = renderDigest({ ...presentation, ...slide });
  const pictureKey = slide.pictureKey;
  const images = await drawer.draw(
    {
      slideNumber: slide.slideNumber,
      totalSlides,
      slideTitle: slide.slideTitle,
      body: slide.body,
      wholeSlide: pictureIsWholeSlide(presentation.method),
      template: renderTemplateOf(presentation.template),
    },
    pictureKey ? { key: pictureKey, read: () => pictureBytes(pictureKey) } : null,
  );
  const stored: Record<SlideSize, StoredPng> = {
    web: await putPng(presentation.tenantId, images.web, `slide-${slide.slideNumber}.png`),
    mobile: await putPng(presentation.tenantId, images.mobile, `slide-${slide.slideNumber}-mobile.png`),
    thumbnail: await putPng(presentation.tenantId, images.thumbnail, `slide-${slide.slideNumber}-thumbnail.png`),
  };
  const db = await getDb();
  const { taken, discard } = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ slide: slides, template: presentations.template, method: presentations.generationMethod })
      .from(slides)
      .innerJoin(presentations, eq(presentations.id, slides.presentationId))
      .where(and(eq(slides.id, slide.id), isNull(slides.renderKey)))
      .for("update", { of: slides });
    if (!current || renderDigest({ ...current.slide, template: current.template, method: current.method }) !== digest) {
      return { taken: false, discard: [] as string[] };
    }
    const ids = {} as Record<SlideSize, string>;
    for (const size of SLIDE_IMAGE_SIZES) {
      const file = stored[size];
      const [row] = await tx
        .insert(files)
        .values({
          tenantId: presentation.tenantId,
          storageKey: file.key,
          originalName: file.name,
          mimeType: "image/png",
          sizeBytes: file.size,
          sha256: file.sha256,
          kind: "slides",
        })
        .returning({ id: files.id });
      if (!row) throw new Error("file insert returned nothing");
      ids[size] = row.id;
    }
    await tx
      .update(slides)
      .set({ webImageFileId: ids.web, mobileImageFileId: ids.mobile, thumbnailFileId: ids.thumbnail, renderKey: digest, renderAttempts: 0 })
      .where(eq(slides.id, slide.id));
    const replaced = [current.slide.webImageFileId, current.slide.mobileImageFileId, current.slide.thumbnailFileId].filter((id): id is string => id !== null);
    return { taken: true, discard: await removeUnreferencedFiles(tx, replaced) };
  });
  await discardStoredObjects(taken ? discard : SLIDE_IMAGE_SIZES.map((size) => stored[size].key));
  return taken;
}
