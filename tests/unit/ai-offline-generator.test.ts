// The offline slide generator on the two fixture articles (with and without headings), a short text, a requested
// slide count and supporting sources: structure, word limits, and scripts made of the author's own sentences.
import { describe, expect, it } from "vitest";
import { BadRequest } from "@/lib/errors";
import { generateOutline, NO_MAIN_SOURCE_MESSAGE, offlineGenerationProvider, type Outline, type OutlineInput } from "@/lib/ai/generation";
import {
  answeredStatement,
  CLOSING_FILLERS,
  conditionLines,
  figureLine,
  FILLERS,
  frontToEnd,
  generateOfflineOutline,
  labelForm,
  mainPerson,
  namedSubject,
  namingPerson,
  slideTitleOf,
  toBullet,
  TOO_LITTLE_TEXT_MESSAGE,
  whenFirst,
} from "@/lib/ai/offline-generator";
import { inLanguage } from "@/lib/ai/language";
import { hasMainVerb, tagged } from "@/lib/ai/pos";
import { outlineSchema } from "@/lib/ai/outline";
import { sayAddresses, splitSentences, wordCount, words as wordsOf } from "@/lib/ai/text";
import { extractDocument } from "@/lib/content/extract";
import { htmlToSections } from "@/lib/content/sections";
import { loadArticle, type ArticleName } from "../fixtures/articles";
import { buildDocx } from "../fixtures/docx";
import { buildPdf } from "../fixtures/pdf";

const ARTICLES: ArticleName[] = ["home-composting-guide", "city-heat-pumps"];

function input(text: string, extra: Partial<OutlineInput> = {}): OutlineInput {
  return { sources: [{ name: "Article", kind: "main_document", text, isMain: true }], useMainSourceOnly: true, template: "professional", ...extra };
}

/** Sentences the generator adds itself around the author's sentences (signposts, agenda, recap, thanks). */
const SIGNPOST =
  /^(?:Welcome\.|This presentation is based on “.+”[.?!]?|It also draws on \w+ supporting sources?\.|We will (?:look at|go through) .+\.|Let's (?:start|turn|look|stay|move|begin)\b.*[.]|Next, (?:let's look at|it's time to) .+\.|The (?:next|first) (?:topic|step) is .+\.|This part continues the same topic\.|There is more to say on this topic\.|Here is the next point\.|To sum up, here are the main points\.|Thank you for listening\.|The points listed here are: .+\.|The slide lists \w+ of its points\.|To sum up\.|That is the gist of “[^”]+”\.|Keep “[^”]+” in mind for what follows\.|We have looked at \w+ topics, from “[^”]+” to “[^”]+”\.|[A-Z]\w+ of them are on the slide\.|You can see \w+ of them on the slide\.|The list has \w+ items: .+\.|The table on this slide has \w+ rows, one for each [^.]+\.|The (?:next|first) part is headed “[^”]+”\.|To sum up, here is the main point\.|[A-Z][^.!]*\?)$/;
const CONNECTIVE = /^(?:Also|Beyond that|On top of that|To wrap up|First|Second|Third|Finally), /;

function inOrderIn(needle: readonly string[], haystack: readonly string[]): boolean {
  let at = 0;
  for (const word of haystack) if (at < needle.length && word === needle[at]) at += 1;
  return needle.length > 0 && at === needle.length;
}

/** The script's sentences that are neither signposts nor the author's own (with a connective taken off). */
function foreignSentences(script: string, source: string): string[] {
  const normalisedSource = source.replace(/\s+/g, " ").toLowerCase();
  return splitSentences(script).filter((sentence) => {
    if (SIGNPOST.test(sentence)) return false;
    if (FILLERS.includes(sentence) || CLOSING_FILLERS.includes(sentence)) return false;
    const bare = sentence.replace(CONNECTIVE, "").toLowerCase();
    if (normalisedSource.includes(bare)) return false;
    // A recap line is a slide's bullet: the author's words in their order, asides and soft adverbs left out.
    return !(CONNECTIVE.test(sentence) && inOrderIn(wordsOf(bare.replace(/%/g, " percent")), wordsOf(normalisedSource)));
  });
}

function expectWellFormed(outline: Outline, source: string): void {
  expect(outline.slides.length).toBeGreaterThanOrEqual(4);
  expect(outline.slides.length).toBeLessThanOrEqual(20);
  const titles = outline.slides.map((slide) => slide.title);
  expect(new Set(titles).size, titles.join(" | ")).toBe(titles.length);
  for (const slide of outline.slides) {
    const label = `slide "${slide.title}"`;
    expect(slide.title.trim(), label).not.toBe("");
    // Three lines or more where the part has them; two of its own points rather than a third borrowed from another part.
    expect(slide.bullets.length, label).toBeGreaterThanOrEqual(2);
    expect(slide.bullets.length, label).toBeLessThanOrEqual(6);
    for (const bullet of slide.bullets) {
      expect(wordCount(bullet), `${label}: ${bullet}`).toBeLessThanOrEqual(20);
      expect(bullet, label).toMatch(/^["“(]?[\p{Lu}\p{N}]/u);
      expect(bullet, label).not.toMatch(/[.,;:]$/);
    }
    const words = wordCount(slide.script);
    expect(words, `${label}: ${slide.script}`).toBeGreaterThanOrEqual(60);
    expect(words, `${label}: ${slide.script}`).toBeLessThanOrEqual(150);
    // Grammatical prose: whole sentences, each capitalised and closed, none of them a heading or a list item.
    const sentences = splitSentences(slide.script);
    expect(sentences.length, label).toBeGreaterThanOrEqual(3);
    for (const sentence of sentences) {
      expect(sentence, label).toMatch(/^["“‘(]?[\p{Lu}\p{N}]/u);
      expect(sentence, label).toMatch(/[.!?]["”’)]?$/);
    }
    // Every sentence is the author's own or a signpost of the generator's: nothing garbled in between.
    expect(foreignSentences(slide.script, source), label).toEqual([]);
    // The narration is not the bullets read out: it says more than they show, in sentences of its own.
    const bulletWords = slide.bullets.reduce((total, bullet) => total + wordCount(bullet), 0);
    expect(words, label).toBeGreaterThan(bulletWords);
    expect(slide.script.toLowerCase()).not.toBe(`${slide.bullets.join(". ").toLowerCase()}.`);
    const spokenBeyondBullets = sentences.filter((sentence) => !slide.bullets.some((bullet) => sentence.toLowerCase().includes(bullet.toLowerCase())));
    expect(spokenBeyondBullets.length, label).toBeGreaterThanOrEqual(2);
    if (slide.imagePrompt !== undefined) expect(slide.imagePrompt.length).toBeGreaterThan(10);
  }
}

describe("offline slide generator", () => {
  for (const name of ARTICLES) {
    describe(name, () => {
      const article = loadArticle(name);
      const outline = generateOfflineOutline(input(article.text));

      it("makes a well-formed deck whose narration is the article's own prose", () => {
        expectWellFormed(outline, article.text);
      });

      it("follows the article's sections: opening with its title, one slide or more per heading in order", () => {
        const titles = outline.slides.map((slide) => slide.title);
        expect(titles[0]).toBe(article.title);
        let from = 1;
        for (const heading of article.headings) {
          const at = titles.findIndex((title, index) => index >= from && title.startsWith(heading.replace(/\?$/, "")));
          expect(at, `heading "${heading}" in ${titles.join(" | ")}`).toBeGreaterThanOrEqual(from);
          from = at + 1;
        }
        // Every slide between the first and the last belongs to a heading of the article.
        for (const title of titles.slice(1, -1)) {
          expect(article.headings.some((heading) => title.startsWith(heading.replace(/\?$/, ""))), title).toBe(true);
        }
      });

      it("scales the slide count to the length and speaks to each section", () => {
        const words = wordCount(article.text);
        expect(outline.slides.length).toBeGreaterThanOrEqual(Math.min(20, article.headings.length));
        expect(outline.slides.length).toBeLessThanOrEqual(Math.max(8, Math.round(words / 150)));
      });

      it("is deterministic", () => {
        expect(generateOfflineOutline(input(article.text))).toEqual(outline);
      });

      it("reads the same with the sections from extraction as with the text alone", () => {
        expect(generateOfflineOutline({ ...input(article.text), sources: [{ name: "Article", kind: "main_document", text: article.text, sections: article.sections, isMain: true }] })).toEqual(outline);
      });

      it("reads the article as the extraction job stores a web page of it", () => {
        // The article as a page: what extractWebPage hands to htmlToSections after Readability.
        const html = [
          `<h1>${article.title}</h1>`,
          ...article.sections.map((section) => {
            const body = section.text
              .split("\n\n")
              .map((paragraph) => (/[.!?:"”]$/.test(paragraph) ? `<p>${paragraph}</p>` : `<ul><li>${paragraph}</li></ul>`))
              .join("");
            return section.heading && section.heading !== article.title ? `<h2>${section.heading}</h2>${body}` : body;
          }),
        ].join("\n");
        const extracted = htmlToSections(html);
        expect(generateOfflineOutline(input(extracted.text))).toEqual(outline);
      });

      it("finds topics in the same article without headings and titles them from their content", () => {
        const plain = generateOfflineOutline(input(article.textWithoutHeadings, { sources: [{ name: "heat-pumps_article.pdf", kind: "main_document", text: article.textWithoutHeadings, isMain: true }] }));
        expectWellFormed(plain, article.textWithoutHeadings);
        expect(plain.slides[0]!.title).toBe("Heat Pumps Article");
        for (const slide of plain.slides.slice(1, -1)) {
          // An untitled part's title is its main point in a few words, not a fragment.
          expect(wordCount(slide.title), slide.title).toBeGreaterThanOrEqual(2);
          expect(wordCount(slide.title), slide.title).toBeLessThanOrEqual(12);
        }
      });
    });
  }

  it("closes with the article's own conclusion when it has one, else with its key takeaways", () => {
    const guide = generateOfflineOutline(input(loadArticle("home-composting-guide").text));
    expect(guide.slides.at(-1)!.title).toBe("Final Thoughts");
    expect(guide.slides.at(-1)!.script).toMatch(/^To wrap up, /);
    const news = generateOfflineOutline(input(loadArticle("city-heat-pumps").text));
    expect(news.slides.at(-1)!.title).toBe("Key Takeaways");
    expect(news.slides.at(-1)!.script).toMatch(/^To sum up, .* Thank you for listening\.$/);
    // A conclusion of a few sentences shows its own lines, two if it has no third, never another section's.
    const report = [
      "# Island Ferries: Annual Summary",
      "## Passengers",
      "Every route grew this year, helped by a long, dry August. Altogether we ran 38,740 sailings and cancelled 532 of them. Mobile tickets, introduced in 2023, accounted for 54 per cent of all journeys, up from 38 per cent a year earlier.",
      "## Finances",
      "Total revenue was £14.6 million, up from £12.9 million the year before. Operating costs rose 3.8 per cent to £13.48 million. The board has proposed a dividend of 3p per share, the first since 2019.",
      "## People",
      "At the end of the year we employed 148 people, up from 139. Eleven apprentices began training as deckhands and engineers. Staff turnover fell from 14 per cent to 9 per cent.",
      "## Looking ahead",
      "Next year we expect to carry about 1.22 million passengers. Fares will rise by 3 per cent from 1 April, below the rate of inflation. Annual season tickets for residents will be frozen at £180. We thank our passengers and our staff for their support through a record year.",
    ].join("\n\n");
    const closing = generateOfflineOutline(input(report)).slides.at(-1)!;
    expect(closing.title).toBe("Looking ahead");
    expect(closing.bullets.length).toBeGreaterThanOrEqual(2);
    for (const bullet of closing.bullets) expect(report.split("## Looking ahead")[1]).toContain(bullet.split(" ").slice(0, 4).join(" "));
  });

  it("says a list too long for its slide after the sentence that introduces it, never that sentence as a line", () => {
    const policy = [
      "# Volunteer Expenses",
      "## Who this covers",
      "This policy applies to every volunteer at the centre, whatever their role. It explains what we repay and how to claim. Claims are paid within two weeks.",
      "## What we will pay for",
      "We will repay the following costs when they arise from volunteering for the centre:",
      "- travel between your home and the centre, or to other places on centre business\n- a meal allowance of up to £7.50 a day when you volunteer for more than four hours in one day, with a receipt\n- care for a child or a dependent adult while you volunteer, up to £10 an hour, agreed in advance with the volunteer coordinator\n- phone calls and postage on centre business",
      "The centre pays for any check your role needs directly, so you will never be asked to pay for one yourself.",
      "## How to claim",
      "Fill in a claim form and attach your receipts. Hand it to the coordinator by the end of the month. We pay by bank transfer.",
    ].join("\n\n");
    const slide = generateOfflineOutline(input(policy)).slides.find((candidate) => candidate.title === "What we will pay for")!;
    // The items the slide shows are not read out; the narration says how many it shows and the others.
    expect(slide.bullets).toContain("Travel between your home and the centre, or to other places on centre business");
    expect(slide.script).toMatch(
      /We will repay the following costs when they arise from volunteering for the centre\. The list has four items, two of them on the slide\. The others: a meal allowance of up to £7\.50 a day/,
    );
    expect(slide.script).not.toMatch(/travel between your home/i);
    expect(slide.bullets.some((bullet) => bullet.startsWith("We will repay the following costs"))).toBe(false);
    // Items that are sentences are said once, in the list.
    const notice = [
      "# Expenses Notice",
      "## Who this covers",
      "This policy applies to every volunteer at the centre, whatever their role. It explains what we repay and how to claim. Claims are paid within two weeks.",
      "## Changes",
      "The trustees met on 27 February and agreed three changes to the policy:",
      "1. The mileage rate for volunteers who use their own car rises from 35p to 45p a mile, in line with the rate HM Revenue and Customs allows without tax.\n2. The cycling rate rises from 10p to 20p a mile.\n3. Volunteers now have 60 days, instead of 30, to hand in a claim after the expense.",
      "## How to claim",
      "Fill in a claim form and attach your receipts. Hand it to the coordinator by the end of the month. We pay by bank transfer.",
    ].join("\n\n");
    const deck = generateOfflineOutline(input(notice)).slides;
    const changes = deck.find((candidate) => candidate.title === "Changes")!;
    // On the slide or said there, and heard once at most in the whole deck.
    expect([changes.script, ...changes.bullets].join(" ")).toMatch(/the cycling rate rises from 10p to 20p a mile/i);
    expect(deck.map((slide) => slide.script).join(" ").match(/the cycling rate rises from 10p to 20p a mile/gi)?.length ?? 0).toBeLessThanOrEqual(1);
  });

  it("says a list of long items by what its slide does not show, and reads none of its lines", () => {
    const text = [
      "# How to Make a Diamond Kite",
      "This guide makes a kite about 90 cm tall that flies well in a light breeze. Allow about two hours, including time for the glue to dry.",
      "## What you need",
      [
        "- two straight wooden dowels, 6 mm thick: one 90 cm long for the spine and one 75 cm long for the spar",
        "- a sheet of thin plastic at least 100 cm by 80 cm, such as a large bin bag or a decorating dust sheet",
        "- strong thread or thin kite line, about 30 metres",
        "- clear sticky tape and a small tube of wood glue",
        "- a craft knife or scissors, a ruler and a marker pen",
        "- a strip of crepe paper or ribbon about 3 metres long for the tail",
      ].join("\n"),
      "## Build the frame",
      "Measure 22 cm down from the top of the spine and make a mark. Lay the spar across the spine at the mark so that equal lengths stick out on each side. Glue the joint, then bind it tightly with thread and leave it to dry for 30 minutes.",
      "## Fly it",
      "Choose an open space away from trees and power lines. Stand with your back to the wind and let the line out slowly. A light breeze is best for a first flight.",
    ].join("\n\n");
    const slide = generateOfflineOutline(input(text)).slides.find((candidate) => candidate.title === "What you need")!;
    expect(slide.bullets.length).toBeGreaterThanOrEqual(2);
    // No line of the slide is read out word for word, and every item is on the slide or said.
    for (const bullet of slide.bullets) expect(slide.script.toLowerCase()).not.toContain(bullet.toLowerCase());
    for (const item of ["wooden dowels", "thin plastic", "kite line", "sticky tape", "craft knife", "crepe paper"]) {
      expect([slide.script, ...slide.bullets].join(" "), item).toContain(item);
    }
    expect(slide.script).toMatch(new RegExp(`The list has six items, ${["two", "three", "four"][slide.bullets.length - 2]} of them on the slide\\. The others?: `));
  });

  it("says the others of a list whose slide shows one item whole and one cut, without reading the whole item out", () => {
    const text = [
      "# Bleeding a Radiator",
      "A radiator that is cold at the top and warm at the bottom has air trapped inside it. Letting the air out takes ten minutes and no special skill.",
      "## What You Will Need",
      [
        "- A radiator key, which costs a few pounds from any hardware shop; some newer radiators have a slotted valve that takes a flat-head screwdriver instead.",
        "- An old towel or cloth to catch drips, and a small container such as a jam jar.",
        "- A clip-on pipe thermometer or an infrared thermometer, if you plan to balance the system.",
        "- A lockshield valve key or a small adjustable spanner.",
      ].join("\n"),
      "## How to Bleed a Radiator",
      "Turn the heating off and let the radiators cool for at least an hour. Fit the key to the bleed valve at the top corner of the radiator and hold the towel underneath. Turn the key a quarter turn anticlockwise until you hear a hiss. When water starts to come out, close the valve again.",
      "## Check the Pressure",
      "Bleeding lets water out of the system, so the boiler pressure can drop. Check the gauge on the boiler: it should read between 1 and 1.5 bar when the heating is cold. If it is lower, top it up with the filling loop as the boiler's manual describes.",
    ].join("\n\n");
    const slide = generateOfflineOutline(input(text)).slides.find((candidate) => candidate.title === "What You Will Need")!;
    const read = slide.bullets.filter((bullet) => slide.script.toLowerCase().includes(bullet.toLowerCase()));
    expect(read.length).toBeLessThan(2);
    expect(slide.script).toMatch(/The list has four items, (?:one|two) of them on the slide\. The others?: /);
  });

  it("says a subtitle under the title in the opening, never as a slide, and opens on a short lead alone", () => {
    const text = [
      "# Harbour Lights Sweater",
      "**A relaxed raglan pullover in aran-weight wool, knitted from the top down**",
      "## Sizes",
      "The sweater comes in seven sizes, from a chest of 86 cm to one of 142 cm. Choose the size closest to your chest measurement plus about 20 cm of ease. If you are between two sizes, the smaller one gives a closer fit. The body and the sleeves are worked straight to the length you want, so it is easy to make them longer or shorter. Measure a sweater you already like wearing to find the lengths that suit you.",
      "## Materials",
      "You need eight to fourteen skeins of aran-weight wool in the main colour and one in the contrast colour. The pattern uses 4.5 mm and 5 mm circular needles. Stitch markers and a tapestry needle finish the list. A soft, springy wool shows the colourwork best, and a yarn that can go in the washing machine makes the sweater easier to live with. Buy all the skeins of the main colour from the same dye lot.",
      "## Tension",
      "Knit a swatch of at least 15 cm square before you start. The tension is 18 stitches and 24 rows to 10 cm in stocking stitch on the larger needles. Wash and dry the swatch before you measure it. If you have more stitches than the pattern asks for, try a larger needle; if you have fewer, try a smaller one. The colourwork band is often worked tighter than plain knitting, so many knitters go up half a size of needle for it.",
    ].join("\n\n");
    const slides = generateOfflineOutline(input(text)).slides;
    expect(slides.map((slide) => slide.title)).not.toContain("A relaxed raglan pullover in aran-weight wool, knitted from the top down");
    const opening = slides[0]!.script;
    expect(opening).toContain("A relaxed raglan pullover in aran-weight wool, knitted from the top down.");
    // No sentence of a section is said in the opening: each is said on its own slide.
    for (const slide of slides.slice(1, -1)) for (const sentence of splitSentences(slide.script)) if (wordCount(sentence) >= 6) expect(opening).not.toContain(sentence);
    expect(opening).not.toMatch(/seven sizes|skeins|swatch/);
  });

  it("says an FAQ's bare 'Yes.' or 'No.' after its question, and shows a lone answer as a statement", () => {
    expect(answeredStatement("Are dogs allowed?", "No.")).toBe("Dogs are not allowed");
    expect(answeredStatement("Do I need to pay a deposit?", "Yes.")).toBe("You need to pay a deposit");
    expect(answeredStatement("Can I bring my bike?", "No.")).toBe("You cannot bring your bike");
    expect(answeredStatement("Is there a shop?", "No.")).toBe("There is no shop");
    expect(answeredStatement("Is Wi-Fi included in the price?", "Yes.")).toBe("Wi-Fi is included in the price");
    expect(answeredStatement("What time is dinner?", "No.")).toBeNull();
    const faq = [
      "# Hut Visitor FAQ",
      "Everything you need to know before a night at the Talbach hut, from booking to what to bring up the mountain with you.",
      "## Do I need to pay a deposit?",
      "Yes. A deposit of 20 euros per person is taken when you book and is subtracted from your bill at the hut.",
      "## How do I get to the hut?",
      "The usual route starts from the car park at Talbach Alm, which is reached by a toll road. The path climbs 1,150 metres and takes most walkers four to five hours. A bus runs from the village to the car park three times a day in July and August.",
      "## Are dogs allowed?",
      "No.",
      "## Is there phone signal?",
      "There is weak mobile signal on the terrace but none inside. We do not offer Wi-Fi, and we cannot charge phones for guests, because all our electricity comes from a small solar system.",
    ].join("\n\n");
    const slides = generateOfflineOutline(input(faq)).slides;
    const deposit = slides.find((slide) => slide.title === "Do I need to pay a deposit?")!;
    expect(deposit.script).toMatch(/^Do I need to pay a deposit\? Yes\. A deposit of 20 euros per person/);
    const dogs = slides.find((slide) => slide.title === "Are dogs allowed?")!;
    // No other section's sentence is said in its place.
    expect(dogs.script).toMatch(/^Are dogs allowed\? No\./);
    expect(dogs.script).not.toMatch(/bus|toll road|signal/);
    expect(dogs.bullets).toEqual(["Dogs are not allowed"]);
  });

  it("shows no part's title among the opening's points of a text without headings", () => {
    const text = [
      "Oakfield Surgery. Patient information leaflet: looking after your ears after syringing.",
      "Your ears have been cleaned today. Most people notice better hearing straight away, and the advice in this leaflet will help keep your ears healthy. A little wax will form again over the coming weeks, and this is normal.",
      "For the first 24 hours, keep water out of your ears. Do not swim, and use cotton wool coated in petroleum jelly when you shower. If you feel dizzy, sit down until it passes and do not drive.",
      "Some tenderness is normal for a day or two. Paracetamol, taken as directed on the packet, is usually enough to control it. A warm flannel held against the ear can also help.",
      "Do not put cotton buds or anything else into your ears. They push wax further in and can damage the eardrum. Olive oil drops, two or three times a week, keep wax soft.",
      "Keep using your hearing aids as usual from tomorrow. Clean the tips each evening with a dry cloth. Replace the filters once a month.",
      "Please contact us if your pain gets worse or you lose your hearing suddenly. Our phone line is open from 8 am to 6 pm, Monday to Friday.",
    ].join("\n\n");
    const slides = generateOfflineOutline(input(text)).slides;
    const titles = slides.slice(1).map((slide) => slide.title.toLowerCase());
    expect(slides[0]!.bullets.length).toBeGreaterThanOrEqual(2);
    for (const bullet of slides[0]!.bullets) expect(titles, bullet).not.toContain(bullet.toLowerCase());
  });

  it("shows no line that ends on what it points back to ('… a long way from that')", () => {
    const text = [
      "# Keeping Succulents Indoors",
      "Succulents are easy plants, but they need a few things that most homes do not give them without help.",
      "## Light",
      "Light is the single most important factor in keeping succulents compact and colourful. In their natural habitats many species sit in full sun for most of the day, and a dim room in a northern European winter is a very long way from that. Place them on the brightest windowsill you have, facing south if possible. Turn the pots a quarter turn every week so that the plants grow evenly.",
      "## Watering",
      "Water thoroughly, then let the compost dry out completely before you water again. In winter most succulents need water only once a month. Always empty the saucer after watering, because roots left standing in water rot quickly.",
      "## Compost",
      "Use a gritty compost that drains quickly, such as cactus compost mixed with a third of horticultural grit. Terracotta pots dry out faster than plastic ones and suit most succulents well. Repot in spring, when the roots fill the pot.",
    ].join("\n\n");
    const bullets = generateOfflineOutline(input(text)).slides.flatMap((slide) => slide.bullets);
    expect(bullets.filter((bullet) => /\b(?:that|this|these|those)$/i.test(bullet))).toEqual([]);
  });

  it("names the person a profile is about on a line that opens on 'She' or 'Her', and no one else", () => {
    const profile = [
      "Helen Marrick was born in Keld Bridge in 1924.",
      "She left school at sixteen.",
      "Her father kept old estate maps, and she learned to read from them.",
      "Arthur Penrose took her on for a trial month, and he kept her for eleven years.",
      "She dated every piece of information, and her maps are still used.",
      "Helen Marrick died in 2009.",
    ];
    const person = inLanguage("en", () => mainPerson("Helen Marrick: The Mapmaker of the Northern Fells", profile));
    expect(person).toEqual({ name: "Helen Marrick", pronoun: "she" });
    expect(namingPerson("She left school at 16, in the summer of 1940", person!)).toBe("Helen Marrick left school at 16, in the summer of 1940");
    expect(namingPerson("Her notebooks were left to the society", person!)).toBe("Helen Marrick's notebooks were left to the society");
    expect(namingPerson("He kept her for eleven years", person!)).toBe("He kept her for eleven years");
    // A title without a name the text repeats, or a text of two people spoken of alike, has no one person.
    expect(inLanguage("en", () => mainPerson("The Mapmakers of the Northern Fells", profile))).toBeNull();
    expect(inLanguage("en", () => mainPerson("Helen Marrick and Arthur Penrose", ["Helen Marrick met Arthur Penrose.", "He hired her and she stayed.", "Helen Marrick and he drew maps; she walked, he printed."]))).toBeNull();
  });

  it("says a section's short text and its first sub-section under the section's heading when the deck is full", () => {
    const paragraph = (topic: string, index: number) =>
      `The ${topic} matters to every visitor, and staff will explain it on the day. Rule ${index + 1} about the ${topic} is printed on the map we give you. Please ask at the desk if anything about the ${topic} is unclear before you set off.`;
    const topics = ["landing stage", "car park", "café", "toilets", "lockers", "changing rooms", "first aid", "lost property", "weather", "river levels", "wildlife", "litter", "group visits", "school trips", "gift vouchers", "opening hours"];
    const text = [
      "# Visiting the River Centre",
      "This guide tells first-time visitors what to expect, from parking to putting the boats away at the end of the day.",
      "## Routes on the River",
      "The map we give you marks three routes that suit beginners. All of them start and finish at our landing stage.",
      "### The Mill Pool Loop",
      "This is our shortest route and the best one for a two-hour hire. The mill pool is a good place to practise turning and to watch for kingfishers. Do not paddle into the mill race itself, where the water is fast.",
      "### Otterford to Hinton Weir",
      "This route follows the river downstream for four kilometres to the weir, where you must turn round. Allow three hours for the round trip at a gentle pace, with a stop for a picnic on the way.",
      ...topics.flatMap((topic, index) => [`## ${topic.replace(/^./, (letter) => letter.toUpperCase())}`, paragraph(topic, index)]),
    ].join("\n\n");
    const slides = generateOfflineOutline(input(text)).slides;
    expect(slides.length).toBeLessThanOrEqual(20);
    const routes = slides.find((slide) => slide.script.includes("marks three routes that suit beginners"));
    expect(routes?.title).toBe("Routes on the River");
  });

  it("turns a short text into the minimum of four sensible slides", () => {
    const text = [
      "Why Bees Matter",
      "Bees pollinate about a third of the crops people eat, from apples and almonds to coffee. Without them, many fruits and vegetables would become scarce and far more expensive. Wild bees do much of this work alongside managed honeybees, and some crops depend on them entirely.",
      "Bee populations have fallen in many regions over the past decades. The main causes are the loss of flowering habitat, certain pesticides, parasites such as the varroa mite, and a changing climate that shifts when flowers bloom.",
      "Gardeners can help in simple ways. Planting flowers that bloom from early spring to late autumn gives bees food all season. Leaving a patch of lawn unmown and avoiding pesticides makes a garden safer for them.",
    ].join("\n\n");
    const outline = generateOfflineOutline(input(text));
    expect(outline.slides).toHaveLength(4);
    expect(outline.slides[0]!.title).toBe("Why Bees Matter");
    expectWellFormed(outline, text);
  });

  it("makes exactly the number of slides asked for when the material allows it", () => {
    const article = loadArticle("home-composting-guide");
    for (const target of [4, 6, 12]) {
      const outline = generateOfflineOutline(input(article.text, { targetSlides: target }));
      expect(outline.slides).toHaveLength(target);
      expectWellFormed(outline, article.text);
    }
  });

  it("shows a list of whole sentences and says how many there are and the first, not every line", () => {
    const text = [
      "# Harbourside Community Choir: Annual Review",
      "The 2023-24 season was the busiest in the choir's twenty-year history, with concerts in three towns and a new youth section. This review looks back at the year and sets out the plans for the next one.",
      "## The Season at a Glance",
      "- The register held 112 singers by June, up from 87 a year earlier.\n- We gave six public concerts and three community performances.\n- We held 41 rehearsals, all on Wednesday evenings at St Columba's Hall.\n- Concerts raised around £9,400 for local charities.",
      "## Concerts",
      "The season opened in October with a programme of shanties and folk arrangements that suited our harbour-town name. The December carol concert sold out all 320 seats two weeks in advance, so we added a second afternoon performance. Together the two carol concerts raised £3,150 for the food bank, our largest single donation so far.",
      "## Looking Ahead",
      "The committee will propose a subscription rise to £96 at the annual general meeting, the first increase since 2019. We also hope to record our first album in the spring, if the hall can be booked for a full weekend.",
    ].join("\n\n");
    const outline = generateOfflineOutline(input(text));
    const glance = outline.slides.find((slide) => slide.title === "The Season at a Glance")!;
    expect(glance.bullets).toHaveLength(4);
    expect(glance.script).toContain("The register held 112 singers by June");
    for (const line of glance.bullets.slice(1)) expect(glance.script).not.toContain(line);
  });

  it("adds supporting sources unless the main source alone is wanted", () => {
    const guide = loadArticle("home-composting-guide");
    const news = loadArticle("city-heat-pumps");
    const sources = [
      { name: "guide.pdf", kind: "main_document", text: guide.text, isMain: true },
      { name: "Heat pumps news", kind: "website_link", text: news.text, isMain: false },
    ];
    const both = generateOfflineOutline({ sources, useMainSourceOnly: false, template: "professional" });
    expect(both.slides.some((slide) => slide.script.includes("coefficient of performance") || slide.title.includes("Heat Pump"))).toBe(true);
    expect(both.slides[0]!.script).toContain("It also draws on one supporting source.");
    const mainOnly = generateOfflineOutline({ sources, useMainSourceOnly: true, template: "professional" });
    expect(mainOnly.slides.some((slide) => /heat pump/i.test(slide.script))).toBe(false);
  });

  it("leans toward what the author's instructions ask for", () => {
    const article = loadArticle("city-heat-pumps");
    const plain = generateOfflineOutline(input(article.text));
    const focused = generateOfflineOutline(input(article.text, { instructions: "Focus on the noise of the outdoor units and acoustic screens." }));
    // Shown on a slide or said in its narration: a slide's bullets are kept out of its narration.
    const mentions = (outline: Outline) => outline.slides.filter((slide) => /acoustic screens/i.test([slide.script, ...slide.bullets].join("\n"))).length;
    expect(mentions(focused)).toBeGreaterThanOrEqual(mentions(plain));
    expect(mentions(focused)).toBeGreaterThan(0);
  });

  it("keeps to the outline rules on rough material, and refuses what is too short to narrate", () => {
    const news = loadArticle("city-heat-pumps");
    const rough = {
      "one long paragraph": news.textWithoutHeadings.replace(/\n\n/g, " "),
      "no sentence punctuation": news.textWithoutHeadings.replace(/[.!?]/g, ""),
      "a few sentences": "Bees pollinate about a third of the crops people eat. Without them, many fruits would become scarce. Wild bees do much of this work. Bee populations have fallen in many regions. Gardeners can help by planting flowers and avoiding pesticides.",
      "another language": "Wärmepumpen erobern die Städte\n\nDie Stadt hat beschlossen, alle Gasheizungen zu ersetzen. Das Programm ist ehrgeizig und teuer. Befürworter sagen, es sei längst überfällig. Heizen verursacht etwa 40 Prozent der Emissionen der Stadt.\n\nWie funktioniert eine Wärmepumpe?\n\nEine Wärmepumpe erzeugt keine Wärme durch Verbrennung. Sie transportiert vorhandene Wärme von einem Ort zum anderen. Das Kältemittel verdampft im Außengerät und nimmt dabei Wärme auf.",
      "Markdown with code and a table": "# Tool\n\nThe tool converts files quickly and keeps their layout. It runs on every major system and needs no setup.\n\n## Install\n\n```bash\nnpm install tool\n```\n\n| Option | Meaning |\n|:--|:--|\n| -v | verbose |\n\nInstalling takes a minute on most machines. The installer checks the system first and stops when something is missing.",
    };
    for (const [name, text] of Object.entries(rough)) {
      const outline = generateOfflineOutline(input(text));
      // A slide may show two lines of its own part instead of the outline's three (see expectWellFormed).
      const issues = outlineSchema.safeParse(outline).error?.issues ?? [];
      expect(issues.filter((issue) => issue.message !== "fewer than 3 bullets"), name).toEqual([]);
      // Material this short may leave a slide one line of its own: never another part's line, shown on its slide already.
      for (const slide of outline.slides) expect(slide.bullets.length, `${name}: ${slide.title}`).toBeGreaterThanOrEqual(1);
      const shown = outline.slides.slice(1, -1).flatMap((slide) => slide.bullets);
      expect(new Set(shown).size, name).toBe(shown.length);
    }
    for (const text of ["Bees matter. They pollinate crops.", "Shopping list\n\nApples\n\nPears\n\nBread\n\nMilk"]) {
      expect(() => generateOfflineOutline(input(text))).toThrow(new BadRequest(TOO_LITTLE_TEXT_MESSAGE));
    }
  });

  it("refuses material without a main source with the spec's message", async () => {
    await expect(
      offlineGenerationProvider.generateOutline({ sources: [{ name: "Block", kind: "content_block", text: "Some text.", isMain: false }], useMainSourceOnly: false, template: "professional" }),
    ).rejects.toThrow(new BadRequest(NO_MAIN_SOURCE_MESSAGE));
    await expect(generateOutline({ sources: [], useMainSourceOnly: true, template: "professional" })).rejects.toThrow(NO_MAIN_SOURCE_MESSAGE);
  });
});

describe("bullets from sentences", () => {
  it("never changes what a sentence says: a condition's main clause is no line alone, and 'just', 'even', 'still' stay", () => {
    expect(toBullet("If the landlord does not carry out the repairs, you may be able to claim compensation.")).toBeNull();
    expect(toBullet("Unless the tenant agrees in writing, the landlord cannot raise the rent during a fixed term.")).toBeNull();
    expect(toBullet("Read all of the contract before you sign it, not just the first page.")?.text).toMatch(/not just the first page/);
    // A list of examples between a subject and its verb is left out whole, never cut at one of its commas.
    expect(toBullet("Garden waste that will not fit in your brown bin, such as branches, turf, soil and rubble, can be taken to the recycling centre.")?.text).toBe(
      "Garden waste that won't fit in your brown bin can be taken to the recycling centre",
    );
    expect(toBullet("Old furniture, such as beds, tables and chairs, goes to the reuse shop on Mill Street.")?.text ?? "").not.toMatch(/^Old furniture tables/);
    expect(toBullet("The old bridge is still open to walkers on summer weekends.")?.text).toMatch(/still open/);
    expect(inLanguage("de", () => toBullet("Wenn der Bus ausfällt, zahlt die Stadt das Taxi für alle Fahrgäste."))).toBeNull();
  });

  it("keeps a clause of up to 18 words before ', so' as the line", () => {
    expect(toBullet("The December carol concert at the Old Custom House sold out all 320 seats two weeks in advance, so we added a second afternoon performance for the first time.")?.text).toBe(
      "The December carol concert at the Old Custom House sold out all 320 seats two weeks in advance",
    );
  });

  it("leaves out a relative clause between a subject and its verb, and ends a long line before a participle's phrase", () => {
    expect(toBullet("Admission and discharge registers, which survive for most of them from the 1840s, list each person's name, age, parish and the dates they came and went.")?.text).toBe(
      "Admission and discharge registers list each person's name, age, parish and the dates they came and went",
    );
    expect(toBullet("Electric vehicles can be charged free of charge at any of the city council's public charging points using the charge card kept with the keys.")).toEqual({
      text: "Electric vehicles can be charged free of charge at any of the city council's public charging points",
      truncated: false,
    });
    // A condition's line ends before a second condition ("as long as …"), so the part shows two lines of its own.
    const club = generateOfflineOutline(
      input(
        [
          "# Car Club",
          "Members share cars across the city, booking by the hour in the app, and every car has its own bay near where members live.",
          "## Who pays for fuel and charging?",
          "Fuel is included in the hourly price, and every petrol car has a fuel card in the glovebox that you can use at most filling stations. Please refuel if the tank is less than a quarter full when you return the car. Electric vehicles can be charged free of charge at any of the city council’s public charging points using the charge card kept with the keys. Please plug the car in to its home charger at the end of your booking.",
          "## What if I return the car late?",
          "If you return a car late without extending your booking, you will be charged a £15 late fee plus the hourly rate for the extra time. If you are running late, you can extend your booking in the app, as long as the car has not been booked by someone else. If you cannot extend, please call us so that we can warn the next member.",
        ].join("\n\n"),
      ),
    ).slides;
    expect(club.find((slide) => slide.title === "What if I return the car late?")!.bullets.length).toBeGreaterThanOrEqual(2);
    // A slide that would show one line takes a condition's line up to a bullet's length.
    const club2 = generateOfflineOutline(
      input(
        [
          "# Tennis Club",
          "The club has six courts and coaches players of every age, from beginners to county teams.",
          "## What if I miss a session?",
          "We cannot refund or credit missed sessions, because your place in the group is held for you whether or not you come. However, if you tell us at least two working days before the session, you can join another group at the same level on another day later that same week instead, subject to space. If you miss three sessions in a row without telling us, we may offer your place to the next player on the waiting list.",
          "## Courts",
          "Members can book a court up to a week ahead in the app. Floodlights are on until 10pm from October to March.",
        ].join("\n\n"),
      ),
    ).slides;
    const missed = club2.find((slide) => slide.title === "What if I miss a session?")!.bullets;
    expect(missed).toContain("We may offer your place to the next player on the waiting list if you miss three sessions in a row without telling us");
    // A condition after "However," is a condition: its main clause is never a line without it.
    expect(missed.filter((bullet) => /^You can join another group/.test(bullet))).toEqual([]);
    const late = generateOfflineOutline(input(["# Tennis Club", "The club has six courts and coaches players of every age, from beginners to county teams.", "## What if I miss a session?", "We cannot refund missed sessions, because your place in the group is held for you whether or not you come. However, if you tell us at least two days ahead, you can join another group at the same level that week instead, subject to space. Coaches keep a register of every session.", "## Courts", "Members can book a court up to a week ahead in the app. Floodlights are on until 10pm from October to March."].join("\n\n"))).slides;
    expect(late.find((slide) => slide.title === "What if I miss a session?")!.bullets).not.toContain("You can join another group at the same level that week instead");
    // A "with" phrase or a participle's phrase after the clause ends the line where the clause does.
    expect(toBullet("This year's net total will pay for three such nurses for a full year, with the remaining £19,150 going towards the family room.")).toMatchObject({
      text: "This year's net total will pay for three such nurses for a full year",
      truncated: false,
    });
    expect(toBullet("Each nurse supports around 60 families a year, helping people spend their final weeks in their own homes.")).toMatchObject({
      text: "Each nurse supports around 60 families a year",
      truncated: false,
    });
    // An item of a list that ends in "-ing" is no participle's phrase.
    expect(toBullet("Whether sleeper trains come back for good will depend on new carriages for the longest routes, ticketing and price.")?.text).toMatch(/ticketing and price$/);
    // "we aim" is a clause: a line cut at the comma after it says something.
    expect(toBullet("By March 2030 we aim to cut leakage to 98 million litres a day, a 25% reduction from this year's level.")?.text).toBe(
      "By March 2030 we aim to cut leakage to 98 million litres a day",
    );
  });

  it("drops connectives, asides and trailing clauses, keeps the statement", () => {
    expect(toBullet("However, heat pumps move heat rather than generate it, which is why they are efficient.")?.text).toBe("Heat pumps move heat rather than generate it");
    expect(toBullet("When the weather turns cold, the pile slows down and may seem to stop altogether.")?.text).toBe("The pile slows down and may seem to stop altogether");
    expect(toBullet("Compost (which gardeners love) improves clay soil.")?.text).toBe("Compost improves clay soil");
    // A long sentence of two verbs is cut before the second's "and then", not at a word.
    expect(toBullet("A receptionist in Carlisle lent one of our reviewers a phone charger and then went out of her way to find a late-opening pharmacy.")).toEqual({
      text: "A receptionist in Carlisle lent one of our reviewers a phone charger",
      truncated: false,
    });
    // A short address is shown (the narration says it); one too long to say is no line.
    expect(toBullet("See https://example.com for more.")?.text).toBe("See https://example.com for more");
    expect(toBullet("See https://example.com/a/b/c?id=4&page=2 for more.")).toBeNull();
    // An opening phrase's comma is no aside's, a clause or a list's middle between commas stays, and so do "by now"
    // and "even if".
    expect(toBullet("For years, the staff at Fenwick & Hale, a small firm of architects, kept passwords in a spreadsheet.")?.text).toBe(
      "For years, the staff at Fenwick & Hale kept passwords in a spreadsheet",
    );
    expect(toBullet("A sleeping car offers cabins for one, two or three people, usually with a washbasin.")?.text).toBe(
      "A sleeping car offers cabins for one, two or three people, usually with a washbasin",
    );
    expect(toBullet("Her name was known, even if it rarely appeared.")?.text).toBe("Her name was known, even if it rarely appeared");
    expect(toBullet("By now the starter should rise to double its height.")?.text).toBe("By now the starter should rise to double its height");
    // "Next year" and "First aid" are no linking words.
    expect(toBullet("Next year we expect to carry about 1.22 million passengers.")?.text).toBe("Next year we expect to carry about 1.22 million passengers");
    expect(toBullet("After that date we cannot give refunds, except when a child has to stop playing because of a long-term injury.")?.text).toMatch(/^After that date we can(?:no|')t give refunds/);
    // A verb after a participle's phrase between commas is the clause's own, never an aside.
    expect(toBullet("Mobile tickets, introduced in 2023, accounted for 54 per cent of all journeys, up from 38 per cent a year earlier.")?.text).toMatch(/^Mobile tickets, introduced in 2023, accounted for 54% of all journeys/);
    // An FAQ answer's "No." is left with its question.
    expect(toBullet("No. Most of our visitors have never climbed before.")?.text).toBe("Most of our visitors have never climbed before");
  });

  it("names what a bullet's opening 'It' or 'She' stands for when the sentence before says it plainly", () => {
    expect(namedSubject("It is built on seven steep hills", "Lisbon is a city best seen on foot.")).toBe("Lisbon is built on seven steep hills");
    expect(namedSubject("She died in 1847", "Mary Anning was finally recognised by the Geological Society.")).toBe("Mary Anning died in 1847");
    // "The organisers are…" has no verb the subject's pattern knows: "The" alone is no subject.
    expect(namedSubject("It is a sensible approach", "The organisers are keen to explain the rules.")).toBeNull();
    expect(namedSubject("It is tempting to blame phones", "Parents often complain about their children.")).toBeNull();
    // A past tense the pattern does not know is no part of the subject: no "The orchestra gave 17 ended the tour".
    expect(namedSubject("It ended the tour with a small surplus", "The orchestra gave 17 concerts and 9 school workshops.")).toBeNull();
    expect(namedSubject("It rises every winter", "The heating cost went up last year.")).toBeNull();
    expect(namedSubject("It rises every winter", "The heating cost rises with the price of gas.")).toBe("The heating cost rises every winter");
    expect(namedSubject("She died in 1847", "The society was slow to admit women.")).toBeNull();
    expect(namedSubject("It adds flavour to pancakes", "The starter you remove before each feed does not have to go to waste.")).toBeNull();
    // "years" is no verb (wink-lexicon knows it as a plural noun only): "Two years ago, …" names no subject "Two".
    expect(namedSubject("It cost me 350 pounds", "Two years ago, at forty-three, I bought a second-hand upright piano.")).toBeNull();
    // The subject's head before the phrase that places it; "They" for a plural only.
    expect(namedSubject("It will reopen under the same operator", "The café inside the centre will close with the rest of the building.")).toBe("The café will reopen under the same operator");
    expect(namedSubject("They cannot see the floor", "The cliff sensors stop the robot from falling down stairs.")).toBe("The cliff sensors cannot see the floor");
    expect(namedSubject("They cannot see the floor", "The robot stops at the edge of a drop.")).toBeNull();
    expect(namedSubject("They cannot allow for the weather", "Tide tables for harbours around the world are calculated years in advance.")).toBeNull();
    // A kind named without its article, past the examples between commas; a count names no group.
    expect(namedSubject("They are compact", "Catadioptric telescopes, such as Schmidt-Cassegrains and Maksutovs, combine a lens and mirrors.")).toBe("Catadioptric telescopes are compact");
    expect(namedSubject("They are compact", "Two brothers took the class with me.")).toBeNull();
    // A name keeps its words.
    expect(namedSubject("It said prices would fall", "The Bank of England raised rates in May.")).not.toBe("The Bank said prices would fall");
    // "This policy" names the text itself; "This" alone points elsewhere.
    expect(namedSubject("It doesn't apply to agency workers", "This policy applies to all permanent employees.")).toBe("This policy doesn't apply to agency workers");
    expect(namedSubject("It doesn't apply to agency workers", "This applies to all permanent employees.")).toBeNull();
    // After an opening phrase of time or place, the subject is the name that follows it.
    expect(namedSubject("He is 58", "At half past seven on a cold Tuesday morning, Tom Kettering is already on his knees.")).toBe("Tom Kettering is 58");
  });

  it("shows no line ending on what it points back to", () => {
    expect(toBullet("A vapour control layer on the warm side of the insulation prevents this, and it must be fitted without gaps.")).toBeNull();
  });

  it("ends a line cut inside a relative clause on the noun the clause describes", () => {
    const bullet = toBullet("Children under 14 must be supervised at all times by a registered adult who stays in the same area of the centre.");
    expect(bullet?.text).toBe("Children under 14 must be supervised at all times by a registered adult");
  });

  it("keeps figures listed across a comma together, and a clause's own words around them", () => {
    // Not "… on 25 January 1890 6 h and 11 min, a world record": "after 72 days" is no aside to leave out.
    // The figures of one span said as a list ("72 days, 6 hours and 11 minutes") stay whole.
    expect(toBullet("Bly arrived back in New Jersey on 25 January 1890, after 72 days, 6 hours and 11 minutes, a world record.")?.text).toBe(
      "Bly arrived back in New Jersey on 25 January 1890, after 72 days, 6 h and 11 min",
    );
  });

  it("shows a plain 'subject is predicate' statement as 'subject: predicate', and no other shape", () => {
    expect(labelForm("Cash at the end of September was 5.2 million pounds")).toBe("Cash at the end of September: 5.2 million pounds");
    expect(labelForm("The most common complaint was discoloured water")).toBe("The most common complaint: discoloured water");
    // A pronoun or a clause as the subject, a second clause, or a question keep the sentence as it is.
    expect(labelForm("It is ready to bake with")).toBeNull();
    expect(labelForm("Anyone who lives in the borough and is over eighteen can apply")).toBeNull();
    expect(labelForm("The family was poor, and the work was dangerous")).toBeNull();
    // An instruction's purpose clause is no subject ("Work one wall at a time so the band: still wet").
    expect(labelForm("Work one wall at a time so the band is still wet when you roll")).toBeNull();
    expect(labelForm("Leave the tin open until the paint is dry to the touch")).toBeNull();
    expect(labelForm("The so-called sleeper class was the cheapest way to travel")).toBe("The so-called sleeper class: the cheapest way to travel");
    expect(labelForm("Is the water safe to drink?")).toBeNull();
    expect(labelForm("Net debt stood at 6.8 million pounds")).toBe("Net debt: 6.8 million pounds");
  });

  it("condenses a line so that saying its sentence is not reading it out: figures, short forms, asides in every language", () => {
    expect(toBullet("A goal such as signing up fifty new members is easy to measure.")?.text).toBe("A goal such as signing up 50 new members is easy to measure");
    expect(toBullet("The starter you remove before each feed does not have to go to waste.")?.text).toBe("The starter you remove before each feed doesn't have to go to waste");
    expect(toBullet("Weigh 50 grams of flour and leave it for 24 hours.")?.text).toBe("Weigh 50 g of flour and leave it for 24 h");
    expect(toBullet("Pink or orange streaks, or fuzzy mould of any colour, mean the culture has been spoiled.")?.text).toBe("Pink or orange streaks mean the culture has been spoiled");
    // Said aloud, a line keeps the source's words.
    expect(toBullet("The starter you remove before each feed does not have to go to waste.", { forSlide: false })?.text).toBe(
      "The starter you remove before each feed does not have to go to waste",
    );
    inLanguage("de", () => {
      expect(toBullet("Ein Tagesticket, das am Abend gekauft wird, gilt bis zum Ende der Nacht.")?.text).toBe("Ein Tagesticket gilt bis zum Ende der Nacht");
      expect(toBullet("Frauen, die allein unterwegs sind, können den Fahrer bitten, zwischen zwei Haltestellen anzuhalten.")?.text).toBe(
        "Frauen können den Fahrer bitten, zwischen zwei Haltestellen anzuhalten",
      );
      // An infinitive that depends on the clause between the commas keeps it.
      expect(toBullet("Für Schulklassen bietet der Verein Workshops an, in denen Kinder lernen, eine Fahrradkette zu wechseln.")?.text).not.toMatch(/Workshops an eine/);
      expect(toBullet("In den ersten drei Monaten haben mehr als einundzwanzigtausend Fahrgäste den Nachtbus benutzt.")?.text).toBe(
        "In den ersten drei Monaten haben mehr als 21.000 Fahrgäste den Nachtbus benutzt",
      );
      expect(toBullet("Ersatzteile müssen die Besucher allerdings selbst bezahlen.")?.text).toBe("Ersatzteile müssen die Besucher selbst bezahlen");
    });
    inLanguage("es", () => {
      expect(toBullet("El abono anual cuesta cuarenta euros.")?.text).toBe("El abono anual cuesta 40 €");
      expect(labelForm("El abono anual cuesta 40 € al año")).toBe("El abono anual: 40 € al año");
      // An example that opens a list is no aside.
      expect(toBullet("Una parte del huerto está reservada a las plantas aromáticas, como la menta, el romero y la albahaca.")?.text).not.toMatch(/aromáticas el romero/);
    });
    inLanguage("fr", () => {
      expect(toBullet("Sur les trois cent vingt élèves, deux cent quatre-vingt-dix ont obtenu leur attestation.")?.text).toBe("Sur les 320 élèves, 290 ont obtenu leur attestation");
      expect(labelForm("Les pesticides y sont interdits dans les espaces verts")).toBeNull();
    });
  });

  it("shows a share a sentence names as a line of its own, and nothing else as one", () => {
    expect(figureLine("We carried out 41,260 tests, of which 41,198 met the standards, a compliance rate of 99.85 percent.")).toBe("Compliance rate: 99.85%");
    expect(figureLine("Sales rose by 12 percent in the spring.")).toBeNull();
    expect(figureLine("Complaints fell, a fall of 14 percent on the year before.")).toBeNull();
    inLanguage("fr", () => expect(figureLine("Un taux de conformité de 99,85 pour cent.")).toBeNull());
  });

  it("moves a phrase of time or source to the other end of its clause", () => {
    inLanguage("fr", () => {
      expect(frontToEnd("L'an dernier, 48 parents ont participé aux sorties")).toBe("48 parents ont participé aux sorties l'an dernier");
      expect(whenFirst("Les séances ont lieu pendant le temps scolaire, le jeudi matin")).toBe("Le jeudi matin, les séances ont lieu pendant le temps scolaire");
    });
    expect(frontToEnd("In 2024, the café repaired 620 items")).toBe("The café repaired 620 items in 2024");
    expect(frontToEnd("In 2024, it repaired 620 items")).toBeNull();
    // A date put first without its comma, before the clause's subject.
    expect(frontToEnd("By 2050 we aim to halve leakage from its 2017-18 level")).toBe("We aim to halve leakage from its 2017-18 level by 2050");
    expect(frontToEnd("In 2024 the club opened a second court")).toBe("The club opened a second court in 2024");
    expect(frontToEnd("In the spring we open the garden")).toBeNull();
    expect(frontToEnd("By contrast, the river water is moderately soft")).toBeNull();
    inLanguage("es", () => expect(frontToEnd("Sin embargo, el casco no es obligatorio")).toBeNull());
    expect(whenFirst("Mary Anning found the first skeleton in 1811")).toBe("In 1811, Mary Anning found the first skeleton");
    expect(whenFirst("The museum opens at ten")).toBeNull();
    // The phrase times the infinitive before it, not the whole statement.
    expect(whenFirst("We may withdraw permission and ask for the animal to be rehomed within three months")).toBeNull();
    // A date of the amount compared stays with it.
    expect(whenFirst("We recorded four injuries that led to time off work, against seven in 2024")).toBeNull();
    expect(whenFirst("Revenue was £14.6 million, up from £12.9 million in 2024")).toBeNull();
    expect(whenFirst("The work parties are held on the first Sunday of each month")).toBeNull();
    // The phrase after a second verb is that verb's: put first, it would time the first one too.
    expect(whenFirst("A trial with the county hospital began in September 2024 and will follow 60 patients for two years")).toBeNull();
    // A main clause with a plain plural verb after an opening condition is a line; a phrase after an opening phrase is none.
    expect(toBullet("When the soil is dry, the roots grow deeper.")?.text).toBe("The roots grow deeper");
    expect(toBullet("Since 2015 Varga has taken one apprentice at a time, each for three years.")?.text).not.toBe("Each for three years");
    inLanguage("de", () => expect(whenFirst("Die Linie fährt seit 2024")).toBeNull());
    inLanguage("nl", () => expect(whenFirst("De lijn rijdt sinds 2024")).toBeNull());
    expect(whenFirst("A jar of discard keeps in the fridge for about a week")).toBe("For about a week, a jar of discard keeps in the fridge");
    expect(whenFirst("We worked through the list over three months")).toBe("Over three months, we worked through the list");
    // English openings are no markers in another language: German "Also" and "So" hold the place before the verb.
    inLanguage("de", () => expect(toBullet("Also fährt der Bus jede Nacht bis fünf Uhr morgens.")?.text).toBe("Also fährt der Bus jede Nacht bis fünf Uhr morgens"));
  });

  it("shows a condition's lines led by its main clause with the condition kept, one for each alternative joined by 'or'", () => {
    expect(conditionLines("If a teenager snores loudly, seems exhausted despite sleeping enough, or regularly cannot fall asleep for more than an hour, talk to a doctor.")).toEqual([
      "Talk to a doctor if a teenager snores loudly",
      "Talk to a doctor if a teenager seems exhausted despite sleeping enough",
      "Talk to a doctor if a teenager regularly can't fall asleep for more than an hour",
    ]);
    expect(conditionLines("If the landlord does not carry out the repairs, you may be able to claim compensation.")).toEqual([
      "You may be able to claim compensation if the landlord doesn't carry out the repairs",
    ]);
    // The main clause's subject stands for the condition's; a list of things, not of clauses; a main clause cut short.
    expect(conditionLines("If it floats, it is full of gas and ready to use.")).toEqual([]);
    // A condition ending on its particle would end the line on it ("… if you can't be in").
    expect(conditionLines("If you cannot be in, you can leave a key with the site office.")).toEqual([]);
    // What follows a semicolon or a ", but" is a statement of its own; a long main clause of two gives its first.
    expect(conditionLines("If you change your vehicle, update your permit online before you park the new one in the zone; there is no charge for this.")).toEqual([
      "Update your permit online before you park the new one in the zone if you change your vehicle",
    ]);
    expect(
      conditionLines("If you move to a different zone, your old permit will be cancelled and you will need to apply for a new one, but we will take the unused months off the price."),
    ).toEqual(["Your old permit will be cancelled if you move to a different zone"]);
    // A second main clause after the main clause's own comma is no main clause.
    expect(conditionLines("If you are still unhappy, you can make a formal complaint through My Greenway or by phone, and we will reply within 10 working days.")).toEqual([
      "You can make a formal complaint through My Greenway or by phone if you are still unhappy",
    ]);
    // A colon ends the clause too; an instruction of two words is enough.
    expect(conditionLines("If it has caught on the bottom and tastes burnt, do not scrape the burnt layer into the jars: pour the rest into a clean pan.")).toEqual([
      "Don't scrape the burnt layer into the jars if it has caught on the bottom and tastes burnt",
    ]);
    expect(conditionLines("If the chutney is too runny after two hours, keep simmering; it is almost always a matter of time.")).toEqual(["Keep simmering if the chutney is too runny after 2 h"]);
    // A connective before the condition is left out; a second condition after the main clause's comma ends the line.
    expect(conditionLines("If you are running late, you can extend your booking in the app, as long as the car has not been booked by someone else.")).toEqual([
      "You can extend your booking in the app if you are running late",
    ]);
    expect(conditionLines("However, if the boiler fails, we will send an engineer within a day.")).toEqual(["We will send an engineer within a day if the boiler fails"]);
    expect(conditionLines("If the jar shows pink streaks, a bad smell, or fuzzy mould, throw it away.")).toEqual([]);
    expect(conditionLines("If you bake once a week, store it in the fridge, taking it out the evening before you bake.")).toEqual([]);
    inLanguage("fr", () => expect(conditionLines("Si le bus est en retard, la ville paie le taxi.")).toEqual([]));
  });

  it("reads a noun that can be a verb before 'from' or 'of' as a subject, not as an instruction", () => {
    expect(labelForm("Water from the chalk boreholes is hard, with around 290 milligrams of calcium carbonate per litre")).toBe(
      "Water from the chalk boreholes: hard, with around 290 milligrams of calcium carbonate per litre",
    );
    expect(labelForm("Make sure the path is wide enough")).toBeNull();
  });

  it("shows a short section's own lines, at most one of them read out unless the section is one or two sentences, and no line pointing elsewhere", () => {
    const sections = [
      ["Feeding the Starter", "Each day, remove all but fifty grams of the starter and feed it with fresh flour and water. Stir well, cover the jar loosely and leave it somewhere warm. After a few days you will see bubbles on the surface and the starter will begin to smell pleasantly sour. This is a sign that the wild yeast has settled in and is working."],
      ["Using the Discard", "The starter you remove before each feed does not have to go to waste. It adds flavour to pancakes, crackers and waffles, and a jar of discard keeps in the fridge for about a week."],
      ["When to Start Again", "If the starter grows pink streaks, smells of nail varnish, or shows fuzzy mould, throw it away and start again."],
      ["Storing the Starter", "A starter that is fed once a week can live in the fridge between bakes. Take it out the evening before you bake so that it has time to wake up, and give it two feeds at room temperature before you use it."],
    ];
    const text = ["# Keeping a Sourdough Starter", "A sourdough starter is a living culture of wild yeast and bacteria. It needs a few minutes of attention each day and nothing more than flour, water and a jar.", ...sections.map(([heading, body]) => `## ${heading}\n\n${body}`)].join("\n\n");
    const slides = generateOfflineOutline(input(text)).slides;
    const slide = (title: string) => slides.find((candidate) => candidate.title === title)!;
    expect(slide("Using the Discard").bullets).toEqual(["The starter you remove before each feed doesn't have to go to waste", "For about a week, a jar of discard keeps in the fridge"]);
    expect(slide("When to Start Again").bullets).toEqual([
      "Throw it away and start again if the starter grows pink streaks",
      "Throw it away and start again if the starter smells of nail varnish",
      "Throw it away and start again if the starter shows fuzzy mould",
    ]);
    const said = (script: string, bullet: string) => ` ${wordsOf(script).join(" ")} `.includes(` ${wordsOf(bullet).join(" ")} `);
    // A section of two sentences says both and shows both: nothing else of its own is left to show, and a line
    // of another section ("Stir well, cover the jar loosely…" on "Storing the Starter") would be out of place.
    expect(slide("Storing the Starter").bullets).toEqual([
      "A starter that is fed once a week can live in the fridge between bakes",
      "Take it out the evening before you bake so that it has time to wake up",
    ]);
    for (const { title, bullets, script } of slides.slice(1, -1)) {
      const own = sections.find(([heading]) => heading === title)![1]!;
      if (splitSentences(own).length > 2) expect(bullets.filter((bullet) => said(script, bullet)).length, title).toBeLessThanOrEqual(1);
      expect(bullets.filter((bullet) => /^(?:It|They|This)\b/.test(bullet)), title).toEqual([]);
      for (const [heading, body] of sections) if (heading !== title) expect(bullets.filter((bullet) => said(body!, bullet)), title).toEqual([]);
    }
  });

  it("gives each of many two-sentence sections its own slide without showing one borrowed line on slide after slide", () => {
    const sections = [
      ["Opening Hours", "The museum opens at ten every morning except Mondays. On Thursdays it stays open until nine in the evening."],
      ["Tickets", "Adult tickets cost twelve pounds and children under sixteen go free. Members of the museum society pay nothing."],
      ["Getting Here", "The nearest station is Castle Street, a short walk away. Buses stop outside the main entrance every ten minutes."],
      ["Parking", "There is no car park at the museum itself. The council car park on Mill Lane charges three pounds a day."],
      ["Accessibility", "Every gallery can be reached by lift. Wheelchairs can be borrowed free of charge from the information desk."],
      ["Food and Drink", "The café on the ground floor serves lunch from noon until three. Visitors may eat their own food in the garden."],
      ["Photography", "Photographs without flash are allowed in most galleries. Tripods are not allowed anywhere in the building."],
    ];
    const text = ["# Visiting the Castle Museum", "This page answers the questions visitors ask us most often about a visit.", ...sections.map(([heading, body]) => `## ${heading}\n\n${body}`)].join("\n\n");
    const outline = generateOfflineOutline(input(text));
    expect(outline.slides.slice(1, -1).map((slide) => slide.title)).toEqual(sections.map(([heading]) => heading));
    const shown = new Map<string, number>();
    for (const bullet of outline.slides.flatMap((slide) => slide.bullets)) shown.set(bullet, (shown.get(bullet) ?? 0) + 1);
    expect(Math.max(...shown.values())).toBeLessThanOrEqual(2);
    for (const slide of outline.slides) expect(slide.bullets.length, slide.title).toBeGreaterThanOrEqual(2);
  });

  it("gives the sections after a part's sub-headings their own slides: a part heading's group ends at its level", () => {
    const section = (heading: string, body: string) => `${heading}\n\n${body}`;
    const text = [
      "# Travel and Expenses Policy",
      "This policy sets out what staff can claim when they travel for work, and how to claim it.",
      section("## Purpose", "We want staff to be repaid for genuine business costs. We must also show that we spend money carefully."),
      "## Travel",
      section("### Public transport", "Standard-class rail travel is the default for all staff. Book tickets through the travel desk at least a week ahead."),
      section("### Using your own car", "Staff who drive their own car for work are paid 45p per mile. Your normal commute cannot be claimed."),
      section("### Taxis", "Taxis may be used late at night or when no bus or train runs. Keep the receipt for every fare."),
      section("## Overnight Stays", "Hotels must be booked through the travel desk. Staying with friends earns a flat £25 a night."),
      section("## Meals", "You may claim up to £10 for a meal on a trip of more than five hours. Alcohol is never paid for."),
      section("## How to Claim", "Submit claims within 60 days with the receipts attached. Approved claims are paid with your next salary."),
      section("## Misuse", "False claims are treated as gross misconduct. They may also be reported to the police."),
    ].join("\n\n");
    const outline = generateOfflineOutline(input(text));
    const titles = outline.slides.map((slide) => slide.title);
    for (const heading of ["Purpose", "Overnight Stays", "Meals", "How to Claim", "Misuse"]) expect(titles, heading).toContain(heading);
    // No slide lists later sections' headings as the points of "Travel".
    for (const slide of outline.slides.slice(1)) expect(slide.bullets, slide.title).not.toContain("Overnight Stays");
  });

  it("ends a part heading's group at its level in a PDF and a DOCX as in Markdown: extraction keeps the levels", async () => {
    const title = "Volunteer Handbook";
    const intro = "Thank you for giving your time to the Riverside Community Garden. This handbook explains what a volunteer day looks like.";
    const sections: [string, 1 | 2, string][] = [
      ["Before Your First Day", 1, "Fill in the short registration form and bring it on your first morning. A coordinator will show you around the beds and the tool store."],
      ["Getting There", 1, ""],
      ["Taking the Bus", 2, "The number 12 bus stops at the garden gate every twenty minutes. Ask the driver for the Riverside stop."],
      ["Cycling In", 2, "There are racks for eight bikes beside the compost bays. Bring your own lock, as the racks are not watched."],
      ["Safety on Site", 1, "Wear gloves when you handle compost or cut brambles. Report every cut or fall to the coordinator on duty."],
      ["Breaks and Refreshments", 1, "Tea and coffee are free in the potting shed. Lunch is shared at one o'clock on the long table by the pond."],
      ["Leaving the Team", 1, "Tell the coordinator a week before your last session. Please return your key to the tool store before you go."],
    ];
    const pdf = buildPdf({
      title,
      pages: [
        [
          { heading: title, size: 22 },
          { paragraph: intro },
          ...sections.flatMap(([heading, level, text]) => [{ heading, size: level === 1 ? 16 : 13 }, ...(text ? [{ paragraph: text }] : [])]),
        ],
      ],
    });
    const docx = await buildDocx({
      blocks: [
        { heading: 1, text: title },
        { paragraph: intro },
        ...sections.flatMap(([heading, level, text]) => [{ heading: (level + 1) as 2 | 3, text: heading }, ...(text ? [{ paragraph: text }] : [])]),
      ],
    });
    for (const [kind, bytes] of [["pdf", pdf], ["docx", docx]] as const) {
      const extracted = await extractDocument(kind, bytes);
      const outline = generateOfflineOutline(input(extracted.text));
      const titles = outline.slides.map((slide) => slide.title);
      for (const heading of ["Before Your First Day", "Getting There", "Safety on Site", "Breaks and Refreshments", "Leaving the Team"]) {
        expect(titles, `${kind}: ${heading}`).toContain(heading);
      }
      // "Getting There" lists its own sub-headings, not the sections after them.
      const group = outline.slides.find((slide) => slide.title === "Getting There")!;
      expect(group.bullets, kind).toEqual(expect.arrayContaining(["Taking the Bus", "Cycling In"]));
      expect(group.bullets, kind).not.toContain("Safety on Site");
    }
  });

  it("reads a DOCX list straight under a heading as that section's list, not its first item as a heading", async () => {
    const docx = await buildDocx({
      blocks: [
        { heading: 1, text: "A Day on the Ridge" },
        { paragraph: "This guide covers a day walk along the Harrow Ridge, from the village car park to the summit cairn and back." },
        { heading: 2, text: "Getting Ready" },
        { paragraph: "Check the mountain forecast the evening before you set off. Tell someone at home which route you are taking and when you expect to be back." },
        { heading: 2, text: "Packing List" },
        { bullets: ["A warm jacket", "Walking boots", "A water bottle", "A paper map"] },
        { heading: 2, text: "On the Ridge" },
        { paragraph: "The path climbs steeply for the first hour and then follows the crest for three kilometres. Keep to the marked path, as the slopes either side are loose scree." },
        { heading: 2, text: "Coming Down" },
        { paragraph: "Most accidents happen on the way down, when legs are tired. Take the zigzag path rather than the direct gully, and rest at the stone shelter halfway." },
      ],
    });
    const outline = generateOfflineOutline(input((await extractDocument("docx", docx)).text));
    const titles = outline.slides.map((slide) => slide.title);
    expect(titles).toContain("Packing List");
    expect(titles).not.toContain("A warm jacket");
    expect(outline.slides.find((slide) => slide.title === "Packing List")!.bullets).toEqual(expect.arrayContaining(["A warm jacket", "A paper map"]));
  });

  it("says where a text without headings turns to a new topic on its slides, titled from what the part opens with", () => {
    const paragraphs = [
      "For almost two hundred years the only way across the Wend estuary at Marlow Point was a rowing boat and, later, a chain ferry. The crossing saved travellers a detour of thirty kilometres around the head of the estuary, and the village grew up around its two slipways. This is the story of how the crossing began, how it worked and why it finally closed.",
      "The first ferryman on record was a fisherman named Abel Crane. In 1790 the parish paid him to row passengers across at high tide, and a toll board from his time still hangs in the village hall. He charged a penny for a person and fourpence for a horse.",
      "The chain ferry arrived in 1868. A flat-bottomed deck was hauled across the water along two iron chains laid on the riverbed, first by hand and then by a small steam engine. It could carry two carts and forty people at a time, and it made the crossing in under ten minutes.",
      "Traffic grew quickly once the railway reached the north bank. Farmers sent milk and vegetables across every morning for the early trains, and on market days a queue of carts stretched back along the quay.",
      "Winter changed everything. Storms regularly broke the chains, and in the hard frost of 1895 the estuary froze so thickly that the ferry was stuck for six weeks. The ferry company spent more on repairs in those years than it earned in tolls.",
      "The families who ran the crossing became part of village life. Three generations of the Crane family worked the ferry, and their cottage beside the southern slipway served as a waiting room, a post office and a shop.",
      "A road bridge upstream opened in 1962, and the number of passengers fell by half within a year. The county council stopped paying for repairs, and the last ferry crossed on a grey morning in March 1965.",
      "The slipways are still there today. A local society has restored the toll house as a small museum, and on summer weekends volunteers row visitors across in a copy of Abel Crane's boat.",
    ];
    const text = paragraphs.join("\n\n");
    const outline = generateOfflineOutline(input(text));
    const slideText = (slide: Outline["slides"][number]) => wordsOf([slide.title, ...slide.bullets, slide.script].join(" ")).join(" ");
    // Where the story turns: the article's first sentence, the chain ferry, the winters (a sentence of three words) and
    // the bridge.
    const openings = [paragraphs[0]!, paragraphs[2]!, paragraphs[4]!, paragraphs[6]!].map((paragraph) => wordsOf(splitSentences(paragraph)[0]!).slice(0, 8).join(" "));
    const found = openings.map((opening) => outline.slides.findIndex((slide) => slideText(slide).includes(opening)));
    for (const [index, slide] of found.entries()) expect(slide, openings[index]).toBeGreaterThanOrEqual(0);
    expect([...found].sort((a, b) => a - b)).toEqual(found);
    for (const slide of outline.slides.slice(1, -1)) {
      // A part's title says what it is about in a few words: no lone word, no sentence of its middle.
      expect(wordCount(slide.title), slide.title).toBeGreaterThanOrEqual(3);
      expect(wordCount(slide.title), slide.title).toBeLessThanOrEqual(12);
      expect(slide.title).not.toMatch(/[.]$/);
      const part = paragraphs.find((paragraph) => paragraph.includes(slide.title));
      if (part) expect(splitSentences(part).some((sentence) => sentence.startsWith(slide.title)), slide.title).toBe(true);
    }
    // A line opening on "It" is never given an article for its subject ("The is…").
    for (const slide of outline.slides) for (const bullet of slide.bullets) expect(bullet).not.toMatch(/^(?:The|A|An) (?:is|was|are|were|has)\b/);
  });

  it("keeps an FAQ's short answers under their part's heading on one slide, and its bullets out of the narration", () => {
    const answer = (question: string, text: string) => `### ${question}\n${text}`;
    const text = [
      "# Allotment Questions",
      "Our allotments sit on a former orchard beside the river. They are run by a small committee of volunteers. This page answers what newcomers ask most.",
      "## Joining",
      answer("Who may join?", "Any resident of the parish over sixteen may join. Schools and youth clubs may also join as a group."),
      answer("How long is the wait?", "The wait for a plot is about a year at the moment. Smaller plots usually come free a few months sooner."),
      answer("How do I apply?", "Fill in the form at the post office on the high street. The secretary writes back to every applicant within a fortnight."),
      "## Paying",
      answer("What does a plot cost?", "A plot costs forty pounds a year. Pensioners and students pay half of the full price."),
      answer("When is the fee due?", "The fee is due every April. Members may pay it in two parts if they ask the treasurer."),
      answer("What does the fee cover?", "The fee covers water, insurance and the upkeep of the shared shed. Tools in the shed may be borrowed by any member."),
    ].join("\n\n");
    const outline = generateOfflineOutline(input(text));
    expect(outline.slides.map((slide) => slide.title)).toEqual(["Allotment Questions", "Joining", "Paying", "Key Takeaways"]);
    expect(outline.slides[1]!.bullets).toEqual(["Who may join?", "How long is the wait?", "How do I apply?"]);
    // Each answer is said under its heading, none twice in the deck.
    const said = outline.slides.flatMap((slide) => splitSentences(slide.script));
    for (const sentence of ["Any resident of the parish over sixteen may join.", "A plot costs forty pounds a year.", "The fee is due every April."]) {
      expect(said.filter((heard) => heard === sentence)).toHaveLength(1);
    }
    expect(outline.slides[1]!.script).toContain("Any resident of the parish over sixteen may join.");
  });

  it("says the sentence that introduces a list-only part, and names a list of clauses by what its first says", () => {
    const text = [
      "# Village Orchards",
      "A survey of thirty village orchards found that most old fruit trees can be saved with a few years of care. Volunteers visited every orchard in spring and autumn.",
      "## Why Some Orchards Did Better",
      "The orchards that recovered fastest had three things in common:",
      "- They were pruned every winter by the same small team.",
      "- They had sheep grazing the grass between the trees.",
      "- They stood on slopes where cold air drained away.",
      "## What Volunteers Do",
      "Volunteers prune, graft and pick, and each autumn they press the fallen apples into juice that the village sells at its fair. Training is given on the first Saturday of each month, and tools are lent free of charge.",
    ].join("\n\n");
    const slide = generateOfflineOutline(input(text)).slides.find((candidate) => candidate.title === "Why Some Orchards Did Better")!;
    expect(slide.script).toContain("The orchards that recovered fastest had three things in common.");
    expect(slide.script).toContain("The first is that they were pruned every winter by the same small team.");
    expect(slide.script).not.toMatch(/starting with they\b/);
  });

  it("shows a list of seven to twelve short items whole, two to a line, and says it after the sentence before it", () => {
    const text = [
      "# Painting a Room",
      "Painting a room yourself saves money and takes a weekend if you plan it well. This guide walks through the tools, the preparation and the painting itself, in the order a decorator would do them.",
      "## What You Will Need",
      "Gather everything before you start.",
      "- A roller and a roller tray",
      "- An extension pole",
      "- Two angled brushes, one 50 mm and one 25 mm",
      "- Masking tape",
      "- Dust sheets",
      "- Filler and a filling knife",
      "- Sandpaper of 120 grit",
      "- A sugar soap solution and a sponge",
      "## Preparing the Walls",
      "Turn off the power at the fuse box before you unscrew any switch plates. Wash the walls with sugar soap to remove grease, then let them dry for at least two hours. Fill cracks and holes with filler, leave it to harden overnight, and sand it flush. Run masking tape along the skirting boards and the ceiling line, pressing its edge down firmly so paint cannot creep underneath.",
    ].join("\n\n");
    const slide = generateOfflineOutline(input(text)).slides.find((candidate) => candidate.title === "What You Will Need")!;
    expect(slide.bullets).toEqual([
      "A roller and a roller tray; an extension pole",
      "Two angled brushes, one 50 mm and one 25 mm",
      "Masking tape; dust sheets",
      "Filler and a filling knife",
      "Sandpaper of 120 grit",
      "A sugar soap solution and a sponge",
    ]);
    const said = splitSentences(slide.script);
    expect(said.indexOf("Gather everything before you start.")).toBeGreaterThan(0);
    expect(said.indexOf("Gather everything before you start.")).toBeLessThan(said.findIndex((sentence) => /\beight\b/.test(sentence)));
    // Nothing of the next part is said here.
    expect(slide.script).not.toContain("fuse box");
  });

  it("says each answer of an FAQ after its question, and shows no list's introduction or half of its examples", () => {
    const text = [
      "# Burns and Scalds",
      "Most burns at home can be treated with cool water and a clean dressing. This leaflet explains what to do, what not to do and when to get help.",
      "## What a Burn Is",
      "A burn is damage to the skin caused by dry heat, such as a flame, an iron or a hot surface. A scald is caused by wet heat, such as boiling water, steam or hot fat. Both are treated in the same way, and both need cooling at once.",
      "## When to Get Help",
      "Call 999 for an ambulance if the burn is large or deep, or if the person is struggling to breathe.",
      "Go to an emergency department if:",
      "- the burn is larger than the injured person's hand\n- the skin looks white, leathery or charred\n- the burn is on the face, hands or feet",
      "## Frequently Asked Questions",
      "### Can I put butter on a burn?",
      "No. Butter and other fats hold the heat in the skin and make infection more likely.",
      "### Should I pop a blister?",
      "No. A blister is the body's own sterile dressing, and popping it lets infection in.",
      "### How long will a minor burn take to heal?",
      "A superficial burn usually heals within about a week without leaving a scar.",
    ].join("\n\n");
    const slides = generateOfflineOutline(input(text)).slides;
    const slide = (title: string) => slides.find((candidate) => candidate.title === title)!;
    const faq = slide("Frequently Asked Questions").script;
    expect(faq).toContain("Can I put butter on a burn? No. Butter and other fats");
    expect(faq).toContain("Should I pop a blister? No. A blister");
    expect(slides.flatMap((candidate) => candidate.bullets).filter((bullet) => /:$/.test(bullet))).toEqual([]);
    expect(slide("What a Burn Is").bullets.join(" | ")).not.toMatch(/dry heat an iron|wet heat steam/);
  });

  it("gives sub-sections named by topic a slide each, opens on the lead alone and closes on what the deck went through", () => {
    const rules = (heading: string, lines: string[]) => `${heading}\n\n${lines.map((line, index) => `${index + 1}. ${line}`).join("\n")}`;
    const text = [
      "# Granite Lane Climbing Centre: House Rules",
      "Dear Climbers,",
      "Climbing is a risky activity, and these rules exist to keep everyone safe. Every climber must read them before their first session. Staff may ask anyone who ignores them to stop climbing.",
      rules("## Registration", ["Every climber must complete a registration form before climbing.", "New climbers must watch our 15-minute safety video.", "Bring a form of photo ID on your first visit."]),
      rules("## Bouldering", ["Never climb above or below another climber, and never walk underneath someone who is climbing.", "Climb down rather than jumping from the top where you can.", "Keep the mats clear of bags, bottles, phones and brushes."]),
      "## Roped Climbing",
      rules("### Top-Roping", ["You must pass a belay test before you belay without supervision.", "A belay test pass is valid for 12 months, after which you must take it again.", "Tie in with a figure-of-eight knot and have your partner check it before every climb."]),
      rules("### Lead Climbing", ["Lead climbers must hold a lead card, which is issued after a lead assessment with an instructor.", "Clip every quickdraw on the route.", "Use your own rope, which must be at least 40 metres long and in good condition."]),
      rules("## Accidents", ["Report every accident at the front desk, however small it seems.", "A trained first aider is on duty whenever the centre is open.", "Every injury is written in the accident book."]),
    ].join("\n\n");
    const outline = generateOfflineOutline(input(text));
    const titles = outline.slides.map((slide) => slide.title);
    expect(titles).toEqual(expect.arrayContaining(["Top-Roping", "Lead Climbing"]));
    expect(titles.indexOf("Lead Climbing")).toBe(titles.indexOf("Top-Roping") + 1);
    // The greeting is no point of the text; the opening says its lead and no other section's sentence.
    expect(outline.slides.flatMap((slide) => [...slide.bullets, slide.script]).join(" ")).not.toContain("Dear Climbers");
    const opening = outline.slides[0]!.script;
    for (const slide of outline.slides.slice(1, -1)) for (const sentence of splitSentences(slide.script)) if (wordCount(sentence) >= 6) expect(opening).not.toContain(sentence);
    // Everything has been said on its own slide: the closing says what the deck went through, no sentence again.
    const closing = outline.slides.at(-1)!.script;
    expect(closing).toMatch(/[Ww]e have looked at \w+ topics, from “Registration” to “Accidents”\./);
    for (const slide of outline.slides.slice(0, -1)) for (const sentence of splitSentences(slide.script)) if (wordCount(sentence) >= 6) expect(closing).not.toContain(sentence);
  });

  it("shows no line without a verb of its own, and a long table row as its label and its last cell", () => {
    const text = [
      "# Thirty Years in the Tower",
      "Maria Lopes retired last spring after thirty-three years as an air traffic controller. We asked her about the job.",
      "## How did you end up in air traffic control?",
      "Completely by accident. I had finished a geography degree and had no idea what to do next. I saw an advertisement in a newspaper asking whether I could think in three dimensions. The training took eighteen months at a college, most of it in simulators.",
      "## How is an earthquake measured?",
      "Seismologists now use the moment magnitude scale. It is based on the physical size of the earthquake: the area of the fault that slipped, how far it slipped and how stiff the rock is. The scale was introduced in 1979, and it works for the largest earthquakes as well as the smallest.",
      "## Troubleshooting",
      "Most problems can be solved quickly.",
      "| Problem | Possible cause | What to do |\n| --- | --- | --- |\n| The unit does not switch on | The adapter is not plugged in, or the base cover is not closed | Check the plug, then close the base cover until it clicks |\n| The air flow is weak | The plastic bag is still on the filter, or the filter is clogged | Remove the bag, clean the outer layer or replace the filter |\n| The unit is noisy | The unit is on high speed | Choose a lower speed |",
    ].join("\n\n");
    const slides = generateOfflineOutline(input(text)).slides;
    const bullets = slides.flatMap((slide) => slide.bullets);
    expect(bullets).not.toContain("Completely by accident");
    expect(bullets.filter((bullet) => /^The area of the fault/i.test(bullet))).toEqual([]);
    expect(bullets).toContain("The unit does not switch on: Check the plug, then close the base cover until it clicks");
    expect(bullets).toContain("The unit is noisy: The unit is on high speed, Choose a lower speed");
  });

  it("says an interview's short answer as written, after its question, and shows a long title by its main part", () => {
    const text = [
      "# Thirty-Three Years in the Tower: An Interview with a Retired Air Traffic Controller",
      "Maria Lopes retired last spring after thirty-three years as an air traffic controller. We asked her about the job, the stress and what comes next.",
      "## Is it as stressful as people think?",
      "Yes and no. The busy times are not the worst, because you are too occupied to worry. The stress is in the quiet times, when something unusual happens and there is nothing to distract you from it.",
      "## How has the technology changed?",
      "When I started, every flight had a paper strip that we moved by hand on a board. Now it is all on screens, and the computer warns us when two aircraft are heading for each other. Radar is far sharper than it was.",
      "## What will you miss?",
      "The people, above all. And the sunrises: on an early shift you watch the sun come up over the runway from the best seat in the building, and I never once got tired of it.",
    ].join("\n\n");
    const slides = generateOfflineOutline(input(text)).slides;
    expect(slides[0]!.title).toBe("Thirty-Three Years in the Tower");
    // Ten words, but 81 characters: too long for the title line too.
    const faq = generateOfflineOutline(input(text.replace(/^# .*$/m, "# Riverside Leisure Pool: Swimming Lessons and Memberships, Your Questions Answered"))).slides;
    expect(faq[0]!.title).toBe("Riverside Leisure Pool");
    expect(slides[0]!.script).toContain("“Thirty-Three Years in the Tower: An Interview with a Retired Air Traffic Controller”");
    const miss = slides.find((slide) => slide.title === "What will you miss?")!;
    expect(miss.script).toContain("The people, above all. And the sunrises: on an early shift");
    expect(miss.script).not.toContain("The stress is in the quiet times");
  });

  it("narrates a short section with a heading in its own sentences only, never a neighbour's", () => {
    const planting = [
      "Dig a hole twice as wide as the root ball and just as deep.",
      "Loosen the soil at the bottom with a fork so the roots can spread.",
      "Set the tree in the hole so the graft union sits a hand's width above the ground.",
      "Fill the hole with the soil you dug out, firming it gently with your heel as you go.",
      "Drive a short stake in at an angle on the side of the prevailing wind.",
      "Tie the trunk to the stake with a rubber tree tie, never with wire.",
      "Water the tree with a full can even if the soil is damp.",
      "Spread a ring of bark mulch around it, keeping the mulch clear of the trunk.",
      "Check the tie every spring and loosen it as the trunk thickens.",
    ];
    const text = [
      "# Planting a Fruit Tree",
      "A fruit tree planted well in its first winter will crop for decades. This guide covers the timing, the planting itself and the first year of care, for apples, pears and plums alike.",
      "## Before You Start",
      "Soak a bare-root tree in a bucket of water for two hours before planting.",
      "## Planting",
      planting.join(" "),
      "## The First Year",
      "Water every week through the first summer, more in a drought. Remove any fruit that sets in the first year so the tree puts its strength into roots. Pull out grass and weeds within a metre of the trunk, since they compete for water. Prune lightly in the second winter once the tree has settled.",
    ].join("\n\n");
    const outline = generateOfflineOutline(input(text));
    const slide = outline.slides.find((candidate) => candidate.title === "Before You Start")!;
    expect(slide.script).toContain("Soak a bare-root tree in a bucket of water for two hours before planting.");
    for (const sentence of [...planting, "Water every week through the first summer, more in a drought."]) expect(slide.script).not.toContain(sentence);
  });

  it("shows a contact's address and says it as a speaker would; a byline is no lead, the opening lists the topics", () => {
    const text = [
      "# Allergens and Ordering",
      "Published 14 May 2025 by Hollybrook Bakehouse.",
      "## About Our Kitchen",
      "All our bread, pastries and cakes are made in one small kitchen. We use wheat, milk, eggs, nuts and sesame every day, so we cannot promise that any product is free from them. Our staff wash surfaces and tools between batches, but traces can remain.",
      "## Ordering",
      "Cakes need at least three days' notice, and wedding cakes at least six weeks. You can order in the shop, by phone or through our website. A deposit of half the price is taken when you order.",
      "## Collection",
      "Orders can be collected from 8:00 on the day you choose. We deliver celebration cakes within eight miles for a flat charge of £12. Anything not collected by closing time is kept until noon the next day.",
      "## Contact Us",
      "Call us on 01632 960 442 between 8:00 and 15:00, Tuesday to Saturday, or email hello@hollybrookbakehouse.co.uk. If you have a question about an allergy, we would always rather you asked.",
      "## Paying",
      "We take cards and cash in the shop. Orders over £50 can be paid by bank transfer, and we send the details with your order confirmation.",
      "## Opening Hours",
      "The shop opens from 8:00 to 15:00, Tuesday to Saturday. We close for two weeks after Christmas and for one week in August.",
      "## Our Suppliers",
      "Our flour comes from a mill twenty miles away, and our eggs from a farm on the edge of the village. We buy butter and cream from a dairy in the next county.",
    ].join("\n\n");
    const outline = generateOfflineOutline(input(text));
    const contact = outline.slides.find((candidate) => candidate.title === "Contact Us")!;
    expect(contact.script).toContain("or email hello at hollybrookbakehouse dot co dot uk.");
    expect(contact.script).not.toContain("@");
    // In the deck's language.
    inLanguage("fr", () => {
      expect(sayAddresses("Écrivez à bonjour@boulangerie.fr ou consultez www.boulangerie.fr/commandes.")).toBe(
        "Écrivez à bonjour arobase boulangerie point fr ou consultez boulangerie point fr barre oblique commandes.",
      );
    });
    const opening = outline.slides[0]!;
    expect(opening.bullets).toEqual(["About Our Kitchen", "Ordering", "Collection", "Contact Us", "Paying", "Opening Hours"]);
  });

  it("recaps statements only: no item of a list of choices away from its list, no sentence that introduces a list", () => {
    const text = [
      "# Your Gastroscopy",
      "A gastroscopy is a test that looks at the lining of your food pipe, stomach and the first part of your bowel. This guide explains how to prepare and what happens on the day.",
      "## Before the test",
      "Do not eat anything for six hours before your appointment. You may drink small sips of water until two hours before. Keep taking most of your usual medicines with a small sip of water.",
      "## Throat spray or sedation",
      "You can choose between two ways of making the test more comfortable:",
      "1. A local anaesthetic throat spray, which numbs the back of your throat while you stay fully awake.\n2. A sedative injection into a vein in your hand, which makes you relaxed and drowsy.",
      "If you choose the throat spray, you can go home soon after the test and you may drive. If you choose sedation, a responsible adult must collect you and stay with you for 12 hours. After sedation you must not drive or drink alcohol for 24 hours.",
      "## On the day",
      "Please arrive 15 minutes before your appointment time. A nurse will check your details, blood pressure and medical history. The test itself usually takes between five and ten minutes.",
    ].join("\n\n");
    const outline = generateOfflineOutline({ sources: [{ name: "guide.md", kind: "main_document", text, isMain: true }], useMainSourceOnly: true, template: "professional" });
    const closing = outline.slides.at(-1)!;
    expect(closing.bullets.length).toBeGreaterThanOrEqual(2);
    expect(closing.bullets).not.toContain("A local anaesthetic throat spray");
    expect(closing.bullets.some((bullet) => /two ways of making the test more comfortable/.test(bullet))).toBe(false);
  });

  it("ends a sentence on a time of day before a capitalised word, and goes on before a day's name", () => {
    expect(splitSentences("Visitors could come between 6 p.m. and 8 p.m. Many relatives told us these sessions clashed with work. The shop opens at 9 a.m. Monday to Friday.")).toEqual([
      "Visitors could come between 6 p.m. and 8 p.m.",
      "Many relatives told us these sessions clashed with work.",
      "The shop opens at 9 a.m. Monday to Friday.",
    ]);
  });

  it("cuts no line between an adjective and its noun, inside a comparison, or before a pronoun object it needs the sentence before for", () => {
    // A clause of a sentence is not cut between two adjectives of its noun either; too long, it ends before its relative clause.
    const compost = [
      "# Composting at Home",
      "Around a third of the rubbish in a typical household bin is food and garden waste that could be composted at home.",
      "## Why Compost?",
      "Composting turns kitchen scraps and garden waste into a dark, crumbly material that feeds the soil and helps plants hold water. It also cuts the council's costs: every tonne of waste sent to landfill costs the council £126 in tax and handling charges.",
      "## Choosing a Bin",
      "The standard 330-litre bin suits most gardens and is made from recycled plastic. A smaller bin is available for patios. Both have a hatch at the bottom for taking out finished compost.",
    ].join("\n\n");
    const deck = generateOfflineOutline({ sources: [{ name: "compost.md", kind: "main_document", text: compost, isMain: true }], useMainSourceOnly: true, template: "professional" });
    const why = deck.slides.find((slide) => slide.title === "Why Compost?");
    expect(why?.bullets).toContain("Composting turns kitchen scraps and garden waste into a dark, crumbly material");
    expect(why?.bullets.some((bullet) => bullet.endsWith("a dark"))).toBe(false);
    // Read in its sentence, "a dark" is an adjective before its noun, not "the dark".
    expect(toBullet("Composting turns kitchen scraps and garden waste into a dark, crumbly material that feeds the soil and helps plants hold water.")?.text ?? "").not.toMatch(/a dark$/);
    expect(toBullet("A sluggish carriage has a dull, dragging sound, she says, and a bent typebar clicks half a beat late, like a drummer who has lost the count.")?.text).not.toBe(
      "A sluggish carriage has a dull",
    );
    expect(toBullet("Decades of dust, eraser crumbs and dried oil are removed with white spirit and soft brushes before any part is oiled again, which can take most of a working day.")?.text ?? "").not.toMatch(
      / and soft$/,
    );
    // A participle between a preposition and its noun, after the noun of an opening "with" or after a hyphen is no verb.
    for (const fragment of ["In shared bays", "For registered players", "With each screw placed in a numbered compartment", "An old fishing-tackle box"]) {
      expect(hasMainVerb(tagged(fragment)), fragment).toBe(false);
    }
    for (const statement of ["The doors opened at noon", "With time the starter matures", "Without a permit, cars are towed"]) expect(hasMainVerb(tagged(statement)), statement).toBe(true);
    const cut = toBullet("Every machine is first photographed from four sides and then taken apart as far as it needs to go, with each screw placed in a numbered compartment of an old fishing-tackle box.");
    expect(cut?.text ?? "").not.toMatch(/\bas far$/);
    const text = [
      "# The Typewriter Doctor",
      "Dorota Kowalczyk can tell what is wrong with a typewriter before she has taken the cover off. She listens to it. A sluggish carriage has a dull, dragging sound, she says, and a bent typebar clicks half a beat late. For the past 19 years Kowalczyk has restored vintage typewriters in a narrow workshop above a bicycle shop in Sheffield.",
      "## How It Began",
      "In 2006 her father sent her the typewriter on which he had written letters to her. It arrived with a jammed carriage. No shop in Sheffield would take it. She found a repair manual on a forum and spent three weekends putting it right. When a colleague brought in her grandmother's Imperial, Kowalczyk fixed that too. By 2008 she was doing repairs most evenings.",
      "## The Work",
      "Every machine is first photographed from four sides, with each screw placed in a numbered compartment of an old fishing-tackle box. The platen goes hard and glossy after forty or fifty years. A straightforward service takes her about six hours. Roughly a third of her customers are writers, including two crime novelists who still draft on manual machines.",
    ].join("\n\n");
    const lines = generateOfflineOutline(input(text)).slides.flatMap((slide) => slide.bullets);
    for (const line of ["Dorota Kowalczyk listens to it", "No shop in Sheffield would take it", "Kowalczyk fixed that too", "Two crime novelists"]) expect(lines).not.toContain(line);
    expect(lines.some((line) => /^With each screw placed/.test(line))).toBe(false);
  });

  it("makes no slide of a supporting source's line of who prepared it, and shows no signature", () => {
    const main = [
      "# Choir Returns from Its First Tour",
      "The university chamber choir returned to campus on Sunday after an eleven-day concert tour of Estonia and Latvia, the first time the ensemble has performed abroad in its history. The 34 singers gave six concerts in four cities.",
      "## The Concerts",
      "The choir flew out of Toronto on May 8 and opened the tour in Tallinn. From there the singers travelled by coach to Tartu for a joint concert with a university choir. The largest audience came in Pärnu, where roughly 900 people attended an outdoor concert. The choir then crossed into Latvia for three concerts in Riga.",
      "## Paying for the Trip",
      "Students paid 1,200 dollars each toward the cost. The rest came from a university travel grant, an arts council award and donations from former members. Four singers had their share paid from a hardship fund set up by the committee. The committee ended the tour with a small surplus.",
    ].join("\n\n");
    const budget = [
      "# Tour Budget Summary",
      "Prepared by the Chamber Choir tour committee for the Department of Music, June 2025.",
      "## Costs",
      "Return flights cost 58,400 dollars and coach and rail travel 14,900 dollars. Accommodation for ten nights cost 39,600 dollars and meals 17,300 dollars. The total came to 142,000 dollars, about 4,200 dollars for each singer.",
    ].join("\n\n");
    const statement = [
      "# Statement from the Alumni Association",
      "The alumni association is proud that so many former members gave to the tour fund. Their donations came to just under 31,000 dollars, the largest source of private money for the trip. We hope to support the planned visit of the Tartu choir in the same way next year.",
      "Donal Reilly, Chair, Choir Alumni Association",
    ].join("\n\n");
    const outline = generateOfflineOutline({
      sources: [
        { name: "tour.md", kind: "main_document", text: main, isMain: true },
        { name: "budget.md", kind: "file", text: budget, isMain: false },
        { name: "statement.md", kind: "file", text: statement, isMain: false },
      ],
      useMainSourceOnly: false,
      template: "professional",
    });
    expect(outline.slides.map((slide) => slide.title)).not.toContain("Tour Budget Summary");
    const everything = outline.slides.flatMap((slide) => [...slide.bullets, slide.script]).join("\n");
    expect(everything).not.toMatch(/Prepared by the Chamber Choir/);
    expect(everything).not.toMatch(/Donal Reilly, Chair/);
  });

  it("shows no line that answers 'no' to a question the line does not show, nor one cut inside a list", () => {
    const text = [
      "# Millbrook Tool Library: Questions",
      "The Millbrook Tool Library lends drills, ladders, garden equipment and more than 900 other tools to people who live or work in the city.",
      "## Borrowing tools",
      "### How many tools can I borrow at once?",
      "Members can have up to five items out at any time. Large items such as the cement mixer and the tile cutter count as two.",
      "### Do I need training to use power tools?",
      "For most tools, no; every item comes with a printed instruction card. The chainsaw and the floor sander are lent only after a short induction.",
      "## Returns",
      "### What happens if I return something late?",
      "We do not charge late fees. Members who are more than a week late three times in a year have their borrowing paused for a month.",
      "### What if a tool breaks?",
      "Tell us when you bring it back. Tools wear out, and ordinary breakage costs you nothing.",
    ].join("\n\n");
    const lines = generateOfflineOutline(input(text)).slides.flatMap((slide) => slide.bullets);
    expect(lines.filter((line) => /\bno;/i.test(line))).toEqual([]);
    expect(lines).not.toContain("The Millbrook Tool Library lends drills");
    expect(toBullet("The Millbrook Tool Library lends drills, ladders, garden equipment and more than 900 other tools to people who live or work in the city.")?.text).toBe(
      "The Millbrook Tool Library lends drills, ladders, garden equipment and more than 900 other tools",
    );
    // One comma before a longer phrase is an apposition's, no list's: no line cut inside it.
    expect(toBullet("Kelvin built the first tide-predicting machine in 1872, a system of pulleys and gears in which each wheel represented one constituent and a wire summed their motions.")?.text ?? "").not.toMatch(
      /a system of pulleys$/,
    );
    // A quotation opening on its condition gives no line: cut, it would be the condition alone.
    expect(toBullet('"If the results are what we expect, a child in Leeds and a child in Lagos should be able to get the same hand," she says.')).toBeNull();
  });

  it("shows a headline too long for a slide without its closing clause, never without its verb", () => {
    expect(slideTitleOf("Pennine Philharmonic Warns It Could Close Within a Year After Losing Its Main Grant")).toBe("Pennine Philharmonic Warns It Could Close Within a Year");
    expect(slideTitleOf("Council Approves Plan to Build Two Hundred New Homes on the Former Gasworks Site in the East of the Town")).toBe("Council Approves Plan to Build Two Hundred New Homes");
    expect(slideTitleOf("Thirty-Three Years in the Tower: An Interview with a Retired Air Traffic Controller")).toBe("Thirty-Three Years in the Tower");
    const long = "How a Small Village in the Scottish Highlands Built Its Own Broadband Network From Scratch Over Ten Years";
    expect(slideTitleOf(long)).toBe(long);
    expect(slideTitleOf("Night Trains Return")).toBe("Night Trains Return");
    expect(slideTitleOf("Volunteer drivers step in to keep the 42 bus running between Ashby and Holt")).toBe("Volunteer drivers step in to keep the 42 bus running");
    // With neither, the first of two things it joins.
    expect(slideTitleOf("Harbour ferry timetable adds an early sailing and a year-round evening boat for islanders")).toBe(
      "Harbour ferry timetable adds an early sailing",
    );
  });

  it("says a list's introduction that cannot end without its items with a pointer to the slide that shows them", () => {
    const text = [
      "# The Riverside Bag Levy",
      "Every shop in Riverside that gives customers a single-use bag must charge at least twenty cents for it, and the levy has now run for three years.",
      "## Where the Money Goes",
      "Shops pass the money to the council, which gives it to local environmental projects. Last year's grants paid for:",
      "- new litter bins along the river path\n- a water refill station in the market square\n- tree planting on two housing estates\n- a repair café that fixes small electrical items for free",
      "The council publishes the list of grants on its website, with the amount each group received.",
      "## What Happens Next",
      "The council will review the levy next spring and may raise it to thirty cents. Residents can comment on the plans until the end of March.",
    ].join("\n\n");
    const outline = generateOfflineOutline({ sources: [{ name: "levy.md", kind: "main_document", text, isMain: true }], useMainSourceOnly: true, template: "professional" });
    const slide = outline.slides.find((candidate) => candidate.title === "Where the Money Goes")!;
    expect(slide.script).toContain("Last year's grants paid for these four, shown on the slide.");
    expect(slide.bullets).toContain("New litter bins along the river path");
  });

  it("gives a section of three sentences two lines when the second is one the narration reads on from", () => {
    const text = [
      "# Annual Report of the Hillside Food Co-operative",
      "The Hillside Food Co-operative had its busiest year since it opened, with turnover up by nine per cent and membership above 2,000 for the first time.",
      "## Members",
      "Membership passed 2,000 in October, and 212 members volunteered at least one shift in the shop. Volunteers receive a 10 per cent discount on everything they buy. The annual meeting in March elected two new directors to the board.",
      "## Suppliers and Sourcing",
      "The co-operative bought from 74 suppliers in 2024, 29 of them within 30 miles of the city. Its largest supplier remains Hope Valley Organics, a grower in Derbyshire that provides about half of the vegetables in the veg boxes. In July the co-operative joined a regional buying group with four other food co-ops in Yorkshire to negotiate better prices on dry goods such as rice, pasta and oats.",
      "## Looking Ahead",
      "The board's main priority for next year is to find a second site, after the shop ran out of storage space. It has set aside £40,000 from reserves for a feasibility study. The co-operative also plans to launch online ordering for veg boxes in the spring.",
    ].join("\n\n");
    const outline = generateOfflineOutline({ sources: [{ name: "report.md", kind: "main_document", text, isMain: true }], useMainSourceOnly: true, template: "professional" });
    const slide = outline.slides.find((candidate) => candidate.title === "Suppliers and Sourcing");
    expect(slide?.bullets.length).toBeGreaterThanOrEqual(2);
  });
});
