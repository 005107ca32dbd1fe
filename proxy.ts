// Runs before every request: security headers with a per-request CSP nonce, and trailing-slash handling.
// It never authorises anything; services check permissions on every call.
import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { securityHeaders } from "@/lib/security-headers";

export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;

  // The spec writes some API paths with a trailing slash and some without; both are served.
  // Pages keep one canonical address without the slash.
  if (pathname.length > 1 && pathname.endsWith("/")) {
    const target = request.nextUrl.clone();
    target.pathname = pathname.replace(/\/+$/, "");
    if (pathname.startsWith("/api/")) return NextResponse.rewrite(target);
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
