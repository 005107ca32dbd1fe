// The pages the production server answers from a validated cache (lib/http/page-cache.ts) before Next.js sees the
// request: the public share page and the signed-in dashboard. scripts/server.mjs calls the hook registered here for
// GET and HEAD document requests of those addresses; a null answer, or a failure, sends the request on to Next.js.
import { dashboardPageResponse } from "@/lib/http/dashboard-page";
import { INTERNAL_RENDER_HEADER, isInternalRender } from "@/lib/http/internal-render";
import type { PageAnswer } from "@/lib/http/page-cache";
import { sharePageResponse } from "@/lib/http/share-page";

export interface CachedPageRequest {
  /** The request target as Node.js received it (path and query). */
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

const SHARE_PAGE_PATH = /^\/share\/presentation\/([^/?#]+)$/;

function header(request: CachedPageRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/** The cached answer to a page request, or null when Next.js should handle it. */
export async function respondFromPageCache(request: CachedPageRequest): Promise<PageAnswer | null> {
  // This server's own render, and the router's flight requests, are Next.js's.
  if (isInternalRender(header(request, INTERNAL_RENDER_HEADER) ?? null) || request.headers.rsc !== undefined) return null;
  if (request.url === "/dashboard") {
    return dashboardPageResponse({ cookie: header(request, "cookie"), acceptEncoding: header(request, "accept-encoding") });
  }
  const url = new URL(request.url, "http://localhost");
  const match = SHARE_PAGE_PATH.exec(url.pathname);
  if (!match?.[1] || url.searchParams.has("_rsc")) return null;
  let token: string;
  try {
    token = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  return sharePageResponse(token, { ifNoneMatch: header(request, "if-none-match"), acceptEncoding: header(request, "accept-encoding") });
}

/** The key scripts/server.mjs finds the hook under (a symbol shared across module copies). */
export const PAGE_CACHE_HOOK = Symbol.for("insightdeck.page-cache");

/** Called once at start (instrumentation.ts): the production server serves these pages through their caches. */
export function registerPageCaches(): void {
  (globalThis as Record<symbol, unknown>)[PAGE_CACHE_HOOK] = respondFromPageCache;
}
