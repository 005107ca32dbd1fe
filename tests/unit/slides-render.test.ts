// The five slide templates drawn for real (satori + resvg, the project's Inter fonts): sizes, overlong text kept
// inside the slide, pictures of each accepted type, the brand colour, and refused input.
import { Resvg } from "@resvg/resvg-js";
import { describe, expect, it } from "vitest";
import { BadRequest } from "@/lib/errors";
import {
  benchmarkRender,
  isTemplateId,
  renderSlide,
  renderSlideImage,
  renderSlideSet,
  TEMPLATES,
  type RenderedSlide,
  type SlideInput,
  type SlideSize,
  type TemplateId,
} from "@/lib/slides/render";

// Rendering is CPU-bound and the test machine is shared: generous limits, the work itself is what is tested.
const SLOW = 120_000;

/** 16x16 JPEG of #10c040 and GIF of #2040e0, made with ffmpeg. */
const GREEN_JPEG = Buffer.from(
  "/9j/4AAQSkZJRgABAgAAAQABAAD//gAQTGF2YzU5LjM3LjEwMAD/2wBDAAgEBAQEBAUFBQUFBQYGBgYGBgYGBgYGBgYHBwcICAgHBwcGBgcHCAgICAkJCQgICAgJCQoKCgwMCwsODg4RERT/xABMAAEBAAAAAAAAAAAAAAAAAAAAAgEBAQAAAAAAAAAAAAAAAAAABgcQAQAAAAAAAAAAAAAAAAAAAAARAQAAAAAAAAAAAAAAAAAAAAD/wAARCAAQABADASIAAhEAAxEA/9oADAMBAAIRAxEAPwCAB1Mn/9k=",
  "base64",
);
const BLUE_GIF = Buffer.from(
  "R0lGODlhEAAQAPcfMQAAACQAAEgAAGwAAJAAALQAANgAAPwAAAAkACQkAEgkAGwkAJAkALQkANgkAPwkAABIACRIAEhIAGxIAJBIALRIANhIAPxIAABsACRsAEhsAGxsAJBsALRsANhsAPxsAACQACSQAEiQAGyQAJCQALSQANiQAPyQAAC0ACS0AEi0AGy0AJC0ALS0ANi0APy0AADYACTYAEjYAGzYAJDYALTYANjYAPzYAAD8ACT8AEj8AGz8AJD8ALT8ANj8APz8AAAAVSQAVUgAVWwAVZAAVbQAVdgAVfwAVQAkVSQkVUgkVWwkVZAkVbQkVdgkVfwkVQBIVSRIVUhIVWxIVZBIVbRIVdhIVfxIVQBsVSRsVUhsVWxsVZBsVbRsVdhsVfxsVQCQVSSQVUiQVWyQVZCQVbSQVdiQVfyQVQC0VSS0VUi0VWy0VZC0VbS0Vdi0Vfy0VQDYVSTYVUjYVWzYVZDYVbTYVdjYVfzYVQD8VST8VUj8VWz8VZD8VbT8Vdj8Vfz8VQAAqiQAqkgAqmwAqpAAqrQAqtgAqvwAqgAkqiQkqkgkqmwkqpAkqrQkqtgkqvwkqgBIqiRIqkhIqmxIqpBIqrRIqthIqvxIqgBsqiRsqkhsqmxsqpBsqrRsqthsqvxsqgCQqiSQqkiQqmyQqpCQqrSQqtiQqvyQqgC0qiS0qki0qmy0qpC0qrS0qti0qvy0qgDYqiTYqkjYqmzYqpDYqrTYqtjYqvzYqgD8qiT8qkj8qmz8qpD8qrT8qtj8qvz8qgAA/yQA/0gA/2wA/5AA/7QA/9gA//wA/wAk/yQk/0gk/2wk/5Ak/7Qk/9gk//wk/wBI/yRI/0hI/2xI/5BI/7RI/9hI//xI/wBs/yRs/0hs/2xs/5Bs/7Rs/9hs//xs/wCQ/ySQ/0iQ/2yQ/5CQ/7SQ/9iQ//yQ/wC0/yS0/0i0/2y0/5C0/7S0/9i0//y0/wDY/yTY/0jY/2zY/5DY/7TY/9jY//zY/wD8/yT8/0j8/2z8/5D8/7T8/9j8//z8/yH/C05FVFNDQVBFMi4wAwEAAAAh+QQEAAAfACwAAAAAEAAQAAAIVwAjRRMYKRnBgQMNRjOILBqySA0ZOoSI8KDFihMlMixI0SBHjB8PPoxIceRCihdTIiTJ8iRJiwphCpRokiZKkDgFPtQIkePLmBWB6uxYkmhDlSpb8iQZEAA7",
  "base64",
);

function redPng(): Uint8Array {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><rect width="64" height="48" fill="#e01010"/></svg>';
  return new Uint8Array(new Resvg(svg).render().asPng());
}

function pngSize(png: Uint8Array): { width: number; height: number } {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function pixel(slide: RenderedSlide, x: number, y: number): [number, number, number] {
  const at = (Math.round(y) * slide.width + Math.round(x)) * 4;
  return [slide.pixels[at]!, slide.pixels[at + 1]!, slide.pixels[at + 2]!];
}

function hexRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function near(actual: [number, number, number], expected: [number, number, number], tolerance: number): boolean {
  return actual.every((channel, index) => Math.abs(channel - expected[index]!) <= tolerance);
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the render to be refused");
}

const CONTENT: SlideInput = {
  title: "Choosing a bin and a spot",
  bullets: ["An open heap needs no bin at all", "Put the bin on bare soil", "Half shade keeps the pile moist"],
  slideNumber: 3,
  totalSlides: 9,
};

const LONG_TITLE = `${"An extraordinarily long slide title that keeps on going ".repeat(4)}`.slice(0, 200);
const LONG_BULLETS = Array.from(
  { length: 6 },
  (_, index) =>
    `Bullet ${index + 1} explains a detail at great length, then adds a second clause with specifics, and a third clause, and still continues with more words than any slide could hold at its largest size`,
);

describe("template catalogue", () => {
  it("lists the five templates of the spec with names and descriptions", () => {
    expect(TEMPLATES.map((template) => template.id)).toEqual(["professional", "creative", "minimal", "academic", "startup"]);
    for (const template of TEMPLATES) {
      expect(template.name.length).toBeGreaterThan(0);
      expect(template.description.length).toBeGreaterThan(20);
      expect(isTemplateId(template.id)).toBe(true);
    }
    expect(isTemplateId("manual")).toBe(false);
    expect(isTemplateId(undefined)).toBe(false);
  });
});

describe("renderSlide", () => {
  it.each(TEMPLATES.map((template) => template.id))(
    "%s draws the title slide and a content slide at web, mobile and thumbnail size",
    async (template) => {
      const sizes: [SlideSize, number, number][] = [
        ["web", 1920, 1080],
        ["mobile", 1080, 1350],
        ["thumbnail", 480, 270],
      ];
      for (const [size, width, height] of sizes) {
        const title = await renderSlide({ ...CONTENT, slideNumber: 1 }, { template, size });
        const content = await renderSlide(CONTENT, { template, size });
        expect(pngSize(title)).toEqual({ width, height });
        expect(pngSize(content)).toEqual({ width, height });
        // The first slide is laid out as a title slide unless told otherwise.
        expect(Buffer.from(title).equals(Buffer.from(content))).toBe(false);
      }
    },
    SLOW,
  );

  it(
    "gives each template its own look",
    async () => {
      const renders = await Promise.all(TEMPLATES.map((template) => renderSlideImage(CONTENT, { template: template.id, size: "thumbnail" })));
      for (let a = 0; a < renders.length; a += 1) {
        for (let b = a + 1; b < renders.length; b += 1) {
          let differing = 0;
          for (let index = 0; index < renders[a]!.pixels.length; index += 4) {
            const left = renders[a]!.pixels;
            const right = renders[b]!.pixels;
            const distance = Math.abs(left[index]! - right[index]!) + Math.abs(left[index + 1]! - right[index + 1]!) + Math.abs(left[index + 2]! - right[index + 2]!);
            if (distance > 30) differing += 1;
          }
          // More than a tenth of the slide differs visibly between any two templates.
          expect(differing / (renders[a]!.pixels.length / 4), `${TEMPLATES[a]!.id} vs ${TEMPLATES[b]!.id}`).toBeGreaterThan(0.1);
        }
      }
    },
    SLOW,
  );

  it("draws all sizes at once exactly as one at a time", async () => {
    const options = { template: "creative", brandColor: "#0f766e" } as const;
    const set = await renderSlideSet({ ...CONTENT, image: redPng() }, options);
    expect(Object.keys(set).sort()).toEqual(["mobile", "thumbnail", "web"]);
    for (const size of ["web", "mobile", "thumbnail"] as const) {
      const single = await renderSlide({ ...CONTENT, image: redPng() }, { ...options, size });
      expect(Buffer.from(set[size]).equals(Buffer.from(single)), size).toBe(true);
    }
    const some = await renderSlideSet(CONTENT, { template: "minimal", sizes: ["thumbnail"] });
    expect(Object.keys(some)).toEqual(["thumbnail"]);
    expect(pngSize(some.thumbnail)).toEqual({ width: 480, height: 270 });
  }, SLOW);

  it("draws a thumbnail as the web slide made small", async () => {
    const web = await renderSlideImage(CONTENT, { template: "academic", size: "web" });
    const thumbnail = await renderSlideImage(CONTENT, { template: "academic", size: "thumbnail" });
    expect(thumbnail.layout.fitted).toEqual(web.layout.fitted);
    expect(thumbnail.layout.layoutWidth).toBe(1920);
  }, SLOW);
});

describe("overlong text", () => {
  const long: SlideInput = { title: LONG_TITLE, bullets: LONG_BULLETS, slideNumber: 4, totalSlides: 9 };
  const short: SlideInput = { title: "A", bullets: ["b"], slideNumber: 4, totalSlides: 9 };

  it.each(TEMPLATES.map((template) => template.id))(
    "%s shrinks, wraps and cuts a 200-character title and six long bullets inside the slide",
    async (template: TemplateId) => {
      expect(LONG_TITLE).toHaveLength(200);
      for (const size of ["web", "mobile"] as const) {
        for (const image of [null, redPng()]) {
          const label = `${template} ${size}${image ? " with picture" : ""}`;
          const rendered = await renderSlideImage({ ...long, image }, { template, size });
          const { width, height, layout } = rendered;

          // Every piece of text, the page number included, lies on the canvas...
          expect(rendered.textBoxes.length, label).toBeGreaterThan(0);
          for (const box of rendered.textBoxes) {
            expect(box.left, `${label}: ${box.text}`).toBeGreaterThanOrEqual(0);
            expect(box.top, `${label}: ${box.text}`).toBeGreaterThanOrEqual(0);
            expect(box.left + box.width, `${label}: ${box.text}`).toBeLessThanOrEqual(width);
            expect(box.top + box.height, `${label}: ${box.text}`).toBeLessThanOrEqual(height);
          }
          // ...and the title and bullets stay above the frame at the bottom.
          const fittedText = rendered.textBoxes.filter((box) => box.text === LONG_TITLE || box.text.startsWith("Bullet "));
          expect(fittedText.length, label).toBeGreaterThan(1);
          for (const box of fittedText) expect(box.top + box.height, `${label}: ${box.text}`).toBeLessThanOrEqual(layout.textBottom);

          // The text got smaller than the largest size, and what still did not fit was cut.
          const { title, bullets } = layout.fitted;
          expect(title && bullets, label).toBeTruthy();
          expect(title!.size < title!.largest || title!.truncated, label).toBe(true);
          expect(bullets!.size < bullets!.largest || bullets!.truncated, label).toBe(true);

          // Below the text the slide is pixel for pixel what it is with almost no text.
          const plain = await renderSlideImage({ ...short, image }, { template, size });
          const from = (layout.textBottom + 1) * width * 4;
          expect(Buffer.from(rendered.pixels.subarray(from)).equals(Buffer.from(plain.pixels.subarray(from))), label).toBe(true);

          // The bottom edge keeps the background colour (startup's glows make its edge a gradient; the comparison
          // above covers it).
          if (!image && template !== "startup") {
            const background = hexRgb(layout.background);
            for (let y = height - 6; y < height; y += 1) {
              for (let x = Math.round(width * 0.25); x < width * 0.75; x += 7) {
                expect(near(pixel(rendered, x, y), background, 2), `${label} at ${x},${y}`).toBe(true);
              }
            }
          }
        }
      }
    },
    SLOW,
  );
});

describe("pictures", () => {
  const cases: [string, Uint8Array, [number, number, number], number][] = [
    ["PNG", redPng(), [0xe0, 0x10, 0x10], 4],
    ["JPEG", new Uint8Array(GREEN_JPEG), [0x10, 0xc0, 0x40], 14],
    ["GIF", new Uint8Array(BLUE_GIF), [0x20, 0x40, 0xe0], 40],
  ];
  it.each(cases)("embeds a %s beside the text", async (_kind, image, colour, tolerance) => {
    // Professional's web picture bleeds off the right edge from x = 1080.
    const rendered = await renderSlideImage({ ...CONTENT, image }, { template: "professional", size: "web" });
    expect(near(pixel(rendered, 1500, 540), colour, tolerance)).toBe(true);
    expect(near(pixel(rendered, 600, 1000), [255, 255, 255], 0)).toBe(true);
  }, SLOW);

  it("places the picture above the text on mobile", async () => {
    const rendered = await renderSlideImage({ ...CONTENT, image: redPng() }, { template: "professional", size: "mobile" });
    // Professional's mobile picture spans the width under the title band (y 360 to 800), the bullets follow.
    expect(near(pixel(rendered, 540, 580), [0xe0, 0x10, 0x10], 4)).toBe(true);
    const title = rendered.textBoxes.find((box) => box.text === CONTENT.title)!;
    const bullets = rendered.textBoxes.filter((box) => CONTENT.bullets.includes(box.text));
    expect(title.top + title.height).toBeLessThan(360);
    expect(bullets).toHaveLength(3);
    for (const bullet of bullets) expect(bullet.top).toBeGreaterThan(800);
  }, SLOW);

  it("refuses bytes that are no JPG, PNG or GIF, and a declared pixel flood, without drawing", async () => {
    const notImage = await caught(renderSlide({ ...CONTENT, image: new TextEncoder().encode("<svg></svg>") }, { template: "minimal", size: "web" }));
    expect(notImage).toBeInstanceOf(BadRequest);
    expect((notImage as BadRequest).detail).toBe("The slide image is not a readable JPG, PNG or GIF file.");

    // A PNG header claiming 100,000 x 100,000 pixels: refused from the header alone.
    const flood = new Uint8Array(redPng());
    new DataView(flood.buffer).setUint32(16, 100_000);
    new DataView(flood.buffer).setUint32(20, 100_000);
    const started = performance.now();
    const error = await caught(renderSlide({ ...CONTENT, image: flood }, { template: "minimal", size: "web" }));
    expect((error as BadRequest).detail).toBe("The slide image is 100000x100000 pixels; images of at most 40 megapixels are accepted.");
    expect(performance.now() - started).toBeLessThan(5_000);
  }, SLOW);
});

describe("brand colour", () => {
  it("replaces the template's accent", async () => {
    // Professional's edge bar is the accent: the template's blue by default, the brand colour when given.
    const plain = await renderSlideImage(CONTENT, { template: "professional", size: "web" });
    const branded = await renderSlideImage(CONTENT, { template: "professional", size: "web", brandColor: "#0F766E" });
    expect(pixel(plain, 5, 540)).toEqual(hexRgb("#2563eb"));
    expect(pixel(branded, 5, 540)).toEqual(hexRgb("#0f766e"));
    const short = await renderSlideImage(CONTENT, { template: "professional", size: "web", brandColor: "#c00" });
    expect(pixel(short, 5, 540)).toEqual([0xcc, 0, 0]);
  }, SLOW);

  it("refuses a colour that is not hex", async () => {
    const error = await caught(renderSlide(CONTENT, { template: "creative", size: "web", brandColor: "blue" }));
    expect(error).toBeInstanceOf(BadRequest);
    expect((error as BadRequest).detail).toBe('Brand colour "blue" is not a hex colour such as #1d4ed8.');
  });
});

describe("refused input", () => {
  const refusals: [string, SlideInput, Partial<{ template: string; size: string }>, string][] = [
    ["an unknown template", CONTENT, { template: "fancy" }, 'Unknown template "fancy". Templates: professional, creative, minimal, academic, startup.'],
    ["an unknown size", CONTENT, { size: "poster" }, 'Unknown slide size "poster". Sizes: web, mobile, thumbnail.'],
    ["slide number 0", { ...CONTENT, slideNumber: 0 }, {}, "The slide number must be a whole number from 1 to 9."],
    ["a slide number past the total", { ...CONTENT, slideNumber: 10 }, {}, "The slide number must be a whole number from 1 to 9."],
    ["a fractional total", { ...CONTENT, totalSlides: 2.5 }, {}, "The total number of slides must be a whole number from 1."],
    ["bullets that are not text", { ...CONTENT, bullets: [1, 2] as unknown as string[] }, {}, "The slide bullets must be a list of text."],
    ["an unknown kind", { ...CONTENT, kind: "appendix" as unknown as "title" }, {}, 'Unknown slide kind "appendix".'],
  ];
  it.each(refusals)("refuses %s with a clear message", async (_case, slide, overrides, message) => {
    const options = { template: "professional", size: "web", ...overrides } as { template: TemplateId; size: SlideSize };
    const error = await caught(renderSlide(slide, options));
    expect(error).toBeInstanceOf(BadRequest);
    expect((error as BadRequest).detail).toBe(message);
  });
});

describe("text from anywhere", () => {
  it("leaves out emoji and characters the fonts lack, draws accented and Cyrillic letters, drops pasted markers", async () => {
    const rendered = await renderSlideImage(
      {
        title: "Kompost 🌱 für Łódź — Компост 堆肥",
        bullets: ["• Grüne Abfälle ♻️ sammeln", "   ", "- Ελληνικά too"],
        slideNumber: 2,
        totalSlides: 3,
      },
      { template: "minimal", size: "web" },
    );
    const texts = rendered.textBoxes.map((box) => box.text);
    expect(texts).toContain("Kompost für Łódź — Компост");
    expect(texts).toContain("Grüne Abfälle sammeln");
    expect(texts).toContain("Ελληνικά too");
    // The blank bullet is dropped rather than drawn as an empty point.
    expect(rendered.layout.fitted.bullets!.shown).toBe(2);
  }, SLOW);

  it("cuts an essay pasted into a title or bullet before laying it out", async () => {
    const essay = "Compost needs air, water and a balance of greens and browns. ".repeat(2_000);
    const started = performance.now();
    const rendered = await renderSlideImage(
      { title: essay, bullets: [essay, ...Array.from({ length: 20 }, (_, index) => `Point ${index + 1}`)], slideNumber: 2, totalSlides: 3 },
      { template: "professional", size: "web" },
    );
    expect(performance.now() - started).toBeLessThan(30_000);
    const title = rendered.textBoxes.find((box) => box.text.startsWith("Compost needs air"))!;
    expect(title.text.length).toBeLessThanOrEqual(300);
    expect(title.text.endsWith("…")).toBe(true);
    const bullet = rendered.textBoxes.find((box) => box.text.startsWith("Compost needs air") && box !== title)!;
    expect(bullet.text.length).toBeLessThanOrEqual(400);

    // Twelve bullets at most reach the layout; the rest could never be shown.
    const many = await renderSlideImage(
      { title: "Many points", bullets: Array.from({ length: 20 }, (_, index) => `Point ${index + 1}`), slideNumber: 2, totalSlides: 3 },
      { template: "academic", size: "mobile" },
    );
    const shown = many.textBoxes.filter((box) => box.text.startsWith("Point ")).map((box) => box.text);
    expect(shown).toEqual(Array.from({ length: 12 }, (_, index) => `Point ${index + 1}`));
  }, SLOW);

  it("draws a slide with no bullets or no title", async () => {
    const titleOnly = await renderSlideImage({ title: "Thank you", bullets: [], slideNumber: 9, totalSlides: 9, kind: "closing" }, { template: "creative", size: "web" });
    expect(titleOnly.layout.fitted.bullets).toBeNull();
    const bulletsOnly = await renderSlideImage({ title: "", bullets: ["Only a point"], slideNumber: 2, totalSlides: 9 }, { template: "academic", size: "mobile" });
    expect(bulletsOnly.layout.fitted.title).toBeNull();
    expect(bulletsOnly.textBoxes.some((box) => box.text === "Only a point")).toBe(true);
  }, SLOW);
});

describe("benchmarkRender", () => {
  it("times warm renders at every size", async () => {
    const result = await benchmarkRender(1);
    expect(result.runs).toBe(TEMPLATES.length);
    for (const value of [result.webMs, result.mobileMs, result.thumbnailMs, result.webWithImageMs, result.slideSetMs, result.firstMs]) {
      expect(value).toBeGreaterThan(0);
    }
  }, SLOW);
});
