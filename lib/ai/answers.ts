// Answers to viewer questions behind one small interface: the answer text streams, and the passages it rests on
// (source name or "Slide n") come with it so the player can show where an answer comes from.
import { loadWordFrequencies } from "./answer-text";
import { loadWordVectors } from "./word-vectors";
import { tagged } from "./pos";
import { composeOfflineAnswer, NOT_COVERED_REPLY, type AnswerPassage } from "./offline-answers";
import { openAISettings, providerName, type OpenAISettings } from "./openai";
import { answerWithOpenAI } from "./openai-answers";
import type { AnswerSlide, AnswerSource, RetrievalInput } from "./retrieval";

export { NOT_COVERED_REPLY };
export type { AnswerPassage, AnswerSlide, AnswerSource };

export interface AnswerInput extends RetrievalInput {
  question: string;
  /** The slide the viewer is on: its script is searched first. */
  currentSlide?: number;
  slides: AnswerSlide[];
  /**
   * The blog's sources, each with the text of its passages that the passage index found for the question (and their
   * neighbours), put back together in order: a few pages at most, never a whole long source.
   */
  sources: AnswerSource[];
}

export interface Answer {
  /** The answer text in pieces, as it is produced; joined, the whole answer. */
  stream: AsyncIterable<string>;
  /** What the answer rests on; empty when the material does not cover the question. */
  passages: AnswerPassage[];
  /** False when the reply says the material does not cover the question. */
  covered: boolean;
}

export interface AnswerProvider {
  id: "offline" | "openai";
  name: string;
  answer(input: AnswerInput): Promise<Answer>;
}

/** Pieces of a few words, so a player can start speaking or showing the answer before it is complete. */
async function* inPieces(text: string): AsyncGenerator<string> {
  const words = text.split(/(?<=\s)/);
  for (let index = 0; index < words.length; index += 6) yield words.slice(index, index + 6).join("");
}

/** Starts reading what the offline answerer reads once per process (its word list, word vectors and tagger), without waiting for it. */
export function prepareOfflineAnswers(): void {
  void loadWordFrequencies().catch(() => undefined);
  void loadWordVectors();
  // The tagger's model too, once the question's response has gone: read while the answer is composed, it held the
  // thread for both at once (over a second on a busy machine).
  setTimeout(() => {
    try {
      tagged("Warm the tagger.");
    } catch {
      // Without the tagger a question's words are read by the lexicon alone; the answer says so no differently.
    }
  }, 0);
}

export const offlineAnswerProvider: AnswerProvider = {
  id: "offline",
  name: "Offline answers",
  answer: async (input) => {
    await loadWordFrequencies().catch(() => undefined); // without the word list every word weighs as common as the next
    await loadWordVectors(); // without the vectors a question put in other words is matched by its synonyms only
    const composed = composeOfflineAnswer(input);
    return { stream: inPieces(composed.text), passages: composed.passages, covered: composed.covered };
  },
};

export function openAIAnswerProvider(settings: OpenAISettings): AnswerProvider {
  return { id: "openai", name: providerName(settings), answer: (input) => answerWithOpenAI(input, settings) };
}

/** The answer provider for a tenant: as for generation, the platform-wide environment decides (see generation.ts). */
export async function answerProviderFor(_tenantId: string, settings: OpenAISettings | null = openAISettings()): Promise<AnswerProvider> {
  return settings ? openAIAnswerProvider(settings) : offlineAnswerProvider;
}

/** Answers a viewer's question from the presentation and its sources, by the given provider (the platform's by default). */
export async function answerQuestion(input: AnswerInput, provider?: AnswerProvider): Promise<Answer> {
  const settings = openAISettings();
  const chosen = provider ?? (settings ? openAIAnswerProvider(settings) : offlineAnswerProvider);
  return chosen.answer(input);
}

/** The whole text of a streamed answer. */
export async function answerText(answer: Pick<Answer, "stream">): Promise<string> {
  let text = "";
  for await (const piece of answer.stream) text += piece;
  return text;
}
