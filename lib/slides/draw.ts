// One slide's three images (web, mobile, thumbnail): drawn by its template (lib/slides/render.ts), or, for an
// imported slide, its own picture letterboxed on black to each size. Pure drawing (no database, no storage), so
// the render worker (lib/slides/render-worker.ts) runs it off the server's thread.
import { renderAsync } from "@resvg/resvg-js";
import { logger } from "@/lib/log";
import { imageDataUrl, slideImageInfo } from "./image";
import { renderSlideSet, SLIDE_SIZES, type SlideSize, type TemplateId } from "./render";

export const SLIDE_IMAGE_SIZES: readonly SlideSize[] = ["web", "mobile", "thumbnail"];

export interface SlideToDraw {
  slideNumber: number;
  totalSlides: number;
  slideTitle: string;
  body: string;
  picture: Uint8Array | null;
  wholeSlide: boolean;
  template: TemplateId;
}

/** The bullets of a slide's text: one per line, blank lines left out. */
export function bulletsOf(body: string): string[] {
  return body
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

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

/**
 * The three images of a slide. A picture that cannot be drawn is left out rather than leaving the slide bare. The
 * sizes are drawn one after another: a picture is decoded once per size, and three at once held three decodings.
 */
export async function drawSlide(slide: SlideToDraw): Promise<Record<SlideSize, Uint8Array>> {
  const draw = async (picture: Uint8Array | null): Promise<Record<SlideSize, Uint8Array>> => {
    if (picture && slide.wholeSlide) {
      const web = await letterboxed(picture, "web");
      const mobile = await letterboxed(picture, "mobile");
      const thumbnail = await letterboxed(picture, "thumbnail");
      return { web, mobile, thumbnail };
    }
    // One layout serves the web image and its thumbnail.
    return renderSlideSet(
      { title: slide.slideTitle, bullets: bulletsOf(slide.body), image: picture, slideNumber: slide.slideNumber, totalSlides: slide.totalSlides },
      { template: slide.template, sizes: SLIDE_IMAGE_SIZES },
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
