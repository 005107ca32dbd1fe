// Export of a presentation: a .pptx (pptxgenjs) with the slide image or editable text per slide and the narration
// script as speaker notes, and a PDF (pdf-lib) of the slide images.
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rgb,
} from "pdf-lib";
import PptxGenJS from "pptxgenjs";
import { BadRequest } from "@/lib/errors";
import { embedPngFast, MAX_IMAGE_PIXELS, pngHeader } from "./png";

export interface ExportSlide {
  title: string;
  /** Bullets, one per line. */
  content: string;
  /** Narration script, written as the slide's speaker notes. */
  script: string;
  /** The rendered slide (PNG); when present it fills the slide instead of editable text. */
  image?: Uint8Array;
}

export interface ExportDeck {
  title: string;
  slides: ExportSlide[];
}

/** The spec's rule that a presentation keeps at least one slide (content-workflow section 5). */
const AT_LEAST_ONE_SLIDE = "A presentation must have at least one slide";

// PowerPoint's own widescreen page (13.333 x 7.5 in), so a 1920x1080 render maps to it at 144 dpi.
const SLIDE_W_IN = 13.333;
const SLIDE_H_IN = 7.5;
// The same page in PDF points (1/72 in).
const PAGE_W_PT = 960;
const PAGE_H_PT = 540;

/** Width and height of a slide's PNG; refuses anything that is not a PNG (BadRequest, naming the slide). */
function pngSize(bytes: Uint8Array, slideNumber: number): { width: number; height: number } {
  const header = pngHeader(bytes);
  if (!header) throw new BadRequest(`The image of slide ${slideNumber} is not a PNG image.`);
  if (header.width * header.height > MAX_IMAGE_PIXELS) {
    throw new BadRequest(`The image of slide ${slideNumber} has too many pixels.`);
  }
  return { width: header.width, height: header.height };
}

/** The largest box of the image's proportions that fits the page, centred. */
function containIn(
  image: { width: number; height: number },
  page: { width: number; height: number },
): { x: number; y: number; width: number; height: number } {
  const scale = Math.min(page.width / image.width, page.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  return { x: (page.width - width) / 2, y: (page.height - height) / 2, width, height };
}

/** True when the image has the page's proportions within 1% (a 1920x1081 render still fills the page). */
function fillsPage(image: { width: number; height: number }, page: { width: number; height: number }): boolean {
  return Math.abs(image.width / image.height / (page.width / page.height) - 1) < 0.01;
}

/** Bullet lines of a slide's content, without bullet characters the author typed in front of them. */
function bulletLines(content: string): string[] {
  return content
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(?:[-*\u2022\u2013]\s+)?/, "").trim())
    .filter((line) => line !== "");
}

const MARGIN_IN = 0.6;
const CONTENT_W_IN = SLIDE_W_IN - 2 * MARGIN_IN;
const BODY_TOP_IN = 1.9;
const TITLE_COLOUR = "1F2937";
const BODY_COLOUR = "374151";

/**
 * Slide layouts with real title and body placeholders, so PowerPoint's outline, accessibility checker and any
 * re-import (parsePptx) see each slide's title as a title, not as a loose text box.
 */
function defineLayouts(pptx: PptxGenJS): void {
  pptx.defineSlideMaster({
    title: "TITLE_AND_BULLETS",
    background: { color: "FFFFFF" },
    objects: [
      {
        placeholder: {
          options: { name: "title", type: "title", x: MARGIN_IN, y: 0.4, w: CONTENT_W_IN, h: 1.3, valign: "bottom" },
          text: "",
        },
      },
      {
        placeholder: {
          options: {
            name: "body",
            type: "body",
            x: MARGIN_IN,
            y: BODY_TOP_IN,
            w: CONTENT_W_IN,
            h: SLIDE_H_IN - BODY_TOP_IN - 0.5,
            valign: "top",
          },
          text: "",
        },
      },
    ],
  });
  pptx.defineSlideMaster({
    title: "TITLE_ONLY",
    background: { color: "FFFFFF" },
    objects: [
      {
        placeholder: {
          options: { name: "title", type: "title", x: MARGIN_IN, y: 2.5, w: CONTENT_W_IN, h: 2.5, align: "center", valign: "middle" },
          text: "",
        },
      },
    ],
  });
}

/**
 * A .pptx with one slide per slide: the image full-bleed (letterboxed on black when not 16:9) when present,
 * otherwise an editable title and bullets; the narration script as speaker notes. Refuses a deck without slides or
 * an image that is not a PNG (BadRequest).
 */
export async function buildPptx(deck: ExportDeck): Promise<Uint8Array> {
  if (deck.slides.length === 0) throw new BadRequest(AT_LEAST_ONE_SLIDE);
  const sizes = deck.slides.map((slide, index) => (slide.image ? pngSize(slide.image, index + 1) : null));

  const pptx = new PptxGenJS();
  pptx.layout = "LAYOUT_WIDE";
  pptx.title = deck.title;
  defineLayouts(pptx);
  const page = { width: SLIDE_W_IN, height: SLIDE_H_IN };
  deck.slides.forEach((spec, index) => {
    const size = sizes[index];
    const title = spec.title.trim();
    const bullets = bulletLines(spec.content);
    if (spec.image && size) {
      const slide = pptx.addSlide({ masterName: "TITLE_ONLY" });
      const fills = fillsPage(size, page);
      if (!fills) slide.background = { color: "000000" };
      // The title stays a real title for the outline and screen readers, drawn in black under the image (which
      // shows it already), so it neither shows nor peeks out of letterbox bars.
      if (title !== "") slide.addText(title, { placeholder: "title", color: "000000", fontSize: 40, fit: "shrink" });
      const box = fills ? { x: 0, y: 0, ...page } : containIn(size, page);
      slide.addImage({
        data: `image/png;base64,${Buffer.from(spec.image).toString("base64")}`,
        x: box.x,
        y: box.y,
        w: box.width,
        h: box.height,
        altText: title,
      });
      if (spec.script.trim() !== "") slide.addNotes(spec.script.trim());
      return;
    }
    const slide = pptx.addSlide({ masterName: bullets.length > 0 ? "TITLE_AND_BULLETS" : "TITLE_ONLY" });
    // fit: "shrink" has PowerPoint shrink text that would overflow its box, so long titles and bullets stay inside.
    if (title !== "") {
      slide.addText(title, {
        placeholder: "title",
        fontSize: bullets.length > 0 ? 36 : 44,
        bold: true,
        color: TITLE_COLOUR,
        fit: "shrink",
      });
    }
    if (bullets.length > 0) {
      slide.addText(
        bullets.map((text) => ({ text, options: { bullet: true, breakLine: true } })),
        { placeholder: "body", fontSize: 22, color: BODY_COLOUR, paraSpaceAfter: 8, fit: "shrink" },
      );
    }
    if (spec.script.trim() !== "") slide.addNotes(spec.script.trim());
  });
  const written = await pptx.write({ outputType: "uint8array" });
  if (!(written instanceof Uint8Array)) throw new Error("pptxgenjs did not return bytes");
  return written;
}

/** A PDF with one 16:9 page per slide image (PNG), letterboxed on black when an image is not 16:9. */
export async function buildPdf(images: Uint8Array[]): Promise<Uint8Array> {
  if (images.length === 0) throw new BadRequest(AT_LEAST_ONE_SLIDE);
  const sizes = images.map((image, index) => pngSize(image, index + 1));
  const pdf = await PDFDocument.create();
  const page = { width: PAGE_W_PT, height: PAGE_H_PT };
  for (const [index, bytes] of images.entries()) {
    const size = sizes[index]!;
    const pdfPage = pdf.addPage([page.width, page.height]);
    const box = fillsPage(size, page) ? { x: 0, y: 0, ...page } : containIn(size, page);
    if (!fillsPage(size, page)) pdfPage.drawRectangle({ x: 0, y: 0, ...page, color: rgb(0, 0, 0) });
    let fast;
    try {
      fast = await embedPngFast(pdf, bytes);
    } catch {
      throw new BadRequest(`The image of slide ${index + 1} is damaged.`);
    }
    if (fast) {
      const name = pdfPage.node.newXObject("Slide", fast.ref);
      pdfPage.pushOperators(
        pushGraphicsState(),
        concatTransformationMatrix(box.width, 0, 0, box.height, box.x, box.y),
        drawObject(name),
        popGraphicsState(),
      );
    } else {
      const image = await pdf.embedPng(bytes).catch(() => {
        throw new BadRequest(`The image of slide ${index + 1} is damaged.`);
      });
      pdfPage.drawImage(image, box);
    }
  }
  return pdf.save();
}
