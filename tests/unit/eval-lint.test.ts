// The content evaluation's slide lint (eval/lint.ts): what it counts as a defect and what it must not.
import { describe, expect, it } from "vitest";
import type { DeckSlide } from "@/eval/app";
import type { Article } from "@/eval/corpus";
import { lintDeck } from "@/eval/lint";
import { parseMarkdown } from "@/eval/markdown";

const markdown = "# Sleep and School\n\n## Later Start Times\n\nSome schools now start later in the morning. Pupils sleep longer.";

const article: Article = {
  id: "lint-test",
  title: "Sleep and School",
  markdown,
  blocks: parseMarkdown(markdown),
  extras: [],
  gold: { subject: "test", pdfHeadings: "large", language: "en", subset: false, extras: [], sections: ["Later Start Times"], parts: [], questions: [], unanswerable: [] },
  words: 400,
  structured: true,
  subsections: new Map(),
};

const SCRIPT =
  "Let's look at later start times. Some schools now start later in the morning, and the pupils there sleep longer on " +
  "school nights. Teachers report fewer pupils asleep in the first lesson. Parents say mornings at home are calmer. " +
  "The change needs buses and clubs to move too, which takes a year of planning in most towns.";

/** The categories of the findings on one slide showing `bullets`. */
function findingsFor(bullets: string[]): string[] {
  const slide: DeckSlide = { number: 2, title: "Later Start Times", bullets, script: SCRIPT };
  return lintDeck([slide], article).map((finding) => `${finding.category}: ${finding.text}`);
}

describe("slide lint", () => {
  it("finds a verb the tagger reads as a noun, and still flags phrases without one", () => {
    const verbs = ["Sleep matters for physical health", "A full plot costs 60 pounds a year", "Wash the jar in hot soapy water and rinse it well", "Talk to a doctor", "Pupils bring phones to school at their own risk", "Log in to your account with your library card", "An adult ticket costs £8 and a child's ticket costs £6", "Most give one evening a week", "On a rent of £900 a month, that means a deposit of no more than £1,000"];
    expect(findingsFor(verbs).filter((finding) => finding.startsWith("verbless"))).toEqual([]);
    // An instruction after an opening phrase; a line led by what to do or avoid.
    const actions = ["Every week, change about a quarter of the water", "Painting in strong direct sunlight", "Making a plan before you start", "Running the tap for a minute first"];
    expect(findingsFor(actions).filter((finding) => finding.startsWith("verbless"))).toEqual([]);
    const phrases = ["Bike sales in Leeds", "Sales figures for the year", "For most of the twentieth century", "Trip to Lisbon", "Including the garden and the old shed", "Every week, bread and milk", "Morning swimming lessons"];
    expect(findingsFor(phrases).filter((finding) => finding.startsWith("verbless"))).toEqual(phrases.map((phrase) => `verbless: ${phrase}`));
  });

  it("takes a heading quoted inside a longer heading for no heading run into the text", () => {
    const rules = "# Phones in School\n\n## The Rules\n\nPhones stay in bags all day.\n\n## If the Rules Are Broken\n\nA phone taken away is returned at the end of the day.";
    const withRules: Article = { ...article, markdown: rules, blocks: parseMarkdown(rules), gold: { ...article.gold, sections: ["The Rules", "If the Rules Are Broken"] } };
    const debris = (slide: DeckSlide) => lintDeck([slide], withRules).filter((finding) => finding.category === "debris").map((finding) => finding.why);
    const script = "The next part is headed “If the Rules Are Broken”. A phone taken away is returned at the end of the day, and a second time in a term means a parent collects it.";
    expect(debris({ number: 3, title: "If the Rules Are Broken", bullets: ["A phone taken away is returned at the end of the day", "Parents collect it the second time"], script })).toEqual([]);
    expect(debris({ number: 3, title: "The Rules Phones stay in bags", bullets: ["Phones stay in bags all day", "Staff check bags"], script })).toEqual([
      'title runs the heading "The Rules" into the text after it',
    ]);
  });

  it("takes a list item's first clause for the item as written", () => {
    const packing = "# Hut Trek\n\n## What to Pack\n\nEvery walker needs:\n\n- A sleeping-bag liner, which is compulsory in every hut; blankets are provided.\n- A head torch";
    const withList: Article = { ...article, markdown: packing, blocks: parseMarkdown(packing), gold: { ...article.gold, sections: ["What to Pack"] } };
    const verbless = (bullets: string[]) =>
      lintDeck([{ number: 2, title: "What to Pack", bullets, script: SCRIPT }], withList).filter((finding) => finding.category === "verbless").map((finding) => finding.text);
    expect(verbless(["A sleeping-bag liner, which is compulsory in every hut", "A head torch"])).toEqual([]);
    expect(verbless(["A sleeping-bag liner in every hut", "A head torch"])).toEqual(["A sleeping-bag liner in every hut"]);
  });

  it("reads no name from a title quoted in capitals, and still finds a name the source always capitalises", () => {
    const source = "# Sleep and School\n\n## Later Start Times\n\nA columnist in Leeds wrote a piece titled \"What Pupils Are Good For\". Leeds schools now start later.";
    const quoted: Article = { ...article, markdown: source, blocks: parseMarkdown(source) };
    const names = (script: string) =>
      lintDeck([{ number: 2, title: "Later Start Times", bullets: ["Schools start later", "Pupils sleep longer"], script }], quoted).filter((finding) => finding.category === "grammar").map((finding) => finding.why);
    const rest = " Some schools now start later in the morning, and the pupils there sleep longer on school nights, say teachers and parents in most towns.";
    expect(names(`To sum up, here are the main points.${rest}`)).toEqual([]);
    expect(names(`To sum up, schools in leeds start later.${rest}`)).toEqual(["'leeds' is a name the source always capitalises"]);
  });

  it("takes a pronoun that a long quotation opens on for no name ('she says, \"You never forget …\"')", () => {
    const source =
      '# The Midwife\n\n## Home Births\n\nShe delivered more than 2,000 babies in forty years, she says, "You never forget the first one, because the mother is as frightened as the midwife and nobody says how it feels." Home births were still common in the 1970s.';
    const profile: Article = { ...article, markdown: source, blocks: parseMarkdown(source) };
    const grammar = lintDeck(
      [{ number: 2, title: "Home Births", bullets: ["She delivered more than 2,000 babies", "Home births were common"], script: "Let's look at home births. Home births were still common in the 1970s, and if you asked her, she would say the first one is the one you never forget." }],
      profile,
    ).filter((finding) => finding.category === "grammar");
    expect(grammar).toEqual([]);
  });

  it("reads an address said in the deck's language as the address written ('arobase', 'point')", () => {
    const source = "# La boulangerie\n\n## Nous contacter\n\nAppelez-nous du mardi au samedi. Écrivez à bonjour@boulangerie.fr pour vos commandes.";
    const french: Article = { ...article, markdown: source, blocks: parseMarkdown(source), gold: { ...article.gold, language: "fr", sections: ["Nous contacter"] } };
    const script = "Voyons « Nous contacter ». Appelez-nous du mardi au samedi. Écrivez à bonjour arobase boulangerie point fr pour vos commandes.";
    const lengths = lintDeck([{ number: 2, title: "Nous contacter", bullets: ["Appelez-nous du mardi au samedi", "Écrivez à bonjour@boulangerie.fr"], script }], french).filter((finding) => finding.category === "length");
    // A short section said whole is no short narration.
    expect(lengths).toEqual([]);
  });

  it("takes a word capitalised only inside a longer name ('Inkwell Go') for no name alone", () => {
    const source = "# E-readers\n\n## Inkwell Go\n\nWe tested the Inkwell Go for six weeks. The Inkwell Go is the cheapest of the three.";
    const review: Article = { ...article, markdown: source, blocks: parseMarkdown(source) };
    const names = (script: string) =>
      lintDeck([{ number: 2, title: "Inkwell Go", bullets: ["The Inkwell Go is the cheapest", "It was tested for six weeks"], script }], review).filter((finding) => finding.category === "grammar").map((finding) => finding.why);
    const rest = " We tested the Inkwell Go for six weeks, reading novels, comics and long articles on it every evening, and it is the cheapest of the three readers.";
    expect(names(`We will go through three readers.${rest}`)).toEqual([]);
    // Nor alone, when the source also says "the Go": the word the narration uses as a verb is no name.
    const alone = "# E-readers\n\n## Inkwell Go\n\nWe tested the Inkwell Go for six weeks. We liked the Go most of all.";
    const short: Article = { ...article, markdown: alone, blocks: parseMarkdown(alone) };
    const grammar = lintDeck([{ number: 2, title: "Inkwell Go", bullets: ["The Inkwell Go is the cheapest", "It was tested for six weeks"], script: `We will go through three readers.${rest}` }], short).filter((finding) => finding.category === "grammar");
    expect(grammar).toEqual([]);
    expect(names(`We liked the inkwell most.${rest}`)).toEqual(["'inkwell' is a name the source always capitalises"]);
  });

  it("takes a word a heading writes in lower case for no name ('Is there a café?' beside 'the Sail Loft Café')", () => {
    const source = "# Visiting\n\n## Is there a café?\n\nThe Sail Loft Café on the first floor serves hot drinks, light lunches and cakes.";
    const faq: Article = { ...article, markdown: source, blocks: parseMarkdown(source) };
    const script = "Next, let's look at food. Is there a café? The Sail Loft Café on the first floor serves hot drinks, light lunches and cakes, and it looks out over the harbour and the boats.";
    const grammar = lintDeck([{ number: 2, title: "Is there a café?", bullets: ["The café serves hot drinks", "It serves light lunches"], script }], faq).filter((finding) => finding.category === "grammar");
    expect(grammar).toEqual([]);
  });

  it("takes a quoted heading for a name after any linking word, and still flags one run into the phrase", () => {
    const grammar = (title: string, script: string) =>
      lintDeck([{ number: 2, title, bullets: ["Schools start later", "Pupils sleep longer"], script }], article).filter((finding) => finding.category === "grammar");
    const rest = " Some schools now start later in the morning, and the pupils there sleep longer on school nights, say teachers and parents in most towns.";
    expect(grammar("Off the Pitch", `Next, let's look at “Off the Pitch”.${rest}`)).toEqual([]);
    expect(grammar("Off the Pitch", `Next, let's look at off the pitch.${rest}`)).toHaveLength(1);
  });

  it("takes a phrasal verb's particle for a clause's end, a preposition for a cut", () => {
    const cuts = findingsFor(["A hunting bat changes its calls as the chase goes on", "Most pupils now rely on", "Over the years parts of the channel were filled in"]).filter((finding) => finding.startsWith("cut"));
    expect(cuts).toEqual(["cut: Most pupils now rely on"]);
  });

  it("takes a 'whether' clause that is the subject of the verb after it for no cut, and still flags one alone", () => {
    const cuts = findingsFor(["Whether he will want the early starts is a question for another decade", "Whether the trains come back for good"]).filter((finding) => finding.startsWith("cut"));
    expect(cuts).toEqual(["cut: Whether the trains come back for good"]);
  });

  it("flags a line that says 'yes' or 'no' to a question not on the slide, after a phrase too", () => {
    const context = findingsFor(["For most tools, no; every item comes with a printed instruction card", "No, dogs are not allowed", "There is no charge for registering a pet"]).filter((finding) => finding.startsWith("context"));
    expect(context).toEqual(["context: For most tools, no; every item comes with a printed instruction card", "context: No, dogs are not allowed"]);
  });

  it("takes a line ending on 'a' or 'an' and an adjective for a cut, and one ending on 'a few' or 'a second' for none", () => {
    const cuts = findingsFor(["A sluggish carriage has a dull", "The loan is paid back over a few", "The workshop makes a small profit", "A laptop can work out a year of tides in less than a second"]).filter((finding) => finding.startsWith("cut"));
    expect(cuts).toEqual(["cut: A sluggish carriage has a dull"]);
  });

  it("flags a line opening on an answer's 'No.' or 'Yes.' as lifted from its question", () => {
    expect(findingsFor(["No. Most pupils sleep longer", "Most pupils sleep longer"]).filter((finding) => finding.startsWith("context"))).toEqual(["context: No. Most pupils sleep longer"]);
  });

  it("takes a pronoun for pointing to the line before it when that line is the sentence before its own", () => {
    const context = (bullets: string[]) => findingsFor(bullets).filter((finding) => finding.startsWith("context"));
    expect(context(["Some schools now start later in the morning", "Their pupils sleep longer"])).toEqual([]);
    expect(context(["Teachers report calmer mornings at school", "Their pupils sleep longer"])).toEqual(["context: Their pupils sleep longer"]);
    expect(context(["Their pupils sleep longer", "Some schools now start later in the morning"])).toEqual(["context: Their pupils sleep longer"]);
  });

  it("takes short list items shown two to a line as written, and still flags a verbless line joined to an item", () => {
    const listMarkdown = "# Kimchi\n\n## What You Need\n\nGather these first.\n\n- 1 napa cabbage, about 1 kg\n- 60 g coarse sea salt\n- 1 tablespoon fish sauce";
    const listArticle: Article = { ...article, markdown: listMarkdown, title: "Kimchi", blocks: parseMarkdown(listMarkdown), gold: { ...article.gold, sections: ["What You Need"] } };
    const verbless = (bullets: string[]) =>
      lintDeck([{ number: 2, title: "What You Need", bullets, script: SCRIPT }], listArticle)
        .filter((finding) => finding.category === "verbless")
        .map((finding) => finding.text);
    expect(verbless(["1 napa cabbage, about 1 kg; 60 g coarse sea salt", "1 tablespoon fish sauce"])).toEqual([]);
    expect(verbless(["1 napa cabbage, about 1 kg; a bowl of fresh garlic"])).toEqual(["1 napa cabbage, about 1 kg; a bowl of fresh garlic"]);
  });

  it("takes an ordinal naming a span of the calendar, one before a number, or one of any group (\"in a family\") for no pointer to a list", () => {
    const bullets = ["The fourth quarter is usually the quietest of the year", "The second is comfort on long journeys", "The first 5 km follow a track through beech forest", "Prices rose in the spring"];
    expect(findingsFor(bullets).filter((finding) => finding.startsWith("context"))).toEqual(["context: The second is comfort on long journeys"]);
    // Any family's second child, not the second of a list.
    const generic = ["The second child in a family gets £20 off", "The second option costs more"];
    expect(findingsFor(generic).filter((finding) => finding.startsWith("context"))).toEqual(["context: The second option costs more"]);
  });

  it("takes a short narration for no fault when it says all its section has to say, and flags it when it leaves some out", () => {
    const lengthOf = (script: string) =>
      lintDeck([{ number: 2, title: "Later Start Times", bullets: ["Schools start later", "Pupils sleep longer"], script }], article).filter((finding) => finding.category === "length");
    expect(lengthOf("Let's look at later start times. Some schools now start later in the morning. Pupils sleep longer.")).toEqual([]);
    expect(lengthOf("Let's look at later start times. Some schools now start later in the morning.")).toHaveLength(1);
    // A dateline is no prose to say: a narration without it still says all its section has to say.
    const dated = "# Sleep and School\n\n## Later Start Times\n\nPublished 3 March 2025.\n\nSome schools now start later in the morning. Pupils sleep longer.";
    const datedArticle: Article = { ...article, markdown: dated, blocks: parseMarkdown(dated) };
    const slide = { number: 2, title: "Later Start Times", bullets: ["Schools start later", "Pupils sleep longer"], script: "Let's look at later start times. Some schools now start later in the morning. Pupils sleep longer." };
    expect(lintDeck([slide], datedArticle).filter((finding) => finding.category === "length")).toEqual([]);
  });

  it("flags a line or a sentence of another section on a section's slide, and takes the section's own for none", () => {
    const source =
      "# Planting a Tree\n\nA tree planted well will crop for decades.\n\n## Before You Start\n\nSoak a bare-root tree in a bucket of water for two hours before planting.\n\n" +
      "## Planting\n\nDig a hole twice as wide as the root ball and just as deep. Set the tree in the hole so the graft union sits a hand's width above the ground.\n\n" +
      "### Staking\n\nDrive a short stake in at an angle on the side of the prevailing wind.";
    const planted: Article = { ...article, markdown: source, blocks: parseMarkdown(source), title: "Planting a Tree" };
    const script = "Let's turn to the first part. Soak a bare-root tree in a bucket of water for two hours before planting.";
    const borrowed = (title: string, bullets: string[], narration = script) =>
      lintDeck([{ number: 2, title, bullets, script: narration }, { number: 3, title: "Key Takeaways", bullets, script: narration }], planted)
        .filter((finding) => finding.category === "borrowed")
        .map((finding) => `${finding.slide}: ${finding.text}`);
    // The next section's line, cut and with its figure written out, on "Before You Start"; the recap is exempt.
    expect(borrowed("Before You Start", ["Soak a bare-root tree in a bucket of water for 2 h", "Set the tree in the hole so the graft union sits"])).toEqual([
      "2: Set the tree in the hole so the graft union sits",
    ]);
    // A section's slide may show and say its sub-sections' text; the narration of another section's sentence is flagged.
    expect(borrowed("Planting", ["Dig a hole twice as wide as the root ball", "Drive a short stake in at an angle"], "Next, planting. Drive a short stake in at an angle on the side of the prevailing wind.")).toEqual([]);
    expect(borrowed("Staking", ["Drive a short stake in at an angle"], "Next, staking. Dig a hole twice as wide as the root ball and just as deep.")).toEqual([
      "2: Dig a hole twice as wide as the root ball and just as deep.",
    ]);
  });

  it("takes the slide of a section of one or two sentences showing one line, or its sentences read out, for no fault", () => {
    const findings = (bullets: string[]) =>
      lintDeck([{ number: 2, title: "Later Start Times", bullets, script: "Let's look at later start times. Some schools now start later in the morning. Pupils sleep longer on school nights." }], article)
        .filter((finding) => finding.category === "length" || finding.category === "reads")
        .map((finding) => finding.category);
    expect(findings(["Some schools now start later in the morning"])).toEqual([]);
    expect(findings(["Some schools now start later in the morning", "Pupils sleep longer on school nights"])).toEqual([]);
    expect(findings([])).toEqual(["length"]);
  });
});
