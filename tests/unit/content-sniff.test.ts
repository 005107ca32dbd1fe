import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidFileType } from "@/lib/content/errors";
import { invalidFileTypeDescription, requireKind, sniffBytes, sniffFile, SNIFF_HEAD_BYTES } from "@/lib/content/sniff";
import { buildDocx } from "../fixtures/docx";
import { gifBytes, jpegHead, pngBytes } from "../fixtures/images";
import { buildPdf } from "../fixtures/pdf";
import { makeTempDir } from "../fixtures/temp";

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let pdf: Uint8Array;
let docx: Uint8Array;

async function pptxBytes(): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file(
    "[Content_Types].xml",
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/></Types>',
  );
  zip.file("ppt/presentation.xml", "<p:presentation/>");
  return zip.generateAsync({ type: "uint8array", compression: "DEFLATE" });
}

beforeAll(async () => {
  temp = await makeTempDir("content-sniff");
  pdf = buildPdf({ pages: [[{ heading: "Report" }, { paragraph: "Body text." }]] });
  docx = await buildDocx({ blocks: [{ heading: 1, text: "Report" }, { paragraph: "Body text." }] });
});

afterAll(() => temp.remove());

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

describe("type sniffing", () => {
  it("tells real documents and images from their bytes", async () => {
    expect(await sniffBytes(pdf)).toBe("pdf");
    expect(await sniffBytes(docx.subarray(0, SNIFF_HEAD_BYTES))).toBe("docx");
    expect(await sniffBytes(await pptxBytes())).toBe("pptx");
    expect(await sniffBytes(pngBytes())).toBe("png");
    expect(await sniffBytes(jpegHead())).toBe("jpeg");
    expect(await sniffBytes(gifBytes())).toBe("gif");
    expect(await sniffBytes(new TextEncoder().encode("just some text, not a PDF"))).toBe("other");
  });

  it("tells a DOCX from its head alone when the file is longer", async () => {
    const media = new Uint8Array(randomBytes(300_000));
    const large = await buildDocx({ blocks: [{ paragraph: "Body" }], extraEntries: { "word/media/image1.bin": media } });
    expect(large.length).toBeGreaterThan(SNIFF_HEAD_BYTES * 2);
    expect(await sniffBytes(large.subarray(0, SNIFF_HEAD_BYTES))).toBe("docx");
  });

  it("tells a DOCX from a plain zip archive", async () => {
    const zip = new JSZip();
    zip.file("notes.txt", "hello");
    zip.file("word/document.xml", "<w:document/>");
    expect(await sniffBytes(await zip.generateAsync({ type: "uint8array", compression: "DEFLATE" }))).toBe("other");
  });

  it("reads files on disk the same way", async () => {
    await writeFile(temp.file("real.pdf"), pdf);
    await writeFile(temp.file("real.docx"), docx);
    expect(await sniffFile(temp.file("real.pdf"))).toBe("pdf");
    expect(await sniffFile(temp.file("real.docx"))).toBe("docx");
  });
});

describe("requireKind", () => {
  it("refuses a text file renamed .pdf with 415 and the spec's text", async () => {
    await writeFile(temp.file("report.pdf"), "This is plain text pretending to be a PDF.\n");
    const error = await caught(requireKind(["pdf", "docx"], { path: temp.file("report.pdf") }, "report.pdf"));
    expect(error).toBeInstanceOf(InvalidFileType);
    expect((error as InvalidFileType).status).toBe(415);
    expect((error as InvalidFileType).detail).toBe(
      "Invalid File Type: Only PDF and DOCX formats are supported. Please remove: report.pdf",
    );
  });

  it("passes real PDF, DOCX and PNG files and returns their kind", async () => {
    expect(await requireKind(["pdf", "docx"], pdf)).toBe("pdf");
    expect(await requireKind(["pdf", "docx"], docx)).toBe("docx");
    expect(await requireKind(["png", "jpeg", "gif"], pngBytes())).toBe("png");
  });

  it("refuses a real file of a kind the upload does not take", async () => {
    const error = await caught(requireKind(["png", "jpeg", "gif"], pdf, "slide.png"));
    expect(error).toBeInstanceOf(InvalidFileType);
    expect((error as InvalidFileType).detail).toBe("Invalid File Type: Only JPG, GIF, and PNG images are allowed");
    await expect(requireKind(["pdf"], docx)).rejects.toBeInstanceOf(InvalidFileType);
  });

  it("words the refusal for each kind of upload as the spec does", () => {
    expect(invalidFileTypeDescription(["pdf", "docx"])).toBe("Only PDF and DOCX formats are supported.");
    expect(invalidFileTypeDescription(["pptx"])).toBe("Please upload a valid PowerPoint file (.ppt or .pptx)");
  });
});
