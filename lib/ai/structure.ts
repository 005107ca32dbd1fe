// Reads extracted source text back into its structure: title, sections under headings, paragraphs, list items and
// sentences. Extraction stores text with each heading on its own line and blank lines between paragraphs
// (lib/content/sections.ts), marked with its level as a Markdown heading ("## Heading") when the extractor knew it
// (as pasted Markdown has it too). Unmarked headings (text stored before levels were kept, plain text) are
// recognised by shape: a short line without closing punctuation that introduces prose. Runs of such lines are
// lists, not headings.
import { splitSentences, terms, wordCount, isProseSentence, type Sentence } from "./text";

export interface SourceSection {
  heading: string | null;
  /** The heading's level (1 to 6), when the extractor knew it. */
  level?: number;
  text: string;
}

export interface Paragraph {
  sentences: Sentence[];
  /** List items (short lines) of the paragraph: bullet material, not narration. */
  items: string[];
  /** A table's rows, its header row first, each a list of cells: shown as rows, never narrated as prose. */
  table?: string[][];
  words: number;
}

export interface DocSection {
  heading: string | null;
  /**
   * The heading of the part this section belongs to: a heading with no text of its own directly above this
   * section's heading or above an earlier sibling's ("Getting a Plot" over "Who can apply?"), until the next such
   * heading. Null when no heading without text came before.
   */
  group?: string | null;
  /**
   * The headings of the sections straight under this one ("Check the dock", "Clean the charging contacts" under
   * "The Robot Will Not Charge"), where headings have levels; empty otherwise.
   */
  subheadings?: string[];
  paragraphs: Paragraph[];
  words: number;
  source: string;
  isMain: boolean;
}

export interface ParsedSource {
  title: string | null;
  sections: DocSection[];
}

type BlockKind = "heading" | "prose" | "item" | "candidate" | "table";

interface Block {
  kind: BlockKind;
  text: string;
  rows?: string[][];
  /** A Markdown heading's level (the number of its #); unknown (undefined) for headings found by their shape. */
  level?: number;
}

const BULLET = /^(?:[-*•·‣▪◦–]|\(?\d{1,2}[.)]|\(?[a-z][.)])\s+/i;
const MARKDOWN_HEADING = /^#{1,6}\s+/;
const GENERIC_TITLES = /^(?:introduction|intro|overview|summary|background|abstract|contents|table of contents|preface|foreword)$/i;
/** Bylines, dates and reading times that pages put around a title: not content. */
const META_LINE =
  /^(?:(?:by|written by|posted|published|updated|last updated|author)\b.{0,80}|\d+\s*min(?:ute)?s? read|[A-Z][a-z]+ \d{1,2}, \d{4}|\d{1,2} [A-Z][a-z]+ \d{4}|\d{4}-\d{2}-\d{2})$/i;

/** Words of a title or an organisation's name written in lower case ("Chair of the Board", "Parks and Recreation"). */
const NAME_JOINERS = new Set(["of", "the", "and", "for", "on", "at", "in", "&", "de", "du", "von", "van"]);

/**
 * A signature under a statement or a letter: a person's name, then a role and an organisation ("Donal Reilly, Chair,
 * Inishcarrow Community Council"). Who signed it, not what it says: no slide line, no narration.
 */
function isSignature(line: string): boolean {
  if (/[.!?:;]$|\d/.test(line)) return false;
  const parts = line.replace(/^[-–—]\s*/, "").split(/,\s+/);
  if (parts.length < 2 || parts.length > 3) return false;
  const capitalised = (word: string) => /^\p{Lu}[\p{L}'’.-]*$/u.test(word);
  const name = parts[0]!.split(" ");
  if (name.length < 2 || name.length > 4 || !name.every(capitalised)) return false;
  return parts.slice(1).every((part) => {
    const words = part.split(" ");
    return words.length <= 6 && capitalised(words[0]!) && words.every((word) => capitalised(word) || NAME_JOINERS.has(word));
  });
}

/** A line shaped like a heading: short, starts with a capital or digit, no closing punctuation but a question mark. */
function headingShaped(line: string): boolean {
  const count = wordCount(line);
  if (count === 0 || count > 14 || line.length > 120) return false;
  if (!/^["“'‘]?[\p{Lu}\p{N}]/u.test(line) || !/\p{L}/u.test(line)) return false;
  if (line.includes(" | ")) return false;
  if (/[.,;:!…]["'”’)]*$/.test(line)) return false;
  if (line.endsWith("?") && count > 12) return false;
  return true;
}

/** Inline Markdown a reader does not see: bold and italic marks, back-ticks, links (their text kept), images. */
export function plainInline(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\((?:[^()]|\([^)]*\))*\)/g, "$1")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/(^|[\s(])[*_]([^*_\s][^*_]*?)[*_](?=[\s).,;:!?]|$)/g, "$1$2")
    .replace(/\\([*_#`|])/g, "$1")
    .replace(/\s{2,}/g, " ")
    .trim();
}

const TABLE_RULE = /^\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?$/;

function isTableLine(line: string): boolean {
  return line.includes(" | ") || (/^\|.*\|$/.test(line) && line.length > 2);
}

function cellsOf(line: string): string[] {
  return line
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split("|")
    .map((cell) => plainInline(cell.trim()));
}

/** Lines of one block without markdown headings among them (those are split off by classify). */
function classifyLines(lines: string[], headingsAllowed: boolean): Block[] {
  if (lines.length === 0) return [];
  // A Setext heading: the text underlined with === or ---.
  if (lines.length === 2 && /^(?:=+|-+)$/.test(lines[1]!) && lines[1]!.length >= 3) {
    return headingsAllowed ? [{ kind: "heading", text: plainInline(lines[0]!) }] : [{ kind: "item", text: plainInline(lines[0]!) }];
  }
  const blocks: Block[] = [];
  // Tables and lists inside a block keep their own shape; the prose around them stays prose.
  let prose: string[] = [];
  const flushProse = () => {
    if (prose.length > 0) blocks.push(...classifyProse(prose, headingsAllowed));
    prose = [];
  };
  let index = 0;
  while (index < lines.length) {
    if (isTableLine(lines[index]!) || TABLE_RULE.test(lines[index]!)) {
      let end = index;
      while (end < lines.length && (isTableLine(lines[end]!) || TABLE_RULE.test(lines[end]!))) end += 1;
      const rows = lines.slice(index, end).filter((line) => !TABLE_RULE.test(line)).map(cellsOf).filter((row) => row.some(Boolean));
      if (rows.length > 0) {
        flushProse();
        blocks.push({ kind: "table", text: "", rows });
      }
      index = end;
      continue;
    }
    if (BULLET.test(lines[index]!) && (lines.length === 1 || BULLET.test(lines[index + 1] ?? "") || BULLET.test(lines[index - 1] ?? ""))) {
      flushProse();
      blocks.push({ kind: "item", text: plainInline(lines[index]!.replace(BULLET, "")) });
      index += 1;
      continue;
    }
    prose.push(lines[index]!);
    index += 1;
  }
  flushProse();
  return blocks;
}

function classifyProse(raw: string[], headingsAllowed: boolean): Block[] {
  const lines = raw.map(plainInline).filter(Boolean);
  if (lines.length === 0) return [];
  if (lines.every((line) => BULLET.test(line))) return lines.map((line) => ({ kind: "item", text: line.replace(BULLET, "") }));
  if (lines.length > 1 && lines.every((line) => headingShaped(line) || BULLET.test(line))) {
    return lines.map((line) => ({ kind: "item", text: line.replace(BULLET, "") }));
  }
  if (lines.length === 1 && (META_LINE.test(lines[0]!) || isSignature(lines[0]!))) return [];
  if (lines.length === 1 && headingShaped(lines[0]!)) return [{ kind: headingsAllowed ? "candidate" : "item", text: lines[0]! }];
  return [{ kind: "prose", text: lines.join(" ") }];
}

/**
 * The blocks of one paragraph of extracted text. A Markdown heading is recognised on any line, also when its text
 * follows on the next line without a blank line between (as pasted Markdown often has it).
 */
function classify(raw: string, headingsAllowed: boolean): Block[] {
  const lines = raw
    .split(/\r?\n/)
    .map((line) => line.replace(/[\s\u00a0]+/g, " ").trim())
    .filter(Boolean);
  const blocks: Block[] = [];
  let run: string[] = [];
  for (const line of lines) {
    if (MARKDOWN_HEADING.test(line)) {
      blocks.push(...classifyLines(run, headingsAllowed));
      run = [];
      const text = plainInline(line.replace(MARKDOWN_HEADING, "").replace(/\s+#+$/, ""));
      const level = /^#+/.exec(line)![0].length;
      if (text) blocks.push(headingsAllowed ? { kind: "heading", text, level } : { kind: "item", text });
    } else run.push(line);
  }
  blocks.push(...classifyLines(run, headingsAllowed));
  return blocks;
}

/** Decides, for each run of heading-shaped lines, which are headings and which are list items. */
function resolveCandidates(blocks: Block[]): Block[] {
  const resolved = blocks.map((block) => ({ ...block }));
  let index = 0;
  while (index < resolved.length) {
    if (resolved[index]!.kind !== "candidate") {
      index += 1;
      continue;
    }
    let end = index;
    while (end + 1 < resolved.length && resolved[end + 1]!.kind === "candidate") end += 1;
    const previous = resolved[index - 1];
    const next = resolved[end + 1];
    const introducedList = previous?.kind === "prose" && /:["'”’]?$/.test(previous.text);
    // Short lines straight under a heading marked with its level (where every heading is marked, as the extractors
    // store them) are that section's list ("Packing List" over "A warm jacket", "Walking boots"), not headings.
    const underMarkedHeading = previous?.kind === "heading" && previous.level !== undefined && end > index;
    for (let position = index; position <= end; position += 1) {
      const block = resolved[position]!;
      if (!next || introducedList || underMarkedHeading) block.kind = "item";
      else if (end - index + 1 >= 3) block.kind = position === index ? "heading" : "item";
      else block.kind = "heading";
    }
    index = end + 1;
  }
  return resolved;
}

interface Counter {
  sentence: number;
  paragraph: number;
}

/** Words per piece when text without any sentence punctuation is cut into sentences. */
const UNPUNCTUATED_PIECE = 20;
const CLAUSE_START = /^(?:and|but|or|so|because|which|while|when|where|although|though|if|then|as)$/i;

/**
 * Sentences of a paragraph. Text with no sentence punctuation at all (a transcript, a careless paste) is cut into
 * pieces of about 20 words, before a conjunction where there is one, so it can still be narrated.
 */
function sentencesOf(prose: string): string[] {
  if (/[.!?…]/.test(prose) || wordCount(prose) <= UNPUNCTUATED_PIECE + 5) return splitSentences(prose);
  const tokens = prose.split(/\s+/).filter(Boolean);
  const pieces: string[] = [];
  let start = 0;
  while (start < tokens.length) {
    let end = Math.min(tokens.length, start + UNPUNCTUATED_PIECE);
    if (tokens.length - end < 8) end = tokens.length;
    else {
      for (let cut = end; cut > start + 10; cut -= 1) {
        if (CLAUSE_START.test(tokens[cut]!)) {
          end = cut;
          break;
        }
      }
    }
    const piece = tokens.slice(start, end).join(" ").replace(/[,;:]+$/, "");
    pieces.push(`${piece.charAt(0).toUpperCase()}${piece.slice(1)}.`);
    start = end;
  }
  return pieces;
}

/** A letter's greeting or closing formula alone in its paragraph, in the languages decks are made in. */
const LETTER_FORMULA =
  /^(?:dear\s[^.!?]{1,60}|(?:yours\s)?(?:sincerely|faithfully|truly)(?:\syours)?|(?:kind|best|warm|warmest)\s(?:regards|wishes)|with\s(?:best\swishes|thanks|love|kind\sregards)|many\sthanks|chers?\s[^.!?]{1,60}|chères?\s[^.!?]{1,60}|cordialement|bien\scordialement|liebe[rs]?\s[^.!?]{1,60}|sehr\sgeehrte[rn]?\s[^.!?]{1,60}|mit\sfreundlichen\sgrüßen|viele\sgrüße|querid[oa]s?\s[^.!?]{1,60}|estimad[oa]s?\s[^.!?]{1,60}|atentamente|un\s(?:cordial\s)?saludo|car[ie]\s[^.!?]{1,60}|gentili\s[^.!?]{1,60}|cordiali\ssaluti|beste\s[^.!?]{1,60}|met\svriendelijke\sgroet(?:en)?)[,!:]?$/iu;

function tableParagraph(rows: string[][], counter: Counter): Paragraph {
  counter.paragraph += 1;
  return { sentences: [], items: [], table: rows, words: rows.reduce((total, row) => total + wordCount(row.join(" ")), 0) };
}

function paragraphOf(prose: string | null, items: string[], counter: Counter): Paragraph {
  const paragraph = counter.paragraph;
  counter.paragraph += 1;
  // A letter's greeting or sign-off ("Dear Parents and Carers,", "Yours sincerely,") is no point of the text.
  const texts = prose !== null ? (LETTER_FORMULA.test(prose.trim()) ? [] : sentencesOf(prose)) : items.filter((item) => isProseSentence(item) && wordCount(item) >= 6);
  const sentences: Sentence[] = texts.map((text, position) => ({
    text,
    index: counter.sentence++,
    paragraph,
    first: position === 0,
    words: wordCount(text),
    terms: terms(text),
  }));
  const words = prose !== null ? wordCount(prose) : items.reduce((total, item) => total + wordCount(item), 0);
  return { sentences, items, words };
}

function sectionsOf(blocks: Block[], source: string, isMain: boolean, counter: Counter): DocSection[] {
  const sections: DocSection[] = [];
  let current: DocSection | undefined;
  let items: string[] = [];
  const levels = new Map<DocSection, number | undefined>();
  const open = (heading: string | null, level?: number) => {
    current = { heading, paragraphs: [], words: 0, source, isMain };
    sections.push(current);
    levels.set(current, level);
  };
  const add = (paragraph: Paragraph) => {
    if (!current) open(null);
    current!.paragraphs.push(paragraph);
    current!.words += paragraph.words;
  };
  const flushItems = () => {
    if (items.length > 0) add(paragraphOf(null, items, counter));
    items = [];
  };
  for (const block of blocks) {
    if (block.kind === "item") {
      items.push(block.text);
      continue;
    }
    flushItems();
    if (block.kind === "heading") open(block.text, block.level);
    else if (block.kind === "table") add(tableParagraph(block.rows ?? [], counter));
    else add(paragraphOf(block.text, [], counter));
  }
  flushItems();
  // A heading directly followed by another (a part title above its first sub-heading) has nothing of its own: it is
  // kept as the group of the sections under it. Where headings have levels (Markdown, and the stored text of a PDF,
  // DOCX or web page), the group ends at the next heading of its level or above ("## Travel" over "### Taxis" holds
  // no "## Overnight Stays" after them).
  let group: { heading: string; level: number | undefined } | null = null;
  for (const section of sections) {
    const level = levels.get(section);
    if (group && group.level !== undefined && level !== undefined && level <= group.level) group = null;
    if (section.paragraphs.length === 0 && section.heading) group = { heading: section.heading, level };
    else section.group = group?.heading ?? null;
  }
  // The sections one level down, up to the next heading of this one's level or above.
  sections.forEach((section, index) => {
    const level = levels.get(section);
    if (!section.heading || level === undefined) return;
    const below: string[] = [];
    let childLevel: number | undefined;
    for (let at = index + 1; at < sections.length; at += 1) {
      const next = sections[at]!;
      const nextLevel = levels.get(next);
      if (nextLevel === undefined || nextLevel <= level) break;
      childLevel ??= nextLevel;
      if (nextLevel === childLevel && next.heading) below.push(next.heading);
    }
    section.subheadings = below;
  });
  return sections.filter((section) => section.paragraphs.length > 0);
}

/**
 * A title's subtitle taken for a heading: a bold line right under the title ("**Riverside Physiotherapy Clinic -
 * Patient Information Leaflet**", "A relaxed raglan pullover …, knitted from the top down") is found as a heading by
 * its shape or its weight, but it heads nothing: the headings after it are marked above its level (or it has none,
 * where they have one). It is the lead's first line, said with the lead rather than made a section of its own.
 */
function withSubtitle(blocks: Block[]): Block[] {
  const [candidate] = blocks;
  if (candidate?.kind !== "heading") return blocks;
  const next = blocks.slice(1).find((block) => block.kind === "heading");
  if (next?.level === undefined || (candidate.level !== undefined && candidate.level <= next.level)) return blocks;
  return [{ kind: "prose", text: candidate.text }, ...blocks.slice(1)];
}

/**
 * The structure of one source. `sections`, when the caller has them from extraction, give the headings for
 * certain; otherwise headings are recognised in the text.
 */
export function parseSource(
  input: { name: string; text: string; sections?: readonly SourceSection[]; isMain: boolean },
  counter: Counter,
): ParsedSource {
  let blocks: Block[];
  if (input.sections && input.sections.some((section) => section.heading)) {
    blocks = input.sections.flatMap((section) => [
      ...(section.heading ? [{ kind: "heading" as const, text: section.heading.trim(), level: section.level }] : []),
      ...section.text.split(/\r?\n[ \t]*\r?\n/).flatMap((raw) => classify(raw, false)),
    ]);
  } else {
    blocks = resolveCandidates(input.text.split(/\r?\n[ \t]*\r?\n/).flatMap((raw) => classify(raw, true)));
  }
  // A table whose rows came as paragraphs of their own (a DOCX table, one row a paragraph) is one table.
  blocks = blocks.reduce<Block[]>((merged, block) => {
    const previous = merged.at(-1);
    if (block.kind === "table" && previous?.kind === "table") previous.rows = [...(previous.rows ?? []), ...(block.rows ?? [])];
    else merged.push({ ...block });
    return merged;
  }, []);
  let title: string | null = null;
  const first = blocks[0];
  if (first?.kind === "heading" && !GENERIC_TITLES.test(first.text)) {
    title = first.text;
    blocks = blocks.slice(1);
    blocks = withSubtitle(blocks);
  }
  return { title, sections: sectionsOf(blocks, input.name, input.isMain, counter) };
}

export function newCounter(): Counter {
  return { sentence: 0, paragraph: 0 };
}

/** A display name from a source name: "heat-pumps_guide.pdf" -> "heat pumps guide". */
export function nameAsTitle(name: string): string {
  const bare = name
    .replace(/^https?:\/\/(?:www\.)?/i, "")
    .replace(/[?#].*$/, "")
    .replace(/\/+$/, "");
  const last = bare.split("/").at(-1) ?? bare;
  const cleaned = last.replace(/\.[a-z0-9]{2,5}$/i, "").replace(/[-_]+/g, " ").replace(/\s+/g, " ").trim();
  return cleaned || name.trim();
}
