// Issue 20 item 4: the download of a deck whose slides all show one photo-like picture (noise: PNG cannot compress
// it, so each rendered slide image is megabytes). The .pptx and the PDF are streamed as they are written: the
// picture is stored once in the file however many slides show it, the response announces the .pptx's length and
// its bytes arrive while it is written, and the server's memory does not grow with the number of slides.
import { createWriteStream } from "node:fs";
import { readFile } from "node:fs/promises";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import JSZip from "jszip";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as presentationRoute from "@/app/api/v1/presentations/[id]/route";
import * as downloadRoute from "@/app/api/v1/presentations/download/[id]/route";
import * as presentationsRoute from "@/app/api/v1/presentations/route";
import type { BlogCreated } from "@/lib/services/blogs";
import { NARRATION_JOB } from "@/lib/services/narration";
import { RENDER_JOB } from "@/lib/services/presentation-render";
import type { PresentationOut } from "@/lib/services/presentations";
import { photoPng } from "../fixtures/hostile";
import { makeTempDir } from "../fixtures/temp";
import { call, json } from "../support/api";
import type { Organisation } from "../support/accounts";
import { organisation } from "../support/admin";
import { newBlog, newProject, uploaded } from "../support/projects-blogs";
import { eventually, jobsSettle } from "../support/wait";

const SLIDES = 12;

let alpha: Organisation;
let blog: BlogCreated;
let temp: Awaited<ReturnType<typeof makeTempDir>>;


async function renderedDeck(token: string, pictureKeys: string[]): Promise<PresentationOut> {
  const created = await call(presentationsRoute.POST, "POST", {
    token,
    body: {
      blog_id: blog.id,
      template: "imported",
      generation_method: "import_ppt",
      slides: pictureKeys.map((key, index) => ({ slide_title: `Slide ${index + 1}`, body: "", slide_content: `Narration of slide ${index + 1}.`, image_path: key })),
    },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { id } = await json<PresentationOut>(created);
  // Rendered, and narrated: neither job may still run during a download whose memory is measured, or the figure is
  // theirs as much as the export's. A slide is 'ready' a moment before its render job has let go of its pictures, so
  // the jobs themselves are waited for too.
  const deck = await eventually(async () => {
    const deck = await json<PresentationOut>(await call(presentationRoute.GET, "GET", { token, params: { id } }));
    return deck.slides.every((slide) => slide.image_status === "ready") && deck.webhook_status !== "pending" ? deck : undefined;
  }, "the slides to be rendered and narrated", 170_000);
  await jobsSettle(RENDER_JOB);
  await jobsSettle(NARRATION_JOB);
  return deck;
}

// A full garbage collection before each measurement, so what is measured is what the export still holds. V8 frees
// the buffers a collection found dead on a background thread, and counts them as held until it has: on a busy
// machine one collection can leave megabytes counted. A last-resort collection runs several, each waiting for the
// last one's freeing, so the figure is what is really held.
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as (options: { type: "major"; execution: "sync"; flavor: "last-resort" }) => void;
const collect = () => gc({ type: "major", execution: "sync", flavor: "last-resort" });

/**
 * Reads a download to a file piece by piece (as a browser does), measuring every 16 pieces the memory this process
 * still holds (JavaScript heap and buffers, after a full collection) above what it held before; answers the file's
 * bytes and the largest such figure in MB.
 */
async function downloadToFile(request: () => Promise<Response>, name: string): Promise<{ response: Response; bytes: Buffer; peakMb: number }> {
  const held = () => {
    collect();
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.arrayBuffers;
  };
  const before = held();
  const response = await request();
  expect(response.status).toBe(200);
  let peak = 0;
  let pieces = 0;
  const file = createWriteStream(temp.file(name));
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (pieces++ % 16 === 0) peak = Math.max(peak, held() - before);
    if (!file.write(chunk)) await new Promise<void>((resolve) => file.once("drain", () => resolve()));
  }
  await new Promise<void>((resolve, reject) => file.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return { response, bytes: await readFile(temp.file(name)), peakMb: peak / 1024 / 1024 };
}

beforeAll(async () => {
  temp = await makeTempDir("hostile-export");
  alpha = await organisation("ExportAlpha");
  const project = await newProject(alpha.admin.access_token, "Exports");
  blog = await newBlog(alpha.admin.access_token, project.id, { blog_title: "Photo essay" });
});
afterAll(() => temp.remove());

describe("GET /presentations/download/{id} of a deck of photographs", { timeout: 300_000 }, () => {
  let deck: PresentationOut;

  it(`a .pptx of ${SLIDES} slides showing one 2 MB photo-like picture: stored once, streamed with its length announced`, async () => {
    const photo = await uploaded(alpha.admin.access_token, "images", photoPng(2_000_000), "photo.png", "image/png");
    deck = await renderedDeck(alpha.admin.access_token, Array.from({ length: SLIDES }, () => photo.s3_path));
    const { response, bytes, peakMb } = await downloadToFile(
      () => call(downloadRoute.GET, "GET", { token: alpha.admin.access_token, params: { id: deck.id } }),
      "deck.pptx",
    );
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; .*Photo essay \(version 1\)\.pptx/);
    expect(Number(response.headers.get("content-length"))).toBe(bytes.length);

    const zip = await JSZip.loadAsync(bytes);
    const slides = Object.keys(zip.files).filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name));
    expect(slides).toHaveLength(SLIDES);
    const media = Object.keys(zip.files).filter((name) => name.startsWith("ppt/media/") && !zip.files[name]!.dir);
    expect(media).toHaveLength(1);
    const rendered = (await zip.file(media[0]!)!.async("nodebuffer")).subarray(0, 8);
    expect(rendered.toString("latin1", 1, 4)).toBe("PNG");
    for (let number = 1; number <= SLIDES; number += 1) {
      const rels = await zip.file(`ppt/slides/_rels/slide${number}.xml.rels`)!.async("string");
      expect(rels).toContain(`Target="../${media[0]!.slice("ppt/".length)}"`);
      const notes = await zip.file(`ppt/notesSlides/notesSlide${number}.xml`)!.async("string");
      expect(notes).toContain(`Narration of slide ${number}.`);
    }
    // Roughly: the slides' images (let alone as base64) are never all held at once; a few pieces of one are.
    const imageMb = (await zip.file(media[0]!)!.async("nodebuffer")).length / 1024 / 1024;
    expect(peakMb).toBeLessThan((SLIDES * imageMb) / 3);
  });

  it("pictures that differ are each read when their turn comes, and the memory held stays below the deck's size", async () => {
    const photos: string[] = [];
    for (let seed = 1; seed <= 4; seed += 1) photos.push((await uploaded(alpha.admin.access_token, "images", photoPng(4_000_000, seed), `photo-${seed}.png`, "image/png")).s3_path);
    const distinct = await renderedDeck(alpha.admin.access_token, Array.from({ length: SLIDES }, (_, index) => photos[index % photos.length]!));
    const { response, bytes, peakMb } = await downloadToFile(
      () => call(downloadRoute.GET, "GET", { token: alpha.admin.access_token, params: { id: distinct.id } }),
      "distinct.pptx",
    );
    expect(Number(response.headers.get("content-length"))).toBe(bytes.length);
    const zip = await JSZip.loadAsync(bytes);
    const media = Object.keys(zip.files).filter((name) => name.startsWith("ppt/media/") && !zip.files[name]!.dir);
    expect(media).toHaveLength(photos.length);
    expect(peakMb).toBeLessThan(bytes.length / 1024 / 1024 / 2);

    const written = await downloadToFile(
      () => call(downloadRoute.GET, "GET", { token: alpha.admin.access_token, params: { id: distinct.id }, query: { format: "pdf" } }),
      "distinct.pdf",
    );
    expect(written.response.headers.get("content-type")).toBe("application/pdf");
    const document = await PDFDocument.load(new Uint8Array(written.bytes));
    expect(document.getPageCount()).toBe(SLIDES);
    // Each picture once, however many pages show it.
    expect(written.bytes.toString("latin1").match(/\/Subtype \/Image/g)?.length ?? 0).toBeLessThanOrEqual(photos.length * 2);
  });
});
