// The evaluation corpus: one folder per article under eval/corpus/ with article.md (the article, in the Markdown subset
// of eval/markdown.ts), gold.json (what a good deck and good answers hold) and any extra sources it names. Every gold
// sentence is checked against the text here, so a typo in the gold data fails loudly instead of counting as a miss.
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseMarkdown, plainText, type Block } from "./markdown";
import { containsWords, wordCount } from "./text";

/** The project's corpus. */
export const DEFAULT_CORPUS_DIR = path.resolve(import.meta.dirname, "corpus");
/** The folder of article folders run: EVAL_CORPUS_DIR (articles of the same format kept outside the project) or eval/corpus/. */
export const CORPUS_DIR = process.env.EVAL_CORPUS_DIR ? path.resolve(process.env.EVAL_CORPUS_DIR) : DEFAULT_CORPUS_DIR;
/** Whether another folder than the project's corpus is run: its figures are not those of eval/baseline.json. */
export const OTHER_CORPUS = CORPUS_DIR !== DEFAULT_CORPUS_DIR;

const goldSchema = z
  .object({
    subject: z.string().min(1),
    /** Used when the article has no level-1 heading. */
    title: z.string().min(1).optional(),
    /** How the PDF sets its headings: 'large' (24/18/14 pt over 11 pt body) or 'bold' (bold 20/16/14 pt over 14 pt body). */
    pdfHeadings: z.enum(["large", "bold"]),
    /** The article's language (ISO 639-1): the deck is expected in it, detected from the text; English by default. */
    language: z.enum(["en", "fr", "de", "es", "it", "pt", "nl", "ru"]).default("en"),
    /** In the small fixed set CI runs (--subset). */
    subset: z.boolean().default(false),
    /** Extra sources (files in the article's folder), given beside the main one with use_main_source_only false. */
    extras: z.array(z.string().min(1)).default([]),
    /** Titles of the sections the deck must cover, in order (headings of the article); left out for an article without headings. */
    sections: z.array(z.string().min(1)).default([]),
    /** For an article without headings: a sentence from each part the deck must cover, in order. */
    parts: z.array(z.string().min(1)).default([]),
    questions: z
      .array(
        z.object({
          q: z.string().min(1),
          style: z.enum(["heading", "summary", "number", "paraphrase", "fact"]),
          /** The sentence that answers it, exactly as in the text; several when any one of them answers it. */
          gold: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).transform((gold) => (Array.isArray(gold) ? gold : [gold])),
        }),
      )
      .min(8),
    /** Questions the article and its extra sources do not answer: the right reply is the 'not covered' one. */
    unanswerable: z.array(z.string().min(1)).min(2),
  })
  .refine((gold) => gold.sections.length > 0 || gold.parts.length > 0, "gold needs sections or parts");

export type Gold = z.infer<typeof goldSchema>;

export interface Extra {
  /** File name without extension, e.g. "extra-editors-note". */
  name: string;
  markdown: string;
  blocks: Block[];
}

export interface Article {
  id: string;
  title: string;
  markdown: string;
  blocks: Block[];
  extras: Extra[];
  gold: Gold;
  words: number;
  /** Whether the article marks its sections with headings (coverage goals apply to such articles). */
  structured: boolean;
  /** The headings under each gold section's heading (its subsections), by section. */
  subsections: Map<string, string[]>;
}

/** Headings of a lower level that follow each heading, up to the next heading of its level or above. */
function subsectionsOf(blocks: readonly Block[], sections: readonly string[]): Map<string, string[]> {
  const headings = blocks.flatMap((block) => (block.kind === "heading" ? [block] : []));
  const result = new Map<string, string[]>();
  for (const section of sections) {
    const index = headings.findIndex((heading) => heading.text === section);
    const level = headings[index]?.level ?? 1;
    const under: string[] = [];
    for (const heading of headings.slice(index + 1)) {
      if (heading.level <= level) break;
      under.push(plainText(heading.text));
    }
    result.set(section, under);
  }
  return result;
}

/** The whole text as a reader sees it: blocks joined, table rows as cells joined by bars. */
export function readerText(blocks: readonly Block[]): string {
  return blocks
    .map((block) => {
      if (block.kind === "heading" || block.kind === "paragraph") return plainText(block.text);
      if (block.kind === "list") return block.items.map(plainText).join("\n");
      return block.rows.map((row) => `| ${row.map(plainText).join(" | ")} |`).join("\n");
    })
    .join("\n\n");
}

function loadArticle(id: string): Article {
  const folder = path.join(CORPUS_DIR, id);
  const markdown = readFileSync(path.join(folder, "article.md"), "utf8");
  const gold = goldSchema.parse(JSON.parse(readFileSync(path.join(folder, "gold.json"), "utf8")));
  const blocks = parseMarkdown(markdown);
  const extras = gold.extras.map((file) => {
    const text = readFileSync(path.join(folder, file), "utf8");
    return { name: file.replace(/\.md$/, ""), markdown: text, blocks: parseMarkdown(text) };
  });
  const first = blocks[0];
  const title = first?.kind === "heading" && first.level === 1 ? first.text : gold.title;
  if (!title) throw new Error(`${id}: no level-1 heading and no "title" in gold.json`);
  const text = readerText(blocks);
  const everything = [text, ...extras.map((extra) => readerText(extra.blocks))].join("\n\n");
  const problems: string[] = [];
  const headings = blocks.filter((block) => block.kind === "heading").map((block) => (block.kind === "heading" ? block.text : ""));
  for (const section of gold.sections) if (!headings.includes(section)) problems.push(`section "${section}" is not a heading of the article`);
  for (const part of gold.parts) if (!containsWords(text, part)) problems.push(`part "${part}" is not in the article`);
  for (const question of gold.questions) {
    for (const sentence of question.gold) if (!containsWords(everything, sentence)) problems.push(`gold of "${question.q}" is not in the text: "${sentence}"`);
  }
  const words = wordCount(text);
  if (words < 400 || words > 2500) problems.push(`${words} words; articles hold 400 to 2,500`);
  if (problems.length > 0) throw new Error(`${id}:\n  ${problems.join("\n  ")}`);
  return { id, title, markdown, blocks, extras, gold, words, structured: gold.sections.length > 0, subsections: subsectionsOf(blocks, gold.sections) };
}

/** Every article of the corpus, by folder name. */
export function loadCorpus(): Article[] {
  if (!existsSync(CORPUS_DIR)) throw new Error(`no corpus folder ${CORPUS_DIR} (EVAL_CORPUS_DIR)`);
  return readdirSync(CORPUS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(CORPUS_DIR, entry.name, "gold.json")))
    .map((entry) => entry.name)
    .sort()
    .map(loadArticle);
}
