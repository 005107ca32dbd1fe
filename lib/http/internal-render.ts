// The proof that a request is this server's own render of a page it caches (lib/http/page-cache.ts fetches the page
// over loopback with it, and lib/http/cached-pages.ts lets such requests through to Next.js): a key derived from
// APP_SECRET for this purpose only, so every process of one installation knows it and no visitor can make it.
import { timingSafeEqual } from "node:crypto";
import { derivedKey } from "@/lib/auth/secret";

export const INTERNAL_RENDER_HEADER = "x-internal-render";

export function internalRenderProof(): string {
  return derivedKey("internal-render").toString("base64url");
}

/** Whether a request carrying this header value is this server's own render of a cached page. */
export function isInternalRender(headerValue: string | null): boolean {
  if (!headerValue) return false;
  const expected = Buffer.from(internalRenderProof());
  const given = Buffer.from(headerValue);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
