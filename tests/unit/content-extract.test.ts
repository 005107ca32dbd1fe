import { writeFile } from "node:fs/promises";
import mammoth from "mammoth";
import { parseHTML } from "linkedom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ArchiveRefused, ExtractionFailed } from "@/lib/content/errors";
import { docxPreviewHtml, extractDocument, extractDocx, extractPdf, sanitizePreviewHtml } from "@/lib/content/extract";
import { htmlToSections } from "@/lib/content/sections";
import { buildDocx } from "../fixtures/docx";
import { pngBytes } from "../fixtures/images";
import { buildPdf } from "../fixtures/pdf";
import { makeTempDir } from "../fixtures/temp";
import { writeZip } from "../fixtures/zip";

let temp: Awaited<ReturnType<typeof makeTempDir>>;

beforeAll(async () => {
  temp = await makeTempDir("content-extract");
});

afterAll(() => temp.remove());

const LONG =
  "Narrated presentations turn written material into slides with a spoken script. Each slide keeps one idea, " +
  "and the narration explains it in plain words for the audience.";

describe("PDF extraction", () => {
  const pdf = buildPdf({
    title: "Quarterly Report",
    pages: [
      [
        { heading: "Introduction", size: 22 },
        { paragraph: LONG },
        { paragraph: "A second paragraph." },
        { heading: "Results and (early) findings", size: 16 },
        { paragraph: "Growth was steady." },
      ],
      [{ heading: "Outlook", size: 16 }, { paragraph: "More of the same next year." }],
    ],
  });

  it("keeps headings told by font size and joins wrapped lines into paragraphs", async () => {
    const content = await extractPdf(pdf);
    expect(content.title).toBe("Quarterly Report");
    expect(content.truncated).toBe(false);
    expect(content.sections).toEqual([
      { heading: "Introduction", level: 1, text: `${LONG}\n\nA second paragraph.` },
      { heading: "Results and (early) findings", level: 2, text: "Growth was steady." },
      { heading: "Outlook", level: 2, text: "More of the same next year." },
    ]);
    // The stored text keeps each heading's level as Markdown does.
    expect(content.text).toBe(
      `# Introduction\n\n${LONG}\n\nA second paragraph.\n\n## Results and (early) findings\n\nGrowth was steady.\n\n` +
        "## Outlook\n\nMore of the same next year.",
    );
  });

  it("gives headings levels by the rank of their sizes, whatever the sizes", async () => {
    const content = await extractPdf(
      buildPdf({
        pages: [
          [
            { heading: "Allotment Rules", size: 26 },
            { paragraph: "These rules apply to every plot on the Mill Lane site." },
            { heading: "Your Plot", size: 17 },
            { heading: "Keeping It Tidy", size: 13 },
            { paragraph: "Paths between plots must be kept clear of tools and weeds." },
            { heading: "Sheds", size: 13 },
            { paragraph: "A shed may be no taller than two metres." },
            { heading: "Water", size: 17 },
            { paragraph: "Water butts are filled from the mains on Saturdays." },
          ],
        ],
      }),
    );
    expect(content.sections.map((section) => [section.heading, section.level])).toEqual([
      ["Allotment Rules", 1],
      ["Your Plot", 2],
      ["Keeping It Tidy", 3],
      ["Sheds", 3],
      ["Water", 2],
    ]);
  });

  it("joins a sentence a page break cut in two, and keeps paragraphs that end before the break apart", async () => {
    const broken = buildPdf({
      title: "School Hours",
      pages: [
        [{ heading: "Later Start Times", size: 18 }, { paragraph: "Some schools have moved the start of the" }],
        [{ paragraph: "school day later in the morning. Pupils slept longer." }, { paragraph: "Attendance rose." }],
      ],
    });
    const content = await extractPdf(broken);
    expect(content.sections).toEqual([
      { heading: "Later Start Times", level: 1, text: "Some schools have moved the start of the school day later in the morning. Pupils slept longer.\n\nAttendance rose." },
    ]);
  });

  it("joins a sentence a page break cut before a figure ('… burns about | £900 of gas a month')", async () => {
    const broken = buildPdf({
      title: "The Furnace",
      pages: [
        [{ heading: "Paying for the Gas", size: 18 }, { paragraph: "Neither apprentice pays for the training. The furnace burns about" }],
        [{ paragraph: "£900 of gas a month, and a grant covers most of it." }],
      ],
    });
    const content = await extractPdf(broken);
    expect(content.sections).toEqual([
      { heading: "Paying for the Gas", level: 1, text: "Neither apprentice pays for the training. The furnace burns about £900 of gas a month, and a grant covers most of it." },
    ]);
  });

  it("joins a sentence a page break cut after a word no sentence ends on, when the next page goes on with a capital ('… between April and | October.')", async () => {
    const broken = buildPdf({
      title: "The Late Boat",
      pages: [
        [{ heading: "A Late Boat All Winter", size: 18 }, { paragraph: "Until now the 21:30 sailing ran only between April and" }],
        [{ paragraph: "October. Islanders had to leave the mainland by 19:00." }, { paragraph: "Those Who Stayed" }],
      ],
    });
    const content = await extractPdf(broken);
    expect(content.sections[0]).toEqual({
      heading: "A Late Boat All Winter",
      level: 1,
      text: "Until now the 21:30 sailing ran only between April and October. Islanders had to leave the mainland by 19:00.\n\nThose Who Stayed",
    });
  });

  it("keeps a compound's hyphen at a line's end ('eighteen-|month') and joins a word a typesetter split ('refurbish-|ment')", async () => {
    const wrapped = buildPdf({
      title: "The Library",
      lineWidth: 33,
      pages: [[{ heading: "Reopening", size: 18 }, { paragraph: "The library shut for an eighteen- month closure." }, { paragraph: "It needed a costly refurbish- ment of its roof." }]],
    });
    const content = await extractPdf(wrapped);
    expect(content.sections[0]?.text).toBe("The library shut for an eighteen-month closure.\n\nIt needed a costly refurbishment of its roof.");
  });

  it("joins a date wrapped at its day to its sentence rather than starting a numbered item ('before September | 30. After …')", async () => {
    const wrapped = buildPdf({
      title: "Refunds",
      pages: [
        [
          { heading: "Can I get a refund?", size: 18 },
          // 58 characters a line: the line breaks before "30.".
          { paragraph: "Fees are refunded in full if you withdraw before September 30. After that date we cannot give refunds." },
        ],
      ],
      lineWidth: 58,
    });
    const content = await extractPdf(wrapped);
    expect(content.sections).toEqual([{ heading: "Can I get a refund?", level: 1, text: "Fees are refunded in full if you withdraw before September 30. After that date we cannot give refunds." }]);
  });

  it("keeps a heading's wrapped line of figures in the heading", async () => {
    const wrapped = buildPdf({
      title: "Bins",
      pages: [[{ heading: "Changes to Your Bin Collections from 7 April 2025", lines: ["Changes to Your Bin Collections from 7 April", "2025"], size: 22 }, { paragraph: LONG }]],
    });
    const content = await extractPdf(wrapped);
    expect(content.sections).toEqual([{ heading: "Changes to Your Bin Collections from 7 April 2025", level: 1, text: LONG }]);
  });

  it("joins a list mark left alone at the foot of a page to its item's text on the next", async () => {
    const split = buildPdf({
      title: "Composting",
      pages: [
        [{ heading: "Greens", size: 18 }, { paragraph: "- Fruit and vegetable peelings" }, { paragraph: "-" }],
        [{ paragraph: "Grass cuttings" }, { paragraph: "- Young weeds, before they have set seed" }],
      ],
    });
    const content = await extractPdf(split);
    expect(content.sections).toHaveLength(1);
    expect(content.sections[0]!.text).toContain("- Grass cuttings");
  });

  it("reads a file on disk the same as its bytes, and takes its first heading as title without metadata", async () => {
    await writeFile(temp.file("report.pdf"), pdf);
    expect(await extractPdf(temp.file("report.pdf"))).toEqual(await extractPdf(pdf));
    const untitled = await extractPdf(buildPdf({ pages: [[{ heading: "Plain Title" }, { paragraph: LONG }]] }));
    expect(untitled.title).toBe("Plain Title");
  });

  it("gives text without headings one untitled section", async () => {
    const content = await extractPdf(buildPdf({ pages: [[{ paragraph: "Only body text here." }]] }));
    expect(content.sections).toEqual([{ heading: null, text: "Only body text here." }]);
  });

  it("cuts the text at the length limit and says so", async () => {
    const content = await extractPdf(pdf, { maxTextLength: 60 });
    expect(content.truncated).toBe(true);
    expect(content.text.length).toBeLessThanOrEqual(60);
    expect(content.sections[0]?.heading).toBe("Introduction");
  });

  it("fails a PDF without text (a scan) with its reason", async () => {
    await expect(extractPdf(buildPdf({ pages: [[]] }))).rejects.toMatchObject({
      reason: "empty",
      detail: "No text was found in this source.",
    });
  });

  it("stops at the time limit", async () => {
    const error = await extractPdf(pdf, { timeoutMs: 0 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ExtractionFailed);
    expect((error as ExtractionFailed).reason).toBe("timeout");
    expect((error as ExtractionFailed).detail).toBe("Reading this document took too long.");
  });

  it("refuses bytes that are not a readable PDF", async () => {
    await expect(extractPdf(new TextEncoder().encode("%PDF-1.4 nothing else"))).rejects.toBeInstanceOf(ExtractionFailed);
  });
});

describe("lists in HTML", () => {
  it("keeps each item on its own line with its mark, a numbered list from its start, a list inside an item after it", () => {
    const html =
      "<h2>Steps</h2><p>Before you start:</p><ol start=\"3\"><li>Move the <b>furniture</b>.</li><li><p>Wash the walls.</p><ul><li>Sugar soap</li><li>A sponge</li></ul></li></ol><p>Then paint.</p>";
    expect(htmlToSections(html).sections).toEqual([
      { heading: "Steps", level: 2, text: "Before you start:\n\n3. Move the furniture.\n4. Wash the walls.\n- Sugar soap\n- A sponge\n\nThen paint." },
    ]);
  });
});

describe("DOCX extraction", () => {
  it("maps heading styles to sections and keeps lists (each item with its mark) and tables as text", async () => {
    const docx = await buildDocx({
      title: "Team Handbook",
      blocks: [
        { paragraph: "Preface before any heading." },
        { heading: 1, text: "Getting started" },
        { paragraph: "Welcome to the team." },
        { bullets: ["Laptop", "Badge"] },
        { heading: 2, text: "Contacts" },
        { table: [["Name", "Role"], ["Ada", "Lead"]] },
      ],
    });
    await writeFile(temp.file("handbook.docx"), docx);
    const content = await extractDocx(temp.file("handbook.docx"));
    expect(content.title).toBe("Team Handbook");
    expect(content.sections).toEqual([
      { heading: null, text: "Preface before any heading." },
      { heading: "Getting started", level: 1, text: "Welcome to the team.\n\n- Laptop\n- Badge" },
      { heading: "Contacts", level: 2, text: "Name | Role\n\nAda | Lead" },
    ]);
    // Heading 1 and Heading 2 are stored as Markdown's levels.
    expect(content.text).toBe("Preface before any heading.\n\n# Getting started\n\nWelcome to the team.\n\n- Laptop\n- Badge\n\n## Contacts\n\nName | Role\n\nAda | Lead");
    expect(await extractDocx(docx)).toEqual(content);
    expect(await extractDocument("docx", docx)).toEqual(content);
    await expect(extractDocx(docx, { timeoutMs: 0 })).rejects.toMatchObject({ reason: "timeout", status: 422 });
    await expect(extractDocx(await buildDocx({ blocks: [] }))).rejects.toMatchObject({ reason: "empty" });
  });

  it("refuses a zip bomb before mammoth opens it", async () => {
    const path = temp.file("bomb.docx");
    const docx = await buildDocx({ blocks: [{ paragraph: "x" }] });
    await writeFile(temp.file("seed.docx"), docx);
    await writeZip(path, [
      { name: "[Content_Types].xml", data: "<Types/>" },
      { name: "word/document.xml", data: "<w:document/>" },
      { name: "word/media/big.bin", data: { zeros: 50 * 1024 * 1024 }, declaredSize: 10 },
    ]);
    await expect(extractDocx(path)).rejects.toBeInstanceOf(ArchiveRefused);
    await expect(docxPreviewHtml(path)).rejects.toBeInstanceOf(ArchiveRefused);
  });
});

/** Every element and attribute of a sanitised fragment, for assertions that nothing unsafe is left. */
function inspect(html: string) {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const elements = Array.from(document.body.querySelectorAll("*")) as Element[];
  return {
    document,
    tags: elements.map((element) => element.tagName.toLowerCase()),
    attributes: elements.flatMap((element) => Array.from(element.attributes).map((attribute) => attribute.name)),
  };
}

describe("DOCX preview", () => {
  it("renders structure and links, and nothing a document could run", async () => {
    const hostile = await buildDocx({
      blocks: [
        { heading: 1, text: "Preview" },
        { paragraph: '<script>alert("text")</script><b onclick="steal()">bold</b>' },
        {
          rawXml:
            '<w:p onclick="steal()"><script xmlns="http://www.w3.org/1999/xhtml">alert("xml")</script>' +
            '<w:r><w:t onmouseover="steal()">After the raw script</w:t></w:r></w:p>',
        },
        { link: "javascript:alert('link')", text: "Bad link" },
        { link: "https://example.com/docs?a=1&b=2", text: "Good link" },
        { table: [["Cell"]] },
      ],
    });
    // A style map stored in the file would turn every paragraph into a script element if it were honoured.
    const withStyleMap = (await mammoth.embedStyleMap({ buffer: Buffer.from(hostile) }, "p => script:fresh")).toBuffer();
    const html = await docxPreviewHtml(new Uint8Array(withStyleMap));
    const { tags, attributes, document } = inspect(html);

    expect(tags).not.toContain("script");
    expect(attributes.filter((name) => name.startsWith("on"))).toEqual([]);
    expect(html).not.toMatch(/javascript:/i);
    expect(tags).toEqual(expect.arrayContaining(["h1", "p", "a", "table", "td"]));
    // The injected text stays visible as text.
    expect(document.body.textContent).toContain('<script>alert("text")</script><b onclick="steal()">bold</b>');
    expect(document.body.textContent).toContain("After the raw script");

    const links = Array.from(document.body.querySelectorAll("a")) as HTMLAnchorElement[];
    expect(links.map((link) => [link.textContent, link.getAttribute("href"), link.getAttribute("rel")])).toEqual([
      ["Bad link", null, null],
      ["Good link", "https://example.com/docs?a=1&b=2", "noopener noreferrer nofollow"],
    ]);
  });

  it("keeps only embedded images of image types, as data", () => {
    const png = `data:image/png;base64,${Buffer.from(pngBytes()).toString("base64")}`;
    const html = sanitizePreviewHtml(
      `<p>a</p><img src="${png}" alt="chart"><img src="https://tracker.example/pixel.gif">` +
        `<img src="data:image/svg+xml;base64,PHN2Zy8+"><img src="//evil.example/x.png">`,
    );
    const { document } = inspect(html);
    const sources = Array.from(document.querySelectorAll("img")).map((image) => (image as HTMLImageElement).getAttribute("src"));
    expect(sources).toEqual([png]);
  });

  it("drops scripts, styles, frames, forms, event handlers and links outside the web", () => {
    const html = sanitizePreviewHtml(
      '<h2 id="x" class="y" style="color:red" onclick="a()">Title</h2><script>b()</script><style>p{}</style>' +
        '<iframe src="https://example.com"></iframe><form action="/x"><input name="q"></form>' +
        '<a href="mailto:a@b.c">mail</a><a href="/api/v1/users">relative</a><a href="https://ok.example/">ok</a>' +
        '<svg onload="c()"><circle/></svg><p onmouseover="d()">text</p>',
    );
    expect(html).toBe(
      "<h2>Title</h2><a>mail</a><a>relative</a>" +
        '<a href="https://ok.example/" rel="noopener noreferrer nofollow" target="_blank">ok</a><p>text</p>',
    );
  });
});
