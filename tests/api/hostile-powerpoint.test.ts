// Hostile PowerPoint files through the real routes (issue 20, items 1 and 7): a tenant user uploads a .pptx whose
// one slide holds megabytes of ordinary text (it compresses about 10:1, so the archive guard lets it through), or
// whose slide declares a DOCTYPE with entities, or nests 30,000 group shapes, then asks POST /presentations/parse-ppt
// for its slides. Each gets a clear 4xx of its own with the spec's or the limit's message, read in a capped worker
// thread (the TypeScript entry, as the production build bundles it), and the next ordinary file reads as before.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as uploadRoute from "@/app/api/v1/files/upload/route";
import * as parsePptRoute from "@/app/api/v1/presentations/parse-ppt/route";
import type { UploadResult } from "@/lib/services/files";
import type { ParsePptOut } from "@/lib/services/presentation-import";
import { useTypeScriptWorkers } from "@/lib/workers/capped";
import { bigTextPptx, doctypeEntityPptx, nestedGroupsPptx } from "../fixtures/hostile";
import { buildPptxFixture, SAMPLE_DECK } from "../fixtures/pptx";
import { call, json } from "../support/api";
import type { Organisation } from "../support/accounts";
import { organisation } from "../support/admin";

let alpha: Organisation;

async function upload(bytes: Uint8Array, name: string): Promise<UploadResult> {
  const form = new FormData();
  form.set("folder", "pptx");
  form.set("file", new Blob([Buffer.from(bytes)]), name);
  const request = new Request("http://app.test/api/v1/files/upload", {
    method: "POST",
    headers: { authorization: `Bearer ${alpha.admin.access_token}`, "x-client-ip": "198.51.100.7" },
    body: form,
  });
  const response = await uploadRoute.POST(request, { params: Promise.resolve({}) });
  expect(response.status, await response.clone().text()).toBe(201);
  return json<UploadResult>(response);
}

const parse = (filePath: string) => call(parsePptRoute.POST, "POST", { token: alpha.admin.access_token, body: { file_path: filePath } });

beforeAll(async () => {
  useTypeScriptWorkers(true);
  alpha = await organisation("HostileDecks");
});
afterAll(() => useTypeScriptWorkers(false));

const TEXT_LIMIT = "Slide 1 of the PowerPoint file has more than 100,000 characters of text";
const PART_LIMIT = "Slide 1 of the PowerPoint file is too large to import (more than 16MB unpacked)";
const NO_SLIDES = "No slides found in PowerPoint file or invalid response format";

describe("POST /presentations/parse-ppt with hostile files", { timeout: 180_000 }, () => {
  it.each([
    ["a slide of 6 MB of ordinary text (a 0.6 MB file)", () => bigTextPptx(6_000_000), 413, TEXT_LIMIT],
    ["a slide of 12 MB of ordinary text", () => bigTextPptx(12_000_000), 413, TEXT_LIMIT],
    ["a slide of 20 MB of ordinary text (a 1.8 MB file)", () => bigTextPptx(20_000_000), 413, PART_LIMIT],
    ["a slide of 40 MB of ordinary text", () => bigTextPptx(40_000_000), 413, PART_LIMIT],
    ["a slide with a DOCTYPE declaring entities", () => doctypeEntityPptx(), 422, NO_SLIDES],
    ["a slide of 30,000 nested group shapes", () => nestedGroupsPptx(30_000), 422, NO_SLIDES],
  ])("answers %s with its own clear 4xx", async (name, build, status, detail) => {
    const file = await upload(await build(), "hostile.pptx");
    const response = await parse(file.s3_path);
    expect(response.status, name).toBe(status);
    expect(await json(response)).toEqual({ detail });
  });

  it("reads an ordinary deck after them as before", async () => {
    const file = await upload(await buildPptxFixture(), "Quarterly.pptx");
    const response = await parse(file.s3_path);
    expect(response.status, await response.clone().text()).toBe(200);
    const parsed = await json<ParsePptOut>(response);
    expect(parsed.slides.map((slide) => slide.title)).toEqual(SAMPLE_DECK.map((slide) => slide.title));
  });
});
