// Pages prerendered at build time (the sign-in screen, the 404 page) are served as the same HTML to everyone, so
// their inline scripts cannot carry a per-request nonce. Their CSP allows exactly those scripts by SHA-256 hash,
// read once per process from the build's prerender manifest and HTML files.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

/** Inline scripts of a page: every <script> without a src attribute, its text exactly as the browser hashes it. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = "", text = ""] = match;
    if (/\bsrc\s*=/i.test(attributes) || text === "") continue;
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

export interface StaticPages {
  /** Script hashes of each prerendered page, by path. */
  byPath: Map<string, string[]>;
  /** Hashes of the prerendered 404 and error pages, which any path can turn out to be. */
  fallback: string[];
}

function htmlFileOf(distDir: string, route: string): string {
  return path.join(distDir, "server", "app", `${route === "/" ? "index" : route.slice(1)}.html`);
}

/** Reads a build's prerendered pages; an absent or unreadable build gives none (every page then uses the nonce). */
export function loadStaticPages(distDir: string): StaticPages {
  const byPath = new Map<string, string[]>();
  let fallback: string[] = [];
  try {
    const manifest = JSON.parse(readFileSync(path.join(distDir, "prerender-manifest.json"), "utf8")) as {
      routes?: Record<string, { routeType?: string }>;
    };
    for (const [route, entry] of Object.entries(manifest.routes ?? {})) {
      if (entry.routeType && entry.routeType !== "page") continue;
      let html: string;
      try {
        html = readFileSync(htmlFileOf(distDir, route), "utf8");
      } catch {
        continue;
      }
      const hashes = inlineScriptHashes(html);
      if (route === "/_not-found" || route === "/_global-error") fallback = [...new Set([...fallback, ...hashes])];
      else byPath.set(route, hashes);
    }
  } catch {
    // No build (development): nothing is prerendered.
  }
  return { byPath, fallback };
}

let cached: StaticPages | undefined;

/** The production build's prerendered pages, read on first use. */
export function staticPages(): StaticPages {
  // The build folder next.config.js names (NEXT_DIST_DIR, so parallel builds on one checkout stay apart).
  cached ??= loadStaticPages(path.join(/* turbopackIgnore: true */ process.cwd(), process.env.NEXT_DIST_DIR || ".next"));
  return cached;
}
