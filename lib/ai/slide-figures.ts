// Figures as a slide writes them: a number spelled out in words ("einundzwanzigtausend", "quarante-huit", "fifty")
// in digits ("21.000", "48", "50"), and the unit after a number as its symbol ("30 percent" -> "30%", "drei Euro" ->
// "3 €", "2.1 million pounds" -> "£2.1 million", "50 grams" -> "50 g"). The narration keeps the words, as a
// speaker says them; the slide line shows the figure, so it states the point without being read out word for word.
//
// Number words are read by inverting n2words (numbers to words in each deck language, npm): the words of 0 to 999
// are generated once per language, and a thousand word joins two of them ("cuatro mil quinientos", German's
// "viertausendfünfhundert" as one word). Digits are written with Intl.NumberFormat in the deck language.
import { toCardinal as deWords } from "n2words/de-DE";
import { toCardinal as enWords } from "n2words/en-GB";
import { toCardinal as esWords } from "n2words/es-ES";
import { toCardinal as frWords } from "n2words/fr-FR";
import { toCardinal as itWords } from "n2words/it-IT";
import { toCardinal as nlWords } from "n2words/nl-NL";
import { toCardinal as ptWords } from "n2words/pt-PT";
import { toCardinal as ruWords } from "n2words/ru-RU";
import type { DeckLanguage } from "./language";

const CARDINALS: Record<DeckLanguage, (value: number) => string> = {
  en: enWords,
  fr: frWords,
  de: deWords,
  es: esWords,
  it: itWords,
  pt: ptWords,
  nl: nlWords,
  ru: ruWords,
};

/** Numbers below this stay in words on a slide too ("three steps"), as style guides write them. */
const SMALLEST_IN_DIGITS = 10;

interface NumberBook {
  /** Words of 0 to 999 (lower case, hyphens as spaces) and their value. */
  below1000: Map<string, number>;
  /** The word for a thousand in a compound ("mil", "mille", "thousand", German's "tausend"). */
  thousand: string;
  /** The most words a number below 1000 takes. */
  longest: number;
  /** The words a number can start with (a first word of below1000, or the thousand): any other token starts none. */
  firstWords: Set<string>;
}

const books = new Map<DeckLanguage, NumberBook>();

/** Lower case, hyphens as spaces and accents left out ("dieciséis" as n2words' "dieciseis"). */
function normal(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/-/g, " ").replace(/\s+/g, " ").trim();
}

/** Forms a text writes that n2words does not give: other genders ("doscientas"), US English without "and". */
function variants(language: DeckLanguage, words: string): string[] {
  const forms = [words];
  if (language === "en" && words.includes(" and ")) forms.push(words.replace(" and ", " "));
  if (language === "es") {
    forms.push(words.replace(/ientos\b/g, "ientas"));
    if (/uno$/.test(words)) forms.push(words.replace(/uno$/, "ún"), words.replace(/uno$/, "una"));
  }
  if (language === "pt") forms.push(words.replace(/entos\b/g, "entas").replace(/\bdois\b/g, "duas"));
  if (language === "it" && /^(?:.*[^u])?uno$/.test(words)) forms.push(words.replace(/uno$/, "un"));
  if (language === "fr") forms.push(words.replace(/ et un$/, " et une"));
  return forms;
}

function bookOf(language: DeckLanguage): NumberBook {
  let book = books.get(language);
  if (book) return book;
  const cardinal = CARDINALS[language];
  const below1000 = new Map<string, number>();
  let longest = 1;
  for (let value = 0; value < 1000; value += 1) {
    for (const form of variants(language, normal(cardinal(value)))) {
      if (!below1000.has(form)) below1000.set(form, value);
      longest = Math.max(longest, form.split(" ").length);
    }
  }
  // "dos mil" less "dos": the word a thousand takes after its multiplier.
  const two = normal(cardinal(2));
  const twoThousand = normal(cardinal(2000));
  const thousand = twoThousand.startsWith(two) ? twoThousand.slice(two.length).trim() : twoThousand;
  const firstWords = new Set([...below1000.keys()].map((words) => words.split(" ")[0]!));
  firstWords.add(thousand.split(" ")[0]!);
  book = { below1000, thousand, longest, firstWords };
  books.set(language, book);
  return book;
}

/** The value of German-style number words written as one word ("einundzwanzigtausend", "sechshundertzwanzig"). */
function compoundValue(word: string, book: NumberBook): number | null {
  const direct = book.below1000.get(word);
  if (direct !== undefined) return direct;
  const at = word.indexOf(book.thousand);
  if (at < 0 || book.thousand.includes(" ")) return null;
  const before = word.slice(0, at);
  const after = word.slice(at + book.thousand.length);
  const multiplier = before === "" || before === "ein" ? 1 : book.below1000.get(before);
  const rest = after === "" ? 0 : book.below1000.get(after);
  if (multiplier === undefined || rest === undefined || multiplier === 0) return null;
  return multiplier * 1000 + rest;
}

interface Found {
  /** Index of the first and one past the last token. */
  start: number;
  end: number;
  value: number;
}

/**
 * The longest run of tokens from `start` that spells a number, with its value. `normals` are the tokens as normal()
 * gives them, read lazily (most tokens are never part of a number).
 */
function numberAt(tokens: readonly string[], normals: (index: number) => string, start: number, book: NumberBook): Found | null {
  const smallAt = (from: number): { end: number; value: number } | null => {
    if (!book.firstWords.has(normals(from).split(" ")[0]!)) return null;
    const words: string[] = [];
    let best: { end: number; value: number } | null = null;
    for (let end = from; end < tokens.length && end - from < book.longest * 2; end += 1) {
      // A token of French "quatre-vingt-dix" is several words of the book.
      words.push(normals(end));
      const value = book.below1000.get(words.join(" "));
      if (value !== undefined) best = { end: end + 1, value };
      else if (!/^[\p{L}-]+$/u.test(tokens[end]!)) break;
    }
    return best;
  };
  const first = smallAt(start);
  const single = normals(start);
  // German writes a number as one word; others join words ("cuatro mil quinientos", "forty-one thousand").
  const compound = !single.includes(" ") ? compoundValue(single.replace(/ /g, ""), book) : null;
  if (compound !== null && (!first || first.end === start + 1) && compound >= 1000) return { start, end: start + 1, value: compound };
  let value = first?.value ?? null;
  let end = first?.end ?? start;
  if (book.thousand.includes(" ") === false && normals(end) === book.thousand) {
    // "mil" alone is a thousand; "dos mil" is two thousand.
    value = (value ?? 1) * 1000;
    end += 1;
    const rest = smallAt(end);
    if (rest) {
      value += rest.value;
      end = rest.end;
    }
  }
  return value === null || end === start ? null : { start, end, value };
}

const UNITS: Record<DeckLanguage, [RegExp, string][]> = {
  en: [
    [/^per ?cent$|^percent$/i, "%"],
    [/^degrees? celsius$/i, "°C"],
    [/^kilometres?$|^kilometers?$/i, "km"],
    [/^kilograms?$|^kilogrammes?$/i, "kg"],
    [/^grams?$|^grammes?$/i, "g"],
    [/^hours?$/i, "h"],
    [/^minutes?$/i, "min"],
  ],
  fr: [[/^pour ?cent$/i, "%"], [/^euros?$/i, "€"], [/^degrés? celsius$/i, "°C"], [/^kilomètres?$/i, "km"], [/^kilos?$|^kilogrammes?$/i, "kg"], [/^grammes?$/i, "g"], [/^heures?$/i, "h"], [/^minutes?$/i, "min"]],
  de: [[/^prozent$/i, "%"], [/^euro$/i, "€"], [/^grad celsius$/i, "°C"], [/^kilometern?$/i, "km"], [/^kilo(?:gramm)?$/i, "kg"], [/^gramm$/i, "g"], [/^stunden?$/i, "h"], [/^minuten?$/i, "min"]],
  es: [[/^por ?ciento$/i, "%"], [/^euros?$/i, "€"], [/^grados? celsius$/i, "°C"], [/^kilómetros?$/i, "km"], [/^kilos?$|^kilogramos?$/i, "kg"], [/^gramos?$/i, "g"], [/^horas?$/i, "h"], [/^minutos?$/i, "min"]],
  it: [[/^per ?cento$/i, "%"], [/^euro$/i, "€"], [/^gradi celsius$/i, "°C"], [/^chilometri$/i, "km"], [/^chili$|^chilogrammi$/i, "kg"], [/^grammi$/i, "g"], [/^ore$/i, "h"], [/^minuti$/i, "min"]],
  pt: [[/^por ?cento$/i, "%"], [/^euros?$/i, "€"], [/^graus celsius$/i, "°C"], [/^quilómetros?$|^quilômetros?$/i, "km"], [/^quilos?$|^quilogramas?$/i, "kg"], [/^gramas?$/i, "g"], [/^horas?$/i, "h"], [/^minutos?$/i, "min"]],
  nl: [[/^procent$/i, "%"], [/^euro$/i, "€"], [/^graden celsius$/i, "°C"], [/^kilometers?$/i, "km"], [/^kilo(?:gram)?$/i, "kg"], [/^gram$/i, "g"], [/^uur$/i, "h"], [/^minuten?$/i, "min"]],
  ru: [[/^процент(?:а|ов)?$/i, "%"], [/^евро$/i, "€"], [/^километр(?:а|ов)?$/i, "km"], [/^килограмм(?:а|ов)?$/i, "kg"], [/^грамм(?:а|ов)?$/i, "g"]],
};

/** Currencies an English text names after its amount, written before it on a slide ("£2.1 million"). */
const ENGLISH_CURRENCIES: [RegExp, string][] = [
  [/^pounds?$/i, "£"],
  [/^euros?$/i, "€"],
  [/^dollars?$/i, "$"],
];
const SCALES = /^(?:million|billion|thousand)$/i;

function digits(value: number, language: DeckLanguage): string {
  // Below ten thousand, years and amounts alike read best without a separator in most languages ("2024", "4500").
  return value < 10_000 ? String(value) : new Intl.NumberFormat(language).format(value).replace(/\u202f|\u00a0/g, " ");
}

/** Words that join the two amounts of a range or a choice ("60 to 100", "60 or 100"). */
const RANGE_JOINS = /^(?:and|to|or|[-–—])$/;

function isNumeric(token: string): boolean {
  return /^\d[\d.,\u202f\u00a0 ]*$/.test(token);
}

/**
 * The line with its figures as a slide shows them. Numbers of ten and more spelled out become digits, and so does
 * any number before a unit that has a symbol; units and currencies after a number become symbols.
 */
export function slideFigures(text: string, language: DeckLanguage): string {
  const book = bookOf(language);
  // Words and what separates them, so the text is put back exactly as it was outside the figures.
  const pieces = text.split(/(\s+)/);
  const tokens = pieces.filter((_, index) => index % 2 === 0);
  const out: string[] = [];
  const bare = (token: string) => token.replace(/^[(“"‘«„]+|[)”"’»,.;:!?]+$/g, "");
  // Bared once: a number is looked for at every token, and a copy per token made a long text's line quadratic.
  const bares = tokens.map(bare);
  const normalised: (string | undefined)[] = [];
  const normals = (at: number) => (normalised[at] ??= normal(bares[at] ?? ""));
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    const word = bares[index]!;
    // A number word written with a capital inside a line is part of a name ("Number Ten", "Les Quatre Saisons").
    // Nor is the hundred of "pour cent" or "per cento", which the unit after a number becomes.
    const ofPercent = /^(?:cent|cento)$/i.test(word) && /^(?:pour|per|por)$/i.test(bares[index - 1] ?? "");
    const found = /^\p{Ll}/u.test(word) && !ofPercent ? numberAt(bares, normals, index, book) : null;
    if (found) {
      const last = tokens[found.end - 1]!;
      // Punctuation inside the run ("vingt, trente") ends it: only a run without stops in between is one number.
      const inner = tokens.slice(index, found.end - 1).some((inside) => /[,.;:!?)]$/.test(inside));
      const unitWord = [bares[found.end] ?? "", `${bares[found.end] ?? ""} ${bares[found.end + 1] ?? ""}`];
      const hasUnit = UNITS[language].some(([pattern]) => unitWord.some((unit) => pattern.test(unit))) || (language === "en" && ENGLISH_CURRENCIES.some(([pattern]) => pattern.test(unitWord[0]!)));
      // A line does not open on digits ("Twenty years ago, …" stays in words), as a sentence does not.
      if (!inner && index > 0 && (found.value >= SMALLEST_IN_DIGITS || (hasUnit && found.value >= 2))) {
        const lead = token.match(/^[(“"‘«„]+/)?.[0] ?? "";
        const trail = last.match(/[)”"’»,.;:!?]+$/)?.[0] ?? "";
        out.push(`${lead}${digits(found.value, language)}${trail}`);
        index = found.end - 1;
        continue;
      }
    }
    out.push(token);
  }
  return withSymbols(inRanges(out, book), language);
}

/** "six to 8 h", "entre trois et 12 €": the other end of a range in digits too, so both ends read alike. */
function inRanges(tokens: string[], book: NumberBook): string[] {
  const result = [...tokens];
  for (let index = 2; index < result.length; index += 1) {
    if (!/^\d/.test(result[index]!) || !/^(?:to|and|or|-|à|et|ou|bis|und|oder|a|y|o|e|tot|en|of|до|и)$/i.test(result[index - 1]!)) continue;
    const value = book.below1000.get(normal(result[index - 2]!));
    if (value !== undefined && value >= 1 && index - 2 > 0) result[index - 2] = String(value);
  }
  return result;
}

/** Units after a number as their symbols; an English currency before its amount. */
function withSymbols(tokens: string[], language: DeckLanguage): string {
  const result: string[] = [];
  const bare = (token: string) => token.replace(/[)”"’»,.;:!?]+$/, "");
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    const previous = result.at(-1);
    if (previous !== undefined && isNumeric(bare(previous)) && bare(previous) === previous) {
      const two = `${bare(token)} ${bare(tokens[index + 1] ?? "")}`;
      const unit = UNITS[language].find(([pattern]) => pattern.test(two) || pattern.test(bare(token)));
      if (unit) {
        const usesTwo = unit[0].test(two) && !unit[0].test(bare(token));
        const last = usesTwo ? tokens[index + 1]! : token;
        const trail = last.slice(bare(last).length);
        // English writes "31%" and "50 g"; the other languages put a space before every symbol ("31 %", "3 €").
        const joined = language === "en" && unit[1] === "%" ? `${result.pop()}%` : `${result.pop()} ${unit[1]}`;
        result.push(`${joined}${trail}`);
        if (usesTwo) index += 1;
        continue;
      }
    }
    if (language === "en" && previous !== undefined) {
      const currency = ENGLISH_CURRENCIES.find(([pattern]) => pattern.test(bare(token)));
      // "2.1 million pounds" or "40 pounds": the amount (and its scale) takes the symbol in front.
      const amountAt = previous !== undefined && SCALES.test(previous) && result.length >= 2 && isNumeric(result.at(-2)!) ? result.length - 2 : isNumeric(previous) ? result.length - 1 : -1;
      if (currency && amountAt >= 0 && !/[,.;:]$/.test(previous)) {
        result[amountAt] = `${currency[1]}${result[amountAt]}`;
        // A range's first amount is in the same currency: "between 60 and 100 pounds" is "between £60 and £100".
        const start = amountAt - 2;
        if (start >= 0 && RANGE_JOINS.test(result[start + 1]!) && isNumeric(result[start]!)) result[start] = `${currency[1]}${result[start]}`;
        const trail = token.slice(bare(token).length);
        result[result.length - 1] = `${result.at(-1)}${trail}`;
        continue;
      }
    }
    result.push(token);
  }
  return result.join(" ");
}
