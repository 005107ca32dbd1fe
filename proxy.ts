// Runs before every request: security headers with a per-request CSP nonce (or the script hashes of a prerendered
// page), the page trailing-slash redirect, and the sign-in screen's redirect of signed-in visitors.
// It never authorises anything; services check permissions on every call.
import { NextResponse, type NextRequest } from "next/server";
import { decodeSession, sessionCookieName } from "@/lib/auth/session-cookie";
import { env } from "@/lib/env";
import { staticPages } from "@/lib/http/static-pages";
import { securityHeaders } from "@/lib/security-headers";

/** The sign-in screen's addresses: prerendered, so whether someone is signed in is decided here. */
const SIGN_IN_PATHS = new Set(["/", "/login"]);

function redirectTo(pathname: string, search: string, status: 307 | 308): NextResponse {
  // Built on APP_URL, never on Host or X-Forwarded-Proto (a client or a misconfigured proxy sets those), and by
  // setting the path rather than resolving it: "//evil.example/" must not become a protocol-relative address.
  const target = new URL(env().APP_URL);
  target.pathname = pathname;
  target.search = search;
  return NextResponse.redirect(target, status);
}

export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;

  // Pages keep one canonical address without a trailing slash (API paths are rewritten in next.config.js).
  if (pathname.length > 1 && pathname.endsWith("/") && !pathname.startsWith("/api/")) {
    return redirectTo(pathname.replace(/\/+$/, ""), request.nextUrl.search, 308);
  }

  // A signed-in visitor of the sign-in screen goes to the dashboard. The cookie's signature and expiry are checked
  // here without the database; a session ended since (sign-out elsewhere, reset) meets the sign-in screen in place
  // at /dashboard, which checks the database.
  if (SIGN_IN_PATHS.has(pathname) && (await decodeSession(request.cookies.get(sessionCookieName())?.value))) {
    // Temporary: the same address shows the sign-in screen again once the visitor has signed out.
    return redirectTo("/dashboard", "", 307);
  }

  const production = env().NODE_ENV === "production";
  const prerenderedHashes = production ? staticPages().byPath.get(pathname) : undefined;
  const nonce = btoa(crypto.randomUUID());
  const headers = securityHeaders({
    pathname,
    nonce,
    prerendered: prerenderedHashes !== undefined,
    scriptHashes: prerenderedHashes ?? (production ? staticPages().fallback : []),
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

// Uploads bypass the proxy: Next.js buffers the body of every request the proxy sees and cuts it at 10 MB, while
// the upload routes stream their multipart bodies (documents and PowerPoint files up to 50 MB) to storage. Their
// answers are JSON and carry no page to protect; the file routes that serve bytes still pass through here.
export const config = {
  matcher: [{ source: "/((?!_next/static|_next/image|favicon.ico|api/v1/files/upload|api/v1/presentations/upload-slide-image).*)" }],
};
