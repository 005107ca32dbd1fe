// `npm run bench:share [share URL]`: the public share page (/share/presentation/{token}) against a static page of
// the same build (/login, prerendered) as the floor: first-load JavaScript (gzipped, every script the HTML names
// except `nomodule` ones) and request rate and latency under 50 connections for 10 s (autocannon).
// With a share URL it measures that running server. Without one it starts the production build (NEXT_DIST_DIR or
// .next) on a fresh PostgreSQL database (BENCH_POSTGRES_URL or DATABASE_URL, else the local server, as bench:api;
// dropped afterwards), or on PGlite when no PostgreSQL answers, makes a narrated 3-slide presentation through the
// API as the super admin (tenant, tenant admin, project, blog, manual deck, wait for its audio, share) and
// measures that.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import postgres from "postgres";
import serverFlags from "./server-flags.cjs";

const root = path.resolve(import.meta.dirname, "..");
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 3410);
const SUPER_ADMIN = { email: "superadmin@bench-share.test", password: "Bench#ShareAdmin-2026" };
const PG_BASE = process.env.BENCH_POSTGRES_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** A fresh PostgreSQL database for the server, or null when no PostgreSQL answers (the server then uses PGlite). */
async function createDatabase() {
  const name = `bench_share_${Date.now().toString(36)}`;
  const admin = postgres(PG_BASE, { max: 1, onnotice: () => {}, connect_timeout: 3 });
  try {
    await admin.unsafe(`create database "${name}"`);
  } catch {
    return null;
  } finally {
    await admin.end();
  }
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

async function dropDatabase(name) {
  const admin = postgres(PG_BASE, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}

function log(message) {
  process.stderr.write(`${message}\n`);
}

async function startServer(base, dataDir, databaseUrl) {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (!existsSync(path.join(root, distDir, "BUILD_ID"))) throw new Error(`no production build in ${distDir}: run \`npx next build\` first`);
  // Node flags for the server go on its command line: `npm start`'s (the heap cap), then BENCH_NODE_OPTIONS (e.g.
  // "--cpu-prof --cpu-prof-dir=/tmp/prof").
  const flags = [...serverFlags.serverNodeFlags(), ...(process.env.BENCH_NODE_OPTIONS ?? "").split(/\s+/).filter(Boolean)];
  const server = spawn(process.execPath, [...flags, path.join(root, "scripts/server.mjs"), "--port", String(PORT), "--hostname", "127.0.0.1"], {
    cwd: root,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...serverFlags.serverEnvironment(),
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      APP_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      APP_SECRET: "bench-share-secret-that-is-at-least-32-characters",
      SUPER_ADMIN_EMAIL: SUPER_ADMIN.email,
      SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
      LOG_LEVEL: "warn",
      RATE_LIMIT_SCALE: "100000",
    },
  });
  let output = "";
  server.stdout.on("data", (chunk) => (output += chunk));
  server.stderr.on("data", (chunk) => (output += chunk));
  for (let attempt = 0; attempt < 240; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (server.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return server;
    } catch {
      // not listening yet
    }
  }
  throw new Error(`server did not become healthy:\n${output}`);
}

async function call(base, method, pathname, { token, body } = {}) {
  const headers = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${base}${pathname}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

async function signIn(base, email, password) {
  return (await call(base, "POST", "/api/v1/auth/login", { body: { email, password } })).access_token;
}

/** A narrated, shared 3-slide presentation in a new tenant; answers the share page's path. */
async function makeSharedDeck(base) {
  const stamp = Date.now().toString(36);
  const superToken = await signIn(base, SUPER_ADMIN.email, SUPER_ADMIN.password);
  const tenant = await call(base, "POST", "/api/v1/tenants/", {
    token: superToken,
    body: { name: `Bench Share ${stamp}`, domain: `bench-share-${stamp}`, is_active: true, admin_full_name: "Invited Admin", admin_email: `owner-${stamp}@bench.test` },
  });
  const admin = { email: `admin-${stamp}@bench.test`, password: `Pass-${stamp}-admin!` };
  await call(base, "POST", "/api/v1/users", {
    token: superToken,
    body: { email: admin.email, full_name: "Bench Admin", password: admin.password, role: "tenant_admin", tenant_id: tenant.id, is_active: true },
  });
  const token = await signIn(base, admin.email, admin.password);
  const project = await call(base, "POST", "/api/v1/projects/", { token, body: { name: "Bench sharing", description: "The share page benchmark." } });
  const blog = await call(base, "POST", "/api/v1/blogs/", {
    token,
    body: {
      project_id: project.id,
      blog_title: "Community Garden",
      blog_author: "Bench",
      blog_email: "bench@example.com",
      main_text: "https://garden.invalid/about",
      is_website: true,
      website_links: [],
      content_blocks: ["The community garden has forty raised beds."],
      uploaded_files: [],
    },
  });
  const slides = [
    ["The Community Garden", "Our community garden has forty raised beds. Every neighbour may use one."],
    ["What We Grow", "Volunteers plant tomatoes, beans and herbs. The herbs go to the school kitchen."],
    ["Join Us", "We meet every Saturday morning. Tools and gloves are provided."],
  ].map(([title, script], index) => ({ slide_number: index + 1, slide_title: title, body: title, slide_content: script }));
  const created = await call(base, "POST", "/api/v1/presentations/", { token, body: { blog_id: blog.blog_id, template: "professional", generation_method: "manual", slides } });
  const id = created.presentation_id;
  for (let attempt = 0; ; attempt += 1) {
    const deck = await call(base, "GET", `/api/v1/presentations/${id}`, { token });
    if (deck.webhook_status === "completed" && deck.slides.every((slide) => slide.web_image_url)) break;
    if (deck.webhook_status === "timeout" || attempt > 240) throw new Error(`the presentation's audio did not complete: ${deck.webhook_status} ${deck.error ?? ""}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const share = await call(base, "POST", `/api/v1/presentations/${id}/share`, { token });
  return share.share_url;
}

async function firstLoadJs(base, pathname) {
  const response = await fetch(`${base}${pathname}`);
  const html = await response.text();
  const tags = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)].filter((match) => !/\bnomodule\b/i.test(match[0]));
  const sources = [...new Set(tags.map((match) => match[1].replace(/&amp;/g, "&")))];
  let bytes = 0;
  for (const source of sources) bytes += gzipSync(Buffer.from(await (await fetch(new URL(source, base))).arrayBuffer())).length;
  return { status: response.status, scripts: sources.length, kilobytes: bytes / 1024 };
}

async function measure(base, pathname) {
  const result = await autocannon({ url: `${base}${pathname}`, connections: CONNECTIONS, duration: DURATION });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, bad: result.non2xx + result.errors + result.timeouts };
}

async function main() {
  const given = process.argv[2];
  let base;
  let sharePath;
  let server;
  let dataDir;
  let database = null;
  if (given) {
    const url = new URL(given);
    base = url.origin;
    sharePath = `${url.pathname}${url.search}`;
  } else {
    base = `http://127.0.0.1:${PORT}`;
    dataDir = mkdtempSync(path.join(tmpdir(), "bench-share-"));
    database = await createDatabase();
    log(`Starting the production build on ${base} (${database ? `PostgreSQL database ${database.name}` : `PGlite in ${dataDir}`})...`);
    server = await startServer(base, dataDir, database?.url ?? "");
    log("Making a narrated, shared presentation through the API...");
    sharePath = await makeSharedDeck(base);
  }
  try {
    const first = await fetch(`${base}${sharePath}`);
    if (first.status !== 200) throw new Error(`${sharePath} answered ${first.status}: ${(await first.text()).slice(0, 500)}`);
    log(`Measuring ${sharePath} and /login: ${CONNECTIONS} connections, ${DURATION} s each...`);
    const [shareJs, loginJs] = [await firstLoadJs(base, sharePath), await firstLoadJs(base, "/login")];
    // One warm-up request each, then the floor first.
    const floor = await measure(base, "/login");
    const share = await measure(base, sharePath);
    const row = (name, result, js) =>
      `| ${name} | ${js.kilobytes.toFixed(1)} KB (${js.scripts} files) | ${Math.round(result.rps)} | ${result.p50} | ${result.p99} | ${(result.rps / floor.rps).toFixed(2)} | ${result.bad} |`;
    console.log(`\nShare page benchmark (${CONNECTIONS} connections, ${DURATION} s, ${base}${server ? (database ? ", PostgreSQL" : ", PGlite") : ""})\n`);
    console.log("| page | first-load JS (gzip) | req/s | p50 ms | p99 ms | rate / floor | non-2xx or errors |");
    console.log("|---|---|---|---|---|---|---|");
    console.log(row("/login (static floor)", floor, loginJs));
    console.log(row("/share/presentation/{token}", share, shareJs));
    const goals = [
      `first-load JS ${shareJs.kilobytes.toFixed(1)} KB ${shareJs.kilobytes < 150 ? "<" : ">="} 150 KB goal`,
      `request rate ${(share.rps / floor.rps).toFixed(2)} of the floor (goal >= 0.5)`,
    ];
    console.log(`\n${goals.join("; ")}`);
  } finally {
    if (server) {
      process.kill(-server.pid, "SIGTERM");
      await new Promise((resolve) => setTimeout(resolve, 500));
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
    if (database) await dropDatabase(database.name);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
