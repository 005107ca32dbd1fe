import { execFile } from "node:child_process";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { promisify } from "node:util";
import zlib from "node:zlib";
import JSZip from "jszip";
import { PDFDocument } from "pdf-lib";
import { Readable } from "node:stream";
import { extractImages, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BadRequest } from "@/lib/errors";
import { buildPdf, buildPptx, pdfStream, pptxStream, type ExportImage, type ExportSlide } from "@/lib/pptx/export";
import { popplerAvailable } from "@/lib/pptx/office";
import { parsePptx } from "@/lib/pptx/parse";
import { unfilterRows } from "@/lib/pptx/png";
import { jpegHead } from "../fixtures/images";
import { decodePng, encodePng, pixelAt, svgPng, type Pixels } from "../fixtures/pptx";
import { makeTempDir } from "../fixtures/temp";

/** The pixel check needs poppler's pdftoppm (Debian poppler-utils); without it the test says it was skipped. */
const hasPoppler = await popplerAvailable();

let temp: Awaited<ReturnType<typeof makeTempDir>>;
beforeAll(async () => {
  temp = await makeTempDir("pptx-export");
});
afterAll(() => temp.remove());

const EMU_PER_INCH = 914400;
const SLIDE_W_EMU = Math.round(13.333 * EMU_PER_INCH);
const SLIDE_H_EMU = Math.round(7.5 * EMU_PER_INCH);

/** A 1920x1080 slide render: a dark background with a yellow disc. */
const wideSlide = svgPng(
  `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1080"><rect width="1920" height="1080" fill="#1e3a8a"/><circle cx="960" cy="540" r="300" fill="#fbbf24"/></svg>`,
);
/** A square picture, which must be letterboxed rather than stretched. */
const squareSlide = svgPng(
  `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect width="600" height="600" fill="#16a34a"/></svg>`,
);

async function badRequest(promise: Promise<unknown>): Promise<BadRequest> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof BadRequest) return error;
    throw error;
  }
  throw new Error("the export was built");
}

describe("buildPptx", () => {
  const slides: ExportSlide[] = [
    { title: "Welcome", content: "", script: "Hello and welcome.\nToday we look at three things." },
    { title: "Highlights", content: "- Revenue grew 12%\n• Churn fell to 3%\n\nTwo new markets & partners", script: "Three things stood out." },
    { title: "The Team", content: "Hired 4 engineers", script: "  ", image: wideSlide },
    { title: "A Square Photo", content: "", script: "Here is the photo <taken in May>.", image: squareSlide },
    { title: "", content: "Questions?", script: "Thank you for listening." },
  ];

  it("writes one slide per slide with the narration as speaker notes, read back by parsePptx", async () => {
    const bytes = await buildPptx({ title: "Quarterly Review", slides });
    await writeFile(temp.file("export.pptx"), bytes);
    const parsed = await parsePptx(temp.file("export.pptx"));
    expect(parsed.slides).toEqual([
      { slideNumber: 1, title: "Welcome", content: "", notes: "Hello and welcome.\nToday we look at three things." },
      {
        slideNumber: 2,
        title: "Highlights",
        content: "Revenue grew 12%\nChurn fell to 3%\nTwo new markets & partners",
        notes: "Three things stood out.",
      },
      // Image slides keep their title as a real title (under the picture); the picture is the content.
      { slideNumber: 3, title: "The Team", content: "", notes: "" },
      { slideNumber: 4, title: "A Square Photo", content: "", notes: "Here is the photo <taken in May>." },
      { slideNumber: 5, title: "", content: "Questions?", notes: "Thank you for listening." },
    ]);
  });

  it("places a 16:9 image full-bleed and letterboxes another shape on black, above the title", async () => {
    const zip = await JSZip.loadAsync(await buildPptx({ title: "Pictures", slides }));
    const picture = async (slide: number) => {
      const xml = (await zip.file(`ppt/slides/slide${slide}.xml`)?.async("string")) ?? "";
      const pic = /<p:pic>[\s\S]*?<a:off x="(\d+)" y="(\d+)"\/>\s*<a:ext cx="(\d+)" cy="(\d+)"\/>/.exec(xml);
      if (!pic) throw new Error(`slide ${slide} has no picture`);
      const [x, y, cx, cy] = pic.slice(1).map(Number) as [number, number, number, number];
      return { xml, x, y, cx, cy };
    };
    const wide = await picture(3);
    expect([wide.x, wide.y]).toEqual([0, 0]);
    expect(Math.abs(wide.cx - SLIDE_W_EMU)).toBeLessThan(1000);
    expect(Math.abs(wide.cy - SLIDE_H_EMU)).toBeLessThan(1000);
    // The picture is drawn after (so above) the title placeholder.
    expect(wide.xml.indexOf("<p:pic>")).toBeGreaterThan(wide.xml.indexOf('type="title"'));
    expect(wide.xml).toContain('descr="The Team"');

    const square = await picture(4);
    expect(Math.abs(square.cx - square.cy)).toBeLessThan(1000);
    expect(Math.abs(square.cy - SLIDE_H_EMU)).toBeLessThan(1000);
    expect(Math.abs(square.x - (SLIDE_W_EMU - square.cx) / 2)).toBeLessThan(1000);
    expect(square.xml).toMatch(/<p:bg>[\s\S]*000000[\s\S]*<\/p:bg>/);

    const text = (await zip.file("ppt/slides/slide2.xml")?.async("string")) ?? "";
    expect(text).not.toContain("<p:pic>");
    expect(text).toContain('type="body"');
    expect(text).toContain("<a:t>Revenue grew 12%</a:t>");
  });

  it("refuses a deck without slides and an image that is not a PNG, naming the slide", async () => {
    const empty = await badRequest(buildPptx({ title: "Nothing", slides: [] }));
    expect(empty.detail).toBe("A presentation must have at least one slide");
    const jpeg = await badRequest(
      buildPptx({ title: "Photo", slides: [slides[0]!, { title: "JPEG", content: "", script: "", image: jpegHead() }] }),
    );
    expect(jpeg.status).toBe(400);
    expect(jpeg.detail).toBe("The image of slide 2 is not a PNG image.");
  });
});

/** Blocks of 20x20 pixels in colours from their position; every third block row half transparent. */
function blockColour(x: number, y: number): [number, number, number, number] {
  const bx = Math.floor(x / 20);
  const by = Math.floor(y / 20);
  return [(bx * 37 + 10) & 255, (by * 53 + 20) & 255, ((bx + by) * 29) & 255, by % 3 === 0 ? 128 : 255];
}

function blockPixels(width: number, height: number, channels: 3 | 4): Buffer {
  const pixels = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const colour = blockColour(x, y);
      for (let c = 0; c < channels; c += 1) pixels[(y * width + x) * channels + c] = colour[c]!;
    }
  }
  return pixels;
}

/** Every filter type, row after row. */
const ALL_FILTERS = [0, 1, 2, 3, 4, 4, 3, 1, 2];
const rgbaBlocks = encodePng({ width: 960, height: 540, colorType: 6, pixels: blockPixels(960, 540, 4), filters: ALL_FILTERS });
const rgbBlocks = encodePng({ width: 960, height: 540, colorType: 2, pixels: blockPixels(960, 540, 3), filters: ALL_FILTERS });
/** 16-bit and palette PNGs are left to pdf-lib. */
const rgb16Blocks = encodePng({ width: 96, height: 54, colorType: 2, pixels: blockPixels(96, 54, 3), bitDepth: 16, filters: [1] });
const palettePng = encodePng({
  width: 16,
  height: 9,
  colorType: 3,
  palette: Buffer.from([0, 200, 0, 250, 220, 0]),
  pixels: Buffer.from(Array.from({ length: 16 * 9 }, (_, i) => (i % 16 < 8 ? 0 : 1))),
});
/** White, square: letterboxed between black bars. */
const whiteSquare = encodePng({ width: 54, height: 54, colorType: 2, pixels: Buffer.alloc(54 * 54 * 3, 255) });

/** Where a block's colour lands on a white page: alpha blends it with the white under it. */
function onWhite(colour: [number, number, number, number]): [number, number, number] {
  const a = colour[3] / 255;
  return [0, 1, 2].map((c) => Math.round(colour[c]! * a + 255 * (1 - a))) as [number, number, number];
}

function expectColour(image: Pixels, x: number, y: number, expected: [number, number, number], label: string) {
  const [r, g, b] = pixelAt(image, x, y);
  const off = Math.max(Math.abs(r - expected[0]), Math.abs(g - expected[1]), Math.abs(b - expected[2]));
  expect(off, `${label} at ${x},${y}: got ${[r, g, b].join(",")}, expected ${expected.join(",")}`).toBeLessThanOrEqual(1);
}

describe("buildPdf", () => {
  const images = [rgbaBlocks, rgbBlocks, rgb16Blocks, palettePng, whiteSquare, wideSlide];

  it("the test images are what they claim (decoded by resvg, not by the code under test)", () => {
    const decoded = decodePng(rgbaBlocks, 960, 540);
    for (const [x, y] of [[10, 30], [475, 290], [950, 530], [333, 77]] as const) {
      const [r, g, b, a] = pixelAt(decoded, x, y);
      const expected = blockColour(x, y);
      expect(a).toBe(expected[3]);
      if (a === 255) expect([r, g, b]).toEqual(expected.slice(0, 3));
    }
  });

  it("undoes every PNG row filter exactly (the pixels the encoder was given, and resvg decodes)", () => {
    for (const [png, channels] of [[rgbaBlocks, 4], [rgbBlocks, 3]] as const) {
      const idat = Buffer.from(png).subarray(33 + 8, png.length - 12 - 4);
      const rows = unfilterRows(zlib.inflateSync(idat), 960, 540, channels);
      expect(rows.equals(blockPixels(960, 540, channels))).toBe(true);
    }
    expect(() => unfilterRows(Buffer.from([5, 1, 2, 3]), 1, 1, 3)).toThrow("PNG row filter 5 is not defined");
    expect(() => unfilterRows(Buffer.from([0, 1, 2]), 1, 1, 3)).toThrow("shorter");
  });

  it("writes one 16:9 page per slide image", async () => {
    const pdf = await PDFDocument.load(await buildPdf(images));
    expect(pdf.getPageCount()).toBe(images.length);
    for (const page of pdf.getPages()) expect(page.getSize()).toEqual({ width: 960, height: 540 });
  });

  it("refuses no images, a JPEG and a damaged PNG, naming the slide", async () => {
    expect((await badRequest(buildPdf([]))).detail).toBe("A presentation must have at least one slide");
    expect((await badRequest(buildPdf([wideSlide, jpegHead()]))).detail).toBe("The image of slide 2 is not a PNG image.");
    const damaged = Buffer.from(rgbaBlocks);
    damaged.fill(7, 60, 400); // inside the IDAT stream
    expect((await badRequest(buildPdf([damaged]))).detail).toBe("The image of slide 1 is damaged.");
  });

  it.skipIf(!hasPoppler)("draws every image's pixels as they are, alpha over white (checked with poppler)", async () => {
    const file = temp.file("slides.pdf");
    await writeFile(file, await buildPdf(images));
    await promisify(execFile)("pdftoppm", ["-r", "72", "-png", file, temp.file("page")], { timeout: 60_000 });
    const names = (await readdir(temp.dir)).filter((name) => name.startsWith("page-")).sort();
    expect(names).toHaveLength(images.length);
    const pages = await Promise.all(names.map(async (name) => decodePng(await readFile(temp.file(name)), 960, 540)));

    for (let by = 0; by < 27; by += 1) {
      for (let bx = 0; bx < 48; bx += 5) {
        const [x, y] = [bx * 20 + 10, by * 20 + 10];
        expectColour(pages[0]!, x, y, onWhite(blockColour(x, y)), "RGBA, unfiltered here");
        const [r, g, b] = blockColour(x, y);
        expectColour(pages[1]!, x, y, [r, g, b], "RGB, passed through");
      }
    }
    // 96x54 scaled to 960x540: block (bx, by) of the small image covers 200x200 page pixels.
    expectColour(pages[2]!, 100, 300, blockColour(10, 30).slice(0, 3) as [number, number, number], "16-bit, via pdf-lib");
    expectColour(pages[3]!, 200, 270, [0, 200, 0], "palette, via pdf-lib");
    expectColour(pages[3]!, 760, 270, [250, 220, 0], "palette, via pdf-lib");
    expectColour(pages[4]!, 100, 270, [0, 0, 0], "letterbox bar");
    expectColour(pages[4]!, 480, 270, [255, 255, 255], "square image");
    expectColour(pages[4]!, 860, 270, [0, 0, 0], "letterbox bar");
    expectColour(pages[5]!, 480, 270, [0xfb, 0xbf, 0x24], "resvg render");
    expectColour(pages[5]!, 20, 20, [0x1e, 0x3a, 0x8a], "resvg render");
  });
});

/**
 * Pictures that say when they are opened and how many are open at once; each is `size` bytes of its own value,
 * handed out in pieces of 64 KB as storage does.
 */
function watchedPictures(count: number, size: number, png?: Uint8Array) {
  const log = { opened: 0, open: 0, mostOpen: 0, openedBeforeFirstByte: -1 };
  const pictures: ExportImage[] = Array.from({ length: count }, (_, index) => ({
    width: 1920,
    height: 1080,
    size: png ? png.length : size,
    identity: `picture-${index}`,
    open: async () => {
      log.opened += 1;
      log.open += 1;
      log.mostOpen = Math.max(log.mostOpen, log.open);
      const bytes = png ? Buffer.from(png) : Buffer.alloc(size, index);
      const stream = Readable.from((function* () {
        for (let at = 0; at < bytes.length; at += 65_536) yield bytes.subarray(at, at + 65_536);
      })());
      stream.once("close", () => (log.open -= 1));
      return stream;
    },
  }));
  return { pictures, log };
}

async function drain(stream: Readable, log: { opened: number; openedBeforeFirstByte: number }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    if (chunks.length === 0) log.openedBeforeFirstByte = log.opened;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

describe("streamed export", () => {
  it("the .pptx reads each picture when its entry is written, one at a time, stores a repeated picture once, and announces its size", async () => {
    const { pictures, log } = watchedPictures(10, 300_000);
    // Twelve slides: ten pictures, the first and the second shown twice.
    const shown = [...pictures, pictures[0]!, pictures[1]!];
    const { stream, size } = await pptxStream({
      title: "Photographs",
      slides: shown.map((picture, index) => ({ title: `Photo ${index + 1}`, content: "", script: `Photo ${index + 1}.`, picture })),
    });
    const bytes = await drain(stream, log);
    expect(size).toBe(bytes.length);
    // Bytes are on their way before more than the first picture is opened.
    expect(log.openedBeforeFirstByte).toBeLessThanOrEqual(1);
    expect(log).toMatchObject({ opened: 10, mostOpen: 1, open: 0 });

    const zip = await JSZip.loadAsync(bytes);
    const media = Object.keys(zip.files).filter((name) => name.startsWith("ppt/media/") && !zip.files[name]!.dir);
    expect(media).toHaveLength(10);
    const targetOf = async (slide: number) =>
      /Target="\.\.\/media\/([^"]+)"/.exec(await zip.file(`ppt/slides/_rels/slide${slide}.xml.rels`)!.async("string"))![1];
    expect(await targetOf(11)).toBe(await targetOf(1));
    expect(await targetOf(12)).toBe(await targetOf(2));
    for (let slide = 1; slide <= 10; slide += 1) {
      const picture = await zip.file(`ppt/media/${await targetOf(slide)}`)!.async("nodebuffer");
      expect(picture.equals(Buffer.alloc(300_000, slide - 1))).toBe(true);
    }
  });

  it("the PDF reads one picture at a time and writes each picture once, however many pages show it", async () => {
    const { pictures, log } = watchedPictures(3, 0, wideSlide);
    const { stream, size } = pdfStream([...pictures, pictures[0]!]);
    expect(size).toBeNull();
    const bytes = await drain(stream, log);
    expect(log).toMatchObject({ opened: 3, mostOpen: 1, open: 0 });
    const pdf = await PDFDocument.load(new Uint8Array(bytes));
    expect(pdf.getPageCount()).toBe(4);
    expect(bytes.toString("latin1").match(/\/Subtype \/Image/g)).toHaveLength(3);
  });

  it("the PDF's images are the slides' pixels, alpha as a soft mask (read back by pdf.js)", async () => {
    const document = await getDocumentProxy(new Uint8Array(await buildPdf([rgbaBlocks, rgbBlocks, palettePng])));
    const [rgba] = await extractImages(document, 1);
    expect(rgba).toMatchObject({ width: 960, height: 540, channels: 4 });
    const [rgb] = await extractImages(document, 2);
    expect(rgb).toMatchObject({ width: 960, height: 540, channels: 3 });
    for (const [x, y] of [[10, 30], [475, 290], [950, 530], [333, 77]] as const) {
      const expected = blockColour(x, y);
      expect(Array.from(rgba!.data.subarray((y * 960 + x) * 4, (y * 960 + x) * 4 + 4))).toEqual(expected);
      expect(Array.from(rgb!.data.subarray((y * 960 + x) * 3, (y * 960 + x) * 3 + 3))).toEqual(expected.slice(0, 3));
    }
    // A palette image is redrawn as RGBA by resvg first.
    const [palette] = await extractImages(document, 3);
    expect(palette).toMatchObject({ width: 16, height: 9 });
    const channels = palette!.channels;
    expect(Array.from(palette!.data.subarray(0, 3))).toEqual([0, 200, 0]);
    expect(Array.from(palette!.data.subarray(15 * channels, 15 * channels + 3))).toEqual([250, 220, 0]);
  });
});
