// The public share page, served from a validated cache. Every request reads the shared presentation (one statement:
// a revoked link or a deactivated tenant stops at once, on every process), and the page's HTML is rendered by
// Next.js only when that deck (its slides, files, narration and title) is new to this process; otherwise the HTML
// rendered before for exactly the same content is sent again. The page is the same for every viewer (nothing in it
// depends on the visitor; Q&A sessions start in the browser), so this is safe, and it makes the page about as
// cheap as a static one.
//
// How: scripts/server.mjs (the production server) hands GET and HEAD of /share/presentation/{token} to
// sharePageResponse, which instrumentation.ts registers on globalThis at start, before Next.js sees the request. On a
// miss it fetches the real page (app/share/presentation/[shareToken]/page.tsx) from this server over loopback with a
// header only this server can make (scripts/server.mjs lets such a request through to Next.js), strips the rendered
// nonce and allows the page's inline scripts by their SHA-256 hashes instead, as it does for prerendered pages. A
// link that does not work gets a small self-contained page with the spec's message (no script, no token). Under
// `next dev` or `next start` the page is simply rendered per request.
import { createHash } from "node:crypto";
import { SHARED_LOAD_MESSAGES } from "@/components/player/api";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { INTERNAL_RENDER_HEADER, internalRenderProof, isInternalRender } from "@/lib/http/internal-render";
import { inlineScriptHashes } from "@/lib/http/static-pages";
import { logger } from "@/lib/log";
import { securityHeaders } from "@/lib/security-headers";
import { getSharedPresentation } from "@/lib/services/sharing";

/** Rendered pages kept per process, and their total size. */
const MAX_ENTRIES = 500;
const MAX_BYTES = 64 * 1024 * 1024;
const RENDER_TIMEOUT_MS = 15_000;

interface CachedPage {
  body: Buffer;
  etag: string;
  scriptHashes: string[];
}

/** What the page's poster carries (components/player/shared-entry.tsx): the render is the player, not a notice. */
const PLAYER_MARK = "data-shared-player";

const globalForSharePages = globalThis as unknown as {
  sharePages?: Map<string, CachedPage>;
  sharePagesBytes?: number;
  sharePageRenders?: Map<string, Promise<CachedPage>>;
};

function pages(): Map<string, CachedPage> {
  return (globalForSharePages.sharePages ??= new Map());
}

/** Where this process itself listens (scripts/server.mjs sets INTERNAL_ORIGIN once it listens). */
function internalOrigin(): string {
  return process.env.INTERNAL_ORIGIN ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;
}

function remember(key: string, page: CachedPage): void {
  const cache = pages();
  cache.delete(key);
  cache.set(key, page);
  globalForSharePages.sharePagesBytes = (globalForSharePages.sharePagesBytes ?? 0) + page.body.length;
  // Oldest first out (Map keeps insertion order; a hit re-inserts its entry).
  for (const [oldKey, old] of cache) {
    if (cache.size <= MAX_ENTRIES && (globalForSharePages.sharePagesBytes ?? 0) <= MAX_BYTES) break;
    cache.delete(oldKey);
    globalForSharePages.sharePagesBytes = (globalForSharePages.sharePagesBytes ?? 0) - old.body.length;
  }
}

async function render(token: string): Promise<CachedPage> {
  const response = await fetch(`${internalOrigin()}/share/presentation/${encodeURIComponent(token)}`, {
    headers: { [INTERNAL_RENDER_HEADER]: internalRenderProof(), accept: "text/html" },
    redirect: "manual",
    cache: "no-store",
    signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
  });
  if (response.status !== 200) throw new Error(`the share page's render answered ${response.status}`);
  // The render's nonce is of no use once the HTML is sent again: its inline scripts are allowed by hash instead.
  const html = (await response.text()).replace(/(<(?:script|link|style)\b[^>]*?)\snonce="[^"]*"/g, "$1");
  // The deck changed between the read and the render (a link revoked, a deck no longer completed): the page shows
  // a notice, which must not be kept under the content read before.
  if (!html.includes(PLAYER_MARK)) throw new Error("the share page's render is not the player");
  const body = Buffer.from(html, "utf8");
  return { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`, scriptHashes: inlineScriptHashes(html) };
}

/** The page for this content: from the cache, or rendered once however many requests ask for it together. */
function pageFor(key: string, token: string): Promise<CachedPage> {
  const cache = pages();
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return Promise.resolve(hit);
  }
  const renders = (globalForSharePages.sharePageRenders ??= new Map());
  let pending = renders.get(key);
  if (!pending) {
    pending = render(token)
      .then((page) => {
        remember(key, page);
        return page;
      })
      .finally(() => renders.delete(key));
    renders.set(key, pending);
  }
  return pending;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character] ?? character);

/** A link that does not work: the player's "Presentation Unavailable" state, self-contained (no script, no token). */
export function unavailablePage(message: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>Presentation Unavailable</title><style>
html,body{margin:0;height:100%;background:#020617;color:#fff;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{min-height:100%;display:flex;align-items:center;justify-content:center;padding:24px;box-sizing:border-box}
div{max-width:28rem;display:flex;flex-direction:column;align-items:center;gap:12px;text-align:center}
span{display:flex;width:48px;height:48px;align-items:center;justify-content:center;border-radius:9999px;background:rgba(239,68,68,.15);color:#fca5a5;font-size:24px;font-weight:700}
h1{margin:0;font-size:20px;font-weight:600}p{margin:0;font-size:14px;color:#cbd5e1;line-height:1.5}
</style></head><body><main><div role="alert"><span aria-hidden="true">!</span><h1>Presentation Unavailable</h1><p>${escapeHtml(message)}</p></div></main></body></html>`;
}

export interface SharePageAnswer {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array | null;
}

function answer(status: number, scriptHashes: string[], body: Uint8Array | null, etag?: string): SharePageAnswer {
  const settings = env();
  const headers = securityHeaders({
    pathname: "/share/presentation/",
    nonce: "",
    prerendered: true,
    scriptHashes,
    development: settings.NODE_ENV === "development",
    https: settings.APP_URL.startsWith("https://"),
  });
  headers["Content-Type"] = "text/html; charset=utf-8";
  // Always asked again (a revoked link must stop at once); an unchanged page is answered 304 without its body.
  headers["Cache-Control"] = "private, no-cache";
  if (etag) headers.ETag = etag;
  if (body) headers["Content-Length"] = String(body.byteLength);
  return { status, headers, body };
}

/** GET (and HEAD) /share/presentation/{token}: the page, with the request's If-None-Match honoured. */
export async function sharePageResponse(token: string, ifNoneMatch?: string, attempt = 1): Promise<SharePageAnswer> {
  let fingerprint: string;
  try {
    const presentation = await getSharedPresentation(token);
    fingerprint = createHash("sha256").update(JSON.stringify(presentation)).digest("base64url");
  } catch (error) {
    const status = error instanceof AppError ? error.status : 500;
    if (status >= 500) logger.error({ err: error }, "share page: reading the shared presentation failed");
    // Section 8, shared load: 404 gone or expired, 400 not ready, anything else the general message.
    const message = status === 404 ? SHARED_LOAD_MESSAGES.gone : status === 400 ? SHARED_LOAD_MESSAGES.notReady : SHARED_LOAD_MESSAGES.other;
    return answer(status === 400 ? 200 : status, [], Buffer.from(unavailablePage(message), "utf8"));
  }
  let page: CachedPage;
  try {
    page = await pageFor(fingerprint, token);
  } catch (error) {
    // Once more from the start: the link or the deck may have changed while the page was drawn.
    if (attempt === 1) return sharePageResponse(token, ifNoneMatch, 2);
    logger.error({ err: error }, "share page: rendering failed");
    return answer(500, [], Buffer.from(unavailablePage(SHARED_LOAD_MESSAGES.other), "utf8"));
  }
  if (ifNoneMatch?.split(/\s*,\s*/).includes(page.etag)) return answer(304, page.scriptHashes, null, page.etag);
  return answer(200, page.scriptHashes, page.body, page.etag);
}

/** The key scripts/server.mjs finds the cache under (a symbol shared across module copies). */
export const SHARE_PAGE_HOOK = Symbol.for("insightdeck.share-page");

export interface SharePageHook {
  respond: typeof sharePageResponse;
  /** The header that marks this server's own render, and whether a value of it is genuine. */
  internalHeader: string;
  isInternalRender: typeof isInternalRender;
}

/** Called once at start (instrumentation.ts): the production server serves share pages through the cache. */
export function registerSharePageCache(): void {
  const hook: SharePageHook = { respond: sharePageResponse, internalHeader: INTERNAL_RENDER_HEADER, isInternalRender };
  (globalThis as Record<symbol, unknown>)[SHARE_PAGE_HOOK] = hook;
}
