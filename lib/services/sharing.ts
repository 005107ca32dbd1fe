// Public share links of presentations (spec sections 4, 5 and 7): a live link per presentation, made only once
// the deck and its audio are complete, answered again while it lives, revoked at once. Tokens are 256 random bits;
// the database keeps their SHA-256 (for the look-up) and an encrypted copy (so the owner can see the link again),
// never the token itself. The shared presentation is served to anyone holding a live token, with its images and
// narration at the shared-image and shared-content addresses, which serve only that presentation's files.
import { and, asc, eq, getTableColumns, isNull, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { blogSources, blogs, presentations, shareLinks, tenants, type AudioSentence, type Presentation } from "@/db/schema";
import { isSuperAdmin, type Actor } from "@/lib/auth/actor";
import { decryptSecret, encryptSecret } from "@/lib/auth/crypto";
import { randomToken, sha256 } from "@/lib/auth/tokens";
import { BadRequest, NotFound } from "@/lib/errors";
import type { StoredPlugin } from "@/lib/speech/plugin-catalogue";
import { speechRecognitionAvailable } from "@/lib/speech/stt";
import { PRESENTATION_MESSAGES } from "@/lib/validation/presentations";
import { SHARE_TOKEN_PATTERN, SHARING_MESSAGES, type ShareLinkInput } from "@/lib/validation/sharing";
import { recordActivity } from "./activity";
import { forgetAnalyticsDecks } from "./share-analytics";
import { assertPermission } from "./blogs";
import { getPresentation, jsonOf, type PresentationOut } from "./presentations";
import { slideTextPaths } from "./slide-texts";

/** POST/GET /presentations/{id}/share: the live link. share_url is appended to the site's origin by the client. */
export interface ShareLinkOut {
  share_url: string;
  token: string;
  created_at: string;
  /** Whether search engines may index the shared page (off by default: the page says noindex). */
  search_indexing: boolean;
}

/** A slide's own fields, as the statement reads them and the answer passes them on. */
interface SharedSlideFields {
  id: string;
  slide_number: number;
  slide_title: string;
  body: string;
  slide_content: string;
  audio_sentences: AudioSentence[] | null;
  audio_duration_ms: number | null;
}

export interface SharedSlideOut extends SharedSlideFields {
  public_web_image_url: string | null;
  public_mobile_image_url: string | null;
  public_audio_url: string | null;
  /** The same public addresses, under the names the signed-in player reads. */
  web_image_url: string | null;
  mobile_image_url: string | null;
  audio_url: string | null;
  /** The slide's script and text at /files/shared-content?path=&token= (spec section 3's names). */
  script_path: string;
  content_path: string;
}

/** GET /presentations/share/{token}: what the shared player needs, and nothing of the tenant's beyond it. */
export interface SharedPresentationOut {
  id: string;
  presentation_id: string;
  status: Presentation["status"];
  webhook_status: Presentation["webhookStatus"];
  template: string;
  version_number: number;
  slide_count: number;
  tts_provider: string | null;
  /** The deck's language (ISO 639-1): its captions' language. */
  language: string;
  stt_provider: string | null;
  /** Whether this server can transcribe the tenant's voice questions: the player offers its microphone only then. */
  speech_to_text_available: boolean;
  session_id: null;
  share_token: string;
  /** Whether the tenant opted this deck into search indexes (otherwise its page says noindex). */
  search_indexing: boolean;
  blog: { blog_title: string; website_links: string[]; uploaded_files: string[] };
  slides: SharedSlideOut[];
}

export const sharePagePath = (token: string) => `/share/presentation/${token}`;

/** The encrypted copy is bound to its presentation: copied onto another row it does not decrypt. */
const binding = (tenantId: string, presentationId: string) => ({ tenantId, pluginId: `share_links/${presentationId}` });

function linkOut(token: string, createdAt: Date, searchIndexing: boolean): ShareLinkOut {
  return { share_url: sharePagePath(token), token, created_at: createdAt.toISOString(), search_indexing: searchIndexing };
}

/** The presentation in the actor's reach with presentation view permission (spec section 6), or 404. */
async function sharable(actor: Actor, presentationId: string): Promise<PresentationOut> {
  return getPresentation(actor, presentationId);
}

async function liveLink(presentationId: string, tenantId: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.presentationId, presentationId), isNull(shareLinks.revokedAt)))
    .orderBy(asc(shareLinks.createdAt))
    .limit(1);
  return row ? { token: decryptSecret(row.tokenCiphertext, binding(tenantId, presentationId)), createdAt: row.createdAt, searchIndexing: row.searchIndexing } : null;
}

/**
 * POST /presentations/{id}/share: the presentation's live link, made when there is none. Only a completed deck
 * whose audio is complete may be shared ('Presentation is not ready for sharing', and nothing is written).
 * `search_indexing`, when given, opts the live link's page into search indexes (true) or out again (false).
 */
export async function createShareLink(actor: Actor, presentationId: string, input: ShareLinkInput = {}): Promise<ShareLinkOut> {
  assertPermission(actor, "presentation.view");
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Locked: two requests at once answer one link.
    const [row] = await tx
      .select()
      .from(presentations)
      .where(and(eq(presentations.id, presentationId), isSuperAdmin(actor) ? undefined : eq(presentations.tenantId, actor.tenantId)))
      .limit(1)
      .for("update");
    if (!row) throw new NotFound(PRESENTATION_MESSAGES.notFound);
    if (row.status !== "completed" || row.webhookStatus !== "completed") throw new BadRequest(SHARING_MESSAGES.notReady);
    const [existing] = await tx
      .select()
      .from(shareLinks)
      .where(and(eq(shareLinks.presentationId, row.id), isNull(shareLinks.revokedAt)))
      .orderBy(asc(shareLinks.createdAt))
      .limit(1);
    if (existing) {
      let searchIndexing = existing.searchIndexing;
      if (input.search_indexing !== undefined && input.search_indexing !== searchIndexing) {
        await tx.update(shareLinks).set({ searchIndexing: input.search_indexing }).where(eq(shareLinks.id, existing.id));
        searchIndexing = input.search_indexing;
        await recordActivity(tx, {
          tenantId: row.tenantId,
          actorUserId: actor.userId,
          action: "presentation.search_indexing",
          summary: `${actor.fullName ?? actor.email} ${searchIndexing ? "let search engines index" : "kept search engines from indexing"} the shared version ${row.versionNumber} of a presentation`,
          subjectType: "presentation",
          subjectId: row.id,
          metadata: { search_indexing: searchIndexing },
        });
      }
      return linkOut(decryptSecret(existing.tokenCiphertext, binding(row.tenantId, row.id)), existing.createdAt, searchIndexing);
    }
    const token = randomToken();
    const [created] = await tx
      .insert(shareLinks)
      .values({
        tenantId: row.tenantId,
        presentationId: row.id,
        tokenHash: sha256(token),
        tokenCiphertext: encryptSecret(token, binding(row.tenantId, row.id)),
        createdBy: actor.userId,
        searchIndexing: input.search_indexing ?? false,
      })
      .returning();
    if (!created) throw new Error("share link insert returned nothing");
    await recordActivity(tx, {
      tenantId: row.tenantId,
      actorUserId: actor.userId,
      action: "presentation.shared",
      summary: `${actor.fullName ?? actor.email} shared version ${row.versionNumber} of a presentation`,
      subjectType: "presentation",
      subjectId: row.id,
      metadata: {},
    });
    return linkOut(token, created.createdAt, created.searchIndexing);
  });
}

/** GET /presentations/{id}/share: the live link, or 404 when there is none. */
export async function getShareLink(actor: Actor, presentationId: string): Promise<ShareLinkOut> {
  const presentation = await sharable(actor, presentationId);
  const link = await liveLink(presentation.id, presentation.tenant_id);
  if (!link) throw new NotFound(SHARING_MESSAGES.noLiveLink);
  return linkOut(link.token, link.createdAt, link.searchIndexing);
}

/** DELETE /presentations/{id}/share: revokes the live link at once (its page and files answer 404 from now on). */
export async function revokeShareLink(actor: Actor, presentationId: string): Promise<void> {
  const presentation = await sharable(actor, presentationId);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const revoked = await tx
      .update(shareLinks)
      .set({ revokedAt: new Date() })
      .where(and(eq(shareLinks.presentationId, presentation.id), isNull(shareLinks.revokedAt)))
      .returning({ id: shareLinks.id, tokenHash: shareLinks.tokenHash });
    if (revoked.length === 0) return;
    // Share analytics stops taking this link's events here at once (other processes drop them when they write).
    for (const link of revoked) forgetAnalyticsDecks(link.tokenHash);
    await recordActivity(tx, {
      tenantId: presentation.tenant_id,
      actorUserId: actor.userId,
      action: "presentation.unshared",
      summary: `${actor.fullName ?? actor.email} revoked the share link of version ${presentation.version_number} of a presentation`,
      subjectType: "presentation",
      subjectId: presentation.id,
      metadata: {},
    });
  });
}

/** A live link by its token: the link's and presentation's ids and tenant; null for anything else. */
export async function liveShareLink(token: string | null | undefined): Promise<{ linkId: string; presentationId: string; tenantId: string } | null> {
  if (!token || !SHARE_TOKEN_PATTERN.test(token)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ linkId: shareLinks.id, presentationId: shareLinks.presentationId, tenantId: shareLinks.tenantId })
    .from(shareLinks)
    .innerJoin(tenants, eq(tenants.id, shareLinks.tenantId))
    .where(and(eq(shareLinks.tokenHash, sha256(token)), isNull(shareLinks.revokedAt), eq(tenants.isActive, true)))
    .limit(1);
  return row ?? null;
}

const sharedFileUrl = (route: "shared-image" | "shared-content", key: string | null, token: string) =>
  key === null ? null : `/api/v1/files/${route}?path=${encodeURIComponent(key)}&token=${encodeURIComponent(token)}`;

/**
 * GET /presentations/share/{token} and the server-rendered share page: the shared presentation. An unknown or
 * revoked token (or one of a deactivated tenant) is 404; a presentation that is not completed is 400.
 */
export async function getSharedPresentation(token: string): Promise<SharedPresentationOut> {
  if (!SHARE_TOKEN_PATTERN.test(token)) throw new NotFound(SHARING_MESSAGES.linkNotFound);
  const db = await getDb();
  // One statement: the live link of an active tenant, its deck and blog title, the slides with their files' keys and
  // the blog's source list (the page reads this on every request, since a revoked link must stop at once).
  const [row] = await db
    .select({
      presentation: getTableColumns(presentations),
      searchIndexing: shareLinks.searchIndexing,
      blogTitle: blogs.blogTitle,
      slides: jsonOf<SharedSlideRow[]>(sql`(select coalesce(json_agg(json_build_object(
          'id', s.id, 'slide_number', s.slide_number, 'slide_title', s.slide_title, 'body', s.body,
          'slide_content', s.slide_content, 'audio_sentences', s.audio_sentences, 'audio_duration_ms', s.audio_duration_ms,
          'web_key', web_file.storage_key, 'mobile_key', mobile_file.storage_key, 'audio_key', audio_file.storage_key
        ) order by s.slide_number), '[]'::json)
        from slides s
        left join files web_file on web_file.id = s.web_image_file_id
        left join files mobile_file on mobile_file.id = s.mobile_image_file_id
        left join files audio_file on audio_file.id = s.audio_file_id
        where s.presentation_id = ${presentations.id})`),
      sources: jsonOf<SharedSourceRow[]>(sql`(select coalesce(json_agg(json_build_object(
          'kind', bs.kind, 'url', bs.url, 'file_name', source_file.original_name
        ) order by bs.kind, bs.position), '[]'::json)
        from blog_sources bs
        left join files source_file on source_file.id = bs.file_id
        where bs.blog_id = ${presentations.blogId})`),
      // The tenant's plugin settings, for whether its viewers can ask by voice (used where offline recognition is missing).
      plugins: jsonOf<StoredPlugin[]>(sql`(select coalesce(json_agg(json_build_object(
          'pluginId', tp.plugin_id, 'enabled', tp.enabled, 'config', tp.config, 'secretsCiphertext', tp.secrets_ciphertext
        )), '[]'::json)
        from tenant_plugins tp
        where tp.tenant_id = ${presentations.tenantId})`),
    })
    .from(shareLinks)
    .innerJoin(tenants, eq(tenants.id, shareLinks.tenantId))
    .innerJoin(presentations, eq(presentations.id, shareLinks.presentationId))
    .innerJoin(blogs, eq(blogs.id, presentations.blogId))
    .where(and(eq(shareLinks.tokenHash, sha256(token)), isNull(shareLinks.revokedAt), eq(tenants.isActive, true)))
    .limit(1);
  if (!row) throw new NotFound(SHARING_MESSAGES.linkNotFound);
  if (row.presentation.status !== "completed") throw new BadRequest(SHARING_MESSAGES.notViewable);
  const p = row.presentation;
  const sources = row.sources;
  return {
    id: p.id,
    presentation_id: p.id,
    status: p.status,
    webhook_status: p.webhookStatus,
    template: p.template,
    version_number: p.versionNumber,
    slide_count: row.slides.length,
    tts_provider: p.ttsProvider,
    stt_provider: p.sttProvider,
    language: p.language,
    speech_to_text_available: await speechRecognitionAvailable(p.tenantId, row.plugins, undefined, p.language),
    session_id: null,
    share_token: token,
    search_indexing: row.searchIndexing,
    blog: {
      blog_title: row.blogTitle,
      website_links: sources.flatMap((source) => (source.kind === "website_link" && source.url ? [source.url] : [])),
      // Names, not storage keys: a shared viewer cannot open the blog's documents, and their keys are the tenant's.
      uploaded_files: sources.flatMap((source) => (source.kind === "file" && source.file_name ? [source.file_name] : [])),
    },
    slides: row.slides.map((slide) => {
      const web = sharedFileUrl("shared-image", slide.web_key, token);
      const mobile = sharedFileUrl("shared-image", slide.mobile_key, token);
      const audio = sharedFileUrl("shared-content", slide.audio_key, token);
      return {
        id: slide.id,
        slide_number: slide.slide_number,
        slide_title: slide.slide_title,
        body: slide.body,
        slide_content: slide.slide_content,
        audio_sentences: slide.audio_key === null ? null : slide.audio_sentences,
        audio_duration_ms: slide.audio_duration_ms,
        public_web_image_url: web,
        public_mobile_image_url: mobile,
        public_audio_url: audio,
        web_image_url: web,
        mobile_image_url: mobile,
        audio_url: audio,
        ...slideTextPaths(p.tenantId, slide.id),
      };
    }),
  };
}

interface SharedSlideRow extends SharedSlideFields {
  web_key: string | null;
  mobile_key: string | null;
  audio_key: string | null;
}

interface SharedSourceRow {
  kind: (typeof blogSources.$inferSelect)["kind"];
  url: string | null;
  file_name: string | null;
}
