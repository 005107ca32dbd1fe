// PowerPoint files read in a capped worker thread (lib/pptx/read.ts): the same slides as reading on this thread,
// the same errors with the same statuses and messages (they travel as data and are made again here), a worker
// stopped at its heap cap answered as the file's own 413, and the worker's absence under plain TypeScript tests.
import { writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ArchiveRefused } from "@/lib/content/errors";
import { AppError } from "@/lib/errors";
import { NO_SLIDES_MESSAGE, NoSlidesFound, PowerPointReadFailed, PowerPointSlideTooLarge } from "@/lib/pptx/errors";
import { parsePptx } from "@/lib/pptx/parse";
import { readPptx } from "@/lib/pptx/read";
import { useTypeScriptWorkers } from "@/lib/workers/capped";
import { bigTextPptx, doctypeEntityPptx, nestedGroupsPptx } from "../fixtures/hostile";
import { buildPptxFixture, editPptx, SAMPLE_DECK } from "../fixtures/pptx";
import { makeTempDir } from "../fixtures/temp";
import { writeZip } from "../fixtures/zip";

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let counter = 0;

async function saved(bytes: Uint8Array): Promise<string> {
  const file = temp.file(`deck-${++counter}.pptx`);
  await writeFile(file, bytes);
  return file;
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

beforeAll(async () => {
  temp = await makeTempDir("pptx-worker");
  useTypeScriptWorkers(true);
});
afterAll(async () => {
  useTypeScriptWorkers(false);
  await temp.remove();
});

describe("readPptx", { timeout: 120_000 }, () => {
  it("answers in a worker the slides this thread reads", async () => {
    const file = await saved(await buildPptxFixture());
    const inWorker = await readPptx(file);
    expect(inWorker.slides).toHaveLength(SAMPLE_DECK.length);
    expect(inWorker).toEqual(await parsePptx(file));
  });

  it("gives the worker's refusals their classes, statuses and messages", async () => {
    const bomb = temp.file("bomb.pptx");
    await writeZip(bomb, [
      { name: "[Content_Types].xml", data: "<Types/>" },
      { name: "ppt/presentation.xml", data: "<p:presentation/>" },
      { name: "ppt/media/image1.png", data: { zeros: 120 * 1024 * 1024 } },
    ]);
    const shared = await editPptx(await buildPptxFixture(), async (zip) => {
      const xml = await zip.file("ppt/_rels/presentation.xml.rels")!.async("string");
      zip.file("ppt/_rels/presentation.xml.rels", xml.replace(/slides\/slide2\.xml/, "slides/slide1.xml"));
    });
    const cases: [string, string, abstract new (...args: never[]) => AppError, number, string][] = [
      ["a DOCTYPE with entities", await saved(await doctypeEntityPptx()), NoSlidesFound, 422, NO_SLIDES_MESSAGE],
      ["30,000 nested groups", await saved(await nestedGroupsPptx(30_000)), NoSlidesFound, 422, NO_SLIDES_MESSAGE],
      ["one slide part listed twice", await saved(shared), NoSlidesFound, 422, NO_SLIDES_MESSAGE],
      ["6 MB of slide text", await saved(await bigTextPptx(6_000_000)), PowerPointSlideTooLarge, 413, "Slide 1 of the PowerPoint file has more than 100,000 characters of text"],
      ["20 MB of slide text", await saved(await bigTextPptx(20_000_000)), PowerPointSlideTooLarge, 413, "Slide 1 of the PowerPoint file is too large to import (more than 16MB unpacked)"],
      ["a zip bomb", bomb, ArchiveRefused, 413, "This document is too large when unpacked and cannot be processed."],
    ];
    for (const [name, file, kind, status, detail] of cases) {
      const error = await failure(readPptx(file));
      expect(error, name).toBeInstanceOf(kind);
      expect({ status: error.status, detail: error.detail }, name).toEqual({ status, detail });
    }
  });

  it("answers a worker stopped at its heap cap as the file's own 413, and the next file reads as before", async () => {
    const file = await saved(await buildPptxFixture());
    const error = await failure(readPptx(file, { heapMb: 1 }));
    expect(error).toBeInstanceOf(PowerPointReadFailed);
    expect({ status: error.status, detail: error.detail }).toEqual({ status: 413, detail: "The PowerPoint file is too large to read." });
    expect((await readPptx(file)).slides).toHaveLength(SAMPLE_DECK.length);
  });

  it("reads on this thread where the worker's TypeScript entry cannot start", async () => {
    useTypeScriptWorkers(false);
    try {
      const file = await saved(await buildPptxFixture());
      expect((await readPptx(file, { heapMb: 1 })).slides).toHaveLength(SAMPLE_DECK.length);
    } finally {
      useTypeScriptWorkers(true);
    }
  });
});
