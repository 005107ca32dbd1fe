// Export of a presentation: a .pptx with the slide image or editable text per slide and the narration script as
// speaker notes, and a PDF of the slide images. Both are streams written as they are read, so the server's memory
// does not grow with the deck: the .pptx is a zip (yazl) whose slides, layouts and notes pptxgenjs writes (small:
// text only, each picture a placeholder), and whose pictures are copied from storage into their entries piece by
// piece, stored once however many slides show them; the PDF is written object by object, one image in memory at a
// time (its own size, not the deck's), each picture stored once.
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { renderAsync } from "@resvg/resvg-js";
import JSZip from "jszip";
import PptxGenJS from "pptxgenjs";
import { ZipFile } from "yazl";
import { BadRequest } from "@/lib/errors";
import { MAX_IMAGE_PIXELS, pdfImageData, pngHeader, type PdfImageData } from "./png";

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

/** A slide's PNG, read from where it is kept only when its turn in the file comes. */
export interface ExportImage {
  width: number;
  height: number;
  /** Bytes of the PNG. */
  size: number;
  /** Images with the same identity (the file's SHA-256) are one picture, stored once in the file. */
  identity: string;
  /** The PNG's bytes; the caller reads them to the end or destroys the stream. */
  open: () => Promise<Readable>;
}

export interface StreamedSlide {
  title: string;
  content: string;
  script: string;
  picture?: ExportImage;
}

/** An export being written: read `stream` to the end (or destroy it). `size` is its length when known before. */
export interface ExportStream {
  stream: Readable;
  size: number | null;
}

/** Largest slide image the PDF export reads into memory (one at a time); the renderer's are a few MB. */
export const MAX_PDF_IMAGE_BYTES = 50 * 1024 * 1024;

/** The spec's rule that a presentation keeps at least one slide (content-workflow section 5). */
const AT_LEAST_ONE_SLIDE = "A presentation must have at least one slide";

// PowerPoint's own widescreen page (13.333 x 7.5 in), so a 1920x1080 render maps to it at 144 dpi.
const SLIDE_W_IN = 13.333;
const SLIDE_H_IN = 7.5;
// The same page in PDF points (1/72 in).
const PAGE_W_PT = 960;
const PAGE_H_PT = 540;

/**
 * Width and height of a slide's PNG from its first 33 bytes (or more); refuses anything that is not a PNG, or has
 * too many pixels (BadRequest, naming the slide).
 */
export function pngSize(bytes: Uint8Array, slideNumber: number): { width: number; height: number } {
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

/** The placeholder written for picture `index` where the .pptx's picture goes; swapped for the picture's entry. */
function placeholderOf(index: number): string {
  return `slide-picture:${index}`;
}

/**
 * The .pptx's parts as pptxgenjs writes them, with a placeholder for each picture: one slide per slide, the image
 * full-bleed (letterboxed on black when not 16:9) when present, otherwise an editable title and bullets; the
 * narration script as speaker notes. `pictureOf` gives each slide's picture number (or null).
 */
async function pptxParts(title: string, slides: StreamedSlide[], pictureOf: (index: number) => number | null): Promise<JSZip> {
  const pptx = new PptxGenJS();
  pptx.layout = "LAYOUT_WIDE";
  pptx.title = title;
  defineLayouts(pptx);
  const page = { width: SLIDE_W_IN, height: SLIDE_H_IN };
  slides.forEach((spec, index) => {
    const size = spec.picture;
    const picture = pictureOf(index);
    const title = spec.title.trim();
    const bullets = bulletLines(spec.content);
    if (size && picture !== null) {
      const slide = pptx.addSlide({ masterName: "TITLE_ONLY" });
      const fills = fillsPage(size, page);
      if (!fills) slide.background = { color: "000000" };
      // The title stays a real title for the outline and screen readers, drawn in black under the image (which
      // shows it already), so it neither shows nor peeks out of letterbox bars.
      if (title !== "") slide.addText(title, { placeholder: "title", color: "000000", fontSize: 40, fit: "shrink" });
      const box = fills ? { x: 0, y: 0, ...page } : containIn(size, page);
      slide.addImage({
        data: `image/png;base64,${Buffer.from(placeholderOf(picture)).toString("base64")}`,
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
  const written = await pptx.write({ outputType: "nodebuffer", compression: false });
  if (!(written instanceof Uint8Array)) throw new Error("pptxgenjs did not return bytes");
  return JSZip.loadAsync(written);
}

/** One entry per distinct picture (by identity), and each slide's picture number. */
function distinctPictures<T extends { identity: string }>(pictures: (T | undefined)[]): { distinct: T[]; numberOf: (number | null)[] } {
  const byIdentity = new Map<string, number>();
  const distinct: T[] = [];
  const numberOf = pictures.map((picture) => {
    if (!picture) return null;
    let number = byIdentity.get(picture.identity);
    if (number === undefined) {
      number = distinct.length;
      byIdentity.set(picture.identity, number);
      distinct.push(picture);
    }
    return number;
  });
  return { distinct, numberOf };
}

/**
 * The .pptx of a deck as a stream (see ExportStream; its size is known before it is written, so it can be
 * announced). Pictures are read from `open()` only when their entry is written, one at a time, and stored once
 * however many slides show them (every slide's picture refers to that one part). Refuses a deck without slides
 * (BadRequest).
 */
export async function pptxStream(deck: { title: string; slides: StreamedSlide[] }): Promise<ExportStream> {
  if (deck.slides.length === 0) throw new BadRequest(AT_LEAST_ONE_SLIDE);
  const { distinct, numberOf } = distinctPictures(deck.slides.map((slide) => slide.picture));
  const parts = await pptxParts(deck.title, deck.slides, (index) => numberOf[index] ?? null);
  const entries = Object.values(parts.files).filter((entry) => !entry.dir);

  // Which media part holds which picture; a picture placed on several slides keeps its first part only.
  const partOfPicture = new Map<number, string>();
  const sameAs = new Map<string, string>();
  for (const entry of entries) {
    if (!entry.name.startsWith("ppt/media/")) continue;
    const marker = /^slide-picture:(\d+)$/.exec(await entry.async("string"));
    if (!marker) continue;
    const picture = Number(marker[1]);
    const kept = partOfPicture.get(picture);
    if (kept === undefined) partOfPicture.set(picture, entry.name);
    else sameAs.set(entry.name, kept);
  }
  const pictureOfPart = new Map([...partOfPicture].map(([picture, name]) => [name, picture]));
  const relativeMedia = (name: string) => `../media/${name.slice("ppt/media/".length)}`;

  const zip = new ZipFile();
  let reading: Readable | null = null;
  // A PassThrough (yazl's types say only NodeJS.ReadableStream).
  const output = zip.outputStream as Readable;
  const fail = (error: Error) => output.destroy(error);
  zip.on("error", fail);
  // A client that goes away (or a failure) stops the picture being copied, which holds a file or a connection.
  output.once("close", () => reading?.destroy());
  const options = { compress: false, mtime: new Date() };
  for (const entry of entries) {
    if (sameAs.has(entry.name)) continue;
    const picture = pictureOfPart.get(entry.name);
    if (picture !== undefined) {
      const image = distinct[picture]!;
      zip.addReadStreamLazy(entry.name, { ...options, size: image.size }, (callback) => {
        image.open().then(
          (stream) => {
            reading = stream;
            stream.once("error", fail);
            callback(null, stream);
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), undefined as never),
        );
      });
      continue;
    }
    let bytes = await entry.async("nodebuffer");
    if (sameAs.size > 0 && entry.name.endsWith(".rels")) {
      let xml = bytes.toString("utf8");
      for (const [dropped, kept] of sameAs) xml = xml.replaceAll(`Target="${relativeMedia(dropped)}"`, `Target="${relativeMedia(kept)}"`);
      bytes = Buffer.from(xml, "utf8");
    }
    zip.addBuffer(bytes, entry.name, options);
  }
  // yazl answers the total size (-1 when unknown) once every entry's size is; its types leave the argument out.
  const end = zip.end.bind(zip) as (options: object, callback: (total: number) => void) => void;
  const size = await new Promise<number>((resolve) => end({}, resolve));
  return { stream: output, size: size >= 0 ? size : null };
}

/** An in-memory PNG as an export image (checked: a PNG, not too many pixels). */
export function imageOfBytes(bytes: Uint8Array, slideNumber: number): ExportImage {
  const { width, height } = pngSize(bytes, slideNumber);
  return {
    width,
    height,
    size: bytes.byteLength,
    identity: createHash("sha256").update(bytes).digest("hex"),
    open: async () => Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]),
  };
}

async function bytesOfStream(stream: Readable, limit = Number.POSITIVE_INFINITY): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    const piece = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    length += piece.length;
    if (length > limit) {
      stream.destroy();
      throw new Error(`more than ${limit} bytes`);
    }
    chunks.push(piece);
  }
  return Buffer.concat(chunks);
}

/**
 * A .pptx of in-memory slides (see pptxStream): the image of a slide fills it when present. Refuses a deck without
 * slides or an image that is not a PNG (BadRequest).
 */
export async function buildPptx(deck: ExportDeck): Promise<Uint8Array> {
  const slides = deck.slides.map(({ image, ...slide }, index) => (image ? { ...slide, picture: imageOfBytes(image, index + 1) } : slide));
  const { stream } = await pptxStream({ title: deck.title, slides });
  return new Uint8Array(await bytesOfStream(stream));
}

// ---- PDF ----

const latin1 = (text: string) => Buffer.from(text, "latin1");

/** A number as PDF writes it: at most four decimals, no exponent. */
function pdfNumber(value: number): string {
  return Number(value.toFixed(4)).toString();
}

/** A PNG's samples for the PDF, redrawn by resvg as 8-bit RGBA first when its format needs a full decoder. */
async function pdfImageOf(bytes: Buffer, slideNumber: number): Promise<PdfImageData> {
  try {
    const direct = await pdfImageData(bytes);
    if (direct) return direct;
    const { width, height } = pngSize(bytes, slideNumber);
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}">` +
      `<image x="0" y="0" width="${width}" height="${height}" xlink:href="data:image/png;base64,${bytes.toString("base64")}"/></svg>`;
    const redrawn = (await renderAsync(svg, { font: { loadSystemFonts: false } })).asPng();
    const image = await pdfImageData(redrawn);
    if (!image) throw new Error("the redrawn image is not 8-bit RGBA");
    return image;
  } catch (error) {
    if (error instanceof BadRequest) throw error;
    throw new BadRequest(`The image of slide ${slideNumber} is damaged.`);
  }
}

/**
 * The PDF's bytes in order: a header, per distinct picture its image (and soft mask), per slide its drawing and
 * page, then the page tree, catalogue and cross-reference table. One picture is in memory at a time.
 */
async function* pdfParts(images: ExportImage[]): AsyncGenerator<Buffer> {
  const offsets: number[] = [];
  let position = 0;
  let objects = 2; // 1: catalogue, 2: page tree
  const pending: Buffer[] = [];
  const put = (bytes: Buffer) => {
    pending.push(bytes);
    position += bytes.length;
  };
  const object = (number: number, dictionary: string, stream?: Buffer) => {
    offsets[number] = position;
    if (!stream) {
      put(latin1(`${number} 0 obj\n${dictionary}\nendobj\n`));
      return;
    }
    put(latin1(`${number} 0 obj\n${dictionary.slice(0, -2)} /Length ${stream.length} >>\nstream\n`));
    put(stream);
    put(latin1("\nendstream\nendobj\n"));
  };
  put(latin1("%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n"));

  const { numberOf } = distinctPictures(images);
  const imageObject = new Map<number, number>();
  const pages: number[] = [];
  const page = { width: PAGE_W_PT, height: PAGE_H_PT };
  for (const [index, picture] of images.entries()) {
    const distinct = numberOf[index]!;
    let image = imageObject.get(distinct);
    if (image === undefined) {
      const data = await pdfImageOf(await bytesOfStream(await picture.open(), MAX_PDF_IMAGE_BYTES), index + 1);
      const base = `/Type /XObject /Subtype /Image /Width ${data.width} /Height ${data.height} /BitsPerComponent 8 /Filter /FlateDecode`;
      let mask: number | null = null;
      if (data.alpha) {
        mask = ++objects;
        object(mask, `<< ${base} /ColorSpace /DeviceGray >>`, data.alpha);
      }
      image = ++objects;
      const colors = data.colorSpace === "DeviceGray" ? 1 : 3;
      const decode = data.predictor ? ` /DecodeParms << /Predictor 15 /Colors ${colors} /BitsPerComponent 8 /Columns ${data.width} >>` : "";
      object(image, `<< ${base} /ColorSpace /${data.colorSpace}${decode}${mask === null ? "" : ` /SMask ${mask} 0 R`} >>`, data.data);
      imageObject.set(distinct, image);
    }
    const fills = fillsPage(picture, page);
    const box = fills ? { x: 0, y: 0, ...page } : containIn(picture, page);
    const drawing =
      (fills ? "" : `0 0 0 rg 0 0 ${page.width} ${page.height} re f\n`) +
      `q ${pdfNumber(box.width)} 0 0 ${pdfNumber(box.height)} ${pdfNumber(box.x)} ${pdfNumber(box.y)} cm /Slide Do Q\n`;
    const content = ++objects;
    object(content, "<< >>", latin1(drawing));
    const pageObject = ++objects;
    object(
      pageObject,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.width} ${page.height}] /Resources << /XObject << /Slide ${image} 0 R >> >> /Contents ${content} 0 R >>`,
    );
    pages.push(pageObject);
    yield* pending.splice(0);
  }
  object(2, `<< /Type /Pages /Kids [${pages.map((number) => `${number} 0 R`).join(" ")}] /Count ${pages.length} >>`);
  object(1, "<< /Type /Catalog /Pages 2 0 R >>");
  const table = position;
  let xref = `xref\n0 ${objects + 1}\n0000000000 65535 f \n`;
  for (let number = 1; number <= objects; number += 1) xref += `${String(offsets[number]).padStart(10, "0")} 00000 n \n`;
  put(latin1(`${xref}trailer\n<< /Size ${objects + 1} /Root 1 0 R >>\nstartxref\n${table}\n%%EOF\n`));
  yield* pending.splice(0);
}

/**
 * A PDF with one 16:9 page per slide image (PNG), letterboxed on black when an image is not 16:9, as a stream (its
 * size is not known before). Refuses no images (BadRequest); a damaged image found while writing fails the stream
 * with BadRequest naming the slide.
 */
export function pdfStream(images: ExportImage[]): ExportStream {
  if (images.length === 0) throw new BadRequest(AT_LEAST_ONE_SLIDE);
  return { stream: Readable.from(pdfParts(images), { objectMode: false }), size: null };
}

/** A PDF of in-memory slide images (see pdfStream). Refuses no images, or an image that is not a PNG or is damaged. */
export async function buildPdf(images: Uint8Array[]): Promise<Uint8Array> {
  if (images.length === 0) throw new BadRequest(AT_LEAST_ONE_SLIDE);
  const { stream } = pdfStream(images.map((image, index) => imageOfBytes(image, index + 1)));
  return new Uint8Array(await bytesOfStream(stream));
}
