// Work that grows with user input (parsing, generation, export, rendering) runs here: a task posted to a worker
// thread of its own with a heap cap (`resourceLimits`) and a deadline, never on the thread that answers requests.
// A worker that needs more memory than its cap, or more time than its deadline, ends as this task's own failure
// (WorkerFailed, reason 'too-large' or 'took-too-long'); the server goes on, and every byte the worker held goes
// back when it ends. Every outcome is settled once.
//
// Workers are threads of the server's process, so their memory counts in its RSS: at most WORKER_SLOTS of them run
// at once (by default one per core beyond the first, at least one, at most four), the others wait their turn in
// order; a task that cannot start within its wait limit fails as 'busy' (the server answers 503, try again).
//
// The worker's entry is a module that calls `serveTask` (lib/workers/serve.ts). The call site gives its URL,
// `new URL("./x-worker.ts", import.meta.url)`, and a starter, `(options) => new Worker(new URL("./x-worker.ts",
// import.meta.url), { ...options })`: only that whole expression makes the production build (Turbopack) bundle the
// entry as a chunk of its own; a URL alone is copied as the TypeScript source, which Node cannot start, and without
// a starter `workerAvailable` is false in the build. Where the entry cannot be started (the TypeScript sources under
// vitest, unless a test asks for workers with `useTypeScriptWorkers`), `workerAvailable` says so and the caller runs
// the same function on its own thread.
import { Worker, type WorkerOptions } from "node:worker_threads";

import { availableParallelism } from "node:os";

export type WorkerFailureReason = "too-large" | "took-too-long" | "crashed" | "busy";

/** A task's worker ran out of its heap cap, past its deadline, or stopped without an answer. */
export class WorkerFailed extends Error {
  constructor(
    public readonly reason: WorkerFailureReason,
    /** Which kind of work it was ("PowerPoint parse", "generation", ...), for logs. */
    public readonly task: string,
    detail: string,
  ) {
    super(`${task}: ${reason} (${detail})`);
    this.name = "WorkerFailed";
  }
}

export interface CappedTaskOptions {
  /** What the work is, for failures and logs. */
  name: string;
  /** The worker's old-generation heap cap in MB (its young generation and code are small beside it). */
  heapMb: number;
  /** Time the task may take; the worker is stopped this long after it started (plus a short grace). */
  timeoutMs: number;
  /** Objects moved to the worker instead of copied (ArrayBuffers of large inputs). */
  transfer?: ArrayBuffer[];
  /** How long the task may wait for a free slot before it fails as 'busy' (default 60 s). */
  waitMs?: number;
  /**
   * Starts the worker in the production build: `(options) => new Worker(new URL("./x-worker.ts", import.meta.url),
   * { ...options })`, written in the calling module. That whole expression, with the options as an object literal, is
   * the form Turbopack bundles as an entry of its own (checked with next 16.4): a `new URL(...)` alone, passed on to
   * be started here, or options passed as a variable, leave only the TypeScript source copied as an asset.
   */
  start?: StartWorker;
}

export type StartWorker = (options: WorkerOptions) => Worker;

/** Whether this code runs in Next.js's bundle (the build replaces NEXT_RUNTIME), not from its TypeScript sources. */
const bundled = process.env.NEXT_RUNTIME === "nodejs";

const DEFAULT_WAIT_MS = 60_000;

function slotCount(): number {
  const configured = Number(process.env.WORKER_SLOTS);
  if (Number.isInteger(configured) && configured >= 1) return configured;
  return Math.min(4, Math.max(1, availableParallelism() - 1));
}

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}

const slots = { running: 0, waiting: [] as Waiter[] };

/** Takes a slot, waiting in order for one to free; false when none freed within `waitMs`. */
function takeSlot(waitMs: number): Promise<boolean> {
  if (slots.running < slotCount()) {
    slots.running += 1;
    return Promise.resolve(true);
  }
  return new Promise((resolve) => {
    const waiter: Waiter = {
      start: () => {
        clearTimeout(waiter.timer);
        resolve(true);
      },
      timer: setTimeout(() => {
        slots.waiting.splice(slots.waiting.indexOf(waiter), 1);
        resolve(false);
      }, waitMs),
    };
    waiter.timer.unref?.();
    slots.waiting.push(waiter);
  });
}

/** Gives a slot back: to the first waiter (the count stays), else to the pool. */
function releaseSlot(): void {
  const next = slots.waiting.shift();
  if (next) next.start();
  else slots.running -= 1;
}

/** How many capped workers run now and how many tasks wait for one (health and tests). */
export function workerLoad(): { running: number; waiting: number; slots: number } {
  return { running: slots.running, waiting: slots.waiting.length, slots: slotCount() };
}

/** Time a worker has beyond its task's own deadline to report it before it is stopped. */
const STOP_GRACE_MS = 2_000;

let typeScriptWorkers = false;

/** For tests: start worker entries from their TypeScript sources (through tsx's loader) instead of in-process. */
export function useTypeScriptWorkers(on: boolean): void {
  typeScriptWorkers = on;
}

/**
 * Whether the entry can run in a worker: bundled (by the caller's `start`, inside Next.js's build), JavaScript, or
 * TypeScript when a test asked for it.
 */
export function workerAvailable(entry: URL, start?: StartWorker): boolean {
  return !entry.pathname.endsWith(".ts") || typeScriptWorkers || (bundled && start !== undefined);
}

/** A heap cap from the environment (a whole number of MB, at least 64), else the default. */
export function heapCapMb(variable: string | undefined, fallback: number): number {
  const configured = Number(variable);
  return Number.isInteger(configured) && configured >= 64 ? configured : fallback;
}

function startWorker(entry: URL, heapMb: number, start?: StartWorker): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: heapMb };
  if (bundled && start) return start({ resourceLimits });
  if (entry.pathname.endsWith(".ts")) {
    const load = `import("tsx/esm/api").then(({ tsImport }) => tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(entry.href)}))`;
    return new Worker(load, { eval: true, resourceLimits });
  }
  return new Worker(entry, { resourceLimits });
}

/**
 * Runs one task in a new worker started from `entry` and answers the worker's reply. Rejects with WorkerFailed
 * when the worker runs out of memory, passes its deadline, or ends without replying; a failure of the work itself
 * is the reply's to carry (the entry decides how its errors travel).
 */
export async function runCapped<Task, Reply>(entry: URL, task: Task, options: CappedTaskOptions): Promise<Reply> {
  if (!(await takeSlot(options.waitMs ?? DEFAULT_WAIT_MS))) {
    throw new WorkerFailed("busy", options.name, `no worker slot freed within ${options.waitMs ?? DEFAULT_WAIT_MS} ms`);
  }
  try {
    return await runInWorker<Task, Reply>(entry, task, options);
  } finally {
    releaseSlot();
  }
}

function runInWorker<Task, Reply>(entry: URL, task: Task, options: CappedTaskOptions): Promise<Reply> {
  return new Promise<Reply>((resolve, reject) => {
    const worker = startWorker(entry, options.heapMb, options.start);
    let done = false;
    const finish = (error: Error | null, reply?: Reply) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      void worker.terminate();
      if (error) reject(error);
      else resolve(reply as Reply);
    };
    const timer = setTimeout(
      () => finish(new WorkerFailed("took-too-long", options.name, `stopped after ${options.timeoutMs + STOP_GRACE_MS} ms`)),
      options.timeoutMs + STOP_GRACE_MS,
    );
    timer.unref?.();
    worker.once("message", (reply: Reply) => finish(null, reply));
    // `on`, not `once`: a worker can fail again after its first error or its reply (while it is being stopped), and
    // an 'error' event nobody listens to would throw in this thread.
    worker.on("error", (error: Error & { code?: string }) =>
      finish(new WorkerFailed(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? "too-large" : "crashed", options.name, error.message)),
    );
    worker.once("exit", (code) => finish(new WorkerFailed("crashed", options.name, `the worker stopped (exit code ${code})`)));
    worker.postMessage(task, options.transfer ?? []);
  });
}
