// The signed-in dashboard (/dashboard), served from a validated cache (lib/http/page-cache.ts). Every request still
// resolves its actor (one statement: sign-out, a reset or a deactivation stop it at once) and reads the dashboard's
// figures exactly as the page does (lib/dashboard/initial.ts); the page's HTML is rendered by Next.js only
// when what it is drawn from (the signed-in user's session view, the sidebar cookie and the figures) is new to this
// process or its relative times are a half-minute old, and otherwise sent again as rendered before for that
// same content. Server rendering of the whole signed-in page is what made /dashboard cost 20-35 ms per request.
//
// A page is kept only when it is the dashboard drawn from the figures read before the render: the figures are read
// again after it and must be the same (otherwise the render may show newer figures than its key says, and the next
// request renders afresh). Nobody signed in, no figures, or anything unexpected: Next.js renders the page as usual.
import { DASHBOARD_PAGE_MARK, dashboardInitial } from "@/lib/dashboard/initial";
import { SIDEBAR_COOKIE } from "@/lib/shell/sidebar-cookie";
import { getDb } from "@/db/client";
import { ensureDatabaseReady } from "@/db/startup";
import { cookieFrom, decodeSession, sessionCookieName } from "@/lib/auth/session-cookie";
import { contentKey, PageCache, pageAnswer, renderOverLoopback, RenderRefused, type PageAnswer } from "@/lib/http/page-cache";
import { logger } from "@/lib/log";
import { actorForSession } from "@/lib/services/access";

/** Pages kept per process (one per user and content), and their total size (as sent and gzipped). */
const cache = new PageCache("dashboard", { maxEntries: 1000, maxBytes: 48 * 1024 * 1024 });

/**
 * The relative times on the page ("5 minutes ago") are counted from the render: a page is drawn again each
 * half-minute it is asked for (sent once more meanwhile; the browser counts the ages from its own clock anyway).
 */
const CLOCK_STEP_MS = 30_000;

// As Next.js sends its signed-in pages: never stored (the page holds the user's own data).
const CACHE_CONTROL = "private, no-cache, no-store, max-age=0, must-revalidate";

/** Everything the page is drawn from, read as the (app) layout and the dashboard page read it; null: not ours. */
async function pageInputs(cookieHeader: string | undefined): Promise<object | null> {
  const session = await decodeSession(cookieFrom(cookieHeader, sessionCookieName()));
  if (!session) return null;
  const actor = await actorForSession(await getDb(), session.userId, session.sessionId);
  if (!actor) return null;
  const initial = await dashboardInitial(actor);
  if (!initial) return null;
  // Every sidebar cookie the header carries (the layout reads one of them; which one is Next.js's business).
  const sidebar = cookieHeader?.split(";").filter((part) => part.trim().startsWith(`${SIDEBAR_COOKIE}=`)).map((part) => part.trim()) ?? [];
  return { view: actor.view, sidebar, initial };
}

/** GET (and HEAD) /dashboard of a document request; null when Next.js should render it itself. */
export async function dashboardPageResponse(request: { cookie?: string; acceptEncoding?: string }): Promise<PageAnswer | null> {
  await ensureDatabaseReady();
  const before = await pageInputs(request.cookie);
  if (!before) return null;
  const key = contentKey(before);
  try {
    const clock = Math.floor(Date.now() / CLOCK_STEP_MS);
    const page = await cache.pageFor(key, async () => {
      const rendered = await renderOverLoopback("/dashboard", { cookie: request.cookie, isThePage: (html) => html.includes(DASHBOARD_PAGE_MARK) });
      const after = await pageInputs(request.cookie);
      if (!after || contentKey(after) !== key) throw new RenderRefused("the dashboard changed while it was drawn");
      return rendered;
    }, clock);
    return pageAnswer("/dashboard", page, request, { cacheControl: CACHE_CONTROL, revalidate: false });
  } catch (error) {
    if (!(error instanceof RenderRefused)) logger.warn({ err: error }, "dashboard page cache: rendering failed");
    return null;
  }
}
