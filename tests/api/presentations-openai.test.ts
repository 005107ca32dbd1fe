// AI generation through the generation provider the platform configures (issue 11 with the providers of issue 10):
// with OPENAI_BASE_URL and a key set, the job sends the blog's extracted text and the instructions to an
// OpenAI-compatible server (a loopback stand-in), shows 60% 'generating' while the answer is awaited, and builds the
// deck from the reply; a refused key fails the presentation at once with the provider's message, without the key.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiError, completion, delayed, startOpenAIStandIn } from "../support/openai-standin";

// The configuration is read once, when the app's first module loads: the stand-in's address goes in before any.
const standIn = await startOpenAIStandIn();
Object.assign(process.env, { OPENAI_BASE_URL: standIn.baseURL, OPENAI_API_KEY: standIn.apiKey, AI_MAX_RETRIES: "0" });

const { call, json } = await import("../support/api");
const { organisation } = await import("../support/admin");
const { newBlog, newProject } = await import("../support/projects-blogs");
const { eventually } = await import("../support/wait");
const presentationsRoute = await import("@/app/api/v1/presentations/route");
const presentationRoute = await import("@/app/api/v1/presentations/[id]/route");
const taskStatusRoute = await import("@/app/api/v1/presentations/[id]/task-status/route");
const { getDb } = await import("@/db/client");
const { blogSources } = await import("@/db/schema");
const { eq } = await import("drizzle-orm");

type PresentationOut = import("@/lib/services/presentations").PresentationOut;
type TaskStatusOut = import("@/lib/services/presentations").TaskStatusOut;

const ARTICLE =
  "Heat pumps move warmth from the outside air into a building. The council of Eastbridge is replacing the gas boilers " +
  "of its 140 public buildings with heat pumps by 2032. Heating buildings accounts for about 40 percent of the city's " +
  "carbon emissions. Engineers warn that older buildings need better insulation first, or the pumps run inefficiently.";

function outline(slides: number) {
  const script = (topic: string) => Array.from({ length: 8 }, (_, index) => `Sentence ${index + 1} explains ${topic} in plain words.`).join(" ");
  return {
    slides: Array.from({ length: slides }, (_, index) => ({
      title: `Heat pumps part ${index + 1}`,
      bullets: ["First point", "Second point", "Third point"],
      script: script(`part ${index + 1}`),
      imagePrompt: null,
    })),
  };
}

let token = "";
let projectId = "";

/** A blog whose main source is a web page whose text is already extracted (no network needed). */
async function blogWithText(title: string): Promise<string> {
  const blog = await newBlog(token, projectId, { blog_title: title, main_text: "https://example.com/heat-pumps", is_website: true });
  const db = await getDb();
  await db
    .update(blogSources)
    .set({ extractedText: ARTICLE, extractionStatus: "ready", extractedAt: new Date() })
    .where(eq(blogSources.blogId, blog.id));
  return blog.id;
}

async function status(id: string): Promise<TaskStatusOut> {
  return json<TaskStatusOut>(await call(taskStatusRoute.GET, "GET", { token, params: { id } }));
}

async function generate(blogId: string): Promise<PresentationOut> {
  const response = await call(presentationsRoute.POST, "POST", {
    token,
    body: { blog_id: blogId, template: "minimal", generation_instructions: "Keep it suitable for a school assembly." },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return json<PresentationOut>(response);
}

beforeAll(async () => {
  const org = await organisation("DeckOpenAI");
  token = org.admin.access_token;
  projectId = (await newProject(token, "OpenAI decks")).id;
});

afterAll(async () => {
  await standIn.close();
});

describe("generation through an OpenAI-compatible server", { timeout: 60_000 }, () => {
  it("sends the blog's text and instructions, reports 60% while it waits, and builds the deck from the reply", async () => {
    standIn.reset();
    standIn.enqueue("/chat/completions", delayed(2_500, completion(JSON.stringify(outline(5)))));
    const created = await generate(await blogWithText("Through OpenAI"));
    const waiting = await eventually(async () => {
      const now = await status(created.id);
      return now.progress === 60 ? now : undefined;
    }, "the generating step");
    expect(waiting).toMatchObject({ status: "processing", step: "generating", message: "Generating slides..." });
    const done = await eventually(async () => {
      const now = await status(created.id);
      return now.status === "completed" || now.status === "failed" ? now : undefined;
    }, "the generation to end", 40_000);
    expect(done).toMatchObject({ status: "completed", progress: 100 });
    const sent = JSON.stringify(standIn.requests[0]?.json);
    expect(sent).toContain("Eastbridge is replacing the gas boilers");
    expect(sent).toContain("Keep it suitable for a school assembly.");
    expect(standIn.shapeErrors).toEqual([]);
    const deck = await json<PresentationOut>(await call(presentationRoute.GET, "GET", { token, params: { id: created.id } }));
    expect(deck.slides.map((slide) => slide.slide_title)).toEqual(outline(5).slides.map((slide) => slide.title));
  });

  it("a refused key fails the presentation at once with the provider's message, never the key", async () => {
    standIn.reset();
    standIn.enqueue("/chat/completions", apiError(401, "Incorrect API key provided", { code: "invalid_api_key" }));
    const created = await generate(await blogWithText("Refused key"));
    const done = await eventually(async () => {
      const now = await status(created.id);
      return now.status === "completed" || now.status === "failed" ? now : undefined;
    }, "the generation to end", 20_000);
    expect(done.status).toBe("failed");
    expect(done.error).toMatch(/OpenAI/);
    expect(done.error).not.toContain(standIn.apiKey);
    expect(done.error).not.toContain(standIn.apiKey.slice(-4));
    // Not retried: one request reached the server.
    expect(standIn.requests).toHaveLength(1);
  });
});
