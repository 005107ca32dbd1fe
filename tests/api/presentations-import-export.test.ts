// PowerPoint import and export through the real route handlers (issue 11): a .pptx made with pptxgenjs uploaded to
// folder 'pptx' and parsed back (titles, text, speaker notes; real slide renderings when LibreOffice is installed),
// an imported deck made from it, the spec's messages for files that are not PowerPoint or too large, and the
// download of a deck as .pptx (opened again with a PPTX parser: slide count, notes) and as PDF.
import { writeFile } from "node:fs/promises";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import * as uploadRoute from "@/app/api/v1/files/upload/route";
import * as presentationRoute from "@/app/api/v1/presentations/[id]/route";
import * as downloadRoute from "@/app/api/v1/presentations/download/[id]/route";
import * as parsePptRoute from "@/app/api/v1/presentations/parse-ppt/route";
import * as presentationsRoute from "@/app/api/v1/presentations/route";
import { jobQueue, stopJobQueue } from "@/lib/jobs/queue";
import { libreOfficeAvailable, popplerAvailable } from "@/lib/pptx/office";
import { parsePptx } from "@/lib/pptx/parse";
import type { BlogCreated } from "@/lib/services/blogs";
import type { UploadResult } from "@/lib/services/files";
import { GENERATION_JOB } from "@/lib/services/presentation-generation";
import type { ParsePptOut } from "@/lib/services/presentation-import";
import { RENDER_JOB } from "@/lib/services/presentation-render";
import type { PresentationOut } from "@/lib/services/presentations";
import { legacyOfficeFile } from "../fixtures/legacy-office";
import { buildPdf } from "../fixtures/pdf";
import { buildPptxFixture, editPptx, SAMPLE_DECK } from "../fixtures/pptx";
import { pngBytes } from "../fixtures/images";
import { makeTempDir } from "../fixtures/temp";
import { call, json } from "../support/api";
import type { Organisation } from "../support/accounts";
import { organisation } from "../support/admin";
import { newBlog, newProject } from "../support/projects-blogs";
import { eventually } from "../support/wait";

const officeInstalled = await libreOfficeAvailable();

let alpha: Organisation;
let bravo: Organisation;
let blog: BlogCreated;

async function uploadResponse(token: string, folder: string, bytes: Uint8Array, name: string): Promise<Response> {
  const form = new FormData();
  form.set("folder", folder);
  form.set("file", new Blob([Buffer.from(bytes)]), name);
  const request = new Request("http://app.test/api/v1/files/upload", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "x-client-ip": "198.51.100.7" },
    body: form,
  });
  return uploadRoute.POST(request, { params: Promise.resolve({}) });
}

async function upload(token: string, folder: string, bytes: Uint8Array, name: string): Promise<UploadResult> {
  const response = await uploadResponse(token, folder, bytes, name);
  expect(response.status, await response.clone().text()).toBe(201);
  return json<UploadResult>(response);
}

const parse = (token: string, filePath: string) => call(parsePptRoute.POST, "POST", { token, body: { file_path: filePath } });

async function create(token: string, body: Record<string, unknown>): Promise<PresentationOut> {
  const response = await call(presentationsRoute.POST, "POST", { token, body });
  expect(response.status, await response.clone().text()).toBe(201);
  return json<PresentationOut>(response);
}

async function read(token: string, id: string): Promise<PresentationOut> {
  return json<PresentationOut>(await call(presentationRoute.GET, "GET", { token, params: { id } }));
}

async function rendered(token: string, id: string): Promise<PresentationOut> {
  return eventually(async () => {
    const deck = await read(token, id);
    return deck.slides.length > 0 && deck.slides.every((slide) => slide.image_status === "ready") ? deck : undefined;
  }, `the slides of ${id} to be rendered`, 25_000);
}

const download = (token: string, id: string, format?: string) =>
  call(downloadRoute.GET, "GET", { token, params: { id }, query: format ? { format } : {} });

/** A downloaded .pptx opened again with the PPTX parser. */
async function parsedDownload(response: Response) {
  const directory = await makeTempDir("download");
  try {
    const file = directory.file("deck.pptx");
    await writeFile(file, Buffer.from(await response.arrayBuffer()));
    return await parsePptx(file);
  } finally {
    await directory.remove();
  }
}

beforeAll(async () => {
  [alpha, bravo] = [await organisation("ImportAlpha"), await organisation("ImportBravo")];
  const project = await newProject(alpha.admin.access_token, "Imports");
  blog = await newBlog(alpha.admin.access_token, project.id, { blog_title: "Quarterly: review & outlook" });
});

describe("POST /presentations/parse-ppt", { timeout: 180_000 }, () => {
  let parsed: ParsePptOut;

  it("answers the slides' titles, text and speaker notes, with real renderings when LibreOffice is installed", async () => {
    const file = await upload(alpha.admin.access_token, "pptx", await buildPptxFixture(), "Quarterly.pptx");
    const response = await parse(alpha.admin.access_token, file.s3_path);
    expect(response.status, await response.clone().text()).toBe(200);
    parsed = await json<ParsePptOut>(response);
    expect(parsed).toMatchObject({ file_path: file.s3_path, slide_count: SAMPLE_DECK.length });
    expect(parsed.slides.map((slide) => slide.title)).toEqual(SAMPLE_DECK.map((slide) => slide.title));
    expect(parsed.slides.map((slide) => slide.notes)).toEqual(SAMPLE_DECK.map((slide) => slide.notes ?? ""));
    expect(parsed.slides[1]!.content).toBe("Revenue grew 12%\nChurn fell to 3%\nTwo new markets & partners");
    const office = (await libreOfficeAvailable()) && (await popplerAvailable());
    expect(parsed.real_images).toBe(office);
    for (const slide of parsed.slides) {
      if (office) {
        expect(slide.imagePath).toMatch(new RegExp(`^${alpha.tenantId}/slides/`));
        expect(slide.imageUrl).toBe(`/api/v1/files/view?path=${encodeURIComponent(slide.imagePath!)}`);
      } else {
        expect(slide).toMatchObject({ imagePath: null, imageUrl: null });
      }
    }
  });

  it("an imported deck takes the parsed slides (notes as narration, real renderings as whole slides) and renders them", async () => {
    const deck = await create(alpha.admin.access_token, {
      blog_id: blog.id,
      template: "imported",
      source_file_path: parsed.file_path,
      slides: parsed.slides.map((slide) => ({ slide_title: slide.title, body: slide.content, slide_content: slide.notes, image_path: slide.imagePath })),
    });
    expect(deck).toMatchObject({ generation_method: "import_ppt", template: "imported", status: "completed", slide_count: SAMPLE_DECK.length });
    expect(deck.slides.map((slide) => slide.slide_content)).toEqual(SAMPLE_DECK.map((slide) => slide.notes ?? ""));
    const ready = await rendered(alpha.admin.access_token, deck.id);
    for (const [index, slide] of ready.slides.entries()) {
      expect(slide.image_path).toBe(parsed.slides[index]!.imagePath);
      expect(slide.web_image_path).not.toBe(slide.image_path);
    }
  });

  it.each([
    ["a PDF's key", async () => (await upload(alpha.admin.access_token, "maintext", buildPdf({ pages: [[{ paragraph: "Text." }]] }), "a.pdf")).s3_path, 415, "Please upload a valid PowerPoint file (.ppt or .pptx)"],
    [
      "a presentation without slides",
      async () =>
        (
          await upload(
            alpha.admin.access_token,
            "pptx",
            await editPptx(await buildPptxFixture(), async (zip) => {
              const xml = await zip.file("ppt/presentation.xml")!.async("string");
              zip.file("ppt/presentation.xml", xml.replace(/<p:sldIdLst>.*<\/p:sldIdLst>/, "<p:sldIdLst/>"));
            }),
            "empty.pptx",
          )
        ).s3_path,
      422,
      "No slides found in PowerPoint file or invalid response format",
    ],
    ["a key of no file", async () => `${alpha.tenantId}/pptx/00000000-0000-4000-8000-000000000000.pptx`, 404, "File not found"],
    ["another tenant's PowerPoint file", async () => (await upload(bravo.admin.access_token, "pptx", await buildPptxFixture(), "theirs.pptx")).s3_path, 404, "File not found"],
  ])("refuses %s", async (_name, key, status, message) => {
    const response = await parse(alpha.admin.access_token, await key());
    expect(response.status).toBe(status);
    expect(await json(response)).toEqual({ detail: message });
  });

  it.skipIf(!officeInstalled)("a legacy .ppt is converted by LibreOffice and parsed like a .pptx; another compound file is refused", async () => {
    const ppt = await legacyOfficeFile(await buildPptxFixture(), "pptx", "ppt");
    const file = await upload(alpha.admin.access_token, "pptx", ppt!, "Quarterly.ppt");
    expect(file.s3_path).toMatch(/\.ppt$/);
    const response = await parse(alpha.admin.access_token, file.s3_path);
    expect(response.status, await response.clone().text()).toBe(200);
    const legacy = await json<ParsePptOut>(response);
    expect(legacy.slides.map((slide) => slide.title)).toEqual(SAMPLE_DECK.map((slide) => slide.title));
    expect(legacy.slides[1]!.notes).toContain("Three things stood out this quarter.");
    // The same compound file without a stream named "PowerPoint Document" (as a .doc or .xls is): not a deck.
    const other = Buffer.from(ppt!);
    const name = Buffer.from("PowerPoint Document", "utf16le");
    for (let at = other.indexOf(name); at !== -1; at = other.indexOf(name, at + 1)) Buffer.from("WordDocument\0\0\0\0\0\0\0", "utf16le").copy(other, at);
    const refused = await uploadResponse(alpha.admin.access_token, "pptx", new Uint8Array(other), "report.ppt");
    expect(refused.status).toBe(415);
    expect((await json<{ detail: string }>(refused)).detail).toBe("Invalid File Type: Please upload a valid PowerPoint file (.ppt or .pptx)");
  });

  it("the upload of a PowerPoint file refuses other bytes and files over 50MB with the spec's messages", async () => {
    const text = await uploadResponse(alpha.admin.access_token, "pptx", new TextEncoder().encode("not a deck"), "deck.pptx");
    expect(text.status).toBe(415);
    expect((await json<{ detail: string }>(text)).detail).toBe("Invalid File Type: Please upload a valid PowerPoint file (.ppt or .pptx)");
    const big = new Uint8Array(50 * 1024 * 1024 + 1);
    big.set(await buildPptxFixture());
    const tooLarge = await uploadResponse(alpha.admin.access_token, "pptx", big, "big.pptx");
    expect(tooLarge.status).toBe(413);
    expect(await json(tooLarge)).toEqual({ detail: "PowerPoint file must be less than 50MB" });
    const image = new Uint8Array(10 * 1024 * 1024 + 1);
    image.set(pngBytes());
    const imageTooLarge = await uploadResponse(alpha.admin.access_token, "images", image, "big.png");
    expect(imageTooLarge.status).toBe(413);
    expect(await json(imageTooLarge)).toEqual({ detail: "Image must be less than 10MB" });
  });
});

describe("GET /presentations/download/{id}", { timeout: 90_000 }, () => {
  const slides = [
    { slide_title: "Opening", body: "Why we are here\nWhat we will cover", slide_content: "Welcome. Today we look at the year behind us." },
    { slide_title: "Numbers", body: "Revenue up 12%\nCosts down 3%", slide_content: "Revenue grew by twelve percent while costs fell." },
    { slide_title: "Next", body: "Spain\nA designer", slide_content: "Next year we open in Spain and hire a designer." },
  ];

  it("answers a .pptx with one slide per slide and the narration as speaker notes, and a PDF of the slide images", async () => {
    const deck = await create(alpha.admin.access_token, { blog_id: blog.id, template: "startup", generation_method: "manual", slides });
    await rendered(alpha.admin.access_token, deck.id);
    const response = await download(alpha.admin.access_token, deck.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.presentationml.presentation");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; .*version 2\)\.pptx/);
    const reopened = await parsedDownload(response);
    expect(reopened.slides.map((slide) => [slide.title, slide.notes])).toEqual(slides.map((slide) => [slide.slide_title, slide.slide_content]));

    const pdf = await download(alpha.admin.access_token, deck.id, "pdf");
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const document = await PDFDocument.load(new Uint8Array(await pdf.arrayBuffer()));
    expect(document.getPageCount()).toBe(slides.length);
  });

  it("while the images are being drawn: the .pptx has editable slides, the PDF answers 409; a generating deck 409", async () => {
    const boss = await jobQueue();
    await boss.offWork(RENDER_JOB);
    await boss.offWork(GENERATION_JOB);
    try {
      const deck = await create(alpha.admin.access_token, { blog_id: blog.id, template: "minimal", generation_method: "manual", slides });
      const pptx = await download(alpha.admin.access_token, deck.id);
      expect(pptx.status).toBe(200);
      const reopened = await parsedDownload(pptx);
      expect(reopened.slides.map((slide) => [slide.title, slide.content, slide.notes])).toEqual(slides.map((slide) => [slide.slide_title, slide.body, slide.slide_content]));
      const pdf = await download(alpha.admin.access_token, deck.id, "pdf");
      expect(pdf.status).toBe(409);
      expect(await json(pdf)).toEqual({ detail: "The slide images are still being drawn. Try the download again in a moment." });

      const generating = await create(alpha.admin.access_token, { blog_id: blog.id, template: "professional" });
      const early = await download(alpha.admin.access_token, generating.id);
      expect(early.status).toBe(409);
      expect(await json(early)).toEqual({ detail: "This presentation is still being generated. Try again when it is ready." });
    } finally {
      // A fresh start registers the workers again; the jobs sent meanwhile are waiting for them.
      await stopJobQueue();
      await jobQueue();
    }
  });

  it("another tenant's presentation is not found; a bad format is 422", async () => {
    const theirProject = await newProject(bravo.admin.access_token, "Theirs");
    const theirBlog = await newBlog(bravo.admin.access_token, theirProject.id);
    const theirs = await create(bravo.admin.access_token, { blog_id: theirBlog.id, template: "manual", slides });
    for (const format of [undefined, "pdf"]) {
      const response = await download(alpha.admin.access_token, theirs.id, format);
      expect(response.status).toBe(404);
      expect(await json(response)).toEqual({ detail: "Presentation not found" });
    }
    expect((await download(alpha.admin.access_token, theirs.id, "docx")).status).toBe(422);
  });
});
