// Word vectors for the offline answerer (lib/ai/word-vectors.ts), read from the table the install makes
// (scripts/word-vectors.mjs): a question put in other words finds its sentence by the words nearest in meaning, and a
// question about something the material does not speak of is still not covered.
import { beforeAll, describe, expect, it } from "vitest";
import { loadWordFrequencies, stemOf } from "@/lib/ai/answer-text";
import { composeOfflineAnswer } from "@/lib/ai/offline-answers";
import { loadWordVectors, nearStems } from "@/lib/ai/word-vectors";
import { NOT_COVERED_REPLY, type AnswerInput } from "@/lib/ai/answers";

const stems = (words: string) => words.split(" ").map(stemOf);

/** A patient guide's material: one main source, its paragraphs given line by line. */
const GUIDE: Omit<AnswerInput, "question"> = {
  slides: [],
  sources: [
    {
      name: "gastroscopy-guide.pdf",
      main: true,
      text: [
        "# Your gastroscopy",
        "## Before the test",
        "Do not eat for six hours before your appointment. You may drink small sips of water up to two hours before.",
        "Indigestion tablets such as Gaviscon should be stopped on the morning of the test.",
        "## On the day",
        "Please arrive 15 minutes before your appointment time and bring a list of your medicines.",
        "The test itself takes about ten minutes, and most people go home within two hours.",
        "## Afterwards",
        "A nurse will explain the findings before you leave, and a letter goes to your GP within a week.",
      ].join("\n\n"),
    },
  ],
};

describe("word vectors", () => {
  beforeAll(async () => {
    await loadWordFrequencies();
    await loadWordVectors();
  });

  it("finds the material's words nearest in meaning to an English word, nearest first", () => {
    const near = nearStems(stemOf("heartburn"), stems("indigestion tablets appointment water nurse"));
    expect(near.map(([stem]) => stem)).toEqual([stemOf("indigestion")]);
    expect(near[0]![1]).toBeGreaterThan(0.7);
    const boat = nearStems(stemOf("boat"), stems("ferry harbour ticket booking timetable"));
    expect(boat[0]![0]).toBe(stemOf("ferry"));
    expect(boat.length).toBeLessThanOrEqual(3);
  });

  it("gives no neighbours for an everyday word, a word the table lacks, or far words", () => {
    expect(nearStems(stemOf("good"), stems("great nice fine"))).toEqual([]);
    expect(nearStems("qzxv", stems("ferry harbour"))).toEqual([]);
    expect(nearStems(stemOf("heartburn"), stems("ferry harbour timetable"))).toEqual([]);
  });

  it("answers a question put in other words with the sentence it asks about", () => {
    const answer = composeOfflineAnswer({ ...GUIDE, question: "When should I stop my heartburn tablets?" });
    expect(answer.covered).toBe(true);
    expect(answer.text).toContain("Indigestion tablets such as Gaviscon should be stopped on the morning of the test.");
  });

  it("still refuses a question about something the material does not speak of", () => {
    for (const question of ["Can I bring my dog to the hospital?", "How much does parking at the hospital cost?"]) {
      const answer = composeOfflineAnswer({ ...GUIDE, question });
      expect(answer.covered, question).toBe(false);
      expect(answer.text).toBe(NOT_COVERED_REPLY);
    }
  });
});
