// A picture far wider or taller than the box a template gives it (a 1920x100 banner, a 100x1920 strip) is drawn,
// cropped to its box, on every template, slide kind and size. Such a picture once made resvg panic on the mask satori
// draws for a box with `overflow: hidden`, which aborted the process drawing the slide: every attempt failed and the
// slide was given up. The slides are drawn in the render worker's own process, as in production, so a panic fails
// the test with resvg's message instead of ending the test run.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RenderTask, RenderTaskReply } from "@/lib/slides/render-worker";
import { TEMPLATE_IDS } from "@/lib/slides/render";
import { cappedSession, useTypeScriptWorkers, type CappedSession } from "@/lib/workers/capped";
import { encodePng } from "../fixtures/pptx";

function flatPicture(width: number, height: number): Uint8Array {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 3) pixels[index] = (index / 3) % 251;
  return encodePng({ width, height, colorType: 2, pixels });
}

const SHAPES = { banner: flatPicture(1920, 100), strip: flatPicture(100, 1920) };
const KINDS = { title: 1, content: 2, closing: 3 } as const;

let session: CappedSession<RenderTask, RenderTaskReply>;

beforeAll(() => {
  useTypeScriptWorkers(true);
  session = cappedSession<RenderTask, RenderTaskReply>(new URL("../../lib/slides/render-worker.ts", import.meta.url), {
    name: "slide rendering",
    heapMb: 256,
    timeoutMs: 60_000,
  });
});

afterAll(() => {
  session.close();
  useTypeScriptWorkers(false);
});

async function draw(template: (typeof TEMPLATE_IDS)[number], slideNumber: number, picture: { key: string; bytes: Uint8Array } | null) {
  const reply = await session.run({ slideNumber, totalSlides: 3, slideTitle: "The harbour at dawn", body: "Boats leave at six\nThe market opens at seven", wholeSlide: false, template, picture });
  if (!reply.ok) throw new Error("message" in reply ? reply.message : "the worker was sent no picture");
  return reply.images;
}

describe.each(TEMPLATE_IDS)("the %s template", (template) => {
  it.each(Object.entries(KINDS))("draws a %s slide with a banner and with a strip picture, each at every size", { timeout: 120_000 }, async (_kind, slideNumber) => {
    const banner = await draw(template, slideNumber, { key: "banner", bytes: SHAPES.banner });
    const strip = await draw(template, slideNumber, { key: "strip", bytes: SHAPES.strip });
    for (const size of ["web", "mobile", "thumbnail"] as const) {
      // Each drawn with its picture (a picture that cannot be drawn is left out, and the two slides were the same).
      expect(Buffer.from(banner[size]).equals(Buffer.from(strip[size])), `${size}: the pictures are on the slides`).toBe(false);
    }
  });
});
