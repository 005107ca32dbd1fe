// Security headers for every response (STYLE.md): a nonce-based CSP, and framing allowed only on the share player.

export interface HeaderOptions {
  pathname: string;
  nonce: string;
  /**
   * Script hashes: of the prerendered page itself (`prerendered`: its HTML is the same for everyone and has no
   * nonce), or of the prerendered 404 and error pages any other address may turn out to be.
   */
  scriptHashes?: string[];
  prerendered?: boolean;
  development: boolean;
  https: boolean;
}

/** Public shared player: embeddable by any site through the iframe embed code. */
export function isEmbeddablePath(pathname: string): boolean {
  return pathname.startsWith("/share/presentation/");
}

/**
 * What a share link opens: the shared page, its images, narration, texts and captions, and the shared deck's JSON.
 * Kept out of search indexes (a link is for those it is given to) unless the tenant opts the deck in.
 */
export function isUnlistedPath(pathname: string): boolean {
  return isEmbeddablePath(pathname) || /^\/api\/v1\/(files\/shared-(image|content)\/?$|presentations\/share\/)/.test(pathname);
}

/**
 * Stored files shown inline: the blog page's preview dialog shows a PDF in an iframe of this address, so our own
 * pages (and only they) may frame it.
 */
export function isSameOriginFramePath(pathname: string): boolean {
  return /^\/api\/v1\/files\/view\/?$/.test(pathname);
}

function frameAncestors(pathname: string): string {
  if (isEmbeddablePath(pathname)) return "*";
  return isSameOriginFramePath(pathname) ? "'self'" : "'none'";
}

/** Pages where the player records voice questions. */
export function usesMicrophone(pathname: string): boolean {
  return isEmbeddablePath(pathname) || /^\/presentations\/[^/]+\/view\/?$/.test(pathname);
}

/**
 * Scripts: our own files, plus inline scripts carrying this response's nonce (pages rendered per request) or
 * matching a hash of a prerendered page. No 'unsafe-inline'. ('strict-dynamic' would refuse the prerendered pages'
 * script tags, which cannot carry a nonce; same-origin files are only our build's chunks: uploads are served with
 * their sniffed, non-script types and nosniff.)
 */
function scriptSources({ nonce, development, scriptHashes = [], prerendered = false }: HeaderOptions): string {
  const sources = ["'self'", ...(prerendered ? [] : [`'nonce-${nonce}'`]), ...scriptHashes];
  if (development) sources.push("'unsafe-eval'");
  return sources.join(" ");
}

export function contentSecurityPolicy(options: HeaderOptions): string {
  const { pathname } = options;
  const directives = [
    "default-src 'self'",
    `script-src ${scriptSources(options)}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self' data:",
    "media-src 'self' blob: data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors(pathname)}`,
  ];
  return directives.join("; ");
}

export function securityHeaders(options: HeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": `camera=(), geolocation=(), payment=(), microphone=${usesMicrophone(options.pathname) ? "(self)" : "()"}`,
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (!isEmbeddablePath(options.pathname)) headers["X-Frame-Options"] = isSameOriginFramePath(options.pathname) ? "SAMEORIGIN" : "DENY";
  // A deck its tenant opted into search indexes has the header taken off its page (lib/http/share-page.ts).
  if (isUnlistedPath(options.pathname)) headers["X-Robots-Tag"] = "noindex, nofollow";
  if (options.https) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  return headers;
}
