// The worker that draws one slide's images at a time (lib/services/presentation-render.ts keeps one for a job's
// slides): satori's layout and resvg's rasterising grow with the slide's text and picture, so they run here, with
// their own heap limit and beside, not on, the thread that answers requests. Bundled by Next.js as its own entry
// (new URL(..., import.meta.url)).
//
// A worker process kept between slides holds the last picture it was sent, so a deck whose slides show one picture
// (a photo on every slide, an imported deck's background) sends its bytes once, not once per slide: a task may name
// its picture without its bytes, and a worker that does not hold that picture says so and is sent it.
import { serveTask } from "@/lib/workers/serve";
import { drawSlide, type SlideToDraw } from "./draw";
import type { SlideSize } from "./render";

/** A slide to draw; its picture by key, with its bytes unless the worker was sent them before. */
export type RenderTask = Omit<SlideToDraw, "picture"> & { picture: { key: string; bytes: Uint8Array | null } | null };

export type RenderTaskReply =
  | { ok: true; images: Record<SlideSize, Uint8Array> }
  | { ok: false; message: string }
  | { ok: false; missingPicture: true };

let held: { key: string; bytes: Uint8Array } | null = null;

serveTask<RenderTask, RenderTaskReply>(
  async ({ picture, ...slide }) => {
    if (picture?.bytes) held = { key: picture.key, bytes: picture.bytes };
    const bytes = picture && held?.key === picture.key ? held.bytes : null;
    if (picture && !bytes) return { ok: false, missingPicture: true };
    try {
      return { ok: true, images: await drawSlide({ ...slide, picture: bytes }) };
    } catch (error) {
      return { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
  },
  (reply) => (reply.ok ? Object.values(reply.images).map((image) => image.buffer as ArrayBuffer) : []),
);
