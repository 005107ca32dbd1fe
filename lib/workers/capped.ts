// Work that grows with user input (parsing, generation, export, rendering) runs here: a task posted to a worker
// thread of its own with a heap cap (`resourceLimits`) and a deadline, never on the thread that answers requests.
// A worker that needs more memory than its cap, or more time than its deadline, ends as this task's own failure
// (WorkerFailed, reason 'too-large' or 'took-too-long'); the server goes on, and every byte the worker held goes
// back when it ends. Every outcome is settled once.
//
// A worker is a child process where the build has the entry bundled for one (`npm run build` runs
// scripts/build-workers.mjs, which writes <distDir>/workers/<bundle>.mjs): its heap cap is the child's
// --max-old-space-size, and everything it holds, native memory included (resvg's pixels, pdf.js's canvases), is
// outside the server's process and is given back whole when it exits; a crash in native code ends the child, never
// the server. Where no bundle was built (a bare `next build`), the worker is a thread of the server's process instead
// (`resourceLimits` caps its heap; its native memory counts in the server's RSS). At most WORKER_SLOTS workers of
// either kind run at once (by default one per core beyond the first, at least one, at most four), the others wait
// their turn in order; a task that cannot start within its wait limit fails as 'busy' (the server answers 503).
//
// The worker's entry is a module that calls `serveTask` (lib/workers/serve.ts). The call site gives its URL, the name
// of its bundle,
// `new URL("./x-worker.ts", import.meta.url)`, and a starter, `(options) => new Worker(new URL("./x-worker.ts",
// import.meta.url), { ...options })`: only that whole expression makes the production build (Turbopack) bundle the
// entry as a chunk of its own; a URL alone is copied as the TypeScript source, which Node cannot start, and without
// a starter `workerAvailable` is false in the build. Where the entry cannot be started (the TypeScript sources under
// vitest, unless a test asks for workers with `useTypeScriptWorkers`: then they run as child processes through tsx),
// `workerAvailable` says so and the caller runs the same function on its own thread.
import { fork, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker, type WorkerOptions } from "node:worker_threads";

export type WorkerFailureReason = "too-large" | "took-too-long" | "crashed" | "busy";

/**
 * The young generation of a worker process: 16 MB semi-spaces, as the server's own (`npm start`). Without it Node.js
 * 24 sizes them from the machine's memory, outside the heap cap: a garbage-heavy task grew its new space to 128 MB on
 * a 24 GB host (32 MB with this flag, RSS 359 -> 215 MB).
 */
export const CHILD_YOUNG_GENERATION = "--max-semi-space-size=16";

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
  /** Objects moved to a worker thread instead of copied (ArrayBuffers of large inputs); a child process gets a copy. */
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
  /** The name of the entry's bundle for a child process (scripts/build-workers.mjs), e.g. "render-worker". */
  bundle?: string;
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

/** Where scripts/build-workers.mjs puts an entry bundled to run as a child process. */
export function builtWorkerPath(bundle: string): string {
  return path.join(/* turbopackIgnore: true */ process.cwd(), process.env.NEXT_DIST_DIR || ".next", "workers", `${bundle}.mjs`);
}

type Placement =
  | { kind: "process"; file: string; execArgv: string[] }
  | { kind: "thread" }
  | { kind: "here" };

/**
 * Where a task runs: a child process from its built bundle, or (tests) from its TypeScript source through tsx; else a
 * thread (a JavaScript entry, or the production build's bundled thread entry); else nowhere but the caller's thread.
 */
function placement(entry: URL, start?: StartWorker, bundle?: string): Placement {
  if (bundled && bundle && existsSync(builtWorkerPath(bundle))) return { kind: "process", file: builtWorkerPath(bundle), execArgv: [] };
  const typeScript = entry.pathname.endsWith(".ts");
  if (typeScript && typeScriptWorkers && entry.protocol === "file:") {
    return { kind: "process", file: fileURLToPath(entry), execArgv: ["--import", "tsx"] };
  }
  if (!typeScript || (bundled && start !== undefined)) return { kind: "thread" };
  return { kind: "here" };
}

/**
 * Whether the entry can run in a worker: a child process (built bundle, or TypeScript when a test asked for it), a
 * bundled thread (by the caller's `start`, inside Next.js's build), or a JavaScript entry.
 */
export function workerAvailable(entry: URL, start?: StartWorker, bundle?: string): boolean {
  return placement(entry, start, bundle).kind !== "here";
}

/** A heap cap from the environment (a whole number of MB, at least 64), else the default. */
export function heapCapMb(variable: string | undefined, fallback: number): number {
  const configured = Number(variable);
  return Number.isInteger(configured) && configured >= 64 ? configured : fallback;
}

function startWorker(entry: URL, heapMb: number, start?: StartWorker): Worker {
  // The young generation too: on a machine with much memory Node.js 24 sizes it at 128 MB by default (Node.js 20 at
  // 32), native memory outside the heap cap that counts in the server's RSS.
  const resourceLimits = { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 32 };
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
    const where = placement(entry, options.start, options.bundle);
    if (where.kind === "process") return await runInProcess<Task, Reply>(where.file, where.execArgv, task, options);
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

/**
 * What a child process inherits of the environment: the runtime's own settings and the allocator's, not the app's
 * configuration (database address, keys, secrets), which no worker needs.
 */
const CHILD_ENVIRONMENT = /^(PATH|HOME|TMPDIR|TZ|LANG|LC_[A-Z_]+|NODE_ENV|NODE_EXTRA_CA_CERTS|LOG_LEVEL|MALLOC_[A-Z_]+)$/;

function childEnvironment(): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = { NODE_ENV: process.env.NODE_ENV };
  for (const [name, value] of Object.entries(process.env)) if (CHILD_ENVIRONMENT.test(name)) environment[name] = value;
  return environment;
}

/** V8's last words when a heap reaches its cap (the process then aborts). */
const OUT_OF_MEMORY = /out of memory|Fatal javascript OOM|Allocation failed|Reached heap limit/i;

/** A worker process that answers tasks one at a time until it is stopped (the entry serves every task it is sent). */
class WorkerProcess {
  private readonly child: ChildProcess;
  /** The end of the child's error output: it tells a heap at its cap from another crash, and says what crashed. */
  private errorTail = "";
  private ended: WorkerFailed | null = null;
  private waiting: { resolve: (reply: unknown) => void; reject: (error: WorkerFailed) => void } | null = null;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    file: string,
    execArgv: string[],
    private readonly options: CappedTaskOptions,
  ) {
    this.child = fork(file, [], {
      execArgv: [...execArgv, `--max-old-space-size=${options.heapMb}`, CHILD_YOUNG_GENERATION],
      env: childEnvironment(),
      // Typed arrays (images, documents) travel as they are, not as JSON.
      serialization: "advanced",
      stdio: ["ignore", "inherit", "pipe", "ipc"],
    });
    // Kept, not passed on: a heap at its cap prints V8's whole report; a crash carries the tail in its failure.
    this.child.stderr?.on("data", (chunk: Buffer) => {
      this.errorTail = (this.errorTail + chunk.toString("utf8")).slice(-4096);
    });
    this.child.on("message", (reply) => {
      const waiting = this.waiting;
      this.waiting = null;
      waiting?.resolve(reply);
    });
    this.child.once("error", (error) => this.end(new WorkerFailed("crashed", options.name, error.message)));
    // 'close', not 'exit': the error output has been read by then.
    this.child.once("close", (code, signal) => {
      const how = signal ? `signal ${signal}` : `exit code ${code}`;
      const reason = OUT_OF_MEMORY.test(this.errorTail) ? "too-large" : "crashed";
      const said = reason === "crashed" && this.errorTail.trim() ? `: ${this.errorTail.trim().slice(-600)}` : "";
      this.end(new WorkerFailed(reason, options.name, `the worker process stopped (${how})${said}`));
    });
  }

  get usable(): boolean {
    return this.ended === null;
  }

  /** Sends one task and answers its reply; past the deadline, or if the process ends first, it is stopped and this fails. */
  request<Task, Reply>(task: Task): Promise<Reply> {
    if (this.ended) return Promise.reject(this.ended);
    if (this.waiting) return Promise.reject(new WorkerFailed("busy", this.options.name, "the worker process is answering another task"));
    clearTimeout(this.idleTimer);
    this.child.ref();
    this.child.channel?.ref();
    const deadline = this.options.timeoutMs + STOP_GRACE_MS;
    return new Promise<Reply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.end(new WorkerFailed("took-too-long", this.options.name, `stopped after ${deadline} ms`));
      }, deadline);
      timer.unref?.();
      this.waiting = {
        resolve: (reply) => {
          clearTimeout(timer);
          this.idle();
          resolve(reply as Reply);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      this.child.send(task as object, (error) => {
        if (error) this.end(new WorkerFailed("crashed", this.options.name, `the task could not be sent: ${error.message}`));
      });
    });
  }

  /** Stops the process (a task it is answering fails with `reason`). */
  end(reason: WorkerFailed = new WorkerFailed("crashed", this.options.name, "the worker process was stopped")): void {
    clearTimeout(this.idleTimer);
    if (!this.ended) this.ended = reason;
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill("SIGKILL");
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.reject(this.ended);
  }

  /** Between tasks the process keeps nothing alive, and it is stopped once it has waited a while unused. */
  private idle(): void {
    this.child.unref();
    this.child.channel?.unref();
    this.idleTimer = setTimeout(() => this.end(), SESSION_IDLE_MS);
    this.idleTimer.unref?.();
  }
}

/** A worker process kept between the tasks of a session is stopped after this long unused (a session left open). */
const SESSION_IDLE_MS = 30_000;

async function runInProcess<Task, Reply>(file: string, execArgv: string[], task: Task, options: CappedTaskOptions): Promise<Reply> {
  const worker = new WorkerProcess(file, execArgv, options);
  try {
    return await worker.request<Task, Reply>(task);
  } finally {
    worker.end();
  }
}

/** Tasks of one kind run one after another in one worker (see cappedSession). */
export interface CappedSession<Task, Reply> {
  /** Runs one task (`transfer`: buffers a thread gets moved, not copied). */
  run(task: Task, transfer?: ArrayBuffer[]): Promise<Reply>;
  /** Stops the session's worker process, if one runs. */
  close(): void;
  /** True when the session's tasks run one after another in one kept process (which may hold state between them). */
  readonly keepsWorker: boolean;
}

/**
 * Runs a series of tasks (a deck's slides) in one worker process, kept between them so each task does not pay for
 * starting a process and loading its modules: each task still takes a slot while it runs, has its own deadline, and
 * a task that fails ends the process (the next task starts a new one), so one bad task costs only itself. Where tasks
 * cannot run in a process, each runs as runCapped would run it.
 */
export function cappedSession<Task, Reply>(entry: URL, options: CappedTaskOptions): CappedSession<Task, Reply> {
  let worker: WorkerProcess | null = null;
  return {
    async run(task, transfer) {
      const where = placement(entry, options.start, options.bundle);
      if (where.kind !== "process") return runCapped<Task, Reply>(entry, task, { ...options, transfer });
      if (!(await takeSlot(options.waitMs ?? DEFAULT_WAIT_MS))) {
        throw new WorkerFailed("busy", options.name, `no worker slot freed within ${options.waitMs ?? DEFAULT_WAIT_MS} ms`);
      }
      try {
        if (!worker?.usable) worker = new WorkerProcess(where.file, where.execArgv, options);
        return await worker.request<Task, Reply>(task);
      } catch (error) {
        worker?.end();
        worker = null;
        throw error;
      } finally {
        releaseSlot();
      }
    },
    close() {
      worker?.end();
      worker = null;
    },
    get keepsWorker() {
      return placement(entry, options.start, options.bundle).kind === "process";
    },
  };
}
