// The Base64 `audio` of each slide (spec section 3, "Slide (stored)"), sent only when asked for: slide audio is served
// as files with range support (DESIGN section 7), and inline copies are for clients written against the spec. The
// copies are held in memory while the answer is built, so a deck whose audio is larger than the limit is refused
// (413) before anything is read, with the way to get it instead.
import { inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import { files } from "@/db/schema";
import { PayloadTooLarge } from "@/lib/errors";
import { storage } from "@/lib/storage";
import type { Actor } from "@/lib/auth/actor";
import { getPresentation, type PresentationOut, type SlideOut } from "./presentations";

/** Audio bytes one answer may carry inline (about 17 minutes of narration at 128 kbit/s); Base64 adds a third. */
export const INLINE_AUDIO_LIMIT_BYTES = 16 * 1024 * 1024;

export function inlineAudioTooLarge(total: number): string {
  const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `The presentation's audio (${mb(total)}) is more than ${mb(INLINE_AUDIO_LIMIT_BYTES)}, too large to send inline: read each slide's audio_url instead.`;
}

async function base64Of(key: string): Promise<string | null> {
  const found = await storage().get(key);
  if (!found) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of found.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString("base64");
}

export interface PresentationWithAudioOut extends PresentationOut {
  slides: (SlideOut & { audio: string | null })[];
}

/** GET /presentations/{id}?include=audio: the presentation with each slide's narration as Base64 (`audio`). */
export async function getPresentationWithAudio(actor: Actor, presentationId: string): Promise<PresentationWithAudioOut> {
  return withInlineAudio(await getPresentation(actor, presentationId));
}

/** The presentation with each slide's narration as Base64 (`audio`; null for a slide without audio). */
async function withInlineAudio(presentation: PresentationOut): Promise<PresentationWithAudioOut> {
  const keys = presentation.slides.flatMap((slide) => (slide.audio_path ? [slide.audio_path] : []));
  if (keys.length > 0) {
    const db = await getDb();
    const sizes = await db.select({ size: files.sizeBytes }).from(files).where(inArray(files.storageKey, keys));
    const total = sizes.reduce((sum, row) => sum + row.size, 0);
    if (total > INLINE_AUDIO_LIMIT_BYTES) throw new PayloadTooLarge(inlineAudioTooLarge(total));
  }
  const slides = [];
  // One slide at a time: the store is read in order and at most one file's stream is open.
  for (const slide of presentation.slides) {
    slides.push({ ...slide, audio: slide.audio_path ? await base64Of(slide.audio_path) : null });
  }
  return { ...presentation, slides };
}
