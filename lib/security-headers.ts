// Security headers for every response (STYLE.md): a nonce-based CSP, and framing allowed only on the share player.

export interface HeaderOptions {
  pathname: string;
  nonce: string;
  development: boolean;
  https: boolean;
}

/** Public shared player: embeddable by any site through the iframe embed code. */
export function isEmbeddablePath(pathname: string): boolean {
  return pathname.startsWith("/share/presentation/");
}

/** Pages where the player records voice questions. */
export function usesMicrophone(pathname: string): boolean {
  return isEmbeddablePath(pathname) || /^\/presentations\/[^/]+\/view\/?$/.test(pathname);
}

export function contentSecurityPolicy({ pathname, nonce, development }: HeaderOptions): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self' data:",
    "media-src 'self' blob: data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${isEmbeddablePath(pathname) ? "*" : "'none'"}`,
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
  if (!isEmbeddablePath(options.pathname)) headers["X-Frame-Options"] = "DENY";
  if (options.https) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  return headers;
}
