// Slides whose render job was lost (a restart between the commit and the job's send) are drawn after the sweep
// sends the job again; slides waiting only a moment (their job is in hand) or given up after a day are left alone.
// Each slide's attempts are counted when a job takes it: a slide whose attempts ran out (its process died drawing
// it each time) is given up, shown as 'failed', and never sent again until it is edited. Slides are drawn in a
// capped worker thread.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as presentationRoute from "@/app/api/v1/presentations/[id]/route";
import * as presentationsRoute from "@/app/api/v1/presentations/route";
import * as slideImageRoute from "@/app/api/v1/presentations/upload-slide-image/route";
import { getDb } from "@/db/client";
import { slides } from "@/db/schema";
import { RENDER_ATTEMPTS, renderPendingSlides, renderStaleMs, resumePendingRenders } from "@/lib/services/presentation-render";
import { jobQueue, stopJobQueue } from "@/lib/jobs/queue";
import { storage } from "@/lib/storage";
import { useTypeScriptWorkers } from "@/lib/workers/capped";
import type { PresentationOut } from "@/lib/services/presentations";
import { photoPng } from "../fixtures/hostile";
import { call, json } from "../support/api";
import type { Organisation } from "../support/accounts";
import { organisation } from "../support/admin";
import { newBlog, newProject } from "../support/projects-blogs";
import { eventually } from "../support/wait";

let alpha: Organisation;
let blogId: string;

// The slides are drawn in their worker thread, as in production (started from the TypeScript source).
beforeAll(() => useTypeScriptWorkers(true));
afterAll(() => useTypeScriptWorkers(false));

beforeAll(async () => {
  alpha = await organisation("RenderSweep");
  blogId = (await newBlog(alpha.admin.access_token, (await newProject(alpha.admin.access_token, "Sweeps")).id)).id;
});

async function read(id: string): Promise<PresentationOut> {
  const response = await call(presentationRoute.GET, "GET", { token: alpha.admin.access_token, params: { id } });
  expect(response.status).toBe(200);
  return json<PresentationOut>(response);
}

const drawn = (id: string) =>
  eventually(async () => {
    const deck = await read(id);
    return deck.slides.every((slide) => slide.image_status === "ready") ? deck : undefined;
  }, `the slides of ${id} to be drawn`, 90_000);

describe("resumePendingRenders", { timeout: 180_000 }, () => {
  it("sends the render job again for slides left undrawn, and only for those", async () => {
    const created = await call(presentationsRoute.POST, "POST", {
      token: alpha.admin.access_token,
      body: { blog_id: blogId, template: "manual", slides: [{ slide_title: "One" }, { slide_title: "Two" }] },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const deck = await drawn((await json<PresentationOut>(created)).id);

    // As after a lost job: the second slide's images are out of date and nobody is drawing them.
    const db = await getDb();
    const lost = deck.slides[1]!;
    const now = new Date();
    await db.update(slides).set({ renderKey: null, updatedAt: new Date(now.getTime() - 60_000) }).where(eq(slides.id, lost.id));
    expect(await resumePendingRenders(now)).toEqual([]);
    expect((await read(deck.id)).slides[1]!.image_status).toBe("pending");

    await db.update(slides).set({ updatedAt: new Date(now.getTime() - renderStaleMs() - 60_000) }).where(eq(slides.id, lost.id));
    expect(await resumePendingRenders(now)).toEqual([deck.id]);
    const redrawn = await drawn(deck.id);
    expect(redrawn.slides[1]!.web_image_path).not.toBe(lost.web_image_path);

    // A slide that could not be drawn for a day is not retried for ever.
    await db.update(slides).set({ renderKey: null, updatedAt: new Date(now.getTime() - 25 * 60 * 60_000) }).where(eq(slides.id, lost.id));
    expect(await resumePendingRenders(now)).toEqual([]);
  });

  it("uses STALE_JOB_SECONDS for how long a slide may wait before its job counts as lost", () => {
    expect(renderStaleMs()).toBe(Number(process.env.STALE_JOB_SECONDS ?? 300) * 1000);
  });

  it(`counts each slide's attempts when a job takes it; after ${RENDER_ATTEMPTS} the slide is given up, shown as failed and not sent again`, async () => {
    const created = await call(presentationsRoute.POST, "POST", {
      token: alpha.admin.access_token,
      body: { blog_id: blogId, template: "manual", slides: [{ slide_title: "Kept" }, { slide_title: "Poison" }, { slide_title: "Retried" }] },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const deck = await drawn((await json<PresentationOut>(created)).id);
    const db = await getDb();
    const attemptsOf = async (id: string) => (await db.select({ attempts: slides.renderAttempts }).from(slides).where(eq(slides.id, id)))[0]!.attempts;
    expect(await attemptsOf(deck.slides[0]!.id)).toBe(0);

    // As after processes that died drawing them: the second slide used every attempt, the third one fewer.
    const now = new Date();
    const stale = new Date(now.getTime() - renderStaleMs() - 60_000);
    await db.update(slides).set({ renderKey: null, renderAttempts: RENDER_ATTEMPTS, updatedAt: stale }).where(eq(slides.id, deck.slides[1]!.id));
    await db.update(slides).set({ renderKey: null, renderAttempts: RENDER_ATTEMPTS - 1, updatedAt: stale }).where(eq(slides.id, deck.slides[2]!.id));
    expect(await resumePendingRenders(now)).toEqual([deck.id]);
    const settled = await eventually(async () => {
      const current = await read(deck.id);
      return current.slides.every((slide) => slide.image_status !== "pending") ? current : undefined;
    }, "the render job to settle the slides", 90_000);
    expect(settled.slides.map((slide) => slide.image_status)).toEqual(["ready", "failed", "ready"]);
    // The given-up slide keeps no rendered image of another version of it: the player shows its text.
    expect(settled.slides[1]!).toMatchObject({ web_image_path: null, mobile_image_path: null, thumbnail_path: null });
    expect(await attemptsOf(deck.slides[2]!.id)).toBe(0);
    // Never sent again, however long it waits.
    expect(await resumePendingRenders(new Date(now.getTime() + 2 * renderStaleMs()))).toEqual([]);
    expect(await renderPendingSlides(deck.id)).toBe(0);
    expect((await read(deck.id)).slides[1]!.image_status).toBe("failed");

    // Edited, it is a new version of the slide, with its attempts from nothing: drawn again.
    const edited = await call(presentationRoute.PUT, "PUT", {
      token: alpha.admin.access_token,
      params: { id: deck.id },
      body: {
        version: settled.version,
        slides: settled.slides.map((slide) => ({ id: slide.id, slide_title: slide.slide_number === 2 ? "Poison, fixed" : slide.slide_title, body: slide.body, slide_content: slide.slide_content })),
      },
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    const redrawn = await drawn(deck.id);
    expect(redrawn.slides[1]!.web_image_path).not.toBeNull();
  });

  it("a process that starts while a slide waits undrawn (its last process died drawing it) starts, and draws the slide", async () => {
    const created = await call(presentationsRoute.POST, "POST", {
      token: alpha.admin.access_token,
      body: { blog_id: blogId, template: "manual", slides: [{ slide_title: "Left behind" }] },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const deck = await drawn((await json<PresentationOut>(created)).id);
    const db = await getDb();
    await db
      .update(slides)
      .set({ renderKey: null, renderAttempts: 1, updatedAt: new Date(Date.now() - renderStaleMs() - 60_000) })
      .where(eq(slides.id, deck.slides[0]!.id));
    await stopJobQueue();
    // The start's sweep sends the slide's job through the queue being started (waiting for that start would never end).
    const start = await Promise.race([
      jobQueue().then(() => "started"),
      new Promise((resolve) => setTimeout(() => resolve("still starting after 60 s"), 60_000).unref()),
    ]);
    expect(start).toBe("started");
    expect((await drawn(deck.id)).slides[0]!.image_status).toBe("ready");
  });
  it("draws a slide whose row another transaction holds (the narration writing its audio) once it is let go, in the same job", async () => {
    const created = await call(presentationsRoute.POST, "POST", {
      token: alpha.admin.access_token,
      body: { blog_id: blogId, template: "manual", slides: [{ slide_title: "Held" }, { slide_title: "Free" }] },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const deck = await drawn((await json<PresentationOut>(created)).id);
    const db = await getDb();
    // Both out of date, and no job sent: this test runs the job itself.
    await db.update(slides).set({ renderKey: null }).where(eq(slides.presentationId, deck.id));

    // The first slide's row is held, as narrateSlide holds it while it writes the slide's audio, until the job has
    // ended or two seconds have passed: a job that skipped the held slide ends with it undrawn.
    let letGo = () => {};
    const released = new Promise<void>((resolve) => (letGo = resolve));
    let holding = () => {};
    const held = new Promise<void>((resolve) => (holding = resolve));
    const holder = db.transaction(async (tx) => {
      await tx.select({ id: slides.id }).from(slides).where(eq(slides.id, deck.slides[0]!.id)).for("update");
      holding();
      await released;
    });
    await held;
    const job = renderPendingSlides(deck.id);
    const timer = setTimeout(letGo, 2_000);
    const rendered = await job.finally(() => {
      clearTimeout(timer);
      letGo();
    });
    await holder;
    expect(rendered).toBe(2);
    expect((await read(deck.id)).slides.map((slide) => slide.image_status)).toEqual(["ready", "ready"]);
  });

  it("reads and sends a picture shown on every slide once for the job, and draws every slide with it", async () => {
    const form = new FormData();
    form.set("file", new Blob([Buffer.from(photoPng(300_000))]), "harbour.png");
    const uploaded = await slideImageRoute.POST(
      new Request("http://app.test/api/v1/presentations/upload-slide-image", { method: "POST", headers: { authorization: `Bearer ${alpha.admin.access_token}` }, body: form }),
      { params: Promise.resolve({}) },
    );
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const pictureKey = (await json<{ image_path: string }>(uploaded)).image_path;
    const created = await call(presentationsRoute.POST, "POST", {
      token: alpha.admin.access_token,
      body: { blog_id: blogId, template: "manual", slides: [1, 2, 3, 4].map((n) => ({ slide_title: `Harbour ${n}`, body: "At dawn", image_path: pictureKey })) },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const deck = await drawn((await json<PresentationOut>(created)).id);
    const before = deck.slides.map((slide) => slide.web_image_path);
    const db = await getDb();
    await db.update(slides).set({ renderKey: null }).where(eq(slides.presentationId, deck.id));

    const reads = vi.spyOn(storage(), "get");
    try {
      expect(await renderPendingSlides(deck.id)).toBe(4);
      expect(reads.mock.calls.filter(([key]) => key === pictureKey)).toHaveLength(1);
    } finally {
      reads.mockRestore();
    }
    const after = await read(deck.id);
    expect(after.slides.map((slide) => slide.image_status)).toEqual(["ready", "ready", "ready", "ready"]);
    // Drawn again (new images), each with its own title over the picture: four different web images.
    expect(after.slides.map((slide) => slide.web_image_path).filter((path) => before.includes(path))).toEqual([]);
    const webImages = await Promise.all(after.slides.map(async (slide) => (await storage().get(slide.web_image_path!))!.size));
    expect(webImages.every((size) => size > 50_000), `web images of a photo: ${webImages.join(", ")} bytes`).toBe(true);
  });
});
