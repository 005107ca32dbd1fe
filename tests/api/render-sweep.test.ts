// Slides whose render job was lost (a restart between the commit and the job's send) are drawn after the sweep
// sends the job again; slides waiting only a moment (their job is in hand) or given up after a day are left alone.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as presentationRoute from "@/app/api/v1/presentations/[id]/route";
import * as presentationsRoute from "@/app/api/v1/presentations/route";
import { getDb } from "@/db/client";
import { slides } from "@/db/schema";
import { RENDER_STALE_MS, resumePendingRenders } from "@/lib/services/presentation-render";
import type { PresentationOut } from "@/lib/services/presentations";
import { call, json } from "../support/api";
import type { Organisation } from "../support/accounts";
import { organisation } from "../support/admin";
import { newBlog, newProject } from "../support/projects-blogs";
import { eventually } from "../support/wait";

let alpha: Organisation;
let blogId: string;

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
  }, `the slides of ${id} to be drawn`, 30_000);

describe("resumePendingRenders", { timeout: 90_000 }, () => {
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

    await db.update(slides).set({ updatedAt: new Date(now.getTime() - RENDER_STALE_MS - 60_000) }).where(eq(slides.id, lost.id));
    expect(await resumePendingRenders(now)).toEqual([deck.id]);
    const redrawn = await drawn(deck.id);
    expect(redrawn.slides[1]!.web_image_path).not.toBe(lost.web_image_path);

    // A slide that could not be drawn for a day is not retried for ever.
    await db.update(slides).set({ renderKey: null, updatedAt: new Date(now.getTime() - 25 * 60 * 60_000) }).where(eq(slides.id, lost.id));
    expect(await resumePendingRenders(now)).toEqual([]);
  });
});
