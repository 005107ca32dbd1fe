// The production server for the resilience suite, started as `npm start` starts it (scripts/server.mjs with the
// Node flags and environment of scripts/server-flags.cjs) on the existing build (NEXT_DIST_DIR, else .next), with
// its own database, DATA_DIR and port. A test may stop it (SIGTERM), kill it (SIGKILL) and start it again on the
// same database and files.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { serverEnvironment, serverNodeFlags } from "../../../scripts/server-flags.cjs";

export const root = path.resolve(import.meta.dirname, "../../..");
export const SUPER_ADMIN = { email: "superadmin@resilience.test", password: "Resilience#SuperAdmin-2026" };
const APP_SECRET = "resilience-secret-that-is-at-least-32-characters-long";

/** The build's folder (next.config.js's distDir: NEXT_DIST_DIR, else .next). */
export function buildDir(): string {
  return path.join(root, process.env.NEXT_DIST_DIR || ".next");
}

export function buildExists(): boolean {
  return existsSync(path.join(buildDir(), "BUILD_ID"));
}

/** The first port of this suite's range; each file takes its own offset (RESILIENCE_PORT, default 3450). */
export function port(offset: number): number {
  return Number(process.env.RESILIENCE_PORT ?? 3450) + offset;
}

export interface AppDatabase {
  /** DATABASE_URL for the server, or "" for PGlite in the server's DATA_DIR. */
  url: string;
  postgres: boolean;
  drop(): Promise<void>;
}

/** A fresh PostgreSQL database next to DATABASE_URL's (or `baseUrl`), or PGlite when neither is set. */
export async function createAppDatabase(prefix: string, baseUrl = process.env.DATABASE_URL): Promise<AppDatabase> {
  if (!baseUrl) return { url: "", postgres: false, drop: async () => {} };
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    postgres: true,
    drop: async () => {
      const dropper = postgres(baseUrl, { max: 1, onnotice: () => {} });
      try {
        await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

export function tempDataDir(label: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), `resilience-${label}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface AppServerOptions {
  port: number;
  databaseUrl: string;
  dataDir: string;
  /** Extra environment (OPENAI_BASE_URL, STALE_JOB_SECONDS, ...). */
  env?: Record<string, string>;
}

export interface AppServer {
  base: string;
  port: number;
  pid: number;
  /** Everything the server wrote to stdout and stderr (its last 2 MB). */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  alive(): boolean;
  /** SIGTERM, then SIGKILL after 10 s. */
  stop(): Promise<void>;
  /** SIGKILL, as the kernel's OOM killer or a crash would end it. */
  kill(): Promise<void>;
}

function appEnvironment(options: AppServerOptions): NodeJS.ProcessEnv {
  const base = `http://127.0.0.1:${options.port}`;
  return {
    ...serverEnvironment(),
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    ...(process.env.NEXT_DIST_DIR ? { NEXT_DIST_DIR: process.env.NEXT_DIST_DIR } : {}),
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(options.port),
    APP_URL: base,
    DATA_DIR: options.dataDir,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    APP_SECRET,
    SUPER_ADMIN_EMAIL: SUPER_ADMIN.email,
    SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
    LOG_LEVEL: "warn",
    // Every request of the suite comes from one address.
    RATE_LIMIT_SCALE: "1000",
    ...options.env,
  };
}

/** Starts the production server and waits until its health check answers 200 (at most 120 s). */
export async function startApp(options: AppServerOptions): Promise<AppServer> {
  if (!buildExists()) throw new Error(`no production build in ${buildDir()}: run \`npx next build\` first`);
  const base = `http://127.0.0.1:${options.port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [...serverNodeFlags(), path.join(root, "scripts/server.mjs"), "--port", String(options.port), "--hostname", "127.0.0.1"],
    { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: appEnvironment(options) },
  );
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk.toString("utf8");
    if (output.length > 2 * 1024 * 1024) output = output.slice(-2 * 1024 * 1024);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let ended = false;
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => {
      ended = true;
      resolve(code ?? signal ?? "unknown");
    }),
  );
  const server: AppServer = {
    base,
    port: options.port,
    pid: child.pid!,
    output: () => output,
    exited,
    alive: () => !ended,
    stop: async () => {
      if (ended) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
    kill: async () => {
      if (ended) return;
      child.kill("SIGKILL");
      await exited;
    },
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (ended) throw new Error(`the server exited while starting (${await exited}):\n${output.slice(-5000)}`);
    try {
      const response = await fetch(`${base}/api/v1/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
  }
  await server.kill();
  throw new Error(`the server did not answer its health check within 120 s:\n${output.slice(-5000)}`);
}

/** For an afterEach: the servers' last output when the test failed (why a job did not end, what a crash said). */
export function printOutputOnFailure(context: { task: { name: string; result?: { state?: string } } }, servers: (AppServer | undefined)[]): void {
  if (context.task.result?.state !== "fail") return;
  for (const server of servers) {
    if (server) console.log(`--- server ${server.port} output, last 4000 characters (after "${context.task.name}"):\n${server.output().slice(-4000)}`);
  }
}
