// `npm start`: builds the app when the build is missing or older than the sources, then serves it in this very
// process (scripts/server.mjs), so one Node process serves requests and receives the signals.
//   npm start [-- --port 3000 --hostname 127.0.0.1]
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { serverOptions, startServer, stopOnSignals } from "./server.mjs";

const root = path.resolve(import.meta.dirname, "..");
// The build's folder: next.config.js's distDir (NEXT_DIST_DIR, else .next).
const distDir = path.join(root, process.env.NEXT_DIST_DIR || ".next");
const buildId = path.join(distDir, "BUILD_ID");
// When this script's last build started: a source saved while it ran is not in the build, though older than
// BUILD_ID. `next build` empties .next, so the stamp never outlives its build.
const buildStarted = path.join(distDir, "build-started-at");
// Everything `next build` reads from the project (node_modules changes go through package-lock.json).
const sourceEntries = [
  "app",
  "components",
  "lib",
  "db",
  "public",
  "proxy.ts",
  "instrumentation.ts",
  "next.config.js",
  "postcss.config.mjs",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
];

/** True as soon as one entry under `entry` was changed after `since` (stops at the first one). */
function changedSince(entry, since) {
  let stat;
  try {
    stat = statSync(entry);
  } catch {
    return false;
  }
  if (stat.mtimeMs > since) return true;
  if (!stat.isDirectory()) return false;
  return readdirSync(entry).some((name) => changedSince(path.join(entry, name), since));
}

/** When the current build read its inputs (at the latest), or null when there is no build. */
function builtAt() {
  if (!existsSync(buildId)) return null;
  return existsSync(buildStarted) ? statSync(buildStarted).mtimeMs : statSync(buildId).mtimeMs;
}

// In production (NODE_ENV=production) a present build is served as it is: deployments build once (`npm run build`)
// and start without looking at the sources. Elsewhere (a checkout someone edits) the sources are compared with
// the build: about 300 files, about 10 ms, stopping at the first newer one.
const since = builtAt();
const trustBuild = since !== null && process.env.NODE_ENV === "production";
if (since === null || (!trustBuild && sourceEntries.some((entry) => changedSince(path.join(root, entry), since)))) {
  console.log(since === null ? "Building the app (first start)..." : "Sources changed since the last build: building...");
  const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
  const startedAt = new Date();
  const build = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(buildStarted, `${startedAt.toISOString()}\n`);
  utimesSync(buildStarted, startedAt, startedAt);
}

try {
  const options = serverOptions();
  const { close } = await startServer(options);
  stopOnSignals(close);
  const url = process.env.APP_URL || `http://localhost:${options.port}`;
  console.log(`\n  Ready. Sign in at ${url} (Node.js ${process.version})\n`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
