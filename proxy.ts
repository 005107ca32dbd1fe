// Runs before every request: security headers with a per-request CSP nonce, and the page trailing-slash redirect.
// It never authorises anything; services check permissions on every call.
import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { securityHeaders } from "@/lib/security-headers";

export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;

  // Pages keep one canonical address without a trailing slash (API paths are rewritten in next.config.js).
  if (pathname.length > 1 && pathname.endsWith("/") && !pathname.startsWith("/api/")) {
    // Built on APP_URL, never on Host or X-Forwarded-Proto (a client or a misconfigured proxy sets those), and by
    // setting the path rather than resolving it: "//evil.example/" must not become a protocol-relative address.
    const target = new URL(env().APP_URL);
    target.pathname = pathname.replace(/\/+$/, "");
    target.search = request.nextUrl.search;
    return NextResponse.redirect(target, 308);
  }

  const nonce = btoa(crypto.randomUUID());
  const headers = securityHeaders({
    pathname,
    nonce,
    development: env().NODE_ENV === "development",
    https: env().APP_URL.startsWith("https://"),
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"] ?? "");
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: [{ source: "/((?!_next/static|_next/image|favicon.ico).*)" }],
};
