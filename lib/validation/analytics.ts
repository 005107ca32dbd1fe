// Schemas of share analytics: the player's event batches and the analytics page's period.
import { z } from "zod";
import { ANALYTICS_CONTEXTS } from "@/db/schema/analytics";

/** At most this many events in one batch (the player sends every few seconds and when the page is left). */
export const MAX_EVENTS_PER_BATCH = 50;
/** A question is kept as asked, up to this many characters. */
export const MAX_QUESTION_CHARS = 500;
/** How many days the analytics page and its CSV may cover. */
export const MAX_ANALYTICS_DAYS = 366;

const slideNumber = z.number().int().min(1).max(10_000);

const event = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("view") }).strict(),
  z.object({ kind: z.literal("play") }).strict(),
  z.object({ kind: z.literal("complete") }).strict(),
  z
    .object({
      kind: z.literal("slide"),
      slide: slideNumber,
      /** How long the slide's narration was heard, in milliseconds (capped at an hour). */
      heard_ms: z.number().int().min(0).max(3_600_000).default(0),
    })
    .strict(),
  z
    .object({
      kind: z.literal("question"),
      question: z.string().trim().min(1).max(MAX_QUESTION_CHARS),
      mode: z.enum(["typed", "voice"]),
      /** Whether the answer came from the material ('not covered' is false). */
      covered: z.boolean(),
    })
    .strict(),
]);

export type AnalyticsEventIn = z.infer<typeof event>;

export const eventBatchBody = z
  .object({
    events: z.array(event).min(1).max(MAX_EVENTS_PER_BATCH),
  })
  .strict();

/** A shared player says whether it plays on the share page itself or embedded in another site (and which one). */
export const sharedEventBatchBody = eventBatchBody
  .extend({
    context: z.enum(ANALYTICS_CONTEXTS).exclude(["app"]).default("share"),
    /** The embedding page's origin; anything but a bare http(s) origin is dropped, never stored. */
    embed_origin: z.string().max(300).optional(),
  })
  .strict();

export const analyticsQuery = z.object({
  days: z.coerce.number().int().min(1).max(MAX_ANALYTICS_DAYS).default(30),
});

export const analyticsSettingsBody = z.object({ enabled: z.boolean() }).strict();

export const topDecksQuery = z.object({
  days: z.coerce.number().int().min(1).max(MAX_ANALYTICS_DAYS).default(30),
  limit: z.coerce.number().int().min(1).max(20).default(5),
});
