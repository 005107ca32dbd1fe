// Slide images off the request path: each slide drawn by its template (lib/slides) at web (1920x1080), mobile
// (1080x1350) and thumbnail (480x270) size and stored as files of folder 'slides'. A slide's render_key is the
// digest of what its images show; it is null while they do not show the slide as it is (new or changed), and the
// 'render-slides' job renders exactly those slides, once per slide version. An imported slide's own picture (its
// real rendering from PowerPoint) is the whole slide, letterboxed to each size instead of drawn on a template.
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { renderAsync } from "@resvg/resvg-js";
import { and, asc, eq, gt, isNull, lt } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { getDb } from "@/db/client";
import { files, presentations, slides, type Presentation } from "@/db/schema";
import { enqueue, jobQueue } from "@/lib/jobs/queue";
import { logger } from "@/lib/log";
import { imageDataUrl, slideImageInfo } from "@/lib/slides/image";
import { renderSlideSet, SLIDE_SIZES, type SlideSize } from "@/lib/slides/render";
import { newObjectKey, storage } from "@/lib/storage";
import { DEFAULT_TEMPLATE, isKnownTemplate, PRESENTATION_LIMITS, type TemplateId } from "@/lib/validation/presentations";
import { discardStoredObjects } from "./blogs";
import { removeUnreferencedFiles } from "./presentation-files";

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

/** The bullets of a slide's text: one per line, blank lines left out. */
export function bulletsOf(body: string): string[] {
  return body
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

// ---- the job ----

/** The pg-boss queue of slide rendering; a job's data is {presentationId}. */
export const RENDER_JOB = "render-slides";

export const RENDER_QUEUE_OPTIONS: PgBoss.Queue = { name: RENDER_JOB, retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 600 };

const queuesMade = new WeakSet<PgBoss>();

/** Sends the render job of a presentation, making the queue first if no worker has made it yet. */
export async function sendRenderJob(presentationId: string): Promise<void> {
  const boss = await jobQueue();
  if (!queuesMade.has(boss)) {
    await boss.createQueue(RENDER_JOB, RENDER_QUEUE_OPTIONS);
    queuesMade.add(boss);
  }
  await enqueue(RENDER_JOB, { presentationId });
}

/** Slides waiting this long for their images have lost their job (a restart, a failed send); younger ones are in hand. */
export const RENDER_STALE_MS = 5 * 60_000;
/** Slides that still could not be drawn after a day are left alone (each failure was logged) rather than retried forever. */
const RENDER_GIVE_UP_MS = 24 * 60 * 60_000;

/**
 * Sends the render job again for presentations with slides left undrawn for RENDER_STALE_MS (run at start and with
 * the generation sweep); answers their ids. Rendering is idempotent per slide version, so a job sent twice is harmless.
 */
export async function resumePendingRenders(now: Date = new Date()): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .selectDistinct({ presentationId: slides.presentationId })
    .from(slides)
    .innerJoin(presentations, eq(presentations.id, slides.presentationId))
    .where(
      and(
        isNull(slides.renderKey),
        lt(slides.updatedAt, new Date(now.getTime() - RENDER_STALE_MS)),
        gt(slides.updatedAt, new Date(now.getTime() - RENDER_GIVE_UP_MS)),
        eq(presentations.status, "completed"),
      ),
    )
    .limit(500);
  for (const row of rows) await sendRenderJob(row.presentationId);
  return rows.map((row) => row.presentationId);
}

export async function renderWorker(jobs: PgBoss.Job<{ presentationId: string }>[]): Promise<void> {
  for (const job of jobs) await renderPendingSlides(job.data.presentationId);
}

// ---- drawing ----

/**
 * A picture letterboxed on black to a size (resvg scales it; its header was checked before it is decoded). Drawn
 * with renderAsync, like lib/slides: off the event loop, and its pixel buffers are freed at once (the synchronous
 * render's linger until finalisers run).
 */
async function letterboxed(picture: Uint8Array, size: SlideSize): Promise<Uint8Array> {
  const { width, height } = SLIDE_SIZES[size];
  const info = slideImageInfo(picture);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}">` +
    `<rect width="${width}" height="${height}" fill="#000000"/>` +
    `<image x="0" y="0" width="${width}" height="${height}" preserveAspectRatio="xMidYMid meet" xlink:href="${imageDataUrl(picture, info.mime)}"/>` +
    `</svg>`;
  const rendered = await renderAsync(svg, { fitTo: { mode: "width", value: width }, font: { loadSystemFonts: false } });
  return new Uint8Array(rendered.asPng());
}

const SIZES: readonly SlideSize[] = ["web", "mobile", "thumbnail"];

interface SlideToDraw {
  slideNumber: number;
  totalSlides: number;
  slideTitle: string;
  body: string;
  picture: Uint8Array | null;
  wholeSlide: boolean;
  template: TemplateId;
}

/** The three images of a slide. A picture that cannot be drawn is left out rather than leaving the slide bare. */
export async function drawSlide(slide: SlideToDraw): Promise<Record<SlideSize, Uint8Array>> {
  const draw = async (picture: Uint8Array | null): Promise<Record<SlideSize, Uint8Array>> => {
    if (picture && slide.wholeSlide) {
      const [web, mobile, thumbnail] = await Promise.all([
        letterboxed(picture, "web"),
        letterboxed(picture, "mobile"),
        letterboxed(picture, "thumbnail"),
      ]);
      return { web, mobile, thumbnail };
    }
    // One layout serves the web image and its thumbnail.
    return renderSlideSet(
      { title: slide.slideTitle, bullets: bulletsOf(slide.body), image: picture, slideNumber: slide.slideNumber, totalSlides: slide.totalSlides },
      { template: slide.template, sizes: SIZES },
    );
  };
  if (!slide.picture) return draw(null);
  try {
    return await draw(slide.picture);
  } catch (error) {
    logger.warn({ slideNumber: slide.slideNumber, reason: error instanceof Error ? error.message : typeof error }, "a slide's picture could not be drawn; drawn without it");
    return draw(null);
  }
}

/** A picture's bytes from storage (bounded by the editors' largest limit), or null when it is gone. */
async function pictureBytes(key: string): Promise<Uint8Array | null> {
  const object = await storage().get(key);
  if (!object) return null;
  if (object.size > PRESENTATION_LIMITS.editorImageBytes) {
    object.body.destroy();
    return null;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return new Uint8Array(Buffer.concat(chunks));
}

interface StoredPng {
  key: string;
  size: number;
  sha256: string;
  name: string;
}

async function putPng(tenantId: string, bytes: Uint8Array, name: string): Promise<StoredPng> {
  const key = newObjectKey(tenantId, "slides", "png");
  const stored = await storage().put(key, Readable.from([Buffer.from(bytes)]), { contentType: "image/png", maxBytes: 50 * 1024 * 1024 });
  return { key, name, ...stored };
}

/**
 * Renders every slide of the presentation whose images are not current (render_key null), one at a time. Each
 * slide's images are stored, then taken in a transaction only if the slide still shows what was drawn (an edit
 * meanwhile leaves it for the job that edit sent); the images they replace are removed. A slide that fails is
 * logged and left for the next run. Answers how many slides were rendered.
 */
export async function renderPendingSlides(presentationId: string): Promise<number> {
  const db = await getDb();
  const [presentation] = await db
    .select({ id: presentations.id, tenantId: presentations.tenantId, template: presentations.template, method: presentations.generationMethod })
    .from(presentations)
    .where(eq(presentations.id, presentationId))
    .limit(1);
  if (!presentation) return 0;
  const all = await db
    .select({
      id: slides.id,
      slideNumber: slides.slideNumber,
      slideTitle: slides.slideTitle,
      body: slides.body,
      imageFileId: slides.imageFileId,
      renderKey: slides.renderKey,
      pictureKey: files.storageKey,
    })
    .from(slides)
    .leftJoin(files, eq(files.id, slides.imageFileId))
    .where(eq(slides.presentationId, presentationId))
    .orderBy(asc(slides.slideNumber));
  let rendered = 0;
  for (const slide of all.filter((row) => row.renderKey === null)) {
    try {
      if (await renderOne(presentation, slide, all.length)) rendered += 1;
    } catch (error) {
      logger.error({ err: error, presentationId, slideId: slide.id }, "a slide could not be rendered");
    }
  }
  return rendered;
}

type PresentationToDraw = { id: string; tenantId: string; template: string; method: Presentation["generationMethod"] };
type SlideRow = { id: string; slideNumber: number; slideTitle: string; body: string; imageFileId: string | null; pictureKey: string | null };

async function renderOne(presentation: PresentationToDraw, slide: SlideRow, totalSlides: number): Promise<boolean> {
  const digest = renderDigest({ ...presentation, ...slide });
  const picture = slide.pictureKey ? await pictureBytes(slide.pictureKey) : null;
  const images = await drawSlide({
    slideNumber: slide.slideNumber,
    totalSlides,
    slideTitle: slide.slideTitle,
    body: slide.body,
    picture,
    wholeSlide: pictureIsWholeSlide(presentation.method),
    template: renderTemplateOf(presentation.template),
  });
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
    for (const size of SIZES) {
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
      .set({ webImageFileId: ids.web, mobileImageFileId: ids.mobile, thumbnailFileId: ids.thumbnail, renderKey: digest })
      .where(eq(slides.id, slide.id));
    const replaced = [current.slide.webImageFileId, current.slide.mobileImageFileId, current.slide.thumbnailFileId].filter((id): id is string => id !== null);
    return { taken: true, discard: await removeUnreferencedFiles(tx, replaced) };
  });
  await discardStoredObjects(taken ? discard : SIZES.map((size) => stored[size].key));
  return taken;
}
