// Slide lint: what a reader or listener of a deck would notice as wrong, each finding with the slide and the text it
// is about. Parts of speech come from wink-nlp with its English model; the rules are written out below.
//
//   debris    markup shown as text: '#' heading marks, '**' or '__', '|' table bars, back-ticks, [links](…), bullet
//             glyphs or '- ' inside a bullet
//   cut       a bullet or title cut mid-clause: ending on a comma, colon, semicolon or dash, or on a word that
//             needs a continuation (the, of, and, which…); brackets or quotes left open; a subordinate clause
//             alone ("Whether the night train becomes a normal way to travel")
//   verbless  a bullet without a main verb ("For most of the twentieth century", "Operator", "A newcomer who
//             spends a month hunting for passwords"), unless it is a list item or table row of the source as
//             written, or a "label: value" line; verbs the tagger reads as nouns ("Talk to a doctor") are found by
//             misreadVerb
//   context   a bullet lifted from its context that opens on a word pointing elsewhere ("It is…", "Its…",
//             "The second is…", "However…", "This is…") or on an answer's "Yes." or "No."
//   duplicate a narrated sentence heard again on another slide (or holding one heard before)
//   filler    a bullet that is only a title: the deck's, a slide's or a heading of the source
//   reads     narration that reads the bullets: at least two bullets, and half or more of them, said word for word
//             (not on the slide of a section of up to three sentences, which has nothing else to show; a heading
//             named in an agenda is no bullet read out)
//   length    titles over 12 words or 80 characters or ending on a full stop; bullets over 25 words or 180
//             characters; slides with fewer than 2 (1 for a section of one or two sentences) or more than 6
//             bullets; narration under 40 (15 on the closing slide; unless it says all
//             of its section's prose: a section of one or two sentences) or over 170 words
//   borrowed  on a slide of a section of the source (titled by its heading) or on the opening slide of an article
//             with a lead, a bullet or a narrated sentence that comes from another section's prose and from none
//             of its own ("Before You Start" showing the next section's "Set the tree in the hole…"); the closing
//             recap is exempt
//   grammar   a linking phrase that does not fit its heading ("it's time to water and shade…", "let's look at
//             before the first day"), a name written lower case that the source always capitalises
//             ("the austrian gamble"), a recap counting "Second," with no "First,"
import type { DeckSlide } from "./app";
import type { Article } from "./corpus";
import { plainText, type Block } from "./markdown";
import { containsWords, contentWords, sameWords, sentences, tokens, wordCount } from "./text";
import { FINITE_TAGS, hasMainVerb, tagged, type Tagged } from "@/lib/ai/pos";
import { DATELINE } from "@/lib/ai/text";
import { inLanguage } from "@/lib/ai/language";

export const LINT_CATEGORIES = ["debris", "cut", "verbless", "context", "duplicate", "filler", "reads", "length", "borrowed", "grammar"] as const;
export type LintCategory = (typeof LINT_CATEGORIES)[number];

export interface LintFinding {
  category: LintCategory;
  slide: number;
  text: string;
  why: string;
}

const DEBRIS: [RegExp, string][] = [
  [/(^|\s)#{1,6}(\s|$)/, "a '#' heading mark"],
  [/\*\*|__/, "bold marks"],
  [/\|/, "a table bar"],
  [/`/, "a back-tick"],
  [/\[[^\]]+\]\([^)]*\)/, "a Markdown link"],
  [/[\u2022\u25cf\u25aa\u2023]/, "a bullet glyph"],
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A heading run into the text after it with no stop between: "What Cities Are Doing Cities have a growing toolkit". */
function gluedHeading(text: string, headings: readonly string[]): string | null {
  const wordsOf = (heading: string) => heading.match(/[\p{L}\p{N}'\u2019]+/gu) ?? [];
  for (const heading of headings) {
    const words = wordsOf(heading);
    if (words.length < 2) continue;
    // A longer heading that holds this one ("If the Rules Are Broken" holds "The Rules") is quoted whole, not glued.
    let rest = text;
    for (const longer of headings) {
      const longerWords = wordsOf(longer);
      if (longerWords.length <= words.length || !containsWords(longer, heading)) continue;
      rest = rest.replace(new RegExp(longerWords.map(escapeRegExp).join("[^\\p{L}\\p{N}]+"), "giu"), " ");
    }
    // Case aside for the heading's words; the word after it must start with a capital.
    const glued = new RegExp(`(?:^|[^\\p{L}])${words.map(escapeRegExp).join("[^\\p{L}\\p{N}]+")}\\s+(\\p{L})`, "giu");
    for (const match of rest.matchAll(glued)) if (/\p{Lu}/u.test(match[1] ?? "")) return heading;
  }
  return null;
}

const CONTINUES = new Set(
  "the a an of and or but nor to in on at for from by with as that which who whom whose than because while when if its their his her our your my such this these those into onto about like via".split(
    " ",
  ),
);
const SUBORDINATE = new Set("whether if when because although though while since unless once until whereas".split(" "));
const POINTING = new Set("it its it's they their them he she his her him these those such another however but and or so then instead yet also both".split(" "));
const ORDINALS = new Set("first second third fourth fifth latter former other same next last".split(" "));
/** "The fourth quarter", "the first week": an ordinal that names a span of the calendar refers to no list; nor one before a number ("The first 5 km follow …", "the first two weeks"). */
const CALENDAR = new Set("quarter half day days week weeks weekend month months year years decade century morning evening night season hour hours".split(" "));

function debrisIn(text: string): string | null {
  for (const [pattern, what] of DEBRIS) if (pattern.test(text)) return what;
  return null;
}

/** Verbs whose particle closes a clause: "goes on", "carried on", "moved in", "checked out". */
const PHRASAL_END =
  /\b(?:go|goes|going|went|gone|carr(?:y|ies|ied|ying)|mov(?:e|es|ed|ing)|hold|holds|held|come|comes|came|coming|keep|keeps|kept|switch(?:es|ed)?|turn(?:s|ed)?|log(?:s|ged)?|sign(?:s|ed)?|check(?:s|ed)?|drop(?:s|ped)?|join(?:s|ed)?|set|sets|wear|wears|wore|worn|catch(?:es)?|caught|take|takes|took|taken|put|puts|get|gets|got|give|gives|gave|given|grow|grows|grew|grown|settle[sd]?|slow(?:s|ed)?|cool(?:s|ed)?|dry|dries|dried|calm(?:s|ed)?)\s(?:on|in|off|out|up|over|back|away|down)[.!]?$/i;

/** A preposition left at the end of a passive ("parts of the channel were filled in", "a house rarely lived in"). */
function passiveEnd(words: readonly Tagged[]): boolean {
  const spoken = words.filter((word) => word.pos !== "PUNCT");
  const [before, verb] = spoken.slice(-3, -1);
  return verb?.pos === "VERB" && /(?:ed|en|wn|ung|ught|lt|pt)$/.test(verb.lower) && /^(?:is|are|was|were|be|been|being|get|got|gets|rarely|never|often|always)$/.test(before?.lower ?? "");
}

function cutReason(text: string, words: Tagged[]): string | null {
  const trimmed = text.trim();
  if (/[,;:\u2013\u2014-]$/.test(trimmed)) return `ends on '${trimmed.slice(-1)}'`;
  const last = tokens(trimmed).at(-1);
  // A phrasal verb's particle ends a clause ("as the chase goes on", "before you move in"), a preposition does not
  // ("we rely on").
  if (last && CONTINUES.has(last) && !PHRASAL_END.test(trimmed) && !passiveEnd(words)) return `ends on '${last}'`;
  const opens = (trimmed.match(/[([{]/g) ?? []).length;
  const closes = (trimmed.match(/[)\]}]/g) ?? []).length;
  if (opens !== closes) return "a bracket left open";
  if (((trimmed.match(/"/g) ?? []).length % 2 === 1) || (trimmed.match(/\u201c/g) ?? []).length !== (trimmed.match(/\u201d/g) ?? []).length) {
    return "a quotation left open";
  }
  const first = words.find((word) => word.pos !== "PUNCT");
  // "Whether he will want the early starts is a question for another decade": a "whether" clause can be the subject
  // of the verb after it.
  const verbs = words.filter((word) => word.pos === "VERB" || word.pos === "AUX").length;
  if (first && SUBORDINATE.has(first.lower) && !trimmed.includes(",") && !(first.lower === "whether" && verbs >= 2)) return `a '${first.word}' clause alone`;
  // "A sluggish carriage has a dull": an adjective whose noun was cut off.
  const [before, end] = words.filter((word) => word.pos !== "PUNCT").slice(-2);
  if (before && end && /^an?$/.test(before.lower) && end.pos === "ADJ" && !/^(?:few|little|lot|bit|while|first|second|third|fourth|fifth|half|quarter|dozen|hundred|thousand|million|billion)$/.test(end.lower)) return `ends on '${before.word} ${end.word}'`;
  return null;
}

/** List items and table rows of the source as written: bullets may quote them whole without a verb. */
/** The prose sentences of the section headed `title` (its own paragraphs, up to the next heading), or null. */
function sectionSentences(blocks: readonly Block[], title: string): string[] | null {
  const start = blocks.findIndex((block) => block.kind === "heading" && sameWords(plainText(block.text), title));
  const heading = blocks[start];
  if (!heading || heading.kind !== "heading") return null;
  const result: string[] = [];
  // Its own text: up to its first sub-heading, whose section has a slide of its own (or is said with it as its part).
  for (const block of blocks.slice(start + 1)) {
    if (block.kind === "heading") break;
    // A dateline ("Published 3 March 2025.") is no prose to say: a narration without it says the whole section.
    if (block.kind === "paragraph") result.push(...sentences(plainText(block.text)).filter((sentence) => !DATELINE.test(sentence)));
  }
  return result;
}

function quotableLines(blocks: readonly Block[]): string[] {
  return blocks.flatMap((block) => {
    if (block.kind === "list") return block.items.map(plainText);
    if (block.kind === "table") return block.rows.map((row) => row.map(plainText).join(" | "));
    return [];
  });
}

/** Words the source writes capitalised in mid-sentence and never in lower case: names ("Austrian", "Lisbon"). */
function namesOf(texts: readonly string[], headings: readonly string[] = []): Set<string> {
  const capitalised = new Set<string>();
  const alone = new Set<string>();
  // A word a heading writes in lower case ("Is there a café?") is no name either.
  const lower = new Set<string>(headings.flatMap((heading) => heading.match(/(?<=\s)\p{Ll}[\p{L}'\u2019-]*/gu) ?? []).map((word) => word.toLowerCase()));
  for (const text of texts) {
    // A title quoted in capitals ("a piece titled "What Girls Are Good For"") names nothing word by word.
    for (const sentence of sentences(text.replace(/["“][^"“”]{1,80}["”]/g, "\"\""))) {
      const words = sentence.match(/[\p{L}][\p{L}'\u2019-]*/gu) ?? [];
      words.forEach((word, index) => {
        if (index === 0) return;
        if (/^\p{Lu}\p{Ll}+$/u.test(word)) {
          capitalised.add(word.toLowerCase());
          // "Go" of "Inkwell Go" is a name only beside "Inkwell": alone, it is the word "go".
          if (!/^\p{Lu}/u.test(words[index - 1]!)) alone.add(word.toLowerCase());
        } else if (/^\p{Ll}/u.test(word)) lower.add(word.toLowerCase());
      });
    }
  }
  return new Set([...capitalised].filter((word) => !lower.has(word) && alone.has(word)));
}

function linkingProblem(script: string, title: string): string | null {
  const want = tagged(title)
    .filter((word) => word.pos !== "PUNCT")
    .map((word) => word.lower);
  if (want.length === 0) return null;
  // A heading quoted as a name ("let's look at “Off the Pitch”") reads after any word.
  if (new RegExp(`[“"‘']${escapeRegExp(title.trim())}[”"’']`, "i").test(script)) return null;
  // Parts of speech as the narration uses the heading's words: "to spread the word" makes 'spread' a verb.
  const said = tagged(script).filter((word) => word.pos !== "PUNCT");
  for (let start = 1; start + want.length <= said.length; start++) {
    if (want.some((word, offset) => said[start + offset]!.lower !== word)) continue;
    const head = said[start]!;
    const before = said[start - 1]!.lower;
    const twoBefore = `${said[start - 2]?.lower ?? ""} ${before}`;
    if ((twoBefore === "time to" || twoBefore === "is to" || twoBefore === "how to") && head.pos !== "VERB" && head.pos !== "AUX") {
      return `"${twoBefore} ${want.join(" ")}": the heading is not something to do`;
    }
    if (["at", "to", "with", "about", "on"].includes(before) && ["ADP", "SCONJ", "PART"].includes(head.pos)) {
      return `"${before} ${want.join(" ")}": a heading starting with '${head.word}' cannot follow '${before}'`;
    }
  }
  return null;
}

/** The prose sentences of every part of an article: its lead (before the first heading) and each heading's own text. */
function sentencesByPart(blocks: readonly Block[]): { heading: string | null; sentences: string[] }[] {
  const parts: { heading: string | null; sentences: string[] }[] = [{ heading: null, sentences: [] }];
  for (const block of blocks) {
    if (block.kind === "heading") {
      if (block.level > 1) parts.push({ heading: plainText(block.text), sentences: [] });
    } else if (block.kind === "paragraph") parts.at(-1)!.sentences.push(...sentences(plainText(block.text)));
    else if (block.kind === "list") parts.at(-1)!.sentences.push(...block.items.map(plainText));
    else if (block.kind === "table") parts.at(-1)!.sentences.push(...block.rows.map((row) => row.map(plainText).join(" ")));
  }
  return parts;
}

/** How much of a line's topic words a sentence holds: 1 when the line was taken from it (cut, figures rewritten aside). */
function takenFrom(line: string, sentence: string): number {
  const wanted = contentWords(line).filter((word) => !/^\d/.test(word));
  if (wanted.length < 3) return 0;
  const held = new Set(contentWords(sentence));
  return wanted.filter((word) => held.has(word)).length / wanted.length;
}

/**
 * Whether a line opening on a pronoun or a link ("Their site manager is Dean Okafor") comes, on its slide, right after
 * a line taken from the sentence before its own in the article ("Our contractor: Penrose Building Services"): what it
 * points to is on the slide.
 */
function followsItsReferent(line: string, previous: string | undefined, parts: readonly { sentences: readonly string[] }[]): boolean {
  if (!previous) return false;
  return parts.some((part) => part.sentences.some((sentence, index) => index > 0 && takenFrom(line, sentence) >= 0.8 && takenFrom(previous, part.sentences[index - 1]!) >= 0.8));
}

/**
 * Lines and sentences of a slide that come from another part of the source than the slide's own: `own` is the
 * slide's part (its heading's text and its subsections', or the lead), `others` every other part's sentences.
 */
function borrowedLines(texts: readonly string[], own: readonly string[], others: readonly string[]): string[] {
  return texts.filter((text) => {
    const best = (pool: readonly string[]) => pool.reduce((most, sentence) => Math.max(most, takenFrom(text, sentence)), 0);
    return best(others) >= 0.8 && best(own) < 0.6;
  });
}

/** Every finding on a deck made from the article. */
export function lintDeck(slides: readonly DeckSlide[], article: Article): LintFinding[] {
  // In the article's language: an address in the narration is said in it ("bonjour arobase boulangerie point fr").
  return inLanguage(article.gold.language, () => lintDeckNow(slides, article));
}

function lintDeckNow(slides: readonly DeckSlide[], article: Article): LintFinding[] {
  const findings: LintFinding[] = [];
  const add = (category: LintCategory, slide: number, text: string, why: string) => findings.push({ category, slide, text, why });
  const sourceBlocks = [...article.blocks, ...article.extras.flatMap((extra) => extra.blocks)];
  const quotable = quotableLines(sourceBlocks);
  const headings = sourceBlocks.flatMap((block) => (block.kind === "heading" ? [plainText(block.text)] : []));
  const titles = [article.title, ...headings, ...slides.map((slide) => slide.title)];
  const names = namesOf(
    sourceBlocks.flatMap((block) => (block.kind === "paragraph" ? [plainText(block.text)] : block.kind === "list" ? block.items.map(plainText) : [])),
    headings,
  );
  const heard: { slide: number; sentence: string }[] = [];
  // The rules that read parts of speech (cut, verbless, context, the linking phrase's grammar) use wink-nlp's English
  // model and English words: they apply to English decks only. The others (debris, length, filler, reads, duplicate,
  // names) read any language.
  const english = article.gold.language === "en";
  const byPart = sentencesByPart(article.blocks);
  const levelOf = new Map(article.blocks.flatMap((block) => (block.kind === "heading" ? [[plainText(block.text), block.level] as const] : [])));

  for (const slide of slides) {
    const n = slide.number;
    for (const [label, text] of [["title", slide.title], ...slide.bullets.map((bullet) => ["bullet", bullet]), ["narration", slide.script]] as const) {
      const what = debrisIn(text);
      if (what) add("debris", n, text, `${label} shows ${what}`);
      const glued = gluedHeading(text, headings);
      if (glued) add("debris", n, text, `${label} runs the heading "${glued}" into the text after it`);
    }
    // A slide listing two or more headings is an outline of the deck: its bullets quote headings by design.
    const headingBullets = slide.bullets.filter((bullet) => headings.some((heading) => sameWords(heading, bullet))).length;
    const outline = headingBullets >= 2;
    const titleWords = wordCount(slide.title);
    if (titleWords > 12 || slide.title.length > 80) add("length", n, slide.title, `title of ${titleWords} words, ${slide.title.length} characters`);
    if (/[.]$/.test(slide.title.trim())) add("length", n, slide.title, "title is a sentence (ends on a full stop)");
    const titleCut = /[,;:\u2013\u2014-]$/.test(slide.title.trim()) ? `title ends on '${slide.title.trim().slice(-1)}'` : null;
    if (titleCut) add("cut", n, slide.title, titleCut);
    // A section of one or two sentences (an FAQ answer's "No." not counted) has one line to show; one of up to three
    // says them all and has nothing else to show: its lines are read out rather than taken from another section.
    // A slide that is no section's (the opening, the closing, a part of a long section) or a section of a list has
    // no such allowance.
    const ownSection = sectionSentences(sourceBlocks, slide.title);
    const ownSentences = ownSection && ownSection.length > 0 ? ownSection.filter((sentence) => wordCount(sentence) >= 3).length : Number.POSITIVE_INFINITY;
    const tiny = ownSentences <= 3;
    if ((slide.bullets.length < 2 && !(ownSentences <= 2 && slide.bullets.length === 1)) || slide.bullets.length > 6) add("length", n, slide.bullets.join(" / "), `${slide.bullets.length} bullets`);

    let readAloud = 0;
    for (const bullet of slide.bullets) {
      const words = tagged(bullet);
      const count = wordCount(bullet);
      const isHeading = headings.some((heading) => sameWords(heading, bullet));
      // A list item's first clause ("A sleeping-bag liner, which is compulsory in every hut" of "…; blankets are
      // provided") is the item as written too.
      const quoted = (text: string) => quotable.some((line) => sameWords(line, text) || line.split(/\s*;\s*/).some((clause) => sameWords(clause, text)));
      // Short items of a list shown two to a line ("1 napa cabbage, about 1 kg; 60 g coarse sea salt") are as written too.
      const asWritten = isHeading || quoted(bullet) || (bullet.includes(";") && bullet.split(/\s*;\s*/).every(quoted));
      const cut = asWritten || !english ? null : cutReason(bullet, words);
      if (cut) add("cut", n, bullet, cut);
      const label = /^[^:]{1,60}:\s*\S/.test(bullet);
      if (english && !asWritten && !label && !hasMainVerb(words)) add("verbless", n, bullet, count < 3 ? "a fragment of a bullet" : "no main verb");
      const opener = words.find((word) => word.pos !== "PUNCT");
      const second = words.filter((word) => word.pos !== "PUNCT")[1];
      if (english && opener && !asWritten) {
        if (/^(?:[^,;]{1,40},\s)?(?:yes|no)[.!,;]\s/i.test(bullet)) add("context", n, bullet, `says '${/\b(?:yes|no)\b/i.exec(bullet)![0]}', the answer to a question not on the slide`);
        else if (POINTING.has(opener.lower) && !followsItsReferent(bullet, slide.bullets[slide.bullets.indexOf(bullet) - 1], byPart)) {
          add("context", n, bullet, `opens on '${opener.word}', which points to text not on the slide`);
        }
        else if ((opener.lower === "this" || opener.lower === "that") && second && FINITE_TAGS.has(second.pos)) add("context", n, bullet, `'${opener.word} ${second.word}' points to text not on the slide`);
        // "The second child in a family gets £20 off" is any family's second child: no list of the text's.
        else if (opener.lower === "the" && second && ORDINALS.has(second.lower) && !CALENDAR.has(words.filter((word) => word.pos !== "PUNCT")[2]?.lower ?? "") && words.filter((word) => word.pos !== "PUNCT")[2]?.pos !== "NUM" && !/^the \S+ (?:\S+ ){1,2}(?:in|of|on|at) (?:a|an|each|every|any)\b/i.test(bullet)) {
          add("context", n, bullet, `'The ${second.word}' refers to a list not on the slide`);
        }
      }
      const ownTitle = sameWords(slide.title, bullet) || sameWords(article.title, bullet);
      if (ownTitle || (!outline && titles.some((title) => sameWords(title, bullet)))) add("filler", n, bullet, "the bullet is only a title");
      if (count > 25 || bullet.length > 180) add("length", n, bullet, `bullet of ${count} words, ${bullet.length} characters`);
      // A heading named in an agenda ("We will look at two topics: “Empty the bin…” and …") is not the slide read out.
      if (count >= 4 && !isHeading && containsWords(slide.script, bullet)) readAloud += 1;
    }
    if (readAloud >= 2 && readAloud * 2 >= slide.bullets.length && !tiny) add("reads", n, slide.script, `${readAloud} of ${slide.bullets.length} bullets are read out word for word`);

    const scriptWords = wordCount(slide.script);
    // A short narration is a fault when its section had more to say: one that says every sentence of a section of
    // one or two sentences (or only introduces its list) could only be longer with filler or a sentence heard twice.
    const section = scriptWords < 40 ? sectionSentences(sourceBlocks, slide.title) : null;
    const saysAll = section !== null && section.every((sentence) => containsWords(slide.script, sentence));
    // The closing says what there is to recap and the thanks: short is no fault there, padding would be.
    const closing = n === slides.length && n > 1;
    if ((scriptWords < (closing ? 15 : 40) && !saysAll) || scriptWords > 170) add("length", n, slide.script, `narration of ${scriptWords} words`);

    for (const sentence of sentences(slide.script)) {
      // A question heading said as the slide's opening ("Who do I contact with a question?") is a heading, not a
      // sentence heard twice, though the agenda quotes it.
      if (wordCount(sentence) < 6 || headings.some((heading) => sameWords(heading, sentence))) continue;
      const earlier = heard.find((before) => before.slide !== n && (containsWords(before.sentence, sentence) || containsWords(sentence, before.sentence)));
      if (earlier) add("duplicate", n, sentence, `also narrated on slide ${earlier.slide}`);
    }
    // A heading said is not heard as a sentence either: the closing may quote it ("from “Who can join?” to …").
    for (const sentence of sentences(slide.script)) if (wordCount(sentence) >= 6 && !headings.some((heading) => sameWords(heading, sentence))) heard.push({ slide: n, sentence });

    // The slide's own part: the section its title names (with its subsections), or the lead on the opening slide.
    const base = slide.title.replace(/\s*\([^)]*\)\s*$/, "");
    const headed = byPart.findIndex((part) => part.heading !== null && sameWords(part.heading, base));
    const ownRange = (() => {
      // A lead that is only a byline ("Published 14 May 2025 by …") is no lead: the opening speaks from the parts.
      if (n === 1) return byPart[0]!.sentences.some((sentence) => !DATELINE.test(sentence)) ? [0, 1] : null;
      if (headed < 0) return null;
      const level = levelOf.get(byPart[headed]!.heading!) ?? 2;
      let end = headed + 1;
      while (end < byPart.length && (levelOf.get(byPart[end]!.heading!) ?? 2) > level) end += 1;
      return [headed, end];
    })();
    if (ownRange) {
      const own = byPart.slice(ownRange[0], ownRange[1]).flatMap((part) => part.sentences);
      const others = [...byPart.slice(0, ownRange[0]), ...byPart.slice(ownRange[1])].flatMap((part) => part.sentences);
      const lines = slide.bullets.filter((bullet) => !headings.some((heading) => sameWords(heading, bullet)));
      for (const line of borrowedLines(lines, own, others)) add("borrowed", n, line, "the bullet comes from another section of the source");
      const said = sentences(slide.script).filter((sentence) => wordCount(sentence) >= 6 && !headings.some((heading) => sameWords(heading, sentence)));
      for (const sentence of borrowedLines(said, own, others)) {
        add("borrowed", n, sentence, "the narration says a sentence of another section of the source");
      }
    }

    const linking = english ? linkingProblem(slide.script, slide.title) : null;
    if (linking) add("grammar", n, slide.script.slice(0, 160), linking);
    for (const word of slide.script.match(/(?<=[\p{L},;]\s)\p{Ll}[\p{L}'\u2019-]*/gu) ?? []) {
      if (!names.has(word.toLowerCase())) continue;
      // A pronoun is no name, however a quotation opens on it ('she says, "You never forget …"').
      if (/^(?:you|we|they|he|she|it|there|this|that|these|those|my|your|our|their|his|her|its)$/.test(word)) continue;
      // A verb is no name: "We will go through …" beside "the Inkwell Go".
      const sentence = sentences(slide.script).find((candidate) => new RegExp(`(?<![\\p{L}])${escapeRegExp(word)}(?![\\p{L}])`, "u").test(candidate)) ?? "";
      if (tagged(sentence).some((token) => token.word === word && (token.pos === "VERB" || token.pos === "AUX"))) continue;
      add("grammar", n, slide.script.slice(0, 160), `'${word}' is a name the source always capitalises`);
      break;
    }
    const doubled = /(?:^|[.!?]\s+)Also,[^.!?]*\balso\b/.exec(slide.script);
    if (doubled) add("grammar", n, doubled[0].trim(), "'Also, … also' in one sentence");
    const counted = /(?:^|[.!?]\s+)(?:Second|Secondly),/.exec(slide.script);
    if (counted && !/(?:^|[.!?]\s+)(?:First|Firstly),/.test(slide.script.slice(0, counted.index + 1))) {
      add("grammar", n, slide.script.slice(counted.index, counted.index + 160).trim(), "counts 'Second,' with no 'First,' before it");
    }
  }
  return findings;
}
