// One hostile request (or a few at once) sent to the running server under watch, and what must hold after it:
// the server process is still there, every health poll answered 200 within 1 s, and its RSS stayed under MAX_RSS_MB.
import { expect } from "vitest";
import type { AppServer } from "./server";
import { describeWatch, watchServer, type WatchReport } from "./watch";

/**
 * The ceiling on the server's RSS while a hostile input is handled. Parsing, generation, drawing and the offline
 * voice run in worker processes of their own (lib/workers/capped.ts), whose memory is printed beside the server's
 * (docs/operations.md, Memory); measured on 2026-11-26 (Node.js 24) the server stayed within 270-355 MB through every input.
 */
export const MAX_RSS_MB = 400;
export const MAX_HEALTH_MS = 1_000;

/** Every result of the suite's hostile inputs, printed at the end of the file (the report's per-input lines). */
export const results: string[] = [];

/** Runs `work` while the server is watched; checks the watch; answers work's value. */
export async function underWatch<T>(server: AppServer, label: string, work: () => Promise<T>, outcome?: (value: T) => string): Promise<T> {
  const watch = watchServer(server.base, server.pid);
  await watch.ready;
  let value: T;
  let report: WatchReport;
  try {
    value = await work();
  } finally {
    report = await watch.stop();
    const line = describeWatch(label, report);
    results.push(line);
    console.log(line);
  }
  if (outcome) {
    const said = outcome(value);
    results.push(`  ${label}: ${said}`);
    console.log(`  -> ${said}`);
  }
  expect(server.alive(), `${label}: the server process ended\n${server.output().slice(-3000)}`).toBe(true);
  expect(report.processGone, `${label}: the server process ended`).toBe(false);
  expect(report.problems, `${label}: health polls failed or took 1 s or more`).toEqual([]);
  expect(report.maxLatencyMs, `${label}: slowest health answer`).toBeLessThan(MAX_HEALTH_MS);
  expect(report.maxRssMb, `${label}: the server's RSS`).toBeLessThan(MAX_RSS_MB);
  return value;
}

/** A refusal a user can read: a 4xx with a JSON {"detail": ...}. */
export function expectClearRefusal(reply: { status: number; text: string; json: Record<string, unknown> }, label: string): void {
  expect(reply.status, `${label}: ${reply.text.slice(0, 500)}`).toBeGreaterThanOrEqual(400);
  expect(reply.status, `${label}: ${reply.text.slice(0, 500)}`).toBeLessThan(500);
  expect(reply.json.detail, `${label}: the refusal's detail`).toBeTruthy();
  expect(reply.text, `${label}: no stack trace`).not.toMatch(/\n\s+at /);
}
