// What a hostile request must not do to the server, watched from a thread of its own (so fixtures built and
// responses read by the test's thread do not delay the watch): GET /api/v1/health every ~150 ms, each answer's
// latency kept (a poll still waiting after 1 s counts as slow at once, whenever it ends), and the server's resident
// memory read from /proc/<pid>/status (VmRSS; worker threads live in the same process) every 100 ms, and beside it
// the memory of its worker processes (the capped workers' child processes, the offline voice's engine).
import { Worker } from "node:worker_threads";

export interface WatchReport {
  polls: number;
  /** Slowest health answer, in ms (an unanswered poll counts its time so far). */
  maxLatencyMs: number;
  /** Health polls that failed or took 1 s or more: when, how long, and what came back. */
  problems: string[];
  /** Highest VmRSS seen, in MB. */
  maxRssMb: number;
  /** VmRSS when the watch began, in MB. */
  startRssMb: number;
  /** Highest VmRSS of the server's child processes together (its workers), in MB. */
  maxChildrenRssMb: number;
  /** The server process ended while watched. */
  processGone: boolean;
  durationMs: number;
}

export interface Watch {
  /** Resolves once the watch polls (its thread started and its HTTP client warmed by one uncounted poll). */
  ready: Promise<void>;
  /** Ends the watch and reports. */
  stop(): Promise<WatchReport>;
}

const SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { readFileSync } = require("node:fs");
const { base, pid, intervalMs, slowMs } = workerData;
const started = Date.now();
const report = { polls: 0, maxLatencyMs: 0, problems: [], maxRssMb: 0, startRssMb: 0, maxChildrenRssMb: 0, processGone: false, durationMs: 0 };
let stopping = false;
let inFlightSince = null;

function rss() {
  try {
    const match = readFileSync("/proc/" + pid + "/status", "utf8").match(/VmRSS:\\s+(\\d+)/);
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    report.processGone = true;
    return 0;
  }
}
/** VmRSS of a process in MB (0 once it is gone). */
function rssOf(of) {
  try {
    const match = readFileSync("/proc/" + of + "/status", "utf8").match(/VmRSS:\\s+(\\d+)/);
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** The server's descendants' VmRSS together, in MB. */
function childrenRss(of = pid) {
  let total = 0;
  let tasks = [];
  try {
    tasks = require("node:fs").readdirSync("/proc/" + of + "/task");
  } catch {
    return 0;
  }
  for (const task of tasks) {
    let children = [];
    try {
      children = readFileSync("/proc/" + of + "/task/" + task + "/children", "utf8").trim().split(/\\s+/).filter(Boolean);
    } catch {}
    for (const child of children) total += rssOf(child) + childrenRss(child);
  }
  return total;
}
report.startRssMb = Math.round(rss());
const sampler = setInterval(() => {
  const mb = rss();
  if (mb > report.maxRssMb) report.maxRssMb = Math.round(mb);
  const children = childrenRss();
  if (children > report.maxChildrenRssMb) report.maxChildrenRssMb = Math.round(children);
}, 100);

async function poll() {
  while (!stopping) {
    const at = Date.now();
    inFlightSince = at;
    let problem = null;
    try {
      const response = await fetch(base + "/api/v1/health", { signal: AbortSignal.timeout(10_000) });
      const text = await response.text();
      if (response.status !== 200) problem = "status " + response.status + ": " + text.slice(0, 200);
    } catch (error) {
      problem = String(error && error.cause ? error.cause : error);
    }
    inFlightSince = null;
    const latency = Date.now() - at;
    report.polls += 1;
    if (latency > report.maxLatencyMs) report.maxLatencyMs = latency;
    if (problem || latency >= slowMs) {
      report.problems.push("+" + (at - started) + " ms: " + latency + " ms" + (problem ? " (" + problem + ")" : ""));
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, intervalMs - latency)));
  }
}
// One poll first, not counted: a new thread's first fetch loads and connects its HTTP client. Then "ready".
let polling;
fetch(base + "/api/v1/health", { signal: AbortSignal.timeout(10_000) })
  .then((response) => response.text())
  .catch(() => undefined)
  .then(() => {
    parentPort.postMessage("ready");
    polling = poll();
  });

parentPort.on("message", async () => {
  stopping = true;
  while (!polling) await new Promise((resolve) => setTimeout(resolve, 10));
  // The poll in flight gets until it would count as slow to answer; still unanswered then, it is a problem.
  await Promise.race([polling, new Promise((resolve) => setTimeout(resolve, slowMs))]);
  if (inFlightSince !== null) {
    const waited = Date.now() - inFlightSince;
    if (waited > report.maxLatencyMs) report.maxLatencyMs = waited;
    report.problems.push("unanswered for " + waited + " ms at the end");
  }
  clearInterval(sampler);
  const mb = rss();
  if (mb > report.maxRssMb) report.maxRssMb = Math.round(mb);
  report.durationMs = Date.now() - started;
  parentPort.postMessage(report);
});
`;

/** Starts watching the server at `base` whose process is `pid`. */
export function watchServer(base: string, pid: number, options: { intervalMs?: number; slowMs?: number } = {}): Watch {
  const worker = new Worker(SOURCE, {
    eval: true,
    workerData: { base, pid, intervalMs: options.intervalMs ?? 150, slowMs: options.slowMs ?? 1_000 },
  });
  const ready = new Promise<void>((resolve, reject) => {
    worker.once("message", () => resolve());
    worker.once("error", reject);
  });
  return {
    ready,
    stop: () =>
      new Promise<WatchReport>((resolve, reject) => {
        void ready.then(() =>
          worker.once("message", (report: WatchReport) => {
            void worker.terminate();
            resolve(report);
          }),
        );
        worker.once("error", reject);
        worker.postMessage("stop");
      }),
  };
}

/** One line for a test's log: what the watch saw. */
export function describeWatch(label: string, report: WatchReport): string {
  return (
    `${label}: ${report.polls} health polls in ${(report.durationMs / 1000).toFixed(1)} s, slowest ${report.maxLatencyMs} ms, ` +
    `RSS ${report.startRssMb} -> max ${report.maxRssMb} MB (its worker processes: max ${report.maxChildrenRssMb} MB)` +
    `${report.processGone ? ", PROCESS GONE" : ""}` +
    (report.problems.length > 0 ? `; problems: ${report.problems.slice(0, 5).join("; ")}` : "")
  );
}
