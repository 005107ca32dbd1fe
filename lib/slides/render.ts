// Server-side slide images: a slide's title, bullets and optional picture laid out by one of the five templates
// (satori, plain element objects) and drawn to PNG (resvg) at web, mobile or thumbnail size.
import { renderAsync, Resvg } from "@resvg/resvg-js";
import satori from "satori";
import { BadRequest } from "@/lib/errors";
import { normaliseHex } from "./color";
import { fitSlideText, type FittedSlide } from "./fit";
import { drawableText, slideFonts } from "./fonts";
import { imageDataUrl, slideImageInfo } from "./image";
import { DESIGNS, isTemplateId, TEMPLATE_IDS, type TemplateId } from "./templates";
import type { SlideContext, SlideKind } from "./templates/shared";

export { TEMPLATES, TEMPLATE_IDS, isTemplateId, type TemplateId, type TemplateInfo } from "./templates";

export type SlideSize = "web" | "mobile" | "thumbnail";

export interface SlideInput {
  title: string;
  bullets: string[];
  /** JPG, PNG or GIF bytes (already checked by the caller; read again here for the type and size). */
  image?: Uint8Array | null;
  slideNumber: number;
  totalSlides: number;
  /** By default the first slide is the title slide and the others are content slides. */
  kind?: SlideKind;
}

export interface RenderOptions {
  template: TemplateId;
  size: SlideSize;
  /** Hex colour (#rgb or #rrggbb) used as the accent instead of the template's own. */
  brandColor?: string | null;
}

/** Pixel sizes of each output. A thumbnail is the web layout drawn small, so it shows exactly the web slide. */
export const SLIDE_SIZES: Record<SlideSize, { width: number; height: number }> = {
  web: { width: 1920, height: 1080 },
  mobile: { width: 1080, height: 1350 },
  thumbnail: { width: 480, height: 270 },
};

const SLIDE_KINDS: readonly SlideKind[] = ["title", "content", "closing"];

/**
 * More text than any slide can show at its smallest size: cut before layout, so that a pasted-in essay costs no
 * more to measure than a full slide does.
 */
const MAX_TITLE_CHARACTERS = 300;
const MAX_BULLET_CHARACTERS = 400;
const MAX_BULLETS = 12;

/** Text cut to `max` characters at a word boundary when there is one nearby, with an ellipsis. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.8 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Bullets pasted from other decks often keep their marker; the template draws its own. */
const LEADING_MARKER = /^(?:[•◦▪▫■□●○►▶➢➤✓✔-]|\*|–|—)\s+/u;

export interface RenderedSlide {
  png: Uint8Array;
  width: number;
  height: number;
  /** Raw RGBA pixels, row by row. */
  pixels: Uint8Array;
  /** The fitted text sizes, and the colour and y where the slide's frame begins below the text (web or mobile scale). */
  layout: { fitted: FittedSlide; background: string; textBottom: number; layoutWidth: number; layoutHeight: number };
  /** Where satori placed every element holding text, in layout pixels. */
  textBoxes: TextBox[];
}

export interface TextBox {
  text: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

function invalid(message: string): never {
  throw new BadRequest(message);
}

function checkInput(slide: SlideInput, options: RenderOptions): void {
  if (!isTemplateId(options.template)) invalid(`Unknown template "${String(options.template)}". Templates: ${TEMPLATE_IDS.join(", ")}.`);
  if (!Object.hasOwn(SLIDE_SIZES, options.size)) invalid(`Unknown slide size "${String(options.size)}". Sizes: web, mobile, thumbnail.`);
  if (typeof slide.title !== "string") invalid("The slide title must be text.");
  if (!Array.isArray(slide.bullets) || slide.bullets.some((bullet) => typeof bullet !== "string")) {
    invalid("The slide bullets must be a list of text.");
  }
  if (!Number.isInteger(slide.totalSlides) || slide.totalSlides < 1) invalid("The total number of slides must be a whole number from 1.");
  if (!Number.isInteger(slide.slideNumber) || slide.slideNumber < 1 || slide.slideNumber > slide.totalSlides) {
    invalid(`The slide number must be a whole number from 1 to ${slide.totalSlides}.`);
  }
  if (slide.kind !== undefined && !SLIDE_KINDS.includes(slide.kind)) invalid(`Unknown slide kind "${String(slide.kind)}".`);
  if (slide.image != null && !(slide.image instanceof Uint8Array)) invalid("The slide image must be bytes.");
}

function buildContext(slide: SlideInput, options: RenderOptions, ranges: readonly [number, number][]): SlideContext {
  const layoutSize = options.size === "mobile" ? SLIDE_SIZES.mobile : SLIDE_SIZES.web;
  let image: SlideContext["image"] = null;
  if (slide.image && slide.image.length > 0) {
    const info = slideImageInfo(slide.image);
    image = { src: imageDataUrl(slide.image, info.mime), width: info.width, height: info.height };
  }
  return {
    ...layoutSize,
    portrait: options.size === "mobile",
    kind: slide.kind ?? (slide.slideNumber === 1 ? "title" : "content"),
    title: clip(drawableText(slide.title, ranges), MAX_TITLE_CHARACTERS),
    bullets: slide.bullets
      .map((bullet) => clip(drawableText(bullet, ranges).replace(LEADING_MARKER, ""), MAX_BULLET_CHARACTERS))
      .filter((bullet) => bullet.length > 0)
      .slice(0, MAX_BULLETS),
    image,
    slideNumber: slide.slideNumber,
    totalSlides: slide.totalSlides,
    accent: options.brandColor ? normaliseHex(options.brandColor) : DESIGNS[options.template].accent,
  };
}

/** The slide laid out as SVG at its layout size (web or mobile), with what the fitting decided. */
async function layOut(slide: SlideInput, options: RenderOptions, textBoxes?: TextBox[]) {
  checkInput(slide, options);
  const fonts = await slideFonts();
  const context = buildContext(slide, options, fonts.ranges);
  const layout = DESIGNS[options.template].layout(context);
  const fitted = await fitSlideText(fonts, layout.title, layout.bullets);
  const svg = await satori(layout.compose(fitted), {
    width: context.width,
    height: context.height,
    fonts: fonts.fonts,
    onNodeDetected: textBoxes
      ? ({ textContent, left, top, width, height }) => {
          if (textContent) textBoxes.push({ text: textContent, left, top, width, height });
        }
      : undefined,
  });
  return {
    svg,
    layout: { fitted, background: layout.background, textBottom: layout.textBottom, layoutWidth: context.width, layoutHeight: context.height },
  };
}

/**
 * The SVG drawn at an output size. renderAsync draws on libuv's thread pool, so the event loop keeps serving
 * requests meanwhile; its pixel buffers are also freed promptly, where the synchronous render's linger until
 * finalisers run (RSS grew by a slide's pixmap per render in a loop).
 */
function rasterise(svg: string, size: SlideSize) {
  return renderAsync(svg, {
    fitTo: { mode: "width", value: SLIDE_SIZES[size].width },
    // Text arrives as outlines from satori; no system font is ever needed or looked up.
    font: { loadSystemFonts: false },
  });
}

async function draw(slide: SlideInput, options: RenderOptions, textBoxes?: TextBox[]) {
  const { svg, layout } = await layOut(slide, options, textBoxes);
  return { rendered: await rasterise(svg, options.size), layout };
}

/** The slide drawn, with its raw pixels and the fitted layout (tests and previews look at both). */
export async function renderSlideImage(slide: SlideInput, options: RenderOptions): Promise<RenderedSlide> {
  const textBoxes: TextBox[] = [];
  const { rendered, layout } = await draw(slide, options, textBoxes);
  return {
    textBoxes,
    png: new Uint8Array(rendered.asPng()),
    width: rendered.width,
    height: rendered.height,
    pixels: new Uint8Array(rendered.pixels),
    layout,
  };
}

/** One slide as a PNG: 1920x1080 (web), 1080x1350 (mobile) or 480x270 (thumbnail of the web layout). */
export async function renderSlide(slide: SlideInput, options: RenderOptions): Promise<Uint8Array> {
  return new Uint8Array((await draw(slide, options)).rendered.asPng());
}

/**
 * A slide at several sizes at once (all three by default). The web layout is fitted and laid out once and drawn
 * at web and thumbnail size, which saves a third of the work of three renderSlide calls.
 */
export async function renderSlideSet<S extends SlideSize = SlideSize>(
  slide: SlideInput,
  options: Omit<RenderOptions, "size"> & { sizes?: readonly S[] },
): Promise<Record<S, Uint8Array>> {
  const sizes = options.sizes ?? (["web", "mobile", "thumbnail"] as unknown as readonly S[]);
  const result = {} as Record<S, Uint8Array>;
  let webSvg: string | null = null;
  for (const size of sizes) {
    let svg: string;
    if (size === "mobile") svg = (await layOut(slide, { ...options, size })).svg;
    else svg = webSvg ??= (await layOut(slide, { ...options, size })).svg;
    result[size] = new Uint8Array((await rasterise(svg, size)).asPng());
  }
  return result;
}

export interface RenderBenchmark {
  /** Median milliseconds per slide, warm, over every template. */
  webMs: number;
  mobileMs: number;
  thumbnailMs: number;
  /** The same for web slides with a picture (its decoding and scaling included). */
  webWithImageMs: number;
  /** All three sizes of one slide through renderSlideSet, as the presentation job draws them. */
  slideSetMs: number;
  /** The first render of the process: fonts read and parsed, satori's layout engine compiled. */
  firstMs: number;
  /** Renders timed per size. */
  runs: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A photo-like 1200x800 PNG (gradients and shapes) for the benchmark, drawn by resvg itself. */
function benchmarkPicture(): Uint8Array {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">' +
    '<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5ba8e0"/><stop offset="1" stop-color="#f4d9b0"/></linearGradient></defs>' +
    '<rect width="1200" height="800" fill="url(#s)"/><circle cx="860" cy="250" r="80" fill="#fffbe8"/>' +
    '<path d="M0 520 C 260 440 520 600 760 520 S 1060 460 1200 500 L1200 800 L0 800 Z" fill="#3f7d4a"/></svg>';
  return new Uint8Array(new Resvg(svg).render().asPng());
}

/**
 * Times slide renders the way generation runs them (one after another in one process): a typical content slide
 * (title, four bullets) in every template at each size. For `npm run bench:generate` and README figures.
 */
export async function benchmarkRender(runsPerTemplate = 4): Promise<RenderBenchmark> {
  const slide: SlideInput = {
    title: "Choosing a bin and a spot for the compost heap",
    bullets: [
      "An open heap needs no bin at all, only a sheltered corner",
      "Put the bin on bare soil so worms can move in from below",
      "Half shade keeps the pile from drying out in summer",
      "Leave room to lift the lid and turn the pile with a fork",
    ],
    slideNumber: 3,
    totalSlides: 12,
  };
  const picture = benchmarkPicture();
  const start = performance.now();
  await renderSlide(slide, { template: "professional", size: "web" });
  const firstMs = performance.now() - start;
  const timings: Record<"web" | "mobile" | "thumbnail" | "image" | "set", number[]> = { web: [], mobile: [], thumbnail: [], image: [], set: [] };
  for (let run = 0; run < runsPerTemplate; run += 1) {
    for (const template of TEMPLATE_IDS) {
      for (const [name, size, image] of [
        ["web", "web", null],
        ["mobile", "mobile", null],
        ["thumbnail", "thumbnail", null],
        ["image", "web", picture],
      ] as const) {
        const began = performance.now();
        await renderSlide({ ...slide, image }, { template, size });
        timings[name].push(performance.now() - began);
      }
      const began = performance.now();
      await renderSlideSet(slide, { template });
      timings.set.push(performance.now() - began);
    }
  }
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    webMs: round(median(timings.web)),
    mobileMs: round(median(timings.mobile)),
    thumbnailMs: round(median(timings.thumbnail)),
    webWithImageMs: round(median(timings.image)),
    slideSetMs: round(median(timings.set)),
    firstMs: round(firstMs),
    runs: timings.web.length,
  };
}
