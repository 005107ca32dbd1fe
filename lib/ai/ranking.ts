// Unsupervised ranking for the offline generator: TextRank over sentences, key phrases for titles of untitled
// parts, and cutting a run of sentences into parts where the topic shifts.
import { isStopWord, stem, words as wordsOf, type Sentence } from "./text";

const DAMPING = 0.85;
const ITERATIONS = 40;
/** Above this many sentences the pairwise graph is replaced by similarity to the centroid (linear time). */
const GRAPH_LIMIT = 600;

function termSet(sentence: Sentence): Set<string> {
  return new Set(sentence.terms);
}

/**
 * TextRank (Mihalcea & Tarau 2004): sentences are nodes, edges weigh shared terms normalised by sentence length,
 * scores are PageRank over that graph. Returns scores with mean 1, keyed by sentence index.
 */
export function textRank(sentences: readonly Sentence[]): Map<number, number> {
  const scores = new Map<number, number>();
  const count = sentences.length;
  if (count === 0) return scores;
  if (count > GRAPH_LIMIT) return centroidScores(sentences);
  const sets = sentences.map(termSet);
  const postings = new Map<string, number[]>();
  sets.forEach((set, position) => {
    for (const term of set) {
      const list = postings.get(term);
      if (list) list.push(position);
      else postings.set(term, [position]);
    }
  });
  const edges: Map<number, number>[] = sentences.map(() => new Map());
  for (const list of postings.values()) {
    for (let a = 0; a < list.length; a += 1) {
      for (let b = a + 1; b < list.length; b += 1) {
        const i = list[a]!;
        const j = list[b]!;
        edges[i]!.set(j, (edges[i]!.get(j) ?? 0) + 1);
        edges[j]!.set(i, (edges[j]!.get(i) ?? 0) + 1);
      }
    }
  }
  const norm = sets.map((set) => Math.log(set.size + 1));
  const weights: Map<number, number>[] = edges.map((neighbours, i) => {
    const weighted = new Map<number, number>();
    for (const [j, shared] of neighbours) weighted.set(j, shared / (norm[i]! + norm[j]! || 1));
    return weighted;
  });
  const outSum = weights.map((neighbours) => [...neighbours.values()].reduce((total, weight) => total + weight, 0));
  let rank = new Array<number>(count).fill(1);
  for (let iteration = 0; iteration < ITERATIONS; iteration += 1) {
    const next = new Array<number>(count).fill(1 - DAMPING);
    for (let j = 0; j < count; j += 1) {
      if (outSum[j] === 0) continue;
      const share = (DAMPING * rank[j]!) / outSum[j]!;
      for (const [i, weight] of weights[j]!) next[i] = next[i]! + share * weight;
    }
    rank = next;
  }
  const mean = rank.reduce((total, value) => total + value, 0) / count || 1;
  sentences.forEach((sentence, position) => scores.set(sentence.index, rank[position]! / mean));
  return scores;
}

function vectorOf(termList: readonly string[]): Map<string, number> {
  const vector = new Map<string, number>();
  for (const term of termList) vector.set(term, (vector.get(term) ?? 0) + 1);
  return vector;
}

export function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (const [term, value] of a) {
    normA += value * value;
    const other = b.get(term);
    if (other) dot += value * other;
  }
  for (const value of b.values()) normB += value * value;
  return normA && normB ? dot / Math.sqrt(normA * normB) : 0;
}

function centroidScores(sentences: readonly Sentence[]): Map<number, number> {
  const centroid = vectorOf(sentences.flatMap((sentence) => sentence.terms));
  const raw = sentences.map((sentence) => cosine(vectorOf(sentence.terms), centroid));
  const mean = raw.reduce((total, value) => total + value, 0) / raw.length || 1;
  return new Map(sentences.map((sentence, position) => [sentence.index, raw[position]! / mean]));
}

/** Words that make poor titles on their own: too general, or verbs and adverbs RAKE would keep. */
const WEAK_WORDS = new Set(
  (
    "new big small good great bad best better worse important different several various main whole certain real simple " +
    "easy hard first second third last next few year years time times day days week weeks month months people person " +
    "example examples part parts number numbers percent cent lot lots point points fact case cases problem reason " +
    "question answer idea area areas place places side end start level levels amount type types term terms way " +
    "help helps helped keep keeps kept find finds found give gives gave know knows knew think thinks thought seem seems " +
    "become becomes mean means meant work works worked tell tells told try tries tried call calls called show shows " +
    "showed start starts started turn turns turned run runs ran add adds added let lets leave left feel felt sure likely " +
    "able around actually already almost simply usually often typically especially probably certainly clearly rather " +
    "enough far long high low large higher lower larger smaller less least worth able instead including include includes"
  ).split(" "),
);

/** Words before a noun phrase. */
const DETERMINERS = new Set("the a an its their his her our your my this these those that each every some any no many more most much few several all both another other such what which whose of".split(" "));
const NOMINAL_ENDING = /(?:tion|sion|ment|ness|ity|ance|ence|ism|age|ure|ship|ery|ist|ogy|ics)s?$/i;

const PHRASE_BREAK = /[,.;:!?()[\]{}"“”‘’…—–/|]+/;
const SURFACE_WORD = /^[\p{L}][\p{L}'’-]*$/u;

export interface KeyPhrase {
  /** As written in the text (most frequent spelling). */
  text: string;
  stems: string[];
  /** Occurrences in the part. */
  count: number;
  score: number;
}

/**
 * Key phrases of a part: word sequences of up to three content words found between stop words and punctuation
 * (RAKE's candidates, with their sub-sequences), scored by how often they occur in the part and how specific their
 * words are to it within the whole document (inverse part frequency).
 */
export function keyPhrases(
  sentences: readonly Sentence[],
  documentFrequency: (term: string) => number,
  partCount: number,
  limit = 5,
): KeyPhrase[] {
  const specificity = (term: string) => Math.log(1 + partCount / Math.max(1, documentFrequency(term)));
  const candidates = new Map<string, { stems: string[]; count: number; nominal: number; spellings: Map<string, number> }>();
  const record = (run: string[], before: string) => {
    const stems = run.map((word) => stem(word.toLowerCase().replace(/['’]s$/, "")));
    const key = stems.join(" ");
    const entry = candidates.get(key) ?? { stems, count: 0, nominal: 0, spellings: new Map<string, number>() };
    entry.count += 1;
    if (DETERMINERS.has(before) || /^\p{Lu}/u.test(run[0]!) || NOMINAL_ENDING.test(run.at(-1)!)) entry.nominal += 1;
    const spelling = run.join(" ").replace(/['’]s$/, "");
    entry.spellings.set(spelling, (entry.spellings.get(spelling) ?? 0) + 1);
    candidates.set(key, entry);
  };
  for (const sentence of sentences) {
    for (const fragment of sentence.text.split(PHRASE_BREAK)) {
      let run: string[] = [];
      let beforeRun = "";
      let previous = "";
      const flush = () => {
        for (let length = 1; length <= Math.min(3, run.length); length += 1) {
          for (let start = 0; start + length <= run.length; start += 1) {
            record(run.slice(start, start + length), start === 0 ? beforeRun : run[start - 1]!.toLowerCase());
          }
        }
        run = [];
      };
      for (const token of fragment.split(/\s+/)) {
        const bare = token.replace(/^['’-]+|['’-]+$/g, "");
        const lower = bare.toLowerCase();
        const [normalised] = wordsOf(bare);
        const usable =
          SURFACE_WORD.test(bare) &&
          lower.length > 2 &&
          !isStopWord(lower) &&
          !isStopWord(normalised ?? lower) &&
          !WEAK_WORDS.has(lower) &&
          !lower.endsWith("ly");
        if (usable) {
          if (run.length === 0) beforeRun = previous;
          run.push(bare);
        } else flush();
        previous = lower;
      }
      flush();
    }
  }
  const scored: KeyPhrase[] = [];
  for (const candidate of candidates.values()) {
    // Met once, a single word is a detail; a phrase ending in a participle ("bond issued") is no name.
    if (candidate.stems.length === 1 && candidate.count < 2) continue;
    const lastSpelling = [...candidate.spellings.keys()][0]!.split(" ").at(-1)!;
    if (candidate.stems.length > 1 && /[^e]ed$/i.test(lastSpelling) && lastSpelling.length > 5) continue;
    const meanSpecificity = candidate.stems.reduce((value, term) => value + specificity(term), 0) / candidate.stems.length;
    const lengthFactor = candidate.stems.length === 1 ? 1 : candidate.stems.length === 2 ? 2 : 2.2;
    // Titles are noun phrases: a phrase never seen after an article or possessive is probably a verb or adjective.
    const nominalFactor = candidate.nominal > 0 ? 1 : 0.3;
    const spelling = [...candidate.spellings.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
    scored.push({
      text: spelling,
      stems: candidate.stems,
      count: candidate.count,
      score: candidate.count * meanSpecificity ** 1.5 * lengthFactor * nominalFactor,
    });
  }
  scored.sort((a, b) => b.score - a.score || a.text.localeCompare(b.text));
  const chosen: KeyPhrase[] = [];
  for (const candidate of scored) {
    // A single word gives way to a repeated phrase built on it ("costs" -> "running costs").
    const phrase =
      candidate.stems.length === 1
        ? scored.find((longer) => longer.stems.length > 1 && longer.count >= 2 && longer.stems.includes(candidate.stems[0]!) && longer.score >= candidate.score * 0.35) ?? candidate
        : candidate;
    if (chosen.includes(phrase)) continue;
    // A phrase that repeats the words of a better one adds nothing.
    if (chosen.some((other) => phrase.stems.some((term) => other.stems.includes(term)))) continue;
    chosen.push(phrase);
    if (chosen.length >= limit) break;
  }
  return chosen;
}

/**
 * Cuts a run of sentences into `parts` consecutive parts, placing the cuts where the vocabulary changes most
 * (TextTiling, Hearst 1997: depth of the similarity valley between neighbouring windows, on tf-idf vectors) while
 * keeping the parts' lengths reasonable. Paragraphs are the units when there are enough of them.
 * Returns the index (into `sentences`) where each part after the first starts.
 */
export function topicCuts(sentences: readonly Sentence[], parts: number): number[] {
  const count = sentences.length;
  if (parts <= 1 || count < 2) return [];
  // Units: paragraphs when there are enough, else sentences. Each unit is [start, end) into `sentences`.
  const paragraphStarts = [0];
  for (let i = 1; i < count; i += 1) if (sentences[i]!.paragraph !== sentences[i - 1]!.paragraph) paragraphStarts.push(i);
  const byParagraph = paragraphStarts.length >= parts * 2;
  let starts = byParagraph ? paragraphStarts : Array.from({ length: count }, (_, i) => i);
  if (starts.length > 600) {
    // Very long material: coarser units keep the search quadratic in a few hundred.
    const step = Math.ceil(starts.length / 600);
    starts = starts.filter((_, index) => index % step === 0);
  }
  const units = starts.map((start, index) => sentences.slice(start, starts[index + 1] ?? count));
  const wanted = Math.min(parts, units.length);
  if (wanted <= 1) return [];
  const unitTerms = units.map((unit) => unit.flatMap((sentence) => sentence.terms));
  const unitFrequency = new Map<string, number>();
  for (const list of unitTerms) for (const term of new Set(list)) unitFrequency.set(term, (unitFrequency.get(term) ?? 0) + 1);
  const weigh = (list: readonly string[]) => {
    const vector = vectorOf(list);
    for (const [term, value] of vector) vector.set(term, value * Math.log(1 + units.length / (unitFrequency.get(term) ?? 1)));
    return vector;
  };
  const window = byParagraph ? 2 : 4;
  // similarity[g]: between the windows before and after gap g (the gap before unit g, 1 <= g < units).
  const similarity: number[] = [0];
  for (let gap = 1; gap < units.length; gap += 1) {
    const left = weigh(unitTerms.slice(Math.max(0, gap - window), gap).flat());
    const right = weigh(unitTerms.slice(gap, gap + window).flat());
    similarity.push(cosine(left, right));
  }
  const depth: number[] = [0];
  for (let gap = 1; gap < units.length; gap += 1) {
    let leftPeak = similarity[gap]!;
    for (let i = gap - 1; i >= 1 && similarity[i]! >= leftPeak; i -= 1) leftPeak = similarity[i]!;
    let rightPeak = similarity[gap]!;
    for (let i = gap + 1; i < units.length && similarity[i]! >= rightPeak; i += 1) rightPeak = similarity[i]!;
    depth.push(leftPeak - similarity[gap]! + (rightPeak - similarity[gap]!));
  }
  const prefixWords = [0];
  for (const unit of units) prefixWords.push(prefixWords.at(-1)! + unit.reduce((total, sentence) => total + sentence.words, 0));
  const ideal = prefixWords.at(-1)! / wanted;
  const partCost = (from: number, to: number) => {
    const length = prefixWords[to]! - prefixWords[from]!;
    const deviation = (length - ideal) / ideal;
    return deviation * deviation * 0.6 + (length < ideal * 0.35 ? 3 : 0);
  };
  // best[k][u]: lowest cost of cutting units [0, u) into k parts.
  const unitCount = units.length;
  const best: number[][] = [];
  const from: number[][] = [];
  for (let k = 0; k <= wanted; k += 1) {
    best.push(new Array<number>(unitCount + 1).fill(Number.POSITIVE_INFINITY));
    from.push(new Array<number>(unitCount + 1).fill(-1));
  }
  best[0]![0] = 0;
  for (let k = 1; k <= wanted; k += 1) {
    for (let b = 1; b <= unitCount; b += 1) {
      const bonus = b === unitCount ? 0 : depth[b]! * 2;
      for (let a = k - 1; a < b; a += 1) {
        const previous = best[k - 1]![a]!;
        if (!Number.isFinite(previous)) continue;
        const cost = previous + partCost(a, b) - bonus;
        if (cost < best[k]![b]!) {
          best[k]![b] = cost;
          from[k]![b] = a;
        }
      }
    }
  }
  const cuts: number[] = [];
  let b = unitCount;
  for (let k = wanted; k > 0; k -= 1) {
    const a = from[k]![b]!;
    if (a < 0) break;
    if (a > 0) cuts.push(starts[a]!);
    b = a;
  }
  return cuts.reverse();
}
