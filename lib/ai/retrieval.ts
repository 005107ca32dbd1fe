// Retrieval over a presentation's material for viewer questions: passages from the slides' scripts and from the
// blog's extracted sources, ranked by BM25 (Robertson & Zaragoza 2009) with the current slide boosted.
import { newCounter, parseSource } from "./structure";
import { inLanguage, isForeignAskingWord } from "./language";
import { isStopWord, splitSentences, stem, terms as termsOf, words as wordsOf, wordCount } from "./text";

export interface AnswerSlide {
  number: number;
  title: string;
  script: string;
}

export interface AnswerSource {
  name: string;
  /** The source's text, or the passages found for the question put back together in order. */
  text: string;
  /** The passages the text was put together from, each with its heading. */
  passages?: { heading: string; body: string; position: number }[];
  /** The blog's main document. */
  main?: boolean;
}

export interface RetrievalInput {
  question: string;
  /** The deck's language (lib/content/languages.ts), which questions are asked and answered in; English when absent. */
  language?: string;
  /** Number of the slide the viewer is on; its passage is boosted. */
  currentSlide?: number;
  slides: AnswerSlide[];
  sources: AnswerSource[];
}

export interface IndexedPassage {
  /** The source's name, or "Slide n". */
  source: string;
  /** The passage as shown to the viewer. */
  text: string;
  slideNumber: number | null;
  /** Terms used for matching: the text plus its slide title or section heading. */
  terms: string[];
}

export interface ScoredPassage extends IndexedPassage {
  score: number;
}

/** Longest passage cut from a source, in words: about a paragraph, short enough to show beside an answer. */
const PASSAGE_WORDS = 90;
const K1 = 1.2;
const B = 0.75;
const CURRENT_SLIDE_BOOST = 1.5;
const NEIGHBOUR_SLIDE_BOOST = 1.15;

/** Words that ask about the material rather than name a topic ("what does the article say about ..."). */
const QUESTION_WORDS = new Set(
  termsOf(
    "explain explained tell say says said mention mentioned describe described article presentation slide slides talk " +
    "author speaker mean meaning please know discuss discussed cover covered information detail details question " +
    "answer anything something someone everything told talking happen happens",
  ),
);

/**
 * Words people ask with that texts rarely repeat ("how big" against "one cubic metre"): each group is one concept,
 * so a question's "big" is matched by a sentence's "size". Only question vocabulary for common dimensions (size,
 * time, cost, moisture, temperature, amount, smell, speed, place, safety), not topic synonyms. The words before the
 * bar only ask: a question's "cold" is matched by the dimension's words after the bar ("temperature", "degrees") and
 * by "cold" itself, never by another asking word, which may mean the opposite ("warmth", "small" for "big"); a
 * question that names the dimension itself ("what size") is answered by any word of the group.
 */
const CONCEPT_GROUPS: string[] = [
  "big bigger biggest large larger small smaller tall wide | size sized volume cubic dimension dimensions",
  "long longer | time duration month months week weeks day days year years hour hours minute minutes",
  "expensive cheap cheaper afford | cost costs price prices money euro euros dollar dollars pound pounds budget spend pay bill bills",
  "dry | wet damp moist moisture watery",
  "hot warm warmth cold cool | temperature temperatures degree degrees freezing frost",
  "| ratio proportion proportions balance amount amounts quantity quantities",
  "| smell smells smelly odour odours odor odors stink stinks",
  "fast faster quick quickly quicker slow slower | speed speeds rate",
  "| where place places spot location site position",
  "| safe safety danger dangerous risk risks harmful",
  "| efficient efficiency performance",
];
/** Each group's stems: all its words (what a question may ask with), and the dimension's (what answers it). */
const CONCEPTS: { all: string[]; dimension: string[] }[] = CONCEPT_GROUPS.map((group) => {
  const [asking = "", dimension = ""] = group.split("|");
  return { all: [...new Set(termsOf(`${asking} ${dimension}`))], dimension: [...new Set(termsOf(dimension))] };
});

export interface QueryConcept {
  /** The question's own term. */
  term: string;
  /** The term and the words that count as asking for the same thing. */
  matches: string[];
}

/** The topics of a question: stemmed content words without words that only ask, each with its equivalents. */
export function questionConcepts(question: string): QueryConcept[] {
  const seen = new Set<string>();
  const concepts: (QueryConcept & { group?: number })[] = [];
  for (const term of termsOf(question)) {
    if (QUESTION_WORDS.has(term) || seen.has(term)) continue;
    seen.add(term);
    const group = CONCEPTS.findIndex((members) => members.all.includes(term));
    if (group < 0) {
      concepts.push({ term, matches: [term] });
      continue;
    }
    // Asked by the dimension ("what size"), any of its words answers; asked by one end of it ("how cold"), that word
    // or the dimension's.
    const { all, dimension } = CONCEPTS[group]!;
    concepts.push({ term, matches: dimension.includes(term) ? all : [...new Set([term, ...dimension])], group });
  }
  // Question words that are stop words still ask for a dimension: "where" for a place, "when" for a time.
  for (const [pattern, member] of [[/\bwhere\b/i, "location"], [/\bwhen\b|\bhow long\b/i, "time"]] as const) {
    const group = CONCEPTS.findIndex((members) => members.dimension.includes(member));
    if (pattern.test(question) && !concepts.some((concept) => concept.group === group)) {
      concepts.push({ term: member, matches: CONCEPTS[group]!.dimension, group });
    }
  }
  // Two words of one group ("how long ... time") ask one thing.
  return concepts
    .filter((concept, index) => concept.group === undefined || !concepts.slice(0, index).some((earlier) => earlier.group === concept.group))
    .map(({ term, matches }) => ({ term, matches }));
}

/** Most words a question's search sends (a typed question is at most 2,000 characters). */
const MAX_SEARCH_WORDS = 64;

/**
 * The words to look a question up by in the passage index (source_passages, full-text search): its topic words as
 * written, and every word of the concepts it asks about (so "how big" finds "one cubic metre"). The database's own
 * stemmer normalises them; the answerer ranks what comes back with its own terms, as before.
 */
export function questionSearchWords(question: string, language: string | null = null): string[] {
  if (language && language !== "en") return inLanguage(language, () => foreignSearchWords(question));
  const found = new Set<string>();
  for (const word of wordsOf(question)) {
    if (word.length > 1 && word.length <= 100 && !isStopWord(word) && !QUESTION_WORDS.has(stem(word))) found.add(word);
  }
  for (const concept of questionConcepts(question)) {
    const group = CONCEPTS.findIndex((members) => members.all.includes(concept.term));
    if (group >= 0) for (const word of CONCEPT_GROUPS[group]!.split(/[\s|]+/)) if (word) found.add(word);
  }
  return [...found].slice(0, MAX_SEARCH_WORDS);
}

/** A question's search words in a language other than English: its topic words (the English concept groups do not apply). */
function foreignSearchWords(question: string): string[] {
  const found = new Set<string>();
  for (const word of wordsOf(question)) {
    if (word.length > 1 && word.length <= 100 && !isStopWord(word) && !isForeignAskingWord(word)) found.add(word);
  }
  return [...found].slice(0, MAX_SEARCH_WORDS);
}

function chunkSection(heading: string | null, paragraphs: string[], source: string): IndexedPassage[] {
  const passages: IndexedPassage[] = [];
  let current: string[] = [];
  let currentWords = 0;
  const flush = () => {
    if (current.length === 0) return;
    const text = current.join(" ");
    passages.push({ source, text, slideNumber: null, terms: termsOf(`${heading ?? ""} ${text}`) });
    current = [];
    currentWords = 0;
  };
  for (const paragraph of paragraphs) {
    const count = wordCount(paragraph);
    if (count > PASSAGE_WORDS) {
      flush();
      for (const sentence of splitSentences(paragraph)) {
        const sentenceWords = wordCount(sentence);
        if (currentWords > 0 && currentWords + sentenceWords > PASSAGE_WORDS) flush();
        current.push(sentence);
        currentWords += sentenceWords;
      }
      flush();
      continue;
    }
    if (currentWords > 0 && currentWords + count > PASSAGE_WORDS) flush();
    current.push(paragraph);
    currentWords += count;
  }
  flush();
  return passages;
}

/** Passages of the presentation: one per slide script, and paragraph-sized pieces of every source. */
export function buildPassages(slides: readonly AnswerSlide[], sources: readonly AnswerSource[]): IndexedPassage[] {
  const passages: IndexedPassage[] = slides
    .filter((slide) => slide.script.trim() || slide.title.trim())
    .map((slide) => ({
      source: `Slide ${slide.number}`,
      text: slide.script.trim(),
      slideNumber: slide.number,
      terms: termsOf(`${slide.title} ${slide.script}`),
    }));
  for (const source of sources) {
    if (!source.text.trim()) continue;
    const parsed = parseSource({ name: source.name, text: source.text, isMain: false }, newCounter());
    for (const section of parsed.sections) {
      const paragraphs = section.paragraphs
        .map((paragraph) => (paragraph.sentences.length > 0 ? paragraph.sentences.map((sentence) => sentence.text).join(" ") : paragraph.items.join("; ")))
        .filter(Boolean);
      passages.push(...chunkSection(section.heading ?? parsed.title, paragraphs, source.name));
    }
  }
  return passages;
}

/** BM25 over passages. */
export class PassageIndex {
  private readonly documentFrequency = new Map<string, number>();
  private readonly termCounts: Map<string, number>[];
  private readonly averageLength: number;

  constructor(readonly passages: readonly IndexedPassage[]) {
    this.termCounts = passages.map((passage) => {
      const counts = new Map<string, number>();
      for (const term of passage.terms) counts.set(term, (counts.get(term) ?? 0) + 1);
      for (const term of counts.keys()) this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 0) + 1);
      return counts;
    });
    this.averageLength = passages.reduce((total, passage) => total + passage.terms.length, 0) / Math.max(1, passages.length) || 1;
  }

  /** Whether any passage holds the term. */
  has(term: string): boolean {
    return this.documentFrequency.has(term);
  }

  /** Inverse document frequency; a term found nowhere weighs most. */
  idf(term: string): number {
    const count = this.passages.length;
    const frequency = this.documentFrequency.get(term) ?? 0;
    return Math.log(1 + (count - frequency + 0.5) / (frequency + 0.5));
  }

  score(position: number, query: readonly string[]): number {
    const counts = this.termCounts[position]!;
    const length = this.passages[position]!.terms.length;
    let score = 0;
    for (const term of query) {
      const frequency = counts.get(term);
      if (!frequency) continue;
      score += (this.idf(term) * frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * length) / this.averageLength));
    }
    return score;
  }

  /** Passages ranked for a question, best first, with the current slide (and its neighbours) boosted. */
  search(query: readonly string[], currentSlide: number | undefined, limit: number): ScoredPassage[] {
    const scored: ScoredPassage[] = this.passages.map((passage, position) => {
      let score = this.score(position, query);
      if (currentSlide !== undefined && passage.slideNumber !== null) {
        if (passage.slideNumber === currentSlide) score *= CURRENT_SLIDE_BOOST;
        else if (Math.abs(passage.slideNumber - currentSlide) === 1) score *= NEIGHBOUR_SLIDE_BOOST;
      }
      return { ...passage, score };
    });
    return scored
      .map((passage, position) => ({ passage, position }))
      .sort((a, b) => b.passage.score - a.passage.score || a.position - b.position)
      .slice(0, limit)
      .map((entry) => entry.passage);
  }
}

/** Text compared without case, punctuation or spacing: the same sentence in a slide script and in its source. */
export function sameText(text: string): string {
  return wordsOf(text).join(" ");
}
