// `npm run bench:api`: the production build on a fresh PostgreSQL database, measured with autocannon.
// Builds when no build exists, seeds 20 tenants x 50 users, measures each route for 10 s with 50 connections
// (one run each, side by side with the floor), then again with 100,000 users in one tenant for the user list.
// Prints req/s, p50, p99, each ratio to its floor, first-load JavaScript per page (gzipped) and server memory. Each list
// is measured twice: as repeated requests meet it (its page kept while the data is unchanged) and, on a second server
// that keeps no pages, read on every request.
import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import postgres from "postgres";
import { startServer as startBuiltServer } from "./lib/shared-deck-server.mjs";

const root = path.resolve(import.meta.dirname, "..");
const PG_BASE = process.env.BENCH_POSTGRES_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PORT = Number(process.env.BENCH_PORT ?? 3400);
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
// Seconds of load before each measured run, not counted: the figures are of a warm server, not of its first
// requests to a route (code loaded on first use, the first render of a page, plans prepared per connection).
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE ?? 20);
// BENCH_ONLY=api1k,content,analytics,pages,js,api100k runs a subset (while iterating; reported figures come from a full run).
const ONLY = new Set((process.env.BENCH_ONLY ?? "api1k,content,analytics,pages,js,api100k").split(",").map((part) => part.trim()));
// BENCH_NODE_OPTIONS adds Node options for the server only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
// BENCH_READ_EVERY_TIME=0 leaves out the second server and its rows.
const READ_EVERY_TIME = process.env.BENCH_READ_EVERY_TIME !== "0";
const SUPER_ADMIN = { email: "superadmin@bench.test", password: "Bench#SuperAdmin-2026" };

function log(message) {
  process.stderr.write(`${message}\n`);
}

async function portFree(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.on("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.on("error", () => resolve(true));
  });
}

function ensureBuild() {
  // The build's folder is next.config.js's distDir (NEXT_DIST_DIR, else .next).
  if (existsSync(path.join(root, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID"))) return;
  log("No production build: building (next build)...");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, DATABASE_URL: "" },
  });
  if (result.status !== 0) throw new Error("next build failed");
}

function databaseUrl(name) {
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The process and its descendants (the server may be one process or a wrapper with a child). */
function processTree(rootPid) {
  const children = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended meanwhile
    }
  }
  const pids = [rootPid];
  for (let index = 0; index < pids.length; index += 1) pids.push(...(children.get(pids[index]) ?? []));
  return pids;
}

function rssMegabytes(rootPid) {
  let kilobytes = 0;
  for (const pid of processTree(rootPid)) {
    try {
      const match = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/);
      kilobytes += Number(match?.[1] ?? 0);
    } catch {
      // the process ended meanwhile
    }
  }
  return Math.round(kilobytes / 1024);
}

const TICKS_PER_SECOND = 100;

/** CPU time (user + system, in clock ticks) of each of the given processes. */
function cpuTicks(pids) {
  const ticks = new Map();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks;
}

/** CPU milliseconds the processes used since `before` (a process that started meanwhile counts whole). */
function cpuMillisecondsSince(before, after) {
  let ticks = 0;
  for (const [pid, value] of after) ticks += value - (before.get(pid) ?? 0);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** The PostgreSQL server's processes on this machine (the benchmark's database runs there). */
function postgresPids() {
  const pids = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres") pids.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return pids;
}

let serverPid = null;

/**
 * The production server on `port`. `extraEnv` for the second server of the run, which keeps no list pages
 * (LIST_CACHE_MB=0): beside each list as a repeated request meets it (its page kept while the data is unchanged),
 * what the list costs when it is read, as after every change.
 */
/** The production server on `port` (as `npm start` runs it: built first when missing or stale) and this database. */
function startServer(databaseUrlValue, dataDir, { port = PORT, extraEnv = {} } = {}) {
  return startBuiltServer({
    port,
    dataDir,
    databaseUrl: databaseUrlValue,
    appSecret: "bench-secret-that-is-at-least-32-characters-long",
    superAdmin: SUPER_ADMIN,
    rateLimitScale: 100000,
    extraEnv,
    buildWhenStale: true,
  });
}

async function api(method, pathname, { token, body, cookie } = {}) {
  const headers = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  if (cookie) headers.cookie = cookie;
  const response = await fetch(`${BASE}${pathname}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
  return response;
}

async function signIn(email, password) {
  const response = await api("POST", "/api/v1/auth/login", { body: { email, password, remember_me: true } });
  const { access_token } = await response.json();
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0];
  return { token: access_token, cookie };
}

/** 20 tenants x 50 users written straight into the database: one password hash, roles by built-in identity. */
async function seed(sql, passwordHash, tenantsCount, usersPerTenant) {
  const [tenantUserRole] = await sql`select id from roles where tenant_id is null and builtin = 'tenant_user'`;
  const admins = [];
  for (let t = 0; t < tenantsCount; t += 1) {
    const [tenant] = await sql`
      insert into tenants (name, domain, is_active, approved_at) values (${`Bench Tenant ${t}`}, ${`bench-${t}`}, true, now())
      returning id`;
    const [adminRole] = await sql`
      insert into roles (name, tenant_id, builtin) values ('Tenant Admin', ${tenant.id}, 'tenant_admin') returning id`;
    await sql`
      insert into role_permissions (role_id, permission_id)
      select ${adminRole.id}, rp.permission_id from role_permissions rp
      join roles r on r.id = rp.role_id where r.builtin = 'tenant_admin' and r.id <> ${adminRole.id}
      group by rp.permission_id`;
    const rows = Array.from({ length: usersPerTenant }, (_, u) => ({
      tenant_id: tenant.id,
      email: `user${u}@bench-${t}.test`,
      password_hash: passwordHash,
      full_name: `Bench User ${t}-${u}`,
      is_active: true,
      email_verified_at: new Date(),
    }));
    const users = await sql`insert into users ${sql(rows)} returning id, email`;
    await sql`insert into user_roles ${sql(users.map((user, u) => ({ user_id: user.id, role_id: u === 0 ? adminRole.id : tenantUserRole.id })))}`;
    admins.push({ tenantId: tenant.id, email: users[0].email });
  }
  return admins;
}

/** 50 projects and 200 blogs in each tenant, written straight into the database. */
async function seedContent(sql, admins) {
  for (const admin of admins) {
    await sql`
      with made as (
        insert into projects (tenant_id, name, description)
        select ${admin.tenantId}, 'Bench Project ' || n, 'Material for presentation number ' || n
        from generate_series(1, 50) as n
        returning id
      ), numbered as (select id, row_number() over (order by id) as n from made)
      insert into blogs (tenant_id, project_id, blog_title, blog_author, blog_email)
      select ${admin.tenantId}, numbered.id, 'Bench Blog ' || numbered.n || '-' || b, 'Author ' || b, 'author' || b || '@bench.test'
      from numbered cross join generate_series(1, 4) as b`;
  }
  await sql`analyze`;
}

/** A completed deck of the tenant with a live share link, written straight into the database; answers the token. */
async function sharedDeck(sql, tenantId) {
  const [project] = await sql`insert into projects (tenant_id, name) values (${tenantId}, 'Analytics bench') returning id`;
  const [blog] = await sql`
    insert into blogs (tenant_id, project_id, blog_title, blog_author, blog_email)
    values (${tenantId}, ${project.id}, 'Analytics bench', 'Bench', 'bench@bench.test') returning id`;
  const [deck] = await sql`
    insert into presentations (tenant_id, blog_id, status, webhook_status, template, generation_method)
    values (${tenantId}, ${blog.id}, 'completed', 'completed', 'manual', 'manual') returning id`;
  const token = randomBytes(32).toString("base64url");
  const tokenHash = createHash("sha256").update(token).digest("hex");
  await sql`insert into share_links (tenant_id, presentation_id, token_hash, token_ciphertext) values (${tenantId}, ${deck.id}, ${tokenHash}, 'bench')`;
  return token;
}

/** A 1 MB PDF (a valid header, comment padding and a trailer) uploaded through the API; answers its storage key. */
async function uploadPdf(token, megabytes = 1) {
  const padding = Array.from({ length: 16_384 * megabytes }, (_, line) => `% padding line ${String(line).padStart(6, "0")} ${"x".repeat(40)}`).join("\n");
  const bytes = Buffer.from(`%PDF-1.4\n${padding}\ntrailer\n<<>>\n%%EOF\n`);
  const form = new FormData();
  form.set("folder", "maintext");
  form.set("file", new Blob([bytes], { type: "application/pdf" }), "bench.pdf");
  const response = await fetch(`${BASE}/api/v1/files/upload`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
  const { s3_path: key, size } = await response.json();
  return { key, size };
}

async function addUsers(sql, tenantId, count, passwordHash) {
  const [tenantUserRole] = await sql`select id from roles where tenant_id is null and builtin = 'tenant_user'`;
  await sql`
    with created as (
      insert into users (tenant_id, email, password_hash, full_name, is_active, email_verified_at)
      select ${tenantId}, 'many' || n || '@bench-many.test', ${passwordHash}, 'Many User ' || n, true, now()
      from generate_series(1, ${count}) as n
      returning id
    )
    insert into user_roles (user_id, role_id) select id, ${tenantUserRole.id} from created`;
  // Vacuumed as well as analysed: otherwise autovacuum works through the 100,000 new rows and their indexes during
  // the measurements, and its CPU is counted as the routes' database time.
  await sql`vacuum analyze`;
}

async function measure(name, pathname, headers = {}, { base = BASE, pid = serverPid, method = "GET", body } = {}) {
  const request = { url: `${base}${pathname}`, connections: CONNECTIONS, headers, method, body };
  if (WARMUP > 0) await autocannon({ ...request, duration: WARMUP });
  const serverPids = pid ? processTree(pid) : [];
  const databasePids = postgresPids();
  const before = { server: cpuTicks(serverPids), database: cpuTicks(databasePids), bench: process.cpuUsage() };
  const result = await autocannon({ ...request, duration: DURATION });
  const requests = Math.max(1, result.requests.total);
  const bench = process.cpuUsage(before.bench);
  // CPU per request, in ms: where a route's extra cost goes (the server, PostgreSQL, or the load generator).
  const cpu = {
    server: cpuMillisecondsSince(before.server, cpuTicks(serverPids)) / requests,
    database: cpuMillisecondsSince(before.database, cpuTicks(postgresPids())) / requests,
    bench: (bench.user + bench.system) / 1000 / requests,
  };
  const non2xx = result.non2xx;
  return {
    cpu,
    name,
    path: pathname,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx,
  };
}

/**
 * Gzipped size of the JavaScript a first visit to the page loads in a current browser: every script the HTML
 * names, except `nomodule` ones (Next's legacy polyfills), which browsers with module support never fetch.
 */
async function firstLoadJs(pathname, cookie) {
  const response = await fetch(`${BASE}${pathname}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  const html = await response.text();
  const tags = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)].filter((match) => !/\bnomodule\b/i.test(match[0]));
  const sources = [...new Set(tags.map((match) => match[1]))];
  let bytes = 0;
  for (const source of sources) {
    const body = Buffer.from(await (await fetch(new URL(source, BASE))).arrayBuffer());
    bytes += gzipSync(body).length;
  }
  return { pathname, scripts: sources.length, kilobytes: Math.round(bytes / 1024), status: response.status };
}

function table(rows, floorOf) {
  const lines = [
    "| route | req/s | p50 ms | p99 ms | ratio to floor | p99 / floor p99 | non-2xx | CPU ms/request: server, database, load generator |",
    "|---|---|---|---|---|---|---|---|",
  ];
  for (const row of rows) {
    const floor = floorOf(row);
    const ratio = floor ? (row.rps / floor.rps).toFixed(2) : "1.00";
    const p99Ratio = floor ? (row.p99 / Math.max(1, floor.p99)).toFixed(2) : "1.00";
    lines.push(`| ${row.name} | ${Math.round(row.rps)} | ${row.p50} | ${row.p99} | ${ratio} | ${p99Ratio} | ${row.non2xx + row.errors} | ${row.cpu.server.toFixed(2)}, ${row.cpu.database.toFixed(2)}, ${row.cpu.bench.toFixed(2)} |`);
  }
  return lines.join("\n");
}

async function main() {
  for (const port of [PORT, PORT + 1]) if (!(await portFree(port))) throw new Error(`port ${port} is in use (set BENCH_PORT)`);
  ensureBuild();
  const name = `bench_${Date.now().toString(36)}`;
  const admin = postgres(PG_BASE, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = databaseUrl(name);
  const dataDir = path.join(root, ".data", name);
  let server;
  let reader;
  const sql = postgres(url, { max: 4, onnotice: () => {} });
  try {
    log(`Starting the production server on ${BASE} (database ${name})...`);
    server = await startServer(url, dataDir);
    serverPid = server.pid;
    const superAdmin = await signIn(SUPER_ADMIN.email, SUPER_ADMIN.password);
    const [{ password_hash: passwordHash }] = await sql`select password_hash from users where email = ${SUPER_ADMIN.email}`;
    log("Seeding 20 tenants x 50 users...");
    const admins = await seed(sql, passwordHash, 20, 50);
    const tenantAdmin = await signIn(admins[0].email, SUPER_ADMIN.password);
    const bearer = { authorization: `Bearer ${tenantAdmin.token}` };
    const superBearer = { authorization: `Bearer ${superAdmin.token}` };
    if (READ_EVERY_TIME && (ONLY.has("api1k") || ONLY.has("content") || ONLY.has("api100k"))) {
      log(`Starting a second server on port ${PORT + 1} that keeps no list pages (LIST_CACHE_MB=0)...`);
      reader = await startServer(url, dataDir, { port: PORT + 1, extraEnv: { LIST_CACHE_MB: "0" } });
    }
    // The same list on the second server: read on every request, as the first request after any change is.
    const readEveryTime = async (name, pathname, headers) =>
      reader ? measure(`${name}, read every time`, pathname, headers, { base: `http://127.0.0.1:${PORT + 1}`, pid: reader.pid }) : null;

    log("Measuring (1,000 users)...");
    const api1k = !ONLY.has("api1k") ? [] : [
      await measure("no-work route handler (floor)", "/api/v1/bench-floor-not-a-route"),
      await measure("GET /api/v1/auth/me", "/api/v1/auth/me", bearer),
      await measure("GET /api/v1/users/?limit=20", "/api/v1/users/?limit=20", bearer),
      await readEveryTime("GET /api/v1/users/?limit=20", "/api/v1/users/?limit=20", bearer),
      await measure("GET /api/v1/tenants/ (super admin)", "/api/v1/tenants/", superBearer),
      await readEveryTime("GET /api/v1/tenants/ (super admin)", "/api/v1/tenants/", superBearer),
      await measure("GET /api/v1/dashboard/stats", "/api/v1/dashboard/stats", bearer),
    ];
    let content = [];
    let contentRss = null;
    if (ONLY.has("content")) {
      log("Seeding 50 projects and 200 blogs per tenant, uploading a 1 MB PDF...");
      await seedContent(sql, admins);
      const [project] = await sql`select id from projects where tenant_id = ${admins[0].tenantId} order by created_at desc, id limit 1`;
      const pdf = await uploadPdf(tenantAdmin.token);
      const bigPdf = await uploadPdf(tenantAdmin.token, 20);
      const before = rssMegabytes(server.pid);
      content = [
        await measure("no-work route handler (floor)", "/api/v1/bench-floor-not-a-route"),
        await measure("GET /api/v1/projects/", "/api/v1/projects/", bearer),
        await readEveryTime("GET /api/v1/projects/", "/api/v1/projects/", bearer),
        await measure("GET /api/v1/blogs/project/{id}", `/api/v1/blogs/project/${project.id}`, bearer),
        await readEveryTime("GET /api/v1/blogs/project/{id}", `/api/v1/blogs/project/${project.id}`, bearer),
        await measure(`GET /api/v1/files/view (${(pdf.size / 1024 / 1024).toFixed(1)} MB PDF)`, `/api/v1/files/view?path=${encodeURIComponent(pdf.key)}`, bearer),
      ];
      const afterSmall = rssMegabytes(server.pid);
      content.push(
        await measure(`GET /api/v1/files/view (${(bigPdf.size / 1024 / 1024).toFixed(1)} MB PDF)`, `/api/v1/files/view?path=${encodeURIComponent(bigPdf.key)}`, bearer),
      );
      contentRss = { before, afterSmall, afterBig: rssMegabytes(server.pid) };
    }
    // A shared player's batch of five events (view, play, two slides heard, a question), as a browser sends it.
    let analytics = [];
    if (ONLY.has("analytics")) {
      const token = await sharedDeck(sql, admins[0].tenantId);
      const batch = JSON.stringify({
        context: "share",
        events: [
          { kind: "view" },
          { kind: "play" },
          { kind: "slide", slide: 1, heard_ms: 4200 },
          { kind: "slide", slide: 2, heard_ms: 3900 },
          { kind: "question", question: "How often should the heap be turned?", mode: "typed", covered: true },
        ],
      });
      const browser = {
        "content-type": "application/json",
        "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
      };
      analytics = [
        await measure("no-work route handler (floor)", "/api/v1/bench-floor-not-a-route"),
        // The same floor posted the same body: what a POST with a body costs the server before any handler runs.
        await measure("no-work route handler, POST of the same batch", "/api/v1/bench-floor-not-a-route", browser, { method: "POST", body: batch }),
        await measure("POST /api/v1/presentations/share/{token}/events (5 events)", `/api/v1/presentations/share/${token}/events`, browser, {
          method: "POST",
          body: batch,
        }),
      ];
      const [{ events }] = await sql`select count(*)::int as events from analytics_events`;
      log(`Analytics: ${events} events stored by the ingest run`);
    }
    const pages = !ONLY.has("pages") ? [] : [
      await measure("static file /robots.txt (floor)", "/robots.txt"),
      await measure("page /login", "/login"),
      await measure("page /dashboard (session cookie)", "/dashboard", { cookie: tenantAdmin.cookie }),
    ];
    const js = !ONLY.has("js") ? [] : [
      await firstLoadJs("/login"),
      await firstLoadJs("/dashboard", tenantAdmin.cookie),
      await firstLoadJs("/admin/users", tenantAdmin.cookie),
    ];

    if (ONLY.has("api100k")) {
      log("Adding 100,000 users to one tenant...");
      await addUsers(sql, admins[0].tenantId, 100_000, passwordHash);
      log("Measuring (100,000 users in one tenant)...");
    }
    const api100k = !ONLY.has("api100k") ? [] : [
      await measure("no-work route handler (floor)", "/api/v1/bench-floor-not-a-route"),
      await measure("GET /api/v1/users/?limit=20", "/api/v1/users/?limit=20", bearer),
      await readEveryTime("GET /api/v1/users/?limit=20", "/api/v1/users/?limit=20", bearer),
      await measure("GET /api/v1/users/?search=many4242", "/api/v1/users/?limit=20&search=many4242", bearer),
      await readEveryTime("GET /api/v1/users/?search=many4242", "/api/v1/users/?limit=20&search=many4242", bearer),
    ];
    const rss = rssMegabytes(server.pid);
    // And once the load has stopped for a while (V8 gives memory back when a process goes idle).
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const idleRss = rssMegabytes(server.pid);

    const floorApi = (rows) => (row) => (row === rows[0] ? null : rows[0]);
    for (const rows of [api1k, content, analytics, api100k]) rows.splice(0, rows.length, ...rows.filter(Boolean));
    if (api1k.length > 0) {
      console.log(`\n## API, 20 tenants x 50 users (${CONNECTIONS} connections, ${DURATION} s each)\n`);
      console.log(table(api1k, floorApi(api1k)));
    }
    if (content.length > 0) {
      console.log(`\n## Content, 20 tenants x 50 projects x 200 blogs\n`);
      console.log(table(content, floorApi(content)));
      console.log(
        `\nServer RSS around the content runs: ${contentRss.before} MB before, ${contentRss.afterSmall} MB after the 1 MB file, ` +
          `${contentRss.afterBig} MB after the 20 MB file (streamed: memory does not follow the file size)`,
      );
    }
    if (analytics.length > 0) {
      console.log(`\n## Share analytics ingest (one viewer's batches, one statement each)\n`);
      console.log(table(analytics, floorApi(analytics)));
    }
    if (pages.length > 0) {
      console.log(`\n## Pages (ratio to the static file)\n`);
      console.log(table(pages, floorApi(pages)));
    }
    if (api100k.length > 0) {
      console.log(`\n## API, 100,000 users in one tenant\n`);
      console.log(table(api100k, floorApi(api100k)));
    }
    if (js.length > 0) {
      console.log(`\n## First-load JavaScript (gzipped)\n`);
      console.log("| page | scripts | KB |\n|---|---|---|");
      for (const row of js) console.log(`| ${row.pathname} | ${row.scripts} | ${row.kilobytes} |`);
    }
    console.log(`\nServer RSS after the runs (all server processes): ${rss} MB right after, ${idleRss} MB after ${IDLE_SECONDS} s idle`);
  } finally {
    await sql.end();
    for (const started of [server, reader]) {
      if (!started?.pid) continue;
      try {
        process.kill(-started.pid, "SIGTERM");
      } catch {
        // already gone
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const dropper = postgres(PG_BASE, { max: 1, onnotice: () => {} });
    await dropper.unsafe(`drop database if exists "${name}" with (force)`);
    await dropper.end();
    spawnSync("rm", ["-rf", dataDir]);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
