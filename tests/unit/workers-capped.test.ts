// Work in a capped worker (lib/workers/capped.ts; here a child process started from the TypeScript entry): the reply
// comes back; a worker past its heap cap, its deadline, or one that dies, ends as the task's own typed failure while
// this thread goes on; at most WORKER_SLOTS workers run at once and the rest wait in order, or fail as 'busy' past
// their wait limit; a session keeps one process for its tasks until one fails.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cappedSession, runCapped, useTypeScriptWorkers, workerAvailable, WorkerFailed, workerLoad } from "@/lib/workers/capped";
import type { ProbeTask } from "../fixtures/workers/probe-worker";

const entry = new URL("../fixtures/workers/probe-worker.ts", import.meta.url);
const run = (task: ProbeTask, options: { heapMb?: number; timeoutMs?: number; waitMs?: number } = {}) =>
  runCapped<ProbeTask, { text: string }>(entry, task, { name: "probe", heapMb: options.heapMb ?? 64, timeoutMs: options.timeoutMs ?? 20_000, waitMs: options.waitMs });

async function failure(promise: Promise<unknown>): Promise<WorkerFailed> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(WorkerFailed);
  return error as WorkerFailed;
}

beforeAll(() => {
  useTypeScriptWorkers(true);
  process.env.WORKER_SLOTS = "1";
});

afterAll(() => {
  useTypeScriptWorkers(false);
  delete process.env.WORKER_SLOTS;
});

describe("capped workers", () => {
  it("answer the worker's reply; TypeScript entries run in workers only when a test asks", async () => {
    expect(await run({ op: "echo", text: "compost" })).toEqual({ text: "COMPOST" });
    useTypeScriptWorkers(false);
    expect(workerAvailable(entry)).toBe(false);
    useTypeScriptWorkers(true);
    expect(workerAvailable(entry)).toBe(true);
  });

  it("end a worker past its heap cap as 'too-large', and this thread keeps turning meanwhile", async () => {
    let turns = 0;
    const ticker = setInterval(() => (turns += 1), 10);
    const error = await failure(run({ op: "hog" }, { heapMb: 64 }));
    clearInterval(ticker);
    expect(error.reason).toBe("too-large");
    expect(turns).toBeGreaterThan(5);
    expect(workerLoad()).toMatchObject({ running: 0, waiting: 0 });
  });

  it("stop a worker past its deadline as 'took-too-long', and one that exits as 'crashed'", async () => {
    expect((await failure(run({ op: "sleep", ms: 60_000 }, { timeoutMs: 200 }))).reason).toBe("took-too-long");
    expect((await failure(run({ op: "exit" }))).reason).toBe("crashed");
    expect(workerLoad()).toMatchObject({ running: 0, waiting: 0 });
  });

  it("run at most WORKER_SLOTS at once: the next waits its turn, or fails as 'busy' past its wait limit", async () => {
    const first = run({ op: "sleep", ms: 1_500 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(workerLoad()).toMatchObject({ running: 1, slots: 1 });
    const second = run({ op: "echo", text: "next" }, { waitMs: 30_000 });
    const impatient = run({ op: "echo", text: "late" }, { waitMs: 100 });
    expect(workerLoad().waiting).toBe(2);
    expect((await failure(impatient)).reason).toBe("busy");
    expect(await first).toEqual({ text: "slept" });
    expect(await second).toEqual({ text: "NEXT" });
    expect(workerLoad()).toMatchObject({ running: 0, waiting: 0 });
  });

  it("run as child processes of their own, whose memory is not this process's", async () => {
    expect(Number((await run({ op: "pid" })).text)).not.toBe(process.pid);
    expect(Number((await run({ op: "pid" })).text)).not.toBe(Number((await run({ op: "pid" })).text));
  });

  it("keep one process for a session's tasks; a task that fails ends it and the next starts another", async () => {
    const session = cappedSession<ProbeTask, { text: string }>(entry, { name: "probe", heapMb: 64, timeoutMs: 300 });
    try {
      const first = (await session.run({ op: "pid" })).text;
      expect((await session.run({ op: "echo", text: "again" })).text).toBe("AGAIN");
      expect((await session.run({ op: "pid" })).text).toBe(first);
      expect(workerLoad()).toMatchObject({ running: 0, waiting: 0 });
      expect((await failure(session.run({ op: "sleep", ms: 60_000 }))).reason).toBe("took-too-long");
      const second = (await session.run({ op: "pid" })).text;
      expect(second).not.toBe(first);
      expect(() => process.kill(Number(first), 0)).toThrow();
      session.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(() => process.kill(Number(second), 0)).toThrow();
    } finally {
      session.close();
    }
  });
});
