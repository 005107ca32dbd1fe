// Offline answers over the fixture articles and the decks made from them: questions the articles answer get the
// answering sentence with the passages it rests on; questions they do not answer get the not-covered reply.
import { beforeAll, describe, expect, it } from "vitest";
import { answerProviderFor, answerQuestion, answerText, NOT_COVERED_REPLY, offlineAnswerProvider, type AnswerInput } from "@/lib/ai/answers";
import { generateOfflineOutline } from "@/lib/ai/offline-generator";
import { loadWordFrequencies } from "@/lib/ai/answer-text";
import { composeOfflineAnswer } from "@/lib/ai/offline-answers";
import { loadArticle, type ArticleName } from "../fixtures/articles";

function presentation(name: ArticleName, sourceName: string): Omit<AnswerInput, "question"> {
  const article = loadArticle(name);
  const outline = generateOfflineOutline({
    sources: [{ name: sourceName, kind: "main_document", text: article.text, isMain: true }],
    useMainSourceOnly: true,
    template: "professional",
  });
  return {
    currentSlide: 2,
    slides: outline.slides.map((slide, index) => ({ number: index + 1, title: slide.title, script: slide.script })),
    sources: [{ name: sourceName, text: article.text }],
  };
}

const guide = presentation("home-composting-guide", "composting-guide.pdf");
const news = presentation("city-heat-pumps", "https://news.example/eastbridge-heat-pumps");

const ANSWERED: { deck: Omit<AnswerInput, "question">; question: string; sentence: string }[] = [
  { deck: guide, question: "How do I know when my compost is ready?", sentence: "Compost is ready when it is dark, crumbly and smells like forest soil" },
  { deck: guide, question: "What should stay out of an ordinary home bin?", sentence: "Meat, fish and dairy products should stay out of an ordinary home bin." },
  { deck: guide, question: "What is bokashi?", sentence: "Food waste is pressed into an airtight bucket" },
  { deck: guide, question: "How moist should a compost heap be?", sentence: "should feel about as damp as a wrung-out sponge" },
  { deck: guide, question: "What temperature does a hot pile reach?", sentence: "A hot pile can reach temperatures between 55 and 65 degrees Celsius" },
  { deck: guide, question: "How often should I turn the pile?", sentence: "Turning every two to three weeks is enough for a hot pile" },
  { deck: guide, question: "What size kitchen caddy do I need?", sentence: "A container of five to seven litres with a tight lid" },
  { deck: guide, question: "Is lime good for compost?", sentence: "In most cases lime does more harm than good" },
  { deck: news, question: "What does a COP of three mean?", sentence: "A COP of three means that the heat pump delivers three kilowatt-hours of heat for every kilowatt-hour of electricity it uses." },
  { deck: news, question: "How much does a heat pump cost for a public building?", sentence: "around 85,000 euros" },
  { deck: news, question: "How many installers has the college course qualified?", sentence: "which has so far qualified 64 installers" },
  { deck: news, question: "Why were residents near the swimming pool unhappy?", sentence: "residents near the Riverside swimming pool complained" },
  { deck: news, question: "How cold can it get outside before an air-source heat pump stops working?", sentence: "Modern air-source models are designed to work at outdoor temperatures down to minus 20 degrees Celsius" },
  { deck: news, question: "What did the deputy mayor say?", sentence: "the cheapest time to start was ten years ago" },
];

const UNRELATED: { deck: Omit<AnswerInput, "question">; question: string }[] = [
  { deck: guide, question: "What is the capital of France?" },
  { deck: guide, question: "How do I bake sourdough bread?" },
  { deck: guide, question: "Who won the football World Cup in 2018?" },
  { deck: news, question: "How do I train a puppy to sit?" },
  { deck: news, question: "What is the boiling point of mercury?" },
  { deck: news, question: "Which composer wrote the Moonlight Sonata?" },
];

describe("offline answers", () => {
  // As the offline provider does before its first answer.
  beforeAll(() => loadWordFrequencies());

  for (const { deck, question, sentence } of ANSWERED) {
    it(`answers "${question}" with the sentence that answers it`, () => {
      const answer = composeOfflineAnswer({ ...deck, question });
      expect(answer.covered).toBe(true);
      expect(answer.text).toContain(sentence);
      expect(answer.passages.length).toBeGreaterThan(0);
      expect(answer.passages.length).toBeLessThanOrEqual(3);
      // The passages hold what was said and name where it comes from.
      expect(answer.passages.some((passage) => passage.text.includes(sentence))).toBe(true);
      for (const passage of answer.passages) expect(passage.source).toMatch(/^(?:Slide \d+|composting-guide\.pdf|https:\/\/news\.example\/eastbridge-heat-pumps)$/);
    });
  }

  for (const { deck, question } of UNRELATED) {
    it(`says honestly that "${question}" is not covered`, () => {
      const answer = composeOfflineAnswer({ ...deck, question });
      expect(answer).toEqual({ text: NOT_COVERED_REPLY, passages: [], covered: false });
    });
  }

  it("prefers the slide on screen when two slides say the same", () => {
    const slides = [
      { number: 1, title: "Opening", script: "Solar panels turn sunlight into electricity on the roof of a house." },
      { number: 2, title: "Panels at home", script: "Solar panels on a house roof turn sunlight into electricity for the household." },
    ];
    const onFirst = composeOfflineAnswer({ question: "How do solar panels make electricity?", currentSlide: 1, slides, sources: [] });
    const onSecond = composeOfflineAnswer({ question: "How do solar panels make electricity?", currentSlide: 2, slides, sources: [] });
    expect(onFirst.passages[0]!.source).toBe("Slide 1");
    expect(onSecond.passages[0]!.source).toBe("Slide 2");
  });

  it("answers a question about the slide on screen from its script", () => {
    const answer = composeOfflineAnswer({ ...guide, currentSlide: 3, question: "What is this slide about?" });
    expect(answer.covered).toBe(true);
    expect(answer.text).toContain(`This slide covers “${guide.slides[2]!.title}”.`);
    expect(answer.passages).toEqual([{ source: "Slide 3", text: guide.slides[2]!.script }]);
  });

  it("streams the answer in pieces that join to the whole, through the provider interface", async () => {
    const question = "What does a COP of three mean?";
    const provider = await answerProviderFor("tenant-without-openai", null);
    expect(provider).toBe(offlineAnswerProvider);
    const answer = await answerQuestion({ ...news, question }, provider);
    const pieces: string[] = [];
    for await (const piece of answer.stream) pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join("")).toBe(composeOfflineAnswer({ ...news, question }).text);
    expect(answer.covered).toBe(true);
    const notCovered = await answerQuestion({ ...news, question: "Who painted the Mona Lisa?" }, provider);
    expect(await answerText(notCovered)).toBe(NOT_COVERED_REPLY);
    expect(notCovered.covered).toBe(false);
  });
});
