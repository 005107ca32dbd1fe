// Parts of speech of English text from wink-nlp's English model (wink-eng-lite-web-model), and what they tell: whether
// a line has a verb of its own or is a fragment ("Completely by accident", "The area of the fault that slipped").
// Used by the offline generator to keep fragments off slides, and by the content evaluation's lint to find them.
import winkNLP from "wink-nlp";
import model from "wink-eng-lite-web-model";

/** The model, loaded when first asked for (a few megabytes): importing this module costs nothing. */
let engine: ReturnType<typeof winkNLP> | null = null;
function nlp(): ReturnType<typeof winkNLP> {
  engine ??= winkNLP(model);
  return engine;
}

export interface Tagged {
  word: string;
  lower: string;
  pos: string;
  /** Whether the word is written right after the one before, with no space ("tackle" in "fishing-tackle"). */
  joined?: boolean;
}

export function tagged(text: string): Tagged[] {
  const doc = nlp().readDoc(text);
  const words = doc.tokens().out() as string[];
  const tags = doc.tokens().out(nlp().its.pos) as string[];
  const spaces = doc.tokens().out(nlp().its.precedingSpaces) as string[];
  return words.map((word, index) => ({ word, lower: word.toLowerCase(), pos: tags[index] ?? "X", joined: index > 0 && spaces[index] === "" }));
}

const RELATIVE = new Set(["who", "which", "whose", "whom", "that"]);

export const FINITE_TAGS = new Set(["VERB", "AUX"]);
/** Tags of a word after which a participle before a noun is that noun's adjective ("in shared bays", "the locked door"). */
const PARTICIPLE_BEFORE = new Set(["ADP", "SCONJ", "DET"]);

const verbForms = new Map<string, boolean>();
/** Whether the tagger's own lexicon reads a word as a verb after 'to' ("to matter", "to wash"; not "to sale"). */
function canBeVerb(base: string): boolean {
  const key = base.toLowerCase();
  let known = verbForms.get(key);
  if (known === undefined) {
    known = tagged(`to ${key}`)[1]?.pos === "VERB";
    verbForms.set(key, known);
  }
  return known;
}

const NOUN_TAGS = new Set(["NOUN", "PROPN"]);
const AFTER_VERB = new Set(["DET", "NUM", "PRON", "ADP", "ADV", "ADJ", "PART", "SYM"]);
/** Quantifiers that stand as a clause's subject ("Most give one evening a week"). */
const QUANTIFIERS = new Set(["most", "many", "some", "all", "few", "several", "both", "others", "each"]);

/**
 * Verbs the tagger reads as nouns: a present-tense verb after a singular subject ("Sleep matters for", "the
 * internal clock moves later", "A full plot costs 60 pounds", "Tram 28 rattles through"), a plural subject's verb
 * before its object ("Volunteers from the Trust count the rubbish"), and an instruction's first word, which its
 * capital makes a name ("Wash the jar", "Drop a teaspoon"). Each needs a word the lexicon knows as a verb.
 */
function misreadVerb(words: Tagged[], index: number): boolean {
  const word = words[index]!;
  if (!NOUN_TAGS.has(word.pos) && !(index === 0 && word.pos === "ADJ")) return false;
  const previous = words[index - 1];
  const next = words[index + 1];
  // An instruction whose object follows a preposition ("Talk to a doctor", "Listen to your body"): the capital makes
  // the verb a name.
  if (index === 0 && next?.pos === "ADP" && ["DET", "PRON"].includes(words[index + 2]?.pos ?? "")) return canBeVerb(word.lower);
  // A phrasal verb's instruction ("Log in to your account", "Sign up for a card").
  if (index === 0 && next?.pos === "ADP" && words[index + 2]?.pos === "ADP" && ["DET", "PRON"].includes(words[index + 3]?.pos ?? "")) return canBeVerb(word.lower);
  if (index === 0) return next !== undefined && ["DET", "PRON", "NUM"].includes(next.pos) && canBeVerb(word.lower);
  // An instruction after an opening phrase of time or place ("Every week, change about a quarter of the water").
  if (previous?.word === "," && !words.slice(0, index - 1).some((before) => before.pos === "PUNCT") && next !== undefined && ["DET", "PRON", "NUM", "ADP", "ADV"].includes(next.pos)) {
    return !/s$/.test(word.lower) && canBeVerb(word.lower);
  }
  // After a quantifier standing as the subject ("Most give one evening a week").
  if (index === 1 && previous && QUANTIFIERS.has(previous.lower) && next !== undefined && ["DET", "NUM", "PRON", "ADJ"].includes(next.pos)) return canBeVerb(word.lower);
  if (!previous || !(NOUN_TAGS.has(previous.pos) || previous.pos === "NUM")) return false;
  const singularBefore = previous.pos === "NUM" || !/s$/.test(previous.lower);
  const third = /^(.{2,}?)(?:e?s)$/.exec(word.lower);
  // After a plural ("the light from screens delays the release") only when the object's determiner follows.
  if (third && !/ss$/.test(word.lower) && (singularBefore ? next === undefined || AFTER_VERB.has(next.pos) : next?.pos === "DET")) {
    const base = third[1]!;
    return canBeVerb(base) || canBeVerb(`${base}e`) || canBeVerb(word.lower.slice(0, -1));
  }
  return !/s$/.test(word.lower) && next !== undefined && ["DET", "PRON"].includes(next.pos) && canBeVerb(word.lower);
}

/** Verbs whose base form ends in "-ing" ("Students bring phones"): not a participle. */
const ING_VERBS = new Set(["bring", "sing", "ring", "spring", "sting", "swing", "cling", "fling", "wring", "sling", "string"]);

/** -ing words that open a phrase of examples or a condition, not an action ("Including a milk can", "Given the cost"). */
const ING_PREPOSITIONS = new Set(["including", "excluding", "following", "according", "regarding", "concerning", "considering", "during", "pending", "notwithstanding"]);

/** Whether an -ing word is a verb's form ("painting", "making", "running"). */
function ingBase(word: string): boolean {
  const stem = word.slice(0, -3);
  return canBeVerb(stem) || canBeVerb(`${stem}e`) || (/(\p{L})\1$/u.test(stem) && canBeVerb(stem.slice(0, -1)));
}

/**
 * Whether a clause has a verb of its own: one that is not an -ing form, not after 'to', not the verb of a relative
 * clause; or a line led by what to do or avoid, in the -ing form ("Painting in strong direct sunlight").
 */
export function hasMainVerb(words: Tagged[]): boolean {
  const first = words[0];
  if (first && /^\p{L}{3,}ing$/u.test(first.lower) && ["VERB", "NOUN", "PROPN", "ADJ"].includes(first.pos) && !ING_PREPOSITIONS.has(first.lower) && ingBase(first.lower)) return true;
  let inRelative = false;
  let relativeVerbSeen = false;
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!;
    // "That" opening a clause ("…, that means a deposit of …") points back; it starts no relative clause.
    const opensClause = word.lower === "that" && (index === 0 || words[index - 1]!.pos === "PUNCT");
    if (word.pos === "PRON" && RELATIVE.has(word.lower) && !opensClause) {
      inRelative = true;
      relativeVerbSeen = false;
      continue;
    }
    if (word.lower === "whose") {
      inRelative = true;
      relativeVerbSeen = false;
      continue;
    }
    // The tagger reads some verbs after a plural subject as nouns ("parks show", "rules matter"): a bare word tagged
    // as a noun right after a plural noun counts as that subject's verb.
    const previous = words[index - 1];
    const verbAfterPlural =
      word.pos === "NOUN" && !/s$/.test(word.lower) && previous !== undefined && (previous.pos === "NOUN" || previous.pos === "PROPN") && /[^s]s$/.test(previous.lower) && !inRelative;
    if (verbAfterPlural || misreadVerb(words, index)) return true;
    if (!FINITE_TAGS.has(word.pos)) continue;
    if (word.pos === "VERB" && word.lower.endsWith("ing") && !ING_VERBS.has(word.lower)) continue;
    if (words[index - 1]?.lower === "to") continue;
    // A participle between a preposition or a determiner and its noun describes the noun ("In shared bays", "for
    // registered players"): the tagger reads it as a verb.
    if (word.pos === "VERB" && /(?:ed|en)$/.test(word.lower) && previous && PARTICIPLE_BEFORE.has(previous.pos) && ["NOUN", "PROPN", "ADJ"].includes(words[index + 1]?.pos ?? "")) continue;
    // The second half of a hyphenated word ("fishing-tackle box", "well-known") is no verb of the line.
    if (word.joined && previous?.word === "-" && previous.joined) continue;
    // "With each screw placed in a numbered compartment": a participle after the noun of an opening "with" says how,
    // not what happened.
    if (word.pos === "VERB" && /(?:ed|en)$/.test(word.lower) && /^with(?:out)?$/.test(first?.lower ?? "") && previous && (previous.pos === "NOUN" || previous.pos === "PROPN")) continue;
    if (inRelative && !relativeVerbSeen) {
      relativeVerbSeen = true;
      continue;
    }
    return true;
  }
  return false;
}

