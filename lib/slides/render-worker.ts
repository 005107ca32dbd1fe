// The worker thread that draws one slide's images (lib/services/presentation-render.ts starts one per slide):
// satori's layout and resvg's rasterising grow with the slide's text and picture, so they run here, with their
// own heap limit and beside, not on, the thread that answers requests. Bundled by Next.js as its own entry
// (new URL(..., import.meta.url)).
import { serveTask } from "@/lib/workers/serve";
import { drawSlide, type SlideToDraw } from "./draw";
import type { SlideSize } from "./render";

export type RenderTaskReply = { ok: true; images: Record<SlideSize, Uint8Array> } | { ok: false; message: string };

serveTask<SlideToDraw, RenderTaskReply>(
  async (slide) => {
    try {
      return { ok: true, images: await drawSlide(slide) };
    } catch (error) {
      return { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
  },
  (reply) => (reply.ok ? Object.values(reply.images).map((image) => image.buffer as ArrayBuffer) : []),
);
