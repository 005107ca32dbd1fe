// Next.js configuration. Packages with native code or WebAssembly stay outside the server bundle.
/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // The spec writes some API paths with a trailing slash and some without: both are served, without a
  // redirect (API clients may not follow one). proxy.ts redirects pages to their address without the slash.
  skipTrailingSlashRedirect: true,
  async rewrites() {
    return { beforeFiles: [{ source: "/api/v1/:path+/", destination: "/api/v1/:path+" }] };
  },
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "pino", "argon2", "rate-limiter-flexible", "pg-boss"],
  // Types are checked once by `npm run typecheck` (CI runs it); the slow build does not repeat it.
  typescript: { ignoreBuildErrors: true },
};

module.exports = nextConfig;
