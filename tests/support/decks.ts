// Decks as the jobs leave them, made through the real route handlers.
import { expect } from "vitest";
import * as presentationRoute from "@/app/api/v1/presentations/[id]/route";
import * as presentationsRoute from "@/app/api/v1/presentations/route";
import type { PresentationOut } from "@/lib/services/presentations";
import type { Organisation } from "./accounts";
import { call, json } from "./api";
import { newBlog } from "./projects-blogs";
import { eventually } from "./wait";

/** Two slides with a narration of one or two sentences each. */
export const NARRATED_SLIDES = [
  { slide_title: "Compost basics", body: "Greens\nBrowns", slide_content: "Compost needs greens and browns in about equal parts." },
  { slide_title: "Turning", body: "Once a week", slide_content: "Turn the heap once a week so air reaches the middle." },
];

export async function readPresentation(token: string, id: string): Promise<PresentationOut> {
  const response = await call(presentationRoute.GET, "GET", { token, params: { id } });
  expect(response.status).toBe(200);
  return json<PresentationOut>(response);
}

/** A manual deck of the organisation, rendered and narrated (as the jobs leave it). */
export async function narratedDeck(org: Organisation, projectId: string, slides = NARRATED_SLIDES): Promise<PresentationOut> {
  const token = org.admin.access_token;
  const blog = await newBlog(token, projectId, { blog_title: "Composting", website_links: ["https://example.com/compost"] });
  const response = await call(presentationsRoute.POST, "POST", { token, body: { blog_id: blog.id, template: "manual", slides } });
  expect(response.status, await response.clone().text()).toBe(201);
  const created = await json<PresentationOut>(response);
  // Polled rather than jobsSettle (10 s): on a loaded machine rendering and narration take longer.
  let last: PresentationOut | undefined;
  try {
    return await eventually(async () => {
      last = await readPresentation(token, created.id);
      return last.webhook_status === "completed" && last.slides.every((slide) => slide.image_status === "ready") ? last : undefined;
    }, "the deck to be rendered and narrated", 60_000);
  } catch (error) {
    // Where it stopped, for the next person reading a failed run: narration, drawing, or neither.
    const state = last && { status: last.status, webhook_status: last.webhook_status, error: last.error, images: last.slides.map((slide) => slide.image_status), audio: last.slides.map((slide) => slide.audio_url !== null) };
    throw new Error(`${error instanceof Error ? error.message : String(error)}; last seen: ${JSON.stringify(state)}`);
  }
}
