// A PostgreSQL cluster of the test's own (initdb in a temporary folder, on a port of the suite's), so a test can
// restart it under load without touching the machine's shared server. PostgreSQL's tools refuse to run as root:
// as root they run as the `postgres` user (runuser), in a folder that user owns.
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  restart(): void;
  stop(): void;
  remove(): void;
}

/** Where initdb and pg_ctl are: PG_BIN, else the newest /usr/lib/postgresql/<n>/bin, else pg_config's bindir. */
export function postgresBinaries(): string | null {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  if (existsSync("/usr/lib/postgresql")) {
    const versions = readdirSync("/usr/lib/postgresql").filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => `/usr/lib/postgresql/${version}/bin`));
  }
  try {
    candidates.push(execFileSync("pg_config", ["--bindir"], { encoding: "utf8" }).trim());
  } catch {
    // no pg_config
  }
  return candidates.find((dir) => existsSync(path.join(dir, "initdb")) && existsSync(path.join(dir, "pg_ctl"))) ?? null;
}

const asRoot = process.getuid?.() === 0;

function run(bin: string, tool: string, args: string[]): string {
  const command = asRoot ? "runuser" : path.join(bin, tool);
  const fullArgs = asRoot ? ["-u", "postgres", "--", path.join(bin, tool), ...args] : args;
  const result = spawnSync(command, fullArgs, { encoding: "utf8", cwd: tmpdir() });
  if (result.status !== 0) throw new Error(`${tool} ${args.join(" ")} failed (${result.status}): ${result.stderr || result.stdout}`);
  return result.stdout;
}

function postgresOwner(): { uid: number; gid: number } | null {
  if (!asRoot) return null;
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

export function startPrivatePostgres(port: number): PrivatePostgres {
  const bin = postgresBinaries();
  if (!bin) throw new Error("no PostgreSQL binaries (initdb, pg_ctl) found");
  const dir = mkdtempSync(path.join(tmpdir(), "resilience-pg-"));
  const owner = postgresOwner();
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = path.join(dir, "data");
  run(bin, "initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const start = () => run(bin, "pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "-t", "60", "start"]);
  start();
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    restart: () => {
      run(bin, "pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-m", "fast", "-w", "-t", "60", "restart"]);
      running = true;
    },
    stop: () => {
      if (!running) return;
      run(bin, "pg_ctl", ["-D", data, "-m", "immediate", "-w", "-t", "60", "stop"]);
      running = false;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
