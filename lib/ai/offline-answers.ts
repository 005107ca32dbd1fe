// Offline answers to viewer questions: the best supporting sentences of the presentation's slides and sources
// (retrieved with BM25), or an honest "not covered" reply when nothing relevant enough is found.
import {
  buildPassages,
  PassageIndex,
  questionConcepts,
  sameText,
  type QueryConcept,
  type RetrievalInput,
  type ScoredPassage,
} from "./retrieval";
import { splitSentences, terms as termsOf, wordCount } from "./text";

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

/** Share of the question's weight (by IDF) a sentence must contain to count as answering it. */
const COVERAGE_THRESHOLD = 0.45;
const CANDIDATE_PASSAGES = 8;
const MAX_ANSWER_WORDS = 90;
const MAX_ANSWER_SENTENCES = 3;
/** An answer shorter than this takes the sentence after it too: short statements rarely answer "how". */
const SHORT_ANSWER_WORDS = 25;

/** A script's spoken signposts ("Let's turn to ...", "Thank you for listening."): not answers. */
const SIGNPOST = /^(?:let's|next, let's|now, |welcome\b|this presentation is|it also draws on|we will (?:look|go)|the next (?:topic|step|part)|the first step is|this part continues|there is more to say|to sum up|to wrap up, here|here is the next point|thank you for listening|that is the key point|keep it in mind)/i;

const LEANS_BACK = /^(?:it|its|this|that|these|those|they|their|such|so|but|however|also|then|thus|therefore|instead|as a result|for example|for instance)\b/i;

interface Candidate {
  text: string;
  passage: ScoredPassage;
  /** Position of the sentence in its passage. */
  position: number;
  sentences: string[];
  matched: Set<QueryConcept>;
  coverage: number;
  score: number;
}

/** Answers about the slide or the whole presentation, for questions without a topic ("what is this slide about?"). */
function aboutAnswer(input: RetrievalInput): ComposedAnswer | null {
  const asksSlide = /\b(?:this|current) (?:slide|page|part)\b|\bslide\b/i.test(input.question);
  const asksWhole = /\b(?:presentation|article|talk|deck|document|blog)\b|\bwhat is (?:this|it) about\b/i.test(input.question);
  const number = asksSlide ? input.currentSlide : asksWhole ? input.slides[0]?.number : undefined;
  const slide = input.slides.find((candidate) => candidate.number === number);
  if (!slide) return null;
  // The script's statements, not its spoken signposts ("Let's turn to ...").
  const sentences = splitSentences(slide.script)
    .filter((sentence) => wordCount(sentence) >= 8 && !SIGNPOST.test(sentence))
    .slice(0, 2);
  if (sentences.length === 0) return null;
  const lead = asksSlide ? `This slide covers “${slide.title}”.` : `The presentation is about “${slide.title}”.`;
  return { text: [lead, ...sentences].join(" "), passages: [{ source: `Slide ${slide.number}`, text: slide.script }], covered: true };
}

function notCovered(): ComposedAnswer {
  return { text: NOT_COVERED_REPLY, passages: [], covered: false };
}

/** Composes the offline answer for a question. Deterministic, no network. */
export function composeOfflineAnswer(input: RetrievalInput): ComposedAnswer {
  const concepts = questionConcepts(input.question);
  if (concepts.length === 0) return aboutAnswer(input) ?? notCovered();
  const index = new PassageIndex(buildPassages(input.slides, input.sources));
  const top = index
    .search([...new Set(concepts.flatMap((concept) => concept.matches))], input.currentSlide, CANDIDATE_PASSAGES)
    .filter((passage) => passage.score > 0);
  if (top.length === 0) return notCovered();
  // A concept weighs what its rarest word found in the material weighs; one found nowhere weighs most.
  const weight = new Map(
    concepts.map((concept) => {
      const present = concept.matches.filter((term) => index.has(term)).map((term) => index.idf(term));
      return [concept, present.length > 0 ? Math.max(...present) : index.idf(concept.term)];
    }),
  );
  const totalWeight = [...weight.values()].reduce((total, value) => total + value, 0);
  const bestPassageScore = top[0]!.score;
  const candidates: Candidate[] = [];
  for (const passage of top) {
    const sentences = splitSentences(passage.text);
    sentences.forEach((text, position) => {
      if (SIGNPOST.test(text)) return;
      const sentenceTerms = termsOf(text);
      const termSet = new Set(sentenceTerms);
      const matched = new Set(concepts.filter((concept) => concept.matches.some((term) => termSet.has(term))));
      if (matched.size === 0) return;
      const coverage = [...matched].reduce((total, concept) => total + weight.get(concept)!, 0) / totalWeight;
      // Coverage decides; then sentences about the asked thing (named in their first words), shorter ones, and
      // those in better passages.
      const opening = new Set(sentenceTerms.slice(0, 3));
      const aboutIt = [...matched].some((concept) => concept.matches.some((term) => opening.has(term))) ? 1.1 : 1;
      const lengthFactor = 1 / (1 + 0.01 * Math.max(0, wordCount(text) - 15));
      const score = coverage * (0.75 + 0.25 * (passage.score / bestPassageScore)) * lengthFactor * aboutIt;
      candidates.push({ text, passage, position, sentences, matched, coverage, score });
    });
  }
  candidates.sort((a, b) => b.score - a.score || b.passage.score - a.passage.score);
  const best = candidates.find((candidate) => candidate.coverage >= COVERAGE_THRESHOLD);
  if (!best) return notCovered();

  const said = new Set<string>();
  const answer: string[] = [];
  const used: ScoredPassage[] = [];
  const add = (text: string, passage: ScoredPassage) => {
    const key = sameText(text);
    if (said.has(key) || answer.length >= MAX_ANSWER_SENTENCES) return false;
    if (answer.length > 0 && wordCount([...answer, text].join(" ")) > MAX_ANSWER_WORDS) return false;
    said.add(key);
    answer.push(text);
    if (!used.includes(passage)) used.push(passage);
    return true;
  };
  // A best sentence that leans on the one before it brings that one along.
  const previous = best.sentences[best.position - 1];
  if (previous && LEANS_BACK.test(best.text)) add(previous, best.passage);
  add(best.text, best.passage);
  // The next sentence often finishes the thought: kept when it continues it, speaks to the question too, or when
  // the answer so far is short.
  const following = best.sentences[best.position + 1];
  const next = following && !SIGNPOST.test(following) ? following : undefined;
  const nextTerms = next ? new Set(termsOf(next)) : new Set<string>();
  if (
    next &&
    (LEANS_BACK.test(next) ||
      wordCount(answer.join(" ")) < SHORT_ANSWER_WORDS ||
      concepts.some((concept) => concept.matches.some((term) => nextTerms.has(term))))
  ) {
    add(next, best.passage);
  }
  // A second passage that answers a part of the question the first does not.
  const answeredTerms = new Set(answer.flatMap((text) => termsOf(text)));
  const complement = candidates.find(
    (candidate) =>
      candidate.passage !== best.passage &&
      candidate.coverage >= COVERAGE_THRESHOLD &&
      candidate.score >= best.score * 0.6 &&
      [...candidate.matched].some((concept) => !concept.matches.some((term) => answeredTerms.has(term))) &&
      !LEANS_BACK.test(candidate.text),
  );
  if (complement) add(complement.text, complement.passage);

  // The slide and the source it came from are both worth showing when they hold the same sentence.
  const passages: AnswerPassage[] = used.map((passage) => ({ source: passage.source, text: passage.text }));
  const answerKeys = answer.map(sameText);
  for (const passage of top) {
    if (passages.length >= 3) break;
    if (used.includes(passage) || passages.some((shown) => shown.source === passage.source && shown.text === passage.text)) continue;
    const keys = splitSentences(passage.text).map(sameText);
    if (answerKeys.some((key) => keys.includes(key))) passages.push({ source: passage.source, text: passage.text });
  }
  return { text: answer.join(" "), passages, covered: true };
}
