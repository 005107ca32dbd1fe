// The public share page, served from a validated cache. Every request reads the shared presentation (one statement:
// a revoked link or a deactivated tenant stops at once, on every process), and the page's HTML is rendered by
// Next.js only when that deck (its slides, files, narration and title) is new to this process; otherwise the HTML
// rendered before for exactly the same content is sent again. The page is the same for every viewer (nothing in it
// depends on the visitor; Q&A sessions start in the browser), so this is safe, and it makes the page about as
// cheap as a static one.
//
// How: lib/http/page-cache.ts (the render over loopback, the hashed CSP, gzip and ETag). A link that does not work
// gets a small self-contained page with the spec's message (no script, no token). Under `next dev` or `next start`
// the page is simply rendered per request.
import { SHARED_LOAD_MESSAGES } from "@/lib/player/messages";
import { AppError } from "@/lib/errors";
import { cachedPageHeaders, contentKey, PageCache, pageAnswer, renderOverLoopback, type PageAnswer } from "@/lib/http/page-cache";
import { logger } from "@/lib/log";
import { pictureFirst } from "@/lib/http/picture-first";
import { getSharedPresentation } from "@/lib/services/sharing";

/** Rendered pages kept per process, and their total size. */
const cache = new PageCache("share-page", { maxEntries: 500, maxBytes: 64 * 1024 * 1024 });

/** What the page's poster carries (components/player/shared-entry.tsx): the render is the player, not a notice. */
const PLAYER_MARK = "data-shared-player";
/** The poster's first slide picture. */
const FIRST_PICTURE = `[${PLAYER_MARK}] img`;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character] ?? character);

/** The app's typeface (Inter, as app/globals.css names it), served from public/fonts for this page alone. */
export const NOTICE_FONT_URL = "/fonts/inter-latin-wght-normal.woff2";

/**
 * A link that does not work: the player's "Presentation Unavailable" state, self-contained (no script, no token), in
 * the app's typeface. A link that is gone stays gone; otherwise (not ready yet, a failed read) Try Again loads the
 * page again, which needs no script.
 */
export function unavailablePage(message: string): string {
  const retry = message === SHARED_LOAD_MESSAGES.gone ? "" : `<a href="">Try Again</a>`;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>Presentation Unavailable</title><style>
@font-face{font-family:"Inter Variable";font-style:normal;font-display:swap;font-weight:100 900;src:url(${NOTICE_FONT_URL}) format("woff2-variations")}
html,body{margin:0;height:100%;background:#020617;color:#fff;font-family:"Inter Variable",ui-sans-serif,system-ui,-apple-system,"Segoe UI",sans-serif}
a{margin-top:8px;display:inline-flex;height:40px;align-items:center;border-radius:8px;background:#fff;padding:0 16px;font-size:14px;font-weight:500;color:#0f172a;text-decoration:none}a:hover{background:#f1f5f9}
main{min-height:100%;display:flex;align-items:center;justify-content:center;padding:24px;box-sizing:border-box}
div{max-width:28rem;display:flex;flex-direction:column;align-items:center;gap:12px;text-align:center}
span{display:flex;width:48px;height:48px;align-items:center;justify-content:center;border-radius:9999px;background:rgba(239,68,68,.15);color:#fca5a5;font-size:24px;font-weight:700}
h1{margin:0;font-size:20px;font-weight:600}p{margin:0;font-size:14px;color:#cbd5e1;line-height:1.5}
</style></head><body><main><div role="alert"><span aria-hidden="true">!</span><h1>Presentation Unavailable</h1><p>${escapeHtml(message)}</p>${retry}</div></main></body></html>`;
}

// Always asked again (a revoked link must stop at once); an unchanged page is answered 304 without its body.
const CACHE_CONTROL = "private, no-cache";

function notice(status: number, message: string): PageAnswer {
  const body = Buffer.from(unavailablePage(message), "utf8");
  const headers = cachedPageHeaders("/share/presentation/", [], CACHE_CONTROL);
  headers["Content-Length"] = String(body.byteLength);
  return { status, headers, body };
}

/** GET (and HEAD) /share/presentation/{token}: the page, with the request's If-None-Match honoured. */
export async function sharePageResponse(
  token: string,
  request: { ifNoneMatch?: string; acceptEncoding?: string } = {},
  attempt = 1,
): Promise<PageAnswer> {
  let key: string;
  let searchIndexing = false;
  try {
    const shared = await getSharedPresentation(token);
    searchIndexing = shared.search_indexing;
    key = contentKey(shared);
  } catch (error) {
    const status = error instanceof AppError ? error.status : 500;
    if (status >= 500) logger.error({ err: error }, "share page: reading the shared presentation failed");
    // Section 8, shared load: 404 gone or expired, 400 not ready, anything else the general message.
    const message = status === 404 ? SHARED_LOAD_MESSAGES.gone : status === 400 ? SHARED_LOAD_MESSAGES.notReady : SHARED_LOAD_MESSAGES.other;
    return notice(status === 400 ? 200 : status, message);
  }
  try {
    const page = await cache.pageFor(key, () =>
      renderOverLoopback(`/share/presentation/${encodeURIComponent(token)}`, {
        isThePage: (html) => html.includes(PLAYER_MARK),
        // The first slide's picture (the poster's, components/player/shared-entry.tsx) shows before the player's scripts load.
        transform: (html) => pictureFirst(html, FIRST_PICTURE),
      }),
    );
    const answer = pageAnswer("/share/presentation/", page, request, { cacheControl: CACHE_CONTROL, revalidate: true });
    // Out of search indexes unless the tenant opted the deck in (the page's robots meta tag says the same).
    if (searchIndexing) delete answer.headers["X-Robots-Tag"];
    return answer;
  } catch (error) {
    // Once more from the start: the link or the deck may have changed while the page was drawn.
    if (attempt === 1) return sharePageResponse(token, request, 2);
    logger.error({ err: error }, "share page: rendering failed");
    return notice(500, SHARED_LOAD_MESSAGES.other);
  }
}
