// Text comparison of the harness: texts compared as sequences of words, so punctuation, layout marks (#, |, **,
// bullet glyphs), case and spacing never decide a match, and the words themselves always do.

import { sayAddresses } from "@/lib/ai/text";

/** Words and numbers of a text, lower case; "41,260", "99.85" and "doctor's" stay one token each. */
export function tokens(text: string): string[] {
  // A word hyphenated in one text may be joined in another ("second-hand" in the source, "secondhand" in text read
  // from a PDF whose line broke there): hyphens inside words are dropped on both sides.
  // An address reads as a speaker says it, as narration says it ("hello@bakery.co.uk" is "hello at bakery dot co dot uk").
  const straight = sayAddresses(text)
    .normalize("NFC")
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/\u00ad/g, "")
    .replace(/(\p{L})[-\u2010\u2011](?=\p{L})/gu, "$1")
    .toLowerCase();
  return straight.match(/[\p{L}\p{N}]+(?:[.,'][\p{L}\p{N}]+)*/gu) ?? [];
}

/** Whether `needle`'s words appear in `haystack`, in order and next to each other. */
export function containsWords(haystack: string, needle: string): boolean {
  const hay = tokens(haystack);
  const want = tokens(needle);
  if (want.length === 0) return false;
  outer: for (let start = 0; start + want.length <= hay.length; start++) {
    for (let offset = 0; offset < want.length; offset++) if (hay[start + offset] !== want[offset]) continue outer;
    return true;
  }
  return false;
}

/** Same words in the same order. */
export function sameWords(a: string, b: string): boolean {
  return tokens(a).join(" ") === tokens(b).join(" ");
}

export function wordCount(text: string): number {
  return tokens(text).length;
}

/** Words that carry no topic: left out when titles are compared. */
const STOPWORDS = new Set(
  (
    "a an the and or but of to in on at for from by with about into over under after before between through during " +
    "is are was were be been being do does did how why what when where who which whose whom this that these those " +
    "it its it's we our you your they their them i my me he she his her us can could should would will may might must " +
    "not no yes so than then there here as if up out all any some more most very just also too"
  ).split(" "),
);

/** A crude English suffix stripper, enough to join "matters/matter", "planning/plan", "cities/city" in titles. */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  const rules: [RegExp, string][] = [
    [/ies$/, "y"],
    [/(ss)es$/, "$1"],
    [/([^s])s$/, "$1"],
    [/ing$/, ""],
    [/ed$/, ""],
  ];
  for (const [pattern, replacement] of rules) {
    if (pattern.test(word)) {
      const stemmed = word.replace(pattern, replacement);
      return stemmed.length >= 3 ? stemmed : word;
    }
  }
  return word;
}

/** The topic words of a title, stemmed. */
export function contentWords(text: string): string[] {
  return tokens(text)
    .map((token) => token.replace(/'s$/, ""))
    .filter((token) => !STOPWORDS.has(token))
    .map(stem);
}

/** Sentences of a text: ends at . ! ? followed by a space and a capital, a digit or a quote, or at a line break. */
export function sentences(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.split(/(?<=[.!?]["”’)]?)\s+(?=["“‘(]?[\p{Lu}\p{N}])/u))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}
