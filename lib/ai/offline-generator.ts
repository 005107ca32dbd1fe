// The offline slide generator: deterministic and extractive, no key and no network. The deck follows the main
// source's headings (or its topic shifts when it has none), bullets are the best-ranked sentences of each part cut
// down to slide-length phrases, and the narration is made of each part's best sentences in reading order with
// light connective phrasing, between an opening and a closing slide.
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
import { keyPhrases, textRank, topicCuts } from "./ranking";
import { nameAsTitle, newCounter, parseSource, type DocSection } from "./structure";
import {
  CaseBook,
  capitalize,
  isProseSentence,
  joinList,
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
/** The closing slide's neutral fillers: about the deck, not about "this part". */
export const CLOSING_FILLERS = [
  "The slide shows the main point of the biggest parts.",
  "Each of them had a slide of its own.",
  "The source material has the details of every one of them.",
  "Take a moment to look over them once more.",
  "You can go back to any slide to hear its part again.",
];

export const FILLERS = [
  "This is the key point of this part.",
  "Take a moment to look at the points on screen.",
  "Each of them comes from the source material.",
  "It is worth keeping this in mind.",
  "The source itself says more about it.",
  "The rest of the presentation builds on this.",
  "Read the slide once more before we go on.",
  "The details are all in the source.",
  "This is a short part, but it matters.",
  "Keep it in mind for what follows.",
];

/** Closing sections whose heading marks them as the article's own conclusion. */
const CONCLUSION =
  /^(?:(?:in )?conclusions?|summary|in summary|to sum up|summing up|final (?:thoughts|words)|closing thoughts|wrapping up|wrap-up|the bottom line|bottom line|key takeaways|takeaways|the takeaway|what(?:'s| is) next|where (?:this|that) leaves us|looking ahead)\b/i;

/** Sentence openings that lean on the sentence before them. */
const DANGLING =
  /^(?:it|its|it's|this|that|these|those|they|their|them|he|she|his|her|such|however|but|and|or|so|also|then|thus|therefore|still|yet|instead|otherwise|meanwhile|besides|moreover|furthermore|likewise|similarly|as a result|in addition|on the other hand|even so|that said|for example|for instance|here|there)\b/i;

const LEADING_MARKER =
  /^(?:however|in fact|for example|for instance|also|additionally|in addition|moreover|furthermore|of course|in short|in other words|as a result|that said|still|yet|so|but|and|then|finally|first|second|third|firstly|secondly|thirdly|next|indeed|meanwhile|instead|otherwise|likewise|similarly|importantly|crucially|basically|essentially|overall|ultimately|in practice|in general|generally|today|now|at the same time|on the other hand|in the end|after all|above all|in particular|again|surprisingly|luckily|fortunately|unfortunately|put simply|simply put|as a rule|in most cases|in many cases|in other cases|after that|on top of that|beyond that|to start|at first|later|in turn|even then|by comparison|in contrast)\b,?\s+/i;
const LEADING_FILLER =
  /^(?:it is (?:worth (?:noting|remembering)|important to (?:note|remember|understand)|true) that|it's (?:worth (?:noting|remembering)|important to (?:note|remember)) that|note that|remember that|keep in mind that|bear in mind that|the (?:good|bad) news is that|the truth is that|the point is that|what this means is that|this means that|that means|this is why|that is why|which is why)\s+/i;
const CLAUSE_BREAKS = [
  /;\s/,
  /\s[—–]\s/,
  /,\s(?:which|who|because|although|though|while|whereas|so that|so|but|since|meaning|making|leaving|unless|as long as|even if|even though|especially|particularly|including|and that)\s/i,
  /,\s(?:and|or)\s/i,
];

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

const CONTINUED_TRANSITIONS = [
  "Let's stay with this topic a little longer.",
  "There is more to say on this topic.",
  "This part continues the same topic.",
];
const UNTITLED_TRANSITIONS = ["Let's move on.", "Here is the next point.", "Let's look at the next part."];
const NOUN_TRANSITIONS = ["Let's turn to {}.", "Next, let's look at {}.", "The next topic is {}."];
const STEP_TRANSITIONS = ["The next step is to {}.", "Next, it's time to {}."];
const ADDITIVE_CONNECTIVES = ["Also, ", "Beyond that, ", "On top of that, "];
const THANKS = "Thank you for listening.";
/** Said where a slide shows a list of the source: varied, so no slide repeats another's words. */
const LIST_SENTENCES = ["The slide lists {} of its points.", "{N} of them are on the slide.", "You can see {} of them on the slide."];

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
  /** Short sections said together under the part's heading (see groupShortSections). */
  children: Child[];
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
}

interface Child {
  heading: string;
  sentences: Sentence[];
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
  };
}

/** A section too short to carry a slide of its own: fewer words than a script needs beside its bullets. */
const SHORT_SECTION_WORDS = 80;
/** The most words of sections said together on one slide under their group's heading. */
const GROUP_WORDS = 320;

/**
 * Sections under one heading without text of their own ("Getting a Plot" over "Who can apply?", "How long is the
 * waiting list?"), when every one of them is too short for a slide, become one part titled by that heading: its
 * slide lists their headings and the narration gives what each says. Sections with headings are never merged
 * otherwise, and a group with a long member keeps a slide per section.
 */
function groupShortSections(segments: Segment[]): Segment[] {
  const result: Segment[] = [];
  let index = 0;
  while (index < segments.length) {
    const first = segments[index]!;
    let end = index;
    while (end + 1 < segments.length && first.group !== null && segments[end + 1]!.group === first.group && segments[end + 1]!.source === first.source) end += 1;
    const members = segments.slice(index, end + 1);
    const total = members.reduce((sum, member) => sum + member.words, 0);
    const groupable =
      first.group !== null &&
      members.length >= 2 &&
      members.length <= MAX_BULLETS &&
      total <= GROUP_WORDS &&
      members.every((member) => member.heading !== null && member.words < SHORT_SECTION_WORDS && member.children.length === 0);
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
      children: members.map((member) => ({ heading: member.heading!, sentences: member.sentences })),
    });
    index = end + 1;
  }
  return result;
}

function mergeSegments(first: Segment, second: Segment): Segment {
  const firstWeight = first.heading ? first.words : 0;
  const secondWeight = second.heading ? second.words : 0;
  return {
    heading: secondWeight > firstWeight ? second.heading : first.heading ?? second.heading,
    sentences: [...first.sentences, ...second.sentences],
    itemGroups: [...first.itemGroups, ...second.itemGroups],
    words: first.words + second.words,
    source: first.source,
    isMain: first.isMain,
    group: first.group,
    children: [...first.children, ...second.children],
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

const URL_LIKE = /https?:\/\/|www\.|@\w+\.\w/;
/** Markup and code that extraction can leave in text: links and images in Markdown, code fences, table rules. */
const MARKUP = /\]\(|!\[|\]\[|```|\|\s*:?-{3}|^\s*[$>%*]\s|[{}]|=>|\)\s*;\s*$/;

/** Prose has words in lower case; a line of names, numbers and dates only ("LEEDS, 21 October 2025.") is a dateline or a label. */
function hasProseWords(text: string): boolean {
  return /(?:^|[\s(“"'])\p{Ll}/u.test(text);
}

function narratable(sentence: Sentence): boolean {
  return hasProseWords(sentence.text) && isProseSentence(sentence.text) && !URL_LIKE.test(sentence.text) && !MARKUP.test(sentence.text) && sentence.words >= 5 && sentence.words <= 60;
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
  let result = text;
  for (let round = 0; round < 3; round += 1) {
    const next = result.replace(LEADING_MARKER, "").replace(LEADING_FILLER, "");
    if (next === result) break;
    result = next;
  }
  return result;
}

/** Adverbs that soften or link but carry no fact: a bullet leaves them out ("are also expensive" -> "are expensive"). */
const SOFT_ADVERBS = /\s(?:also|then|simply|now|still|already|really|actually|indeed|certainly|clearly|currently|quite|very|just|even|generally|typically|particularly|especially)(?=\s)/gi;
/** "found that", "shows that": the complementiser a bullet does without. */
const REPORTED_THAT = /\b((?:found|find|finds|show|shows|showed|shown|suggest|suggests|suggested|say|says|said|means|meant|mean|argue|argues|argued|note|notes|noted|report|reports|reported|estimate|estimates|estimated|expect|expects|expected|believe|believes|believed|think|thinks|thought|know|knows|knew|agree|agrees|agreed|claim|claims|claimed|warn|warns|warned)) that\s/gi;

/**
 * The sentence as a slide line: asides between commas, soft adverbs and "that" after a reporting verb left out, and
 * "percent" written as "%", so the slide states the point and the narration says it in full.
 */
function condense(text: string): string {
  let result = text;
  // An aside between two commas ("A layer of liquid, sometimes called hooch, means ...") when what is left still
  // reads as one clause: the aside is short and holds no verb of its own that the clause needs.
  const isAside = (before: string, aside: string, after: string): boolean => {
    if (aside.length < 3 || aside.length > 60 || /[;:]/.test(aside)) return false;
    // Two words before the comma are an opening phrase ("For years, the staff at the firm, …"), not a subject; so is
    // a phrase opening on a preposition ("Rather than overloading the main pile, many gardeners turn…").
    if (wordCount(before) < 3 || wordCount(aside) > 8) return false;
    if (!before.includes(",") && /^(?:rather than|instead of|in|on|at|for|from|by|with|without|after|before|during|since|until|when|while|if|because|although|as|once|over|under|among|between|across|through|despite|unlike|like|to)\b/i.test(before)) return false;
    // A clause of its own ("Mary Anning's reputation was secure") or a list's middle ("two or three people") is no aside.
    if (/\b(?:is|are|was|were|has|have|had|will|would|can|could|does|did|do|which|whom|whose|who)\b/i.test(aside) || /\s(?:and|or)\s/i.test(aside)) return false;
    // A list ("red, green, and blue") or a clause joined by a conjunction is not an aside.
    if (/^(?:and|or|but|so|which|who|because|although|though|while|whereas|if|when|where|as|since|then|yet|nor)\b/i.test(aside)) return false;
    if (/\b(?:and|or)\s*$/i.test(before) || /^(?:and|or)\b/i.test(after)) return false;
    return wordCount(aside) > 2 || /^(?:for example|for instance|in fact|of course|however|though|too|in turn|in practice|as a result|at first|so far)$/i.test(aside);
  };
  // Each pair of neighbouring commas is tried, so an opening phrase's comma does not hide the aside after it.
  const commas = [...result.matchAll(/,\s/g)].map((match) => match.index);
  let kept = "";
  let from = 0;
  for (let at = 0; at + 1 < commas.length; ) {
    const open = commas[at]!;
    const close = commas[at + 1]!;
    if (isAside(result.slice(0, open), result.slice(open + 2, close), result.slice(close + 2))) {
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
  result = result.replace(REPORTED_THAT, "$1 ");
  result = result.replace(/(\d)\s?(?:percent|per cent)\b/gi, "$1%");
  return result.replace(/\s{2,}/g, " ").trim();
}

/** Subordinate openings: "When X, Y" keeps Y as the bullet, since X alone is not a statement. */
const SUBORDINATE = /^(?:when|whenever|if|unless|because|although|though|while|whereas|as|since|once|after|before|until|even if|even though|by the time|in order to|to)\b/i;

function trimTail(phrase: string): string {
  const tokens = phrase.replace(/[\s,;:—–-]+$/, "").split(" ");
  while (tokens.length > 3) {
    const last = tokens.at(-1)!.toLowerCase().replace(/[^\p{L}']/gu, "");
    if (!STOP_WORDS.has(last)) break;
    tokens.pop();
  }
  return tokens.join(" ").replace(/[\s,;:—–-]+$/, "");
}

const AUXILIARIES = /\b(?:is|are|was|were|be|been|has|have|had|can|could|will|would|shall|should|must|may|might|do|does|did|isn't|aren't|wasn't|weren't|hasn't|haven't|can't|won't|don't|doesn't|didn't)\b/i;

/** Whether a phrase shows a verb by its form alone: an auxiliary, a past form, "-s" after a noun, an instruction. */
function hasVerbShape(text: string): boolean {
  if (AUXILIARIES.test(text)) return true;
  const tokens = text.toLowerCase().split(/\s+/).map((token) => token.replace(/[^\p{L}'-]/gu, ""));
  if (IMPERATIVES.has(tokens[0] ?? "")) return true;
  return tokens.some((token, index) => {
    if (index === 0 || token.length < 4) return false;
    const previous = tokens[index - 1] ?? "";
    if (/ed$/.test(token)) return true;
    // "the council plans", "tram 28 rattles": an -s form after a word that is no determiner or preposition.
    return /[^s]s$/.test(token) && !/s$/.test(previous) && previous.length > 0 && !STOP_WORDS.has(previous);
  });
}

interface BulletCandidate {
  text: string;
  /** Cut at a word rather than at a clause boundary. */
  truncated: boolean;
}

/** A sentence cut down to a slide-length phrase: leading connectives, asides and trailing clauses removed. */
export function toBullet(sentence: string): BulletCandidate | null {
  if (URL_LIKE.test(sentence) || MARKUP.test(sentence) || sentence.includes("|") || !hasProseWords(sentence)) return null;
  let text = spoken(sentence)
    .replace(/^\(?(?:[a-z]|\d{1,2})\)\s+/i, "")
    .replace(/\s*\([^)]*\)/g, "")
    .replace(/\s+/g, " ")
    .trim();
  text = stripLeading(text);
  text = condense(text);
  if (SUBORDINATE.test(text)) {
    const comma = text.indexOf(", ");
    const main = comma > 0 ? text.slice(comma + 2) : "";
    // Without a main clause to keep, the sentence is no bullet; nor when the main clause's subject is a pronoun
    // whose noun was in the clause left out ("If it floats, it is full of gas").
    if (wordCount(main) < 4 || /^(?:and|but|or|so|which|who)\b/i.test(main)) return null;
    if (/^(?:it|its|they|their|them|he|she|his|her|this|that|these|those)\b/i.test(main)) return null;
    text = main;
  }
  let truncated = false;
  if (wordCount(text) > 12) {
    for (const pattern of CLAUSE_BREAKS) {
      const match = pattern.exec(text);
      if (!match) continue;
      const left = text.slice(0, match.index);
      const leftWords = wordCount(left);
      if (leftWords >= 5 && leftWords <= 16) {
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
    for (let index = 6; index < Math.min(tokens.length, 16); index += 1) if (tokens[index - 1]!.endsWith(",")) cut = index;
    text = tokens.slice(0, cut > 0 ? cut : 15).join(" ");
    truncated = true;
  }
  const question = /\?["'”’]?$/.test(text);
  text = text.replace(/[.!…]+["'”’]?$/, "").replace(/[.;:,]+$/, "");
  // Only a cut at a word can leave "of the" hanging; a clause boundary ends where the clause does.
  if (truncated) text = trimTail(text);
  // A phrase cut at a word before any verb of its own is no statement ("For now, the sight of a sleeper pulling out
  // of a station at ten"): a cut line keeps an auxiliary, a past form, a present form after its subject or an
  // instruction's verb.
  if (truncated && !hasVerbShape(text)) return null;
  // A line ending on a word that needs more ("Last year's donations paid for", a list's introduction) says nothing.
  if (/\b(?:the|a|an|of|for|to|with|by|from|in|on|at|and|or|but|that|which|who|whose|as|than|such|into|about|like|its|their|his|her|our|your|my|these|those)[:;,—–-]?$/i.test(text)) return null;
  // Quotes left open or closed alone by the cut.
  const quotes = (text.match(/[“”"]/g) ?? []).length;
  if (quotes % 2 === 1) text = text.replace(/[“”"]/g, "");
  if (wordCount(text) < 3) return null;
  return { text: capitalize(text) + (question && !truncated ? "?" : ""), truncated };
}

const COPULA = /^([^,;:()]{3,70}?)\s(?:is|are|was|were)\s(?!(?:being|been|to|that|why|how|what|because|not\s+(?:to|that))\b)([^;:]{6,})$/i;
/** Words that make the words before a copula more than a plain subject: a clause of its own or a question. */
const NOT_A_SUBJECT = /\b(?:who|whom|whose|which|that|where|when|whether|if|because|although|while|than|as|what|how|why|is|are|was|were|be|has|have|had|do|does|did|can|could|will|would|should|must|may|might)\b/i;

/**
 * A statement of the shape "subject is/was predicate" as a slide line "subject: predicate" ("Cash at the end of
 * September was 5.2 million pounds" -> "Cash at the end of September: 5.2 million pounds"); null for any other
 * shape, for a subject that is a pronoun or a clause, and for questions.
 */
export function labelForm(text: string): string | null {
  if (text.endsWith("?")) return null;
  const match = COPULA.exec(text);
  if (!match) return null;
  const subject = match[1]!.trim();
  const predicate = match[2]!.trim();
  const subjectWords = wordCount(subject);
  if (subjectWords < 2 || subjectWords > 8 || wordCount(predicate) < 2) return null;
  // A second clause after the predicate ("The family was poor, and the work was dangerous") keeps the sentence whole.
  if (/,\s(?:and|but|or|so|yet)\s/i.test(predicate) || /\s(?:is|are|was|were)\s/i.test(predicate)) return null;
  if (DANGLING.test(subject) || NOT_A_SUBJECT.test(subject) || /^(?:there|here|what|which|who|one|each|all|some|many|most|none)\b/i.test(subject)) return null;
  // An instruction ("Make sure the path is wide enough") has no subject to show.
  if (IMPERATIVES.has(subject.split(/\s+/)[0]!.toLowerCase())) return null;
  return `${capitalize(subject)}: ${predicate}`;
}

const SIMPLE_SUBJECT =
  /^((?:(?:the|a|an|our|their|its|his|her|this|each|every)\s)?[\p{L}\p{N}'’-]+(?:\s[\p{L}\p{N}'’-]+){0,3}?)\s(is|was|has|had|can|could|will|would|does|did|should|must|may|might|[\p{Ll}]+(?:s|ed))\s/iu;

/**
 * A line opening on "It", "She" or "He" with the pronoun replaced by the subject of the sentence before it, when
 * that subject is a short noun phrase ("Lisbon", "The council", "Mary Anning") directly followed by its verb;
 * null otherwise.
 */
export function namedSubject(line: string, previous: string): string | null {
  const pronoun = /^(It|She|He)\s(?=\p{Ll})/u.exec(line);
  // "It is tempting to…", "It seems that…": an 'it' that stands for no noun.
  if (!pronoun || /^It\s(?:is|was|'s|has been|will be|would be|can be)\s(?:\p{Ll}+\s)?(?:to|that|for|whether|how|why|when)\b/u.test(line)) return null;
  if (/^It\s(?:seems|seemed|appears|appeared|takes|took|remains|turns out|turned out|pays|helps|matters)\b/.test(line)) return null;
  // An opening phrase of time ("By now the starter should rise…") is not the subject.
  const match = SIMPLE_SUBJECT.exec(stripLeading(spoken(previous)).replace(/^(?:by now|for now|so far|at first|at last|in the end|today|now|then|in \d{4}),?\s+(?=\p{L})/iu, ""));
  if (!match) return null;
  const subject = match[1]!;
  const words = subject.split(/\s+/);
  // A pronoun, a number or a function word is no subject to name; "She" and "He" stand for a name, written in capitals.
  if (words.some((word, position) => (position > 0 || !/^(?:the|a|an|our|their|its|his|her|this|each|every)$/i.test(word)) && STOP_WORDS.has(word.toLowerCase()))) return null;
  if (DANGLING.test(subject) || /^(?:there|here|what|who|which|one)$/i.test(words[0]!)) return null;
  if (pronoun[1] !== "It" && !words.every((word) => /^\p{Lu}/u.test(word))) return null;
  if (pronoun[1] === "It" && words.length === 1 && /s$/i.test(subject) && !/^\p{Lu}/u.test(subject)) return null;
  return `${capitalize(subject)}${line.slice(pronoun[1]!.length)}`;
}

/** A line that stands on its own: it does not open on a word pointing to a sentence or a list elsewhere. */
function standsAlone(text: string): boolean {
  // "The second is comfort" points to a list; "The fourth quarter" names a span of the calendar.
  return (
    !DANGLING.test(text) &&
    !/^the (?:first|second|third|fourth|fifth|latter|former|other|same|next|last)\b(?!\s+(?:quarter|half|day|days|week|weeks|weekend|month|months|year|years|decade|century|morning|evening|night|season|hours?)\b)/i.test(text)
  );
}

/** Whether `speech` holds `line`'s words in order and together: saying it reads the line out. */
function saysWordForWord(speech: string, line: string): boolean {
  return ` ${wordsOf(speech).join(" ")} `.includes(` ${wordsOf(line).join(" ")} `);
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

class DeckWriter {
  private readonly used = new Set<number>();
  private readonly ranks = new Map<number, number>();
  private readonly bulletTexts: string[][] = [];
  /** Bullets that are a sentence of the source said whole as a statement (no table row, list item or cut phrase). */
  readonly statements = new Set<string>();
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
  pickSentences(pool: readonly Sentence[], target: number, limit: number, options: { allowUsed?: boolean } = {}): Sentence[] {
    const usable = pool.filter((sentence) => narratable(sentence) && (options.allowUsed || !this.used.has(sentence.index)));
    const byIndex = new Map(pool.map((sentence) => [sentence.index, sentence]));
    const firstIndex = pool[0]?.index;
    const chosen = new Map<number, Sentence>();
    let total = 0;
    const fits = (sentence: Sentence) => total + sentence.words <= limit;
    for (const sentence of this.ranked(usable)) {
      if (total >= target) break;
      if (chosen.has(sentence.index) || !fits(sentence)) continue;
      const leans = DANGLING.test(sentence.text) && sentence.index !== firstIndex && !chosen.has(sentence.index - 1);
      if (leans) {
        const previous = byIndex.get(sentence.index - 1);
        const previousUsable = previous && usable.includes(previous) && !chosen.has(previous.index);
        if (!previous || !previousUsable || total + sentence.words + previous.words > limit) continue;
        if (DANGLING.test(previous.text) && previous.index !== firstIndex && !chosen.has(previous.index - 1)) continue;
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
        const bullet = toBullet(sentence.text);
        // "It is built on seven hills" after "Lisbon is a city best seen on foot": the slide names what "It" is.
        const previous = byIndex.get(sentence.index - 1);
        const named = bullet && previous && previous.paragraph === sentence.paragraph ? namedSubject(bullet.text, previous.text) : null;
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
    // In the order the slide takes its bullets: whole statements, then phrases cut at a word.
    for (const truncated of [false, true]) {
      for (const candidate of candidates) {
        if (reserved.length + condensed >= wanted) break;
        if (keep.includes(candidate.sentence) || candidate.bullet.truncated !== truncated) continue;
        if (!standsAlone(candidate.bullet.text) || !narratable(candidate.sentence)) continue;
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
        text = ADDITIVE_CONNECTIVES[connectiveSeed % ADDITIVE_CONNECTIVES.length]! + this.caseBook.continued(text);
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
      const bullet = toBullet(sentence.text);
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
    options: { narration?: string; outline?: readonly string[] } = {},
  ): string[] {
    const chosen: { text: string; order: number; terms: string[]; sentence: Sentence | null }[] = [];
    const accept = (text: string, order: number, sentence: Sentence | null = null) => {
      const termList = termsOf(text);
      if (chosen.some((other) => other.text.toLowerCase() === text.toLowerCase() || overlap(other.terms, termList) >= 0.6)) return false;
      if (this.bulletTexts.some((slide) => slide.includes(text)) || exclude.includes(text)) return false;
      chosen.push({ text, order, terms: termList, sentence });
      return true;
    };
    const heardVerbatim = (text: string) => wordCount(text) >= 4 && saysWordForWord(options.narration ?? "", text);
    const items = part.items.map((item) => item.replace(/[;,]\s*(?:and|or)$/i, "").replace(/[.;:,]+$/, "").trim()).filter((item) => wordCount(item) >= 1 && wordCount(item) <= 14);
    // A table is shown as its rows: the first cell as the label, the others after it.
    const rows = tableRows(part.table ?? null);
    const outline = options.outline ?? [];
    // Sections said together show their headings: the narration gives what each says.
    if (outline.length >= 2 && outline.length <= MAX_BULLETS) {
      // Headings are shown as written, however alike ("How long is the waiting list?", "How do I join the waiting list?").
      outline.forEach((heading, order) => chosen.push({ text: heading, order, terms: termsOf(heading), sentence: null }));
    }
    else if (rows.length >= 2) rows.slice(0, MAX_BULLETS).forEach((row, order) => accept(row, order));
    else if (items.length >= MIN_BULLETS && items.length <= MAX_BULLETS && items.length === part.items.length) {
      items.forEach((item, order) => accept(capitalize(item), order));
    }
    if (chosen.length < MIN_BULLETS) {
      // A statement the narration says word for word is shown as "subject: predicate" when it has that shape
      // ("The most common complaint was discoloured water" -> "The most common complaint: discoloured water").
      const candidates = this.bulletCandidates(part.sentences).map((candidate) => {
        if (!heardVerbatim(candidate.bullet.text)) return candidate;
        const label = labelForm(candidate.bullet.text);
        return label && !heardVerbatim(label) ? { ...candidate, bullet: { ...candidate.bullet, text: label } } : candidate;
      });
      // Whole statements first, those the narration does not say word for word before those it does (at most one
      // of those: a slide that shows what is being read out adds nothing), and statements leaning on a sentence
      // elsewhere ("It is…", "The second is…") only when nothing else is left; phrases cut at a word last.
      let verbatim = 0;
      for (const pass of [0, 1, 2]) {
        for (const candidate of candidates) {
          if (chosen.length >= (pass === 0 ? wanted : MIN_BULLETS)) break;
          if (candidate.bullet.truncated) continue;
          const alone = standsAlone(candidate.bullet.text);
          const heard = heardVerbatim(candidate.bullet.text);
          if (!alone || (pass === 0 && heard) || (pass === 1 && verbatim >= 1)) continue;
          if (accept(candidate.bullet.text, candidate.sentence.index, candidate.sentence) && heard) verbatim += 1;
        }
      }
      for (const candidate of candidates) {
        if (chosen.length >= MIN_BULLETS) break;
        if (candidate.bullet.truncated && standsAlone(candidate.bullet.text)) accept(candidate.bullet.text, candidate.sentence.index, candidate.sentence);
      }
      for (const [order, item] of items.entries()) {
        if (chosen.length >= MIN_BULLETS) break;
        accept(capitalize(item), -1000 + order);
      }
      // Only then a statement that leans on the sentence before it.
      for (const candidate of candidates) {
        if (chosen.length >= MIN_BULLETS) break;
        if (!candidate.bullet.truncated) accept(candidate.bullet.text, candidate.sentence.index, candidate.sentence);
      }
    }
    for (const phrase of fallbackPhrases) {
      if (chosen.length >= MIN_BULLETS) break;
      accept(capitalize(phrase), Number.MAX_SAFE_INTEGER - 100 + chosen.length);
    }
    // The part's main point for the recap: a statement, never a heading the slide shows.
    const statement = (): { text: string; sentence: Sentence } | null => {
      for (const sentence of this.ranked(part.sentences)) {
        const bullet = toBullet(sentence.text);
        if (bullet && !bullet.truncated && !bullet.text.endsWith("?") && !DANGLING.test(bullet.text)) return { text: bullet.text, sentence };
      }
      return null;
    };
    for (const entry of chosen) {
      const plain = entry.sentence ? toBullet(entry.sentence.text) : null;
      if (plain && !plain.truncated && plain.text === entry.text && !plain.text.endsWith("?")) this.statements.add(entry.text);
    }
    const best = chosen.find((entry) => this.statements.has(entry.text)) ?? statement() ?? chosen[0];
    this.lastBest = best ? { bullet: best.text, sentence: best.sentence } : null;
    const result = [...chosen]
      .sort((a, b) => a.order - b.order)
      .slice(0, MAX_BULLETS)
      .map((entry) => entry.text);
    this.bulletTexts.push(result);
    return result;
  }
}

/** A table's body rows as slide lines ("Greeters: 2, Welcome visitors at the door"); the header row left out. */
function tableRows(table: string[][] | null): string[] {
  if (!table || table.length < 2) return [];
  return table
    .slice(1)
    .map((row) => row.map((cell) => cell.replace(/[.;:,]+$/, "").trim()).filter(Boolean))
    .filter((row) => row.length > 0)
    .map((row) => (row.length === 1 ? row[0]! : `${row[0]}: ${row.slice(1).join(", ")}`))
    .filter((row) => row.length <= 180);
}

/** One sentence that says what a table holds, without reading its rows. */
function tableSentence(table: string[][] | null, caseBook: CaseBook): string | null {
  const rows = tableRows(table);
  const header = table?.[0]?.[0];
  if (rows.length < 2 || !header) return null;
  return `The table on this slide has ${numberWord(rows.length)} rows, one for each ${caseBook.inSentence(header).replace(/[.:;]+$/, "")}.`;
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
  if (!part.heading || part.statementTitle) return position === 0 ? "Let's begin." : UNTITLED_TRANSITIONS[position % UNTITLED_TRANSITIONS.length]!;
  if (part.continued) return CONTINUED_TRANSITIONS[position % CONTINUED_TRANSITIONS.length]!;
  const heading = bareHeading(part.heading ?? part.title);
  if (heading.endsWith("?")) return capitalize(caseBook.inSentence(heading));
  const said = caseBook.inSentence(heading).replace(/[!?]+$/, "");
  const [firstWord = "", secondWord = ""] = said.toLowerCase().split(" ");
  // A heading opening on a preposition or a conjunction ("Before You Start", "On the Day") is no noun phrase: it
  // is named as the part's heading instead of being put after "look at".
  if (FUNCTION_OPENINGS.has(firstWord)) return `${position === 0 ? "The first part is headed" : "The next part is headed"} “${heading.replace(/[.:;]+$/, "")}”.`;
  // "Choose a Bin" is an instruction; "Water and Shade" is not, though "water" can be a verb.
  const instruction = IMPERATIVES.has(firstWord) && (said.split(" ").length === 1 || INSTRUCTION_OBJECTS.has(secondWord));
  if (instruction) {
    if (position === 0) return `The first step is to ${said}.`;
    return STEP_TRANSITIONS[position % STEP_TRANSITIONS.length]!.replace("{}", said);
  }
  if (/^(?:how|why|what|when|where|who|which|whether)\b/.test(firstWord)) return `${position === 0 ? "Let's start by looking at" : "Let's look at"} ${said}.`;
  // Any other heading is named as it is written: "Summary of Results" or "Editor's Note" said inside a sentence
  // would want an article ("Let's start with summary of results"), and its capitals keep its names.
  const named = `“${heading.replace(/[.:;]+$/, "")}”`;
  if (position === 0) return `Let's start with ${named}.`;
  return NOUN_TRANSITIONS[position % NOUN_TRANSITIONS.length]!.replace("{}", named);
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
  fillers: readonly string[] = FILLERS,
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

export function generateOfflineOutline(input: OutlineInput): Outline {
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
      segments.push(segmentOf(section, section.heading ?? (position === 0 ? parsed.title : null)));
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
        children: bounds.length === 2 ? segment.children : [],
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
      else part.title = ((partsOfSegment.get(part) ?? 1) >= 3 ? assertion() : null) ?? `${part.heading} (continued)`;
    } else {
      const top = phrases.find((candidate) => !usedTitles.has(titleCase(candidate.text)));
      part.title = assertion() ?? (top ? titleCase(top.text) : `Part ${index + 1}`);
    }
    usedTitles.add(part.title);
  });
  if (lead) writer.rank(lead);
  if (conclusion) writer.rank(conclusion);

  const slides: OutlineSlide[] = [];
  const contentSlidesOut: OutlineSlide[] = [];
  const firstBulletOf: { slide: number; bullet: string; sentence: Sentence | null; weight: number }[] = [];

  // Opening: the lead's best sentences (or the deck's most central ones) and what the deck will cover.
  const openingPool = lead?.sentences ?? [];
  // The opening's bullets come from the lead too: kept out of its narration while the rest of the lead says enough.
  const openingReserved = writer.reserve(openingPool, 4);
  let openingSentences: Sentence[] = [];
  for (;;) {
    openingSentences = writer.pickSentences(openingPool.filter((sentence) => !openingReserved.includes(sentence)), 70, 95);
    if (openingReserved.length === 0 || words(openingSentences.map((sentence) => sentence.text)) >= 30) break;
    openingReserved.pop();
  }
  writer.markUsed(openingSentences);
  writer.markUsed(openingReserved);

  const allPartSentences = parts.flatMap((part) => part.sentences);
  const spentFillers = new Set<string>();
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
    // A part without a heading is introduced by its paragraphs' first sentences: the narration keeps them.
    const reserved = writer.reserve(part.sentences, bulletsWanted(part), part.heading ? [] : part.sentences.filter((sentence) => sentence.first));
    const needed = MIN_SCRIPT_WORDS - transitionWords - (part.table || part.items.length >= 2 ? 10 : 0);
    for (;;) {
      const pool = part.sentences.filter((sentence) => !reserved.includes(sentence));
      const chosen = writer.pickSentences(pool, target - transitionWords, room);
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
    const transitionWords = wordCount(transitions[position]!) + (part.table || part.items.length >= 2 ? 10 : 0);
    let missing = MIN_SCRIPT_WORDS - transitionWords - words(chosenByPart[position]!.map((sentence) => sentence.text));
    for (const neighbour of [parts[position + 1], parts[position - 1]]) {
      if (missing <= 0 || !neighbour || neighbour.source !== part.source) continue;
      const extra = writer.pickSentences(neighbour.sentences, missing, MAX_SCRIPT_WORDS - MIN_SCRIPT_WORDS);
      writer.markUsed(extra);
      chosenByPart[position] = [...chosenByPart[position]!, ...extra].sort((a, b) => a.index - b.index);
      missing -= words(extra.map((sentence) => sentence.text));
    }
  });
  // What the deck narrates, so a script short of words is never topped up with a sentence heard on another slide.
  const heard = new Set([...openingSentences, ...chosenByPart.flat()].map((sentence) => heardKey(spoken(sentence.text))));
  parts.forEach((part, position) => {
    const chosen = chosenByPart[position]!;
    const narration = [transitions[position]!, ...writer.joinNarration(chosen, position)];
    // A list or table on the slide is introduced, not read out: the slide shows it.
    const shownItems = Math.min(part.items.length, MAX_BULLETS);
    // A part that is only a list says what it lists: there is nothing else to narrate.
    const listOnly = chosen.length === 0 && part.items.length >= 2 && !part.table;
    const listSentence =
      part.children.length >= 2
        ? null
        : (tableSentence(part.table, caseBook) ??
          (listOnly
            ? `The list has ${numberWord(part.items.length)} items: ${joinList(part.items.map((item) => caseBook.continued(item.replace(/[.;:,]+$/, ""))))}.`
            : part.items.length >= 2
              ? LIST_SENTENCES[position % LIST_SENTENCES.length]!.replace("{}", numberWord(shownItems)).replace("{N}", capitalize(numberWord(shownItems)))
              : null));
    if (listSentence) narration.splice(1, 0, listSentence);
    const titleBullet = titleBullets.get(part);
    // Material too short for a script even with its neighbours' spare sentences: sentences said elsewhere come
    // after the neutral fillers, since a script below the minimum is no slide at all.
    const lastResort = [part, parts[position + 1], parts[position - 1]]
      .filter((neighbour): neighbour is Part => Boolean(neighbour))
      .flatMap((neighbour) => writer.pickSentences(neighbour.sentences, 60, 90, { allowUsed: true }))
      .filter((sentence) => !chosen.includes(sentence))
      .map((sentence) => spoken(sentence.text));
    // A part too short for a script is padded first with sentences naming it, which no other slide says, before
    // the deck's neutral fillers, so a deck of many short parts does not repeat the same words slide after slide.
    const named = part.heading ? `“${bareHeading(part.heading)}”` : null;
    const ownPad = named ? [`That is the gist of ${named}.`, `Keep ${named} in mind for what follows.`] : [];
    const script = fitScript(narration, ownPad, spentFillers, [...lastResort, ...deckLastResort], heard);
    const bullets = writer.bullets(
      part,
      bulletsWanted(part),
      contentPhrases[position] ?? [],
      titleBullet ? [titleBullet] : [],
      { narration: script, outline: part.children.map((child) => child.heading) },
    );
    const slide: OutlineSlide = {
      title: part.title,
      bullets,
      script,
      imagePrompt: imagePromptFor(part.title, contentPhrases[position] ?? []),
    };
    contentSlidesOut.push(slide);
    if (writer.lastBest) firstBulletOf.push({ slide: position, ...writer.lastBest, weight: part.words });
  });

  const titles = parts.filter((part) => part.heading && !part.continued).map((part) => part.title);
  // The agenda names the parts when the source's headings name most of them; statements make poor agenda items.
  const agenda =
    titles.length >= 2 && titles.length * 2 >= parts.length
      ? titles.length <= 4
        ? `We will look at ${numberWord(titles.length)} topics: ${joinList(titles.map((title) => `“${title.replace(/[.:;]+$/, "")}”`))}.`
        : `We will go through ${numberWord(titles.length)} topics, from “${titles[0]!.replace(/[.:;]+$/, "")}” to “${titles.at(-1)!.replace(/[.:;]+$/, "")}”.`
      : `We will go through it in ${numberWord(parts.length)} ${parts.length === 1 ? "part" : "parts"}.`;
  const welcome = [
    "Welcome.",
    `This presentation is based on “${deckTitle.replace(/[.:;]+$/, "")}”${/[?!]$/.test(deckTitle) ? "" : "."}`,
    ...(supporting.length > 0 ? [`It also draws on ${numberWord(supporting.length)} supporting ${supporting.length === 1 ? "source" : "sources"}.`] : []),
  ];
  let openingNarration = [...welcome, ...writer.joinNarration(openingSentences, 0), agenda];
  if (words(openingNarration) < MIN_SCRIPT_WORDS) {
    // Too little lead to speak from: a preview of what is coming, the best self-contained sentence of each part
    // in order, until the opening is long enough.
    const preview: Sentence[] = [];
    let budget = MIN_SCRIPT_WORDS - words(openingNarration) + 10;
    const room = MAX_SCRIPT_WORDS - words(openingNarration);
    for (const part of parts) {
      if (budget <= 0) break;
      // Only sentences no slide narrates: the preview must not say what a slide will say again.
      const [best] = writer.ranked(part.sentences.filter((sentence) => narratable(sentence) && !writer.isUsed(sentence) && !DANGLING.test(sentence.text) && sentence.words <= 30));
      if (!best || words([...preview, best].map((sentence) => sentence.text)) > room) continue;
      preview.push(best);
      writer.markUsed([best]);
      budget -= best.words;
    }
    openingNarration = [...welcome, ...writer.joinNarration(openingSentences, 0), ...preview.map((sentence) => spoken(sentence.text)), agenda];
  }
  const agendaBullets = titles.length >= MIN_BULLETS && titles.length <= MAX_BULLETS && titles.length === parts.length ? titles : null;
  const openingPad = writer.pickSentences(allPartSentences, 60, 90);
  writer.markUsed(openingPad);
  const openingScript = fitScript(openingNarration, ["Let's begin.", ...openingPad.map((sentence) => spoken(sentence.text))], spentFillers, deckLastResort, heard);
  const openingSource = { sentences: openingPool.length > 0 ? openingPool : parts.flatMap((part) => part.sentences), items: [] };
  // A lead too short for the opening's bullets: the slide lists the deck's topics instead of one or two of them
  // beside a stray point.
  const leadBullets = openingPool.length > 0 ? writer.bulletCandidates(openingPool).filter((candidate) => !candidate.bullet.truncated && standsAlone(candidate.bullet.text)).length : MIN_BULLETS;
  const topicBullets = leadBullets < MIN_BULLETS && titles.length >= MIN_BULLETS ? titles.slice(0, MAX_BULLETS) : null;
  let openingBullets = agendaBullets ?? topicBullets ?? writer.bullets(openingSource, 4, titles, [], { narration: openingScript });
  // Lead points the opening's narration must read out (a lead too short to say anything else) give way to the
  // main source's topics, when those fit on the slide.
  const readOut = openingBullets.filter((bullet) => wordCount(bullet) >= 4 && saysWordForWord(openingScript, bullet)).length;
  const mainTopics = parts.filter((part) => part.isMain && part.heading && !part.continued).map((part) => part.title);
  if (!agendaBullets && !topicBullets && readOut >= 2 && readOut * 2 >= openingBullets.length && mainTopics.length >= MIN_BULLETS && mainTopics.length <= MAX_BULLETS) {
    openingBullets = mainTopics;
  }
  slides.push({
    title: deckTitle,
    bullets: openingBullets.slice(0, MAX_BULLETS),
    script: openingScript,
    imagePrompt: imagePromptFor(deckTitle, (phrasesByPart.flat().sort((a, b) => b.score - a.score)).slice(0, 3).map((phrase) => phrase.text)),
  });
  slides.push(...contentSlidesOut);

  // Closing: the article's own conclusion when it has one, else a recap of the biggest parts.
  const recapSlides = [...firstBulletOf].sort((a, b) => b.weight - a.weight || a.slide - b.slide).slice(0, 4).sort((a, b) => a.slide - b.slide);
  let closingTitle = "Key Takeaways";
  let closingNarration: string[];
  let closingBullets: string[];
  if (conclusion && conclusion.sentences.length > 0) {
    closingTitle = conclusion.heading ?? closingTitle;
    const chosen = writer.pickSentences(conclusion.sentences, 100, MAX_SCRIPT_WORDS - 10);
    writer.markUsed(chosen);
    const [first, ...rest] = writer.joinNarration(chosen, 1);
    closingNarration = [...(first ? [`To wrap up, ${caseBook.continued(stripLeading(first))}`] : []), ...rest];
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
          !narrated.some((sentence) => key(bullet).includes(sentence)) &&
          !DANGLING.test(bullet),
      );
      return said ? [said] : [];
    });
    const ordinals = ["First, ", "Second, ", "Third, "];
    const recap = lines.map((line, position) => {
      const ordinal = lines.length === 1 ? "" : position === lines.length - 1 ? "Finally, " : ordinals[position]!;
      const text = ordinal ? caseBook.continued(line) : capitalize(line);
      return `${ordinal}${text.replace(/[.!?]*$/, "")}${/\?$/.test(line) ? "" : "."}`;
    });
    closingNarration =
      recap.length > 0 ? [`To sum up, here ${recap.length === 1 ? "is the main point" : "are the main points"}.`, ...recap] : ["To sum up."];
  }
  // Padding for a short closing: sentences no slide says, then what the deck went through.
  const closingPad = [
    ...writer.pickSentences(parts.flatMap((part) => part.sentences), 40, 60).map((sentence) => spoken(sentence.text)),
    ...(titles.length >= 2
      ? [`We have looked at ${numberWord(titles.length)} topics, from “${titles[0]!.replace(/[.:;]+$/, "")}” to “${titles.at(-1)!.replace(/[.:;]+$/, "")}”.`]
      : []),
  ];
  // The thanks come last, so the padding goes in before them.
  const closingScript = fitScript(closingNarration, closingPad, spentFillers, deckLastResort, heard, [...CLOSING_FILLERS, ...FILLERS]);
  if (conclusion && conclusion.sentences.length > 0) {
    closingBullets = writer.bullets(
      { sentences: conclusion.sentences, items: conclusion.itemGroups.flatMap((group) => group.items) },
      4,
      recapSlides.map((entry) => entry.bullet),
      [],
      { narration: closingScript },
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
    script: wordCount(closingScript) + 4 <= MAX_SCRIPT_WORDS ? `${closingScript} ${THANKS}` : closingScript,
    imagePrompt: imagePromptFor(closingTitle, closingBullets.slice(0, 2)),
  });
  const spareBullets = allPartSentences.map((sentence) => toBullet(sentence.text)?.text).filter((text): text is string => Boolean(text));
  return { slides: withoutRepeats(ensureBullets(slides, [...spareBullets, ...parts.map((part) => part.title)])) };
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
 * Last guard for very short material: every slide shows at least three bullets, borrowing the parts' titles and
 * then other slides' bullets.
 */
function ensureBullets(slides: OutlineSlide[], partTitles: readonly string[]): OutlineSlide[] {
  const everyBullet = slides.flatMap((slide) => slide.bullets);
  // The line shown least often so far is borrowed first (a statement before a heading, which would be filler):
  // no line is shown on slide after slide.
  const shownCount = new Map<string, number>();
  for (const bullet of everyBullet) shownCount.set(bullet, (shownCount.get(bullet) ?? 0) + 1);
  const titles = new Set(slides.map((slide) => slide.title));
  return slides.map((slide) => {
    if (slide.bullets.length >= MIN_BULLETS) return slide;
    const bullets = [...slide.bullets];
    const candidates = [...new Set([...partTitles, ...everyBullet])].filter((candidate) => !bullets.includes(candidate) && candidate !== slide.title);
    const rank = (candidate: string) => (shownCount.get(candidate) ?? 0) * 2 + (standsAlone(candidate) && !titles.has(candidate) ? 0 : 2.5);
    for (const candidate of candidates.map((candidate, index) => ({ candidate, index })).sort((a, b) => rank(a.candidate) - rank(b.candidate) || a.index - b.index)) {
      if (bullets.length >= MIN_BULLETS) break;
      bullets.push(candidate.candidate);
      shownCount.set(candidate.candidate, (shownCount.get(candidate.candidate) ?? 0) + 1);
    }
    return { ...slide, bullets };
  });
}
