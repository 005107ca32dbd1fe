// Validated page caches for the production server: a page whose HTML is a pure function of data that every request
// reads anyway (its checks cannot be skipped) is rendered by Next.js once per distinct content and sent again while
// that content stays the same. Used by the public share page (lib/http/share-page.ts) and the signed-in dashboard
// (lib/http/dashboard-page.ts); scripts/server.mjs hands such requests to `respondFromPageCache` before Next.js sees
// them, and everything a cache does not answer goes on to Next.js as usual.
//
// A render is this server fetching its own page over loopback with a header only it can make (lib/http/
// internal-render.ts); the render's nonce is stripped and the page's inline scripts are allowed by their SHA-256
// hashes instead, as for the prerendered pages. Each page is kept as sent and gzipped (once, when it is stored).
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { env } from "@/lib/env";
import { INTERNAL_RENDER_HEADER, internalRenderProof } from "@/lib/http/internal-render";
import { inlineScriptHashes } from "@/lib/http/static-pages";
import { securityHeaders } from "@/lib/security-headers";

const RENDER_TIMEOUT_MS = 15_000;

export interface RenderedPage {
  body: Buffer;
  gzipped: Buffer;
  /** Of the uncompressed body; the gzipped one is sent with "-gz" appended inside the quotes. */
  etag: string;
  scriptHashes: string[];
  /** Which version of time-dependent content the page shows (see `PageCache.pageFor`). */
  version?: number;
}

interface Store {
  pages: Map<string, RenderedPage>;
  bytes: number;
  renders: Map<string, Promise<RenderedPage>>;
}

// On globalThis: the server's chunks may hold more than one copy of this module, and they must share one cache.
const stores = ((globalThis as Record<symbol, unknown>)[Symbol.for("insightdeck.page-cache-stores")] ??= new Map()) as Map<
  string,
  Store
>;

/** Where this process itself listens (scripts/server.mjs sets INTERNAL_ORIGIN once it listens). */
function internalOrigin(): string {
  return process.env.INTERNAL_ORIGIN ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;
}

/** One page cache: at most `maxEntries` pages and `maxBytes` of HTML (both forms), least recently used out first. */
export class PageCache {
  private readonly store: Store;

  constructor(
    name: string,
    private readonly limits: { maxEntries: number; maxBytes: number },
  ) {
    let store = stores.get(name);
    if (!store) {
      store = { pages: new Map(), bytes: 0, renders: new Map() };
      stores.set(name, store);
    }
    this.store = store;
  }

  private remember(key: string, page: RenderedPage): void {
    const { pages } = this.store;
    const previous = pages.get(key);
    if (previous) this.store.bytes -= previous.body.length + previous.gzipped.length;
    pages.delete(key);
    pages.set(key, page);
    this.store.bytes += page.body.length + page.gzipped.length;
    // Oldest first out (a Map keeps insertion order; a hit re-inserts its entry).
    for (const [oldKey, old] of pages) {
      if (pages.size <= this.limits.maxEntries && this.store.bytes <= this.limits.maxBytes) break;
      pages.delete(oldKey);
      this.store.bytes -= old.body.length + old.gzipped.length;
    }
  }

  /**
   * The page for this content key: from the cache, or rendered once however many requests ask for it together.
   * `version` counts what changes with time alone (the dashboard's relative ages, by the half-minute): a page one
   * version behind is still sent while its successor renders in the background, so a new half-minute does not
   * hold up every request waiting for the render; a page further behind is drawn again first.
   */
  pageFor(key: string, render: () => Promise<RenderedPage>, version = 0): Promise<RenderedPage> {
    const hit = this.store.pages.get(key);
    if (hit) {
      this.store.pages.delete(key);
      this.store.pages.set(key, hit);
      const behind = version - (hit.version ?? 0);
      if (behind <= 0) return Promise.resolve(hit);
      const next = this.rendering(key, render, version);
      if (behind > 1) return next;
      // Failures of a background render are the next request's to meet.
      next.catch(() => undefined);
      return Promise.resolve(hit);
    }
    return this.rendering(key, render, version);
  }

  private rendering(key: string, render: () => Promise<RenderedPage>, version: number): Promise<RenderedPage> {
    const { renders } = this.store;
    let pending = renders.get(key);
    if (!pending) {
      pending = render()
        .then((page) => {
          const versioned = { ...page, version };
          this.remember(key, versioned);
          return versioned;
        })
        .finally(() => renders.delete(key));
      renders.set(key, pending);
    }
    return pending;
  }
}

/** A fingerprint of everything a page is drawn from. */
export function contentKey(inputs: unknown): string {
  return createHash("sha256").update(JSON.stringify(inputs)).digest("base64url");
}

export class RenderRefused extends Error {}

/**
 * This server's own render of a page over loopback, made ready to be sent again: 200 or nothing, no cookie set
 * (a render that changes the session is not content), and `isThePage` must recognise the HTML (a render that shows
 * a notice instead, because something changed since the data was read, must not be kept under that data).
 */
export async function renderOverLoopback(
  pathname: string,
  options: { cookie?: string; isThePage: (html: string) => boolean; transform?: (html: string) => string },
): Promise<RenderedPage> {
  const headers: Record<string, string> = { [INTERNAL_RENDER_HEADER]: internalRenderProof(), accept: "text/html", "accept-encoding": "identity" };
  // The render is sent to every visitor, crawlers and link previews too: asked as a link-preview bot, Next.js puts
  // the page's metadata (title, description, robots, preview tags) in the HTML's head, where they read it, instead
  // of streaming it into the body after the page.
  headers["user-agent"] = "facebookexternalhit/1.1 (page cache render)";
  if (options.cookie) headers.cookie = options.cookie;
  const response = await fetch(`${internalOrigin()}${pathname}`, {
    headers,
    redirect: "manual",
    cache: "no-store",
    signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
  });
  if (response.status !== 200) throw new RenderRefused(`the render of ${pathname} answered ${response.status}`);
  if (response.headers.has("set-cookie")) throw new RenderRefused(`the render of ${pathname} set a cookie`);
  // The render's nonce is of no use once the HTML is sent again: its inline scripts are allowed by hash instead.
  const html = (await response.text()).replace(/(<(?:script|link|style)\b[^>]*?)\snonce="[^"]*"/g, "$1");
  if (!options.isThePage(html)) throw new RenderRefused(`the render of ${pathname} is not the page`);
  // Changed before its inline scripts are hashed, so the CSP allows what is sent.
  const sent = options.transform ? options.transform(html) : html;
  const body = Buffer.from(sent, "utf8");
  return {
    body,
    gzipped: gzipSync(body),
    etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
    scriptHashes: inlineScriptHashes(sent),
  };
}

export interface PageAnswer {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array | null;
}

/** Whether an Accept-Encoding header takes gzip (and does not refuse it with q=0). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding.split(",").some((part) => {
    const [coding = "", ...parameters] = part.trim().toLowerCase().split(";");
    if (coding.trim() !== "gzip" && coding.trim() !== "*") return false;
    const quality = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith("q="));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}

/** Security headers of a page sent from a cache: the CSP allows its inline scripts by hash, not by nonce. */
export function cachedPageHeaders(pathname: string, scriptHashes: string[], cacheControl: string): Record<string, string> {
  const settings = env();
  const headers = securityHeaders({
    pathname,
    nonce: "",
    prerendered: true,
    scriptHashes,
    development: settings.NODE_ENV === "development",
    https: settings.APP_URL.startsWith("https://"),
  });
  headers["Content-Type"] = "text/html; charset=utf-8";
  headers["Cache-Control"] = cacheControl;
  // As Next.js says of its pages: the same address answers the router's flight requests differently.
  headers.Vary = "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding";
  return headers;
}

/**
 * A cached page as the answer to one request: gzipped when the client takes it, 304 when `revalidate` is on and
 * the client already has this version.
 */
export function pageAnswer(
  pathname: string,
  page: RenderedPage,
  request: { acceptEncoding?: string; ifNoneMatch?: string },
  options: { cacheControl: string; revalidate: boolean },
): PageAnswer {
  const gzip = acceptsGzip(request.acceptEncoding);
  const headers = cachedPageHeaders(pathname, page.scriptHashes, options.cacheControl);
  const etag = gzip ? `${page.etag.slice(0, -1)}-gz"` : page.etag;
  if (options.revalidate) {
    headers.ETag = etag;
    const given = request.ifNoneMatch?.split(/\s*,\s*/) ?? [];
    if (given.includes(etag) || given.includes(`W/${etag}`)) return { status: 304, headers, body: null };
  }
  const body = gzip ? page.gzipped : page.body;
  if (gzip) headers["Content-Encoding"] = "gzip";
  headers["Content-Length"] = String(body.byteLength);
  return { status: 200, headers, body };
}
