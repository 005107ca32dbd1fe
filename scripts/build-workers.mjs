// Bundles the capped workers' entries (lib/workers/capped.ts) to run as child processes of the server:
// <distDir>/workers/<name>.mjs, one ES module each, with the project's own code inside and its packages left to be
// loaded from node_modules as they are (native and WebAssembly ones among them). Run by `npm run build` after
// `next build` (which empties the dist folder), and by `npm start` and `npm test` after theirs; without these files
// the workers run as threads of the server.
//   node scripts/build-workers.mjs
import { existsSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");

/** Each entry's bundle name, as the call site passes it to runCapped (`bundle`). */
export const WORKER_ENTRIES = {
  "document-worker": "lib/content/document-worker.ts",
  "generation-worker": "lib/ai/generation-worker.ts",
  "parse-worker": "lib/pptx/parse-worker.ts",
  "render-worker": "lib/slides/render-worker.ts",
};

/** The folder of the bundles in a build folder (next.config.js's distDir: NEXT_DIST_DIR, else .next). */
export function workersFolder(distDir = process.env.NEXT_DIST_DIR || ".next") {
  return path.join(root, distDir, "workers");
}

/** Whether every entry's bundle is in the build folder. */
export function workersBuilt(distDir) {
  return Object.keys(WORKER_ENTRIES).every((name) => existsSync(path.join(workersFolder(distDir), `${name}.mjs`)));
}

/**
 * Bundles every entry into the build folder (about a second). Written beside it first and then moved in, so a server
 * starting meanwhile finds the old set or the new one, never half of one.
 */
export async function buildWorkers(distDir) {
  const folder = workersFolder(distDir);
  const outdir = `${folder}.${process.pid}`;
  await build({
  absWorkingDir: root,
  entryPoints: Object.fromEntries(Object.entries(WORKER_ENTRIES).map(([name, file]) => [name, path.join(root, file)])),
  outdir,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node24",
  // The code reads it to tell the bundle from its TypeScript sources; a worker is neither Next.js nor vitest.
  define: { "process.env.NEXT_RUNTIME": JSON.stringify("worker") },
  sourcemap: "linked",
  logLevel: "warning",
  });
  rmSync(folder, { recursive: true, force: true });
  renameSync(outdir, folder);
  console.log(`workers: ${Object.keys(WORKER_ENTRIES).length} entries bundled in ${path.relative(root, folder)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await buildWorkers();
