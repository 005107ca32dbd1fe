// One evaluation run: for each chosen article and source kind, the deck made through the app and the article's
// questions asked of it, judged by eval/metrics.ts and eval/lint.ts. Import after the environment is set (app.ts).
import { answerInput, ask, makeDeck, NOT_COVERED_REPLY, type DeckSlide, type SourceKind } from "./app";
import type { Article } from "./corpus";
import { lintDeck, type LintFinding } from "./lint";
import { answerIsRight, coverageOf, isRefusal, type Coverage } from "./metrics";

export interface QuestionResult {
  question: string;
  /** The question's style, or 'unanswerable'. */
  style: string;
  /** What a right answer holds (one of these sentences), or the 'not covered' reply. */
  expected: string[];
  answer: string;
  right: boolean;
  refused: boolean;
  firstTextMs: number;
  totalMs: number;
  /** The answerer's material for the question (slides and found passages), when the run keeps it. */
  input?: Awaited<ReturnType<typeof answerInput>>;
}

export interface RowResult {
  article: string;
  kind: SourceKind;
  /** Whether the article marks its sections with headings. */
  structured: boolean;
  /** Why the deck could not be made, when it could not. */
  error: string | null;
  slides: DeckSlide[];
  coverage: Coverage;
  lint: LintFinding[];
  questions: QuestionResult[];
  extractionMs: number;
  generationMs: number;
}

function emptyCoverage(article: Article): Coverage {
  const gold = article.structured ? article.gold.sections : article.gold.parts;
  return { covered: 0, total: gold.length, inOrder: true, slidesOf: gold.map((section) => ({ section, slides: [] })) };
}

export async function evaluate(article: Article, kind: SourceKind, keepInputs = false): Promise<RowResult> {
  const base = { article: article.id, kind, structured: article.structured };
  const asked = [
    ...article.gold.questions.map((question) => ({ question: question.q, style: question.style, expected: question.gold, answerable: true })),
    ...article.gold.unanswerable.map((question) => ({ question, style: "unanswerable", expected: [NOT_COVERED_REPLY], answerable: false })),
  ];
  let deck;
  try {
    deck = await makeDeck(article, kind);
  } catch (error) {
    // A deck that could not be made answers nothing: its questions count as wrong, without a latency.
    return {
      ...base,
      error: error instanceof Error ? error.message : String(error),
      slides: [],
      coverage: emptyCoverage(article),
      lint: [],
      questions: asked.map((item) => ({
        question: item.question,
        style: item.style,
        expected: item.expected,
        answer: "",
        right: false,
        refused: false,
        firstTextMs: Number.NaN,
        totalMs: Number.NaN,
      })),
      extractionMs: 0,
      generationMs: 0,
    };
  }
  const questions: QuestionResult[] = [];
  let sessionId: string | null = null;
  for (const item of asked) {
    const answer = await ask(deck.presentationId, item.question, sessionId);
    sessionId = answer.sessionId;
    const refused = isRefusal(answer.text, NOT_COVERED_REPLY);
    questions.push({
      question: item.question,
      style: item.style,
      expected: item.expected,
      answer: answer.text,
      refused,
      right: item.answerable ? !refused && answerIsRight(answer.text, item.expected, item.style) : refused,
      firstTextMs: answer.firstTextMs,
      totalMs: answer.totalMs,
      ...(keepInputs ? { input: await answerInput(deck, item.question) } : {}),
    });
  }
  return {
    ...base,
    error: null,
    slides: deck.slides,
    coverage: coverageOf(deck.slides, article),
    lint: lintDeck(deck.slides, article),
    questions,
    extractionMs: deck.extractionMs,
    generationMs: deck.generationMs,
  };
}
