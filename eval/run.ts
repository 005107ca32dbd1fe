// One evaluation run: for each chosen article and source kind, the deck made through the app and the article's
// questions asked of it, judged by eval/metrics.ts and eval/lint.ts. Import after the environment is set (app.ts).
import { notCoveredReply } from "@/lib/ai/offline-answers";
import { answerInput, ask, makeDeck, type DeckSlide, type SourceKind } from "./app";
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
  /** The article's language (gold.json), which its deck and answers should be in. */
  language: string;
  /** The language the deck was made in (the blog's detected one), when it was made. */
  deckLanguage?: string;
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
  const base = { article: article.id, kind, structured: article.structured, language: article.gold.language };
  // The 'not covered' reply in the article's language: the deck is made in the language detected from its text.
  const NOT_COVERED_REPLY = notCoveredReply(article.gold.language);
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
    deckLanguage: deck.language,
    // A deck made in another language than the article's is wrong as a whole, whatever it scores.
    error: deck.language === article.gold.language ? null : `deck made in '${deck.language}', the article is in '${article.gold.language}'`,
    slides: deck.slides,
    coverage: coverageOf(deck.slides, article),
    lint: lintDeck(deck.slides, article),
    questions,
    extractionMs: deck.extractionMs,
    generationMs: deck.generationMs,
  };
}
