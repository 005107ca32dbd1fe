// The Node options `npm start` gives the server (package.json's start script): the cap on the main thread's heap.
// The e2e tests and the benchmarks start the server themselves and read them here, so they run what `npm start` runs.
// CommonJS so that both the plain-JavaScript scripts and Playwright's TypeScript config can load it.
const { readFileSync } = require("node:fs");
const path = require("node:path");

/** @returns {string[]} */
function serverNodeFlags() {
  const { scripts } = JSON.parse(readFileSync(path.join(__dirname, "..", "package.json"), "utf8"));
  return scripts.start.match(/--[\w-]+=\S+/g) ?? [];
}

module.exports = { serverNodeFlags };
