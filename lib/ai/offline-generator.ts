// The offline slide generator: deterministic and extractive, no key and no network. The deck follows the main
// source's headings (or its topic shifts when it has none), bullets are the best-ranked sentences of each part cut
// down to slide-length phrases, and the narration is made of each part's best sentences in reading order with
// light connective phrasing, between an opening and a closing slide.
import lexicon from "wink-lexicon/src/lexicon.js";
import { BadRequest } from "@/lib/errors";
import {
  MAX_BULLETS,
  MAX_SCRIPT_WORDS,
  MAX_SLIDES,
  MIN_BULLETS,
  MIN_SCRIPT_WORDS,
  slideCountFor,
  type Outline,
  type OutlineInput,
  type OutlineSlide,
  type OutlineSource,
} from "./outline";
import { currentLanguage, inLanguage, isEnglish, type DeckLanguage } from "./language";
import { slideFigures } from "./slide-figures";
import { hasMainVerb, tagged } from "./pos";
import { phrases as deckPhrases, phrasesOf, quoted } from "./phrases";
import { keyPhrases, textRank, topicCuts } from "./ranking";
import { nameAsTitle, newCounter, parseSource, type DocSection } from "./structure";
import {
  CaseBook,
  capitalize,
  DATELINE,
  hasUnsayableAddress,
  isProseSentence,
  joinList,
  sayAddresses,
  numberWord,
  STOP_WORDS,
  terms as termsOf,
  titleCase,
  splitSentences,
  wordCount,
  words as wordsOf,
  type Sentence,
} from "./text";

/** The spec's message when there is no main source to generate from. */
export const NO_MAIN_SOURCE_MESSAGE =
  "Please provide a main document (file upload or website URL) before generating the presentation.";

/** Material with less narratable text than this (in words) cannot carry a deck of four narrated slides. */
const MIN_MATERIAL_WORDS = 30;
export const TOO_LITTLE_TEXT_MESSAGE = "The sources do not have enough text to generate a presentation from.";

/**
 * Neutral sentences that top up a script only when the material is too short to fill 60 words (a source of a
 * few sentences); ordinary articles never need them.
 */
/** The closing slide's neutral fillers (English): about the deck, not about "this part". Other languages: lib/ai/phrases.ts. */
export const CLOSING_FILLERS = phrasesOf("en").closingFillers;

export const FILLERS = phrasesOf("en").fillers;

/** Closing sections whose heading marks them as the article's own conclusion. */
const CONCLUSION =
  /^(?:(?:in )?conclusions?|summary|in summary|to sum up|summing up|final (?:thoughts|words)|closing thoughts|wrapping up|wrap-up|the bottom line|bottom line|key takeaways|takeaways|the takeaway|what(?:'s| is) next|where (?:this|that) leaves us|looking ahead)\b/i;

/** Sentence openings that lean on the sentence before them. */
const DANGLING =
  /^(?:it|its|it's|this|that|these|those|they|their|them|he|she|his|her|such|another|both|however|but|and|or|so|also|then|thus|therefore|still|yet|instead|otherwise|meanwhile|besides|moreover|furthermore|likewise|similarly|as a result|in addition|on the other hand|even so|that said|for example|for instance|here|there)\b/i;

// A marker without its comma before a noun of time or order is no marker: "Next year we expect …", "First aid is …".
const LEADING_MARKER =
  /^(?:however|in fact|for example|for instance|also|additionally|in addition|moreover|furthermore|of course|in short|in other words|as a result|that said|still|yet|so|but|and|then|finally|first|second|third|firstly|secondly|thirdly|next|indeed|meanwhile|instead|otherwise|likewise|similarly|importantly|crucially|basically|essentially|overall|ultimately|in practice|in general|generally|today|now|at the same time|on the other hand|in the end|after all|above all|in particular|again|surprisingly|luckily|fortunately|unfortunately|put simply|simply put|as a rule|in most cases|in many cases|in other cases|after that|on top of that|beyond that|to start|at first|later|in turn|even then|by comparison|in contrast)\b(?:,\s+|\s+(?!(?:year|years|week|weeks|month|months|day|days|time|times|morning|mornings|evening|evenings|night|nights|season|summer|winter|spring|autumn|quarter|half|term|aid|class|floor|place|step|steps|stage|generation|date|dates|point|moment|deadline|age|period|that|this|these|those|of|to|in|on)\b))/i;
const LEADING_FILLER =
  /^(?:it is (?:worth (?:noting|remembering)|important to (?:note|remember|understand)|true) that|it's (?:worth (?:noting|remembering)|important to (?:note|remember)) that|note that|remember that|keep in mind that|bear in mind that|the (?:good|bad) news is that|the truth is that|the point is that|what this means is that|this means that|that means|this is why|that is why|which is why)\s+/i;
/**
 * Longest clause kept as a line when a sentence is cut at a clause boundary ("The December carol concert at the Old
 * Custom House sold out all 320 seats two weeks in advance | , so we added …"): a line of a whole clause reads better than
 * one cut at a word, and a longer cut left the slide without the sentence.
 */
const CLAUSE_LINE_WORDS = 18;
const CLAUSE_BREAKS = [
  /;\s/,
  /\s[—–]\s/,
  /,\s(?:which|who|because|although|though|while|whereas|so that|so|but|since|meaning|making|leaving|unless|as long as|even if|even though|especially|particularly|including|and that)\s/i,
  // A participle's phrase or a "with" phrase after the clause ("… for a full year, with the remaining £19,150 going …",
  // "… 60 families a year, helping people …").
  // Not a list's item ("rolling stock, ticketing and price").
  /,\s(?:with (?:the|a|an|its|their|our|his|her|your)|\p{Ll}{2,}ing(?!(?:\s\S+)?\s(?:and|or)\s))\s/u,
  /,\s(?:and|or)\s/i,
];

/** The same boundaries in the other deck languages: a clause of reason, contrast or consequence after a comma. */
const FOREIGN_CLAUSE_BREAKS: Partial<Record<DeckLanguage, RegExp>> = {
  fr: /,\s(?:car|mais|parce que|puisque|donc|alors que|tandis que|bien que|ce qui|ce que)\s/i,
  de: /,\s(?:weil|denn|aber|doch|obwohl|sodass|so dass|während|damit)\s/i,
  es: /,\s(?:porque|pero|ya que|aunque|mientras que|así que|lo que|por lo que)\s/i,
  it: /,\s(?:perché|poiché|ma|però|mentre|anche se|il che|quindi)\s/i,
  pt: /,\s(?:porque|pois|mas|porém|embora|enquanto|o que)\s/i,
  nl: /,\s(?:omdat|want|maar|hoewel|terwijl|zodat)\s/i,
  ru: /,\s(?:потому что|так как|но|однако|хотя|что)\s/iu,
};

/** First words of headings that are instructions ("Choose a bin"), said as "the next step is to choose a bin". */
const IMPERATIVES = new Set(
  (
    "add adjust aim apply ask assess avoid balance be begin break bring build buy calculate change check choose clean " +
    "compare consider cover create cut decide define do don't estimate feed find fix follow get give go harvest help " +
    "identify install keep know layer learn leave let limit list look make manage measure mix monitor move never open " +
    "pick place plan plant prepare protect put read reduce remember remove run save schedule see select set share " +
    "shred skip sort spread start stay stop store take talk tell test think track treat try turn understand use wait " +
    "watch water weigh write always"
  ).split(" "),
);

const FUNCTION_OPENINGS = new Set(
  "before after during until since with without in on at for from by beyond between under over through against toward towards about into onto as while if when where whether because although though unless once".split(" "),
);
/** Words that follow an instruction's verb: its object's determiner or a particle. */
const INSTRUCTION_OBJECTS = new Set(
  "a an the your my our their his her its it them this that these those one two three some any more less every each all up out down off on in away back ahead".split(" "),
);

// The deck's own phrases (transitions, connectives, list sentences, thanks) are the deck language's: lib/ai/phrases.ts.
const STEP_TRANSITIONS = ["The next step is to {}.", "Next, it's time to {}."];

interface Part {
  title: string;
  /** The source's heading, when the part has one. */
  heading: string | null;
  /** Second or later part of a long section. */
  continued: boolean;
  /** The title is the part's own main statement rather than a heading. */
  statementTitle: boolean;
  sentences: Sentence[];
  items: string[];
  /** The part's table (header row first), shown as its rows. */
  table: string[][] | null;
  /** The index of the sentence the part's first list or table follows (-1 before any), null without one. */
  listAfter: number | null;
  /** Short sections said together under the part's heading (see groupShortSections). */
  children: Child[];
  /** The headings of the sections straight under the part's, each with a slide of its own. */
  subheadings: string[];
  words: number;
  source: string;
  isMain: boolean;
}

/** A list or a table of the source, placed after the sentence it follows. */
interface ItemGroup {
  after: number;
  items: string[];
  table?: string[][];
}

interface Segment {
  heading: string | null;
  sentences: Sentence[];
  itemGroups: ItemGroup[];
  words: number;
  source: string;
  isMain: boolean;
  /** The heading without text of its own above this section's heading (see DocSection.group). */
  group: string | null;
  /** Short sections said on one slide under their group's heading: each one's heading and sentences. */
  children: Child[];
  /** The headings of the sections straight under this one, each with a slide of its own (see DocSection.subheadings). */
  subheadings: string[];
}

interface Child {
  heading: string;
  sentences: Sentence[];
  /** The items of the section's lists. */
  items: string[];
}

/** A heading set in capitals ("TERMS AND CONDITIONS") in title case, so it is neither shouted nor spelled out. */
function calmHeading(heading: string | null): string | null {
  if (!heading) return heading;
  const letters = heading.replace(/[^\p{L}]/gu, "");
  const longWords = heading.split(/\s+/).filter((word) => word.replace(/[^\p{L}]/gu, "").length >= 4);
  return letters.length > 0 && letters === letters.toUpperCase() && longWords.length >= 2 ? titleCase(heading.toLowerCase()) : heading;
}

function segmentOf(section: DocSection, heading: string | null = section.heading): Segment {
  const sentences: Sentence[] = [];
  const itemGroups: ItemGroup[] = [];
  for (const paragraph of section.paragraphs) {
    if (paragraph.items.length > 0) itemGroups.push({ after: sentences.at(-1)?.index ?? -1, items: paragraph.items });
    if (paragraph.table && paragraph.table.length > 0) itemGroups.push({ after: sentences.at(-1)?.index ?? -1, items: [], table: paragraph.table });
    // Prose list items also count as sentences; the rest are bullet material only.
    for (const sentence of paragraph.sentences) sentences.push(sentence);
  }
  return {
    heading: calmHeading(heading),
    sentences,
    itemGroups,
    words: narrationWords(sentences),
    source: section.source,
    isMain: section.isMain,
    group: calmHeading(section.group ?? null),
    children: [],
    subheadings: (section.subheadings ?? []).map((subheading) => calmHeading(subheading)!),
  };
}

/** The most words of a slide's title. */
const MAX_TITLE_WORDS = 12;
/** A title longer than this does not fit a slide's title line at its size ("Riverside Leisure Pool: Swimming Lessons and Memberships, Your Questions Answered"). */
const MAX_TITLE_CHARACTERS = 80;

/** The shortest opening narration said from its own lead alone. */
const MIN_OPENING_WORDS = 45;

/** A sub-section too small for a slide even beside its heading: a sentence or two. */
const TINY_SECTION_WORDS = 30;

/** A section too short to carry a slide of its own: fewer words than a script needs beside its bullets. */
const SHORT_SECTION_WORDS = 80;
/** The most words of sections said together on one slide under their group's heading. */
const GROUP_WORDS = 320;

/**
 * Sections under one heading without text of their own ("Getting a Plot" over "Who can apply?", "How long is the
 * waiting list?"), when every one of them is too short for a slide and is a question (or a sentence or two), become one
 * part titled by that heading: its slide lists their headings and the narration gives what each says. Sections with headings are never merged
 * otherwise, and a group with a long member keeps a slide per section.
 */
function groupShortSections(segments: Segment[]): Segment[] {
  const result: Segment[] = [];
  let index = 0;
  while (index < segments.length) {
    const first = segments[index]!;
    // A group is said together from its first member only: the tail of a group is no group.
    const startsGroup = first.group !== null && (index === 0 || segments[index - 1]!.group !== first.group || segments[index - 1]!.source !== first.source);
    let end = index;
    while (end + 1 < segments.length && first.group !== null && segments[end + 1]!.group === first.group && segments[end + 1]!.source === first.source) end += 1;
    const members = segments.slice(index, end + 1);
    const total = members.reduce((sum, member) => sum + member.words, 0);
    const groupable =
      startsGroup &&
      members.length >= 2 &&
      members.length <= MAX_BULLETS &&
      total <= GROUP_WORDS &&
      members.every((member) => member.heading !== null && member.words < SHORT_SECTION_WORDS && member.children.length === 0) &&
      // An FAQ's questions are read together; sub-sections named by topic ("Top-Roping", "Lead Climbing") keep a
      // slide each unless they are too small to carry one.
      members.every((member) => /\?\s*$/.test(member.heading!) || member.words < TINY_SECTION_WORDS);
    if (!groupable) {
      result.push(first);
      index += 1;
      continue;
    }
    result.push({
      heading: first.group,
      sentences: members.flatMap((member) => member.sentences),
      itemGroups: members.flatMap((member) => member.itemGroups),
      words: total,
      source: first.source,
      isMain: first.isMain,
      group: first.group,
      children: members.map((member) => ({ heading: member.heading!, sentences: member.sentences, items: member.itemGroups.flatMap((group) => group.items) })),
      subheadings: [],
    });
    index = end + 1;
  }
  return result;
}

function mergeSegments(first: Segment, second: Segment): Segment {
  const firstWeight = first.heading ? first.words : 0;
  const secondWeight = second.heading ? second.words : 0;
  // A section's own short text and its first sub-section ("Routes on the River" and "The Mill Pool Loop") are said
  // under the section's heading, which covers both: under the sub-section's, the section's text would be another's.
  const child = second.heading !== null && first.subheadings.includes(second.heading);
  return {
    heading: child ? first.heading : secondWeight > firstWeight ? second.heading : first.heading ?? second.heading,
    sentences: [...first.sentences, ...second.sentences],
    itemGroups: [...first.itemGroups, ...second.itemGroups],
    words: first.words + second.words,
    source: first.source,
    isMain: first.isMain,
    group: first.group,
    children: [...first.children, ...second.children],
    subheadings: [...first.subheadings.filter((heading) => heading !== second.heading), ...second.subheadings],
  };
}

/** Removes what a listener should not hear: reference marks, "(see Figure 2)", bare addresses. */
function spoken(text: string): string {
  return text
    // A news dateline ("LEEDS, 21 October 2025 – ") is no part of what is said.
    .replace(/^\p{Lu}{2,}(?:[\s-]\p{Lu}{2,})*,\s[^–—]{3,30}?\s[–—]\s+(?=\p{Lu})/u, "")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/(^|[\s(])[*_]([^*_\s][^*_]*?)[*_](?=[\s).,;:!?]|$)/g, "$1$2")
    .replace(/\\([*_#`])/g, "$1")
    .replace(/\s*\[\d+(?:[,–-]\s*\d+)*\]/g, "")
    .replace(/\s*\((?:see|cf\.|fig\.?|figure|table|source|photo|image|via)\b[^)]*\)/gi, "")
    .replace(/\s+([,.;:!?])/g, "$1")
    .replace(/\s{2,}/g, " ")
    .trim();
}

/** Markup and code that extraction can leave in text: links and images in Markdown, code fences, table rules. */
const MARKUP = /\]\(|!\[|\]\[|```|\|\s*:?-{3}|^\s*[$>%*]\s|[{}]|=>|\)\s*;\s*$/;

/** Prose has words in lower case; a line of names, numbers and dates only ("LEEDS, 21 October 2025.") is a dateline or a label. */
function hasProseWords(text: string): boolean {
  return /(?:^|[\s(“"'])\p{Ll}/u.test(text);
}

function narratable(sentence: Sentence): boolean {
  return hasProseWords(sentence.text) && isProseSentence(sentence.text) && !hasUnsayableAddress(sentence.text) && !MARKUP.test(sentence.text) && sentence.words >= 5 && sentence.words <= 60;
}

/** A section's prose sentences from its first, in order, as many as fit in `room` words. */
function ownInOrder(sentences: readonly Sentence[], room: number): Sentence[] {
  const said: Sentence[] = [];
  let total = 0;
  for (const sentence of sentences) {
    if (!hasProseWords(sentence.text) || !isProseSentence(sentence.text) || hasUnsayableAddress(sentence.text) || MARKUP.test(sentence.text) || total + sentence.words > room) break;
    said.push(sentence);
    total += sentence.words;
  }
  return said;
}

/** "There are three ways to…": a sentence that opens on "there" without pointing anywhere. */
const EXISTENTIAL = /^there (?:is|are|was|were|will be|has been|have been|had been|seems?|seemed|used to be)\b/i;

/**
 * The sentences that open an untitled part and its paragraphs: where a text without headings says what it turns to
 * next, so its slide says them. A paragraph's opening too short for narratable's five words ("Winter changed
 * everything.") is said as well; one that leans on the sentence before it is not.
 */
function topicSentences(sentences: readonly Sentence[]): Sentence[] {
  return sentences.filter(
    (sentence, position) =>
      (position === 0 || sentence.first) &&
      (!DANGLING.test(sentence.text) || EXISTENTIAL.test(sentence.text)) &&
      (narratable(sentence) ||
        (sentence.first && sentence.words >= 2 && sentence.words < 5 && hasProseWords(sentence.text) && /^["'“‘]?\p{Lu}[^|]*[.!?]["'”’)]*$/u.test(sentence.text))),
  );
}

/**
 * A part's opening statement made short enough for a title: its slide line (asides between commas left out)
 * without the clause or aside that ends it ("… moved to the harbour, a mile from the old quay" as "… moved to the
 * harbour", "… to the families who ran them" as "… to the families"), when what is left is a statement of four to
 * eleven words that stands alone. The first opening that gives one; null when none does.
 */
function shortOpening(topics: readonly Sentence[], taken: ReadonlySet<string>): string | null {
  for (const sentence of topics) {
    const bullet = bulletOf(sentence);
    // "The second mill burned down…" names its mill; "The second is…" points to a list.
    const pointing = /^(?:both|another|neither|either|the latter|the former|the others?)\b|^the (?:first|second|third|fourth|fifth|latter|former|other|same|next|last)\s+(?:is|are|was|were|one|ones|of)\b/i;
    if (!bullet || bullet.truncated || DANGLING.test(bullet.text) || pointing.test(bullet.text) || SUBORDINATE.test(stripLeading(sentence.text))) continue;
    if (/\b(?:it|its|they|them|their|this|these|those|he|she|him|her)\b/i.test(bullet.text.replace(/\s(?:who|which|that|whose|where)\s.*$/, ""))) continue;
    let text = bullet.text;
    for (let guard = 0; guard < 3 && wordCount(text) > 11; guard += 1) {
      // Only an aside that names or places ("…, a mile from the old quay", "…, the oldest of the three") or a relative clause.
      const aside = text.replace(/,\s(?:the|a|an|in|on|at|from|with|along|near|by|for|about|around|during|like|such as)\s[^,]*$/i, "");
      const cut = aside !== text ? aside : text.replace(/\s(?:who|which|that|whose|where)\s[^,]*$/, "");
      if (cut === text) break;
      text = cut;
    }
    const count = wordCount(text);
    if (count >= 4 && count <= 11 && !taken.has(text) && !/\b(?:and|or|but|of|to|in|on|at|for|with|the|a|an)$/i.test(text)) return text;
  }
  return null;
}

/** Words of the sentences that can be spoken: what a part has to narrate (tables and code do not count). */
function narrationWords(sentences: readonly Sentence[]): number {
  return sentences.reduce((total, sentence) => total + (narratable(sentence) ? sentence.words : 0), 0);
}

/** How good a sentence is as narration, apart from its rank: clear length, not a fragment. */
function sentenceQuality(sentence: Sentence): number {
  if (!narratable(sentence)) return 0.1;
  const count = sentence.words;
  let quality = count < 6 ? 0.35 : count < 9 ? 0.75 : count <= 32 ? 1 : count <= 45 ? 0.75 : 0.45;
  // A paragraph's first sentence usually states its topic; what follows reads better with it.
  if (sentence.first) quality *= 1.3;
  return quality;
}

function stripLeading(text: string): string {
  // English openings: in another language the same letters are other words ("Also kommt der Bus …", "So läuft …"),
  // and a German or Dutch sentence left without its first word would open on its verb.
  if (!isEnglish()) return text;
  // An answer's "Yes." or "No." says nothing without its question ("No. Most of our visitors have never climbed").
  let result = text.replace(/^(?:yes|no)[.!,]\s+(?=\p{Lu})/iu, "");
  for (let round = 0; round < 3; round += 1) {
    const next = result.replace(LEADING_MARKER, "").replace(LEADING_FILLER, "");
    if (next === result) break;
    result = next;
  }
  return result;
}

/** Adverbs that soften or link but carry no fact: a bullet leaves them out ("are also expensive" -> "are expensive"). */
// Not "just", "even", "still" or "already": they change what is said ("not just the first page", "still open").
const SOFT_ADVERBS = /\s(?:also|then|simply|now|really|actually|indeed|certainly|clearly|currently|quite|very|generally|typically|particularly|especially)(?=\s)/gi;
/**
 * The same in the other deck languages: linking and softening adverbs inside a sentence (never its first word, which
 * in German holds the verb's place). Words that change the meaning ("nur", "ne … plus", "ya no") are not among them.
 */
const FOREIGN_SOFT_ADVERBS: Partial<Record<DeckLanguage, RegExp>> = {
  fr: /\s(?:également|déjà|d'ailleurs|d’ailleurs|toutefois|cependant|pourtant|donc|ensuite|alors|notamment|vraiment|simplement|actuellement)(?=\s)/giu,
  de: /\s(?:allerdings|bereits|jedoch|zudem|außerdem|deshalb|daher|ebenfalls|übrigens|zusätzlich|nämlich|eigentlich|inzwischen|mittlerweile)(?=\s)/giu,
  es: /\s(?:además|también|incluso|ya(?!\s+no\b)|actualmente|realmente|simplemente|precisamente)(?=\s)/giu,
  it: /\s(?:anche|già|inoltre|però|quindi|comunque|attualmente|davvero|semplicemente)(?=\s)/giu,
  pt: /\s(?:também|já(?!\s+não\b)|além disso|ainda assim|atualmente|realmente|simplesmente)(?=\s)/giu,
  nl: /\s(?:ook|echter|bovendien|dus|inmiddels|eigenlijk|daarom|trouwens)(?=\s)/giu,
  ru: /\s(?:также|уже|тоже|однако|поэтому)(?=\s)/giu,
};
/**
 * Words that open an aside between two commas in the other deck languages: a relative clause ("Ein Tagesticket, das
 * am Abend gekauft wird, gilt …") or an example ("Geräte mit Benzinmotor, wie Rasenmäher, werden …"). What is left
 * reads as the sentence's own clause.
 */
const FOREIGN_ASIDE_OPENINGS: Partial<Record<DeckLanguage, RegExp>> = {
  fr: /^(?:qui|que|qu['’]|dont|où|lequel|laquelle|lesquels|lesquelles|comme|notamment|par exemple|(?:à|de|dans|sur|par|pour|avec) (?:qui|laquelle|lequel|lesquels|lesquelles))(?=\s|\p{L})/iu,
  de: /^(?:(?:an|auf|aus|bei|durch|für|in|mit|nach|über|um|unter|von|vor|zu) )?(?:der|die|das|dem|den|deren|dessen|denen|welche[rsmn]?|wo|wie|etwa|zum beispiel)\s/iu,
  es: /^(?:(?:en|de|con|por|para|a|sobre) )?(?:que|quien|quienes|el cual|la cual|los cuales|las cuales|el que|la que|los que|las que|donde|cuyo|cuya|cuyos|cuyas|como|por ejemplo)\s/iu,
  it: /^(?:(?:in|di|con|per|a|su|da) )?(?:che|cui|il quale|la quale|i quali|le quali|dove|come|ad esempio|per esempio)\s/iu,
  pt: /^(?:(?:em|de|com|por|para|a|sobre) )?(?:que|quem|o qual|a qual|os quais|as quais|onde|cujo|cuja|cujos|cujas|como|por exemplo)\s/iu,
  nl: /^(?:(?:in|op|met|voor|van|bij|aan) )?(?:die|dat|wie|waar|waarin|waarop|waarmee|zoals|bijvoorbeeld)\s/iu,
  ru: /^(?:который|которая|которое|которые|которого|которой|которых|где|как например|например)\s/iu,
};
/** "found that", "shows that": the complementiser a bullet does without. */
const REPORTED_THAT = /\b((?:found|find|finds|show|shows|showed|shown|suggest|suggests|suggested|say|says|said|means|meant|mean|argue|argues|argued|note|notes|noted|report|reports|reported|estimate|estimates|estimated|expect|expects|expected|believe|believes|believed|think|thinks|thought|know|knows|knew|agree|agrees|agreed|claim|claims|claimed|warn|warns|warned)) that\s/gi;

/**
 * The sentence as a slide line: asides between commas (relative clauses and examples in every deck language), soft
 * adverbs and "that" after a reporting verb left out, and, on a slide (`forSlide`), figures and units as a slide
 * writes them ("fifty" -> "50", "30 percent" -> "30%", "drei Euro" -> "3 €", lib/ai/slide-figures.ts) and English short
 * forms ("does not" -> "doesn't"): the slide states the point and the narration says it in full, not word for word.
 */
const EXAMPLES_AT_END = /,\s(?:such as|including|like|for example|e\.g\.)\s[^,;:]+(?:,\s[^,;:]+)*,?\s(?:and|or)\s[^,;:]+?(?=[.!?]?$)/i;
const EXAMPLES_BEFORE_VERB =
  /,\s(?:such as|including|like)\s[^,;:]+(?:,\s[^,;:]+)*?,?\s(?:and|or)\s[^,;:]+,\s(?=(?:can|could|will|would|must|should|may|might|is|are|was|were|has|have|had|do|does|did|need|needs)\b)/i;

function condense(text: string, forSlide = true): string {
  // A list of examples between the subject and its verb ("Larger things, such as sofas, mattresses and fridges, can
  // be taken away") is left out whole: the commas inside it are no clause's end.
  let result = isEnglish() ? text.replace(EXAMPLES_BEFORE_VERB, " ") : text;
  // A list of examples that ends the sentence ("caused by dry heat, such as a flame, an iron or a hot surface") goes
  // whole, never one example of it as an aside ("dry heat an iron or a hot surface").
  if (isEnglish() && forSlide) result = result.replace(EXAMPLES_AT_END, "");
  // An aside between two commas ("A layer of liquid, sometimes called hooch, means ...") when what is left still
  // reads as one clause: the aside is short and holds no verb of its own that the clause needs.
  const isAside = (before: string, aside: string, after: string): boolean => {
    if (!isEnglish()) return isForeignAside(before, aside, after);
    // The comma that closes a relative clause ("Registers, which survive from the 1840s, list each name, age …"):
    // what follows is the main clause's verb, no aside.
    if (/^(?:which|who|whose|whom|where)\s/i.test(before.slice(before.lastIndexOf(", ") + 2)) && before.includes(", ")) return false;
    if (aside.length < 3 || aside.length > 60 || /[;:]/.test(aside)) return false;
    // Figures listed across the comma ("after 72 days, 6 hours and 11 minutes, a world record") are one phrase.
    if (/\d/.test(aside) && /^\d/.test(after)) return false;
    // Two words before the comma are an opening phrase ("For years, the staff at the firm, …"), not a subject; so is
    // a phrase opening on a preposition ("Rather than overloading the main pile, many gardeners turn…").
    if (wordCount(before) < 3 || wordCount(aside) > 8) return false;
    if (!before.includes(",") && /^(?:rather than|instead of|in|into|on|onto|at|for|from|by|with|within|without|after|before|during|since|until|when|while|if|because|although|as|once|over|under|among|between|across|through|throughout|around|along|beyond|despite|unlike|like|to|toward|towards|up to)\b/i.test(before)) return false;
    // The clause after a subordinate one ("Higher up the slope, where the sprinklers do not reach, | she found …") is
    // the main clause; so is one opening on its pronoun subject.
    if (/,\s(?:where|when|whenever|if|because|although|though|while|as|since|once|unless|until|after|before)\s[^,]*$/i.test(before)) return false;
    if (/^(?:i|we|you|he|she|they|it)\s/i.test(aside)) return false;
    // A clause of its own ("Mary Anning's reputation was secure") or a list's middle ("two or three people") is no aside.
    if (/\b(?:is|are|was|were|has|have|had|will|would|can|could|does|did|do|which|whom|whose|who)\b/i.test(aside) || /\s(?:and|or)\s/i.test(aside)) return false;
    // Examples that run on past the next comma ("…, such as sofas, mattresses and fridges, can be …") end at the last.
    if (/^(?:such as|including|like|especially|notably)\s/i.test(aside) && /^[^,]{1,40},/.test(after)) return false;
    // … or on to the list's last ("such as a utility bill, a bank statement or a council tax letter").
    if (/^(?:such as|including|like|especially|notably)\s/i.test(aside) && /^[^,]*\s(?:and|or)\s/i.test(after)) return false;
    // An alternative to the subject ("Pink or orange streaks, or fuzzy mould of any colour, mean …") is an aside
    // when the subject's verb follows it.
    const alternative = /^or\s/i.test(aside) && !before.includes(",") && /^\p{Ll}+(?:s|ed)?\s/u.test(after) && !STOP_WORDS.has(after.split(" ")[0]!.toLowerCase());
    // A list ("red, green, and blue") or a clause joined by a conjunction is not an aside.
    if (!alternative && /^(?:and|or|but|so|which|who|because|although|though|while|whereas|if|when|where|as|since|then|yet|nor)\b/i.test(aside)) return false;
    if (/\b(?:and|or)\s*$/i.test(before) || /^(?:and|or)\b/i.test(after)) return false;
    // After a participle's phrase ("Mobile tickets, introduced in 2023, accounted for 54 per cent …, up from …"), a
    // verb opening the next pair of commas is the clause's own.
    if (/,\s\p{Ll}+(?:ed|en)\b[^,]*$/u.test(before) && /^\p{Ll}+(?:ed|s)\s/u.test(aside)) return false;
    return wordCount(aside) > 2 || /^(?:for example|for instance|in fact|of course|however|though|too|in turn|in practice|as a result|at first|so far)$/i.test(aside);
  };
  // Each pair of neighbouring commas is tried, so an opening phrase's comma does not hide the aside after it.
  const commas = [...result.matchAll(/,\s/g)].map((match) => match.index);
  let kept = "";
  let from = 0;
  for (let at = 0; at + 1 < commas.length; ) {
    const open = commas[at]!;
    const close = commas[at + 1]!;
    if (isAside(result.slice(0, open), result.slice(open + 2, close), result.slice(close + 2)) || isRelativeAside(result.slice(0, open), result.slice(open + 2, close), result.slice(close + 2))) {
      kept += `${result.slice(from, open)} `;
      from = close + 2;
      at += 2;
    } else at += 1;
  }
  result = kept + result.slice(from);
  // A soft adverb after a preposition is part of a phrase ("by now", "for now", "until then"): kept.
  // So is one that makes a conjunction ("even if", "just as", "only when").
  result = result.replace(SOFT_ADVERBS, (adverb: string, offset: number) =>
    /\b(?:by|for|until|till|since|from|than|even|and)$/i.test(result.slice(0, offset)) ||
    /^\s+(?:if|though|as|when|so|then|after|before|because|more|less|now|yet)\b/i.test(result.slice(offset + adverb.length))
      ? adverb
      : "",
  );
  const foreignAdverbs = FOREIGN_SOFT_ADVERBS[currentLanguage()];
  if (foreignAdverbs) result = result.replace(foreignAdverbs, "");
  result = result.replace(REPORTED_THAT, "$1 ");
  result = result.replace(/\s{2,}/g, " ").trim();
  // Said aloud (a recap line), the words stay as the source has them.
  if (!forSlide) return result;
  result = result.replace(/(\d)\s?(?:percent|per cent)\b/gi, "$1%");
  // A slide writes the short forms a speaker spells out ("does not" -> "doesn't").
  if (isEnglish()) result = result.replace(CONTRACTIBLE, (_match: string, verb: string) => contracted(verb));
  return slideFigures(result, currentLanguage());
}

const CONTRACTIBLE = /\b(do|does|did|is|are|was|were|has|have|had|should|would|could|must|will|can)(?: not|not)\b(?!\s+only\b)/gi;

function contracted(verb: string): string {
  const lower = verb.toLowerCase();
  const short = lower === "will" ? "won't" : lower === "can" ? "can't" : `${lower}n't`;
  return /^\p{Lu}/u.test(verb) ? capitalize(short) : short;
}

/**
 * An aside between two commas in a deck language other than English: a relative clause or an example of at most 14
 * words, with a subject of at least one word before it and the sentence's clause going on after it. In German the
 * clause ends on its verb, written in lower case.
 */
function isForeignAside(before: string, aside: string, after: string): boolean {
  const opening = FOREIGN_ASIDE_OPENINGS[currentLanguage()];
  if (!opening || !opening.test(aside) || /[;:()]/.test(aside) || wordCount(aside) > 14 || wordCount(before) < 1 || wordCount(after) < 2) return false;
  // An example that opens a list ("…, como la menta, el romero y la albahaca") goes on after the comma.
  const example = /^(?:comme|notamment|par exemple|wie|etwa|zum beispiel|como|por ejemplo|come|ad esempio|per esempio|zoals|bijvoorbeeld|как например|например)\s/iu.test(aside);
  if (example && /\s(?:et|und|y|e|i|en|и|ou|oder|o|of|или)\s/iu.test(` ${after.split(",")[0]!} `)) return false;
  if (currentLanguage() === "de") {
    // A German relative clause follows its noun (capitalised) and ends on its verb (lower case); the clause after it
    // is the sentence's own, not an infinitive that depends on the aside ("…, in denen Kinder lernen, eine Kette zu wechseln").
    const example = /^(?:wie|etwa|zum beispiel)\s/i.test(aside);
    if (!example && (!/\s\p{Ll}[\p{L}]*$/u.test(aside) || !/(?:^|\s)\p{Lu}[\p{L}-]*$/u.test(before.trim()))) return false;
    if (/\bzu\s\p{Ll}+[.!?]?$/u.test(after.split(",")[0]!.trim())) return false;
  }
  // The comma before the aside ends a clause of its own ("…, die Fahrgästen hilft, …" after a full clause) when a
  // verb-like word already came before it: then what follows is no continuation of the subject.
  return !/^(?:und|oder|aber|et|ou|mais|y|o|pero|e|ma|mas|en|of|maar)\b/i.test(after);
}

/** Subordinate openings: "When X, Y" keeps Y as the bullet, since X alone is not a statement. */
const SUBORDINATE = /^(?:when|whenever|if|unless|because|although|though|while|whereas|as|since|once|after|before|until|even if|even though|by the time|in order to|to)\b/i;
/** "After that date we cannot …": a phrase of time and the main clause's subject, no subordinate clause. */
const PHRASE_OF_TIME = /^(?:after|before|until|since)\s+(?:that|this|these|those|the|each|every)\s+\p{L}+\s+(?:we|you|they|i|he|she|it|there)\s/iu;
/**
 * A sentence opening on a condition: its main clause does not hold without it ("If you cannot pay, you may claim
 * compensation" is not "You may claim compensation"), so no line is made of the main clause alone.
 */
const CONDITIONS: Record<DeckLanguage, RegExp> = {
  en: /^(?:if|unless|even if|whenever|as long as|provided)\b/i,
  fr: /^(?:si|sauf si|à condition que)\b/i,
  de: /^(?:wenn|falls|sofern|solange)\b/i,
  es: /^(?:si|a menos que|siempre que)\b/i,
  it: /^(?:se|a meno che|purché)\b/i,
  pt: /^(?:se|a menos que|desde que)\b/i,
  nl: /^(?:als|indien|tenzij|mits)\b/i,
  ru: /^(?:если|пока)(?![\p{L}])/iu,
};
/** Whether a sentence opens on a condition, after a linking word before it ("However, if you tell us …"). */
const opensOnCondition = (text: string): boolean => CONDITIONS[currentLanguage()].test(stripLeading(text));

function trimTail(phrase: string): string {
  const tokens = phrase.replace(/[\s,;:—–-]+$/, "").split(" ");
  while (tokens.length > 3) {
    const last = tokens.at(-1)!.toLowerCase().replace(/[^\p{L}']/gu, "");
    const before = (tokens.at(-2) ?? "").toLowerCase().replace(/[^\p{L}']/gu, "");
    // A participle after its noun whose complement the cut left out ("… taken from the timetables published"): the
    // line ends on the noun it describes.
    const strandedParticiple = isEnglish() && tokens.length > 5 && /^\p{Ll}{3,}ed$/u.test(last) && !STOP_WORDS.has(before) && !AUXILIARIES.test(before) && !/ly$/.test(before);
    if (!STOP_WORDS.has(last) && !strandedParticiple) break;
    tokens.pop();
  }
  // A relative clause the cut broke off ("… by a registered adult who stays | in the same area"): the line ends on the
  // noun it describes.
  if (isEnglish()) {
    const relative = tokens.findLastIndex((token) => /^(?:who|which|whose|where)$/i.test(token));
    if (relative >= 6 && tokens.length - relative <= 4) tokens.splice(relative);
  }
  return tokens.join(" ").replace(/[\s,;:—–-]+$/, "");
}

const AUXILIARIES = /\b(?:is|are|was|were|be|been|has|have|had|can|could|will|would|shall|should|must|may|might|do|does|did|isn't|aren't|wasn't|weren't|hasn't|haven't|can't|won't|don't|doesn't|didn't)\b/i;

/** Whether a phrase shows a verb by its form alone: an auxiliary, a past form, "-s" after a noun, an instruction. */
function hasVerbShape(text: string): boolean {
  if (AUXILIARIES.test(text)) return true;
  const tokens = text.toLowerCase().split(/\s+/).map((token) => token.replace(/’/g, "'").replace(/[^\p{L}'-]/gu, ""));
  if (IMPERATIVES.has(tokens[0] ?? "")) return true;
  // "By 2030 we aim to cut leakage …": a present form after a personal pronoun.
  if (tokens.some((token, index) => index > 0 && /^(?:i|we|you|they)$/.test(tokens[index - 1]!) && finiteVerb(token))) return true;
  return tokens.some((token, index) => {
    if (index === 0 || token.length < 4) return false;
    const previous = tokens[index - 1] ?? "";
    if (/ed$/.test(token)) return !isNounOnly(token);
    // "the council plans", "tram 28 rattles": an -s form after a word that is no determiner or preposition, and no
    // plural that the lexicon never reads as a verb ("Two years ago").
    // After a count ("a dozen metres", "12 hours") it is a plural.
    if (/^(?:dozen|hundred|thousand|million|billion|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|several|few|many)$/.test(previous)) return false;
    // "council's" is a possessive, no verb.
    return /[^s']s$/.test(token) && !/s$/.test(previous) && previous.length > 0 && !STOP_WORDS.has(previous) && !isNounOnly(token);
  });
}

interface BulletCandidate {
  text: string;
  /** Cut at a word rather than at a clause boundary. */
  truncated: boolean;
  /** The whole condensed sentence when the text is cut from one of at most 20 words: shown instead of a cut line the narration reads out. */
  whole?: string;
}

const bulletMemo = new WeakMap<Sentence, BulletCandidate | null>();

/**
 * A sentence of the source as a slide line (toBullet), worked out once per sentence: a part's sentences are weighed
 * as lines several times (reserved, chosen, its statement), and a long source has many.
 */
function bulletOf(sentence: Sentence): BulletCandidate | null {
  if (bulletMemo.has(sentence)) return bulletMemo.get(sentence)!;
  const bullet = toBullet(sentence.text);
  bulletMemo.set(sentence, bullet);
  return bullet;
}

/**
 * A relative clause between the subject and its verb ("Admission registers, which survive for most of them from the
 * 1840s, list each person's name"): left out, the sentence still says what it says of its subject.
 */
function isRelativeAside(before: string, aside: string, after: string): boolean {
  if (!isEnglish() || !/^(?:which|who)\s/i.test(aside) || wordCount(aside) > 12 || wordCount(before) > 8 || before.includes(",")) return false;
  if (AUXILIARIES.test(before) || /^(?:it|they|he|she|this|that|these|those|i|we|you)$/i.test(before.trim())) return false;
  return finiteVerb(after.split(/\s+/)[0]!.toLowerCase());
}

/** A line that says "yes" or "no" to a question it does not show ("No, …", "For most tools, no; …"). */
const YES_OR_NO_SAID = /^(?:[^,;]{1,40},\s)?(?:yes|no)[.;,!]\s/i;

/** The most words of a line that may not end on a pronoun object ("She listens to it"): a longer one says enough. */
const SHORT_POINTING_WORDS = 8;

/** Whether a line cut at a word ends on an adjective after a conjunction, a determiner, a preposition or another adjective. */
function adjectiveCut(text: string): boolean {
  const words = tagged(text).filter((word) => word.pos !== "PUNCT");
  const [before, last] = words.slice(-2);
  return last?.pos === "ADJ" && ["CCONJ", "DET", "ADP", "ADJ"].includes(before?.pos ?? "") && !NOUN_LIKE_ADJECTIVE.test(last.lower);
}

/** Words tagged as adjectives that end a phrase as nouns do ("in less than a second", "a few", "a while"). */
const NOUN_LIKE_ADJECTIVE = /\b(?:few|little|lot|bit|while|first|second|third|fourth|fifth|half|quarter|dozen|hundred|thousand|million|billion)$/i;

/**
 * Whether a phrase ends on "a" or "an" and an adjective, its noun cut off ("… has a dull"); read in the whole
 * sentence when given, where the noun after it tells the adjective ("into a dark, crumbly material": alone, "a dark"
 * reads as a noun).
 */
function endsOnAdjective(text: string, sentence?: string): boolean {
  if (!/\b(?:a|an)\s+\p{L}+$/iu.test(text)) return false;
  if (adjectiveCut(text)) return true;
  if (!sentence) return false;
  const words = (value: string) => tagged(value).filter((word) => word.pos !== "PUNCT");
  const cutAt = words(text).length;
  return words(sentence)[cutAt - 1]?.pos === "ADJ";
}

/** A sentence cut down to a slide-length phrase: leading connectives, asides and trailing clauses removed. */
export function toBullet(sentence: string, options: { forSlide?: boolean } = {}): BulletCandidate | null {
  if (hasUnsayableAddress(sentence) || MARKUP.test(sentence) || sentence.includes("|") || !hasProseWords(sentence)) return null;
  let text = spoken(sentence)
    .replace(/^\(?(?:[a-z]|\d{1,2})\)\s+/i, "")
    .replace(/\s*\([^)]*\)/g, "")
    .replace(/\s+/g, " ")
    .trim();
  text = stripLeading(text);
  text = condense(text, options.forSlide ?? true);
  if (opensOnCondition(text)) return null;
  // A quotation opening on its condition ("\"If the results are what we expect, a child …\" she says") is cut as
  // the condition alone or not at all: no bullet.
  if (/^["“‘]/.test(text) && SUBORDINATE.test(text.slice(1)) && !PHRASE_OF_TIME.test(text.slice(1))) return null;
  if (SUBORDINATE.test(text) && !PHRASE_OF_TIME.test(text)) {
    const comma = text.indexOf(", ");
    let main = comma > 0 ? text.slice(comma + 2) : "";
    // "When A, B, or C, talk to a doctor": the clauses run on to the last comma, the main clause follows it.
    if (/,\s(?:or|and)\s[^,]+,\s/i.test(`, ${main}`)) main = main.slice(main.lastIndexOf(", ") + 2);
    // Without a main clause to keep, the sentence is no bullet; nor when the main clause's subject is a pronoun
    // whose noun was in the clause left out ("If it floats, it is full of gas").
    if (wordCount(main) < 4 || /^(?:and|but|or|so|which|who)\b/i.test(main)) return null;
    // "Since 2015 Varga has taken one apprentice at a time, | each for three years": the opening was a phrase, and
    // what follows the comma is no clause.
    if (isEnglish() && !hasVerbShape(main) && !main.split(/\s+/).slice(1).some((word) => finiteVerb(word.toLowerCase().replace(/[^\p{L}'-]/gu, "")))) return null;
    if (/^(?:it|its|they|their|them|he|she|his|her|this|that|these|those)\b/i.test(main)) return null;
    text = main;
  }
  let truncated = false;
  const uncut = text.replace(/[.!…]+["'”’]?$/, "").replace(/[.;:,]+$/, "");
  if (wordCount(text) > 12) {
    for (const pattern of isEnglish() ? CLAUSE_BREAKS : [/;\s/, /\s[—–]\s/, ...(FOREIGN_CLAUSE_BREAKS[currentLanguage()] ? [FOREIGN_CLAUSE_BREAKS[currentLanguage()]!] : [])]) {
      const match = pattern.exec(text);
      if (!match) continue;
      const left = text.slice(0, match.index);
      const leftWords = wordCount(left);
      // Not between two adjectives of one noun ("A sluggish carriage has a dull, | dragging sound").
      if (isEnglish() && endsOnAdjective(left, text)) continue;
      if (leftWords >= 5 && leftWords <= CLAUSE_LINE_WORDS) {
        text = left;
        break;
      }
    }
  }
  if (wordCount(text) > 14) {
    const colon = text.indexOf(": ");
    if (colon > 0 && wordCount(text.slice(0, colon)) >= 5 && wordCount(text.slice(0, colon)) <= 16) text = text.slice(0, colon);
  }
  if (wordCount(text) > 20) {
    const tokens = text.split(" ");
    let cut = -1;
    // Not at a comma inside a list ("the appearance, taste or smell of their water").
    // Short items one after another up to the "and" or "or" that ends them ("lends drills, | ladders, garden equipment
    // and more than 900 other tools").
    // An item of up to four words between two commas ("drills, | ladders, | garden equipment and …").
    const shortItemBefore = (index: number) => {
      for (let back = index - 2; back >= Math.max(0, index - 5); back -= 1) if (tokens[back]!.endsWith(",")) return true;
      return false;
    };
    // A single comma before a longer phrase is an apposition's ("in 1872, | a system of pulleys and gears"), not a list's.
    const inList = (index: number) => {
      let run = 0;
      let commas = 0;
      for (let at = index; at < Math.min(tokens.length, index + 14); at += 1) {
        if (/^(?:and|or)$/i.test(tokens[at]!)) return at - index <= 1 || commas > 0 || shortItemBefore(index);
        run += 1;
        if (/[.;:]$/.test(tokens[at]!) || run > 4) return false;
        if (tokens[at]!.endsWith(",")) {
          run = 0;
          commas += 1;
        }
      }
      return false;
    };
    for (let index = 6; index < Math.min(tokens.length, 19); index += 1) if (tokens[index - 1]!.endsWith(",") && !inList(index) && (cut < 0 || index < 16)) cut = index;
    // Without a comma, before a second verb's "and" ("… is easy to measure and helps everyone …") rather than at a word.
    let beforeVerb = -1;
    if (cut < 0 && isEnglish()) {
      // "… lent one of our reviewers a phone charger and then went out of her way …": "then" may come between.
      const verbAt = (at: number) => /^\p{Ll}+(?:s|ed)$/u.test(tokens[at] ?? "") || Boolean(lexiconTags(tokens[at] ?? "")?.some((tag) => tag === "VBD" || tag === "VBZ"));
      for (let index = 6; index < Math.min(tokens.length, 16); index += 1) {
        if (/^(?:and|but)$/i.test(tokens[index]!) && (verbAt(index + 1) || (/^then$/i.test(tokens[index + 1] ?? "") && verbAt(index + 2)))) beforeVerb = index;
      }
    }
    // Without either, before a participle's phrase that follows a noun ("… at the council's charging points | using the
    // card kept with the keys"): the line ends where its clause says what it has to.
    let beforeParticiple = -1;
    if (cut < 0 && beforeVerb < 0 && isEnglish()) {
      for (let index = 8; index < Math.min(tokens.length - 2, 19); index += 1) {
        const previous = tokens[index - 1]!.toLowerCase();
        if (/^\p{Ll}{2,}ing$/u.test(tokens[index]!) && /^\p{Ll}+s$/u.test(previous) && (lexiconTags(previous)?.includes("NNS") ?? false)) beforeParticiple = index;
      }
    }
    text = tokens.slice(0, cut > 0 ? cut : beforeVerb > 0 ? beforeVerb : beforeParticiple > 0 ? beforeParticiple : 15).join(" ");
    // A cut before a second verb or a participle's phrase ends where a clause does; any other is at a word.
    truncated = beforeVerb < 0 && beforeParticiple < 0;
  }
  const question = /\?["'”’]?$/.test(text);
  text = text.replace(/[.!…]+["'”’]?$/, "").replace(/[.;:,]+$/, "");
  // Only a cut at a word can leave "of the" hanging; a clause boundary ends where the clause does.
  if (truncated) text = trimTail(text);
  // A phrase cut at a word before any verb of its own is no statement ("For now, the sight of a sleeper pulling out
  // of a station at ten"): a cut line keeps an auxiliary, a past form, a present form after its subject or an
  // instruction's verb.
  if (truncated && !hasVerbShape(text)) return null;
  // Nor one cut between an adjective and its noun ("… removed with white spirit and soft"), nor inside a comparison ("… taken apart as far").
  if (truncated && isEnglish() && (adjectiveCut(text) || /\bas\s+(?!well\b)\p{L}+$/iu.test(text))) return null;
  // A line ending on a word that needs more ("Last year's donations paid for", a list's introduction) says nothing.
  // Nor one ending on what it points back to ("A vapour control layer on the warm side … prevents this").
  if (/\b(?:the|a|an|of|for|to|with|by|from|in|on|at|and|or|but|that|which|who|whose|as|than|such|into|about|like|its|their|his|her|our|your|my|this|these|those|if|when|unless|because|whether|where|while|until)[:;,—–-]?$/i.test(text)) return null;
  // Quotes left open or closed alone by the cut.
  const quotes = (text.match(/[“”"]/g) ?? []).length;
  if (quotes % 2 === 1) text = text.replace(/[“”"]/g, "");
  if (wordCount(text) < 3) return null;
  const whole = uncut !== text && !question && wordCount(uncut) <= 20 && uncut.length <= 170 && !/[;:]/.test(uncut) ? capitalize(uncut) : undefined;
  return { text: capitalize(text) + (question && !truncated ? "?" : ""), truncated, ...(whole ? { whole } : {}) };
}

/** Prepositions after a passive's participle ("is poached in milk", "was built by hand"). */
const PREPOSITIONS = new Set(["in", "on", "at", "by", "with", "for", "to", "from", "into", "onto", "before", "after", "during", "under", "over", "through", "across", "as", "until", "within"]);

const COPULA = /^([^,;:()]{3,70}?)\s(?:is|are|was|were)\s(?!(?:being|been|to|that|why|how|what|because|not\s+(?:to|that))\b)([^;:]{6,})$/i;
/** A statement of an amount: "Net debt stood at £6.8 million", "A full plot costs £60 a year". */
const MEASURE = /^([^,;:()]{3,70}?)\s(?:costs?|cost|stood at|stands at|totalled|totaled|totals|amounted to|amounts to|came to|comes to)\s([^;:]{2,})$/i;
/** Words that make the words before a copula more than a plain subject: a clause of its own or a question. */
const NOT_A_SUBJECT = /\b(?:who|whom|whose|which|that|where|when|whether|if|because|although|though|while|until|unless|than|as|so(?!-)|what|how|why|is|are|was|were|be|has|have|had|do|does|did|can|could|will|would|should|must|may|might)\b/i;

/**
 * A statement of the shape "subject is/was predicate" as a slide line "subject: predicate" ("Cash at the end of
 * September was 5.2 million pounds" -> "Cash at the end of September: 5.2 million pounds"); null for any other
 * shape, for a subject that is a pronoun or a clause, and for questions.
 */
export function labelForm(text: string): string | null {
  if (text.endsWith("?")) return null;
  if (!isEnglish()) return foreignLabelForm(text);
  const measure = MEASURE.exec(text);
  const match = COPULA.exec(text) ?? measure;
  if (!match) return null;
  const subject = match[1]!.trim();
  const predicate = match[2]!.trim();
  const subjectWords = wordCount(subject);
  if (subjectWords < 2 || subjectWords > 10 || wordCount(predicate) < (match === measure ? 1 : 2)) return null;
  // A passive ("The fish is poached gently in milk") has no predicate to show after its subject; a participle before
  // its noun ("was discoloured water") is one.
  const [verb = "", after = ""] = predicate.toLowerCase().split(/\s+/);
  const participle = /^\p{Ll}+ed$/u.test(verb) || (lexiconTags(verb)?.includes("VBN") ?? false);
  if (match !== measure && participle && (after === "" || /ly$/.test(after) || PREPOSITIONS.has(after))) return null;
  // A second clause after the predicate ("The family was poor, and the work was dangerous") keeps the sentence whole.
  if (/,\s(?:and|but|or|so|yet)\s/i.test(predicate) || /\s(?:is|are|was|were)\s/i.test(predicate)) return null;
  // A subject with a relative clause of its own verb ("A starter that shows no activity after a week") is still one
  // noun phrase; any other clause word makes it more than a subject.
  const relative = /^(\S+(?:\s\S+){0,3})\s(?:that|which|who)\s\p{Ll}+(?:s|ed)\s(?!.*\b(?:that|which|who|is|are|was|were|has|have|had)\b)/u.exec(subject);
  const head = relative ? relative[1]! : subject;
  // A subject cut before its clause ends ("Anyone who lives in the borough and | is over 18 can apply") is none.
  if (/\b(?:and|or|but|nor|of|to|in|on|at|for|with|by|from)$/i.test(subject) || /\b(?:can|could|will|would|should|must|may|might|does|did)\s\p{Ll}/u.test(predicate)) return null;
  // A negative subject ("No visit to Belém is complete without…") turns round without its verb.
  if (DANGLING.test(subject) || NOT_A_SUBJECT.test(head) || /^(?:there|here|what|which|who|one|each|all|some|many|most|none|no|nobody|nothing|neither|never)\b/i.test(subject)) return null;
  // An instruction ("Make sure the path is wide enough") has no subject to show; a noun that can be a verb before
  // 'from' or 'of' ("Water from the chalk boreholes", "Use of the hall") is the subject's head, not an instruction.
  const [firstWord = "", secondWord = ""] = subject.toLowerCase().split(/\s+/);
  if (IMPERATIVES.has(firstWord) && secondWord !== "from" && secondWord !== "of") return null;
  return `${capitalize(subject)}: ${predicate}`;
}

/** Each language's copulas (and the preposition that may follow, as in "est de quinze euros"). */
const FOREIGN_COPULAS: Record<string, RegExp> = {
  fr: /^([^,;:()?!]{3,70}?)\s(?:est|sont|était|étaient|sera|seront|coûte|coûtent|coûtait)\s(?:de\s|d['’](?=\p{L}))?([^;:]{6,})$/u,
  de: /^([^,;:()?!]{3,70}?)\s(?:ist|sind|war|waren|kostet|kosten|kostete|beträgt|betragen|betrug)\s([^;:]{6,})$/u,
  es: /^([^,;:()?!]{3,70}?)\s(?:es|son|era|eran|será|serán|está|están|cuesta|cuestan|costaba)\s(?:de\s)?([^;:]{6,})$/u,
  it: /^([^,;:()?!]{3,70}?)\s(?:è|sono|era|erano|sarà|saranno|costa|costano)\s(?:di\s)?([^;:]{6,})$/u,
  pt: /^([^,;:()?!]{3,70}?)\s(?:é|são|era|eram|será|serão|está|estão|custa|custam)\s(?:de\s)?([^;:]{6,})$/u,
  nl: /^([^,;:()?!]{3,70}?)\s(?:is|zijn|was|waren|kost|kosten|bedraagt)\s([^;:]{6,})$/u,
  ru: /^([^,;:()?!]{3,70}?)\s(?:является|являются|составляет|составляют)\s([^;:]{6,})$/u,
};
/** Words that make the words before a copula a clause or a negation rather than a subject, in any deck language. */
const FOREIGN_NOT_A_SUBJECT =
  /(?:^|\s)(?:ne|pas|aucun|aucune|nul|nulle|personne|rien|qui|que|dont|où|si|quand|nicht|kein|keine|keiner|keinen|niemand|nichts|ningún|ninguna|ninguno|nadie|nada|nessun|nessuna|nessuno|niente|nenhum|nenhuma|ninguém|geen|niemand|niets|ни|нет|никто|ничто|dass|wenn|weil|wer|no|que|quien|cuando|si|non|che|chi|quando|não|quem|niet|geen|dat|als|wie|не|что|кто|когда)(?=\s|$)/iu;

/** "La cotisation annuelle est de quinze euros" as "La cotisation annuelle: quinze euros", in a deck language other than English. */
function foreignLabelForm(text: string): string | null {
  const match = FOREIGN_COPULAS[currentLanguage()]?.exec(text.replace(/[.!]$/, ""));
  if (!match) return null;
  const subject = match[1]!.trim();
  const predicate = match[2]!.trim();
  const subjectWords = wordCount(subject);
  // An amount may be one word ("12 €"); any other predicate has two or more.
  if (subjectWords < 2 || subjectWords > 8 || (wordCount(predicate) < 2 && !/^\d/.test(predicate)) || FOREIGN_NOT_A_SUBJECT.test(subject)) return null;
  // A clitic before the verb ("Les pesticides y sont interdits", "Il en est") belongs to the verb, not the subject.
  if (currentLanguage() === "fr" && /\s(?:y|en|ne|n['’])$/iu.test(subject)) return null;
  if (FOREIGN_COPULAS[currentLanguage()]!.test(predicate)) return null;
  return `${capitalize(subject)}: ${predicate}`;
}

/**
 * Openings of a phrase of time, place or source set before the clause with a comma ("In 2024, …", "L'an dernier, …",
 * "Según una encuesta del colegio, …"), per deck language. German, whose verb follows such a phrase without a comma,
 * has none: its clause cannot be reordered by moving a phrase.
 */
const FRONTED: Partial<Record<DeckLanguage, RegExp>> = {
  en: /^(?:in|on|at|for|from|by|during|after|before|since|until|over|across|within|throughout|according to|without|with|under|last|this|next|every|each|today|yesterday|in the end)\s/i,
  fr: /^(?:en|à|au|aux|dans|depuis|pendant|après|avant|selon|sans|avec|pour|par|sur|sous|chez|dès|lors|l['’]an|l['’]année|cette|chaque|le (?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|matin|soir)|la semaine|ce mois)\b/iu,
  es: /^(?:en|a|al|desde|durante|después de|antes de|según|sin|con|para|por|sobre|cada|el año|este|esta|hace|tras)\s/iu,
  it: /^(?:in|a|al|alla|nel|nella|nei|dal|dalla|durante|dopo|prima|secondo|senza|con|per|ogni|l['’]anno|quest['’]anno)\b/iu,
  pt: /^(?:em|no|na|nos|nas|a|ao|desde|durante|depois|antes|segundo|sem|com|para|por|cada|no ano|este|esta|há)\s/iu,
  nl: /^(?:in|op|na|voor|tijdens|sinds|volgens|zonder|met|elk|elke|vorig|dit|volgend)\s/iu,
  ru: /^(?:в|во|на|по|после|до|с|со|без|каждый|каждую|по словам)\s/iu,
};

const LINKING_FRONT =
  /^(?:by contrast|in contrast|by comparison|in comparison|in fact|in turn|in short|in general|in particular|in practice|in other words|on the other hand|on the whole|on average|for example|for instance|at first|at last|at the same time|after all|above all|of course|in addition|by the way|in any case|in the end|with that|en effet|par exemple|en revanche|par contre|en outre|en fait|au contraire|en plus|en général|en particulier|avant tout|après tout|de plus|pour autant|en somme|en bref|por ejemplo|sin embargo|en cambio|por otro lado|por otra parte|en general|de hecho|por lo tanto|por eso|al contrario|en resumen|con todo|per esempio|ad esempio|in effetti|invece|in generale|per questo|in breve|al contrario|por exemplo|no entanto|de facto|de fato|por outro lado|em geral|por isso|em resumo|bijvoorbeeld|daarentegen|in feite|over het algemeen|в общем|например|кроме того|с другой стороны)$/iu;

/**
 * A line opening on a phrase of time, place or source with the phrase put after its clause ("L'an dernier, 48
 * parents ont participé aux sorties" -> "48 parents ont participé aux sorties l'an dernier"): the same statement, led
 * by its subject. Null when the line has no such opening or the clause after it is long or has clauses of its own.
 */
export function frontToEnd(text: string, continued: (text: string) => string = lowerFirstWord): string | null {
  const fronted = FRONTED[currentLanguage()];
  // A date put first without its comma ("By March 2030 we aim to cut leakage …"): English only, before a subject.
  const dated = isEnglish() ? /^((?:[Bb]y|[Ii]n|[Ff]rom|[Ss]ince|[Uu]ntil|[Bb]efore|[Aa]fter|[Dd]uring)\s(?:(?:early|mid|late|the end of)\s)?(?:\p{Lu}\p{Ll}+\s)?\d{4}(?:[-–]\d{2,4})?)\s((?:we|i|you|they|our|the|this|these|its|their|your|\p{Lu}\p{Ll}+)\s.+)$/u.exec(text) : null;
  const match = /^([^,;:()]{2,60}),\s(.+)$/u.exec(text) ?? dated;
  if (!fronted || !match || !fronted.test(match[1]!)) return null;
  const front = match[1]!.trim();
  const clause = match[2]!.trim();
  // A linking phrase ("By contrast", "Sin embargo", "En revanche") belongs before its clause.
  if (LINKING_FRONT.test(front)) return null;
  if (wordCount(front) > 7 || wordCount(clause) < 4 || wordCount(clause) > 16 || /[,;:()]/.test(clause) || DANGLING.test(clause)) return null;
  // The clause's subject may be a pronoun only when the phrase holds no noun it could stand for.
  if (/^(?:it|they|he|she|il|elle|ils|elles|er|sie|es|ello|ella|ellos|ellas)\b/iu.test(clause)) return null;
  return `${capitalize(clause.replace(/[.!]+$/, ""))} ${continued(front)}`;
}

/** A closing phrase of date, day or span ("… depuis 2017", "… d'ici à 2026", "…, le jeudi matin", "… in 2024", "… for about a week"). */
const CLOSING_WHEN =
  /^(.{12,}?)(?:,\s|\s)((?:over|for|within|in)\s(?:about\s|nearly\s|almost\s|around\s)?(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d+)\s(?:days?|weeks?|fortnights?|months?|years?|hours?|minutes?|decades?)|(?:since|until|by|in|from|before|after|depuis|jusqu['’]en|d['’]ici à|d['’]ici|en|dès|avant|après|seit|bis|ab|im jahr|desde|hasta|para|antes de|dal|entro il|entro|nel|até|em|sinds|tot|vanaf|с|до|в)\s(?:\d{4}|\d{1,2}\s\p{L}+\s\d{4})|(?:le|les|la|el|los|the|on|every|chaque|cada|jeden|jede|ogni|todas as|elke)\s(?:\p{L}+\s)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|lunes|martes|miércoles|jueves|viernes|sábado|domingo|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)s?(?:\s(?:matin|soir|après-midi|morning|evening|afternoon|por la mañana|por la tarde))?|(?:in the|every|each) (?:morning|evening|afternoon|day|week|month|year|spring|summer|autumn|winter)|at night|(?:after|before) (?:lunch|lunchtime|dinner|bedtime|school|work)|(?:le|chaque) (?:matin|soir|jour)|(?:tous les|toutes les) (?:jours|semaines|matins|soirs)|(?:por la|cada) (?:mañana|tarde|noche|día|semana)|todos los días|(?:ogni|la) (?:mattina|sera|giorno)|(?:de|à|pela|todas as) (?:manhã|noite)|todos os dias)$/iu;

/**
 * A line closing on a phrase of date or day with that phrase put first ("Les séances ont lieu pendant le temps
 * scolaire, le jeudi matin" -> "Le jeudi matin, les séances ont lieu pendant le temps scolaire"): the same statement,
 * led by when. Null when the line has no such closing phrase; not for German or Dutch, whose verb would have to move.
 */
export function whenFirst(text: string, continued: (text: string) => string = lowerFirstWord): string | null {
  // German and Dutch put the verb second: "Seit 2017 reparieren die Helfer …", never "Seit 2017, die Helfer reparieren".
  if (currentLanguage() === "de" || currentLanguage() === "nl") return null;
  const match = CLOSING_WHEN.exec(text);
  if (!match) return null;
  const clause = match[1]!.trim().replace(/,$/, "");
  if (wordCount(clause) < 4 || /^(?:I|[\p{Lu}]{2,})\b/u.test(clause)) return null;
  // A phrase that is the object of the words before it ("on the first Sunday of | each month") stays where it is.
  if (/\b(?:of|for|to|in|on|at|by|with|from|the|a|an|de|du|des|von|der|del|di|do|da|van)$/i.test(clause)) return null;
  // A phrase that dates the amount compared ("four injuries, against seven | in 2024", "up from 38 per cent | in 2023").
  if (isEnglish() && /\b(?:against|versus|vs|compared (?:with|to)|than|from)\s(?:about\s|around\s|nearly\s|just\s)?[\p{L}\p{N}£$€.,%-]+(?:\s(?:per cent|percent|million|billion|people|passengers|[\p{Ll}]+))?$/iu.test(clause)) return null;
  // A phrase of an infinitive at the clause's end is that infinitive's ("… ask for the animal to be rehomed | within
  // three months"): put first, it would time the whole statement.
  if (isEnglish() && /\bto\s(?:be\s|have\s)?\p{L}+$/iu.test(clause)) return null;
  // A phrase after a second verb is that verb's ("… began in September 2024 and will follow 60 patients | for two
  // years"): put first, it would time the first one too.
  // As the tagger reads it: "taste or smell of their water" and "bedtimes and wake-up times" have no second verb.
  if (isEnglish() && /\b(?:and|but|or)\s/.test(clause)) {
    const words = tagged(clause);
    if (words.some((word, index) => word.pos === "CCONJ" && ["VERB", "AUX"].includes(words[index + 1]?.pos ?? "") && !words[index + 2]?.joined)) return null;
  }
  // The clause keeps its capital when it opens on a name ("Mary Anning found…", "Lisbon has…").
  return `${capitalize(match[2]!)}, ${continued(clause)}`;
}

/** The first word in lower case unless it looks like a name (two capitalised words: "Mary Anning"). */
function lowerFirstWord(text: string): string {
  return /^\p{Lu}\p{Ll}*\s\p{Lu}/u.test(text) || /^\p{Lu}{2,}/u.test(text) ? text : text.charAt(0).toLowerCase() + text.slice(1);
}

const SIMPLE_SUBJECT =
  /^((?:(?:the|a|an|our|their|its|his|her|this|each|every)\s)?[\p{L}\p{N}'’-]+(?:\s[\p{L}\p{N}'’-]+){0,3}?)\s(is|was|has|had|can|could|will|would|does|did|should|must|may|might|[\p{Ll}]+(?:s|ed))\s/iu;

/** A word's tags in the lexicon (wink-lexicon), or null for a word it does not know. */
function lexiconTags(word: string): readonly string[] | null {
  return Object.hasOwn(lexicon, word) ? lexicon[word]! : null;
}

/** Whether the lexicon reads a word as a finite verb (a present or past form, a modal). */
function finiteVerb(word: string): boolean {
  return lexiconTags(word)?.some((tag) => tag === "VBP" || tag === "VBZ" || tag === "VBD" || tag === "MD") ?? false;
}

/**
 * Whether a sentence cannot be understood without the one before it: it opens on a pronoun ("This means …", "They
 * …") or a linking word ("However, …"); "This guide walks through …", a demonstrative before its noun, does not.
 */
function leansBack(text: string): boolean {
  // "If they are dirty, …": a condition whose subject is a pronoun names nothing itself.
  if (/^(?:if|when|whenever|because|as|once|until|unless|while|although|though|since|after|before)\s+(?:it|they|he|she|them|its|their)\b/i.test(text)) return true;
  if (!DANGLING.test(text)) return false;
  const [first = "", second = ""] = text.toLowerCase().split(/\s+/);
  if (!/^(?:this|that|these|those)$/.test(first)) return true;
  // A pronoun is followed by its verb ("This means", "These were"); a determiner by its noun.
  const tags = lexiconTags(second.replace(/[^\p{L}'-]/gu, ""));
  const verbs = /^th[io]se$/.test(first) ? ["VBP", "VBD", "MD"] : ["VBZ", "VBD", "MD"];
  return tags === null || tags.some((tag) => verbs.includes(tag));
}

/** A word the lexicon tags, never as a verb ("years", "hundred"; not "plans", "costs", "used"). */
function isNounOnly(word: string): boolean {
  const tags = lexiconTags(word);
  return tags !== null && !tags.some((tag) => tag.startsWith("VB") || tag === "MD");
}

/** A past-tense verb form that the lexicon never tags as a noun ("gave", "made", "found"; not "left", "cost"). */
function isPastVerbOnly(word: string): boolean {
  const tags = lexiconTags(word);
  return tags !== null && tags.includes("VBD") && !tags.some((tag) => tag.startsWith("NN"));
}

/**
 * The subject and verb a sentence opens with ("The cliff sensors | stop …"), as SIMPLE_SUBJECT reads them, except
 * that a plural the lexicon knows only as a noun ("sensors") is taken as the subject's, not as its verb.
 */
function subjectAndVerb(text: string, plural = false): [string, string, string] | null {
  const words = text.split(/\s+/);
  const start = /^(?:the|a|an|our|their|its|his|her|this|each|every|these|those)$/i.test(words[0] ?? "") ? 1 : 0;
  for (let end = start + 1; end <= start + 4 && end < words.length; end += 1) {
    const verb = words[end]!;
    if (!/^[\p{L}\p{N}'’-]+$/u.test(words[end - 1]!)) return null;
    // A plural subject ends on its plural and may take a verb's plain form ("The cliff sensors stop").
    if (plural && !/s$/i.test(words[end - 1]!)) continue;
    const auxiliary = (plural ? /^(?:are|were|have|had|do|did|can|could|will|would|should|must|may|might)$/i : /^(?:is|was|has|had|can|could|will|would|does|did|should|must|may|might)$/i).test(verb);
    const pluralVerb = plural && (lexiconTags(verb.toLowerCase())?.includes("VBP") ?? false);
    if (auxiliary || pluralVerb || (/^\p{Ll}+(?:s|ed)$/u.test(verb) && !(plural && /[^s]s$/.test(verb)) && !isNounOnly(verb))) return [words.slice(0, end + 1).join(" "), words.slice(0, end).join(" "), verb];
  }
  return null;
}

/** An FAQ answer's bare "Yes." or "No.": said after its question, never alone. */
const BARE_ANSWER = /^(yes|no)[.!]?$/i;

const PERSON_SWAP: Record<string, string> = { i: "you", me: "you", my: "your", mine: "yours", myself: "yourself", we: "you", us: "you", our: "your", ours: "yours", ourselves: "yourselves" };

/** The asker's own words turned to the reader's ("my dog" -> "your dog"). */
function toReader(text: string): string {
  return text.replace(/\b(I|me|my|mine|myself|we|us|our|ours|ourselves)\b/gi, (word) => PERSON_SWAP[word.toLowerCase()]!);
}

/**
 * A yes-or-no question and its bare answer said as a statement for the slide: "Are dogs allowed?" and "No." give
 * "Dogs are not allowed", "Do I need to pay a deposit?" and "Yes." give "You need to pay a deposit", "Is there a
 * shop?" and "No." give "There is no shop". English questions of these simple shapes only; null for any other.
 */
export function answeredStatement(question: string, answer: string): string | null {
  if (!isEnglish()) return null;
  const no = /^no\b/i.test(answer.trim());
  if (!no && !/^yes\b/i.test(answer.trim())) return null;
  const asked = question.trim().replace(/\s*\?+$/, "");
  const there = /^(is|are|was|were) there\s+(.+)$/i.exec(asked);
  if (there) {
    const verb = there[1]!.toLowerCase();
    return `There ${verb} ${no ? `no ${there[2]!.replace(/^(?:a|an|any)\s+/i, "")}` : there[2]}`;
  }
  const modal = /^(can|could|may|might|should|must|will|would|do)\s+(i|we)\s+(.+)$/i.exec(asked);
  if (modal) {
    const verb = modal[1]!.toLowerCase();
    const rest = toReader(modal[3]!);
    if (verb === "do") return no ? `You do not ${rest}` : `You ${rest}`;
    return `You ${verb === "can" && no ? "cannot" : no ? `${verb} not` : verb} ${rest}`;
  }
  const be = /^(is|are|was|were)\s+(.+)$/i.exec(asked);
  if (!be) return null;
  // The subject runs up to the first adjective or participle after a noun ("guided tours | available on Sundays").
  const words = tagged(be[2]!);
  const start = words.findIndex((word, index) => index > 0 && (word.pos === "ADJ" || word.pos === "VERB") && ["NOUN", "PROPN", "PRON"].includes(words[index - 1]!.pos));
  if (start < 1) return null;
  // Cut in the question's own text, where its words stand ("Wi-Fi" is three of the tagger's tokens).
  let at = 0;
  for (const word of words.slice(0, start + 1)) at = be[2]!.indexOf(word.word, at) + (word === words[start] ? 0 : word.word.length);
  const subject = toReader(be[2]!.slice(0, at).trim());
  const predicate = toReader(be[2]!.slice(at).trim());
  return `${capitalize(subject)} ${be[1]!.toLowerCase()}${no ? " not" : ""} ${predicate}`;
}

/**
 * A line opening on "It", "She", "He" or "They" with the pronoun replaced by the subject of the sentence before it,
 * when that subject is a short noun phrase ("Lisbon", "The council", "Mary Anning", "The cliff sensors") directly
 * followed by its verb, or that phrase's head before the words that place it ("The café inside the centre");
 * null otherwise.
 */
export function namedSubject(line: string, previous: string): string | null {
  const pronoun = /^(It|She|He|They)\s(?=\p{Ll})/u.exec(line);
  // "It is tempting to…", "It seems that…": an 'it' that stands for no noun.
  if (!pronoun || /^It\s(?:is|was|'s|has been|will be|would be|can be)\s(?:\p{Ll}+\s)?(?:to|that|for|whether|how|why|when)\b/u.test(line)) return null;
  if (/^It\s(?:seems|seemed|appears|appeared|takes|took|remains|turns out|turned out|pays|helps|matters)\b/.test(line)) return null;
  // An opening phrase of time ("By now the starter should rise…") is not the subject.
  const opening = stripLeading(spoken(previous))
    .replace(/^(?:by now|for now|so far|at first|at last|in the end|today|now|then|in \d{4}),?\s+(?=\p{L})/iu, "")
    // "At half past seven on a cold Tuesday morning, Tom Kettering is …": the phrase of time or place before the comma.
    .replace(/^(?:[Aa]t|[Oo]n|[Ii]n|[Bb]y|[Aa]fter|[Bb]efore|[Dd]uring|[Ss]ince|[Ee]very|[Ee]ach|[Ll]ast|[Tt]his|[Nn]ext)\s[^,]{2,70},\s+(?=\p{Lu})/u, "");
  // "Catadioptric telescopes, such as Schmidt-Cassegrains and Maksutovs, combine …": the examples between commas are
  // no part of the subject.
  const plain = opening.replace(/^([^,]{2,50}?),\s(?:such as|like|including|for example|for instance|e\.g\.)\s[^,]{2,80},\s+(?=\p{Ll})/u, "$1 ");
  const match = subjectAndVerb(plain, pronoun[1] === "They");
  if (!match) return null;
  // "The café inside the centre will close …": the subject's head, before the phrase that places it, stands for "It".
  // A name keeps its words ("The Bank of England").
  const place = /^(.+?)\s(?:inside|in|at|on|near|behind|beside|outside)\s/i.exec(match[1]!);
  const subject = place && wordCount(place[1]!) >= 2 && !/\s\p{Lu}/u.test(match[1]!) ? place[1]! : match[1]!;
  // The verb taken is a word the lexicon never reads as one ("Two years ago, I …": "years"): no subject was found.
  if (isNounOnly(match[2]!.toLowerCase())) return null;
  const words = subject.split(/\s+/);
  // "They" stands for a plural ("The sensors"), "It" for a singular.
  if (pronoun[1] === "They" && !/s$/i.test(words.at(-1)!)) return null;
  // "The organisers are…" read as the subject "The" and the verb "organisers": an article alone names nothing.
  if (words.length === 1 && /^(?:the|a|an|our|their|its|his|her|this|each|every)$/i.test(subject)) return null;
  // The verb was missed and a later word taken for it ("The orchestra gave 17 concerts": not "The orchestra gave 17"):
  // a subject holds no number, and beyond its first word no past-tense verb that is never a noun (wink-lexicon's tags).
  if (words.some((word, position) => /\d/.test(word) || (position > 0 && isPastVerbOnly(word.toLowerCase())))) return null;
  // A pronoun, a number or a function word is no subject to name; "She" and "He" stand for a name, written in capitals.
  if (words.some((word, position) => (position > 0 || !/^(?:the|a|an|our|their|its|his|her|this|each|every)$/i.test(word)) && STOP_WORDS.has(word.toLowerCase()))) return null;
  // "This policy", "These rules" name their thing (the text itself, mostly); "This" alone points elsewhere.
  if ((DANGLING.test(subject) && !(words.length >= 2 && /^(?:this|these)$/i.test(words[0]!))) || /^(?:there|here|what|who|which|one)$/i.test(words[0]!)) return null;
  if ((pronoun[1] === "She" || pronoun[1] === "He") && !words.every((word) => /^\p{Lu}/u.test(word))) return null;
  // A plural without its article ("Catadioptric telescopes") names a kind; a count or a quantity ("Two brothers", "Many
  // people") names no group the pronoun can take back.
  if (pronoun[1] === "They" && !/^(?:the|our|their|its|his|her|these|those)$/i.test(words[0]!) && (words.length > 3 || QUANTIFIER.test(words[0]!))) return null;
  if (pronoun[1] === "It" && words.length === 1 && /s$/i.test(subject) && !/^\p{Lu}/u.test(subject)) return null;
  return `${capitalize(subject)}${line.slice(pronoun[1]!.length)}`;
}

/** Most words of a line whose pronoun is replaced by the subject it stands for (a slide line's most). */
const NAMED_LINE_WORDS = 20;

/** Words that count or measure a plural rather than name it. */
const QUANTIFIER = /^(?:many|most|some|few|several|all|both|two|three|four|five|six|seven|eight|nine|ten|dozens|hundreds|thousands|millions|other|others|such|certain|various|numerous|more|fewer|no)$/i;

/** Someone's words in quotation marks: a point of the source only with who said them, never a recap's point. */
const QUOTED = /["“”]/;

/** A line that stands on its own: it does not open on a word pointing to a sentence or a list elsewhere. */
function standsAlone(line: string): boolean {
  // "The second is comfort" points to a list; "The fourth quarter" names a span of the calendar; "Both are free" and
  // "Another route…" count things named elsewhere. A quotation is read from its first word ("“They're loud,” …").
  const text = line.replace(/^["“‘']+/, "");
  return (
    (!DANGLING.test(text) || EXISTENTIAL.test(text)) &&
    !/^(?:both|another|neither|either|the latter|the former|the others?)\b/i.test(text) &&
    !/^the (?:first|second|third|fourth|fifth|latter|former|other|same|next|last)\b(?!\s+(?:quarter|half|day|days|week|weeks|weekend|month|months|year|years|decade|century|morning|evening|night|season|hours?)\b)/i.test(text)
  );
}

/** Whether `speech` holds `line`'s words in order and together: saying it reads the line out. */
/** The last speech's words, joined: one narration is held against many candidate lines in turn. */
const lastSpeech = { text: "", joined: "  " };

function saysWordForWord(speech: string, line: string): boolean {
  if (lastSpeech.text !== speech) Object.assign(lastSpeech, { text: speech, joined: ` ${wordsOf(speech).join(" ")} ` });
  return lastSpeech.joined.includes(` ${wordsOf(line).join(" ")} `);
}

function bulletQuality(candidate: BulletCandidate): number {
  const count = wordCount(candidate.text);
  let quality = count < 4 ? 0.5 : count <= 14 ? 1 : 0.8;
  if (candidate.truncated) quality *= 0.55;
  if (DANGLING.test(candidate.text)) quality *= 0.35;
  if (candidate.text.endsWith("?")) quality *= 0.5;
  return quality;
}

function overlap(a: readonly string[], b: readonly string[]): number {
  const setA = new Set(a);
  const setB = new Set(b);
  if (setA.size === 0 || setB.size === 0) return 0;
  let shared = 0;
  for (const term of setA) if (setB.has(term)) shared += 1;
  return shared / Math.min(setA.size, setB.size);
}

/** Heading without its numbering ("2.", "Step 3:") and final punctuation, for saying it in a sentence. */
function bareHeading(heading: string): string {
  return heading
    .replace(/^(?:\d+(?:\.\d+)*[.)]?|[ivx]+[.)])\s+/i, "")
    .replace(/^(?:step|part|phase|stage|tip|rule|lesson|chapter|section)\s+\d+\s*[:.)–-]\s*/i, "")
    .replace(/[.:;]+$/, "")
    .trim();
}

/**
 * The fewest lines a slide shows of its own part before it borrows: a slide aims for MIN_BULLETS, but two lines of
 * the part's own points are better than a third that is read out, points to text elsewhere or belongs to another part.
 */
const MIN_OWN_LINES = 2;

class DeckWriter {
  private readonly used = new Set<number>();
  private readonly ranks = new Map<number, number>();
  private readonly bulletTexts: string[][] = [];
  /**
   * Bullets that are a sentence of the source said whole as a statement (no table row, list item or cut phrase),
   * each with the words a speaker says for it: the slide's figures and short forms spelled out as the source has them.
   */
  readonly statements = new Map<string, string>();
  /** Per call of bullets(): the best-valued bullet and the sentence it was cut from (for the recap). */
  lastBest: { bullet: string; sentence: Sentence | null } | null = null;

  constructor(
    private readonly caseBook: CaseBook,
    private readonly instructionTerms: Set<string>,
  ) {}

  rank(part: { sentences: Sentence[] }): void {
    const candidates = part.sentences.filter((sentence) => sentence.terms.length > 0);
    const scores = textRank(candidates);
    const firstIndex = part.sentences[0]?.index;
    for (const sentence of part.sentences) {
      let score = (scores.get(sentence.index) ?? 0.2) * sentenceQuality(sentence);
      if (sentence.index === firstIndex) score *= 1.2;
      const boost = sentence.terms.filter((term) => this.instructionTerms.has(term)).length;
      if (boost > 0) score *= 1 + 0.5 * Math.min(boost, 3);
      this.ranks.set(sentence.index, score);
    }
  }

  score(sentence: Sentence): number {
    return this.ranks.get(sentence.index) ?? 0;
  }

  ranked(sentences: readonly Sentence[]): Sentence[] {
    return [...sentences].sort((a, b) => this.score(b) - this.score(a) || a.index - b.index);
  }

  isUsed(sentence: Sentence): boolean {
    return this.used.has(sentence.index);
  }

  /**
   * Picks narration sentences from `pool`: best first up to about `target` words, never more than `limit`, each
   * sentence that leans on the one before it kept only with that one, then put back in reading order.
   */
  pickSentences(pool: readonly Sentence[], target: number, limit: number, options: { allowUsed?: boolean; first?: number } = {}): Sentence[] {
    const usable = pool.filter((sentence) => narratable(sentence) && (options.allowUsed || !this.used.has(sentence.index)));
    const byIndex = new Map(pool.map((sentence) => [sentence.index, sentence]));
    // The part's own first sentence may lean on its heading ("This is the hardest step"); any other leans on the one
    // before it, which may be out of the pool (shown as a line, say): then it is not said.
    const firstIndex = options.first ?? pool[0]?.index;
    const chosen = new Map<number, Sentence>();
    let total = 0;
    const fits = (sentence: Sentence) => total + sentence.words <= limit;
    for (const sentence of this.ranked(usable)) {
      if (total >= target) break;
      if (chosen.has(sentence.index) || !fits(sentence)) continue;
      const leans = leansBack(sentence.text) && sentence.index !== firstIndex && !chosen.has(sentence.index - 1);
      if (leans) {
        const previous = byIndex.get(sentence.index - 1);
        const previousUsable = previous && usable.includes(previous) && !chosen.has(previous.index);
        if (!previous || !previousUsable || total + sentence.words + previous.words > limit) continue;
        if (leansBack(previous.text) && previous.index !== firstIndex && !chosen.has(previous.index - 1)) continue;
        chosen.set(previous.index, previous);
        total += previous.words;
      }
      chosen.set(sentence.index, sentence);
      total += sentence.words;
    }
    return [...chosen.values()].sort((a, b) => a.index - b.index);
  }

  /**
   * Narration for sections said together: each one's first usable sentence in turn, so none is skipped, then the
   * best of the rest up to `target`, all in reading order.
   */
  pickAcross(pools: readonly Sentence[][], target: number, limit: number): Sentence[] {
    const firsts: Sentence[] = [];
    let total = 0;
    for (const pool of pools) {
      const first = pool.find((sentence) => narratable(sentence) && !this.used.has(sentence.index) && !DANGLING.test(sentence.text));
      if (!first || total + first.words > limit) continue;
      firsts.push(first);
      total += first.words;
    }
    const taken = new Set(firsts.map((sentence) => sentence.index));
    const rest = this.pickSentences(
      pools.flat().filter((sentence) => !taken.has(sentence.index)),
      target - total,
      limit - total,
    );
    return [...firsts, ...rest].sort((a, b) => a.index - b.index);
  }

  /** Sentences as slide lines, the best first. */
  bulletCandidates(sentences: readonly Sentence[]): { sentence: Sentence; bullet: BulletCandidate; value: number }[] {
    const byIndex = new Map(sentences.map((sentence) => [sentence.index, sentence]));
    return sentences
      .map((sentence) => {
        const bullet = bulletOf(sentence);
        // "It is built on seven hills" after "Lisbon is a city best seen on foot": the slide names what "It" is.
        const previous = byIndex.get(sentence.index - 1);
        // "They are compact … They cost more …": the sentence before may itself name its "They" from the one before it.
        const twoBack = byIndex.get(sentence.index - 2);
        const previousText =
          previous && twoBack && twoBack.paragraph === previous.paragraph ? (namedSubject(previous.text, twoBack.text) ?? previous.text) : previous?.text;
        const naming = bullet && previous && previousText && previous.paragraph === sentence.paragraph ? namedSubject(bullet.text, previousText) : null;
        // Named, a line may not run over a slide line's length.
        const named = naming && wordCount(naming) <= NAMED_LINE_WORDS ? naming : null;
        return { sentence, bullet: bullet && named ? { ...bullet, text: named } : bullet };
      })
      .filter((entry): entry is { sentence: Sentence; bullet: BulletCandidate } => entry.bullet !== null)
      .map((entry) => ({ ...entry, value: this.score(entry.sentence) * bulletQuality(entry.bullet) }))
      .sort((a, b) => b.value - a.value || a.sentence.index - b.sentence.index);
  }

  /**
   * The sentences a slide of `wanted` bullets shows word for word as they would be said, best first: kept out of
   * its narration (all but one, which the narration may say), since narration that reads out the slide adds
   * nothing. A bullet that condenses its sentence (an aside or a soft adverb left out) is not said word for word,
   * so its sentence may still be narrated.
   */
  reserve(sentences: readonly Sentence[], wanted: number, keep: readonly Sentence[] = []): Sentence[] {
    const reserved: Sentence[] = [];
    let condensed = 0;
    const candidates = this.bulletCandidates(sentences);
    const byIndex = new Map(sentences.map((sentence) => [sentence.index, sentence]));
    // In the order the slide takes its bullets: whole statements, then phrases cut at a word.
    for (const truncated of [false, true]) {
      for (const candidate of candidates) {
        if (reserved.length + condensed >= wanted) break;
        if (keep.includes(candidate.sentence) || candidate.bullet.truncated !== truncated) continue;
        if (!standsAlone(candidate.bullet.text) || !narratable(candidate.sentence)) continue;
        // A sentence the next one leans on ("… becomes the base of the sauce. This means …") stays in the narration.
        const next = byIndex.get(candidate.sentence.index + 1);
        if (next && leansBack(next.text)) continue;
        if (saysWordForWord(spoken(candidate.sentence.text), candidate.bullet.text)) reserved.push(candidate.sentence);
        else condensed += 1;
      }
    }
    return reserved;
  }

  markUsed(sentences: readonly Sentence[]): void {
    for (const sentence of sentences) this.used.add(sentence.index);
  }

  /** Sentences said as one script, with "Also," where the text skips ahead (at most once). */
  joinNarration(sentences: readonly Sentence[], connectiveSeed: number): string[] {
    const spokenSentences: string[] = [];
    let connectiveUsed = false;
    sentences.forEach((sentence, position) => {
      let text = spoken(sentence.text);
      const previous = sentences[position - 1];
      const skipsAhead = previous && sentence.index - previous.index > 2;
      if (
        skipsAhead &&
        !connectiveUsed &&
        !DANGLING.test(text) &&
        !LEADING_MARKER.test(text) &&
        /^[\p{Lu}]/u.test(text) &&
        text.endsWith(".") &&
        !/\b(?:also|too|as well)\b/i.test(text) &&
        !/^(?:I|If|When|While|Although|Because|Since|Unless|Before|After|As|Once|Where|Whether)\b/.test(text)
      ) {
        text = afterLink(deckPhrases().additive[connectiveSeed % deckPhrases().additive.length]!, text, this.caseBook);
        connectiveUsed = true;
      }
      spokenSentences.push(text);
    });
    return spokenSentences;
  }

  /** A part's main point as a short statement for its title, from its best sentences; null when none is short. */
  assertion(sentences: readonly Sentence[], taken: ReadonlySet<string>): string | null {
    let best: { text: string; value: number } | null = null;
    for (const sentence of sentences) {
      // A title must stand alone: no condition cut off its front, no pronoun pointing elsewhere.
      if (!narratable(sentence) || DANGLING.test(sentence.text) || SUBORDINATE.test(stripLeading(sentence.text))) continue;
      const bullet = bulletOf(sentence);
      if (bullet && /\b(?:it|its|they|them|their|this|these|those|he|she|him|her)\b/i.test(bullet.text)) continue;
      // Nor a word standing for things named before ("Both are free and open at all hours").
      if (bullet && /^(?:both|each|either|neither|all|another|the other|the others|many|most|some|several|few)\s+(?:are|is|was|were|have|has|had|can|could|will|would|must|should|may|might|of)\b/i.test(bullet.text)) continue;
      if (!bullet || bullet.truncated || bullet.text.endsWith("?") || DANGLING.test(bullet.text)) continue;
      const count = wordCount(bullet.text);
      if (count < 4 || count > 11 || taken.has(bullet.text)) continue;
      const value = this.score(sentence) * (count <= 9 ? 1 : 0.85);
      if (!best || value > best.value) best = { text: bullet.text, value };
    }
    return best?.text ?? null;
  }

  /** 3 to 6 bullets from a part: its list when it has a short one, else its best sentences cut to phrases. */
  bullets(
    part: { sentences: Sentence[]; items: string[]; table?: string[][] | null },
    wanted: number,
    fallbackPhrases: readonly string[],
    exclude: readonly string[] = [],
    options: { narration?: string; outline?: readonly string[]; borrowed?: boolean } = {},
  ): string[] {
    const chosen: { text: string; order: number; terms: string[]; sentence: Sentence | null }[] = [];
    // Lines of one condition's alternatives share its main clause's words by design: they are not alike otherwise.
    const accept = (text: string, order: number, sentence: Sentence | null = null, alternative = false, ownStatement = false) => {
      // A list's introduction ("Go to an emergency department if:") says nothing without its list.
      if (/[:;,]$/.test(text.trim()) || (sentence && /:\s*$/.test(sentence.text))) return false;
      // A line ending on what it points back to ("… a dim room in winter is a long way from that") needs the line before.
      if (sentence && isEnglish() && /\b(?:that|this|these|those)[.!]?$/i.test(text.trim())) return false;
      // An answer's "yes" or "no" to a question the line does not show ("For most tools, no; every item comes with a
      // printed instruction card").
      if (sentence && isEnglish() && YES_OR_NO_SAID.test(text.trim())) return false;
      // A short line whose object is a pronoun ("She listens to it", "No shop in Sheffield would take it", "Kowalczyk
      // fixed that too") is about a thing only the sentence before names.
      if (sentence && isEnglish() && wordCount(text) <= SHORT_POINTING_WORDS && /\b(?:it|them|that|this)(?:\s+(?:too|again|either|back|up|down|out|away|off|as well))?[.!]?$/i.test(text.trim())) return false;
      const termList = termsOf(text);
      const alike = (other: (typeof chosen)[number]) =>
        !(alternative && other.sentence === sentence) && !(ownStatement && other.sentence !== sentence) && overlap(other.terms, termList) >= 0.6;
      if (chosen.some((other) => other.text.toLowerCase() === text.toLowerCase() || alike(other))) return false;
      if (this.bulletTexts.some((slide) => slide.includes(text)) || exclude.includes(text)) return false;
      // A line taken from a sentence says something only with a verb of its own, as wink-nlp's tagger reads it:
      // "Completely by accident", "The area of the fault that slipped" are fragments (a list's items and a table's
      // rows are shown as written).
      // A "label: value" line says its statement without a verb ("The main causes: habitat loss, pesticides").
      if (sentence && isEnglish() && !/^[^:]{1,60}:\s*\S/.test(text) && !hasMainVerb(tagged(text))) return false;
      chosen.push({ text, order, terms: termList, sentence });
      return true;
    };
    const heardVerbatim = (text: string) => wordCount(text) >= 4 && saysWordForWord(options.narration ?? "", text);
    const items = slideItems(part.items);
    // A table is shown as its rows: the first cell as the label, the others after it.
    const rows = tableRows(part.table ?? null);
    const outline = options.outline ?? [];
    // Sections said together show their headings: the narration gives what each says.
    if (outline.length >= 2 && outline.length <= MAX_BULLETS) {
      // Headings are shown as written, however alike ("How long is the waiting list?", "How do I join the waiting list?").
      outline.forEach((heading, order) => chosen.push({ text: heading, order, terms: termsOf(heading), sentence: null }));
    }
    else if (rows.length >= 2) rows.slice(0, MAX_BULLETS).forEach((row, order) => accept(row, order));
    else {
      itemLines(part.items, (text) => this.caseBook.continued(text))?.forEach((line, order) => accept(line, order));
    }
    // A line the narration says word for word is shown at most once on a slide of two to four lines (twice on five
    // or six): the rest are lines the narration does not read out, a phrase cut at a word included.
    let verbatim = 0;
    const verbatimRoom = () => (verbatim === 0 ? 1 : (verbatim + 1) * 2 < Math.max(chosen.length + 1, MIN_BULLETS) ? 1 : 0);
    if (chosen.length < MIN_BULLETS) {
      // A statement the narration says word for word is shown as "subject: predicate" when it has that shape
      // ("The most common complaint was discoloured water" -> "The most common complaint: discoloured water").
      const candidates = this.bulletCandidates(part.sentences).map((candidate) => {
        if (!heardVerbatim(candidate.bullet.text)) return candidate;
        const label = labelForm(candidate.bullet.text);
        if (label && !heardVerbatim(label)) return { ...candidate, bullet: { ...candidate.bullet, text: label } };
        // A line cut from a sentence the narration says is read out; the whole sentence as the slide writes it
        // (figures, short forms, asides left out) is not.
        const whole = candidate.bullet.whole;
        if (whole && !heardVerbatim(whole)) return { ...candidate, bullet: { text: whole, truncated: false } };
        // A phrase of time or source put after its clause: the line leads with what it is about.
        const continued = (text: string) => this.caseBook.continued(text);
        for (const reordered of [frontToEnd(candidate.bullet.text, continued), whenFirst(candidate.bullet.text, continued)]) {
          if (reordered && !heardVerbatim(reordered)) return { ...candidate, bullet: { ...candidate.bullet, text: reordered } };
        }
        return candidate;
      });
      // Whole statements first, those the narration does not say word for word before those it does (at most one
      // of those: a slide that shows what is being read out adds nothing), and statements leaning on a sentence
      // elsewhere ("It is…", "The second is…") only when nothing else is left; phrases cut at a word last.
      // A part of one or two sentences: the clauses of its sentences as lines of their own, those the narration
      // does not say word for word first.
      const continued = (text: string) => this.caseBook.continued(text);
      // Worked out when first needed: most slides have their lines before, and a long part has many clauses.
      type Piece = { text: string; sentence: Sentence; alternative?: boolean };
      let pieces: Piece[] | null = null;
      const piecesOf = (): Piece[] =>
        (pieces ??= this.ranked(part.sentences).flatMap((sentence) => [
          ...clausePieces(sentence.text).map((text) => {
            // A clause the narration says as written is shown led by its subject or by when, if it can be.
            const reordered = heardVerbatim(text) ? [frontToEnd(text, continued), whenFirst(text, continued)].find((form) => form && !heardVerbatim(form)) : null;
            return { text: reordered ?? text, sentence };
          }),
          // A condition gives no clause alone: its lines lead with the main clause and keep the condition.
          ...conditionLines(sentence.text).map((text) => ({ text, sentence, alternative: true })),
        ]));
      const takePieces = (heardPass: boolean) => {
        if (chosen.length >= MIN_BULLETS) return;
        for (const piece of piecesOf()) {
          if (chosen.length >= MIN_BULLETS) break;
          if (heardVerbatim(piece.text) !== heardPass || chosen.some((entry) => entry.text.toLowerCase().includes(piece.text.toLowerCase()))) continue;
          if (heardPass && verbatimRoom() === 0) break;
          if (accept(piece.text, piece.sentence.index + 0.5, piece.sentence, piece.alternative) && heardPass) verbatim += 1;
        }
      };
      const take = (limit: number, wants: (candidate: (typeof candidates)[number], heard: boolean) => boolean) => {
        for (const candidate of candidates) {
          if (chosen.length >= limit) break;
          const heard = heardVerbatim(candidate.bullet.text);
          if (!standsAlone(candidate.bullet.text) || !wants(candidate, heard)) continue;
          if (accept(candidate.bullet.text, candidate.sentence.index, candidate.sentence) && heard) verbatim += 1;
        }
      };
      take(wanted, (candidate, heard) => !candidate.bullet.truncated && !heard);
      take(MIN_BULLETS, (candidate, heard) => !candidate.bullet.truncated && heard && verbatimRoom() > 0);
      takePieces(false);
      take(MIN_BULLETS, (candidate, heard) => candidate.bullet.truncated && !heard);
      // A figure the narration says inside a sentence, as the slide's own line ("…, a compliance rate of 99.85
      // percent" -> "Compliance rate: 99.85%"), before a line the narration reads out.
      for (const sentence of this.ranked(part.sentences)) {
        if (chosen.length >= MIN_BULLETS) break;
        const figure = figureLine(sentence.text);
        if (figure && !heardVerbatim(figure)) accept(figure, sentence.index + 0.25, sentence);
      }
      take(MIN_BULLETS, (candidate, heard) => candidate.bullet.truncated && heard && verbatimRoom() > 0);
      for (const [order, item] of items.entries()) {
        if (chosen.length >= MIN_BULLETS) break;
        accept(capitalize(item), -1000 + order);
      }
      // Only then a clause the narration says, within the same room for lines read out.
      takePieces(true);
      // A statement that leans on the sentence before it ("It adds flavour to…") only on a slide that would
      // otherwise show fewer than two lines: a slide of two of its part's own lines is better than a third that
      // points elsewhere, is read out, or is borrowed from another part.
      for (const candidate of candidates) {
        if (chosen.length >= MIN_OWN_LINES) break;
        const heard = heardVerbatim(candidate.bullet.text);
        if (candidate.bullet.truncated || (heard && verbatimRoom() === 0)) continue;
        if (accept(candidate.bullet.text, candidate.sentence.index, candidate.sentence) && heard) verbatim += 1;
      }
      // A section of one to three sentences says them all and has nothing else to show: its slide shows them too,
      // rather than one line alone or a line of another section.
      // Its two sentences are two statements however many words they share ("There is no car park at the museum",
      // "The council car park … charges £3 a day").
      if (part.sentences.length <= 3) {
        for (const candidate of candidates) {
          if (chosen.length >= MIN_OWN_LINES) break;
          if (candidate.bullet.truncated || chosen.some((entry) => entry.sentence === candidate.sentence)) continue;
          accept(candidate.bullet.text, candidate.sentence.index, candidate.sentence, false, true);
        }
        // Else a sentence's opening phrase the narration goes on from ("In July the co-operative joined a regional
        // buying group …"): a second line read out beats a slide of one.
        // Only a line cut where a phrase begins: "… and make the tool | part of your week" is cut inside one.
        for (const candidate of candidates) {
          if (chosen.length >= MIN_OWN_LINES) break;
          if (!candidate.bullet.truncated || !standsAlone(candidate.bullet.text) || chosen.some((entry) => entry.sentence === candidate.sentence)) continue;
          const { text } = candidate.bullet;
          const at = candidate.sentence.text.toLowerCase().indexOf(text.toLowerCase());
          if (at < 0 || !PHRASE_STARTS.test(candidate.sentence.text.slice(at + text.length))) continue;
          accept(text, candidate.sentence.index, candidate.sentence);
        }
      }
    }
    // A slide still showing one line of its own: a condition's line up to a bullet's whole length ("We may offer their
    // place to the next child on the waiting list if your child misses four lessons in a row without telling us").
    for (const sentence of chosen.length < MIN_OWN_LINES ? this.ranked(part.sentences) : []) {
      for (const line of conditionLines(sentence.text, LONG_CONDITION_WORDS)) {
        if (chosen.length >= MIN_OWN_LINES) break;
        if (!heardVerbatim(line)) accept(line, sentence.index + 0.5, sentence, true);
      }
    }
    for (const phrase of fallbackPhrases) {
      // Another part's lines (`borrowed`) only for a slide that would show fewer than two of its own.
      if (chosen.length >= (options.borrowed ? MIN_OWN_LINES : MIN_BULLETS)) break;
      // An English key phrase without a verb is no statement ("Eight hours"): the slide goes without it. In another
      // language, whose verbs are not told by their shape, a key phrase ("Grandes cultures") only fills a slide
      // that would show fewer than two lines.
      // "Two crime novelists" has a verb's shape ("novelists") and none as the tagger reads it.
      // "Largest supplier remains" ends where what it says would begin.
      if (isEnglish() ? !(wordCount(phrase) >= 3 && hasVerbShape(phrase) && hasMainVerb(tagged(phrase))) || LINKING_END.test(phrase) : chosen.length >= MIN_OWN_LINES) continue;
      const heard = heardVerbatim(phrase);
      if (heard && verbatimRoom() === 0) continue;
      if (accept(capitalize(phrase), Number.MAX_SAFE_INTEGER - 100 + chosen.length) && heard) verbatim += 1;
    }
    // A line without a verb ("A local anaesthetic throat spray", an item of a list of choices) says nothing on the
    // recap, away from its list.
    const says = (text: string) => !isEnglish() || /^[^:]{1,60}:\s*\S/.test(text) || hasMainVerb(tagged(text));
    // The part's main point for the recap: a statement, never a heading the slide shows.
    const statement = (): { text: string; sentence: Sentence } | null => {
      for (const sentence of this.ranked(part.sentences)) {
        const bullet = bulletOf(sentence);
        if (bullet && !bullet.truncated && !bullet.text.endsWith("?") && !DANGLING.test(bullet.text) && !(isEnglish() && YES_OR_NO_SAID.test(bullet.text)) && !QUOTED.test(sentence.text) && !/:\s*$/.test(sentence.text) && says(bullet.text)) return { text: bullet.text, sentence };
      }
      return null;
    };
    for (const entry of chosen) {
      const plain = entry.sentence ? bulletOf(entry.sentence) : null;
      // Someone's words are no point to recap: the recap would say them without who said them.
      if (plain && !plain.truncated && plain.text === entry.text && !plain.text.endsWith("?") && !QUOTED.test(entry.sentence!.text)) {
        this.statements.set(entry.text, toBullet(entry.sentence!.text, { forSlide: false })?.text ?? entry.text);
      }
    }
    const best =
      chosen.find((entry) => this.statements.has(entry.text) && says(entry.text)) ??
      statement() ??
      chosen.find((entry) => !QUOTED.test(entry.sentence?.text ?? entry.text) && says(entry.text)) ??
      chosen.find((entry) => says(entry.text));
    this.lastBest = best ? { bullet: best.text, sentence: best.sentence } : null;
    const result = [...chosen]
      .sort((a, b) => a.order - b.order)
      .slice(0, MAX_BULLETS)
      .map((entry) => entry.text);
    this.bulletTexts.push(result);
    return result;
  }
}

/** A list's items as slide lines: closing punctuation and a trailing "and" left off, items of one to 14 words. */
function slideItems(items: readonly string[]): string[] {
  return items.map((item) => item.replace(/[;,]\s*(?:and|or)$/i, "").replace(/[.;:,]+$/, "").trim()).filter((item) => wordCount(item) >= 1 && wordCount(item) <= 14);
}

/** The most items a slide shows by putting two short ones on a line; the words a joined line may hold. */
const MAX_JOINED_ITEMS = 2 * MAX_BULLETS;
const JOINED_LINE_WORDS = 12;

/**
 * A part's list as slide lines, or null when the slide cannot show it whole: three to six items are a line each;
 * seven to twelve short ones ("Masking tape", "Dust sheets") share lines, the two neighbours making the shortest
 * line joined first ("Masking tape; dust sheets"), until six lines hold them all.
 */
function itemLines(items: readonly string[], continued: (text: string) => string): string[] | null {
  const lines = slideItems(items);
  if (lines.length !== items.length || lines.length < MIN_BULLETS || lines.length > MAX_JOINED_ITEMS) return null;
  const joined = lines.map((line) => [line]);
  while (joined.length > MAX_BULLETS) {
    let best = -1;
    for (let index = 0; index + 1 < joined.length; index += 1) {
      const size = wordCount([...joined[index]!, ...joined[index + 1]!].join(" "));
      if (size <= JOINED_LINE_WORDS && (best < 0 || size < wordCount([...joined[best]!, ...joined[best + 1]!].join(" ")))) best = index;
    }
    if (best < 0) return null;
    joined.splice(best, 2, [...joined[best]!, ...joined[best + 1]!]);
  }
  return joined.map((group) => group.map((item, index) => (index === 0 ? capitalize(item) : continued(item))).join("; "));
}

/** Whether a part's slide shows its list whole (see itemLines). */
function showsItems(items: readonly string[]): boolean {
  return itemLines(items, (text) => text) !== null;
}

/** "a compliance rate of 99.85 percent": a share named by its noun; English only, where the pattern is known. */
const NAMED_SHARE = /(?:^|,\s|\s)(?:a|an|the)\s((?:[\p{Ll}-]+\s){1,2}[\p{Ll}-]+)\sof\s(\d[\d,.]*\s?(?:%|percent|per cent))(?=[,.;]?(?:\s|$))/u;

/** A share a sentence names ("…, a compliance rate of 99.85 percent") as a slide line "Compliance rate: 99.85%"; null when it has none. */
export function figureLine(sentence: string): string | null {
  if (!isEnglish()) return null;
  const match = NAMED_SHARE.exec(sentence);
  if (!match || STOP_WORDS.has(match[1]!.split(" ")[0]!)) return null;
  return `${capitalize(match[1]!)}: ${slideFigures(match[2]!, "en")}`;
}

/** Words that join a clause to the one before it, left off a clause shown alone. */
const JOINING: Partial<Record<DeckLanguage, RegExp>> = {
  en: /^(?:and|or|but|so|then)\s+/i,
  fr: /^(?:et|ou|mais|donc|puis)\s+/i,
  de: /^(?:und|oder|aber|denn|dann)\s+/i,
  es: /^(?:y|o|pero|pues|luego)\s+/i,
  it: /^(?:e|o|ma|poi)\s+/i,
  pt: /^(?:e|ou|mas|pois|depois)\s+/i,
  nl: /^(?:en|of|maar|dan)\s+/i,
  ru: /^(?:и|или|но|а)\s+/iu,
};
/** A clause opening on one of these is a condition or a reason, not a statement: never a line alone. */
const DEPENDENT_OPENING = /^(?:(?:of|in|for|by|with|from|to|on|at) (?:which|whom)|if|when|whenever|while|because|although|though|unless|once|since|as|whether|which|who|where|si|quand|lorsque|parce|bien|qui|que|dont|où|wenn|weil|obwohl|als|dass|der|die|das|cuando|porque|aunque|que|quien|donde|se|quando|perché|che|cui|als|wanneer|omdat|die|dat|если|когда|потому|который|которая|которые|что)\b/iu;

/**
 * The clauses of a sentence as slide lines ("…, and a jar of discard keeps in the fridge for about a week" -> "A jar
 * of discard keeps in the fridge for about a week"): pieces between commas, semicolons and dashes, without the word
 * that joined them, of 3 to 14 words, standing alone, and in English with a verb. A condition's clauses hold only
 * together (see conditionLines).
 */
function clausePieces(sentence: string): string[] {
  const joining = JOINING[currentLanguage()];
  const text = spoken(sentence).replace(/[.!?…]+["'”’]?$/, "");
  // A condition's clauses hold only together: none is a line alone.
  if (opensOnCondition(text)) return [];
  // Split at clause marks, but not at a comma inside a list ("the appearance, taste or smell of their water").
  const pieces: string[] = [];
  let from = 0;
  for (const mark of text.matchAll(/,\s|;\s|\s[—–]\s|:\s/g)) {
    const next = text.slice(mark.index + mark[0].length).split(/\s+/);
    if (mark[0].startsWith(",") && next.slice(1, 3).some((word) => /^(?:and|or|et|ou|und|oder|y|o|e|en|of|и|или)$/i.test(word))) continue;
    // Nor between two adjectives of one noun ("into a dark, crumbly material").
    if (mark[0].startsWith(",") && isEnglish() && endsOnAdjective(text.slice(0, mark.index), text)) continue;
    pieces.push(text.slice(from, mark.index));
    from = mark.index + mark[0].length;
  }
  pieces.push(text.slice(from));
  return pieces
    .map((piece) => condense(joining ? piece.trim().replace(joining, "") : piece.trim()))
    // A piece too long for a line ends before its relative clause if what comes before says enough ("Composting
    // turns kitchen scraps and garden waste into a dark, crumbly material | that feeds the soil …").
    .map((piece) => {
      if (!isEnglish() || wordCount(piece) <= 14) return piece;
      const relative = /\s(?:that|which|who)\s/.exec(piece);
      const head = relative ? piece.slice(0, relative.index) : "";
      return wordCount(head) >= 5 && wordCount(head) <= 14 && !/,/.test(head.split(/\s+/).slice(-1)[0] ?? "") ? head : piece;
    })
    .filter((piece) => wordCount(piece) >= 3 && wordCount(piece) <= 14 && /^\p{L}/u.test(piece) && !DEPENDENT_OPENING.test(piece))
    .map((piece) => capitalize(piece))
    .filter((piece) => standsAlone(piece) && !/\b(?:the|a|an|of|and|or|to|de|la|le|der|die|das|el|los)$/i.test(piece) && (!isEnglish() || statesAlone(piece)));
}

/** Examples or a phrase's object ("including a milk can and a bin", "such as sofas"): never a clause. */
const EXAMPLES_OPENING = /^(?:including|excluding|such as|especially|notably|particularly|for example|for instance|except|apart from|besides|along with|together with|as well as)\b/i;
/** A preposition opening a phrase whose only verbs are in a relative clause ("For anyone who is wondering whether…"). */
const PHRASE_OPENING = /^(?:for|to|with|from|by|at|in|on|of|about|among|like|unlike|without|after|before|during|despite)\s/i;

/** Whether an English clause piece says something alone: a verb of its own, not only examples or a phrase's relative clause. */
function statesAlone(piece: string): boolean {
  if (EXAMPLES_OPENING.test(piece) || !hasVerbShape(piece)) return false;
  if (!PHRASE_OPENING.test(piece)) return true;
  const beforeRelative = piece.split(/\s(?:who|whom|whose|which|that|whether|where|when|if)\s/i)[0]!;
  return beforeRelative !== piece ? hasVerbShape(beforeRelative) : true;
}

/** Words that open a clause with a subject of its own ("the boiler fails", "you feel dizzy"). */
const OWN_SUBJECT = /^(?:the|a|an|your|their|his|her|its|our|my|this|that|these|those|it|they|he|she|you|we|i|someone|anyone|nobody)\b/i;
/** A verb phrase without its subject ("seems exhausted", "regularly cannot fall asleep"): a verb form, an adverb before it. */
const SHARED_SUBJECT_VERB =
  /^(?:\p{Ll}+ly\s)?(?:\p{Ll}+(?:s|ed)|is|are|was|were|has|have|had|can|cannot|can't|could|will|would|should|must|may|might|does|do|did|doesn't|don't|didn't|isn't|aren't|won't)\b/u;

/**
 * A sentence opening on a condition as slide lines led by its main clause, the condition kept ("If a teenager snores
 * loudly, seems exhausted despite sleeping enough, or regularly cannot fall asleep for more than an hour, talk to a
 * doctor" -> "Talk to a doctor if a teenager snores loudly", "Talk to a doctor if a teenager seems exhausted despite
 * sleeping enough", …): one line for each alternative of a list joined by 'or', since each alone is enough, sharing
 * the first one's subject; else the whole condition after the main clause. None when the main clause's subject points
 * into the condition ("If it floats, it is full of gas") or a line would run over `maxWords` (20) words. English only.
 */
export function conditionLines(sentence: string, maxWords = CONDITION_WORDS): string[] {
  if (!isEnglish()) return [];
  // The statement after a semicolon, a colon or a ", but" is a sentence of its own ("…; there is no charge for this").
  // "However, if you tell us …": the connective says how the sentence follows the one before; the line stands alone.
  const first = spoken(sentence)
    .replace(/^(?:however|but|also|and|still|otherwise|alternatively|equally),?\s+(?=if\s|whenever\s)/i, "")
    .replace(/[.!]+["'”’]?$/, "")
    .split(/[;:]\s|,\s(?:but|although|though|whereas|as long as|provided|unless|subject to)\s/)[0]!;
  // The main clause follows the condition's last comma, unless what follows that comma is a second main clause
  // ("If you are still unhappy, you can complain by phone, and we will reply within 10 days").
  const last = /^(if|whenever)\s(.+),\s([^,]+)$/i.exec(first);
  const match = last && /^(?:and|but)\s/i.test(last[3]!) ? /^(if|whenever)\s([^,]+),\s(.+)$/i.exec(first) : last;
  if (!match) return [];
  const [, opening, condition, whole] = match as unknown as [string, string, string, string];
  // A main clause of two ("your old permit will be cancelled and you will need to apply for a new one") gives its
  // first when the line would run long.
  const second = /\s(?:and|but)\s(?=(?:you|we|they|it|he|she|i|the|your|our|their|this)\s)/i.exec(whole);
  const main = second && wordCount(whole) + wordCount(condition) > 18 ? whole.slice(0, second.index).replace(/,$/, "") : whole;
  // Its object may be a pronoun for the condition's subject ("throw it away if the starter grows pink streaks"), its
  // subject may not ("it is full of gas if it floats").
  // An instruction of two words says enough ("keep simmering").
  if (wordCount(main) < (lexiconTags(main.split(" ")[0]!)?.[0] === "VB" ? 2 : 3) || !/^\p{Ll}/u.test(main) || !standsAlone(main)) return [];
  const lead = `${capitalize(main)} ${opening.toLowerCase()} `;
  const items = condition.split(/,\s+/);
  // A condition of one clause; or a list whose last item opens on 'or', each item a clause with a subject and a verb
  // ("the starter shows fuzzy mould") or a verb phrase for the first one's subject ("seems exhausted"): not a list of
  // things ("a bad smell, or fuzzy mould") nor a clause the comma ends before the main one.
  let lines: string[];
  if (items.length === 1) lines = [lead + condition];
  else {
    const subject = SIMPLE_SUBJECT.exec(`${items[0]!} `)?.[1];
    const alternatives = [...items.slice(0, -1), items.at(-1)!.replace(/^or\s+/i, "")];
    if (!subject || STOP_WORDS.has(subject.split(" ").at(-1)!.toLowerCase()) || !/^or\s/i.test(items.at(-1)!)) return [];
    const clauses = alternatives.map((item, position) => (position > 0 && !OWN_SUBJECT.test(item) && SHARED_SUBJECT_VERB.test(item) ? `${subject} ${item}` : item));
    if (clauses.some((clause) => !SIMPLE_SUBJECT.test(`${clause} `) && !clause.startsWith(`${subject} `))) return [];
    lines = clauses.map((clause) => lead + clause);
  }
  // A condition ending on its particle ("if you can't be in", "if the lid won't come off") would end the line on it.
  if (lines.some((line) => PARTICLE_END.test(line))) return [];
  return lines.every((line) => wordCount(line) <= maxWords) ? lines.map((line) => condense(line)) : [];
}

/** The most words of a condition's line; of one on a slide that would otherwise show a single line, a bullet's most. */
const CONDITION_WORDS = 20;
const LONG_CONDITION_WORDS = 25;

/** A clause that ends on a preposition or a verb's particle. */
const PARTICLE_END = /\s(?:in|out|up|on|off|away|back|down|over|around|about|through|by|at|to|for|with|from|of|into|onto)$/i;

/** A table's body rows as slide lines ("Greeters: 2, Welcome visitors at the door"); the header row left out. */
function tableRows(table: string[][] | null): string[] {
  if (!table || table.length < 2) return [];
  return table
    .slice(1)
    .map((row) => row.map((cell) => cell.replace(/[.;:,]+$/, "").trim()).filter(Boolean))
    .filter((row) => row.length > 0)
    .map((row) => {
      if (row.length === 1) return row[0]!;
      const whole = `${row[0]}: ${row.slice(1).join(", ")}`;
      // A row too long for a line ("Problem | Possible cause | What to do") keeps its label and its last cell: what
      // the row comes to.
      return wordCount(whole) <= MAX_ROW_WORDS || row.length < 3 ? whole : `${row[0]}: ${row.at(-1)}`;
    })
    .filter((row) => row.length <= 180 && wordCount(row) <= MAX_ROW_WORDS + 5);
}

/** The most words of a table's row shown whole as a line. */
const MAX_ROW_WORDS = 20;

/**
 * What the narration says of a part that is only a list. A list the slide shows is named by its first (and last)
 * item rather than read out; a longer one is said whole, since the slide shows only part of it.
 */
function listOnlySentence(items: readonly string[], caseBook: CaseBook): string {
  const said = spokenForms(items, caseBook);
  // Items with commas of their own are said apart with semicolons ("travel …, or to other places …; a meal allowance …").
  if (!showsItems(items)) return deckPhrases().listHas(items.length, spokenItems(said));
  return items.length >= 5 ? deckPhrases().listRange(items.length, said[0]!, said.at(-1)!) : deckPhrases().listStarts(items.length, said[0]!);
}

/**
 * A list said whole once its slide's lines are known: how many items it has, how many of them the slide shows and the
 * others. Null when the slide shows none of them (fewer than two outside English) or all of them (the list is then
 * said as it was).
 */
function listOthersSentence(items: readonly string[], bullets: readonly string[], caseBook: CaseBook): string | null {
  // An item is on the slide when a line shows it whole or nearly (a line cut before its clause leaves it to be said).
  const shows = (item: string, bullet: string) => saysWordForWord(item, bullet) && wordsOf(bullet).length >= 0.8 * wordsOf(item).length;
  const onSlide = items.filter((item) => bullets.some((bullet) => shows(item, bullet)));
  const others = items.filter((item) => !onSlide.includes(item));
  // One item shown is enough in English ("The list has four items, one of them on the slide"); other languages' "one"
  // agrees with its noun, which the phrase does not know.
  if (onSlide.length < (isEnglish() ? 1 : 2) || others.length === 0) return null;
  const said = spokenForms(others, caseBook);
  return deckPhrases().listOthers(items.length, onSlide.length, said.length === 1 ? said[0]! : spokenItems(said));
}

/** The most items of a sub-heading's list said in a narration, and the most words of lists said: the rest is left to the source. */
const SAID_ITEMS = 16;
const SAID_LIST_WORDS = 140;

/** List items as said inside a sentence: without their closing marks, a capital kept only where the word needs it. */
function spokenForms(items: readonly string[], caseBook: CaseBook): string[] {
  return items.map((item) => caseBook.continued(item.replace(/[.;:,]+$/, "")));
}

/** A list's introduction that cannot end without its items: it ends on a preposition or a verb ("… keen to hear from:"). */
const OPEN_INTRODUCTION = /\b(?:from|to|for|with|by|of|on|in|at|about|like|include|includes|including|are|is|were|was|be|as|need|needs|want|wants)\s*:\s*$/i;

/**
 * The sentence that introduces a list shown on the slide, when it cannot stand without its items and the narration has
 * not said it, said with a pointer to the slide where the items are ("… this year we are particularly keen to hear
 * from these three, shown on the slide."); English only. Null otherwise.
 */
function openIntroduction(part: Part, chosen: readonly Sentence[]): string | null {
  if (!isEnglish()) return null;
  const introduction = part.sentences.find((sentence) => OPEN_INTRODUCTION.test(sentence.text) && hasProseWords(sentence.text) && sentence.words >= 4);
  if (!introduction || chosen.includes(introduction)) return null;
  return `${spoken(introduction.text).replace(/\s*:\s*$/, "")} these ${numberWord(part.items.length)}, shown on the slide.`;
}

/** Items said in a row: "a, b and c", or with semicolons when an item has a comma of its own ("75 g Cheddar, grated; salt"). */
function spokenItems(items: readonly string[]): string {
  if (!items.some((item) => item.includes(","))) return joinList(items);
  return `${items.slice(0, -1).join("; ")}; ${joinList(["", items.at(-1)!]).trim()}`;
}

/**
 * What the narration of sections said together says of their lists, when none of them has a sentence narrated
 * (a recipe's "Ingredients" over "For the filling" and "For the mash topping"): each list under its sub-heading, said
 * whole, since the slide shows the sub-headings only. Null when a section has prose of its own to say.
 */
function childLists(children: readonly Child[], chosen: readonly Sentence[], caseBook: CaseBook): string | null {
  if (chosen.length > 0) return null;
  const said: string[] = [];
  for (const child of children) {
    if (child.items.length < 2 || child.items.length > SAID_ITEMS) continue;
    const items = spokenForms(child.items, caseBook);
    const sentence = deckPhrases().listUnder(quoted(child.heading), items.length, spokenItems(items));
    if (wordCount([...said, sentence].join(" ")) > SAID_LIST_WORDS) break;
    said.push(sentence);
  }
  return said.length > 0 ? said.join(" ") : null;
}

/** One sentence that says what a table holds, without reading its rows. */
function tableSentence(table: string[][] | null, caseBook: CaseBook): string | null {
  const rows = tableRows(table);
  const header = table?.[0]?.[0];
  if (rows.length < 2 || !header) return null;
  return deckPhrases().table(rows.length, caseBook.inSentence(header).replace(/[.:;]+$/, ""));
}

function chooseSources(input: OutlineInput): { main: OutlineSource; supporting: OutlineSource[] } {
  const withText = input.sources.filter((source) => source.text.trim().length > 0);
  const main = withText.find((source) => source.isMain);
  if (!main) throw new BadRequest(NO_MAIN_SOURCE_MESSAGE);
  const supporting = input.useMainSourceOnly ? [] : withText.filter((source) => source !== main);
  return { main, supporting };
}

function instructionTermsOf(instructions: string | undefined): Set<string> {
  if (!instructions) return new Set();
  const meta = new Set(
    termsOf("presentation presentations slide slides deck focus focusing main source sources document article please include only mention mentioned talk audience keep short brief summary generate generated content section sections"),
  );
  return new Set(termsOf(instructions).filter((term) => !meta.has(term)));
}

function transitionFor(part: Part, position: number, caseBook: CaseBook): string {
  // A title made from the part's own statement is not said twice: the script speaks that sentence anyway.
  const say = deckPhrases();
  if (!part.heading || part.statementTitle) return position === 0 ? say.letsBegin : say.untitled[position % say.untitled.length]!;
  if (part.continued) return say.continued[position % say.continued.length]!;
  const heading = bareHeading(part.heading ?? part.title);
  if (heading.endsWith("?")) return capitalize(caseBook.inSentence(heading));
  const said = caseBook.inSentence(heading).replace(/[!?]+$/, "");
  const [firstWord = "", secondWord = ""] = said.toLowerCase().split(" ");
  // A heading opening on a preposition or a conjunction ("Before You Start", "On the Day") is no noun phrase: it
  // is named as the part's heading instead of being put after "look at".
  if (isEnglish() && FUNCTION_OPENINGS.has(firstWord)) return (position === 0 ? say.firstHeaded : say.nextHeaded).replace("{}", quoted(heading.replace(/[.:;]+$/, "")));
  // "Choose a Bin" is an instruction; "Water and Shade" is not, though "water" can be a verb.
  const instruction = isEnglish() && IMPERATIVES.has(firstWord) && (said.split(" ").length === 1 || INSTRUCTION_OBJECTS.has(secondWord));
  if (instruction) {
    if (position === 0) return `The first step is to ${said}.`;
    return STEP_TRANSITIONS[position % STEP_TRANSITIONS.length]!.replace("{}", said);
  }
  if (isEnglish() && /^(?:how|why|what|when|where|who|which|whether)\b/.test(firstWord)) return `${position === 0 ? "Let's start by looking at" : "Let's look at"} ${said}.`;
  // Any other heading is named as it is written: "Summary of Results" or "Editor's Note" said inside a sentence
  // would want an article ("Let's start with summary of results"), and its capitals keep its names.
  const named = quoted(heading.replace(/[.:;]+$/, ""));
  if (position === 0) return say.startWith.replace("{}", named);
  return say.nounTransitions[position % say.nounTransitions.length]!.replace("{}", named);
}

/**
 * A sentence after one of the deck's linking phrases ("Also, ", "Zum Schluss: "): lower-cased unless it opens on a
 * name, or kept as written after a colon where the language writes a whole sentence there with its capital.
 */
function afterLink(link: string, sentence: string, caseBook: CaseBook): string {
  if (deckPhrases().capitalAfterColon && link.trimEnd().endsWith(":")) return link + capitalize(sentence);
  return link + caseBook.continued(sentence);
}

function words(sentences: readonly string[]): number {
  return sentences.reduce((total, sentence) => total + wordCount(sentence), 0);
}

/** A sentence's words, for telling whether it has been heard: case and punctuation aside. */
function heardKey(sentence: string): string {
  return wordsOf(sentence).join(" ");
}

/**
 * Keeps a script within the word limits: pads it with `pad`, the neutral fillers and then `lastResort` (each of
 * those only when `heard`, the sentences already narrated in the deck, does not hold it), drops sentences from the
 * end (never the first) while too long. What it says is added to `heard`.
 */
function fitScript(
  parts: string[],
  pad: readonly string[],
  spentFillers: Set<string>,
  lastResort: readonly string[] = [],
  heard: Set<string> = new Set(),
  fillers: readonly string[] = deckPhrases().fillers,
): string {
  const result = [...parts];
  const fresh = lastResort.filter((sentence) => !heard.has(heardKey(sentence)));
  // Each neutral filler is heard once in a deck at most.
  for (const extra of [...pad, ...fillers.filter((filler) => !spentFillers.has(filler)), ...fresh, ...fillers]) {
    if (words(result) >= MIN_SCRIPT_WORDS) break;
    if (fillers.includes(extra)) spentFillers.add(extra);
    // Padding never repeats what the script already says ("First, bees pollinate ..." holds "Bees pollinate ...").
    const said = result.join(" ").toLowerCase();
    if (said.includes(extra.toLowerCase().replace(/[.!?]$/, ""))) continue;
    if (words(result) + wordCount(extra) <= MAX_SCRIPT_WORDS) result.push(extra);
  }
  while (words(result) > MAX_SCRIPT_WORDS && result.length > 1) result.splice(result.length - 1, 1);
  for (const sentence of result) heard.add(heardKey(sentence));
  return result.join(" ");
}

function imagePromptFor(title: string, phrases: readonly string[]): string {
  const subject = phrases.length > 0 ? joinList(phrases.slice(0, 3)) : title.toLowerCase();
  return `An editorial illustration of ${subject} for a slide titled “${title}”, clean and uncluttered, with no text.`;
}

/** The offline outline, in the deck's language (`input.language`, English by default). */
export function generateOfflineOutline(input: OutlineInput): Outline {
  return inLanguage(input.language, () => generateOutlineNow(input));
}

function generateOutlineNow(input: OutlineInput): Outline {
  const { main, supporting } = chooseSources(input);
  const counter = newCounter();
  const parsedMain = parseSource(main, counter);
  const parsedSupporting = supporting.map((source) => parseSource(source, counter));
  const allSentences = [parsedMain, ...parsedSupporting].flatMap((parsed) =>
    parsed.sections.flatMap((section) => section.paragraphs.flatMap((paragraph) => paragraph.sentences)),
  );
  const caseBook = new CaseBook(allSentences.map((sentence) => sentence.text));
  const deckTitle = calmHeading(parsedMain.title) ?? titleCase(nameAsTitle(main.name));
  const writer = new DeckWriter(caseBook, instructionTermsOf(input.instructions));

  // The main source's text before its first heading is its lead: the opening slide speaks from it.
  const mainSections = [...parsedMain.sections];
  let lead: Segment | null = mainSections[0]?.heading === null ? segmentOf(mainSections.shift()!) : null;
  let conclusion: Segment | null = null;
  const lastHeading = mainSections.at(-1)?.heading;
  if (mainSections.length >= 3 && lastHeading && CONCLUSION.test(bareHeading(lastHeading))) conclusion = segmentOf(mainSections.pop()!);

  let segments: Segment[] = groupShortSections(mainSections.map((section) => segmentOf(section)));
  // A text without headings: the opening says its first sentence, as each part says its own (topicSentences).
  const headingless = segments.length === 0 && lead !== null;
  if (segments.length === 0 && lead) {
    // No headings: the opening keeps the first paragraph when it is a short lead; the rest is cut by topic.
    const firstParagraph = lead.sentences[0]?.paragraph;
    const opening = lead.sentences.filter((sentence) => sentence.paragraph === firstParagraph);
    const openingWords = narrationWords(opening);
    if (openingWords <= lead.words * 0.3 && openingWords >= 15) {
      segments = [{ ...lead, heading: null, sentences: lead.sentences.filter((sentence) => sentence.paragraph !== firstParagraph), words: lead.words - openingWords }];
      lead = { ...lead, sentences: opening, itemGroups: [], words: openingWords };
    } else {
      segments = [{ ...lead, heading: null }];
      lead = null;
    }
  } else if (lead && lead.words > 260) {
    // A long lead: the opening takes its first paragraph, the rest becomes a part of its own.
    const firstParagraph = lead.sentences[0]?.paragraph;
    const rest = lead.sentences.filter((sentence) => sentence.paragraph !== firstParagraph);
    if (rest.length > 0) {
      const restWords = narrationWords(rest);
      segments.unshift({ ...lead, heading: null, sentences: rest, words: restWords });
      lead = { ...lead, sentences: lead.sentences.filter((sentence) => sentence.paragraph === firstParagraph), words: lead.words - restWords };
    }
  }
  for (const parsed of parsedSupporting) {
    parsed.sections.forEach((section, position) => {
      const segment = segmentOf(section, section.heading ?? (position === 0 ? parsed.title : null));
      // A supporting source's line under its title that says only who prepared it and when ("Prepared by the tour
      // committee …, June 2025") makes no slide of its own.
      const stated = position === 0 && section.heading === null ? segment.sentences.filter((sentence) => !DATELINE.test(sentence.text)) : segment.sentences;
      segments.push(stated.length === segment.sentences.length ? segment : { ...segment, sentences: stated, words: narrationWords(stated) });
    });
  }
  segments = segments.filter((segment) => segment.sentences.length > 0 || segment.itemGroups.length > 0);

  const bodyWords = segments.reduce((total, segment) => total + segment.words, 0);
  const totalWords = bodyWords + (lead?.words ?? 0) + (conclusion?.words ?? 0);
  if (totalWords < MIN_MATERIAL_WORDS || segments.length === 0) throw new BadRequest(TOO_LITTLE_TEXT_MESSAGE);
  let contentSlides = slideCountFor(totalWords, input.targetSlides) - 2;
  const headed = segments.filter((segment) => segment.heading !== null).length;
  // Without a requested count the deck follows the article's sections, one slide each, when there is room.
  if (input.targetSlides === undefined && headed > contentSlides) contentSlides = Math.min(headed, MAX_SLIDES - 2);
  contentSlides = Math.max(2, Math.min(contentSlides, Math.floor(bodyWords / 70), MAX_SLIDES - 2));

  const sameSource = (a: Segment, b: Segment) => a.source === b.source;
  const mergeAt = (index: number) => {
    segments.splice(index, 2, mergeSegments(segments[index]!, segments[index + 1]!));
  };
  // Sections under their own headings keep their own slides, short ones too; only untitled runs of text too small
  // for a slide join the neighbour of their source, and headed sections are joined only past the deck's maximum.
  if (headed > 0 && input.targetSlides === undefined) contentSlides = Math.max(contentSlides, Math.min(segments.length, MAX_SLIDES - 2));
  for (let guard = 0; guard < 1000 && segments.length > 1; guard += 1) {
    const small = segments.findIndex((segment) => segment.heading === null && segment.words < 45);
    if (small < 0) break;
    const next = segments[small + 1];
    const previous = segments[small - 1];
    if (next && sameSource(segments[small]!, next) && (!previous || !sameSource(previous, segments[small]!) || next.words <= previous.words)) mergeAt(small);
    else if (previous && sameSource(previous, segments[small]!)) mergeAt(small - 1);
    else break;
  }
  while (segments.length > contentSlides) {
    let bestIndex = -1;
    let bestWords = Number.POSITIVE_INFINITY;
    for (let index = 0; index + 1 < segments.length; index += 1) {
      const headings = (segments[index]!.heading ? 1 : 0) + (segments[index + 1]!.heading ? 1 : 0);
      const combined =
        segments[index]!.words + segments[index + 1]!.words + (sameSource(segments[index]!, segments[index + 1]!) ? 0 : 1e6) + (headings === 2 ? 1e4 : 0);
      if (combined < bestWords) {
        bestWords = combined;
        bestIndex = index;
      }
    }
    if (bestIndex < 0 || (bestWords >= 1e4 && input.targetSlides === undefined && segments.length <= MAX_SLIDES - 2)) break;
    mergeAt(bestIndex);
  }
  const partCounts = segments.map(() => 1);
  const MIN_CONTENT_SLIDES = 2;
  while (partCounts.reduce((total, count) => total + count, 0) < contentSlides) {
    // A part needs about 90 words to fill a slide, unless the deck would otherwise fall below four slides.
    const needed = partCounts.reduce((total, count) => total + count, 0) < MIN_CONTENT_SLIDES ? 0 : 90;
    let bestIndex = -1;
    let bestRatio = -1;
    segments.forEach((segment, index) => {
      const ratio = segment.words / (partCounts[index]! + 1);
      if (ratio >= needed && segment.children.length === 0 && segment.sentences.length > partCounts[index]! && ratio > bestRatio) {
        bestRatio = ratio;
        bestIndex = index;
      }
    });
    if (bestIndex < 0) break;
    partCounts[bestIndex]! += 1;
  }

  const parts: Part[] = [];
  const partsOfSegment = new Map<Part, number>();
  segments.forEach((segment, index) => {
    const cuts = topicCuts(segment.sentences, partCounts[index]!);
    const bounds = [0, ...cuts, segment.sentences.length];
    const firstIndexes = bounds.slice(0, -1).map((start) => segment.sentences[start]?.index ?? Number.MAX_SAFE_INTEGER);
    // A list belongs to the part holding the sentence before it.
    const partOfList = (after: number) => {
      let owner = 0;
      firstIndexes.forEach((first, part) => {
        if (first <= after) owner = part;
      });
      return owner;
    };
    for (let part = 0; part + 1 < bounds.length; part += 1) {
      const sentences = segment.sentences.slice(bounds[part], bounds[part + 1]);
      const created: Part = {
        title: segment.heading ?? "",
        heading: segment.heading,
        continued: part > 0 && segment.heading !== null,
        statementTitle: false,
        sentences,
        items: segment.itemGroups.filter((group) => partOfList(group.after) === part).flatMap((group) => group.items),
        table: segment.itemGroups.find((group) => group.table && partOfList(group.after) === part)?.table ?? null,
        listAfter: segment.itemGroups.find((group) => partOfList(group.after) === part)?.after ?? null,
        children: bounds.length === 2 ? segment.children : [],
        subheadings: part === 0 ? segment.subheadings : [],
        words: narrationWords(sentences),
        source: segment.source,
        isMain: segment.isMain,
      };
      parts.push(created);
      partsOfSegment.set(created, bounds.length - 1);
    }
  });

  for (const part of parts) writer.rank(part);
  // Titles for untitled parts and continuations: a repeated key phrase after the heading, or else the part's
  // main point as a short statement (an assertion title), since a lone key word ("Coil") says little.
  const partTerms = parts.map((part) => new Set(part.sentences.flatMap((sentence) => sentence.terms)));
  const documentFrequency = (term: string) => partTerms.filter((set) => set.has(term)).length;
  const phrasesByPart = parts.map((part) => keyPhrases(part.sentences, documentFrequency, parts.length, 5));
  const usedTitles = new Set<string>();
  const titleBullets = new Map<Part, string>();
  parts.forEach((part, index) => {
    const phrases = phrasesByPart[index]!;
    const assertion = () => {
      const statement = writer.assertion(part.sentences, usedTitles);
      if (statement) {
        titleBullets.set(part, statement);
        part.statementTitle = true;
      }
      return statement;
    };
    if (part.heading && !part.continued) {
      part.title = part.heading;
    } else if (part.heading) {
      const headingTerms = new Set(termsOf(part.heading));
      const repeated = phrases.find((candidate) => candidate.count >= 2 && candidate.stems.length >= 2 && !candidate.stems.some((term) => headingTerms.has(term)));
      const combined = repeated ? `${bareHeading(part.heading)}: ${titleCase(repeated.text)}` : "";
      if (repeated && !part.heading.endsWith("?") && wordCount(combined) <= 10 && !usedTitles.has(combined)) part.title = combined;
      else part.title = ((partsOfSegment.get(part) ?? 1) >= 3 ? assertion() : null) ?? deckPhrases().continuedTitle(part.heading);
    } else {
      const top = phrases.find((candidate) => !usedTitles.has(titleCase(candidate.text)));
      // The part's own opening says what it is about: a short one is its title ("Winter changed everything"), else the
      // best short statement among its paragraphs' openings, else among all its sentences.
      const topics = topicSentences(part.sentences);
      const opening = topics[0] === part.sentences[0] ? topics[0] : undefined;
      const short = opening && opening.words >= 3 && opening.words < 5 && /[.!]["'”’)]*$/.test(opening.text) ? opening.text.replace(/[.!]+(["'”’)]*)$/, "$1") : null;
      const topicStatement = short ? null : (shortOpening(topics, usedTitles) ?? writer.assertion(topics, usedTitles));
      if (short && !usedTitles.has(short)) part.title = short;
      else if (topicStatement) {
        titleBullets.set(part, topicStatement);
        part.statementTitle = true;
        part.title = topicStatement;
      } else part.title = assertion() ?? (top ? titleCase(top.text) : deckPhrases().partTitle(index + 1));
    }
    usedTitles.add(part.title);
  });
  if (lead) writer.rank(lead);
  if (conclusion) writer.rank(conclusion);

  const slides: OutlineSlide[] = [];
  const contentSlidesOut: OutlineSlide[] = [];
  const firstBulletOf: { slide: number; bullet: string; sentence: Sentence | null; weight: number }[] = [];

  // Opening: the lead's best sentences (or the deck's most central ones) and what the deck will cover.
  // A byline ("Published 14 May 2025 by the security team") is no lead to speak from.
  const openingPool = (lead?.sentences ?? []).filter((sentence) => !DATELINE.test(sentence.text));
  // The opening's bullets come from the lead too: kept out of its narration while the rest of the lead says enough.
  // An opening that lists the deck's parts (every part titled by its heading, three to six of them) shows no lead
  // sentence: the lead is narrated whole rather than held back for lines the slide does not show.
  // So does one whose lead is too short for lines of its own, which lists the topics (see openingBullets below).
  const headedParts = parts.filter((part) => part.heading && !part.continued).length;
  const showsAgenda = headedParts >= MIN_BULLETS && headedParts <= MAX_BULLETS && headedParts === parts.length;
  // Without a lead (none, or only a byline) the opening lists the topics when the headings name enough of them.
  const leadLines = writer.bulletCandidates(openingPool).filter((candidate) => !candidate.bullet.truncated && standsAlone(candidate.bullet.text)).length;
  const showsTopics = leadLines < MIN_BULLETS && headedParts >= MIN_BULLETS;
  const openingTopic = headingless ? topicSentences(openingPool.slice(0, 1)) : [];
  const openingReserved = showsAgenda || showsTopics ? [] : writer.reserve(openingPool, 4, openingTopic);
  const openingTopicWords = words(openingTopic.map((sentence) => sentence.text));
  let openingSentences: Sentence[] = [];
  for (;;) {
    const pool = openingPool.filter((sentence) => !openingReserved.includes(sentence) && !openingTopic.includes(sentence));
    openingSentences = [...openingTopic, ...writer.pickSentences(pool, 70 - openingTopicWords, 95 - openingTopicWords)].sort((a, b) => a.index - b.index);
    if (openingReserved.length === 0 || words(openingSentences.map((sentence) => sentence.text)) >= 30) break;
    openingReserved.pop();
  }
  writer.markUsed(openingSentences);
  writer.markUsed(openingReserved);

  const allPartSentences = parts.flatMap((part) => part.sentences);
  const spentFillers = new Set<string>();
  // A sentence that says nothing ("This is the key point of this part") is worse than a shorter narration: a part of
  // one or two sentences is said in those, topped up only with sentences of the material. The neutral fillers stay
  // for material too short for a deck at all (a source of a few sentences, under half the deck's minimum narration),
  // whose slides would otherwise be all but silent.
  const contentFillers = totalWords * 2 < (parts.length + 2) * MIN_SCRIPT_WORDS ? deckPhrases().fillers : [];
  // What any script may fall back on when nothing fresh is left: the deck's best sentences, said again.
  const deckLastResort = writer.pickSentences(allPartSentences, 200, 400, { allowUsed: true }).map((sentence) => spoken(sentence.text));
  const contentPhrases = phrasesByPart.map((phrases) => phrases.map((phrase) => phrase.text));
  // Narration first, each part from its own sentences; then parts still short of a script borrow sentences nobody
  // narrates from their neighbours, so no sentence is heard twice.
  const transitions = parts.map((part, position) => transitionFor(part, position, caseBook));
  const bulletsWanted = (part: Part) => Math.min(MAX_BULLETS - 1, Math.max(MIN_BULLETS, 3 + Math.floor(part.words / 180)));
  const chosenByPart = parts.map((part, position) => {
    const target = Math.min(125, Math.max(85, Math.round(part.words * 0.55)));
    const transitionWords = wordCount(transitions[position]!);
    const room = MAX_SCRIPT_WORDS - transitionWords;
    if (part.children.length >= 2) {
      const chosen = writer.pickAcross(part.children.map((child) => child.sentences), target - transitionWords, room);
      writer.markUsed(chosen);
      return chosen;
    }
    // The slide's bullets are kept out of the narration while what is left still makes a script; the weakest of
    // them is given back to the narration when it does not.
    // A part without a heading is introduced by its paragraphs' first sentences: the narration says them, in order,
    // as many as it has room for (the part's own first always), and the best of the rest after them.
    const topics: Sentence[] = [];
    if (!part.heading) {
      let topicWords = 0;
      for (const sentence of topicSentences(part.sentences)) {
        if (topics.length > 0 && (topicWords + sentence.words > room * 0.75 || writer.isUsed(sentence))) continue;
        topics.push(sentence);
        topicWords += sentence.words;
      }
    }
    const topicWords = words(topics.map((sentence) => sentence.text));
    const reserved = writer.reserve(part.sentences, bulletsWanted(part), part.heading ? [] : part.sentences.filter((sentence) => sentence.first));
    const needed = MIN_SCRIPT_WORDS - transitionWords - (part.table || part.items.length >= 2 ? 10 : 0);
    for (;;) {
      const pool = part.sentences.filter((sentence) => !reserved.includes(sentence) && !topics.includes(sentence));
      let chosen = [...topics, ...writer.pickSentences(pool, target - transitionWords - topicWords, room - topicWords, { first: part.sentences[0]?.index })].sort((a, b) => a.index - b.index);
      // A headed section none of whose sentences stands alone ("What will you miss? The people, above all. And the
      // sunrises: …") says them in their order, where each follows the one it leans on, rather than nothing of its own.
      if (chosen.length === 0 && reserved.length === 0 && part.heading) chosen = ownInOrder(part.sentences, room);
      if (reserved.length === 0 || words(chosen.map((sentence) => sentence.text)) >= needed) {
        writer.markUsed(chosen);
        writer.markUsed(reserved);
        return chosen;
      }
      // The shortest that makes up what is missing goes back, else the longest: the script needs words, and the
      // slide keeps as many of its own lines as it can.
      const missing = needed - words(chosen.map((sentence) => sentence.text));
      const enough = reserved.filter((sentence) => sentence.words >= missing).sort((a, b) => a.words - b.words)[0];
      const back = enough ?? reserved.reduce((best, sentence) => (sentence.words > best.words ? sentence : best));
      reserved.splice(reserved.indexOf(back), 1);
    }
  });
  parts.forEach((part, position) => {
    // A section with a heading of its own says its own sentences only, however few: a neighbour's sentence on its
    // slide ("What You Will Need" saying the next section's "turn off the power at the fuse box") is said where
    // the viewer cannot place it. The parts of one long section, or of a text without headings, share one topic.
    if (part.heading && !part.continued && (part.sentences.length > 0 || part.items.length > 0 || part.table)) return;
    const transitionWords = wordCount(transitions[position]!) + (part.table || part.items.length >= 2 ? 10 : 0);
    let missing = MIN_SCRIPT_WORDS - transitionWords - words(chosenByPart[position]!.map((sentence) => sentence.text));
    for (const neighbour of [parts[position + 1], parts[position - 1]]) {
      if (missing <= 0 || !neighbour || neighbour.source !== part.source || neighbour.heading !== part.heading) continue;
      const extra = writer.pickSentences(neighbour.sentences, missing, MAX_SCRIPT_WORDS - MIN_SCRIPT_WORDS);
      writer.markUsed(extra);
      chosenByPart[position] = [...chosenByPart[position]!, ...extra].sort((a, b) => a.index - b.index);
      missing -= words(extra.map((sentence) => sentence.text));
    }
  });
  // What the deck narrates, so a script short of words is never topped up with a sentence heard on another slide.
  const heard = new Set([...openingSentences, ...chosenByPart.flat()].map((sentence) => heardKey(spoken(sentence.text))));
  // The sentences saying how much of a list the slide shows, in turn: a deck of several lists never says one twice.
  let listSentencesSaid = 0;
  parts.forEach((part, position) => {
    // A part whose sentences are only its list's items, which the slide shows ("The Season at a Glance": four lines of
    // the year's figures), says how many the slide lists and the first of them, not every line the slide shows.
    const itemKeys = new Set(part.items.map((item) => wordsOf(item).join(" ")));
    const itemsOnly =
      chosenByPart[position]!.length > 0 &&
      part.items.length >= 2 &&
      !part.table &&
      part.children.length < 2 &&
      showsItems(part.items) &&
      chosenByPart[position]!.every((sentence) => itemKeys.has(wordsOf(sentence.text).join(" ")));
    const ownChosen = itemsOnly ? chosenByPart[position]!.slice(0, 1) : chosenByPart[position]!;
    // An FAQ's bare "Yes." or "No." is said right after its question, which opens the slide's narration ("Are dogs
    // allowed? No."): too short to be picked as a sentence, it is the answer all the same.
    const first = part.sentences[0];
    const bareAnswer = part.heading?.trim().endsWith("?") && !part.continued && first && BARE_ANSWER.test(first.text.trim()) ? first : undefined;
    const chosen = bareAnswer && !ownChosen.includes(bareAnswer) ? [bareAnswer, ...ownChosen] : ownChosen;
    // Questions said together (an FAQ's "Can I put butter on a burn?", "Should I pop a blister?"): each answer is said
    // after its question, never a bare "No." whose question the listener has not heard.
    const asked = new Map<Sentence, string>();
    for (const child of part.children) {
      const first = /\?\s*$/.test(child.heading) ? chosen.find((sentence) => child.sentences.includes(sentence)) : undefined;
      if (first) asked.set(first, child.heading.trim());
    }
    const narration = [transitions[position]!, ...writer.joinNarration(chosen, position).flatMap((text, at) => (asked.has(chosen[at]!) ? [asked.get(chosen[at]!)!, text] : [text]))];
    // A list or table on the slide is introduced, not read out: the slide shows it.
    const shownItems = part.items.length;
    // A part that is only a list says what it lists: there is nothing else to narrate.
    const listOnly = chosen.length === 0 && part.items.length >= 2 && !part.table;
    // A list too long for the slide to show whole is said, after the sentence that introduces it: neither shown nor
    // said, it would be lost from the deck ("We will repay the following costs …: travel …; a meal allowance …").
    const unshownList = !listOnly && part.children.length < 2 && !part.table && part.items.length >= 2 && !showsItems(part.items);
    // The sentence that introduces the list ("The reefs that recovered fastest shared three features:") is said
    // before it, as a statement.
    const introduction = listOnly || unshownList ? part.sentences.find((sentence) => /:\s*$/.test(sentence.text) && hasProseWords(sentence.text) && sentence.words >= 4) : undefined;
    const saidList = unshownList ? [introduction?.text.replace(/\s*:\s*$/, "."), listOnlySentence(part.items, caseBook)].filter(Boolean).join(" ") : "";
    // … when the narration has room for it; a longer list is left to the source, as before.
    const saysList = unshownList && words(narration) + wordCount(saidList) <= MAX_SCRIPT_WORDS;
    // An item the list says is not said again as a sentence of its own.
    if (saysList) for (let at = narration.length - 1; at >= 1; at -= 1) if (saysWordForWord(saidList, narration[at]!)) narration.splice(at, 1);
    const listSentence =
      part.children.length >= 2
        ? childLists(part.children, chosen, caseBook)
        : (tableSentence(part.table, caseBook) ??
          (listOnly
            ? listOnlySentence(part.items, caseBook)
            : saysList
              ? saidList
            : showsItems(part.items)
              ? (openIntroduction(part, chosen) ??
                deckPhrases().listSentences[listSentencesSaid++ % deckPhrases().listSentences.length]!.replace("{}", numberWord(shownItems)).replace("{N}", capitalize(numberWord(shownItems))))
              : null));
    // Said where the list stands: after the sentences the source gives before it ("Gather everything before you start.").
    if (listSentence) narration.splice(1 + chosen.filter((sentence) => part.listAfter !== null && sentence.index <= part.listAfter).length, 0, listSentence);
    // A part that is only a list and the sentence introducing it has nothing else to say.
    if (listOnly && introduction) narration.splice(1, 0, introduction.text.replace(/\s*:\s*$/, "."));
    const titleBullet = titleBullets.get(part);
    // Material too short for a deck (see contentFillers): sentences said elsewhere come after the neutral fillers.
    const lastResort = [part, parts[position + 1], parts[position - 1]]
      .filter((neighbour): neighbour is Part => Boolean(neighbour))
      .flatMap((neighbour) => writer.pickSentences(neighbour.sentences, 60, 90, { allowUsed: true }))
      .filter((sentence) => !chosen.includes(sentence))
      .map((sentence) => spoken(sentence.text));
    // A part with nothing of its own to say (no sentence, list or table narrated) still says its neighbours' spare
    // sentences rather than its heading alone.
    // A section whose sub-sections follow on slides of their own ("The Robot Will Not Charge" over "Check the dock",
    // "Clean the charging contacts", …) says what is coming, and shows it when it has fewer than two lines of its own.
    const below = part.subheadings.filter((subheading) => parts.some((other) => other !== part && other.title === subheading));
    const belowSentence =
      below.length < 2
        ? null
        : below.length <= 4
          ? deckPhrases().agendaFew(below.length, joinList(below.map((subheading) => quoted(subheading.replace(/[.:;?]+$/, "")))))
          : deckPhrases().agendaRange(below.length, quoted(below[0]!.replace(/[.:;?]+$/, "")), quoted(below.at(-1)!.replace(/[.:;?]+$/, "")));
    if (belowSentence) narration.push(belowSentence);
    const silent = chosen.length === 0 && !listSentence && !belowSentence;
    const script = fitScript(narration, [], spentFillers, contentFillers.length > 0 || silent ? [...lastResort, ...deckLastResort] : [], heard, contentFillers);
    let bullets = writer.bullets(
      part,
      bulletsWanted(part),
      contentPhrases[position] ?? [],
      titleBullet ? [titleBullet] : [],
      { narration: script, outline: part.children.map((child) => child.heading) },
    );
    if (bullets.length < MIN_OWN_LINES && below.length >= 2) bullets = [...bullets, ...below].slice(0, MAX_BULLETS);
    // A section that is only its answer shows the answer as a statement ("Dogs are not allowed"), not lines of others.
    const answered = bareAnswer && part.sentences.length === 1 && part.items.length === 0 && !part.table ? answeredStatement(part.heading!, bareAnswer.text) : null;
    if (answered) bullets = [answered];
    // A list said whole is not read out where the slide shows it: the narration says how many of its items the slide
    // shows, and the others (a kite's "What you need": three of six on the slide, the dowels, the plastic and the tail said).
    const wholeList = saysList ? saidList : listOnly && listSentence && !showsItems(part.items) ? listSentence : null;
    const saidWhole = wholeList ? listOthersSentence(part.items, bullets, caseBook) : null;
    const spokenScript =
      wholeList && saidWhole && script.includes(wholeList)
        ? script.replace(wholeList, saysList ? [introduction?.text.replace(/\s*:\s*$/, "."), saidWhole].filter(Boolean).join(" ") : saidWhole)
        : script;
    const slide: OutlineSlide = {
      title: part.title,
      bullets,
      // Headings shown as an outline are said as questions or names, not read out as the slide's lines.
      script: withoutReadLines(spokenScript, bullets.filter((bullet) => !part.children.some((child) => child.heading === bullet) && !below.includes(bullet))),
      imagePrompt: imagePromptFor(part.title, contentPhrases[position] ?? []),
    };
    contentSlidesOut.push(slide);
    // A part titled by its own main statement ("Roughly a third are writers") has no other point for the recap.
    if (writer.lastBest && writer.lastBest.bullet.toLowerCase() !== part.title.toLowerCase()) firstBulletOf.push({ slide: position, ...writer.lastBest, weight: part.words });
  });

  const titles = parts.filter((part) => part.heading && !part.continued).map((part) => part.title);
  // The agenda names the parts when the source's headings name most of them; statements make poor agenda items.
  const agenda =
    titles.length >= 2 && titles.length * 2 >= parts.length
      ? titles.length <= 4
        ? deckPhrases().agendaFew(titles.length, joinList(titles.map((title) => quoted(title.replace(/[.:;]+$/, "")))))
        : deckPhrases().agendaRange(titles.length, quoted(titles[0]!.replace(/[.:;]+$/, "")), quoted(titles.at(-1)!.replace(/[.:;]+$/, "")))
      : deckPhrases().agendaParts(parts.length);
  const welcome = [
    deckPhrases().welcome,
    deckPhrases().basedOn(quoted(deckTitle.replace(/[.:;]+$/, "")), /[?!]$/.test(deckTitle) ? "" : "."),
    ...(supporting.length > 0 ? [deckPhrases().supporting(supporting.length)] : []),
  ];
  let openingNarration = [...welcome, ...writer.joinNarration(openingSentences, 0), agenda];
  // A source with a lead opens on that lead alone, however short: a sentence of another section said here would be
  // out of its place. A short lead is said whole, with the lines that say little on their own (a subtitle:
  // "Newsletter of the Ashcombe and District Model Railway Club - Issue 112, Autumn").
  const hasLead = openingPool.length > 0 && !headingless;
  if (hasLead && words(openingNarration) < MIN_SCRIPT_WORDS) {
    const unsaid = openingPool.filter((sentence) => !openingSentences.includes(sentence) && !openingReserved.includes(sentence));
    writer.markUsed(unsaid);
    openingSentences = [...openingSentences, ...unsaid].sort((a, b) => a.index - b.index);
    const lead = writer.joinNarration(openingSentences, 0).map((text) => (/[.!?…]["'”’)]*$/.test(text) ? text : `${text}.`));
    openingNarration = [...welcome, ...lead, agenda];
  } else if (words(openingNarration) < MIN_SCRIPT_WORDS) {
    // Too little lead to speak from: a preview of what is coming, the best self-contained sentence of each part
    // in order, until the opening is long enough.
    const preview: Sentence[] = [];
    let budget = MIN_SCRIPT_WORDS - words(openingNarration) + 10;
    const room = MAX_SCRIPT_WORDS - words(openingNarration);
    for (const part of parts) {
      if (budget <= 0) break;
      // Only sentences no slide narrates: the preview must not say what a slide will say again.
      const [best] = writer.ranked(part.sentences.filter((sentence) => narratable(sentence) && !writer.isUsed(sentence) && standsAlone(sentence.text) && sentence.words <= 30));
      if (!best || words([...preview, best].map((sentence) => sentence.text)) > room) continue;
      preview.push(best);
      writer.markUsed([best]);
      budget -= best.words;
    }
    openingNarration = [...welcome, ...writer.joinNarration(openingSentences, 0), ...preview.map((sentence) => spoken(sentence.text)), agenda];
  }
  const agendaBullets = titles.length >= MIN_BULLETS && titles.length <= MAX_BULLETS && titles.length === parts.length ? titles : null;
  // An opening that says its own lead is not padded with a sentence another slide's section says, unless it would
  // be too short to listen to.
  const ownLead = openingSentences.length > 0 && words([...openingNarration, deckPhrases().letsBegin]) >= MIN_OPENING_WORDS;
  const openingPad = ownLead || hasLead ? [] : writer.pickSentences(allPartSentences, 60, 90);
  writer.markUsed(openingPad);
  const openingScript = fitScript(
    openingNarration,
    [deckPhrases().letsBegin, ...openingPad.map((sentence) => spoken(sentence.text))],
    spentFillers,
    (ownLead || hasLead) && contentFillers.length === 0 ? [] : deckLastResort,
    heard,
    contentFillers,
  );
  const openingSource = { sentences: openingPool.length > 0 ? openingPool : parts.flatMap((part) => part.sentences), items: [] };
  // A lead too short for the opening's bullets: the slide lists the deck's topics instead of one or two of them
  // beside a stray point.
  const topicBullets = leadLines < MIN_BULLETS && titles.length >= MIN_BULLETS ? titles.slice(0, MAX_BULLETS) : null;
  // Its lines are the lead's own: a heading beside them would be a topic among points (the lint's "filler").
  // A part titled by its own statement ("You have had a tooth taken out today") has that line as its title: the opening
  // does not show it as a point.
  const statementTitles = parts.filter((part) => part.statementTitle).map((part) => part.title);
  let openingBullets = agendaBullets ?? topicBullets ?? writer.bullets(openingSource, 4, [], statementTitles, { narration: openingScript });
  // Lead points the opening's narration must read out (a lead too short to say anything else) give way to the
  // main source's topics, when those fit on the slide.
  const readOut = openingBullets.filter((bullet) => wordCount(bullet) >= 4 && saysWordForWord(openingScript, bullet)).length;
  const mainTopics = parts.filter((part) => part.isMain && part.heading && !part.continued).map((part) => part.title);
  if (!agendaBullets && !topicBullets && readOut >= 2 && readOut * 2 >= openingBullets.length && mainTopics.length >= MIN_BULLETS && mainTopics.length <= MAX_BULLETS) {
    openingBullets = mainTopics;
  }
  slides.push({
    title: slideTitleOf(deckTitle),
    bullets: openingBullets.slice(0, MAX_BULLETS),
    script: openingScript,
    imagePrompt: imagePromptFor(deckTitle, (phrasesByPart.flat().sort((a, b) => b.score - a.score)).slice(0, 3).map((phrase) => phrase.text)),
  });
  slides.push(...contentSlidesOut);

  // Closing: the article's own conclusion when it has one, else a recap of the biggest parts.
  const recapSlides = [...firstBulletOf].sort((a, b) => b.weight - a.weight || a.slide - b.slide).slice(0, 4).sort((a, b) => a.slide - b.slide);
  let closingTitle = deckPhrases().closingTitle;
  let closingNarration: string[];
  // Whether the closing says points of the parts ("To sum up, here are the main points. First, …").
  let recapped = false;
  let closingBullets: string[];
  if (conclusion && conclusion.sentences.length > 0) {
    closingTitle = conclusion.heading ?? closingTitle;
    const chosen = writer.pickSentences(conclusion.sentences, 100, MAX_SCRIPT_WORDS - 10);
    writer.markUsed(chosen);
    const [first, ...rest] = writer.joinNarration(chosen, 1);
    closingNarration = [...(first ? [afterLink(deckPhrases().wrapUp, stripLeading(first), caseBook)] : []), ...rest];
  } else {
    // The recap says, for the biggest parts, a point their slides show other than the one this slide shows, so the
    // closing slide's bullets are not read out and no narrated sentence is heard again.
    const key = (text: string) => ` ${wordsOf(text).join(" ")} `;
    const narrated = [...slides, ...contentSlidesOut].flatMap((slide) => splitSentences(slide.script)).filter((sentence) => wordCount(sentence) >= 6).map(key);
    const lines = recapSlides.flatMap((entry) => {
      const shown = contentSlidesOut[entry.slide]?.bullets ?? [];
      const said = shown.find(
        (bullet) =>
          bullet !== entry.bullet &&
          writer.statements.has(bullet) &&
          wordCount(bullet) >= 4 &&
          !bullet.endsWith("?") &&
          !parts.some((part) => part.children.some((child) => child.heading === bullet)) &&
          // Neither a narrated sentence nor a part of one ("Never climb above or below another climber" of "Never
          // climb above or below another climber, and never walk … underneath someone who is climbing").
          !narrated.some((sentence) => key(writer.statements.get(bullet) ?? bullet).includes(sentence) || sentence.includes(key(writer.statements.get(bullet) ?? bullet))) &&
          !DANGLING.test(bullet) &&
          // A dateline ("Issued by the trustees … on 3 March 2025") is no point to recap.
          !DATELINE.test(bullet) &&
          !QUOTED.test(writer.statements.get(bullet) ?? bullet),
      );
      return said ? [writer.statements.get(said) ?? said] : [];
    });
    const ordinals = deckPhrases().ordinals;
    const recap = lines.map((line, position) => {
      const ordinal = lines.length === 1 ? "" : position === lines.length - 1 ? deckPhrases().finally : ordinals[position]!;
      const text = ordinal ? afterLink(ordinal, line, caseBook).slice(ordinal.length) : capitalize(line);
      return `${ordinal}${text.replace(/[.!?]*$/, "")}${/\?$/.test(line) ? "" : "."}`;
    });
    // Nothing left to recap that no slide has said: the closing says what the deck went through.
    const wentThrough =
      titles.length >= 2 ? deckPhrases().lookedAt(titles.length, quoted(titles[0]!.replace(/[.:;]+$/, "")), quoted(titles.at(-1)!.replace(/[.:;]+$/, ""))) : null;
    recapped = recap.length > 0;
    closingNarration =
      recapped
        ? [recap.length === 1 ? deckPhrases().sumUpOne : deckPhrases().sumUpMany, ...recap]
        : wentThrough
          ? [afterLink(deckPhrases().wrapUp, wentThrough, caseBook)]
          : [deckPhrases().sumUp];
  }
  // Padding for a short closing: sentences no slide says, then what the deck went through.
  // Not one a slide has said already, as a list's item for instance ("The list has three items: …; the cycling rate
  // rises from 10p to 20p a mile; …").
  // A recap of points is padded first with what the deck went through: sentences lifted from anywhere in the text
  // after "To sum up" read as main points they are not.
  const lookedAt = titles.length >= 2 ? [deckPhrases().lookedAt(titles.length, quoted(titles[0]!.replace(/[.:;]+$/, "")), quoted(titles.at(-1)!.replace(/[.:;]+$/, "")))] : [];
  const unsaid = writer
    .pickSentences(parts.flatMap((part) => part.sentences), 40, 60)
    .map((sentence) => spoken(sentence.text))
    // Away from its place, "these sessions" names nothing: no sentence that points back pads the closing.
    .filter((sentence) => !slides.some((slide) => saysWordForWord(slide.script, sentence)) && !leansBack(sentence) && !/\b(?:these|those)\s+\p{L}/iu.test(sentence));
  const closingPad = recapped ? [...lookedAt, ...unsaid] : [...unsaid, ...lookedAt];
  // The thanks come last, so the padding goes in before them.
  // A closing that says what there is to recap is short rather than padded with sentences that say nothing ("Each of
  // them had a slide of its own"): those are for material too short for a deck at all (see contentFillers).
  const tooShort = contentFillers.length > 0;
  const closingScript = fitScript(closingNarration, closingPad, spentFillers, tooShort ? deckLastResort : [], heard, tooShort ? [...deckPhrases().closingFillers, ...contentFillers] : []);
  if (conclusion && conclusion.sentences.length > 0) {
    closingBullets = writer.bullets(
      { sentences: conclusion.sentences, items: conclusion.itemGroups.flatMap((group) => group.items) },
      4,
      recapSlides.map((entry) => entry.bullet),
      [],
      { narration: closingScript, borrowed: true },
    );
  } else {
    closingBullets = recapSlides.map((entry) => entry.bullet);
    if (closingBullets.length < MIN_BULLETS) {
      closingBullets = [...closingBullets, ...titles.filter((title) => !closingBullets.includes(title))].slice(0, MIN_BULLETS);
    }
  }
  slides.push({
    title: closingTitle,
    bullets: closingBullets.slice(0, MAX_BULLETS),
    script: wordCount(closingScript) + wordCount(deckPhrases().thanks) <= MAX_SCRIPT_WORDS ? `${closingScript} ${deckPhrases().thanks}` : closingScript,
    imagePrompt: imagePromptFor(closingTitle, closingBullets.slice(0, 2)),
  });
  // Worked out only when a slide is short of lines: every sentence of a long source as a line is much work.
  const spareLines = () => [
    ...allPartSentences.map((sentence) => bulletOf(sentence)?.text).filter((text): text is string => Boolean(text)),
    ...parts.map((part) => part.title),
  ];
  // A web or e-mail address the slide shows is said as a speaker says it ("hello at bakery dot co dot uk").
  // A line lifted from a profile that opens on "She" or "Her" names whom it is about ("She left school at 16" -> "Helen
  // Marrick left school at 16"): on a slide the sentence that named her is not there.
  const person = mainPerson(deckTitle, parsedMain.sections.flatMap((section) => section.paragraphs.flatMap((paragraph) => paragraph.sentences.map((sentence) => sentence.text))));
  const named = person ? namingPersonOnSlides(slides, parts, person) : slides;
  return { slides: withoutRepeats(ensureBullets(named, spareLines)).map((slide) => ({ ...slide, script: sayAddresses(slide.script) })) };
}

/** The slides with the lines that open on "She" or "Her" naming the person; a heading shown as a line ("Her Legacy Today" in the agenda) is written as the source has it. */
function namingPersonOnSlides(slides: readonly OutlineSlide[], parts: readonly Part[], person: Person): OutlineSlide[] {
  const headingLines = new Set([...slides.map((slide) => slide.title), ...parts.flatMap((part) => [part.title, ...part.children.map((child) => child.heading), ...part.subheadings])]);
  return slides.map((slide) => ({ ...slide, bullets: slide.bullets.map((bullet) => (headingLines.has(bullet) ? bullet : namingPerson(bullet, person))) }));
}

/** Whether a narration reads out its slide: two or more of its lines, and half of them or more, said word for word. */
function readsOut(script: string, bullets: readonly string[]): string[] {
  const read = bullets.filter((bullet) => wordCount(bullet) >= 4 && saysWordForWord(script, bullet));
  return read.length >= 2 && read.length * 2 >= bullets.length ? read : [];
}

/**
 * A narration that reads out its slide leaves out sentences the slide shows (the shortest first, never the opening
 * one) while it keeps the script's minimum length: the slide shows them, the speaker tells the rest.
 */
function withoutReadLines(script: string, bullets: readonly string[]): string {
  const sentences = splitSentences(script);
  for (let read = readsOut(script, bullets); read.length > 0; read = readsOut(sentences.join(" "), bullets)) {
    const total = words(sentences);
    const options = sentences
      .map((sentence, index) => ({ sentence, index }))
      .filter(({ sentence, index }) => index > 0 && read.some((bullet) => saysWordForWord(sentence, bullet)) && total - wordCount(sentence) >= MIN_SCRIPT_WORDS)
      .sort((a, b) => wordCount(a.sentence) - wordCount(b.sentence));
    if (options.length === 0) break;
    sentences.splice(options[0]!.index, 1);
  }
  return sentences.join(" ");
}

interface Person {
  name: string;
  /** The pronoun the text uses of the person, and its possessive. */
  pronoun: "she" | "he";
}

/** Words that start a capitalised run without being a name ("The Mapmaker", "A Life"). */
const NOT_A_NAME = new Set(["the", "a", "an", "my", "our", "how", "why", "what", "when", "who", "in", "on", "of", "and"]);

/**
 * The person a text is about (English only): a name of two or three capitalised words in its title that the text says
 * at least twice, and the pronoun it uses most, at least five times and three times as often as the other. Null for
 * any other text (a guide, a report, a profile of two people told apart only by their names).
 */
/** What a phrase cut off a line starts with when the line ends where a phrase begins ("… food co-ops | in Yorkshire"). */
const PHRASE_STARTS = /^,?\s+(?:in|on|at|to|for|with|by|from|after|before|during|because|which|who|where|when|while|as|than|since|until|through|across|under|over|so that|such as)\b/i;

/** A phrase ending on a verb that needs what follows it ("Largest supplier remains", "The main aim is"). */
const LINKING_END = /\b(?:is|are|was|were|be|been|being|remains?|remained|becomes?|became|seems?|seemed|stays?|stayed|appears?|appeared|includes?|included|means|meant|has|have|had)$/i;

/** A title fits on a slide. */
function titleFits(title: string): boolean {
  return wordCount(title) <= MAX_TITLE_WORDS && title.length <= MAX_TITLE_CHARACTERS;
}

/** Words a headline's closing clause or phrase starts with ("… Could Close Within a Year After Losing Its Main Grant"). */
const TITLE_CLAUSE = /^(?:after|as|amid|despite|following|because|while|before|since|until|when|once|unless|although|though|ahead|whereas)$/i;
const TITLE_AND = /^(?:and|but)$/i;
const TITLE_PHRASE = /^(?:with|without|over|under|in|for|on|at|by|from|through|during|across|near|into|between|along|against|around|towards|beyond|within|outside|inside|beside|behind|among)$/i;
/** Words a title does not end on. */
const TITLE_DANGLING = /^(?:a|an|the|of|and|or|to|its|their|his|her|our|your|my|this|that|these|those|is|are|was|were|be|can|could|will|would|may|might|must|should)$/i;

/**
 * A deck title too long for a slide, shown shorter; the narration says it whole. Its main title before a colon
 * ("Thirty-Three Years in the Tower: An Interview with a Retired Air Traffic Controller"); else, in English, the
 * headline without its closing clause ("Pennine Philharmonic Warns It Could Close Within a Year After Losing Its
 * Main Grant"), or without its closing phrase; else whole.
 */
export function slideTitleOf(title: string): string {
  if (titleFits(title)) return title;
  const [main] = title.split(/:\s/);
  if (main && main !== title && wordCount(main) >= 2 && titleFits(main)) return main;
  if (!isEnglish()) return title;
  const words = title.split(/\s+/);
  // "How a Small Village in the Scottish Highlands Built …" is not "How a Small Village".
  // Read in lower case: a tagger takes every capitalised word of a headline for a name.
  const saysVerb = (text: string) => hasMainVerb(tagged(text.toLowerCase()));
  const verb = saysVerb(title);
  // Last, a second thing joined to the first: "… adds an early sailing and a year-round evening boat" says its first.
  for (const starts of [TITLE_CLAUSE, TITLE_PHRASE, TITLE_AND]) {
    for (let index = words.length - 1; index >= 4; index--) {
      if (!starts.test(words[index]!)) continue;
      const head = words.slice(0, index).join(" ").replace(/[\s,;:–—-]+$/, "");
      if (titleFits(head) && !TITLE_DANGLING.test(words[index - 1]!.replace(/[,;:–—-]+$/, "")) && (!verb || saysVerb(head))) return head;
    }
  }
  return title;
}

export function mainPerson(title: string, sentences: readonly string[]): Person | null {
  if (!isEnglish()) return null;
  const text = sentences.join(" ");
  const names = [...title.matchAll(/(?:\p{Lu}[\p{Ll}'’-]+)(?:\s\p{Lu}[\p{Ll}'’-]+){1,2}/gu)].map((match) => match[0]).filter((name) => !NOT_A_NAME.has(name.split(" ")[0]!.toLowerCase()));
  const name = names.find((candidate) => text.split(candidate).length - 1 >= 2);
  if (!name) return null;
  const count = (pattern: RegExp) => text.match(pattern)?.length ?? 0;
  const she = count(/\b(?:she|her|hers|herself)\b/gi);
  const he = count(/\b(?:he|him|his|himself)\b/gi);
  if (she >= 5 && she >= 3 * he) return { name, pronoun: "she" };
  if (he >= 5 && he >= 3 * she) return { name, pronoun: "he" };
  return null;
}

/** A line that opens on the person's pronoun with the person's name instead ("Her notebooks" -> "Helen Marrick's notebooks"). */
export function namingPerson(line: string, person: Person): string {
  const [subject, possessive] = person.pronoun === "she" ? ["She", "Her"] : ["He", "His"];
  if (new RegExp(`^${subject}\\s`).test(line)) return `${person.name}${line.slice(subject.length)}`;
  if (new RegExp(`^${possessive}\\s`).test(line)) return `${person.name}'s${line.slice(possessive.length)}`;
  return line;
}

/**
 * Last guard against a sentence heard twice: a narrated sentence that an earlier slide already said (or that holds
 * one said before) is left out, as long as the script keeps its minimum length.
 */
function withoutRepeats(slides: OutlineSlide[]): OutlineSlide[] {
  const heard: string[] = [];
  const key = (sentence: string) => ` ${wordsOf(sentence).join(" ")} `;
  return slides.map((slide) => {
    const kept = splitSentences(slide.script);
    const own: string[] = [];
    for (let index = 0; index < kept.length; index += 1) {
      const sentence = kept[index]!;
      const words6 = wordCount(sentence) >= 6;
      const repeated = words6 && heard.some((before) => before.includes(key(sentence)) || key(sentence).includes(before));
      if (repeated && wordCount(kept.join(" ")) - wordCount(sentence) >= MIN_SCRIPT_WORDS) {
        kept.splice(index, 1);
        index -= 1;
        continue;
      }
      if (words6) own.push(key(sentence));
    }
    heard.push(...own);
    return { ...slide, script: kept.join(" ") };
  });
}

/**
 * Last guard for a slide without a line of its own: it borrows the parts' titles and then other slides' bullets, up to
 * two (MIN_OWN_LINES). A slide with a line of its own keeps to its own: another part's line on it is out of place.
 */
function ensureBullets(slides: OutlineSlide[], spareLines: () => readonly string[]): OutlineSlide[] {
  if (slides.every((slide) => slide.bullets.length >= 1)) return slides;
  const partTitles = spareLines();
  const everyBullet = slides.flatMap((slide) => slide.bullets);
  // The line shown least often so far is borrowed first (a statement before a heading, which would be filler):
  // no line is shown on slide after slide.
  const shownCount = new Map<string, number>();
  for (const bullet of everyBullet) shownCount.set(bullet, (shownCount.get(bullet) ?? 0) + 1);
  const titles = new Set(slides.map((slide) => slide.title));
  return slides.map((slide) => {
    // A slide with a line of its own shows that line alone rather than another part's: a section of one or two
    // sentences has one line to show, and a line of another section on its slide is out of place.
    if (slide.bullets.length >= 1) return slide;
    const bullets = [...slide.bullets];
    const candidates = [...new Set([...partTitles, ...everyBullet])].filter((candidate) => !bullets.includes(candidate) && candidate !== slide.title);
    const rank = (candidate: string) => (shownCount.get(candidate) ?? 0) * 2 + (standsAlone(candidate) && !titles.has(candidate) ? 0 : 2.5);
    for (const candidate of candidates.map((candidate, index) => ({ candidate, index })).sort((a, b) => rank(a.candidate) - rank(b.candidate) || a.index - b.index)) {
      if (bullets.length >= MIN_OWN_LINES) break;
      // A line the slide's narration says word for word would make it read out its slide.
      if (readsOut(slide.script, [...bullets, candidate.candidate]).length > 0) continue;
      bullets.push(candidate.candidate);
      shownCount.set(candidate.candidate, (shownCount.get(candidate.candidate) ?? 0) + 1);
    }
    return { ...slide, bullets };
  });
}
