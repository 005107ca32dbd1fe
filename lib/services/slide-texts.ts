// A slide's texts under the spec's file names (section 3: script_path, content_path; section 7: the narration text at
// /files/s3-content and /files/shared-content). The texts live in the slide's row, not in the store: their paths are
// keys of the 'scripts' folder named after the slide, `<tenant>/scripts/<slide id>.script` (the narration script)
// and `.content` (the text shown on the slide), read from the row whenever they are asked for, so they never go stale.
import { and, eq, inArray, isNull } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { presentations, shareLinks, slides, tenants } from "@/db/schema";
import { isSuperAdmin, type Actor } from "@/lib/auth/actor";
import { sha256 } from "@/lib/auth/tokens";
import { Forbidden, NotFound } from "@/lib/errors";
import { parseObjectKey } from "@/lib/storage";
import { SHARE_TOKEN_PATTERN } from "@/lib/validation/sharing";

export type SlideTextPart = "script" | "content";

interface SlideTextPath {
  tenantId: string;
  slideId: string;
  part: SlideTextPart;
}

const PATH = /^([0-9a-f-]{36})\/scripts\/([0-9a-f-]{36})\.(script|content)$/;

/** The paths of a slide's narration script and visible text. */
export function slideTextPaths(tenantId: string, slideId: string): { script_path: string; content_path: string } {
  return { script_path: `${tenantId}/scripts/${slideId}.script`, content_path: `${tenantId}/scripts/${slideId}.content` };
}

/** The slide and part a path names, or null for any other path (a stored file's key among them). */
export function parseSlideTextPath(path: string): SlideTextPath | null {
  if (!parseObjectKey(path)) return null;
  const match = PATH.exec(path);
  return match ? { tenantId: match[1]!, slideId: match[2]!, part: match[3] as SlideTextPart } : null;
}

/** A slide's text as the file routes answer it: read from the row on every request, so no cache keeps it unasked. */
export function slideTextResponse(text: string): Response {
  return new Response(text, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-cache" } });
}

const textOf = (row: { body: string; slideContent: string }, part: SlideTextPart) => (part === "script" ? row.slideContent : row.body);

/**
 * GET /files/s3-content for a slide text path: the text, for a viewer of the slide's tenant with presentation view;
 * null when the path is not a slide text path (the route serves a stored file then). Another tenant's slide, or one
 * that is no longer there, is 404.
 */
export async function slideTextForActor(actor: Actor, path: string): Promise<string | null> {
  const named = parseSlideTextPath(path);
  if (!named) return null;
  if (!isSuperAdmin(actor) && named.tenantId !== actor.tenantId) throw new NotFound("File not found");
  if (!actor.permissions.has("presentation.view")) throw new Forbidden("Access denied. You may not have permission to view/download this file.");
  const db = await getDb();
  const [row] = await db
    .select({ body: slides.body, slideContent: slides.slideContent })
    .from(slides)
    .where(and(eq(slides.id, named.slideId), eq(slides.tenantId, named.tenantId)))
    .limit(1);
  if (!row) throw new NotFound("File not found");
  return textOf(row, named.part);
}

/**
 * GET /files/shared-content for a slide text path: the text of a slide of the presentation a live link shares; null
 * when the path is not a slide text path. Anything else (a revoked link, another deck's slide) is 404.
 */
export async function sharedSlideText(token: string | null, path: string): Promise<string | null> {
  const named = parseSlideTextPath(path);
  if (!named) return null;
  if (!token || !SHARE_TOKEN_PATTERN.test(token)) throw new NotFound("File not found");
  const db = await getDb();
  const [row] = await db
    .select({ body: slides.body, slideContent: slides.slideContent })
    .from(shareLinks)
    .innerJoin(tenants, and(eq(tenants.id, shareLinks.tenantId), eq(tenants.isActive, true)))
    .innerJoin(presentations, eq(presentations.id, shareLinks.presentationId))
    .innerJoin(slides, eq(slides.presentationId, presentations.id))
    .where(and(eq(shareLinks.tokenHash, sha256(token)), isNull(shareLinks.revokedAt), eq(slides.id, named.slideId), eq(slides.tenantId, named.tenantId)))
    .limit(1);
  if (!row) throw new NotFound("File not found");
  return textOf(row, named.part);
}

/**
 * The texts that slide text paths sent back by a client name (a spec client returns the slides it read), keyed by
 * path; only slides of the tenant. A path that names no such slide is absent from the answer.
 */
export async function slideTextsByPath(tx: Tx, tenantId: string, paths: readonly string[]): Promise<Map<string, string>> {
  const named = paths.flatMap((path) => {
    const parsed = parseSlideTextPath(path);
    return parsed && parsed.tenantId === tenantId ? [{ path, ...parsed }] : [];
  });
  if (named.length === 0) return new Map();
  const rows = await tx
    .select({ id: slides.id, body: slides.body, slideContent: slides.slideContent })
    .from(slides)
    .where(and(eq(slides.tenantId, tenantId), inArray(slides.id, [...new Set(named.map((entry) => entry.slideId))])));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return new Map(
    named.flatMap((entry) => {
      const row = byId.get(entry.slideId);
      return row ? [[entry.path, textOf(row, entry.part)] as const] : [];
    }),
  );
}
