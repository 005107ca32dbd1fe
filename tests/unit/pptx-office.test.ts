// LibreOffice and poppler paths. The tests that run them skip (and say so) where Debian's libreoffice-impress and
// poppler-utils are not installed; the "not installed" answers are tested everywhere by pointing at absent programs.
import { execFile } from "node:child_process";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { NoSlidesFound, NotPowerPoint, OfficeConversionFailed } from "@/lib/pptx/errors";
import {
  convertPptToPptx,
  libreOfficeAvailable,
  popplerAvailable,
  renderSlideImages,
} from "@/lib/pptx/office";
import { parsePptx } from "@/lib/pptx/parse";
import { pngHeader } from "@/lib/pptx/png";
import { buildPptxFixture, decodePng, editPptx, pixelAt, SAMPLE_DECK, svgPng, type Pixels } from "../fixtures/pptx";
import { makeTempDir } from "../fixtures/temp";

const hasLibreOffice = await libreOfficeAvailable();
const hasPoppler = await popplerAvailable();
const ABSENT = { tools: { soffice: "/nonexistent/soffice", pdftoppm: "/nonexistent/pdftoppm" } };
const CFB_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

let temp: Awaited<ReturnType<typeof makeTempDir>>;
/** Where the runs make their working folders, so the test can see that they are gone afterwards. */
let work: Awaited<ReturnType<typeof makeTempDir>>;
let run: { workRoot: string };
let sample: string;
beforeAll(async () => {
  temp = await makeTempDir("pptx-office");
  work = await makeTempDir("pptx-office-work");
  run = { workRoot: work.dir };
  sample = temp.file("sample.pptx");
  await writeFile(sample, await buildPptxFixture());
});
afterAll(async () => {
  await temp.remove();
  await work.remove();
});

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("the call succeeded");
}

/** Working folders the runs left in `work`, and processes still running on one of them. */
async function leftovers(): Promise<{ dirs: string[]; processes: string[] }> {
  const dirs = await readdir(work.dir);
  const processes: string[] = [];
  for (const pid of (await readdir("/proc")).filter((name) => /^\d+$/.test(name))) {
    const cmdline = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
    if (cmdline.includes(work.dir)) processes.push(`${pid}: ${cmdline.replace(/\0/g, " ")}`);
  }
  return { dirs, processes };
}

function countRed(image: Pixels): number {
  let red = 0;
  for (let y = 0; y < image.height; y += 4) {
    for (let x = 0; x < image.width; x += 4) {
      const [r, g, b] = pixelAt(image, x, y);
      if (r > 200 && g < 60 && b < 60) red += 1;
    }
  }
  return red;
}

describe("without LibreOffice or poppler", () => {
  it("detects absent programs and answers null instead of images or a converted file", async () => {
    expect(await libreOfficeAvailable(ABSENT)).toBe(false);
    expect(await popplerAvailable(ABSENT)).toBe(false);
    expect(await renderSlideImages(sample, ABSENT)).toBeNull();
    const ppt = temp.file("legacy.ppt");
    await writeFile(ppt, Buffer.concat([CFB_SIGNATURE, Buffer.alloc(4096)]));
    expect(await convertPptToPptx(ppt, ABSENT)).toBeNull();
  });

  it("still refuses what is not a PowerPoint file, whatever is installed", async () => {
    const text = temp.file("not-a-deck.ppt");
    await writeFile(text, "Just some words, not a presentation.");
    expect(await failure(convertPptToPptx(text, ABSENT))).toBeInstanceOf(NotPowerPoint);
    const notZip = temp.file("not-a-deck.pptx");
    await writeFile(notZip, "Just some words, not a presentation.");
    const error = await failure(renderSlideImages(notZip, ABSENT));
    expect(error).toBeInstanceOf(NoSlidesFound);
    expect(error.detail).toBe("No slides found in PowerPoint file or invalid response format");
  });
});

describe("running LibreOffice (a stand-in script where it is not installed)", () => {
  /** A shell script standing in for soffice: answers --version, then behaves as `mode` says. */
  async function fakeSoffice(name: string, mode: "hang" | "write-nothing"): Promise<string> {
    const script = temp.file(name);
    const body =
      mode === "hang"
        ? // A grandchild holding stdout and stderr open, as soffice.bin does under the soffice wrapper.
          `if [ "$1" = "--hang" ]; then sleep 60; exit 0; fi\nsh "$0" --hang "$@" &\nwait\n`
        : "exit 0\n";
    await writeFile(script, `#!/bin/sh\nif [ "$1" = "--version" ]; then echo "LibreOffice 7.4"; exit 0; fi\n${body}`, {
      mode: 0o755,
    });
    return script;
  }

  async function processesOf(script: string): Promise<string[]> {
    const found: string[] = [];
    for (const pid of (await readdir("/proc")).filter((name) => /^\d+$/.test(name))) {
      const cmdline = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
      if (cmdline.includes(script)) found.push(`${pid}: ${cmdline.replace(/\0/g, " ")}`);
    }
    return found;
  }

  it("kills the whole process group at the time limit and removes the working folder", async () => {
    const soffice = await fakeSoffice("hanging-soffice", "hang");
    const ppt = temp.file("hang.ppt");
    await writeFile(ppt, Buffer.concat([CFB_SIGNATURE, Buffer.alloc(4096)]));
    // Were only the wrapper killed, the grandchild would hold the pipes for 60 s and this test would time out.
    const error = await failure(convertPptToPptx(ppt, { ...run, tools: { soffice }, timeoutMs: 1000 }));
    expect(error).toBeInstanceOf(OfficeConversionFailed);
    expect((error as OfficeConversionFailed).reason).toBe("timeout");
    expect(error.status).toBe(422);
    expect(await processesOf(soffice)).toEqual([]);
    expect(await leftovers()).toEqual({ dirs: [], processes: [] });
  }, 20_000);

  it("reports a run that ends without writing the converted file (what soffice does when no filter fits)", async () => {
    const soffice = await fakeSoffice("silent-soffice", "write-nothing");
    const ppt = temp.file("silent.ppt");
    await writeFile(ppt, Buffer.concat([CFB_SIGNATURE, Buffer.alloc(4096)]));
    const error = await failure(convertPptToPptx(ppt, { ...run, tools: { soffice } }));
    expect(error).toBeInstanceOf(OfficeConversionFailed);
    expect((error as OfficeConversionFailed).reason).toBe("failed");
    expect(await leftovers()).toEqual({ dirs: [], processes: [] });
  });
});

describe.skipIf(!hasLibreOffice || !hasPoppler)("with LibreOffice and poppler (Debian libreoffice-impress, poppler-utils)", () => {
  it("renders one 1920-pixel-wide PNG per shown slide, in slide show order, as parsePptx numbers them", async () => {
    const images = await renderSlideImages(sample, run);
    expect(images).toHaveLength(SAMPLE_DECK.length);
    for (const image of images!) {
      const header = pngHeader(image);
      expect(header?.width).toBe(1920);
      expect(Math.abs(header!.height - 1080)).toBeLessThanOrEqual(1);
    }

    // Slide 2 hidden and slides 1 and 3 swapped: the images follow, as the parsed slides do.
    const changed = await editPptx(await buildPptxFixture(), async (zip) => {
      const slide2 = (await zip.file("ppt/slides/slide2.xml")!.async("string")).replace("<p:sld ", '<p:sld show="0" ');
      zip.file("ppt/slides/slide2.xml", slide2);
      const presentation = (await zip.file("ppt/presentation.xml")!.async("string")).replace(
        /(<p:sldId id="256" r:id="rId2"\/>)(<p:sldId id="257" r:id="rId3"\/>)(<p:sldId id="258" r:id="rId4"\/>)/,
        "$3$2$1",
      );
      zip.file("ppt/presentation.xml", presentation);
    });
    await writeFile(temp.file("changed.pptx"), changed);
    const parsed = await parsePptx(temp.file("changed.pptx"));
    expect(parsed.slides.map((slide) => slide.title)).toEqual(["The Team", "Quarterly Review", "Next Steps"]);
    const reordered = await renderSlideImages(temp.file("changed.pptx"), run);
    expect(reordered).toHaveLength(3);
    // The same slide renders to the same picture: "The Team" was image 3 and is now image 1.
    expect(Buffer.from(reordered![0]!).equals(Buffer.from(images![2]!))).toBe(true);
    expect(Buffer.from(reordered![1]!).equals(Buffer.from(images![0]!))).toBe(true);
    expect(Buffer.from(reordered![2]!).equals(Buffer.from(images![3]!))).toBe(true);
    expect(await leftovers()).toEqual({ dirs: [], processes: [] });
  }, 120_000);

  it("never draws a linked picture from the server's disk into the slide images", async () => {
    const secret = temp.file("secret.png");
    await writeFile(secret, svgPng(`<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200" fill="#ff0000"/></svg>`));
    const embedded = await editPptx(await buildPptxFixture([{ title: "Picture", image: true }]), async (zip) => {
      const media = Object.values(zip.files).find((entry) => entry.name.startsWith("ppt/media/") && !entry.dir)!.name;
      zip.file(media, await readFile(secret));
    });
    const linked = await editPptx(embedded, async (zip) => {
      const rels = await zip.file("ppt/slides/_rels/slide1.xml.rels")!.async("string");
      zip.file(
        "ppt/slides/_rels/slide1.xml.rels",
        rels.replace(/Target="\.\.\/media\/[^"]+"/, `Target="file://${secret}" TargetMode="External"`),
      );
      const slide = await zip.file("ppt/slides/slide1.xml")!.async("string");
      zip.file("ppt/slides/slide1.xml", slide.replace('r:embed="rId1"', 'r:link="rId1"'));
      for (const name of Object.keys(zip.files)) if (name.startsWith("ppt/media/")) zip.remove(name);
    });
    await writeFile(temp.file("embedded.pptx"), embedded);
    await writeFile(temp.file("linked.pptx"), linked);
    const [withPicture] = (await renderSlideImages(temp.file("embedded.pptx"), { ...run, widthPx: 480 }))!;
    const [withLink] = (await renderSlideImages(temp.file("linked.pptx"), { ...run, widthPx: 480 }))!;
    // The embedded red picture shows, so the check can see red; the linked one does not.
    expect(countRed(decodePng(withPicture!, 480, 270))).toBeGreaterThan(100);
    expect(countRed(decodePng(withLink!, 480, 270))).toBe(0);
  }, 120_000);

  it("converts a legacy .ppt to a .pptx whose text and notes parsePptx reads", async () => {
    // The .ppt is made from the fixture by LibreOffice itself (there is no other writer of the binary format here).
    const profile = `file://${temp.file("profile")}`;
    await promisify(execFile)(
      "soffice",
      [`-env:UserInstallation=${profile}`, "--headless", "--convert-to", "ppt", "--outdir", temp.dir, sample],
      { timeout: 120_000 },
    );
    const converted = await convertPptToPptx(temp.file("sample.ppt"), run);
    expect(converted).not.toBeNull();
    await writeFile(temp.file("converted.pptx"), converted!);
    const { slides } = await parsePptx(temp.file("converted.pptx"));
    expect(slides.map((slide) => slide.notes)).toEqual(SAMPLE_DECK.map((slide) => slide.notes ?? ""));
    // LibreOffice's own .ppt round trip turns pptxgenjs's title placeholders into text boxes, so each title comes
    // back as the first line of the slide's text.
    expect(slides.map((slide) => `${slide.title}\n${slide.content}`.trim())).toEqual(
      SAMPLE_DECK.map((slide) => [slide.title, ...(slide.bullets ?? []), slide.caption].filter(Boolean).join("\n")),
    );
    expect(await leftovers()).toEqual({ dirs: [], processes: [] });
  }, 120_000);

  it("reports a compound file LibreOffice cannot convert, and a run over its time limit, leaving nothing behind", async () => {
    const garbage = temp.file("garbage.ppt");
    await writeFile(garbage, Buffer.concat([CFB_SIGNATURE, Buffer.alloc(8192, 0x41)]));
    const failed = await failure(convertPptToPptx(garbage, run));
    expect(failed).toBeInstanceOf(OfficeConversionFailed);
    expect(failed.detail).toBe("The PowerPoint file could not be converted.");

    const slow = await failure(renderSlideImages(sample, { ...run, timeoutMs: 50 }));
    expect(slow).toBeInstanceOf(OfficeConversionFailed);
    expect((slow as OfficeConversionFailed).reason).toBe("timeout");
    expect(slow.detail).toBe("Converting the PowerPoint file took too long.");
    // The whole process group was killed, and the folder removed.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await leftovers()).toEqual({ dirs: [], processes: [] });
  }, 120_000);
});
