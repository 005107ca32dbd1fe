// Presentations: slides, share links and the Q&A sessions held while playing them.
import { relations, sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgEnum, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { at, createdAt, id, updatedAt } from "./columns";
import { tenants } from "./tenants";
import { users } from "./accounts";
import { blogs, files } from "./content";

export const presentationStatus = pgEnum("presentation_status", ["pending", "processing", "completed", "failed"]);
export const webhookStatus = pgEnum("webhook_status", ["pending", "completed", "timeout", "failed"]);
export const generationMethod = pgEnum("generation_method", ["manual", "import_ppt", "ai_template"]);

/** One sentence of a slide's narration and where it is heard in the slide's audio file (milliseconds). */
export interface AudioSentence {
  text: string;
  start_ms: number;
  end_ms: number;
}

/** What an AI generation was asked for, kept so a job retried after a restart generates the same deck. */
export interface GenerationOptions {
  useMainSourceOnly: boolean;
  instructions: string | null;
  /** The supporting sources chosen (blog_sources ids); null means all of the blog's. */
  supportingSourceIds: string[] | null;
}

export const presentations = pgTable(
  "presentations",
  {
    id: id(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    blogId: uuid("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    status: presentationStatus("status").notNull().default("pending"),
    /** Audio processing (narration synthesis) state. */
    webhookStatus: webhookStatus("webhook_status").notNull().default("pending"),
    /** manual, imported, or a template id (professional, creative, minimal, academic, startup). */
    template: text("template").notNull(),
    generationMethod: generationMethod("generation_method").notNull(),
    versionNumber: integer("version_number").notNull().default(1),
    editCount: integer("edit_count").notNull().default(0),
    ttsProvider: text("tts_provider"),
    sttProvider: text("stt_provider"),
    /**
     * The deck's language (ISO 639-1, one of lib/content/languages.ts DECK_LANGUAGES): its generated phrases,
     * narration voice, captions and answers. Chosen in the wizard; by default the blog's.
     */
    language: text("language").notNull().default("en"),
    /** Why generation or audio processing failed, shown to the user. */
    error: text("error"),
    /** AI generation: percent done (5, 20, 60, 85, 100 as task-status reports it) and the step's name. */
    progress: integer("progress").notNull().default(0),
    progressStep: text("progress_step"),
    generationOptions: jsonb("generation_options").$type<GenerationOptions>(),
    /**
     * Bumped by each run of the generation job that claims the presentation: only the run holding the latest
     * attempt may write the deck, so a run re-queued after a restart and a stalled old one never both write.
     */
    generationAttempt: integer("generation_attempt").notNull().default(0),
    /**
     * Narration (the 'narrate-presentation' job): when audio processing was last asked for (the 30-minute rule of
     * spec section 4 counts from here), and the attempt counter that, like generation_attempt, lets only the run
     * that claimed the presentation last write its audio.
     */
    audioStartedAt: at("audio_started_at"),
    narrationAttempt: integer("narration_attempt").notNull().default(0),
    /** The PowerPoint file an imported presentation came from (its real slides are rendered from it). */
    sourceFileId: uuid("source_file_id").references(() => files.id, { onDelete: "set null" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    lastEditedAt: at("last_edited_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("presentations_blog_idx").on(table.blogId),
    index("presentations_tenant_idx").on(table.tenantId, table.createdAt),
    // Regenerating makes the blog's next version; two requests at once cannot both take the same number.
    unique("presentations_blog_version_unique").on(table.blogId, table.versionNumber),
    // The start-up sweep of generations left unfinished by a stopped process reads only these.
    index("presentations_unfinished_idx")
      .on(table.updatedAt)
      .where(sql`${table.status} in ('pending', 'processing')`),
    // The narration sweep (timeouts, re-queueing) reads only presentations whose audio is still being made.
    index("presentations_audio_pending_idx")
      .on(table.audioStartedAt)
      .where(sql`${table.webhookStatus} = 'pending'`),
  ],
);

export const slides = pgTable(
  "slides",
  {
    id: id(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    presentationId: uuid("presentation_id")
      .notNull()
      .references(() => presentations.id, { onDelete: "cascade" }),
    slideNumber: integer("slide_number").notNull(),
    slideTitle: text("slide_title").notNull().default(""),
    /** The visible text of the slide. */
    body: text("body").notNull().default(""),
    /** The speaker script that is narrated. */
    slideContent: text("slide_content").notNull().default(""),
    /** A picture the editor placed on the slide (upload-slide-image), or an imported slide's own rendering. */
    imageFileId: uuid("image_file_id").references(() => files.id, { onDelete: "set null" }),
    /** The slide rendered by its template (folder 'slides'): web 1920x1080, mobile 1080x1350, and a thumbnail. */
    webImageFileId: uuid("web_image_file_id").references(() => files.id, { onDelete: "set null" }),
    mobileImageFileId: uuid("mobile_image_file_id").references(() => files.id, { onDelete: "set null" }),
    thumbnailFileId: uuid("thumbnail_file_id").references(() => files.id, { onDelete: "set null" }),
    /**
     * Digest of what the stored renderings show (template, number, title, text, picture); null before the first
     * render. A slide whose digest differs from its current content is rendered again, once per slide version.
     */
    renderKey: text("render_key"),
    /**
     * Render jobs that took this slide (counted when a job starts, so one that kills its process counts too); past
     * the limit the slide is given up with the reason instead of being re-queued again.
     */
    renderAttempts: integer("render_attempts").notNull().default(0),
    audioFileId: uuid("audio_file_id").references(() => files.id, { onDelete: "set null" }),
    audioDurationMs: integer("audio_duration_ms"),
    /** Where each sentence of the narration is heard in the audio file (the player resumes at a sentence). */
    audioSentences: jsonb("audio_sentences").$type<AudioSentence[]>(),
    /** The voice the audio was spoken with when the deck's language chose it ("fr", "fr-FR-DeniseNeural"). */
    audioVoice: text("audio_voice"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique("slides_presentation_number_unique").on(table.presentationId, table.slideNumber),
    // The sweep of renderings whose job was lost reads only slides still waiting to be drawn.
    index("slides_unrendered_idx").on(table.updatedAt).where(sql`${table.renderKey} is null`),
  ],
);

/** Public share links. The token is looked up by hash and kept encrypted so the owner can see the link again. */
export const shareLinks = pgTable(
  "share_links",
  {
    id: id(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    presentationId: uuid("presentation_id")
      .notNull()
      .references(() => presentations.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    tokenCiphertext: text("token_ciphertext").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: at("revoked_at"),
    /** Whether search engines may index the shared page and its files (off: a link is for those it is given to). */
    searchIndexing: boolean("search_indexing").notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index("share_links_presentation_idx").on(table.presentationId)],
);

export const qaSessions = pgTable(
  "qa_sessions",
  {
    id: id(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    presentationId: uuid("presentation_id")
      .notNull()
      .references(() => presentations.id, { onDelete: "cascade" }),
    /** Set when the session was opened through a share link (anonymous viewer). */
    shareLinkId: uuid("share_link_id").references(() => shareLinks.id, { onDelete: "set null" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [index("qa_sessions_presentation_idx").on(table.presentationId)],
);

export const qaMessageType = pgEnum("qa_message_type", ["question", "answer"]);

export const qaMessages = pgTable(
  "qa_messages",
  {
    id: id(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => qaSessions.id, { onDelete: "cascade" }),
    type: qaMessageType("type").notNull(),
    content: text("content").notNull(),
    slideNumber: integer("slide_number"),
    /** The question this answer replies to. */
    questionId: uuid("question_id"),
    audioFileId: uuid("audio_file_id").references(() => files.id, { onDelete: "set null" }),
    /** An answer's sources: where it comes from (a slide, or a source of the blog). */
    sources: jsonb("sources").$type<{ label: string; slide_number: number | null }[]>(),
    createdAt: createdAt(),
  },
  (table) => [index("qa_messages_session_idx").on(table.sessionId, table.createdAt)],
);

export const presentationsRelations = relations(presentations, ({ one, many }) => ({
  blog: one(blogs, { fields: [presentations.blogId], references: [blogs.id] }),
  slides: many(slides),
  shareLinks: many(shareLinks),
}));

export const slidesRelations = relations(slides, ({ one }) => ({
  presentation: one(presentations, { fields: [slides.presentationId], references: [presentations.id] }),
}));

export const qaSessionsRelations = relations(qaSessions, ({ one, many }) => ({
  presentation: one(presentations, { fields: [qaSessions.presentationId], references: [presentations.id] }),
  messages: many(qaMessages),
}));

export const qaMessagesRelations = relations(qaMessages, ({ one }) => ({
  session: one(qaSessions, { fields: [qaMessages.sessionId], references: [qaSessions.id] }),
}));

export type Presentation = typeof presentations.$inferSelect;
export type NewPresentation = typeof presentations.$inferInsert;
export type Slide = typeof slides.$inferSelect;
export type NewSlide = typeof slides.$inferInsert;
export type ShareLink = typeof shareLinks.$inferSelect;
export type QaSession = typeof qaSessions.$inferSelect;
export type QaMessage = typeof qaMessages.$inferSelect;
