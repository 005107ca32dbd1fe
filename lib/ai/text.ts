// Text handling shared by the offline generator and the offline answers: sentence splitting, terms for matching
// (stop words out, light stemming), word counts, and how a heading is said inside a sentence. English has its own
// tuned lists here; in another deck language (lib/ai/language.ts) the stop words and stems are Snowball's.
import { AND_WORD, currentLanguage, foreignAbbreviations, foreignStem, isEnglish, isForeignStopWord, NUMBER_WORDS as LANGUAGE_NUMBER_WORDS, withoutElision, type DeckLanguage } from "./language";

/** Words that carry no topic: left out of similarity, ranking and retrieval. */
export const STOP_WORDS = new Set(
  (
    "a about above after again against all almost also although always am among an and another any anyone anything are " +
    "aren't around as at be became because been before being below between both but by can can't cannot could couldn't " +
    "did didn't do does doesn't doing don't done down during each either else enough even ever every few for from " +
    "further had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself him himself his " +
    "how how's however i i'd i'll i'm i've if in into is isn't it it's its itself just least less let's like lot lots " +
    "many may maybe me might more most much must mustn't my myself neither no nor not now of off often on once one only " +
    "or other others otherwise ought our ours ourselves out over own per perhaps quite rather really same shall shan't " +
    "she she'd she'll she's should shouldn't since so some something still such than that that's the their theirs them " +
    "themselves then there there's therefore these they they'd they'll they're they've this those though through thus " +
    "to too under until up upon us very via was wasn't we we'd we'll we're we've well were weren't what what's whatever " +
    "when when's where where's whether which while who who's whom whose why why's will with within without won't would " +
    "wouldn't yes yet you you'd you'll you're you've your yours yourself yourselves get gets got make makes made use used " +
    "uses using go goes going went come comes take takes put say says said see seen look looks want wants need needs " +
    "thing things way ways kind sort bit yes okay ok etc"
  ).split(" "),
);

/** Whether a lower-case word carries no topic in the current language. */
export function isStopWord(word: string): boolean {
  return isEnglish() ? STOP_WORDS.has(word) : isForeignStopWord(word);
}

/** Abbreviations whose full stop does not end a sentence. */
const ABBREVIATIONS = new Set(
  "mr mrs ms dr prof sr jr st vs no fig figs approx dept est inc ltd co corp mt ft op vol pp ed eds cf al gen gov sen rep jan feb mar apr jun jul aug sep sept oct nov dec".split(
    " ",
  ),
);

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/** The words of a text, lower-cased, possessive "'s" removed. */
export function words(text: string): string[] {
  const found = text.toLowerCase().match(WORD) ?? [];
  if (!isEnglish()) return found.map((word) => withoutElision(word).replace(/’/g, "'"));
  return found.map((word) => word.replace(/['’]s$/, "").replace(/’/g, "'"));
}

/** Number of words as a reader counts them. */
export function wordCount(text: string): number {
  return (text.match(WORD) ?? []).length;
}

function undouble(word: string): string {
  return /([^aeiouls])\1$/.test(word) ? word.slice(0, -1) : word;
}

/**
 * A light suffix stripper: enough to match "pumps" with "pump" and "heating" with "heated" for similarity and
 * retrieval. The same function is applied on both sides, so consistency matters more than linguistics.
 */
export function stem(input: string): string {
  if (!isEnglish()) return foreignStem(input);
  let word = input;
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith("ies") && word.length > 4) word = `${word.slice(0, -3)}y`;
  else if (word.endsWith("sses")) word = word.slice(0, -2);
  else if (/(?:ch|sh|x|z)es$/.test(word)) word = word.slice(0, -2);
  else if (word.endsWith("s") && !/(?:ss|us|is|ys)$/.test(word)) word = word.slice(0, -1);
  if (word.endsWith("ing") && word.length > 5) word = undouble(word.slice(0, -3));
  else if (word.endsWith("ed") && word.length > 4) word = undouble(word.slice(0, -2));
  if (word.endsWith("ly") && word.length > 5) word = word.slice(0, -2);
  if (word.endsWith("e") && word.length > 4) word = word.slice(0, -1);
  return word;
}

/** Topic terms of a text: stemmed words without stop words and one-letter tokens. */
export function terms(text: string): string[] {
  return words(text)
    .filter((word) => word.length > 1 && !isStopWord(word))
    .map(stem);
}

export interface Sentence {
  text: string;
  /** Position in the whole document, for keeping the reading order. */
  index: number;
  /** Index of the paragraph the sentence belongs to. */
  paragraph: number;
  /** Whether it opens its paragraph (a leading pronoun then refers to the heading, not to a missing sentence). */
  first: boolean;
  words: number;
  terms: string[];
}

const CLOSERS = `"'”’)]»`;

function endsWithAbbreviation(text: string): boolean {
  const last = /(\S+)\.$/.exec(text)?.[1] ?? "";
  const bare = last.replace(/^[("'“‘[]+/, "");
  if (/^\p{L}$/u.test(bare)) return true; // an initial, as in "J. R. R. Tolkien"
  if (/^(?:\p{L}\.)+\p{L}$/u.test(bare)) return true; // e.g, i.e, U.S
  const foreign = foreignAbbreviations();
  if (foreign) {
    // "am 3. Oktober": a German ordinal's full stop ends no sentence.
    if (currentLanguage() === "de" && /^\d{1,2}$/.test(bare)) return true;
    return foreign.has(bare.toLowerCase()) || ABBREVIATIONS.has(bare.toLowerCase());
  }
  return ABBREVIATIONS.has(bare.toLowerCase());
}

/**
 * Whether an abbreviation ends its sentence: a time of day ("… between 6 p.m. and 8 p.m. Many relatives told us …")
 * or "etc." before a capitalised word that is no day or month ("at 9 a.m. Monday" goes on).
 */
function closesSentence(candidate: string, after: string): boolean {
  if (!/(?:\d\s?[ap]\.m|\betc)\.$/i.test(candidate)) return false;
  return !/^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun|Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\b|^[A-Z]{2,}\b/.test(after);
}

/** Splits running text into sentences: ". ", "! ", "? " followed by a capital, digit or opening quote. */
export function splitSentences(text: string): string[] {
  const normalized = text.replace(/\s+/g, " ").trim();
  if (!normalized) return [];
  const sentences: string[] = [];
  let start = 0;
  const boundary = /([.!?…]+)([\s\S]?)/g;
  let match: RegExpExecArray | null;
  while ((match = boundary.exec(normalized))) {
    let end = match.index + match[1]!.length;
    while (end < normalized.length && CLOSERS.includes(normalized[end]!)) end += 1;
    // French sets its closing guillemet apart: « Venez. » Puis…
    if (!isEnglish() && normalized.startsWith(" »", end)) end += 2;
    if (end >= normalized.length) break;
    if (normalized[end] !== " ") continue;
    const next = normalized.slice(end + 1, end + 4);
    if (!(isEnglish() ? /^["'“‘(\[]?[\p{Lu}\p{N}]/u : /^(?:["'“‘„«(\[¿¡—–-]\s?)?[\p{Lu}\p{N}]/u).test(next)) continue;
    const candidate = normalized.slice(start, end).trim();
    if (match[1] === "." && endsWithAbbreviation(candidate) && !(isEnglish() && closesSentence(candidate, normalized.slice(end + 1)))) continue;
    if (candidate) sentences.push(candidate);
    start = end + 1;
    boundary.lastIndex = start;
  }
  const rest = normalized.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

/**
 * A dateline or byline: who issued a text and when ("Issued by the trustees on 3 March 2025", "Published 14 May 2025
 * by the security team", "Last updated 2 June 2025") or a document's reference ("Application 24/01187/FUL, considered by
 * the Planning Committee on 18 March 2025"). No statement of what the text says.
 */
export const DATELINE =
  /^\p{Lu}\p{Ll}+(?:ed|en)(?:\s+(?:on\s+)?[\p{L}\d,]+){0,4}?\s+by\b|^(?:Last )?(?:Published|Issued|Updated|Posted|Revised)\s+(?:on\s+)?\d|^(?:\p{Lu}\p{Ll}+\s){1,2}(?:no\.?\s*)?[\w.-]*\d[\w.-]*\/[\w/.-]+(?:,\s|\.?$)/u;

/** An e-mail address or a web address ("hello@bakery.co.uk", "www.harrowfield.gov.uk/compost", "https://example.org"). */
const ADDRESS =
  /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?:https?:\/\/|\bwww\.)[^\s,;()<>"]*[^\s,;()<>".!?:]|\b[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|gov|edu|co|ac|uk|io|info)(?:\.[a-z]{2})?\b(?:\/[^\s,;()<>"]*[^\s,;()<>".!?:])?/gi;
/** An address a speaker says out loud: an e-mail address, or a site with at most two parts of a path and no query. */
const SAYABLE = /^(?:[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?:https?:\/\/)?(?:www\.)?[\w-]+(?:\.[\w-]+)+(?:\/[\w-]+){0,2}\/?)$/i;

/** Whether a text holds a web or e-mail address too long to say ("https://example.org/a/b/c?id=4"). */
export function hasUnsayableAddress(text: string): boolean {
  return (text.match(ADDRESS) ?? []).some((address) => address.length > 48 || !SAYABLE.test(address));
}

/**
 * Addresses as a speaker says them: "hello@bakery.co.uk" is "hello at bakery dot co dot uk", "www.harrowfield.gov.uk/
 * compost" is "harrowfield dot gov dot uk slash compost". For narration, which a voice reads and captions show.
 */
export function sayAddresses(text: string): string {
  const said = ADDRESS_WORDS[currentLanguage()];
  return text.replace(ADDRESS, (address) => {
    if (!SAYABLE.test(address)) return address;
    const bare = address.replace(/^https?:\/\//i, "").replace(/^www\./i, "").replace(/\/$/, "");
    return bare
      .replace(/@/g, ` ${said.at} `)
      .replace(/\./g, ` ${said.dot} `)
      .replace(/\//g, ` ${said.slash} `)
      .replace(/_/g, ` ${said.underscore} `)
      .replace(/(?<=\w)-(?=\w)/g, ` ${said.dash} `);
  });
}

/** How each language says an address's marks. */
const ADDRESS_WORDS: Record<DeckLanguage, { at: string; dot: string; slash: string; underscore: string; dash: string }> = {
  en: { at: "at", dot: "dot", slash: "slash", underscore: "underscore", dash: "dash" },
  fr: { at: "arobase", dot: "point", slash: "barre oblique", underscore: "tiret bas", dash: "tiret" },
  de: { at: "at", dot: "Punkt", slash: "Schrägstrich", underscore: "Unterstrich", dash: "Bindestrich" },
  es: { at: "arroba", dot: "punto", slash: "barra", underscore: "guion bajo", dash: "guion" },
  it: { at: "chiocciola", dot: "punto", slash: "barra", underscore: "trattino basso", dash: "trattino" },
  pt: { at: "arroba", dot: "ponto", slash: "barra", underscore: "sublinhado", dash: "hífen" },
  nl: { at: "apenstaartje", dot: "punt", slash: "schuine streep", underscore: "underscore", dash: "streepje" },
  ru: { at: "собака", dot: "точка", slash: "слэш", underscore: "подчёркивание", dash: "дефис" },
};

/** True for text that reads as a complete sentence: a capital (or digit, or quote) first, final punctuation. */
export function isProseSentence(text: string): boolean {
  if (!isEnglish()) {
    return /^(?:["'“‘„«(¿¡]\s?)?[\p{Lu}\p{N}]/u.test(text) && /[.!?…]["'”’“»)\s]*$/.test(text) && wordCount(text) >= 4 && !text.includes(" | ");
  }
  return /^["'“‘(]?[\p{Lu}\p{N}]/u.test(text) && /[.!?…]["'”’)]*$/.test(text) && wordCount(text) >= 4 && !text.includes(" | ");
}

const SMALL_TITLE_WORDS = new Set("a an and as at but by for from in into nor of on or per the to vs via with".split(" "));

/** Title case for a phrase taken from running text ("choosing a bin" -> "Choosing a Bin"); acronyms kept. */
export function titleCase(phrase: string): string {
  return phrase
    .split(" ")
    .map((word, position) => {
      if (word !== word.toLowerCase()) return word;
      if (position > 0 && SMALL_TITLE_WORDS.has(word)) return word;
      return word.charAt(0).toUpperCase() + word.slice(1);
    })
    .join(" ");
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * How words are written inside sentences in this document: "heat" is written lower-case, "London" and "COP"
 * capitalised. Used to say a heading in the middle of a sentence without shouting its title case or
 * lower-casing a name.
 */
export class CaseBook {
  private readonly lower = new Map<string, number>();
  private readonly upper = new Map<string, number>();

  constructor(sentences: readonly string[]) {
    for (const sentence of sentences) {
      const tokens = sentence.match(WORD) ?? [];
      // The first word is capitalised by position, so it says nothing about the word.
      for (const token of tokens.slice(1)) {
        const key = token.toLowerCase();
        const book = token === key ? this.lower : this.upper;
        book.set(key, (book.get(key) ?? 0) + 1);
      }
    }
  }

  /** Whether the word is normally written in lower case here. */
  isCommon(word: string): boolean {
    const key = word.toLowerCase();
    if (word !== key && word.length > 1 && word === word.toUpperCase()) return false; // an acronym
    if (/\p{Lu}/u.test(word.slice(1))) return false; // iPhone, McDonald
    const lower = this.lower.get(key) ?? 0;
    const upper = this.upper.get(key) ?? 0;
    // A word the body never uses: title case capitalises nearly every word, so lower case is the better guess.
    if (lower === 0 && upper === 0) return true;
    return lower >= upper;
  }

  /** A phrase as it would be written mid-sentence: common words lower-cased, names and acronyms kept. */
  inSentence(phrase: string): string {
    return phrase.replace(WORD, (word) => (word === "I" ? word : this.isCommon(word) ? word.toLowerCase() : word));
  }

  /** A sentence continued after a connective ("Also, ..."): its first word lower-cased unless it is a name. */
  continued(sentence: string): string {
    const first = /^[\p{L}]+/u.exec(sentence)?.[0];
    if (!first || first === "I" || !this.isCommon(first)) return sentence;
    return first.toLowerCase() + sentence.slice(first.length);
  }
}

const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];

export function numberWord(value: number): string {
  return (isEnglish() ? NUMBER_WORDS : LANGUAGE_NUMBER_WORDS[currentLanguage()])[value] ?? String(value);
}

/** "a", "a and b", "a, b and c" (the current language's "and"). */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} ${isEnglish() ? "and" : AND_WORD[currentLanguage()]} ${items.at(-1)}`;
}
