// Documents read in a worker thread (lib/content/documents.ts): the same text and preview as on the calling thread,
// failures coming back as the same typed errors, and a document that needs more memory than the worker's cap
// failing with its own reason while this thread goes on. The worker is started from its TypeScript source here
// (with tsx's loader); the production build bundles it.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { previewDocx, readDocument, readPage, useDocumentWorker } from "@/lib/content/documents";
import { pageContent } from "@/lib/content/page";
import { ArchiveRefused, ExtractionFailed } from "@/lib/content/errors";
import { docxPreviewHtml, extractDocx, extractPdf } from "@/lib/content/extract";
import { buildDocx } from "../fixtures/docx";
import { buildPdf } from "../fixtures/pdf";
import { makeTempDir } from "../fixtures/temp";
import { writeZip } from "../fixtures/zip";

let temp: Awaited<ReturnType<typeof makeTempDir>>;

beforeAll(async () => {
  temp = await makeTempDir("content-documents");
  useDocumentWorker({ typescript: true });
});

afterAll(async () => {
  useDocumentWorker({});
  delete process.env.DOCUMENT_WORKER_HEAP_MB;
  await temp.remove();
});

const TEXT = "Narrated presentations turn written material into slides with a spoken script, one idea per slide.";

describe("documents read in a worker thread", () => {
  it("gives the text and the preview the parsers give on this thread", async () => {
    const pdf = buildPdf({ title: "Field Notes", pages: [[{ heading: "Soil", size: 20 }, { paragraph: TEXT }]] });
    expect(await readDocument("pdf", pdf)).toEqual(await extractPdf(pdf));
    const docx = await buildDocx({ title: "Handbook", blocks: [{ heading: 1, text: "Start" }, { paragraph: TEXT }, { bullets: ["One", "Two"] }] });
    const path = temp.file("handbook.docx");
    await import("node:fs/promises").then(({ writeFile }) => writeFile(path, docx));
    const content = await readDocument("docx", path);
    expect(content).toEqual(await extractDocx(docx));
    expect(content.sections[0]).toEqual({ heading: "Start", level: 1, text: `${TEXT}\n\n- One\n- Two` });
    expect(await previewDocx(path)).toBe(await docxPreviewHtml(docx));
  }, 30_000);

  it("brings failures back as the typed errors the job and the routes map", async () => {
    const bomb = temp.file("bomb.docx");
    await writeZip(bomb, [
      { name: "[Content_Types].xml", data: "<Types/>" },
      { name: "word/document.xml", data: "<w:document/>" },
      { name: "word/media/big.bin", data: { zeros: 50 * 1024 * 1024 }, declaredSize: 10 },
    ]);
    const refused = await readDocument("docx", bomb).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ArchiveRefused);
    expect(refused).toMatchObject({ status: 413 });
    await expect(readDocument("docx", await buildDocx({ blocks: [] }))).rejects.toMatchObject({ reason: "empty", status: 422 });
    await expect(readDocument("pdf", Buffer.from("%PDF-1.4\nnot really"))).rejects.toBeInstanceOf(ExtractionFailed);
  }, 30_000);

  it("stops a document that needs more memory than the cap, with its own reason, and this thread goes on", async () => {
    process.env.DOCUMENT_WORKER_HEAP_MB = "64";
    // About 40 MB of WordprocessingML that does not compress much (random words), within the archive bounds:
    // mammoth's document tree for it needs several times the worker's 64 MB.
    const words = randomBytes(3_000_000).toString("base64").match(/.{1,7}/g) ?? [];
    const paragraphs = Array.from({ length: 60_000 }, (_, index) => ({ paragraph: words.slice(index * 7, index * 7 + 7).join(" ") }));
    const big = temp.file("big.docx");
    await import("node:fs/promises").then(async ({ writeFile }) => writeFile(big, await buildDocx({ blocks: paragraphs })));
    let turns = 0;
    const ticker = setInterval(() => (turns += 1), 10);
    const failure = await readDocument("docx", big).catch((error: unknown) => error);
    clearInterval(ticker);
    expect(failure).toBeInstanceOf(ExtractionFailed);
    expect(failure).toMatchObject({ reason: "too-large", status: 422 });
    // The parse ran beside this thread, which kept turning meanwhile.
    expect(turns).toBeGreaterThan(5);
  }, 120_000);

  it("reads a fetched web page in the worker as on this thread, and a page past the cap fails on its own", async () => {
    const html = `<html><head><title>Shade</title></head><body><article><h1>Street trees</h1><p>${TEXT.repeat(4)}</p><h2>Water</h2><p>${TEXT.repeat(3)}</p></article></body></html>`;
    expect(await readPage(html, true, 100_000)).toEqual(pageContent(html, true, 100_000));
    expect(await readPage("Plain words about shade.", false, 100_000)).toEqual(pageContent("Plain words about shade.", false, 100_000));

    process.env.DOCUMENT_WORKER_HEAP_MB = "64";
    const nested = `<html><body>${"<div><span>cell</span>".repeat(400_000)}</body></html>`;
    let turns = 0;
    const ticker = setInterval(() => (turns += 1), 10);
    const failure = await readPage(nested, true, 100_000).catch((error: unknown) => error);
    clearInterval(ticker);
    delete process.env.DOCUMENT_WORKER_HEAP_MB;
    expect(failure).toBeInstanceOf(ExtractionFailed);
    expect(failure).toMatchObject({ reason: "too-large" });
    expect(turns).toBeGreaterThan(5);
  }, 120_000);
});
