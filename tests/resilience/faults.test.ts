// Faults (issue 20, acceptance): the production server SIGKILLed mid-generation and mid-narration and started again
// (STALE_JOB_SECONDS=3, so the sweeps take the left jobs soon): each job completes exactly once, with no duplicate
// slides or narration audio in the database. And PostgreSQL restarted under write load (a private cluster of this
// test, never the machine's shared server): every write acknowledged with 2xx exists afterwards, and the app
// recovers without a restart.
import postgres from "postgres";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildDocx } from "../fixtures/docx";
import { prose } from "../fixtures/hostile";
import { completion, startOpenAIStandIn, type OpenAIStandIn } from "../support/openai-standin";
import { callApi, newBlog, newDeck, newProject, newTenant, ok, until, upload } from "./support/client";
import { postgresBinaries, startPrivatePostgres, type PrivatePostgres } from "./support/private-postgres";
import { buildExists, createAppDatabase, port, printOutputOnFailure, startApp, tempDataDir, type AppDatabase, type AppServer } from "./support/server";

const STALE = { STALE_JOB_SECONDS: "3" };
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const canUsePostgres = Boolean(process.env.DATABASE_URL);

function outline(count: number) {
  return {
    slides: Array.from({ length: count }, (_, index) => ({
      title: `Harbour part ${index + 1}`,
      bullets: ["First point", "Second point", "Third point"],
      script: prose(600, 60 + index),
      imagePrompt: null,
    })),
  };
}

async function query<T extends Record<string, unknown>>(url: string, text: string, values: (string | number)[] = []): Promise<T[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return (await sql.unsafe(text, values)) as unknown as T[];
  } finally {
    await sql.end();
  }
}

describe.skipIf(!buildExists() || !canUsePostgres)("the server killed with SIGKILL and started again", () => {
  let database: AppDatabase;
  let data: { dir: string; remove(): void };
  let standIn: OpenAIStandIn;
  let server: AppServer;
  const start = async () => {
    server = await startApp({
      port: port(10),
      databaseUrl: database.url,
      dataDir: data.dir,
      env: { ...STALE, OPENAI_BASE_URL: standIn.baseURL, OPENAI_API_KEY: standIn.apiKey, AI_MAX_RETRIES: "0" },
    });
  };

  beforeAll(async () => {
    database = await createAppDatabase("resilience_faults");
    data = tempDataDir("faults");
    standIn = await startOpenAIStandIn();
    await start();
  });

  afterEach((context) => printOutputOnFailure(context, [server]));

  afterAll(async () => {
    await server?.stop();
    await standIn?.close();
    await database?.drop();
    data?.remove();
  });

  /** Kills the server, waits past STALE_JOB_SECONDS, starts it again. */
  async function killAndRestart(): Promise<void> {
    await server.kill();
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    await start();
  }

  it("mid-generation: the generation completes once, its slides written once", async () => {
    const tenant = await newTenant(server.base, "Killed generation");
    const projectId = await newProject(server.base, tenant.token, "Kill tests");
    const main = await upload(server.base, tenant.token, "maintext", await buildDocx({ title: "Harbour", blocks: [{ heading: 1, text: "The harbour" }, { paragraph: prose(3_000, 5) }] }), "harbour.docx");
    const blogId = await newBlog(server.base, tenant.token, projectId, { blog_title: "Harbour", main_text: main, is_website: false });
    await until("the main document's extraction", async () => {
      const blog = await ok(server.base, "GET", `/blogs/${blogId}`, { token: tenant.token });
      return (blog.sources as { extraction_status: string }[]).every((source) => source.extraction_status === "ready") ? blog : undefined;
    });
    // The first request to the provider is held until the server is gone; the ones after it are answered at once.
    standIn.reset();
    let held = 0;
    standIn.route("/chat/completions", () => {
      held += 1;
      return held === 1 ? { kind: "hang" } : completion(JSON.stringify(outline(6)));
    });
    const created = await ok(server.base, "POST", "/presentations/", { token: tenant.token, body: { blog_id: blogId, template: "professional" } });
    const id = String(created.presentation_id ?? created.id);
    await until("the generation's request to the provider", async () => (standIn.requests.length > 0 ? true : undefined));
    await killAndRestart();
    const done = await until(
      "the generation to end after the restart",
      async () => {
        const status = await ok(server.base, "GET", `/presentations/${id}/task-status`, { token: tenant.token });
        return status.status === "completed" || status.status === "failed" ? status : undefined;
      },
      90_000,
    );
    expect(done, JSON.stringify(done)).toMatchObject({ status: "completed" });
    const rows = await query<{ slide_number: number; count: number }>(
      database.url,
      "select slide_number, count(*)::int as count from slides where presentation_id = $1 group by slide_number order by slide_number",
      [id],
    );
    expect(rows.map((row) => [row.slide_number, row.count])).toEqual(outline(6).slides.map((_, index) => [index + 1, 1]));
    const deck = await ok(server.base, "GET", `/presentations/${id}`, { token: tenant.token });
    expect((deck.slides as { slide_title: string }[]).map((slide) => slide.slide_title)).toEqual(outline(6).slides.map((slide) => slide.title));
    console.log(`generation killed mid-request: completed once after the restart; provider requests: ${standIn.requests.length}`);
  }, 300_000);

  it("a stop (SIGTERM): the share analytics events the server still held are written before it ends", async () => {
    const tenant = await newTenant(server.base, "Stopped");
    const projectId = await newProject(server.base, tenant.token, "Stop tests");
    const blogId = await newBlog(server.base, tenant.token, projectId, { blog_title: "Counted" });
    const id = await newDeck(server.base, tenant.token, blogId, [{ slide_title: "One", body: "A point", slide_content: "Said once." }]);
    // A batch waits in the process for a moment before it is written (lib/services/share-analytics.ts): the stop
    // comes inside that moment.
    const sent = await callApi(server.base, "POST", `/presentations/${id}/analytics/events`, {
      token: tenant.token,
      headers: { "user-agent": BROWSER },
      body: { events: [{ kind: "view" }, { kind: "play" }, { kind: "slide", slide: 1, heard_ms: 1_500 }] },
    });
    expect(sent.status, sent.text).toBe(204);
    const stopping = Date.now();
    await server.stop();
    expect(await server.exited, "the exit after SIGTERM").toBe(0);
    expect(Date.now() - stopping, "milliseconds from SIGTERM to the exit").toBeLessThan(10_000);
    const stored = await query<{ kind: string }>(database.url, "select kind from analytics_events where presentation_id = $1 order by kind", [id]);
    expect(stored.map((row) => row.kind)).toEqual(["play", "slide", "view"]);
    await start();
  });

  it("mid-narration: every slide's audio made once, no duplicate audio files", async () => {
    const tenant = await newTenant(server.base, "Killed narration");
    const projectId = await newProject(server.base, tenant.token, "Kill tests");
    const blogId = await newBlog(server.base, tenant.token, projectId, { blog_title: "Narrated" });
    const count = 6;
    const slides = Array.from({ length: count }, (_, index) => ({
      slide_title: `Part ${index + 1}`,
      body: "The harbour",
      slide_content: prose(700, 300 + index),
    }));
    const id = await newDeck(server.base, tenant.token, blogId, slides);
    // Killed once some slides have their audio and others not yet.
    const narrated = () =>
      query<{ done: number }>(database.url, "select count(*)::int as done from slides where presentation_id = $1 and audio_file_id is not null", [id]).then(
        ([row]) => row!.done,
      );
    const before = await until("the narration to be under way", async () => {
      const done = await narrated();
      return done > 0 ? done : undefined;
    }, 90_000);
    await killAndRestart();
    const deck = await until(
      "the narration to end after the restart",
      async () => {
        const current = await ok(server.base, "GET", `/presentations/${id}`, { token: tenant.token });
        return current.webhook_status !== "pending" ? current : undefined;
      },
      150_000,
    );
    expect(deck.webhook_status, JSON.stringify({ status: deck.webhook_status, error: deck.error })).toBe("completed");
    expect(await narrated()).toBe(count);
    const [audio] = await query<{ files: number; distinct: number }>(
      database.url,
      "select count(*)::int as files, count(distinct audio_file_id)::int as distinct from files f left join slides s on s.audio_file_id = f.id where f.tenant_id = $1 and f.kind = 'audio'",
      [tenant.tenantId],
    );
    expect(audio, "audio files of the tenant: one per slide").toEqual({ files: count, distinct: count });
    console.log(`narration killed with ${before}/${count} slides narrated: completed after the restart, ${audio!.files} audio files`);
  }, 300_000);
});

describe.skipIf(!buildExists() || !postgresBinaries())("PostgreSQL restarted under write load", () => {
  let cluster: PrivatePostgres;
  let database: AppDatabase;
  let data: { dir: string; remove(): void };
  let server: AppServer;

  beforeAll(async () => {
    cluster = startPrivatePostgres(port(20));
    database = await createAppDatabase("resilience_restart", cluster.url);
    data = tempDataDir("pg-restart");
    server = await startApp({ port: port(11), databaseUrl: database.url, dataDir: data.dir });
  });

  afterEach((context) => printOutputOnFailure(context, [server]));

  afterAll(async () => {
    await server?.stop();
    try {
      await database?.drop();
    } finally {
      cluster?.stop();
      cluster?.remove();
      data?.remove();
    }
  });

  it("every write acknowledged with 2xx exists afterwards; the app recovers without a restart", async () => {
    const tenant = await newTenant(server.base, "Restart");
    const acknowledged: string[] = [];
    const refused = new Map<string, number>();
    let stop = false;
    let sequence = 0;
    const writer = async () => {
      while (!stop) {
        sequence += 1;
        const name = `Write ${sequence}`;
        try {
          const reply = await callApi(server.base, "POST", "/projects/", { token: tenant.token, body: { name, description: "under load" }, timeoutMs: 30_000 });
          if (reply.status === 201) acknowledged.push(String(reply.json.id));
          else {
            const key = `${reply.status} ${reply.text.slice(0, 120)}`;
            refused.set(key, (refused.get(key) ?? 0) + 1);
          }
        } catch (error) {
          const key = `network: ${String(error instanceof Error && error.cause ? error.cause : error).slice(0, 120)}`;
          refused.set(key, (refused.get(key) ?? 0) + 1);
        }
      }
    };
    const writers = Array.from({ length: 8 }, () => writer());
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const beforeRestart = acknowledged.length;
    cluster.restart();
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    stop = true;
    await Promise.all(writers);
    const afterRestart = acknowledged.length - beforeRestart;
    // The app recovered: writes went through after the restart, and health and a write answer now.
    const health = await callApi(server.base, "GET", "/health");
    expect(health.status, health.text).toBe(200);
    const last = await callApi(server.base, "POST", "/projects/", { token: tenant.token, body: { name: "After the restart" } });
    expect(last.status, last.text).toBe(201);
    acknowledged.push(String(last.json.id));
    const stored = new Set(
      (await query<{ id: string }>(database.url, "select id::text as id from projects where tenant_id = $1", [tenant.tenantId])).map((row) => row.id),
    );
    const lost = acknowledged.filter((id) => !stored.has(id));
    const errors = [...refused.entries()].map(([key, count]) => `${count} x ${key}`);
    console.log(
      `PostgreSQL restart under 8 writers: ${acknowledged.length} acknowledged writes (${afterRestart} after the restart began), ${lost.length} lost, ${[...refused.values()].reduce((a, b) => a + b, 0)} not acknowledged${errors.length ? `: ${errors.join("; ")}` : ""}`,
    );
    expect(lost, "acknowledged writes missing from the database").toEqual([]);
    expect(afterRestart, "writes acknowledged after the restart began").toBeGreaterThan(0);
    // A write that fails while the database is down is answered 503 with a clear detail, never a 500 or a reset.
    for (const key of refused.keys()) expect(key, "a write refused during the restart").toMatch(/^503 \{"detail":/);
  });
});
