// The passage index behind answers (source_passages), through the real route handlers and the extraction job: a
// source's text is cut into passages when it is stored (a heading and its paragraphs, at most 200 words), which put
// back in order give the text again; they are rewritten when the text changes and taken over by a kept source;
// sources stored before the index existed are indexed on their blog's first question.
import { asc, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as blogRoute from "@/app/api/v1/blogs/[id]/route";
import * as presentationsRoute from "@/app/api/v1/presentations/route";
import * as questionRoute from "@/app/api/v1/qa/question/route";
import * as streamRoute from "@/app/api/v1/qa/stream-response/route";
import { getDb } from "@/db/client";
import { NOT_COVERED_REPLY } from "@/lib/ai/answers";
import { generateOfflineOutline } from "@/lib/ai/offline-generator";
import { composeOfflineAnswer } from "@/lib/ai/offline-answers";
import { blogSources, sourcePassages } from "@/db/schema";
import { cutPassages, joinPassages, PASSAGE_MAX_CHARS, PASSAGE_MAX_WORDS } from "@/lib/content/passages";
import { extractBlogSources } from "@/lib/services/extraction";
import { passagesForQuestion, searchQueryOf, writePassages } from "@/lib/services/passages";
import type { PresentationOut } from "@/lib/services/presentations";
import type { QuestionOut } from "@/lib/services/qa";
import { loadArticle, type ArticleName } from "../fixtures/articles";
import { buildDocx } from "../fixtures/docx";
import { call, json } from "../support/api";
import type { Organisation } from "../support/accounts";
import { organisation } from "../support/admin";
import { newBlog, newProject, uploaded } from "../support/projects-blogs";

let alpha: Organisation;
let projectId: string;


async function passagesOf(sourceId: string) {
  const db = await getDb();
  return db
    .select({ position: sourcePassages.position, heading: sourcePassages.heading, body: sourcePassages.body, language: sourcePassages.language })
    .from(sourcePassages)
    .where(eq(sourcePassages.sourceId, sourceId))
    .orderBy(asc(sourcePassages.position));
}

async function sourcesOf(blogId: string) {
  const db = await getDb();
  return db.select().from(blogSources).where(eq(blogSources.blogId, blogId)).orderBy(asc(blogSources.kind), asc(blogSources.position));
}

const words = (text: string) => (text.match(/[\p{L}\p{N}]+/gu) ?? []).length;

beforeAll(async () => {
  alpha = await organisation("passages");
  projectId = (await newProject(alpha.admin.access_token, "Passages")).id;
});

describe("cutting", () => {
  it("cuts at headings and by length, and the passages put back together give the text", () => {
    const long = Array.from({ length: 30 }, (_, index) => `Sentence ${index} says something about compost and worms.`).join(" ");
    const text = ["Garden notes", "Compost needs air.", "Worms", long, "- one\n- two", "Closing words", "That is all."].join("\n\n");
    const passages = cutPassages(text);
    expect(passages[0]).toEqual({ heading: "Garden notes", body: "Compost needs air." });
    expect(passages.filter((passage) => passage.heading === "Worms").length).toBeGreaterThan(1);
    expect(passages.at(-1)).toEqual({ heading: "Closing words", body: "That is all." });
    for (const passage of passages) expect(words(passage.body)).toBeLessThanOrEqual(PASSAGE_MAX_WORDS);
    // Put back in order: the same words in the same order (a long paragraph's pieces are paragraphs of their own).
    const joined = joinPassages(passages.map((passage, position) => ({ ...passage, position })));
    expect(joined.replace(/\s+/g, " ")).toBe(text.replace(/\s+/g, " "));
    // No spaces at all: cut at the character limit.
    const solid = cutPassages("x".repeat(PASSAGE_MAX_CHARS * 3 + 5));
    expect(solid.map((passage) => passage.body.length)).toEqual([PASSAGE_MAX_CHARS, PASSAGE_MAX_CHARS, PASSAGE_MAX_CHARS, 5]);
  });

  it("keeps a long list's items on lines of their own when its block is cut", () => {
    const steps = Array.from({ length: 14 }, (_, index) => `${index + 1}. Stir the pot for ${index + 2} minutes, then taste it and add a pinch of salt if the sauce needs it.`);
    const passages = cutPassages(["Method", steps.join("\n")].join("\n\n"));
    const lines = passages.flatMap((passage) => passage.body.split("\n"));
    expect(lines).toEqual(steps);
  });

  it("looks a question up by its words only: operators and quotes never reach to_tsquery", () => {
    expect(searchQueryOf("What's the cost of a heat-pump? (a & b) | !c <-> 'd':*")).not.toMatch(/[&!():*'<>-]/);
    expect(searchQueryOf("How big is it?").split(" | ")).toEqual(expect.arrayContaining(["big", "size", "volume"]));
    expect(searchQueryOf("what is it about?")).toBe("");
  });
});

describe("the index follows the sources' text", () => {
  it("extraction writes a DOCX's passages with its headings; content blocks are indexed when written and rewritten when changed", async () => {
    const token = alpha.admin.access_token;
    const paragraphs = Array.from({ length: 40 }, (_, index) => ({ paragraph: `Paragraph ${index} of the guide explains how the insulation of roof number ${index} was done over ${index + 2} days by two fitters.` }));
    const docx = await buildDocx({ blocks: [{ heading: 1, text: "Insulation guide" }, ...paragraphs.slice(0, 20), { heading: 2, text: "Costs and grants" }, ...paragraphs.slice(20)] });
    const file = await uploaded(token, "sourcefile", docx, "guide.docx");
    const blog = await newBlog(token, projectId, { uploaded_files: [file.s3_path], content_blocks: ["Bees like lavender.", "Frogs like ponds."] });

    // Content blocks: indexed with the blog.
    const blocks = (await sourcesOf(blog.id)).filter((source) => source.kind === "content_block");
    expect(await passagesOf(blocks[0]!.id)).toEqual([{ position: 0, heading: "", body: "Bees like lavender.", language: "english" }]);

    await extractBlogSources(blog.id);
    const fileRow = (await sourcesOf(blog.id)).find((source) => source.kind === "file")!;
    expect(fileRow.extractionStatus).toBe("ready");
    const written = await passagesOf(fileRow.id);
    expect(written.map((passage) => passage.position)).toEqual(written.map((_, index) => index));
    expect(new Set(written.map((passage) => passage.heading))).toEqual(new Set(["Insulation guide", "Costs and grants"]));
    for (const passage of written) expect(words(passage.body)).toBeLessThanOrEqual(PASSAGE_MAX_WORDS);
    // The stored text marks each heading with its level ("# Insulation guide", "## Costs and grants"); a passage keeps
    // the heading's words.
    expect(fileRow.extractedText).toContain("\n\n## Costs and grants\n\n");
    expect(joinPassages(written)).toBe(fileRow.extractedText!.replace(/^#{1,6} /gm, ""));

    // The blocks replaced: the old blocks' passages go with them, the new one is indexed; the kept file, written
    // again as a new row, takes its passages over.
    const updated = await call(blogRoute.PUT, "PUT", { token, params: { id: blog.id }, body: { content_blocks: ["Owls hunt at night."], uploaded_files: [file.s3_path], website_links: ["https://example.com/new"] } });
    expect(updated.status, await updated.clone().text()).toBe(200);
    const after = await sourcesOf(blog.id);
    const db = await getDb();
    expect(await db.select().from(sourcePassages).where(inArray(sourcePassages.sourceId, blocks.map((block) => block.id)))).toEqual([]);
    const newBlock = after.find((source) => source.kind === "content_block")!;
    expect((await passagesOf(newBlock.id)).map((passage) => passage.body)).toEqual(["Owls hunt at night."]);
    const keptFile = after.find((source) => source.kind === "file")!;
    expect(await passagesOf(keptFile.id)).toEqual(written);
    const link = after.find((source) => source.kind === "website_link")!;
    expect(await passagesOf(link.id)).toEqual([]);
  });

  it("a source stored before the index existed is indexed on its blog's first question, once", async () => {
    const token = alpha.admin.access_token;
    const blog = await newBlog(token, projectId, { content_blocks: ["The community orchard grows forty apple trees of twelve kinds."] });
    const [block] = (await sourcesOf(blog.id)).filter((source) => source.kind === "content_block");
    const db = await getDb();
    await db.delete(sourcePassages).where(eq(sourcePassages.sourceId, block!.id));
    const created = await call(presentationsRoute.POST, "POST", {
      token,
      body: { blog_id: blog.id, template: "manual", slides: [{ slide_title: "Orchard", body: "Trees", slide_content: "The orchard is open to everyone on Sundays." }] },
    });
    expect(created.status).toBe(201);
    const deck = await json<PresentationOut>(created);
    const asked = await json<QuestionOut>(await call(questionRoute.POST, "POST", { token, body: { presentation_id: deck.id, question: "How many apple trees does the orchard grow?" } }));
    const spoken = await call(streamRoute.POST, "POST", { token, query: { chat_history_id: asked.chat_history_id }, headers: { "content-type": "application/json" } });
    expect(spoken.status).toBe(200);
    await spoken.arrayBuffer();
    expect(Buffer.from(spoken.headers.get("Response-Text") ?? "", "base64").toString("utf8")).toMatch(/forty apple trees/);
    expect((await passagesOf(block!.id)).map((passage) => passage.body)).toEqual(["The community orchard grows forty apple trees of twelve kinds."]);
  });
});

describe("answers from the index", () => {
  /** A blog whose one source holds the article, indexed as extraction indexes it; the deck made from the article. */
  async function indexedArticle(name: ArticleName) {
    const article = loadArticle(name);
    const blog = await newBlog(alpha.admin.access_token, projectId, { content_blocks: ["placeholder"] });
    const block = (await sourcesOf(blog.id)).find((source) => source.kind === "content_block");
    const db = await getDb();
    await db.transaction(async (tx) => {
      await tx.update(blogSources).set({ extractedText: article.text }).where(eq(blogSources.id, block!.id));
      await writePassages(tx, { id: block!.id, tenantId: alpha.tenantId, blogId: blog.id }, article.text);
    });
    const outline = generateOfflineOutline({ sources: [{ name: "article", kind: "main_document", text: article.text, isMain: true }], useMainSourceOnly: true, template: "professional" });
    const slides = outline.slides.map((slide, index) => ({ number: index + 1, title: slide.title, script: slide.script }));
    return { blogId: blog.id, text: article.text, slides };
  }

  // The offline answerer's own cases (tests/unit/ai-offline-answers.test.ts): the passages found for a question
  // answer it as the whole article does.
  const CASES: Record<ArticleName, { question: string; sentence: string | null }[]> = {
    "home-composting-guide": [
      { question: "How do I know when my compost is ready?", sentence: "Compost is ready when it is dark, crumbly and smells like forest soil" },
      { question: "What should stay out of an ordinary home bin?", sentence: "Meat, fish and dairy products should stay out of an ordinary home bin." },
      { question: "How moist should a compost heap be?", sentence: "should feel about as damp as a wrung-out sponge" },
      { question: "What temperature does a hot pile reach?", sentence: "A hot pile can reach temperatures between 55 and 65 degrees Celsius" },
      { question: "How often should I turn the pile?", sentence: "Turning every two to three weeks is enough for a hot pile" },
      { question: "What size kitchen caddy do I need?", sentence: "A container of five to seven litres with a tight lid" },
      { question: "Is lime good for compost?", sentence: "In most cases lime does more harm than good" },
      { question: "What is the capital of France?", sentence: null },
      { question: "How do I bake sourdough bread?", sentence: null },
    ],
    "city-heat-pumps": [
      { question: "What does a COP of three mean?", sentence: "A COP of three means that the heat pump delivers three kilowatt-hours of heat for every kilowatt-hour of electricity it uses." },
      { question: "How much does a heat pump cost for a public building?", sentence: "around 85,000 euros" },
      { question: "How many installers has the college course qualified?", sentence: "which has so far qualified 64 installers" },
      { question: "Why were residents near the swimming pool unhappy?", sentence: "residents near the Riverside swimming pool complained" },
      { question: "How cold can it get outside before an air-source heat pump stops working?", sentence: "Modern air-source models are designed to work at outdoor temperatures down to minus 20 degrees Celsius" },
      { question: "What did the deputy mayor say?", sentence: "the cheapest time to start was ten years ago" },
      { question: "Which composer wrote the Moonlight Sonata?", sentence: null },
    ],
  };

  for (const name of Object.keys(CASES) as ArticleName[]) {
    it(`answers the questions about ${name} from the passages found as from the whole text`, async () => {
      const { blogId, text, slides } = await indexedArticle(name);
      for (const { question, sentence } of CASES[name]) {
        const found = await passagesForQuestion(blogId, question);
        const fromIndex = composeOfflineAnswer({ question, currentSlide: 2, slides, sources: found.length > 0 ? [{ name: "article", text: joinPassages(found) }] : [] });
        const fromWhole = composeOfflineAnswer({ question, currentSlide: 2, slides, sources: [{ name: "article", text }] });
        if (sentence === null) {
          expect(fromIndex.text, question).toBe(NOT_COVERED_REPLY);
        } else {
          expect(fromWhole.text, question).toContain(sentence);
          expect(fromIndex.text, question).toContain(sentence);
        }
      }
    });
  }
});
