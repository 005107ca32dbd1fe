// Next.js configuration. Packages with native code or WebAssembly stay outside the server bundle.
/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // A second build beside the usual one (parallel work on one checkout) may go to another folder.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // The spec writes some API paths with a trailing slash and some without: both are served, without a
  // redirect (API clients may not follow one). proxy.ts redirects pages to their address without the slash.
  skipTrailingSlashRedirect: true,
  async rewrites() {
    return { beforeFiles: [{ source: "/api/v1/:path+/", destination: "/api/v1/:path+" }] };
  },
  // The eSpeak NG WebAssembly build and resvg load data files and binaries that sit beside them; unpdf loads
  // pdf.js at run time; pptxgenjs reads node:fs at run time.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "postgres",
    "pino",
    "argon2",
    "rate-limiter-flexible",
    "pg-boss",
    "@echogarden/espeak-ng-emscripten",
    "@resvg/resvg-js",
    "unpdf",
    "pptxgenjs",
    // The offline generator's part-of-speech tagger and its English model (several megabytes of data): loaded as
    // they are rather than bundled.
    "wink-nlp",
    "wink-eng-lite-web-model",
  ],
  // Types are checked once by `npm run typecheck` (CI runs it); the slow build does not repeat it.
  typescript: { ignoreBuildErrors: true },
  // A CI build is made once on a fresh clone: writing Turbopack's build cache (about 17 s here) would serve no one.
  experimental: { turbopackFileSystemCacheForBuild: !process.env.CI },
};

module.exports = nextConfig;
