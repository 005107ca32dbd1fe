import { truncate, writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ArchiveRefused } from "@/lib/content/errors";
import { AppError } from "@/lib/errors";
import {
  NO_SLIDES_MESSAGE,
  NoSlidesFound,
  PowerPointSlideTooLarge,
  PowerPointTooLarge,
  PPTX_LIMITS,
  PPTX_MAX_BYTES,
} from "@/lib/pptx/errors";
import { parsePptx } from "@/lib/pptx/parse";
import { buildDocx } from "../fixtures/docx";
import { bigTextPptx, doctypeEntityPptx, nestedGroupsPptx } from "../fixtures/hostile";
import { buildPptxFixture, editPptx, SAMPLE_DECK } from "../fixtures/pptx";
import { makeTempDir } from "../fixtures/temp";
import { writeZip } from "../fixtures/zip";

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let sample: Uint8Array;
let counter = 0;

beforeAll(async () => {
  temp = await makeTempDir("pptx-parse");
  sample = await buildPptxFixture();
});
afterAll(() => temp.remove());

async function saved(bytes: Uint8Array | string, name = `deck-${++counter}.pptx`): Promise<string> {
  await writeFile(temp.file(name), bytes);
  return temp.file(name);
}

async function parseBytes(bytes: Uint8Array) {
  return parsePptx(await saved(bytes));
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("the file was accepted");
}

async function editPart(bytes: Uint8Array, part: string, change: (xml: string) => string): Promise<Uint8Array> {
  return editPptx(bytes, async (zip) => {
    const xml = await zip.file(part)?.async("string");
    if (xml === undefined) throw new Error(`${part} is not in the fixture`);
    const changed = change(xml);
    if (changed === xml) throw new Error(`the edit of ${part} changed nothing`);
    zip.file(part, changed);
  });
}

describe("parsePptx", () => {
  it("reads titles, bullet text and speaker notes of a pptxgenjs deck in order", async () => {
    const { slides } = await parseBytes(sample);
    expect(slides).toEqual([
      {
        slideNumber: 1,
        title: "Quarterly Review",
        content: "Prepared by the data team",
        notes: "Welcome everyone to the quarterly review.",
      },
      {
        slideNumber: 2,
        title: "Highlights",
        content: "Revenue grew 12%\nChurn fell to 3%\nTwo new markets & partners",
        notes: "Three things stood out this quarter.\nFirst, revenue grew by twelve percent.",
      },
      { slideNumber: 3, title: "The Team", content: "Hired 4 engineers", notes: "Here is the team photo <taken in May>." },
      { slideNumber: 4, title: "Next Steps", content: "Launch in Spain\nHire a designer", notes: "" },
    ]);
    expect(slides).toHaveLength(SAMPLE_DECK.length);
  });

  it("follows the presentation's slide list, not the slide files' names", async () => {
    const reordered = await editPart(sample, "ppt/presentation.xml", (xml) =>
      xml.replace(
        /(<p:sldId id="256" r:id="rId2"\/>)(<p:sldId id="257" r:id="rId3"\/>)(<p:sldId id="258" r:id="rId4"\/>)/,
        "$3$1$2",
      ),
    );
    const { slides } = await parseBytes(reordered);
    expect(slides.map((slide) => [slide.slideNumber, slide.title])).toEqual([
      [1, "The Team"],
      [2, "Quarterly Review"],
      [3, "Highlights"],
      [4, "Next Steps"],
    ]);
    expect(slides[0]!.notes).toBe("Here is the team photo <taken in May>.");
  });

  it("leaves hidden slides out and numbers the shown ones from 1", async () => {
    const hidden = await editPart(sample, "ppt/slides/slide2.xml", (xml) => xml.replace("<p:sld ", '<p:sld show="0" '));
    const { slides } = await parseBytes(hidden);
    expect(slides.map((slide) => [slide.slideNumber, slide.title])).toEqual([
      [1, "Quarterly Review"],
      [2, "The Team"],
      [3, "Next Steps"],
    ]);
  });

  it("takes a centred title as the title and reads parts written with other namespace prefixes", async () => {
    let bytes = await editPart(sample, "ppt/slides/slide1.xml", (xml) => xml.replace('type="title"', 'type="ctrTitle"'));
    bytes = await editPart(bytes, "ppt/slides/slide2.xml", (xml) =>
      xml.replace(/<(\/?)p:/g, "<$1pml:").replace(/<(\/?)a:/g, "<$1dml:").replace("xmlns:p=", "xmlns:pml=").replace("xmlns:a=", "xmlns:dml="),
    );
    const { slides } = await parseBytes(bytes);
    expect(slides[0]).toMatchObject({ title: "Quarterly Review", content: "Prepared by the data team" });
    expect(slides[1]).toMatchObject({ title: "Highlights", content: "Revenue grew 12%\nChurn fell to 3%\nTwo new markets & partners" });
  });

  it("reads groups, tables and one branch of alternate content, and skips slide numbers, dates and footers", async () => {
    const shapes = `
      <p:grpSp><p:nvGrpSpPr><p:cNvPr id="10" name="Group"/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>
        <p:sp><p:nvSpPr><p:cNvPr id="11" name="In group"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr/>
          <p:txBody><a:bodyPr/><a:p><a:r><a:t>Grouped   text</a:t></a:r><a:br/><a:r><a:t>on two lines</a:t></a:r></a:p></p:txBody></p:sp>
      </p:grpSp>
      <p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="12" name="Table"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm/>
        <a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table"><a:tbl>
          <a:tr h="1"><a:tc><a:txBody><a:bodyPr/><a:p><a:r><a:t>Region</a:t></a:r></a:p></a:txBody></a:tc><a:tc><a:txBody><a:bodyPr/><a:p><a:r><a:t>Sales</a:t></a:r></a:p></a:txBody></a:tc></a:tr>
          <a:tr h="1"><a:tc><a:txBody><a:bodyPr/><a:p><a:r><a:t>North</a:t></a:r></a:p></a:txBody></a:tc><a:tc><a:txBody><a:bodyPr/><a:p><a:r><a:t>42</a:t></a:r></a:p></a:txBody></a:tc></a:tr>
        </a:tbl></a:graphicData></a:graphic></p:graphicFrame>
      <mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">
        <mc:Choice Requires="p14"><p:sp><p:nvSpPr><p:cNvPr id="13" name="New"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:p><a:r><a:t>Shown once</a:t></a:r></a:p></p:txBody></p:sp></mc:Choice>
        <mc:Fallback><p:sp><p:nvSpPr><p:cNvPr id="13" name="Old"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:p><a:r><a:t>Shown once</a:t></a:r></a:p></p:txBody></p:sp></mc:Fallback>
      </mc:AlternateContent>
      <p:sp><p:nvSpPr><p:cNvPr id="14" name="Number"/><p:cNvSpPr/><p:nvPr><p:ph type="sldNum" idx="12"/></p:nvPr></p:nvSpPr><p:spPr/>
        <p:txBody><a:bodyPr/><a:p><a:fld id="{1}" type="slidenum"><a:t>4</a:t></a:fld></a:p></p:txBody></p:sp>
      <p:sp><p:nvSpPr><p:cNvPr id="15" name="Footer"/><p:cNvSpPr/><p:nvPr><p:ph type="ftr" idx="11"/></p:nvPr></p:nvSpPr><p:spPr/>
        <p:txBody><a:bodyPr/><a:p><a:r><a:t>Confidential</a:t></a:r></a:p></p:txBody></p:sp>
      <p:sp><p:nvSpPr><p:cNvPr id="16" name="Content"/><p:cNvSpPr/><p:nvPr><p:ph idx="1"/></p:nvPr></p:nvSpPr><p:spPr/>
        <p:txBody><a:bodyPr/><a:p><a:r><a:t>Updated </a:t></a:r><a:fld id="{2}" type="datetime1"><a:t>5/1/2026</a:t></a:fld></a:p><a:p/><a:p><a:r><a:t>  </a:t></a:r></a:p></p:txBody></p:sp>`;
    const bytes = await editPart(sample, "ppt/slides/slide4.xml", (xml) => xml.replace("</p:spTree>", `${shapes}</p:spTree>`));
    const { slides } = await parseBytes(bytes);
    expect(slides[3]).toEqual({
      slideNumber: 4,
      title: "Next Steps",
      content: [
        "Launch in Spain",
        "Hire a designer",
        "Grouped text on two lines",
        "Region | Sales",
        "North | 42",
        "Shown once",
        "Updated 5/1/2026",
      ].join("\n"),
      notes: "",
    });
  });

  it("joins notes paragraphs with newlines, keeps one blank line between passages and ignores the notes page's furniture", async () => {
    const body = `<a:p><a:r><a:t>First   passage,</a:t></a:r><a:br/><a:r><a:t>same paragraph.</a:t></a:r></a:p><a:p/><a:p/><a:p/>
      <a:p><a:r><a:t>Second passage.</a:t></a:r></a:p><a:p/>`;
    const bytes = await editPart(sample, "ppt/notesSlides/notesSlide2.xml", (xml) =>
      xml.replace(/<p:txBody><a:bodyPr\/><a:lstStyle\/><a:p><a:r><a:rPr lang="en-US" dirty="0"\/><a:t>[\s\S]*?<\/a:p>/, `<p:txBody><a:bodyPr/><a:lstStyle/>${body}`),
    );
    const { slides } = await parseBytes(bytes);
    // The notes page's slide number placeholder (2) is not part of the notes.
    expect(slides[1]!.notes).toBe("First passage,\nsame paragraph.\n\nSecond passage.");
  });

  it("answers the spec's message for an empty file, text, a DOCX and a deck without slides", async () => {
    const docx = await buildDocx({ title: "Plan", blocks: [{ heading: 1, text: "Plan" }] });
    const noSlides = await editPart(sample, "ppt/presentation.xml", (xml) =>
      xml.replace(/<p:sldIdLst>.*<\/p:sldIdLst>/, "<p:sldIdLst/>"),
    );
    const missingSlidePart = await editPptx(sample, (zip) => {
      zip.remove("ppt/slides/slide3.xml");
    });
    for (const [name, bytes] of [
      ["empty.pptx", new Uint8Array()],
      ["notes.pptx", "These are my slides, honestly."],
      ["report.pptx", docx],
      ["no-slides.pptx", noSlides],
      ["missing-slide.pptx", missingSlidePart],
    ] as const) {
      const error = await failure(parsePptx(await saved(bytes, name)));
      expect(error, name).toBeInstanceOf(NoSlidesFound);
      expect(error.status).toBe(422);
      expect(error.detail).toBe(NO_SLIDES_MESSAGE);
      expect(NO_SLIDES_MESSAGE).toBe("No slides found in PowerPoint file or invalid response format");
    }
  });

  it("refuses a zip bomb named .pptx before opening any part", async () => {
    const bomb = temp.file("holiday.pptx");
    await writeZip(bomb, [
      { name: "[Content_Types].xml", data: "<Types/>" },
      { name: "ppt/presentation.xml", data: "<p:presentation/>" },
      { name: "ppt/media/image1.png", data: { zeros: 120 * 1024 * 1024 } },
    ]);
    const error = await failure(parsePptx(bomb));
    expect(error).toBeInstanceOf(ArchiveRefused);
    expect(error.status).toBe(413);
    expect(error.detail).toBe("This document is too large when unpacked and cannot be processed.");
  });

  it("refuses a file over 50MB with the spec's message without reading it", async () => {
    const big = await saved(new Uint8Array(), "big.pptx");
    await truncate(big, PPTX_MAX_BYTES + 1);
    const error = await failure(parsePptx(big));
    expect(error).toBeInstanceOf(PowerPointTooLarge);
    expect(error.status).toBe(413);
    expect(error.detail).toBe("PowerPoint file must be less than 50MB");
  });

  describe("hostile files (issue 20)", { timeout: 120_000 }, () => {
    it("refuses a DOCTYPE that declares entities (the billion laughs) with the spec's 422, expanding nothing", async () => {
      const error = await failure(parseBytes(await doctypeEntityPptx()));
      expect(error).toBeInstanceOf(NoSlidesFound);
      expect(error.status).toBe(422);
      expect(error.detail).toBe(NO_SLIDES_MESSAGE);
    });

    it("refuses 30,000 nested group shapes with the spec's 422, without running out of stack", async () => {
      const error = await failure(parseBytes(await nestedGroupsPptx(30_000)));
      expect(error).toBeInstanceOf(NoSlidesFound);
      expect(error.status).toBe(422);
      expect(error.detail).toBe(NO_SLIDES_MESSAGE);
    });

    it("still reads text inside groups nested as deep as real decks nest them", async () => {
      const open = "<p:grpSp><p:nvGrpSpPr><p:cNvPr id=\"9\" name=\"G\"/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>";
      const shape =
        '<p:sp><p:nvSpPr><p:cNvPr id="8" name="Deep"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:p><a:r><a:t>Deep inside</a:t></a:r></a:p></p:txBody></p:sp>';
      const bytes = await editPart(sample, "ppt/slides/slide4.xml", (xml) =>
        xml.replace("</p:spTree>", `${open.repeat(60)}${shape}${"</p:grpSp>".repeat(60)}</p:spTree>`),
      );
      const { slides } = await parseBytes(bytes);
      expect(slides[3]!.content).toBe("Launch in Spain\nHire a designer\nDeep inside");
    });

    it.each([
      ["6 MB", 6_000_000],
      ["12 MB", 12_000_000],
    ])("refuses a slide of %s of ordinary text with 413 and the slide's number, as soon as its text passes the bound", async (_label, size) => {
      const bytes = await bigTextPptx(size);
      expect(bytes.length).toBeLessThan(size / 5);
      const error = await failure(parseBytes(bytes));
      expect(error).toBeInstanceOf(PowerPointSlideTooLarge);
      expect(error.status).toBe(413);
      expect(error.detail).toBe("Slide 1 of the PowerPoint file has more than 100,000 characters of text");
    });

    it.each([
      ["20 MB", 20_000_000],
      ["40 MB", 40_000_000],
    ])("refuses a slide part of %s from its declared size, before reading it", async (_label, size) => {
      const error = await failure(parseBytes(await bigTextPptx(size)));
      expect(error).toBeInstanceOf(PowerPointSlideTooLarge);
      expect(error.status).toBe(413);
      expect(error.detail).toBe("Slide 1 of the PowerPoint file is too large to import (more than 16MB unpacked)");
    });

    it("reads a slide whose text is just within the bound, speaker notes included", async () => {
      const line = "x".repeat(99);
      const bullets = Array.from({ length: 900 }, () => line);
      const notes = "n".repeat(PPTX_LIMITS.slideTextChars - 900 * 99 - "Dense".length - 10);
      const { slides } = await parseBytes(await buildPptxFixture([{ title: "Dense", bullets, notes }]));
      expect(slides[0]!.content.split("\n")).toHaveLength(900);
      expect(slides[0]!.notes).toHaveLength(notes.length);
    });

    it("refuses a deck with more slides shown than a presentation may have, counting no hidden slide", async () => {
      const many = Array.from({ length: PPTX_LIMITS.slides + 1 }, (_, index) => ({ title: `Slide ${index + 1}` }));
      const error = await failure(parseBytes(await buildPptxFixture(many)));
      expect(error).toBeInstanceOf(PowerPointSlideTooLarge);
      expect(error.status).toBe(413);
      expect(error.detail).toBe("A presentation can have at most 100 slides");
      const oneHidden = await editPart(await buildPptxFixture(many), "ppt/slides/slide7.xml", (xml) => xml.replace("<p:sld ", '<p:sld show="0" '));
      const { slides } = await parseBytes(oneHidden);
      expect(slides).toHaveLength(PPTX_LIMITS.slides);
    });
  });
});
