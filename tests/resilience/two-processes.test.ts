// Two app processes on one PostgreSQL database and one file store (DESIGN.md 6b; issue 20, acceptance), as behind a
// load balancer: a generation runs once (both processes work the job queue), a share link revoked through one stops
// at once on the other (share page and Q&A), and an edit through one shows in the other's next list page and share
// page (each process keeps list pages and share pages of its own, checked against versions in the database).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildDocx } from "../fixtures/docx";
import { prose } from "../fixtures/hostile";
import { completion, startOpenAIStandIn, type OpenAIStandIn } from "../support/openai-standin";
import { callApi, newBlog, newDeck, newProject, newTenant, ok, until, upload, type Tenant } from "./support/client";
import { buildExists, createAppDatabase, port, printOutputOnFailure, startApp, tempDataDir, type AppDatabase, type AppServer } from "./support/server";

const SLIDES = [
  { slide_title: "The harbour", body: "Boats at dawn", slide_content: "The harbour wakes before the town does." },
  { slide_title: "The market", body: "Fish and bread", slide_content: "The market opens at seven every morning." },
];

/** A manual deck, once its narration is done (sharing needs a ready deck). */
async function readyDeck(server: AppServer, token: string, blogId: string): Promise<string> {
  const id = await newDeck(server.base, token, blogId, SLIDES);
  await until("the deck's narration", async () => {
    const deck = await ok(server.base, "GET", `/presentations/${id}`, { token });
    return deck.webhook_status === "completed" ? deck : undefined;
  });
  return id;
}

describe.skipIf(!buildExists() || !process.env.DATABASE_URL)("two app processes on one database and one file store", () => {
  let database: AppDatabase;
  let data: { dir: string; remove(): void };
  let standIn: OpenAIStandIn;
  let one: AppServer;
  let two: AppServer;
  let tenant: Tenant;
  let projectId = "";
  let blogId = "";

  beforeAll(async () => {
    database = await createAppDatabase("resilience_two");
    data = tempDataDir("two");
    standIn = await startOpenAIStandIn();
    const env = { OPENAI_BASE_URL: standIn.baseURL, OPENAI_API_KEY: standIn.apiKey, AI_MAX_RETRIES: "0" };
    // The first migrates and seeds; the second starts on the same database and folder.
    one = await startApp({ port: port(30), databaseUrl: database.url, dataDir: data.dir, env });
    two = await startApp({ port: port(31), databaseUrl: database.url, dataDir: data.dir, env });
    tenant = await newTenant(one.base, "Two processes");
    projectId = await newProject(one.base, tenant.token, "Shared store");
    const main = await upload(one.base, tenant.token, "maintext", await buildDocx({ title: "Harbour", blocks: [{ paragraph: prose(2_000, 9) }] }), "harbour.docx");
    blogId = await newBlog(two.base, tenant.token, projectId, { blog_title: "Harbour", main_text: main, is_website: false });
    await until("the main document's extraction", async () => {
      const blog = await ok(two.base, "GET", `/blogs/${blogId}`, { token: tenant.token });
      return (blog.sources as { extraction_status: string }[]).every((source) => source.extraction_status === "ready") ? blog : undefined;
    });
  }, 240_000);

  afterEach((context) => printOutputOnFailure(context, [one, two]));

  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await standIn?.close();
    await database?.drop();
    data?.remove();
  });

  it("a generation runs once", async () => {
    standIn.reset();
    const outline = { slides: [1, 2, 3, 4].map((n) => ({ title: `Part ${n}`, bullets: ["One", "Two", "Three"], script: prose(600, 40 + n), imagePrompt: null })) };
    standIn.route("/chat/completions", () => completion(JSON.stringify(outline)));
    const created = await ok(one.base, "POST", "/presentations/", { token: tenant.token, body: { blog_id: blogId, template: "minimal" } });
    const id = String(created.presentation_id ?? created.id);
    const done = await until("the generation's end", async () => {
      const status = await ok(two.base, "GET", `/presentations/${id}/task-status`, { token: tenant.token });
      return status.status === "completed" || status.status === "failed" ? status : undefined;
    });
    expect(done.status, JSON.stringify(done)).toBe("completed");
    // A moment for a second run, if one were under way, to reach the provider.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(standIn.requests.filter((request) => request.path === "/chat/completions")).toHaveLength(1);
    for (const server of [one, two]) {
      const deck = await ok(server.base, "GET", `/presentations/${id}`, { token: tenant.token });
      expect((deck.slides as { slide_title: string }[]).map((slide) => slide.slide_title)).toEqual(["Part 1", "Part 2", "Part 3", "Part 4"]);
    }
  });

  it("a link revoked through one process stops at once on the other: share page and Q&A", async () => {
    const id = await readyDeck(one, tenant.token, blogId);
    const link = await ok(one.base, "POST", `/presentations/${id}/share`, { token: tenant.token });
    const token = String(link.token);
    const page = () => fetch(`${two.base}/share/presentation/${token}`, { redirect: "manual" });
    const ask = () => callApi(two.base, "POST", "/qa/question", { body: { presentation_id: id, question: "When does the market open?", token } });
    expect((await page()).status).toBe(200);
    expect((await callApi(two.base, "GET", `/presentations/share/${token}`)).status).toBe(200);
    expect((await ask()).status).toBe(200);
    const revoked = await callApi(one.base, "DELETE", `/presentations/${id}/share`, { token: tenant.token });
    expect(revoked.status, revoked.text).toBe(204);
    expect((await page()).status).toBe(404);
    expect((await callApi(two.base, "GET", `/presentations/share/${token}`)).status).toBe(404);
    const refused = await ask();
    expect(refused.status, refused.text).toBe(404);
  });

  it("an edit through one process shows in the other's next list page and share page", async () => {
    // The list page, read (and kept) by the second process before the edit.
    // The list is a JSON array (the total in X-Total-Count).
    const listed = async () => ((await callApi(two.base, "GET", "/projects/", { token: tenant.token })).body as { id: string; name: string }[]).find((item) => item.id === projectId);
    expect((await listed())?.name).toBe("Shared store");
    const renamed = await callApi(one.base, "PUT", `/projects/${projectId}`, { token: tenant.token, body: { name: "Shared store, renamed", description: "Resilience suite" } });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await listed())?.name).toBe("Shared store, renamed");

    const id = await readyDeck(one, tenant.token, blogId);
    const token = String((await ok(one.base, "POST", `/presentations/${id}/share`, { token: tenant.token })).token);
    const sharePage = async () => (await fetch(`${two.base}/share/presentation/${token}`)).text();
    expect(await sharePage()).toContain("The harbour");
    const deck = await ok(one.base, "GET", `/presentations/${id}`, { token: tenant.token });
    const edited = await callApi(one.base, "PUT", `/presentations/${id}/update-slides`, {
      token: tenant.token,
      body: { version: deck.version, slides: [{ ...SLIDES[0], slide_title: "The harbour at dusk" }, SLIDES[1]] },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(await sharePage()).toContain("The harbour at dusk");
  });
});
