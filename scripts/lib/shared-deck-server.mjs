// What the share-page tools (`npm run bench:share`, `npm run audit:pages`) share: a fresh PostgreSQL database (or
// PGlite when none answers), the production build started on it, API calls, and a narrated, shared 3-slide deck
// made through the API as the super admin.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import serverFlags from "../server-flags.cjs";

const root = path.resolve(import.meta.dirname, "../..");

/** A fresh PostgreSQL database named `<prefix>_<time>`, or null when no PostgreSQL answers (the server then uses PGlite). */
export async function createDatabase(pgBase, prefix) {
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = postgres(pgBase, { max: 1, onnotice: () => {}, connect_timeout: 3 });
  try {
    await admin.unsafe(`create database "${name}"`);
  } catch {
    return null;
  } finally {
    await admin.end();
  }
  const url = new URL(pgBase);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

export async function dropDatabase(pgBase, name) {
  const admin = postgres(pgBase, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}

/**
 * The production build (NEXT_DIST_DIR or .next) served on `port`, in its own process group, once its health answers;
 * with `buildWhenStale`, started as `npm start` is (built first when the build is missing or older than the sources).
 * Node flags: `npm start`'s (the heap cap), then BENCH_NODE_OPTIONS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
 * `extraEnv` adds to or overrides the server's environment.
 */
export async function startServer({ port, dataDir, databaseUrl, appSecret, superAdmin, rateLimitScale, extraEnv = {}, buildWhenStale = false }) {
  const base = `http://127.0.0.1:${port}`;
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (!buildWhenStale && !existsSync(path.join(root, distDir, "BUILD_ID"))) throw new Error(`no production build in ${distDir}: run \`npx next build\` first`);
  const flags = [...serverFlags.serverNodeFlags(), ...(process.env.BENCH_NODE_OPTIONS ?? "").split(/\s+/).filter(Boolean)];
  const entry = path.join(root, buildWhenStale ? "scripts/start.mjs" : "scripts/server.mjs");
  const server = spawn(process.execPath, [...flags, entry, "--port", String(port), "--hostname", "127.0.0.1"], {
    cwd: root,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...serverFlags.serverEnvironment(),
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      APP_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      APP_SECRET: appSecret,
      SUPER_ADMIN_EMAIL: superAdmin.email,
      SUPER_ADMIN_PASSWORD: superAdmin.password,
      LOG_LEVEL: "warn",
      RATE_LIMIT_SCALE: String(rateLimitScale),
      ...extraEnv,
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

export async function call(base, method, pathname, { token, body } = {}) {
  const headers = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${base}${pathname}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

export async function signIn(base, email, password) {
  return (await call(base, "POST", "/api/v1/auth/login", { body: { email, password } })).access_token;
}

/** A narrated, shared 3-slide presentation in a new tenant (named after `label`); answers the share page's path. */
export async function makeSharedDeck(base, superAdmin, label) {
  const stamp = Date.now().toString(36);
  const slug = label.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const superToken = await signIn(base, superAdmin.email, superAdmin.password);
  const tenant = await call(base, "POST", "/api/v1/tenants/", {
    token: superToken,
    body: { name: `${label} ${stamp}`, domain: `${slug}-${stamp}`, is_active: true, admin_full_name: "Invited Admin", admin_email: `owner-${stamp}@${slug}.test` },
  });
  const admin = { email: `admin-${stamp}@${slug}.test`, password: `Pass-${stamp}-admin!` };
  await call(base, "POST", "/api/v1/users", {
    token: superToken,
    body: { email: admin.email, full_name: `${label} Admin`, password: admin.password, role: "tenant_admin", tenant_id: tenant.id, is_active: true },
  });
  const token = await signIn(base, admin.email, admin.password);
  const project = await call(base, "POST", "/api/v1/projects/", { token, body: { name: "Community", description: `Made by ${label}.` } });
  const blog = await call(base, "POST", "/api/v1/blogs/", {
    token,
    body: {
      project_id: project.id,
      blog_title: "Community Garden",
      blog_author: label,
      blog_email: `${slug}@example.com`,
      main_text: "https://garden.invalid/about",
      is_website: true,
      website_links: [],
      content_blocks: ["The community garden has forty raised beds."],
      uploaded_files: [],
    },
  });
  const slides = [
    ["The Community Garden", "Forty raised beds\nOpen to every neighbour", "Our community garden has forty raised beds. Every neighbour may use one."],
    ["What We Grow", "Tomatoes, beans and herbs\nHerbs for the school kitchen", "Volunteers plant tomatoes, beans and herbs. The herbs go to the school kitchen."],
    ["Join Us", "Saturday mornings\nTools and gloves provided", "We meet every Saturday morning. Tools and gloves are provided."],
  ].map(([title, body, script], index) => ({ slide_number: index + 1, slide_title: title, body, slide_content: script }));
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

/**
 * The share page a tool works on: the running server of `given` (a share URL), or else the production build started
 * on a fresh database (PostgreSQL at `pgBase`, else PGlite) with a narrated deck shared on it. `stop()` stops and
 * removes what was started; `where` names the database for the report (empty for a given URL).
 */
export async function sharePageTarget(given, { port, pgBase, name, label, appSecret, superAdmin, rateLimitScale, log }) {
  if (given) {
    const url = new URL(given);
    return { base: url.origin, sharePath: `${url.pathname}${url.search}`, where: "", stop: async () => {} };
  }
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `${name.replace(/_/g, "-")}-`));
  const database = await createDatabase(pgBase, name);
  const stop = async (server) => {
    if (server) {
      process.kill(-server.pid, "SIGTERM");
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (database) await dropDatabase(pgBase, database.name);
  };
  let server;
  try {
    log(`Starting the production build on ${base} (${database ? `PostgreSQL database ${database.name}` : `PGlite in ${dataDir}`})...`);
    server = await startServer({ port, dataDir, databaseUrl: database?.url ?? "", appSecret, superAdmin, rateLimitScale });
    log("Making a narrated, shared presentation through the API...");
    const sharePath = await makeSharedDeck(base, superAdmin, label);
    return { base, sharePath, where: database ? ", PostgreSQL" : ", PGlite", stop: () => stop(server) };
  } catch (error) {
    await stop(server);
    throw error;
  }
}
