// Cross-site request forgery defence of the API (issue 7, V2). The session cookie is SameSite=Lax, which still
// goes along with requests from a sibling port or subdomain (same-site, cross-origin), so an unsafe request that
// relies on the cookie must show that one of the app's own pages sent it.
//
// The rule, for POST, PUT, PATCH and DELETE without an `Authorization: Bearer` header:
// 1. The browser's own word decides when it gives one: `Sec-Fetch-Site` other than `same-origin` (same-site,
//    cross-site, none) is refused; without that header, an `Origin` other than APP_URL's (or "null") is refused.
//    This holds on every route, signed in or not, so a login CSRF fails too.
// 2. A request that carries the session cookie on a route that reads the session must carry one of those signals
//    positively (`Sec-Fetch-Site: same-origin`, or `Origin` equal to APP_URL's): a browser too old to send
//    either is refused. Routes declared `auth: "public"` never read the session, so a leftover cookie on an API
//    client's request to them plays no part.
// Bearer-token requests are unaffected: no browser attaches that header to another site's request.
import { Forbidden } from "@/lib/errors";
import { bearerToken } from "@/lib/http/resolve-actor";
import { sessionCookieFrom } from "@/lib/auth/session-cookie";

export const CROSS_SITE_DETAIL = "Cross-site request refused: this request must come from the application's own pages.";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export type RequestSource = "same-origin" | "foreign" | "unstated";

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/** Where the browser says the request came from: Fetch Metadata first, else the Origin header. */
export function requestSource(request: Request, appOrigin: string): RequestSource {
  const site = request.headers.get("sec-fetch-site");
  if (site !== null) return site.trim().toLowerCase() === "same-origin" ? "same-origin" : "foreign";
  const origin = request.headers.get("origin");
  if (origin !== null) return originOf(origin.trim()) === appOrigin ? "same-origin" : "foreign";
  return "unstated";
}

/** Throws 403 when the request may have been forged by another page (see the rule above). */
export function refuseCrossSiteRequest(request: Request, options: { appUrl: string; readsSession: boolean }): void {
  if (!UNSAFE_METHODS.has(request.method.toUpperCase())) return;
  if (bearerToken(request)) return;
  const source = requestSource(request, new URL(options.appUrl).origin);
  if (source === "same-origin") return;
  if (source === "foreign") throw new Forbidden(CROSS_SITE_DETAIL);
  if (options.readsSession && sessionCookieFrom(request.headers.get("cookie"))) throw new Forbidden(CROSS_SITE_DETAIL);
}
