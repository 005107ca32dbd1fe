// How a deck and its answers are judged against an article's gold data.
//
// Section coverage: a gold section is covered when a slide's title matches its heading. Titles are compared by their
// topic words (stop words left out, a light suffix stripper joining "matters"/"matter"): the slide title must hold
// at least 75% of the heading's topic words, and at least half of the slide title's own topic words must be the
// heading's. "Why Did Night Trains Almost Disappear? (continued)" matches its heading; "Why cities run hot On a still
// summer evening" does not match "Why Cities Run Hot"; "Day Seven" does not match "Day One". A slide titled after one
// of the section's subsections (a level-3 heading under it) covers the section too. For an article without
// headings, a part is covered when a slide's bullets or narration hold the first eight words of the part's gold
// sentence. In order: the first slide of each covered section is not before the first slide of the section before.
//
// Answers: right when the answer's words hold one of the gold sentences' words, in order and together (case,
// punctuation, hyphens and layout marks aside), in at most 120 words (200 for a summary). Refusals: right when the
// answer is the 'not covered' reply.
import type { DeckSlide } from "./app";
import type { Article } from "./corpus";
import { containsWords, contentWords, sameWords, tokens, wordCount } from "./text";

export interface Coverage {
  /** Gold sections (or parts) the deck covers. */
  covered: number;
  total: number;
  inOrder: boolean;
  /** Per gold section: the numbers of the slides that cover it. */
  slidesOf: { section: string; slides: number[] }[];
}

export function titleMatches(heading: string, title: string): boolean {
  const want = contentWords(heading);
  const have = contentWords(title);
  if (want.length === 0 || have.length === 0) return sameWords(heading, title);
  const haveSet = new Set(have);
  const wantSet = new Set(want);
  const found = [...wantSet].filter((word) => haveSet.has(word)).length;
  const own = [...haveSet].filter((word) => wantSet.has(word)).length;
  return found / wantSet.size >= 0.75 && own / haveSet.size >= 0.5;
}

function partCovered(part: string, slide: DeckSlide): boolean {
  const opening = tokens(part).slice(0, 8).join(" ");
  return containsWords([slide.title, ...slide.bullets, slide.script].join("\n"), opening);
}

/** How closely a title is a heading, every word counted ("Who Can Donate" is "Who Can Donate" more than "After You Donate"). */
function closeness(heading: string, title: string): number {
  const want = new Set(tokens(heading));
  const have = new Set(tokens(title));
  const shared = [...want].filter((word) => have.has(word)).length;
  return shared / new Set([...want, ...have]).size;
}

export function coverageOf(slides: readonly DeckSlide[], article: Article): Coverage {
  const gold = article.structured ? article.gold.sections : article.gold.parts;
  const headingsOf = (section: string) => [section, ...(article.subsections.get(section) ?? [])];
  // A slide whose title matches several sections' headings by topic words (one-word headings such as "Who Can
  // Donate" and "After You Donate") covers the one it is closest to.
  const closest = (slide: DeckSlide) => Math.max(...gold.map((section) => Math.max(...headingsOf(section).filter((heading) => titleMatches(heading, slide.title)).map((heading) => closeness(heading, slide.title)), 0)));
  const slidesOf = gold.map((section) => ({
    section,
    slides: slides
      .filter((slide) => {
        if (!article.structured) return partCovered(section, slide);
        const matched = headingsOf(section).filter((heading) => titleMatches(heading, slide.title));
        return matched.length > 0 && Math.max(...matched.map((heading) => closeness(heading, slide.title))) >= closest(slide);
      })
      .map((slide) => slide.number),
  }));
  const firsts = slidesOf.filter((entry) => entry.slides.length > 0).map((entry) => entry.slides[0]!);
  // Two parts may share a slide; a section may never come before the one it follows.
  const inOrder = firsts.every((first, index) => index === 0 || first >= firsts[index - 1]!);
  return { covered: firsts.length, total: gold.length, inOrder, slidesOf };
}

export function isRefusal(answer: string, notCovered: string): boolean {
  return sameWords(answer, notCovered) || containsWords(answer, notCovered);
}

/** Longest answer that can count as right, in words: a reply that recites half the article finds any sentence. */
export const MAX_ANSWER_WORDS = 120;
export const MAX_SUMMARY_WORDS = 200;

export function answerIsRight(answer: string, gold: readonly string[], style: string): boolean {
  const limit = style === "summary" ? MAX_SUMMARY_WORDS : MAX_ANSWER_WORDS;
  if (wordCount(answer) > limit) return false;
  return gold.some((sentence) => containsWords(answer, sentence));
}

/** The value below which `share` of the values lie (nearest rank); NaN for none. */
export function percentile(values: readonly number[], share: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(share * sorted.length)));
  return sorted[rank - 1]!;
}
