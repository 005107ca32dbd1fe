// The production server: the built Next.js app in this process behind a plain Node HTTP server, which computes
// each request's client address from the socket (and TRUST_PROXY) and hands it to the app in a header no client
// can set (issue 7, V4; lib/http/client-address.mjs). `next start` would pass the client's own X-Forwarded-For.
// Run by `npm start` (scripts/start.mjs), the e2e tests and the CI smoke test; needs a build (`next build`).
//   node scripts/server.mjs [--port 3000] [--hostname 127.0.0.1]
import { createServer } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { parseTrustProxy, trustClientIpHeader, withClientAddress } from "../lib/http/client-address.mjs";

const root = path.resolve(import.meta.dirname, "..");

/** Command-line options shared with scripts/start.mjs: --port (default PORT or 3000), --hostname (default all). */
export function serverOptions(args = process.argv.slice(2)) {
  const { values } = parseArgs({
    args,
    options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } },
  });
  const port = Number(values.port ?? process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid port: ${values.port ?? process.env.PORT}`);
  return { port, hostname: values.hostname };
}

const PAGE_CACHE_HOOK = Symbol.for("insightdeck.page-cache");

/**
 * The public share page and the dashboard (GET and HEAD) go to the validated caches the app registers at start
 * (lib/http/cached-pages.ts): their checks run on every request and the page is rendered only when its content is
 * new to this process. Whatever the hook does not answer (its null, or a failure) goes to Next.js as usual, as does
 * everything when no hook is registered.
 */
function withPageCaches(listener) {
  return (request, response) => {
    const hook = globalThis[PAGE_CACHE_HOOK];
    const url = request.url ?? "";
    // Every request passes here: anything else is told apart by a prefix test before any parsing.
    if (!hook || !(url === "/dashboard" || url.startsWith("/share/presentation/"))) return listener(request, response);
    if (request.method !== "GET" && request.method !== "HEAD") return listener(request, response);
    hook({ url, headers: request.headers }).then(
      (answer) => {
        if (!answer) return listener(request, response);
        response.writeHead(answer.status, answer.headers);
        response.end(request.method === "HEAD" || !answer.body ? undefined : answer.body);
      },
      () => listener(request, response),
    );
  };
}

/** Starts the app on the port; resolves once it listens. */
/**
 * The capped workers' child-process entries (scripts/build-workers.mjs): `npm run build` makes them; a build made by
 * `next build` alone gets them here. Where they cannot be made (no esbuild: an install without dev dependencies),
 * the workers run as threads of this process.
 */
async function ensureWorkerBundles() {
  try {
    const { buildWorkers, workersBuilt } = await import("./build-workers.mjs");
    if (!workersBuilt()) await buildWorkers();
  } catch (error) {
    console.warn(`The workers' process entries could not be built; workers run as threads: ${error instanceof Error ? error.message : error}`);
  }
}

export async function startServer({ port, hostname, dir = root }) {
  process.env.NODE_ENV ??= "production";
  await ensureWorkerBundles();
  const { default: next } = await import("next");
  const app = next({ dev: false, dir, port, hostname: hostname ?? "localhost" });
  // prepare() loads the .env files, so TRUST_PROXY is read after it.
  await app.prepare();
  let trust;
  try {
    trust = parseTrustProxy(process.env.TRUST_PROXY);
  } catch (error) {
    throw new Error(`Invalid configuration:\n  - TRUST_PROXY: ${error.message}`);
  }
  trustClientIpHeader();
  const handle = app.getRequestHandler();
  // An idle keep-alive connection is kept 65 s (Node's default is 5 s), longer than the idle timeout of the proxies
  // and clients that reuse it (60 s for most load balancers): a server that closes it first races the next request
  // sent on it, which then fails with a reset (seen as 'socket hang up' from a client that waited 5 s between two
  // requests). The header deadline must exceed it.
  const server = createServer({ keepAliveTimeout: 65_000, headersTimeout: 66_000 }, withClientAddress(withPageCaches(handle), trust));
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, () => {
      server.off("error", reject);
      resolve();
    });
  });
  // Where the app reaches itself (the page caches render their pages over loopback: lib/http/page-cache.ts).
  const bound = server.address();
  if (bound && typeof bound === "object") {
    const wildcard = !hostname || bound.address === "0.0.0.0" || bound.address === "::";
    const host = wildcard ? "127.0.0.1" : bound.address.includes(":") ? `[${bound.address}]` : bound.address;
    process.env.INTERNAL_ORIGIN = `http://${host}:${bound.port}`;
  }
  // Stops taking requests, lets those under way end, then the app's own shutdown (lib/services/shutdown.ts: analytics events
  // held in memory written, running jobs ended, database closed), which instrumentation.ts registered.
  const close = async () => {
    await new Promise((resolve) => server.close(() => resolve()));
    const shutdownApp = globalThis[Symbol.for("narrated-presentations.shutdown")];
    if (typeof shutdownApp === "function") await shutdownApp();
    await app.close();
  };
  return { server, close };
}

/** Ends the process on SIGINT or SIGTERM once the server stops taking requests (at most 10 seconds). */
export function stopOnSignals(close) {
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, () => {
      setTimeout(() => process.exit(0), 10_000).unref();
      close().finally(() => process.exit(0));
    });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const options = serverOptions();
    const { close } = await startServer(options);
    stopOnSignals(close);
    console.log(`Listening on http://${options.hostname ?? "localhost"}:${options.port}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
