// `npm test`: unit and API tests (vitest), then the end-to-end tests (Playwright, system Chromium) and the resilience
// suite (vitest project 'resilience': hostile inputs, faults, two processes; issue 20) against a production build.
// With DATABASE_URL set, every part runs on fresh PostgreSQL databases that are dropped after.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const results = path.join(root, "test-results");

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function capture(command, args) {
  const result = spawnSync(command, args, { cwd: root, encoding: "utf8", env: process.env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed: ${result.stderr}`);
  return result.stdout.trim();
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined;
}

/**
 * Runs a command with its output passed through as it comes, and also kept (its last 4 MB) for the closing lines.
 */
function runKept(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ["inherit", "pipe", "pipe"], env: process.env });
    const chunks = [];
    let kept = 0;
    const keep = (chunk, sink) => {
      sink.write(chunk);
      chunks.push(chunk);
      kept += chunk.length;
      while (kept > 4 * 1024 * 1024 && chunks.length > 1) kept -= chunks.shift().length;
    };
    child.stdout.on("data", (chunk) => keep(chunk, process.stdout));
    child.stderr.on("data", (chunk) => keep(chunk, process.stderr));
    child.on("close", (code) => resolve({ status: code ?? 1, output: Buffer.concat(chunks).toString("utf8") }));
  });
}

/**
 * What made vitest fail, for the end of the log (where a CI's tail shows it): the failed files and tests of its
 * report, and its own error sections ("Failed Tests", "Unhandled Errors", "Failed Suites"), which also cover an
 * error that failed the run without failing a test.
 */
function vitestFailureDetails(output, report) {
  const lines = [];
  for (const file of report?.testResults ?? []) {
    if (file.status !== "failed") continue;
    lines.push(`failed file: ${path.relative(root, file.name)}${file.message ? ` (${file.message})` : ""}`);
    for (const test of file.assertionResults ?? []) {
      if (test.status === "failed") lines.push(`  failed test: ${test.fullName}: ${String(test.failureMessages?.[0] ?? "").split("\n")[0]}`);
    }
  }
  const plain = output.replace(/\x1b\[[0-9;]*m/g, "");
  const start = plain.search(/⎯+ (Failed Tests|Unhandled Errors?|Failed Suites|Unhandled Rejection)/);
  if (start >= 0) lines.push(...plain.slice(start).split("\n").slice(0, 120));
  return lines;
}

/** Runs a command with its output held back, for printing after a part that runs beside it. */
function runHeld(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
    const chunks = [];
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.stderr.on("data", (chunk) => chunks.push(chunk));
    child.on("close", (code) => resolve({ status: code ?? 1, output: Buffer.concat(chunks).toString("utf8") }));
  });
}

/** Runs a command with its output passed through, without blocking what runs beside it. */
function runBeside(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
    child.on("close", (code) => resolve(code ?? 1));
  });
}

const failures = [];

// How long each part took, printed before the summary: CI allows the whole run 20 minutes.
const started = Date.now();
const durations = [];
let partStarted = started;
function partDone(name) {
  const now = Date.now();
  durations.push(`${name} ${Math.round((now - partStarted) / 1000)} s`);
  partStarted = now;
}

// 1. Unit and API tests (the resilience project needs the build: it runs in step 5).
const vitestReport = path.join(results, "vitest.json");
rmSync(vitestReport, { force: true });
const vitestRun = await runKept("npx", [
  "vitest",
  "run",
  "--project=unit",
  "--project=api",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestReport}`,
]);
if (vitestRun.status !== 0) failures.push("vitest");
partDone("unit and API tests");

// 2. The content evaluation's subset against its stored baseline (eval/baseline.json): a deck or an answer that got
// worse than the baseline fails the run (docs/evaluation.md). It runs beside the build (3), its output printed after
// the build's: neither waits on the other, and the evaluation compares no timing.
const evaluation = runHeld("npm", ["run", "eval:content", "--", "--subset", "--check"]);

// 3. The production build (it needs no database; the server gets its configuration when it starts).
const built = process.env.SKIP_BUILD === "1" || (await runBeside("npm", ["run", "build"], { DATABASE_URL: "" })) === 0;
if (!built) failures.push("build");
const evaluated = await evaluation;
process.stdout.write(`\n${evaluated.output}`);
if (evaluated.status !== 0) failures.push("content evaluation");
partDone("content evaluation and build, side by side");

// 4. End-to-end tests against the production server.
const playwrightReport = path.join(results, "playwright.json");
rmSync(playwrightReport, { force: true });
if (run("node", ["scripts/ensure-chromium.mjs"]) !== 0) {
  failures.push("chromium");
} else if (built) {
  const e2eEnv = { E2E_DATA_DIR: mkdtempSync(path.join(tmpdir(), "e2e-data-")), PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport };
  let e2eDatabase;
  if (process.env.DATABASE_URL) {
    e2eDatabase = capture("node", ["scripts/test-database.mjs", "create", `e2e_${Date.now().toString(36)}`]);
    e2eEnv.E2E_DATABASE_URL = e2eDatabase;
  }
  try {
    if (run("npx", ["playwright", "test", "--reporter=list,json"], e2eEnv) !== 0) failures.push("playwright");
  } finally {
    if (e2eDatabase) run("node", ["scripts/test-database.mjs", "drop", e2eDatabase]);
    rmSync(e2eEnv.E2E_DATA_DIR, { recursive: true, force: true });
  }
}

partDone("end-to-end tests");

// 5. The resilience suite against the same build: each file starts production servers of its own (ports from
// RESILIENCE_PORT, default 3450) on databases it makes next to DATABASE_URL's, one file at a time.
const resilienceReport = path.join(results, "resilience.json");
rmSync(resilienceReport, { force: true });
let resilienceRun;
if (built) {
  resilienceRun = await runKept("npx", [
    "vitest",
    "run",
    "--project=resilience",
    "--no-file-parallelism",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${resilienceReport}`,
  ]);
  if (resilienceRun.status !== 0) failures.push("resilience");
}

partDone("resilience suite");

// 6. One closing line for the whole suite.
const vitest = readJson(vitestReport);
const playwright = readJson(playwrightReport);
const resilience = readJson(resilienceReport);
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0) + (playwright?.stats?.flaky ?? 0) + (resilience?.numPassedTests ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0) + (resilience?.numFailedTests ?? 0);
const skipped =
  (vitest?.numPendingTests ?? 0) +
  (vitest?.numTodoTests ?? 0) +
  (playwright?.stats?.skipped ?? 0) +
  (resilience?.numPendingTests ?? 0) +
  (resilience?.numTodoTests ?? 0);
console.log(`\nvitest: ${vitest?.numPassedTests ?? 0} passed, ${vitest?.numFailedTests ?? 0} failed`);
console.log(`playwright: ${playwright?.stats?.expected ?? 0} passed, ${playwright?.stats?.unexpected ?? 0} failed`);
console.log(`resilience: ${resilience?.numPassedTests ?? 0} passed, ${resilience?.numFailedTests ?? 0} failed, ${(resilience?.numPendingTests ?? 0) + (resilience?.numTodoTests ?? 0)} skipped`);
console.log(`time: ${durations.join(", ")}; ${Math.round((Date.now() - started) / 1000)} s in all`);
console.log(`Node.js ${process.version}`);
console.log(`Summary: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (failures.includes("vitest")) {
  console.error(`vitest exited with ${vitestRun.status}; what it reported:`);
  for (const line of vitestFailureDetails(vitestRun.output, vitest)) console.error(`  ${line}`);
}
if (failures.includes("resilience")) {
  console.error(`the resilience suite exited with ${resilienceRun?.status}; what it reported:`);
  for (const line of vitestFailureDetails(resilienceRun?.output ?? "", resilience)) console.error(`  ${line}`);
}
if (failures.length > 0) {
  console.error(`Failed: ${failures.join(", ")}`);
  process.exit(1);
}
if (passed === 0) {
  console.error("No test ran.");
  process.exit(1);
}
