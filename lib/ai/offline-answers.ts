// Offline answers to viewer questions: the sentence (or the line of a list or table) of the presentation's sources
// and slides that best answers the question, with what it leans on, or an honest "not covered" reply when nothing in
// the material speaks to it. Deterministic, no network, linear in the material it is given.
//
// Each unit (a sentence of prose, one line of a list or a table) is scored by the share of the question's weight it
// holds (terms weighed by their rarity in the material, Porter2 stems, a term found nowhere weighing most), with
// half credit for terms in its heading or the units beside it, and favoured when it holds the question's word pairs
// as written, the amount or time the question asks for, or opens the section whose heading the question repeats.
// "Summarise" and "what is this about" get the main document's opening and its sections.
import { countWords, hasNumber, hasTime, intentOf, pairsOf, questionPairs, questionTerms, rarityOf, termsOf, unitsOf, type QuestionTerm } from "./answer-text";
import type { AnswerSource, RetrievalInput } from "./retrieval";
import { cutPassages } from "@/lib/content/passages";
import { splitSentences } from "./text";
import { relatedWords } from "./wordnet";

/** What a viewer hears when the material has no answer. */
export const NOT_COVERED_REPLY =
  "The presentation and its sources don't cover that, so I can't answer it from this material. Try asking about something discussed on the slides.";

export interface AnswerPassage {
  /** The source's name, or "Slide n". */
  source: string;
  text: string;
}

export interface ComposedAnswer {
  text: string;
  passages: AnswerPassage[];
  covered: boolean;
}

/** Share of the question's weight the best unit must hold (with its context) to count as answering it. */
const COVERAGE_THRESHOLD = 0.5;
/** Share of the question's weight the unit must hold in its own words. */
const DIRECT_THRESHOLD = 0.3;
/** Weight of the commonest word against a rare one's, of equal rarity in the material. */
const RARITY_BASE = 0.25;
/** Credit for a word matched by a synonym of the question's (WordNet), and by a more general or derived word. */
const SYNONYM_CREDIT = 0.5;
const RELATED_CREDIT = 0.3;
/** Related words as common as "go", "get" or "turn" are related to half the language: left out. */
const MIN_RELATED_RARITY = 0.2;
/** Added for the question's topic words said in the same order, as a share of its pairs. */
const PAIR_BONUS = 0.15;
/** Least weight of a word the material uses: a word in every unit of a small deck still says what is asked. */
const IDF_FLOOR = 0.5;
/** Added to the score of the slide on screen's units (half for its neighbours'). */
const CURRENT_SLIDE_BONUS = 0.05;
/** Units at a section's start that its heading speaks for. */
const OPENING_UNITS = 2;
/** Credit for a question term found in the unit's heading or beside it rather than in the unit. */
const CONTEXT_CREDIT = 0.5;
const MAX_ANSWER_WORDS = 90;
const MAX_ANSWER_SENTENCES = 3;
/** An answer shorter than this takes the unit after it too: short statements rarely answer "how" or "why". */
const SHORT_ANSWER_WORDS = 25;
/** Most items of a list an answer reads. */
const LIST_ITEMS = 6;
/** Most sections a summary names. */
const SUMMARY_SECTIONS = 8;

/** A script's spoken signposts ("Let's turn to ...", "Thank you for listening."): not answers. */
const SIGNPOST =
  /^(?:let's|next, let's|now, |welcome\b|this presentation is|it also draws on|we will (?:look|go)|the next (?:topic|step|part)|the first step is|this part continues|there is more to say|to sum up|to wrap up|here is the next point|thank you for listening|that is the key point|keep it in mind|we have (?:looked at|covered|seen|gone through)|(?:first|second|third|fourth|fifth|next|then|finally|last),? (?:we|let's)\b)/i;

/** A unit that leans on the one before it: a pronoun, a connective, an ordinal whose list began earlier. */
const LEANS_BACK =
  /^(?:it|its|this|that|these|those|they|their|them|such|so|but|however|also|then|thus|therefore|instead|as a result|for example|for instance|in short|in addition|the (?:second|third|fourth|fifth|other|latter|former|rest|same)|another|both|neither|each of them|here)\b/i;

/**
 * Words people ask with that texts rarely repeat ("how big" against "one cubic metre"): a question's asking word (before
 * the bar) is also matched by the dimension's words (after it); a question naming the dimension itself ("what size")
 * by any word of the group. Question vocabulary for common dimensions only, never topic synonyms.
 */
const DIMENSIONS: string[] = [
  "big bigger biggest large larger small smaller tall wide | size sized volume cubic dimension dimensions",
  "long longer | time duration month months week weeks day days year years hour hours minute minutes",
  "expensive cheap cheaper afford | cost costs price prices priced money euro euros dollar dollars pound pounds pence cents budget spend pay fee fees charge",
  "hot warm warmth cold cool | temperature temperatures degree degrees freezing frost",
  "fast faster quick quickly quicker slow slower | speed speeds rate",
  "many | number numbers amount total",
];
const DIMENSION_STEMS = DIMENSIONS.map((group) => {
  const [asking = "", dimension = ""] = group.split("|");
  const dimensionStems = [...new Set(termsOf(dimension))];
  return { all: [...new Set([...termsOf(asking), ...dimensionStems])], dimension: dimensionStems };
});

interface Section {
  /** The source's name, or "Slide n". */
  source: string;
  heading: string;
  headingTerms: Set<string>;
  units: Unit[];
  fromSlide: boolean;
  /** The slide's number, for a slide's narration. */
  slideNumber: number | null;
  main: boolean;
}

interface Unit {
  /** As written in the material (a list line keeps its marks). */
  text: string;
  terms: Set<string>;
  pairs: Set<string>;
  /** Topic words at most NEAR_WINDOW apart, in either order ("2003 heatwave" for "the heatwave of 2003"). */
  near: Set<string>;
  words: number;
  section: Section;
  /** Position in the section. */
  index: number;
  /** The passage the unit was read from, as the player shows it. */
  passage: string;
  /** A line of a table (cells between bars or tabs), or of a list. */
  row: boolean;
  item: boolean;
  /** The table's header cells, for a row under one. */
  header: string[] | null;
}

interface Concept extends QuestionTerm {
  /** Stems that count as the term. */
  matches: string[];
  /** Stems of its synonyms (WordNet), counted at SYNONYM_CREDIT, and of more general or derived words, at RELATED_CREDIT. */
  synonyms: string[];
  related: string[];
  weight: number;
  /**
   * What the answer must hold to answer the question at all: the dimension asked for ("how much ... cost" wants a
   * price, not a journey time), an ordinal, a number or a year the question names ("the second quarter" is not the
   * third).
   */
  required: boolean;
  /** For an ordinal or a number, the pair it forms with the word it picks ("second quarter"): what the answer must say. */
  pair: string | null;
  /** The words of a name of several words, each with its rarity in the material. */
  parts: { stem: string; weight: number }[] | null;
}

const ROW = /^\s*\||\t|\s\|\s/;
const ITEM = /^\s*(?:[-*•▪◦‣–]\s+|\d{1,3}[.)]\s+)/;
const SEPARATOR_ROW = /^[\s|:-]+$/;

function cellsOf(line: string): string[] {
  const cells = line.includes("\t") && !line.includes("|") ? line.split("\t") : line.replace(/^\s*\|/, "").replace(/\|\s*$/, "").split("|");
  return cells.map((cell) => cell.trim()).filter(Boolean);
}

/** How far apart (in topic words) an ordinal or a number may stand from the word it picks. */
const NEAR_WINDOW = 3;

function nearPairsOf(text: string): Set<string> {
  const stems = termsOf(text);
  const near = new Set<string>();
  for (let index = 0; index < stems.length; index += 1) {
    for (let other = index + 1; other <= Math.min(stems.length - 1, index + NEAR_WINDOW); other += 1) {
      near.add(`${stems[index]} ${stems[other]}`);
      near.add(`${stems[other]} ${stems[index]}`);
    }
  }
  return near;
}

function makeUnit(text: string, section: Section, passage: string): Unit {
  return {
    text,
    terms: new Set(termsOf(text)),
    pairs: pairsOf(text),
    near: nearPairsOf(text),
    words: countWords(text),
    section,
    index: section.units.length,
    passage,
    row: ROW.test(text),
    item: ITEM.test(text),
    header: null,
  };
}

/** Units of a passage body, each list or table line on its own; a table's first row heads the rows under it. */
function addBody(section: Section, body: string, passage: string): void {
  let header: string[] | null = null;
  let previousRow = false;
  for (const text of unitsOf(body)) {
    if (SEPARATOR_ROW.test(text)) continue;
    const unit = makeUnit(text, section, passage);
    if (unit.row) {
      if (!previousRow) header = cellsOf(text);
      else if (header) {
        // A row means what its columns say: "3.6" is revenue because the column is headed so.
        unit.header = header;
        for (const term of termsOf(header.join(" "))) unit.terms.add(term);
      }
    } else header = null;
    previousRow = unit.row;
    section.units.push(unit);
  }
}

function sourceSections(source: AnswerSource): Section[] {
  const sections: Section[] = [];
  const passages = source.passages ?? cutPassages(source.text).map((passage, position) => ({ ...passage, position }));
  let current: Section | null = null;
  let lastPosition = Number.NaN;
  for (const passage of passages) {
    const heading = passage.heading.trim();
    if (!current || current.heading !== heading || passage.position !== lastPosition + 1) {
      current = { source: source.name, heading, headingTerms: new Set(termsOf(heading)), units: [], fromSlide: false, slideNumber: null, main: Boolean(source.main) };
      sections.push(current);
    }
    lastPosition = passage.position;
    addBody(current, passage.body, passage.body);
  }
  return sections;
}

function materialSections(input: RetrievalInput): Section[] {
  const sections = input.sources.flatMap(sourceSections);
  for (const slide of input.slides) {
    const section: Section = {
      source: `Slide ${slide.number}`,
      heading: slide.title,
      headingTerms: new Set(termsOf(slide.title)),
      units: [],
      fromSlide: true,
      slideNumber: slide.number,
      main: false,
    };
    for (const sentence of splitSentences(slide.script)) if (!SIGNPOST.test(sentence)) section.units.push(makeUnit(sentence, section, slide.script));
    sections.push(section);
  }
  return sections.filter((section) => section.units.length > 0);
}

/** Inverse document frequency over the material's units; a term found nowhere weighs most. */
function idfOf(units: readonly Unit[]): (term: string) => number {
  const frequency = new Map<string, number>();
  for (const unit of units) for (const term of unit.terms) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  const count = units.length;
  return (term) => {
    const found = frequency.get(term) ?? 0;
    return Math.max(IDF_FLOOR, Math.log(1 + (count - found + 0.5) / (found + 0.5)));
  };
}

/**
 * A name of several words ("Mary Anning", "Fenwick & Hale") is one thing asked about: any of its words found counts
 * as the name found, and it weighs as its rarest word.
 */
function mergedNames(terms: readonly QuestionTerm[]): (QuestionTerm & { alternatives: string[] })[] {
  const merged: (QuestionTerm & { alternatives: string[] })[] = [];
  for (const term of terms) {
    const last = merged.at(-1);
    if (last && last.name && term.name && term.position - last.position <= 2) {
      last.alternatives.push(term.stem);
      last.position = term.position;
      continue;
    }
    merged.push({ ...term, alternatives: [term.stem] });
  }
  return merged;
}

/** What "how often" is answered with: a count of times or a period ("every two weeks", "once a day"). */
const FREQUENCY_STEMS = [...new Set(termsOf("daily weekly monthly yearly annually once twice times regularly occasionally frequency frequently week weeks day days month months year years hour hours morning evening night"))];

function conceptsOf(question: string, idf: (term: string) => number, present: (term: string) => boolean): Concept[] {
  const concepts = mergedNames(questionTerms(question)).map((term): Concept => {
    // A dimension asked for: "how big", "how long", "cheaper than", or the dimension named ("what temperature", "how
    // much ... cost");
    // "small businesses" asks for no size.
    const dimension = DIMENSION_STEMS.find((members) => members.all.includes(term.stem));
    const asked =
      dimension && (dimension.dimension.includes(term.stem) || new RegExp(`\\bhow ${term.word}\\b|\\b${term.word} than\\b`, "i").test(question));
    const group = asked ? dimension : undefined;
    const matches = !group ? term.alternatives : group.dimension.includes(term.stem) ? group.all : [...new Set([term.stem, ...group.dimension])];
    const found = matches.filter(present).map(idf);
    // Rare in the material and rare in everyday English: "meteorologist" weighs more than "become".
    const rarity = term.name ? 1 : rarityOf(term.word);
    const required = Boolean(group) || SPECIFIC.test(term.word);
    // "The second quarter": the ordinal or number with the word it picks, not any "second" ("a second car").
    const next = SPECIFIC.test(term.word) ? questionTerms(question).find((other) => other.position === term.position + 1) : undefined;
    const pair = next ? `${term.stem} ${next.stem}` : null;
    // Only words that say something: "go", "get" and "turn" are related to half the language.
    const { synonyms: synonymWords, related: relatedList } = term.name ? { synonyms: [], related: [] } : relatedWords(term.word);
    const stemsOf = (list: readonly string[]) =>
      [...new Set(list.filter((word) => rarityOf(word) >= MIN_RELATED_RARITY).flatMap((word) => termsOf(word)))].filter((stem) => !matches.includes(stem));
    const synonyms = stemsOf(synonymWords);
    const related = stemsOf(relatedList).filter((stem) => !synonyms.includes(stem));
    // A name's words count by their rarity: "Millbrook" alone is not the "Millbrook River Trust".
    const parts = term.alternatives.length > 1 ? term.alternatives.map((stem) => ({ stem, weight: idf(stem) })) : null;
    // A word the material never uses weighs most, less when it is common in everyday English: an unknown "mattress"
    // says the question is about something else, an unused "see" or "stop" only that it is put in other words.
    const weight = (found.length > 0 ? Math.max(...found) : idf(term.stem)) * (RARITY_BASE + (1 - RARITY_BASE) * rarity);
    return { ...term, matches, synonyms, related, required, pair, parts, weight };
  });
  // "How often" is asked with stop words only; the answer must say how often.
  if (/\bhow often\b/i.test(question)) {
    const found = FREQUENCY_STEMS.filter(present).map(idf);
    const weight = (found.length > 0 ? Math.max(...found) : idf("often")) * (RARITY_BASE + (1 - RARITY_BASE) * 0.5);
    concepts.push({ stem: "often", word: "often", name: false, position: -1, matches: FREQUENCY_STEMS, synonyms: [], related: [], required: true, pair: null, parts: null, weight });
  }
  return concepts;
}

/** How much of the concept a set of terms holds: all of it, none, or the share of a long name's words. */
function share(terms: ReadonlySet<string>, concept: Concept): number {
  if (concept.parts) {
    const total = concept.parts.reduce((sum, part) => sum + part.weight, 0);
    return concept.parts.reduce((sum, part) => sum + (terms.has(part.stem) ? part.weight : 0), 0) / total;
  }
  return concept.matches.some((term) => terms.has(term)) ? 1 : 0;
}

function holds(terms: ReadonlySet<string>, concept: Concept): boolean {
  return share(terms, concept) > 0;
}

/** Words that pick one of several: ordinals ("first" and "last" mostly mean "early" and "late"), numbers and years. */
const SPECIFIC = /^(?:\d[\d.,]*(?:st|nd|rd|th|s)?|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)$/;
/** What an answer keeps of its coverage when it lacks a term the question requires. */
const REQUIRED_MISSING = 0.6;

interface Scored {
  unit: Unit;
  coverage: number;
  score: number;
}

function scoreUnits(units: readonly Unit[], concepts: readonly Concept[], question: string, currentSlide: number | undefined): Scored[] {
  const total = concepts.reduce((sum, concept) => sum + concept.weight, 0);
  const intent = intentOf(question);
  const pairs = questionPairs(question);
  const defined = definedTerm(question);
  const scored: Scored[] = [];
  for (const unit of units) {
    const { section } = unit;
    const before = section.units[unit.index - 1];
    const after = section.units[unit.index + 1];
    let direct = 0;
    let context = 0;
    let headingShare = 0;
    // A section's heading speaks for its opening units as if they said it; for the rest of the section it is context.
    const opening = unit.index < OPENING_UNITS && !section.fromSlide;
    for (const concept of concepts) {
      const inHeading = holds(section.headingTerms, concept);
      const held = share(unit.terms, concept);
      if (held > 0) direct += held * concept.weight;
      else if (concept.synonyms.some((term) => unit.terms.has(term))) direct += SYNONYM_CREDIT * concept.weight;
      else if (concept.related.some((term) => unit.terms.has(term))) direct += RELATED_CREDIT * concept.weight;
      else if (opening && inHeading) direct += concept.weight;
      else if (inHeading || (before && holds(before.terms, concept)) || (after && holds(after.terms, concept))) context += concept.weight;
      if (inHeading) headingShare += concept.weight;
    }
    if (direct / total < DIRECT_THRESHOLD) continue;
    let coverage = (direct + CONTEXT_CREDIT * context) / total;
    for (const concept of concepts) {
      if (concept.required && !(concept.pair ? unit.near.has(concept.pair) : holds(unit.terms, concept))) coverage *= REQUIRED_MISSING;
    }
    // The amount or time asked for: a unit without one answers something else.
    if (intent.amount) coverage *= hasNumber(unit.text) ? 1 : 0.75;
    if (intent.time) coverage *= hasTime(unit.text) ? 1 : 0.75;
    let score = coverage;
    const pairsFound = pairs.filter((pair) => unit.pairs.has(pair)).length;
    if (pairs.length > 0) score += (PAIR_BONUS * pairsFound) / pairs.length;
    // The question repeats a heading: the section's opening answers it, its first unit most.
    if (headingShare / total >= 0.6 && unit.index < OPENING_UNITS) score += (0.1 * (headingShare / total)) / (1 + unit.index);
    // "What is a couchette?": the sentence that says what it is.
    if (defined && definitionOf(unit.text, defined)) score += 0.2;
    // The sources' own sentences before the slides' retelling of them; prose before a table's row unless an amount
    // is asked for; shorter units before longer ones.
    if (section.fromSlide) score -= 0.02;
    // The slide on screen is what the viewer is looking at: of two equal answers, its own.
    if (section.slideNumber !== null && currentSlide !== undefined) {
      if (section.slideNumber === currentSlide) score += CURRENT_SLIDE_BONUS;
      else if (Math.abs(section.slideNumber - currentSlide) === 1) score += CURRENT_SLIDE_BONUS / 2;
    }
    if (unit.row && !intent.amount) score -= 0.05;
    score /= 1 + 0.008 * Math.max(0, unit.words - 30);
    scored.push({ unit, coverage, score });
  }
  return scored.sort((a, b) => b.score - a.score || b.coverage - a.coverage);
}

/** The thing a "what is / what are / what does ... mean" question asks to have defined, as stems. */
function definedTerm(question: string): string[] | null {
  const match = /^\s*(?:what|who)(?:'s| is| are| was| were) (?:an? |the )?([^?]+?)\s*\??\s*$/i.exec(question) ?? /^\s*what does (?:an? |the )?([^?]+?) mean\s*\??\s*$/i.exec(question);
  if (!match) return null;
  const terms = termsOf(match[1]!);
  return terms.length > 0 && terms.length <= 4 ? terms : null;
}

/** Whether a unit defines the thing: it names it, then says what it is ("A couchette is a simple bunk ..."). */
function definitionOf(text: string, defined: readonly string[]): boolean {
  const verb = /\b(?:is|are|was|were|means|refers to|describes)\b/i.exec(text);
  if (!verb || verb.index > 80) return false;
  const subject = new Set(termsOf(text.slice(0, verb.index)));
  return defined.every((term) => subject.has(term));
}

/** The unit as an answer says it: a table row with its column names, a list item without its mark. */
function spoken(unit: Unit): string {
  if (unit.row) {
    const cells = cellsOf(unit.text);
    const text = cells.join(" — ");
    if (unit.header && unit.header.length === cells.length) return `${text} (${unit.header.join(" — ")}).`;
    return `${text}.`;
  }
  if (unit.item) {
    const text = unit.text.replace(ITEM, "").trim();
    return /[.!?…]["'”’)]*$/.test(text) ? text : `${text}.`;
  }
  return unit.text;
}

function sameUnit(a: string, b: string): boolean {
  return termsOf(a).join(" ") === termsOf(b).join(" ");
}

/** The answer built around its best unit: what it leans on before it, what finishes its thought after it. */
function compose(best: Scored, scored: readonly Scored[], concepts: readonly Concept[]): ComposedAnswer {
  const chosen: Unit[] = [];
  const words = () => chosen.reduce((sum, unit) => sum + unit.words, 0);
  const add = (unit: Unit | undefined, atStart = false) => {
    if (!unit || chosen.includes(unit) || chosen.length >= MAX_ANSWER_SENTENCES) return false;
    if (SIGNPOST.test(unit.text) || chosen.some((other) => sameUnit(other.text, unit.text))) return false;
    if (chosen.length > 0 && words() + unit.words > MAX_ANSWER_WORDS) return false;
    if (atStart) chosen.unshift(unit);
    else chosen.push(unit);
    return true;
  };
  // A list's items are said together, up to the answer's length.
  const addItem = (item: Unit) => {
    if (chosen.includes(item) || (chosen.length > 0 && words() + item.words > MAX_ANSWER_WORDS)) return false;
    chosen.push(item);
    return true;
  };
  const { unit } = best;
  const siblings = unit.section.units;
  add(unit);
  if (LEANS_BACK.test(unit.text) && !unit.row) add(siblings[unit.index - 1], true);
  // A list's or a table's line is read with the sentence that introduces it, when that is near.
  if ((unit.item || unit.row) && unit.index > 0) {
    const intro = siblings.slice(Math.max(0, unit.index - 6), unit.index).reverse().find((other) => !other.item && !other.row);
    if (intro && /:\s*$/.test(intro.text)) add(intro, true);
  }
  // "The people most at risk include:" is answered by its list.
  if (/:\s*$/.test(unit.text) && !unit.item && !unit.row) {
    const items = siblings.slice(unit.index + 1).filter((_, offset, rest) => rest.slice(0, offset + 1).every((other) => other.item || other.row));
    for (const item of items.slice(0, LIST_ITEMS)) if (!addItem(item)) break;
  }
  const next = siblings[unit.index + 1];
  if (next && !unit.row && !(unit.item && next.item) && !/:\s*$/.test(unit.text)) {
    const continues = LEANS_BACK.test(next.text) || concepts.some((concept) => holds(next.terms, concept));
    if (continues || words() < SHORT_ANSWER_WORDS) add(next);
  }
  // A second place that answers a part of the question the first does not.
  const answered = new Set(chosen.flatMap((part) => [...part.terms]));
  const missing = concepts.filter((concept) => !holds(answered, concept));
  if (missing.length > 0) {
    const complement = scored.find(
      (candidate) =>
        candidate.unit.section !== unit.section &&
        candidate.coverage >= COVERAGE_THRESHOLD &&
        candidate.score >= best.score * 0.6 &&
        missing.some((concept) => holds(candidate.unit.terms, concept)) &&
        !LEANS_BACK.test(candidate.unit.text),
    );
    if (complement) add(complement.unit);
  }
  const text = chosen.map(spoken).join(" ");
  const passages: AnswerPassage[] = [];
  for (const part of chosen) {
    if (!passages.some((shown) => shown.source === part.section.source && shown.text === part.passage)) {
      passages.push({ source: part.section.source, text: part.passage });
    }
  }
  // The slide that says the same thing is worth showing beside its source.
  const slide = scored.find((candidate) => candidate.unit.section.fromSlide && chosen.some((part) => !part.section.fromSlide && sameUnit(part.text, candidate.unit.text)));
  if (slide && passages.length < 3) passages.push({ source: slide.unit.section.source, text: slide.unit.passage });
  return { text, passages, covered: true };
}

/** "Summarise" / "what is this about": the main document's opening and the sections it goes through. */
function summaryAnswer(sections: readonly Section[], input: RetrievalInput): ComposedAnswer | null {
  const documentSections = sections.filter((section) => !section.fromSlide);
  const main = documentSections.filter((section) => section.main);
  const from = main.length > 0 ? main : documentSections;
  const opening = from[0];
  const lead = opening?.units.filter((unit) => !unit.row && !unit.item && unit.words >= 6).slice(0, 2) ?? [];
  if (!opening || lead.length === 0) return slideSummary(input);
  const headings = [...new Set(from.map((section) => section.heading).filter((heading) => heading && heading !== opening.heading))].slice(0, SUMMARY_SECTIONS);
  const parts = lead.map(spoken);
  if (headings.length > 1) parts.push(`It covers ${listOf(headings.map((heading) => heading.replace(/[.:;!?]+$/, "")))}.`);
  return { text: parts.join(" "), passages: [{ source: opening.source, text: opening.units[0]!.passage }], covered: true };
}

function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join("; ")} and ${items.at(-1)}`;
}

/** Without sources: the first slide's statements and the slides' titles. */
function slideSummary(input: RetrievalInput): ComposedAnswer | null {
  const first = input.slides[0];
  if (!first) return null;
  const statements = splitSentences(first.script).filter((sentence) => countWords(sentence) >= 6 && !SIGNPOST.test(sentence)).slice(0, 2);
  const titles = input.slides.slice(1).map((slide) => slide.title.trim()).filter(Boolean).slice(0, SUMMARY_SECTIONS);
  const parts = [`The presentation is about “${first.title}”.`, ...statements];
  if (titles.length > 1) parts.push(`It covers ${listOf(titles)}.`);
  return { text: parts.join(" "), passages: [{ source: `Slide ${first.number}`, text: first.script }], covered: true };
}

/** Answers about the current slide, for questions without a topic ("what is this slide about?"). */
function slideAnswer(input: RetrievalInput): ComposedAnswer | null {
  if (!/\b(?:this|current) (?:slide|page|part)\b|\bslide\b/i.test(input.question)) return null;
  const slide = input.slides.find((candidate) => candidate.number === (input.currentSlide ?? input.slides[0]?.number));
  if (!slide) return null;
  const sentences = splitSentences(slide.script)
    .filter((sentence) => countWords(sentence) >= 8 && !SIGNPOST.test(sentence))
    .slice(0, 2);
  if (sentences.length === 0) return null;
  return { text: [`This slide covers “${slide.title}”.`, ...sentences].join(" "), passages: [{ source: `Slide ${slide.number}`, text: slide.script }], covered: true };
}

function notCovered(): ComposedAnswer {
  return { text: NOT_COVERED_REPLY, passages: [], covered: false };
}

/** Composes the offline answer for a question. Deterministic, no network. */
export function composeOfflineAnswer(input: RetrievalInput): ComposedAnswer {
  const sections = materialSections(input);
  const units = sections.flatMap((section) => section.units);
  const terms = questionTerms(input.question);
  if (terms.length === 0) return slideAnswer(input) ?? summaryAnswer(sections, input) ?? notCovered();
  if (intentOf(input.question).summary) return summaryAnswer(sections, input) ?? notCovered();
  if (units.length === 0) return notCovered();
  const idf = idfOf(units);
  const everywhere = new Set(units.flatMap((unit) => [...unit.terms, ...unit.section.headingTerms]));
  const concepts = conceptsOf(input.question, idf, (term) => everywhere.has(term));
  // A name the material never mentions (a place, a person, a product) is something it does not cover.
  if (concepts.some((concept) => concept.name && !concept.matches.some((term) => everywhere.has(term)))) return notCovered();
  const scored = scoreUnits(units, concepts, input.question, input.currentSlide);
  const best = scored.find((candidate) => candidate.coverage >= COVERAGE_THRESHOLD);
  if (!best) return notCovered();
  return compose(best, scored, concepts);
}
