// What `npm start` gives the server (package.json's start script): the environment variables before `node` (glibc's
// malloc arenas) and the Node options after it (the cap on the main thread's heap). The e2e tests and the benchmarks
// start the server themselves and read both here, so they run what `npm start` runs. CommonJS so that both the
// plain-JavaScript scripts and Playwright's TypeScript config can load it.
const { readFileSync } = require("node:fs");
const path = require("node:path");

function startScript() {
  return JSON.parse(readFileSync(path.join(__dirname, "..", "package.json"), "utf8")).scripts.start;
}

/** @returns {string[]} */
function serverNodeFlags() {
  return startScript().match(/--[\w-]+=\S+/g) ?? [];
}

/** @returns {Record<string, string>} the `NAME=value` words before `node`. */
function serverEnvironment() {
  const prefix = startScript().split(/\bnode\b/)[0];
  return Object.fromEntries([...prefix.matchAll(/([A-Z_][A-Z0-9_]*)=(\S+)/g)].map((match) => [match[1], match[2]]));
}

module.exports = { serverEnvironment, serverNodeFlags };
