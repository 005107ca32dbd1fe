import { randomBytes } from "node:crypto";
import { stat, writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ArchiveRefused, type ArchiveRefusalReason } from "@/lib/content/errors";
import { checkUploadedFile, sniffFile } from "@/lib/content/sniff";
import { guardArchive } from "@/lib/content/zip-guard";
import { buildDocx } from "../fixtures/docx";
import { makeTempDir } from "../fixtures/temp";
import { writeZip, type ZipEntrySpec } from "../fixtures/zip";

const MB = 1024 * 1024;
const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const DOCUMENT = `<?xml version="1.0" encoding="UTF-8"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Hello</w:t></w:r></w:p></w:body></w:document>`;

/** A DOCX's required parts followed by `extra` entries. */
function docxEntries(...extra: ZipEntrySpec[]): ZipEntrySpec[] {
  return [{ name: "[Content_Types].xml", data: CONTENT_TYPES }, { name: "word/document.xml", data: DOCUMENT }, ...extra];
}

let temp: Awaited<ReturnType<typeof makeTempDir>>;
/** 300 MB of zeros (deflated to about 300 KB) as a DOCX's image; the headers tell the truth. */
let bomb: string;
/** The same, but its local and central headers say the image is 1 KB. */
let lyingBomb: string;

beforeAll(async () => {
  temp = await makeTempDir("content-zip-guard");
  bomb = temp.file("holiday-photos.docx");
  await writeZip(bomb, docxEntries({ name: "word/media/image1.png", data: { zeros: 300 * MB } }));
  lyingBomb = temp.file("lying-photos.docx");
  await writeZip(lyingBomb, docxEntries({ name: "word/media/image1.png", data: { zeros: 300 * MB }, declaredSize: 1024 }));
}, 60_000);

afterAll(() => temp.remove());

async function refusal(promise: Promise<unknown>): Promise<ArchiveRefused> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ArchiveRefused) return error;
    throw error;
  }
  throw new Error("the archive was accepted");
}

async function reasonFor(path: string, limits = {}): Promise<ArchiveRefusalReason> {
  return (await refusal(guardArchive({ path }, "docx", limits))).reason;
}

describe("archive guard", () => {
  it("passes a normal DOCX, counting its entries and real bytes", async () => {
    const bytes = await buildDocx({ title: "Plan", blocks: [{ heading: 1, text: "Plan" }, { paragraph: "Text" }] });
    await writeFile(temp.file("plan.docx"), bytes);
    const summary = await guardArchive({ path: temp.file("plan.docx") }, "docx");
    // Seven parts and the four folder entries jszip writes.
    expect(summary.entries).toBe(11);
    expect(summary.totalBytes).toBeGreaterThan(1000);
    expect(await guardArchive(bytes, "docx")).toEqual(summary);
    expect(await checkUploadedFile(temp.file("plan.docx"), ["pdf", "docx"])).toBe("docx");
  });

  it("refuses a zip bomb disguised as a DOCX, which type sniffing alone would accept", async () => {
    expect((await stat(bomb)).size).toBeLessThan(2 * MB);
    expect(await sniffFile(bomb)).toBe("docx");
    const error = await refusal(checkUploadedFile(bomb, ["pdf", "docx"], { fileName: "holiday-photos.docx" }));
    expect(error.status).toBe(413);
    expect(error.reason).toBe("entry-too-large");
    expect(error.detail).toBe("This document is too large when unpacked and cannot be processed.");

    // Its headers claim 1 KB: caught while inflating, by the ratio of real bytes out to compressed bytes in.
    expect(await sniffFile(lyingBomb)).toBe("docx");
    const lying = await refusal(checkUploadedFile(lyingBomb, ["pdf", "docx"]));
    expect(lying.status).toBe(413);
    expect(lying.reason).toBe("compression-ratio");
    expect(lying.detail).toBe("This document is compressed suspiciously well and cannot be processed.");
  });

  it("counts the really inflated bytes against the entry and total bounds, stopping at the first crossed", async () => {
    expect(await reasonFor(lyingBomb, { maxRatio: Infinity })).toBe("entry-too-large");
    expect(await reasonFor(lyingBomb, { maxRatio: Infinity, maxEntryBytes: 400 * MB })).toBe("total-too-large");
    // With every bound above what it holds, it is inflated to the end, and only the lie itself is left to refuse.
    const unbounded = { maxRatio: Infinity, maxEntryBytes: 400 * MB, maxTotalBytes: 400 * MB };
    expect(await reasonFor(lyingBomb, unbounded)).toBe("size-mismatch");
  }, 30_000);

  it("catches a central directory that lies about an entry's size", async () => {
    const path = temp.file("small-lie.docx");
    await writeZip(path, docxEntries({ name: "word/media/a.bin", data: randomBytes(64 * 1024), declaredSize: 100 }));
    const error = await refusal(guardArchive({ path }, "docx"));
    expect(error.reason).toBe("size-mismatch");
    expect(error.status).toBe(415);
  });

  it("refuses declared sizes already out of bounds without inflating", async () => {
    const path = temp.file("declared.docx");
    await writeZip(path, docxEntries({ name: "word/media/c.bin", data: "tiny", declaredSize: 150 * MB }));
    expect(await reasonFor(path)).toBe("entry-too-large");
  });

  it("refuses archives with too many entries", async () => {
    const path = temp.file("many.docx");
    const entries = Array.from({ length: 2001 }, (_, index) => ({ name: `word/part${index}.xml`, data: "<x/>" }));
    await writeZip(path, docxEntries(...entries));
    const error = await refusal(guardArchive({ path }, "docx"));
    expect(error.reason).toBe("too-many-entries");
    expect(error.status).toBe(413);
  });

  it("refuses a damaged archive and one missing a DOCX's parts with 415", async () => {
    await writeFile(temp.file("damaged.docx"), Buffer.concat([Buffer.from("PK\x03\x04"), randomBytes(2000)]));
    const damaged = await refusal(guardArchive({ path: temp.file("damaged.docx") }, "docx"));
    expect(damaged.reason).toBe("damaged");
    expect(damaged.status).toBe(415);

    const path = temp.file("not-a-document.docx");
    await writeZip(path, [{ name: "[Content_Types].xml", data: CONTENT_TYPES }, { name: "notes.txt", data: "hi" }]);
    const missing = await refusal(guardArchive({ path }, "docx"));
    expect(missing.reason).toBe("missing-part");
    expect(missing.status).toBe(415);
  });
});
