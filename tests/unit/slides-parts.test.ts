// The pieces under the slide renderer: colour arithmetic for brand colours, reading a picture's type and size
// from its bytes, sharing lines among cut bullets, and the text clean-up for the fonts.
import { describe, expect, it } from "vitest";
import { BadRequest } from "@/lib/errors";
import {
  backgroundFor,
  contrast,
  ensureContrast,
  gradientFor,
  isHexColour,
  mix,
  normaliseHex,
  parseHex,
  readableOn,
  readableOnAll,
  rotateHue,
} from "@/lib/slides/color";
import { shareLines } from "@/lib/slides/fit";
import { drawableText, slideFonts } from "@/lib/slides/fonts";
import { MAX_SLIDE_IMAGE_PIXELS, slideImageInfo } from "@/lib/slides/image";

function png(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

/** A JPEG whose frame header follows an APP0 and a comment segment, as real files have. */
function jpeg(width: number, height: number, frameMarker = 0xc0): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...new TextEncoder().encode("JFIF\0"), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const comment = [0xff, 0xfe, 0x00, 0x06, 0x61, 0x62, 0x63, 0x64];
  const frame = [0xff, frameMarker, 0x00, 0x11, 8, height >> 8, height & 255, width >> 8, width & 255, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return new Uint8Array([0xff, 0xd8, ...app0, ...comment, ...frame, 0xff, 0xd9]);
}

function gif(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(13);
  bytes.set(new TextEncoder().encode("GIF89a"));
  const view = new DataView(bytes.buffer);
  view.setUint16(6, width, true);
  view.setUint16(8, height, true);
  return bytes;
}

describe("colours", () => {
  it("reads #rgb and #rrggbb, with or without #, and refuses the rest", () => {
    expect(parseHex("#0f766e")).toEqual({ r: 15, g: 118, b: 110 });
    expect(normaliseHex("F80")).toBe("#ff8800");
    expect(isHexColour(" #ABCDEF ")).toBe(true);
    for (const bad of ["blue", "#12345", "#ggg", "rgb(1,2,3)", ""]) {
      expect(isHexColour(bad)).toBe(false);
      expect(() => parseHex(bad)).toThrow(BadRequest);
    }
  });

  it("measures contrast as WCAG does and picks readable text colours", () => {
    expect(contrast("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrast("#777777", "#777777")).toBeCloseTo(1, 5);
    expect(readableOn("#0a0a12")).toBe("#ffffff");
    expect(readableOn("#fde047")).toBe("#111827");
    // A middle tone where neither the near-black nor the cream reaches 4.5:1: the better one is pushed until it does.
    for (const background of ["#ec1313", "#7c5cff", "#808080", "#13b6ec"]) {
      expect(contrast(readableOn(background, "#1c1917", "#fff7ed"), background)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("finds a text colour for several backgrounds at once, and moves backgrounds under a given text", () => {
    // Already fine: unchanged. Grey on white and on a light card: darkened just enough for both.
    expect(readableOnAll(["#ffffff"], "#111111")).toBe("#111111");
    const grey = readableOnAll(["#ffffff", "#eeeeee"], "#9a9a9a");
    expect(Math.min(contrast(grey, "#ffffff"), contrast(grey, "#eeeeee"))).toBeGreaterThanOrEqual(4.5);
    // A light grey on a dark canvas and its lit part: lightened.
    const light = readableOnAll(["#0a0a12", "#3a3a50"], "#8b93a7");
    expect(Math.min(contrast(light, "#0a0a12"), contrast(light, "#3a3a50"))).toBeGreaterThanOrEqual(4.5);
    expect(parseHex(light).r).toBeGreaterThan(0x8b);
    // White text on a yellow background: the background is darkened, also where a 20 % white circle lies over it.
    const under = (colour: string) => [colour, mix(colour, "#ffffff", 0.2)];
    const yellow = backgroundFor("#ffff00", ["#ffffff"], under);
    for (const colour of under(yellow)) expect(contrast("#ffffff", colour)).toBeGreaterThanOrEqual(4.5);
    // A translucent dark text on a red to green gradient: both ends and the middle are made light enough.
    const [from, to] = gradientFor(["#ec1313", "#13ec13"], ["#1c1917", ["#1c1917", 0.82]]);
    for (const colour of [from, to, mix(from, to, 0.5)]) {
      expect(contrast(mix(colour, "#1c1917", 0.82), colour)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("moves a brand colour only as far as needed to stand out from a background", () => {
    // Already readable: unchanged.
    expect(ensureContrast("#1d4ed8", "#ffffff", 4.5)).toBe("#1d4ed8");
    // Navy on near-black gets lighter, yellow on white darker; both reach the ratio.
    const onDark = ensureContrast("#0b1a3a", "#0a0a12", 4.5);
    expect(contrast(onDark, "#0a0a12")).toBeGreaterThanOrEqual(4.5);
    expect(parseHex(onDark).b).toBeGreaterThan(parseHex("#0b1a3a").b);
    const onLight = ensureContrast("#fde047", "#ffffff", 3);
    expect(contrast(onLight, "#ffffff")).toBeGreaterThanOrEqual(3);
  });

  it("mixes and turns hues", () => {
    expect(mix("#000000", "#ffffff", 0.5)).toBe("#808080");
    expect(rotateHue("#ff0000", 120)).toBe("#00ff00");
    expect(rotateHue("#808080", 90)).toBe("#808080");
  });
});

describe("slideImageInfo", () => {
  it("reads the type and size of PNG, JPEG (progressive too) and GIF headers", () => {
    expect(slideImageInfo(png(640, 480))).toEqual({ mime: "image/png", width: 640, height: 480 });
    expect(slideImageInfo(jpeg(1200, 800))).toEqual({ mime: "image/jpeg", width: 1200, height: 800 });
    expect(slideImageInfo(jpeg(300, 200, 0xc2))).toEqual({ mime: "image/jpeg", width: 300, height: 200 });
    expect(slideImageInfo(gif(16, 9))).toEqual({ mime: "image/gif", width: 16, height: 9 });
  });

  it("refuses other files, cut-off headers, empty sizes and pixel floods", () => {
    const unreadable = "The slide image is not a readable JPG, PNG or GIF file.";
    const cases: Uint8Array[] = [
      new TextEncoder().encode("%PDF-1.7"),
      new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00]),
      png(0, 10),
      gif(10, 0),
      new Uint8Array(0),
    ];
    for (const bytes of cases) expect(() => slideImageInfo(bytes)).toThrow(unreadable);
    expect(() => slideImageInfo(png(8000, 5001))).toThrow("8000x5001 pixels");
    expect(() => slideImageInfo(png(8000, 5000))).not.toThrow();
    expect(8000 * 5000).toBe(MAX_SLIDE_IMAGE_PIXELS);
  });
});

describe("shareLines", () => {
  it("keeps bullets whole when the lines suffice", () => {
    expect(shareLines([2, 1, 3], 6)).toEqual([null, null, null]);
  });

  it("gives every bullet its first line, then shares the rest in order", () => {
    expect(shareLines([3, 3, 3], 5)).toEqual([2, 2, 1]);
    expect(shareLines([1, 4, 2], 5)).toEqual([null, 2, null]);
    expect(shareLines([1, 4, 2], 6)).toEqual([null, 3, null]);
  });

  it("drops bullets from the end when not even one line each fits", () => {
    expect(shareLines([2, 2, 2, 2], 2)).toEqual([1, 1]);
    expect(shareLines([2, 2], 0)).toEqual([]);
    expect(shareLines([2, 2], -3)).toEqual([]);
  });
});

describe("fonts and text", () => {
  it("loads the fonts once per process", async () => {
    const first = await slideFonts();
    expect(await slideFonts()).toBe(first);
    // Four weights of each of the seven script subsets Inter ships.
    expect(first.fonts).toHaveLength(28);
    expect(first.fonts.filter((font) => font.name === "Inter").map((font) => font.weight)).toEqual([400, 600, 700, 800]);
  });

  it("keeps what the fonts can draw and leaves out the rest", async () => {
    const { ranges } = await slideFonts();
    expect(drawableText("  Tiếng Việt,\tÅngström\nи Ελλάδα  ", ranges)).toBe("Tiếng Việt, Ångström и Ελλάδα");
    expect(drawableText("Launch 🚀 day 👩‍💻 — 東京 “quoted” …", ranges)).toBe("Launch day — “quoted” …");
    expect(drawableText("soft\u00adhyphen and\u0007bell", ranges)).toBe("softhyphen andbell");
  });
});
