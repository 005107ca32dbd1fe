// `npm start`: builds the app when the build is missing or older than the sources, then serves it.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const buildId = path.join(root, ".next", "BUILD_ID");
const sourceEntries = ["app", "components", "lib", "db", "proxy.ts", "instrumentation.ts", "next.config.js", "package-lock.json", "postcss.config.mjs"];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

const builtAt = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
const sourcesAt = Math.max(...sourceEntries.map((entry) => newestMtime(path.join(root, entry))));
if (builtAt < sourcesAt) {
  console.log(builtAt ? "Sources changed since the last build: building..." : "Building the app (first start)...");
  const build = spawnSync("npx", ["next", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = process.env.PORT || "3000";
const server = spawn("npx", ["next", "start", "-p", port], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));

const url = process.env.APP_URL || `http://localhost:${port}`;
for (let attempt = 0; attempt < 120; attempt += 1) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
    if (response.ok) {
      console.log(`\n  Ready. Sign in at ${url}\n`);
      break;
    }
  } catch {
    // not listening yet
  }
}
