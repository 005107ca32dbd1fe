// A source's extracted text cut into passages for the answer index (source_passages): a heading and the paragraphs
// under it, at most PASSAGE_MAX_WORDS words (and PASSAGE_MAX_CHARS characters) each. Extraction stores text with
// each heading on its own line (marked with its level, "## Heading", when the extractor knew it) and blank lines
// between paragraphs (lib/content/sections.ts); a passage keeps its paragraphs as they were and its heading's words,
// so the passages of a source put back in order (`joinPassages`) give its text again, headings unmarked, and the
// answerer reads a few passages exactly as it would have read them in the whole text.
//
// Pure and linear in the text's length: it runs wherever the text is (the document worker for PDF and DOCX).

export interface CutPassage {
  /** The heading the passage sits under ("" before the first heading). */
  heading: string;
  /** The passage's paragraphs, separated by blank lines. */
  body: string;
}

/** Longest passage in words: a few paragraphs, small enough that a question's candidates stay a few pages of text. */
export const PASSAGE_MAX_WORDS = 200;
/** Longest passage in characters, whatever its words (a text without spaces is cut too). */
export const PASSAGE_MAX_CHARS = 2_000;

const BLOCK_BREAK = /\r?\n[ \t]*\r?\n/;
const WORD = /[\p{L}\p{N}]+/gu;

function countWords(text: string): number {
  let count = 0;
  WORD.lastIndex = 0;
  while (WORD.exec(text)) count += 1;
  return count;
}

/**
 * A block that reads as a heading: one short line that starts with a capital or digit and does not end like a
 * sentence (as lib/ai/structure.ts recognises them), or a Markdown heading; or one of the extractor's headings.
 */
function headingOf(block: string, known: ReadonlySet<string>): string | null {
  const line = block.trim();
  if (!line || line.includes("\n")) return null;
  if (known.has(line)) return line;
  if (/^#{1,6}\s+\S/.test(line)) return line.replace(/^#{1,6}\s+/, "").trim();
  // A row of a table (cells between bars or tabs) or a list item is never a heading.
  if (/\t|\s\|\s|^\||^[-*•▪◦‣]\s/.test(line)) return null;
  if (line.length > 120 || countWords(line) > 14) return null;
  if (!/^["“'‘]?[\p{Lu}\p{N}]/u.test(line) || !/\p{L}/u.test(line)) return null;
  if (/[.,;:!…]["'”’)]*$/.test(line)) return null;
  return line;
}

/** A part longer than a passage on its own, cut at spaces by the word and character limits (anywhere in a token longer than that). */
function byWords(part: string): string[] {
  const pieces: string[] = [];
  let current = "";
  let words = 0;
  for (const match of part.matchAll(/\S+/g)) {
    let token = match[0];
    while (token.length > PASSAGE_MAX_CHARS) {
      if (current) pieces.push(current);
      pieces.push(token.slice(0, PASSAGE_MAX_CHARS));
      token = token.slice(PASSAGE_MAX_CHARS);
      current = "";
      words = 0;
    }
    const count = countWords(token);
    if (current && (words + count > PASSAGE_MAX_WORDS || current.length + token.length + 1 > PASSAGE_MAX_CHARS)) {
      pieces.push(current);
      current = "";
      words = 0;
    }
    current = current ? `${current} ${token}` : token;
    words += count;
  }
  if (current) pieces.push(current);
  return pieces;
}

/** Where a long paragraph may be cut: after a sentence's end, or at a line break. */
const PART_BREAK = /(?<=[.!?…]["'”’)]*)\s+|\n/g;

/**
 * The parts of a long paragraph between its breaks, found as they are read (a 2 MB paragraph is not split at once),
 * each with whether a line break ends it (a list's item: the part after it goes on a line of its own).
 */
function* partsOf(block: string): Generator<{ text: string; lineEnd: boolean }> {
  const breaks = new RegExp(PART_BREAK.source, "g");
  let start = 0;
  for (let found = breaks.exec(block); found; found = breaks.exec(block)) {
    const part = block.slice(start, found.index);
    // A numbered item's number ("1.") is no sentence of its own: the break after it is none.
    if (/^\s*\d{1,3}[.)]$/.test(part) && !found[0].includes("\n")) continue;
    if (part.trim()) yield { text: part, lineEnd: found[0].includes("\n") };
    start = found.index + found[0].length;
    if (found[0].length === 0) breaks.lastIndex += 1;
  }
  const rest = block.slice(start);
  if (rest.trim()) yield { text: rest, lineEnd: false };
}

/** Pieces of one long paragraph: at sentence ends (or line breaks) where it has them, else at spaces, else anywhere. */
function* piecesOf(block: string): Generator<string> {
  let current = "";
  let words = 0;
  const finish = (part: string): string[] => (part.length > PASSAGE_MAX_CHARS || countWords(part) > PASSAGE_MAX_WORDS ? byWords(part) : [part]);
  // The items of a long list keep their lines: "1. Heat the oven …" and "2. Peel the potatoes …" stay two lines.
  let lineEnd = false;
  for (const { text: part, lineEnd: endsLine } of partsOf(block)) {
    const count = countWords(part);
    if (current && (words + count > PASSAGE_MAX_WORDS || current.length + part.length + 1 > PASSAGE_MAX_CHARS)) {
      yield* finish(current);
      current = "";
      words = 0;
    }
    current = current ? `${current}${lineEnd ? "\n" : " "}${part.trim()}` : part.trim();
    lineEnd = endsLine;
    words += count;
  }
  if (current) yield* finish(current);
}

/**
 * Cuts a source's text into passages, in reading order. `headings`: the extractor's headings, when it has them
 * (a DOCX's heading styles), recognised whatever their shape.
 */
export function cutPassages(text: string, headings: readonly (string | null)[] = []): CutPassage[] {
  return [...passagesOf(text, headings)];
}

/**
 * The text's blocks (paragraphs between blank lines), with a heading written on the first line of its paragraph
 * ("## Heading" and its text on the next line, as pasted Markdown often has it; or one of the extractor's
 * headings) made a block of its own.
 */
function blocksOf(text: string, known: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (const raw of text.split(BLOCK_BREAK)) {
    const block = raw.trim();
    if (!block) continue;
    const newline = block.indexOf("\n");
    const first = newline > 0 ? block.slice(0, newline).trim() : "";
    if (first && (/^#{1,6}\s+\S/.test(first) || known.has(first))) {
      found.push(first);
      const rest = block.slice(newline + 1).trim();
      if (rest) found.push(rest);
      continue;
    }
    found.push(block);
  }
  return found;
}

/** The passages of a text one by one (see cutPassages): a caller that writes them in batches holds the thread per batch. */
export function* passagesOf(text: string, headings: readonly (string | null)[] = []): Generator<CutPassage> {
  const known = new Set(headings.filter((heading): heading is string => Boolean(heading)).map((heading) => heading.trim()));
  let heading = "";
  let blocks: string[] = [];
  let words = 0;
  let chars = 0;
  const take = (): CutPassage | null => {
    const passage = blocks.length > 0 ? { heading, body: blocks.join("\n\n") } : null;
    blocks = [];
    words = 0;
    chars = 0;
    return passage;
  };
  /** Adds a block; answers the passage it closed, if it closed one. */
  const add = (block: string): CutPassage | null => {
    const count = countWords(block);
    const closed = blocks.length > 0 && (words + count > PASSAGE_MAX_WORDS || chars + block.length + 2 > PASSAGE_MAX_CHARS) ? take() : null;
    blocks.push(block);
    words += count;
    chars += block.length + 2;
    return closed;
  };
  const all = blocksOf(text, known);
  for (let index = 0; index < all.length; index += 1) {
    const block = all[index]!;
    const title = headingOf(block, known);
    // A heading starts a passage; one straight after another heading (a part above its first chapter, or a list of
    // short lines) stays in the body, where the answerer reads it as it always did. A short line followed by
    // another short line (the cells of a table laid out one to a line) is not a heading either, unless it is marked
    // as one (Markdown, the extractor's headings).
    const next = all[index + 1];
    const marked = title !== null && (known.has(block.trim()) || /^#{1,6}\s/.test(block.trim()));
    const runOfShortLines = title !== null && !marked && next !== undefined && headingOf(next, known) !== null && !known.has(next.trim()) && !/^#{1,6}\s/.test(next.trim());
    if (title !== null && !runOfShortLines && (blocks.length > 0 || !heading)) {
      const closed = take();
      if (closed) yield closed;
      heading = title;
      continue;
    }
    const pieces: Iterable<string> = block.length > PASSAGE_MAX_CHARS || countWords(block) > PASSAGE_MAX_WORDS ? piecesOf(block) : [block];
    for (const piece of pieces) {
      const closed = add(piece);
      if (closed) yield closed;
    }
  }
  const last = take();
  if (last) yield last;
}

/**
 * Passages of one source put back together, in order: a heading is written where a passage starts a section (not
 * again on the passages that continue it), so passages that follow each other read as the text they were cut from.
 */
export function joinPassages(passages: readonly { position: number; heading: string; body: string }[]): string {
  const parts: string[] = [];
  let previous: { position: number; heading: string } | null = null;
  for (const passage of passages) {
    const continues = previous !== null && previous.position === passage.position - 1 && previous.heading === passage.heading;
    if (passage.heading && !continues) parts.push(passage.heading);
    parts.push(passage.body);
    previous = passage;
  }
  return parts.join("\n\n");
}
