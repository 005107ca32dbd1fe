// The content evaluation's section coverage (eval/metrics.ts): which slide covers which gold section.
import { describe, expect, it } from "vitest";
import type { DeckSlide } from "@/eval/app";
import type { Article } from "@/eval/corpus";
import { coverageOf } from "@/eval/metrics";
import { parseMarkdown } from "@/eval/markdown";

const markdown = [
  "# Giving Plasma",
  "Plasma donors give the liquid part of their blood.",
  "## Who Can Donate",
  "Most healthy adults between 17 and 70 can donate.",
  "## At the Clinic",
  "A session takes about an hour.",
  "## After You Donate",
  "Drink plenty of water for the rest of the day.",
].join("\n\n");

const article: Article = {
  id: "metrics-test",
  title: "Giving Plasma",
  markdown,
  blocks: parseMarkdown(markdown),
  extras: [],
  gold: { subject: "test", pdfHeadings: "large", language: "en", subset: false, extras: [], sections: ["Who Can Donate", "At the Clinic", "After You Donate"], parts: [], questions: [], unanswerable: [] },
  words: 400,
  structured: true,
  subsections: new Map(),
};

const slide = (number: number, title: string): DeckSlide => ({ number, title, bullets: [], script: "" });

describe("section coverage", () => {
  it("gives a slide to the section whose heading it is closest to when one topic word matches two headings", () => {
    const coverage = coverageOf([slide(1, "Giving Plasma"), slide(2, "Who Can Donate"), slide(3, "At the Clinic"), slide(4, "After You Donate")], article);
    expect(coverage.slidesOf.map((entry) => entry.slides)).toEqual([[2], [3], [4]]);
    expect(coverage).toMatchObject({ covered: 3, total: 3, inOrder: true });
  });

  it("still finds a section out of order and one left out", () => {
    expect(coverageOf([slide(1, "Giving Plasma"), slide(2, "After You Donate"), slide(3, "At the Clinic"), slide(4, "Who Can Donate")], article)).toMatchObject({ covered: 3, inOrder: false });
    expect(coverageOf([slide(1, "Giving Plasma"), slide(2, "Who Can Donate"), slide(3, "After You Donate")], article)).toMatchObject({ covered: 2, inOrder: true });
  });
});
