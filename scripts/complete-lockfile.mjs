// Completes package-lock.json for `npm ci`: the registry reachable here lacks some platform-specific optional
// packages (e.g. @next/swc-darwin-arm64 of the current release), so npm cannot record them and `npm ci` then
// refuses the lock as "out of sync". Each missing optional dependency gets an entry marked optional; npm skips
// it on this platform (or tolerates its failed download, as for any optional dependency).
// Run after every `npm install` that changes dependencies: `node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const file = path.resolve(import.meta.dirname, "..", "package-lock.json");
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;

/** Where npm would look for `name` when required from the package at `from` (node_modules lookup). */
function resolves(from, name) {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ""}node_modules/${name}`;
    if (packages[candidate]) return true;
    if (!base) return false;
    const index = base.lastIndexOf("/node_modules/");
    base = index === -1 ? "" : base.slice(0, index);
  }
}

let added = 0;
for (const [location, entry] of Object.entries({ ...packages })) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolves(location, name)) continue;
    const version = String(range).replace(/^[\^~=]/, "");
    packages[`node_modules/${name}`] = { version, dev: entry.dev || undefined, optional: true };
    added += 1;
  }
}

const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added ? `package-lock.json: recorded ${added} optional platform packages the registry lacks` : "package-lock.json: complete");
