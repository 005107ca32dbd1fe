// What happens to a deck once it is played: events from the player (signed in, shared and embedded), kept raw for
// ANALYTICS_RETENTION_DAYS, and daily rollups kept after. No cookie and no address is stored: a viewer is a hash of
// the day's salt, their address, user agent and the deck, and the salt is deleted the day after, so yesterday's
// viewers can no longer be linked to anyone, nor to today's.
import { bigint, bigserial, boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { presentations } from "./presentations";
import { tenants } from "./tenants";

/** One salt per UTC day, shared by every process; deleted by the retention job once its day is over. */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: text("salt").notNull(),
});

export const ANALYTICS_EVENT_KINDS = ["view", "play", "slide", "complete", "question"] as const;
export type AnalyticsEventKind = (typeof ANALYTICS_EVENT_KINDS)[number];
export const ANALYTICS_CONTEXTS = ["app", "share", "embed"] as const;
export type AnalyticsContext = (typeof ANALYTICS_CONTEXTS)[number];

/** Raw player events, written in batches by the ingest routes. */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    presentationId: uuid("presentation_id")
      .notNull()
      .references(() => presentations.id, { onDelete: "cascade" }),
    /** The UTC day the event arrived (the server's clock, never the client's). */
    day: date("day", { mode: "string" }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    kind: text("kind").$type<AnalyticsEventKind>().notNull(),
    /** The day's viewer hash (hex). */
    viewer: text("viewer").notNull(),
    context: text("context").$type<AnalyticsContext>().notNull(),
    /** The embedding page's origin (scheme, host and port) for an embedded player; nothing of its path. */
    embedOrigin: text("embed_origin"),
    slideNumber: integer("slide_number"),
    /** 'slide': how long its narration was heard (ms). */
    heardMs: integer("heard_ms"),
    /** 'question': what was asked, how, and whether the material covered it. */
    question: text("question"),
    questionMode: text("question_mode"),
    covered: boolean("covered"),
  },
  (table) => [index("analytics_events_deck_day_idx").on(table.presentationId, table.day), index("analytics_events_day_idx").on(table.day)],
);

/** A deck's days with events not yet rolled up (the ingest marks them, the rollup job clears them). */
export const analyticsPending = pgTable(
  "analytics_pending",
  {
    presentationId: uuid("presentation_id")
      .notNull()
      .references(() => presentations.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.presentationId, table.day] })],
);

/** A deck's day: what the analytics page's totals and the dashboard card read. */
export const analyticsDeckDays = pgTable(
  "analytics_deck_days",
  {
    presentationId: uuid("presentation_id")
      .notNull()
      .references(() => presentations.id, { onDelete: "cascade" }),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
    viewers: integer("viewers").notNull().default(0),
    plays: integer("plays").notNull().default(0),
    completions: integer("completions").notNull().default(0),
    questions: integer("questions").notNull().default(0),
    notCovered: integer("not_covered").notNull().default(0),
    /** Over the day's viewers: the sum of the furthest slide number each reached (for the average completion). */
    furthestSlideSum: integer("furthest_slide_sum").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.presentationId, table.day] }), index("analytics_deck_days_tenant_day_idx").on(table.tenantId, table.day)],
);

/** A slide's day: how many viewers reached it and how long its narration was heard in all. */
export const analyticsSlideDays = pgTable(
  "analytics_slide_days",
  {
    presentationId: uuid("presentation_id")
      .notNull()
      .references(() => presentations.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    slideNumber: integer("slide_number").notNull(),
    viewers: integer("viewers").notNull().default(0),
    heardMs: bigint("heard_ms", { mode: "number" }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.presentationId, table.day, table.slideNumber] })],
);

/** The sites that embed a deck, by origin and day. */
export const analyticsOriginDays = pgTable(
  "analytics_origin_days",
  {
    presentationId: uuid("presentation_id")
      .notNull()
      .references(() => presentations.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    origin: text("origin").notNull(),
    views: integer("views").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.presentationId, table.day, table.origin] })],
);

/** The questions asked of a deck by day, as asked (trimmed), with whether the material covered them. */
export const analyticsQuestionDays = pgTable(
  "analytics_question_days",
  {
    presentationId: uuid("presentation_id")
      .notNull()
      .references(() => presentations.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    question: text("question").notNull(),
    covered: boolean("covered").notNull(),
    asked: integer("asked").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.presentationId, table.day, table.question, table.covered] })],
);
