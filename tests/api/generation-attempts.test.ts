// Poison jobs end (issue 20): a generation or narration counts its attempts when a run claims it, before any work, so
// a run whose process dies counts too; after the last attempt it is failed with the reason, shown to the user, and
// never re-queued again (not by pg-boss's own retries, the claim refuses; not by the sweeps). The sweeps take work as
// left behind after STALE_JOB_SECONDS (3 here, as the fault tests run servers), and a job that is run again after
// its deck completed changes nothing.
// First: the configuration is read as the modules below load.
import "../support/stale-jobs";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as blogRoute from "@/app/api/v1/blogs/[id]/route";
import * as presentationRoute from "@/app/api/v1/presentations/[id]/route";
import * as retryRoute from "@/app/api/v1/presentations/[id]/retry-webhook/route";
import * as taskStatusRoute from "@/app/api/v1/presentations/[id]/task-status/route";
import * as presentationsRoute from "@/app/api/v1/presentations/route";
import { getDb } from "@/db/client";
import { blogSources, files, presentations, slides } from "@/db/schema";
import { env } from "@/lib/env";
import { storage } from "@/lib/storage";
import { jobQueue, stopJobQueue } from "@/lib/jobs/queue";
import type { BlogOut } from "@/lib/services/blogs";
import { completeNarrationIfSpoken, MAX_NARRATION_ATTEMPTS, NARRATION_JOB, narratePresentation, speakWhileDrawing, sweepNarrations } from "@/lib/services/narration";
import { GENERATION_JOB, MAX_GENERATION_ATTEMPTS, resumeUnfinishedGenerations, runGeneration } from "@/lib/services/presentation-generation";
import type { PresentationOut, TaskStatusOut } from "@/lib/services/presentations";
import type { ProjectOut } from "@/lib/services/projects";
import { loadArticle } from "../fixtures/articles";
import { call, json } from "../support/api";
import type { Organisation } from "../support/accounts";
import { organisation } from "../support/admin";
import { newBlog, newProject } from "../support/projects-blogs";
import { eventually } from "../support/wait";

let alpha: Organisation;
let project: ProjectOut;
let token: string;

const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000);

/** A blog whose main document's text is an ordinary article, as extraction leaves it. */
async function articleBlog(title: string) {
  const blog = await newBlog(token, project.id, { blog_title: title });
  const db = await getDb();
  await db
    .update(blogSources)
    .set({ extractedText: loadArticle("home-composting-guide").text, extractionStatus: "ready", extractionError: null, extractedAt: new Date() })
    .where(and(eq(blogSources.blogId, blog.id), eq(blogSources.kind, "main_document")));
  return blog;
}

async function status(id: string): Promise<TaskStatusOut> {
  const response = await call(taskStatusRoute.GET, "GET", { token, params: { id } });
  expect(response.status).toBe(200);
  return json<TaskStatusOut>(response);
}

async function read(id: string): Promise<PresentationOut> {
  const response = await call(presentationRoute.GET, "GET", { token, params: { id } });
  expect(response.status).toBe(200);
  return json<PresentationOut>(response);
}

async function blogView(id: string): Promise<BlogOut> {
  const response = await call(blogRoute.GET, "GET", { token, params: { id } });
  expect(response.status).toBe(200);
  return json<BlogOut>(response);
}

async function row(id: string) {
  const db = await getDb();
  const [found] = await db.select().from(presentations).where(eq(presentations.id, id));
  return found!;
}

async function slideRows(id: string) {
  const db = await getDb();
  return db.select().from(slides).where(eq(slides.presentationId, id)).orderBy(slides.slideNumber);
}

async function setRow(id: string, values: Partial<typeof presentations.$inferInsert>): Promise<void> {
  const db = await getDb();
  await db.update(presentations).set(values).where(eq(presentations.id, id));
}

/** Runs `work` while this process's queue takes no jobs of `queue` (a "process" that took them has died), then restarts the queue. */
async function withoutWorker<T>(queue: string, work: () => Promise<T>): Promise<T> {
  const boss = await jobQueue();
  await boss.offWork(queue);
  try {
    return await work();
  } finally {
    // The restart: the queue stops and starts again, with its start-up sweeps.
    await stopJobQueue();
    await jobQueue();
  }
}

async function aiPresentation(blogId: string): Promise<PresentationOut> {
  const response = await call(presentationsRoute.POST, "POST", { token, body: { blog_id: blogId, template: "minimal" } });
  expect(response.status, await response.clone().text()).toBe(201);
  return json<PresentationOut>(response);
}

function generationEnds(id: string): Promise<TaskStatusOut> {
  return eventually(
    async () => {
      const now = await status(id);
      return now.status === "completed" || now.status === "failed" ? now : undefined;
    },
    `the generation of ${id} to end`,
    90_000,
  );
}

beforeAll(async () => {
  expect(env().STALE_JOB_SECONDS).toBe(3);
  alpha = await organisation("attempts-alpha");
  token = alpha.admin.access_token;
  project = await newProject(token, "Attempts");
}, 60_000);

describe("generation attempts", { timeout: 180_000 }, () => {
  it("a generation left by a stopped process is taken up once STALE_JOB_SECONDS have passed, and completes once", async () => {
    const blog = await articleBlog("Left behind");
    const created = await withoutWorker(GENERATION_JOB, async () => {
      const made = await aiPresentation(blog.id);
      const [taken] = await (await jobQueue()).fetch<{ presentationId: string }>(GENERATION_JOB);
      expect(taken?.data.presentationId).toBe(made.id);
      // What the dying process had written: its run claimed and generating, 5 seconds ago (its job stays active).
      await setRow(made.id, { status: "processing", progress: 60, progressStep: "generating", generationAttempt: 1, updatedAt: secondsAgo(5) });
      return made;
    });
    const ended = await generationEnds(created.id);
    expect(ended).toMatchObject({ status: "completed", progress: 100 });
    const deck = await row(created.id);
    expect(deck.generationAttempt).toBe(2);
    const written = await slideRows(created.id);
    expect(written.map((slide) => slide.slideNumber)).toEqual(written.map((_, index) => index + 1));

    // The dead process's job, retried by pg-boss once it expires, finds the deck completed and changes nothing.
    expect(await runGeneration(created.id, { finalTry: false })).toBe("nothing-to-do");
    expect((await slideRows(created.id)).map((slide) => slide.id)).toEqual(written.map((slide) => slide.id));
    expect(await row(created.id)).toMatchObject({ status: "completed", generationAttempt: 2 });
  });

  it("after its last attempt a generation is failed with the reason by the sweep, shown to the user, and never re-queued", async () => {
    const blog = await articleBlog("Kills its process");
    const created = await withoutWorker(GENERATION_JOB, async () => {
      const made = await aiPresentation(blog.id);
      // Three runs each claimed it and each stopped their process while generating.
      await setRow(made.id, { status: "processing", progress: 60, progressStep: "generating", generationAttempt: MAX_GENERATION_ATTEMPTS, updatedAt: secondsAgo(10) });
      expect(await resumeUnfinishedGenerations()).not.toContain(made.id);
      return made;
    });
    const failed = await status(created.id);
    expect(failed.status).toBe("failed");
    expect(failed.error).toMatch(/^Stopped after 3 attempts: the presentation could not be generated; its last attempt never finished \(its process stopped while generating\)\./);
    expect(failed.message).toBe(failed.error);
    // The blog page shows the reason with the failed version, and no 'Audio Processing...' for it.
    const shown = (await blogView(blog.id)).presentations.find((presentation) => presentation.id === created.id);
    expect(shown).toMatchObject({ status: "failed", webhook_status: "failed", error: failed.error });
    // Nothing takes it up again: no sweep, no run.
    await setRow(created.id, { updatedAt: secondsAgo(60) });
    expect(await resumeUnfinishedGenerations()).not.toContain(created.id);
    expect(await runGeneration(created.id)).toBe("nothing-to-do");
    expect(await row(created.id)).toMatchObject({ status: "failed", generationAttempt: MAX_GENERATION_ATTEMPTS });
    expect(await slideRows(created.id)).toEqual([]);
  });

  it("a retry of the job after the last attempt (pg-boss's own) is refused by the claim, which fails the deck instead", async () => {
    const blog = await articleBlog("Retried too often");
    const created = await withoutWorker(GENERATION_JOB, async () => {
      const made = await aiPresentation(blog.id);
      await setRow(made.id, { status: "processing", progress: 20, progressStep: "analyzing", generationAttempt: MAX_GENERATION_ATTEMPTS, updatedAt: new Date() });
      expect(await runGeneration(made.id, { finalTry: false })).toBe("nothing-to-do");
      return made;
    });
    const deck = await read(created.id);
    expect(deck).toMatchObject({ status: "failed", slides: [] });
    expect(deck.error).toMatch(/^Stopped after 3 attempts: .*while analyzing/);
    expect((await row(created.id)).generationAttempt).toBe(MAX_GENERATION_ATTEMPTS);
  });

  it("the last attempt still works: a run that claims attempt 3 generates the deck", async () => {
    const blog = await articleBlog("Third time");
    const created = await withoutWorker(GENERATION_JOB, async () => {
      const made = await aiPresentation(blog.id);
      await setRow(made.id, { status: "processing", progressStep: "generating", generationAttempt: MAX_GENERATION_ATTEMPTS - 1, updatedAt: secondsAgo(10) });
      expect(await runGeneration(made.id, { finalTry: false })).toBe("completed");
      return made;
    });
    expect(await row(created.id)).toMatchObject({ status: "completed", generationAttempt: MAX_GENERATION_ATTEMPTS });
  });
});

describe("narration while the slides are drawn", { timeout: 180_000 }, () => {
  it("an AI deck's slides are spoken as they are drawn; the narration job makes the rest; every slide ends with one audio file", async () => {
    const blog = await articleBlog("Spoken while drawn");
    const id = await withoutWorker(NARRATION_JOB, async () => {
      const made = await aiPresentation(blog.id);
      expect(await generationEnds(made.id)).toMatchObject({ status: "completed" });
      // No narration job has run: what has audio was spoken by the generation while its pictures were drawn.
      const written = await slideRows(made.id);
      const spoken = written.filter((slide) => slide.audioFileId !== null);
      expect(spoken.length).toBeGreaterThan(0);
      const deck = await row(made.id);
      expect(deck.webhookStatus).toBe(spoken.length === written.length ? "completed" : "pending");
      return made.id;
    });
    const done = await eventually(async () => ((await row(id)).webhookStatus === "completed" ? read(id) : undefined), "the narration to complete", 90_000);
    expect(done.slides.every((slide) => slide.audio_url !== null && (slide.audio_duration_ms ?? 0) > 0)).toBe(true);
    // One audio file per slide, none left over from a slide spoken twice.
    const db = await getDb();
    const audio = await db.select({ id: files.id }).from(files).where(and(eq(files.tenantId, alpha.tenantId), eq(files.kind, "audio")));
    const referenced = (await slideRows(id)).map((slide) => slide.audioFileId);
    expect(new Set(referenced).size).toBe(referenced.length);
    for (const fileId of referenced) expect(audio.map((file) => file.id)).toContain(fileId);
  });

  it("a generation run again over slides an earlier attempt drew and spoke removes their audio with them", async () => {
    const blog = await articleBlog("Spoken, then run again");
    const made = await aiPresentation(blog.id);
    expect(await generationEnds(made.id)).toMatchObject({ status: "completed" });
    await eventually(async () => ((await row(made.id)).webhookStatus === "completed" ? true : undefined), "the narration to complete", 90_000);
    const db = await getDb();
    const spoken = (await slideRows(made.id)).map((slide) => slide.audioFileId).filter((id): id is string => id !== null);
    expect(spoken.length).toBeGreaterThan(0);
    const keys = (await db.select({ key: files.storageKey }).from(files).where(inArray(files.id, spoken))).map((file) => file.key);
    expect(keys).toHaveLength(spoken.length);

    // As after a run whose process stopped once its slides were written, drawn and spoken: the next run writes anew.
    await withoutWorker(GENERATION_JOB, async () => {
      await setRow(made.id, { status: "processing", progressStep: "finalizing", generationAttempt: 1, updatedAt: secondsAgo(10) });
      expect(await runGeneration(made.id, { finalTry: false })).toBe("completed");
    });
    expect(await db.select({ id: files.id }).from(files).where(inArray(files.id, spoken))).toEqual([]);
    for (const key of keys) expect(await storage().head(key), key).toBeNull();
  });

  it("speaks only while the drawing goes on, and completes the deck's audio when every slide has it", async () => {
    const SLIDES = [
      { slide_title: "Browns", body: "Dry leaves\nCardboard", slide_content: "Browns are dry things such as leaves and cardboard." },
      { slide_title: "Greens", body: "Peelings\nGrass", slide_content: "Greens are fresh things such as peelings and grass." },
    ];
    const id = await withoutWorker(NARRATION_JOB, async () => {
      const blog = await newBlog(token, project.id, { blog_title: "Drawn and spoken" });
      const response = await call(presentationsRoute.POST, "POST", { token, body: { blog_id: blog.id, template: "manual", slides: SLIDES } });
      expect(response.status).toBe(201);
      const { id } = await json<PresentationOut>(response);
      const deck = { id, tenantId: alpha.tenantId };
      expect(await speakWhileDrawing(deck, eq(presentations.id, id), () => false)).toBe(0);
      expect((await slideRows(id)).every((slide) => slide.audioFileId === null)).toBe(true);
      const db = await getDb();
      expect(await completeNarrationIfSpoken(db, id)).toBe(false);

      expect(await speakWhileDrawing(deck, eq(presentations.id, id), () => true)).toBe(SLIDES.length);
      expect(await completeNarrationIfSpoken(db, id)).toBe(true);
      return id;
    });
    const deck = await read(id);
    expect(deck.webhook_status).toBe("completed");
    expect(deck.slides.map((slide) => slide.audio_sentences?.map((sentence) => sentence.text).join(" "))).toEqual(SLIDES.map((slide) => slide.slide_content));
  });
});

describe("narration attempts", { timeout: 180_000 }, () => {
  const SLIDES = [
    { slide_title: "Why compost", body: "Less waste\nBetter soil", slide_content: "Composting turns kitchen scraps into soil. It keeps waste out of landfill." },
    { slide_title: "Getting started", body: "A bin\nBrowns and greens", slide_content: "Start with a bin, then add browns and greens in turns." },
  ];

  async function manualDeck(title: string): Promise<PresentationOut> {
    const blog = await newBlog(token, project.id, { blog_title: title });
    const response = await call(presentationsRoute.POST, "POST", { token, body: { blog_id: blog.id, template: "manual", slides: SLIDES } });
    expect(response.status).toBe(201);
    return json<PresentationOut>(response);
  }

  function audioEnds(id: string): Promise<PresentationOut> {
    return eventually(
      async () => {
        const deck = await read(id);
        return deck.webhook_status === "pending" ? undefined : deck;
      },
      `the narration of ${id} to end`,
      90_000,
    );
  }

  it("a narration left by a stopped process is re-queued after STALE_JOB_SECONDS; after its last attempt it times out with the reason instead", async () => {
    const { id, attempt } = await withoutWorker(NARRATION_JOB, async () => {
      const deck = await manualDeck("Narration left behind");
      const first = await row(deck.id);
      // One run claimed it and its process stopped, 5 seconds ago: the sweep takes it up (its process is gone).
      // The queue runs a sweep of its own a little after each start (the previous test restarted it): either sweep
      // may be the one that takes the deck up, so the row says what happened, not this sweep's list.
      await setRow(deck.id, { narrationAttempt: first.narrationAttempt + 1, updatedAt: secondsAgo(5) });
      const requeued = await sweepNarrations();
      expect(requeued.timedOut).not.toContain(deck.id);
      expect((await row(deck.id)).updatedAt.getTime()).toBeGreaterThan(secondsAgo(3).getTime());
      expect((await row(deck.id)).webhookStatus).toBe("pending");
      // Used up: every run of this request for audio claimed it and stopped its process.
      await setRow(deck.id, { narrationAttempt: first.narrationAttempt + MAX_NARRATION_ATTEMPTS, updatedAt: secondsAgo(5) });
      const swept = await sweepNarrations();
      expect(swept.requeued).not.toContain(deck.id);
      expect((await row(deck.id)).webhookStatus).toBe("timeout");
      return { id: deck.id, attempt: first.narrationAttempt + MAX_NARRATION_ATTEMPTS };
    });
    const timedOut = await read(id);
    expect(timedOut.webhook_status).toBe("timeout");
    expect(timedOut.error).toBe("Stopped after 3 attempts: the audio could not be made; its last attempt never finished. Please retry.");
    expect((await blogView(timedOut.blog_id)).presentations.find((presentation) => presentation.id === id)).toMatchObject({ error: timedOut.error });
    // Nothing takes it up again, and a run of a late job is refused.
    await setRow(id, { updatedAt: secondsAgo(60) });
    expect((await sweepNarrations()).requeued).not.toContain(id);
    expect(await narratePresentation(id, { finalTry: false })).toBe("nothing-to-do");
    expect((await row(id)).narrationAttempt).toBe(attempt);

    // Asking again (retry) starts a new count: the narration completes, each slide with its audio once.
    const retried = await call(retryRoute.POST, "POST", { token, params: { id } });
    expect(retried.status).toBe(202);
    const done = await audioEnds(id);
    expect(done).toMatchObject({ webhook_status: "completed", error: null });
    expect(done.slides.every((slide) => slide.audio_url !== null)).toBe(true);
  });

  it("a late run of a narration claimed past its last attempt is refused by the claim, which times it out", async () => {
    const id = await withoutWorker(NARRATION_JOB, async () => {
      const deck = await manualDeck("Narration retried too often");
      const first = await row(deck.id);
      await setRow(deck.id, { narrationAttempt: first.narrationAttempt + MAX_NARRATION_ATTEMPTS, updatedAt: new Date() });
      expect(await narratePresentation(deck.id, { finalTry: false })).toBe("nothing-to-do");
      return deck.id;
    });
    const deck = await read(id);
    expect(deck.webhook_status).toBe("timeout");
    expect(deck.error).toMatch(/^Stopped after 3 attempts: /);
    expect(deck.slides.every((slide) => slide.audio_url === null)).toBe(true);
  });
});
