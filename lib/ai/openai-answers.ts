// Grounded answers through OpenAI or a compatible server: the most relevant passages are retrieved first (BM25, as
// offline), the model answers from them alone, and says so when they do not cover the question. The answer streams.
import type { ChatCompletionChunk, ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { notCoveredReply, type AnswerPassage } from "./offline-answers";
import { deckLanguageFor, languageName } from "@/lib/content/languages";
import { openAIClient, toProviderError, withRetries, type OpenAISettings } from "./openai";
import { ProviderError } from "./errors";
import { buildPassages, PassageIndex, questionConcepts, type RetrievalInput, type ScoredPassage } from "./retrieval";

/** What the model is told to reply, alone, when the passages do not answer the question. */
export const NOT_COVERED_MARKER = "NOT_COVERED";
const PASSAGES_SENT = 6;
const PASSAGES_SHOWN = 4;

export interface StreamedAnswer {
  stream: AsyncIterable<string>;
  passages: AnswerPassage[];
  covered: boolean;
}

function retrieve(input: RetrievalInput): ScoredPassage[] {
  const index = new PassageIndex(buildPassages(input.slides, input.sources));
  const query = [...new Set(questionConcepts(input.question).flatMap((concept) => concept.matches))];
  const ranked = index.search(query, input.currentSlide, PASSAGES_SENT).filter((passage) => passage.score > 0);
  if (ranked.length > 0) return ranked;
  // No shared words at all: the model may still see a paraphrase in the slide on screen.
  return index.passages
    .filter((passage) => passage.slideNumber !== null && passage.slideNumber === input.currentSlide)
    .map((passage) => ({ ...passage, score: 0 }));
}

export function answerMessages(input: RetrievalInput, passages: readonly ScoredPassage[]): ChatCompletionMessageParam[] {
  const current = input.slides.find((slide) => slide.number === input.currentSlide);
  const system = [
    "You answer a viewer's question about a narrated presentation. Your answer is read aloud.",
    "Use only the numbered passages (from the presentation's slides and its source documents). Do not add outside knowledge.",
    `If the passages do not answer the question, reply with exactly ${NOT_COVERED_MARKER} and nothing else.`,
    `Otherwise answer in one to three short sentences of plain spoken ${languageName(deckLanguageFor(input.language))}: no lists, no markdown, no passage numbers.`,
  ].join("\n");
  const user = [
    ...(current ? [`The viewer is on slide ${current.number}: “${current.title}”.`] : []),
    "Passages:",
    ...passages.map((passage, position) => `[${position + 1}] (${passage.source}) ${passage.text}`),
    "",
    `Question: ${input.question}`,
  ].join("\n");
  return [
    { role: "system", content: system },
    { role: "user", content: user },
  ];
}

/** Letters only, upper case: "Not covered." and "NOT_COVERED" compare equal. */
function letters(text: string): string {
  return text.replace(/[^\p{L}]/gu, "").toUpperCase();
}

const MARKER_LETTERS = letters(NOT_COVERED_MARKER);

function contentOf(chunk: ChatCompletionChunk): string {
  return chunk.choices[0]?.delta?.content ?? "";
}

/**
 * Waits for the next chunk of a stream, at most `timeoutMs`: a server that stops sending mid-answer would
 * otherwise hold the viewer's request open forever.
 */
async function nextWithin(
  iterator: AsyncIterator<ChatCompletionChunk>,
  timeoutMs: number,
  controller: AbortController,
  settings: OpenAISettings,
): Promise<IteratorResult<ChatCompletionChunk>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(toProviderError(new Error("stream stalled"), settings, timeoutMs, true));
    }, timeoutMs);
  });
  try {
    return await Promise.race([iterator.next(), timeout]);
  } catch (error) {
    throw toProviderError(error, settings, timeoutMs, controller.signal.aborted);
  } finally {
    clearTimeout(timer);
  }
}

export async function answerWithOpenAI(input: RetrievalInput, settings: OpenAISettings): Promise<StreamedAnswer> {
  const passages = retrieve(input);
  if (passages.length === 0) return { stream: once(notCoveredReply(input.language)), passages: [], covered: false };
  const client = openAIClient(settings);
  const messages = answerMessages(input, passages);
  const timeoutMs = settings.answerTimeoutMs;
  // One attempt: the request and enough of the reply to know whether it says NOT_COVERED. Retried as a whole,
  // since nothing has reached the viewer yet.
  const opened = await withRetries(settings, timeoutMs, "answer question", async (signal) => {
    const controller = new AbortController();
    signal.addEventListener("abort", () => controller.abort(), { once: true });
    const stream = await client.chat.completions.create({ model: settings.model, messages, stream: true }, { signal: controller.signal });
    const iterator = stream[Symbol.asyncIterator]();
    let head = "";
    let done = false;
    while (!done) {
      const next = await iterator.next();
      if (next.done) {
        done = true;
        break;
      }
      head += contentOf(next.value);
      const sofar = letters(head);
      if (sofar.length >= MARKER_LETTERS.length || (sofar.length > 0 && !MARKER_LETTERS.startsWith(sofar))) break;
    }
    return { iterator, head, done, controller };
  });
  const notCovered = letters(opened.head).startsWith(MARKER_LETTERS) || (opened.done && opened.head.trim() === "");
  if (notCovered) {
    opened.controller.abort();
    return { stream: once(notCoveredReply(input.language)), passages: [], covered: false };
  }
  const best = passages[0]!.score;
  const shown = passages.filter((passage) => passage.score >= best * 0.3).slice(0, PASSAGES_SHOWN);
  async function* rest(): AsyncGenerator<string> {
    yield opened.head.trimStart();
    if (opened.done) return;
    try {
      for (;;) {
        const next = await nextWithin(opened.iterator, timeoutMs, opened.controller, settings);
        if (next.done) return;
        const text = contentOf(next.value);
        if (text) yield text;
      }
    } catch (error) {
      throw error instanceof ProviderError ? error : toProviderError(error, settings, timeoutMs);
    } finally {
      // A viewer who stops listening stops the model too.
      opened.controller.abort();
    }
  }
  return { stream: rest(), passages: shown.map((passage) => ({ source: passage.source, text: passage.text })), covered: true };
}

/** A stream of one piece of text. */
export async function* once(text: string): AsyncGenerator<string> {
  yield text;
}
