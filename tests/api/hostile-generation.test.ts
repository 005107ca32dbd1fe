// Issue 20 item 3: AI generation over a blog whose sources hold millions of characters. The text a generation reads
// is counted over the chosen sources only and refused past the limit (413, before anything is written, and again in
// the job); the offline generator runs in a capped worker thread (started here from its TypeScript source), and a
// worker past its heap or its time fails the generation with that reason while the server goes on.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as blogRoute from "@/app/api/v1/blogs/[id]/route";
import * as taskStatusRoute from "@/app/api/v1/presentations/[id]/task-status/route";
import * as presentationsRoute from "@/app/api/v1/presentations/route";
import { getDb } from "@/db/client";
import { offlineGenerationProvider } from "@/lib/ai/generation";
import { AppError } from "@/lib/errors";
import { blogSources, presentations, slides } from "@/db/schema";
import { jobQueue, stopJobQueue } from "@/lib/jobs/queue";
import type { BlogOut } from "@/lib/services/blogs";
import { GENERATION_JOB, runGeneration } from "@/lib/services/presentation-generation";
import type { PresentationOut, TaskStatusOut } from "@/lib/services/presentations";
import type { ProjectOut } from "@/lib/services/projects";
import { PRESENTATION_LIMITS, PRESENTATION_MESSAGES, sourceTextTooLongMessage } from "@/lib/validation/presentations";
import { useTypeScriptWorkers } from "@/lib/workers/capped";
import { loadArticle } from "../fixtures/articles";
import { prose } from "../fixtures/hostile";
import { call, json } from "../support/api";
import type { Organisation } from "../support/accounts";
import { organisation } from "../support/admin";
import { newBlog, newProject } from "../support/projects-blogs";
import { eventually } from "../support/wait";

let alpha: Organisation;
let project: ProjectOut;

const LINKS = ["https://example.com/one", "https://example.com/two", "https://example.com/three", "https://example.com/four"];

/** Text as extraction stores it: a heading line every 50 paragraphs of about 1,000 characters, blank lines between. */
function extracted(characters: number, seed: number): string {
  const text = prose(characters, seed);
  const blocks: string[] = [];
  for (let start = 0, index = 0; start < text.length; start += 1_000, index += 1) {
    if (index % 50 === 0) blocks.push(`Field notes, part ${index / 50 + 1}`);
    blocks.push(text.slice(start, start + 1_000));
  }
  return blocks.join("\n\n");
}

/**
 * The issue's blog: a main document (an ordinary article) and four extra sources of `each` characters, as their
 * extraction leaves them (the text is set directly: reading DOCX files of this size is the extraction tests' part).
 */
async function bigBlog(title: string, each = 2_000_000, main = loadArticle("city-heat-pumps").text) {
  const blog = await newBlog(alpha.admin.access_token, project.id, { blog_title: title, website_links: LINKS });
  const db = await getDb();
  const ready = { extractionStatus: "ready" as const, extractionError: null, extractedAt: new Date() };
  await db.update(blogSources).set({ ...ready, extractedText: main }).where(and(eq(blogSources.blogId, blog.id), eq(blogSources.kind, "main_document")));
  for (const [index, url] of LINKS.entries()) {
    await db
      .update(blogSources)
      .set({ ...ready, extractedText: extracted(each, 100 + index) })
      .where(and(eq(blogSources.blogId, blog.id), eq(blogSources.url, url)));
  }
  const texts = await db.select({ text: blogSources.extractedText }).from(blogSources).where(eq(blogSources.blogId, blog.id));
  return { ...blog, characters: texts.reduce((total, row) => total + (row.text?.length ?? 0), 0), mainCharacters: main.length };
}

async function generate(blogId: string, body: Record<string, unknown>): Promise<Response> {
  return call(presentationsRoute.POST, "POST", { token: alpha.admin.access_token, body: { blog_id: blogId, template: "professional", ...body } });
}

async function status(id: string): Promise<TaskStatusOut> {
  const response = await call(taskStatusRoute.GET, "GET", { token: alpha.admin.access_token, params: { id } });
  expect(response.status).toBe(200);
  return json<TaskStatusOut>(response);
}

async function generationEnds(id: string): Promise<TaskStatusOut> {
  return eventually(
    async () => {
      const now = await status(id);
      return now.status === "completed" || now.status === "failed" ? now : undefined;
    },
    `the generation of ${id} to end`,
    120_000,
  );
}

async function presentationsOf(blogId: string) {
  const db = await getDb();
  return db.select().from(presentations).where(eq(presentations.blogId, blogId));
}

/** Runs `work` while this process's queue takes no generation jobs (the test runs the generation itself), then restarts the queue. */
async function withoutGenerationWorker<T>(work: () => Promise<T>): Promise<T> {
  const boss = await jobQueue();
  await boss.offWork(GENERATION_JOB);
  try {
    return await work();
  } finally {
    await stopJobQueue();
    await jobQueue();
  }
}

beforeAll(async () => {
  alpha = await organisation("hostile-generation");
  project = await newProject(alpha.admin.access_token, "Big sources");
  useTypeScriptWorkers(true);
}, 60_000);

afterAll(() => {
  useTypeScriptWorkers(false);
  delete process.env.GENERATION_WORKER_HEAP_MB;
  delete process.env.GENERATION_WORKER_TIMEOUT_MS;
});

describe("the text a generation reads", { timeout: 240_000 }, () => {
  it("is refused past the limit with 413 and the sizes, before anything is written; only the chosen sources count", async () => {
    const blog = await bigBlog("Four big sources");
    expect(blog.characters).toBeGreaterThan(8_000_000);

    const all = await generate(blog.id, { use_main_source_only: false });
    expect(all.status).toBe(413);
    expect(await json(all)).toEqual({ detail: sourceTextTooLongMessage(blog.characters) });
    expect((await json<{ detail: string }>(await generate(blog.id, { use_main_source_only: false }))).detail).toMatch(
      /^The chosen sources hold 8(\.\d)? million characters of text; a presentation can be generated from at most 4 million\. /,
    );
    const two = await generate(blog.id, { use_main_source_only: false, supporting_links: LINKS.slice(0, 2) });
    expect(two.status).toBe(413);
    expect(await presentationsOf(blog.id)).toEqual([]);
    const blogView = await json<BlogOut>(await call(blogRoute.GET, "GET", { token: alpha.admin.access_token, params: { id: blog.id } }));
    expect(blogView.presentations).toEqual([]);

    // The main document alone, or with one of the big sources, is within the limit: accepted, and generated in the
    // worker from the chosen text only.
    for (const body of [{ use_main_source_only: true }, { use_main_source_only: false, supporting_links: [LINKS[2]] }]) {
      const accepted = await generate(blog.id, body);
      expect(accepted.status, JSON.stringify(body)).toBe(201);
      const created = await json<PresentationOut>(accepted);
      expect(await generationEnds(created.id), JSON.stringify(body)).toMatchObject({ status: "completed", progress: 100, error: null });
    }
    expect((await presentationsOf(blog.id)).map((row) => row.versionNumber).sort()).toEqual([1, 2]);
  });

  it("is checked again by the job: sources grown since the request fail the generation with the reason", async () => {
    const blog = await bigBlog("Grown since", 1_000_000);
    await withoutGenerationWorker(async () => {
      const accepted = await generate(blog.id, { use_main_source_only: false, supporting_links: [LINKS[0]] });
      expect(accepted.status).toBe(201);
      const created = await json<PresentationOut>(accepted);
      // Its text is replaced (the source extracted again) before the job runs.
      const db = await getDb();
      const grown = extracted(PRESENTATION_LIMITS.sourceCharacters, 7);
      await db.update(blogSources).set({ extractedText: grown }).where(and(eq(blogSources.blogId, blog.id), eq(blogSources.url, LINKS[0]!)));
      expect(await runGeneration(created.id)).toBe("failed");
      const ended = await status(created.id);
      expect(ended).toMatchObject({ status: "failed", error: sourceTextTooLongMessage(grown.length + blog.mainCharacters) });
      expect(ended.message).toBe(ended.error);
      const [row] = await presentationsOf(blog.id);
      // A failed deck has no audio to make: its audio processing ends with it.
      expect(row).toMatchObject({ status: "failed", webhookStatus: "failed" });
      expect(await (await getDb()).select().from(slides).where(eq(slides.presentationId, created.id))).toEqual([]);
    });
  });
});

describe("the generation worker's limits", { timeout: 240_000 }, () => {
  it("material that needs more memory than the worker's cap fails as too large, and the server goes on", async () => {
    // Past the service's limit, so given to the provider directly: 8 million characters need more than 64 MB.
    process.env.GENERATION_WORKER_HEAP_MB = "64";
    try {
      const sources = [{ name: "notes.docx", kind: "main_document", text: extracted(8_000_000, 3), isMain: true }];
      const failure = await offlineGenerationProvider.generateOutline({ sources, useMainSourceOnly: true, template: "minimal" }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(AppError);
      expect(failure).toMatchObject({ status: 422, detail: PRESENTATION_MESSAGES.generationTooLarge });
    } finally {
      delete process.env.GENERATION_WORKER_HEAP_MB;
    }
    // The same process answers and generates the next one.
    const blog = await bigBlog("After the heap", 10_000);
    const next = await generate(blog.id, { use_main_source_only: true });
    expect(next.status).toBe(201);
    expect(await generationEnds((await json<PresentationOut>(next)).id)).toMatchObject({ status: "completed" });
  });

  it("a generation past its worker's deadline fails as taking too long", async () => {
    const blog = await bigBlog("Past the deadline", 1_000_000);
    process.env.GENERATION_WORKER_TIMEOUT_MS = "1000";
    try {
      const accepted = await generate(blog.id, { use_main_source_only: false, supporting_links: LINKS.slice(0, 3) });
      expect(accepted.status).toBe(201);
      const ended = await generationEnds((await json<PresentationOut>(accepted)).id);
      expect(ended).toMatchObject({ status: "failed", error: PRESENTATION_MESSAGES.generationTookTooLong });
    } finally {
      delete process.env.GENERATION_WORKER_TIMEOUT_MS;
    }
  });
});
