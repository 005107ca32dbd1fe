// Offline answers over the fixture articles and the decks made from them: questions the articles answer get the
// answering sentence with the passages it rests on; questions they do not answer get the not-covered reply.
import { beforeAll, describe, expect, it } from "vitest";
import { answerProviderFor, answerQuestion, answerText, NOT_COVERED_REPLY, offlineAnswerProvider, type AnswerInput } from "@/lib/ai/answers";
import { generateOfflineOutline } from "@/lib/ai/offline-generator";
import { hasNumber, hasTime, loadWordFrequencies, sameFamily, stemOf } from "@/lib/ai/answer-text";
import { composeOfflineAnswer, explainOfflineAnswer } from "@/lib/ai/offline-answers";
import { loadWordVectors } from "@/lib/ai/word-vectors";
import { inLanguage } from "@/lib/ai/language";
import { loadArticle, type ArticleName } from "../fixtures/articles";

/** Material of one main Markdown source, its paragraphs given line by line. */
function oneSource(name: string, paragraphs: string[]): Omit<AnswerInput, "question"> {
  return { slides: [], sources: [{ name, main: true, text: paragraphs.join("\n\n") }] };
}

function presentation(name: ArticleName, sourceName: string): Omit<AnswerInput, "question"> {
  const article = loadArticle(name);
  const outline = generateOfflineOutline({
    sources: [{ name: sourceName, kind: "main_document", text: article.text, isMain: true }],
    useMainSourceOnly: true,
    template: "professional",
  });
  return {
    currentSlide: 2,
    slides: outline.slides.map((slide, index) => ({ number: index + 1, title: slide.title, script: slide.script })),
    sources: [{ name: sourceName, text: article.text }],
  };
}

const guide = presentation("home-composting-guide", "composting-guide.pdf");
const news = presentation("city-heat-pumps", "https://news.example/eastbridge-heat-pumps");

const ANSWERED: { deck: Omit<AnswerInput, "question">; question: string; sentence: string }[] = [
  { deck: guide, question: "How do I know when my compost is ready?", sentence: "Compost is ready when it is dark, crumbly and smells like forest soil" },
  { deck: guide, question: "What should stay out of an ordinary home bin?", sentence: "Meat, fish and dairy products should stay out of an ordinary home bin." },
  { deck: guide, question: "What is bokashi?", sentence: "Food waste is pressed into an airtight bucket" },
  { deck: guide, question: "How moist should a compost heap be?", sentence: "should feel about as damp as a wrung-out sponge" },
  { deck: guide, question: "What temperature does a hot pile reach?", sentence: "A hot pile can reach temperatures between 55 and 65 degrees Celsius" },
  { deck: guide, question: "How often should I turn the pile?", sentence: "Turning every two to three weeks is enough for a hot pile" },
  { deck: guide, question: "What size kitchen caddy do I need?", sentence: "A container of five to seven litres with a tight lid" },
  { deck: guide, question: "Is lime good for compost?", sentence: "In most cases lime does more harm than good" },
  { deck: news, question: "What does a COP of three mean?", sentence: "A COP of three means that the heat pump delivers three kilowatt-hours of heat for every kilowatt-hour of electricity it uses." },
  { deck: news, question: "How much does a heat pump cost for a public building?", sentence: "around 85,000 euros" },
  { deck: news, question: "How many installers has the college course qualified?", sentence: "which has so far qualified 64 installers" },
  { deck: news, question: "Why were residents near the swimming pool unhappy?", sentence: "residents near the Riverside swimming pool complained" },
  { deck: news, question: "How cold can it get outside before an air-source heat pump stops working?", sentence: "Modern air-source models are designed to work at outdoor temperatures down to minus 20 degrees Celsius" },
  { deck: news, question: "What did the deputy mayor say?", sentence: "the cheapest time to start was ten years ago" },
];

const UNRELATED: { deck: Omit<AnswerInput, "question">; question: string }[] = [
  { deck: guide, question: "What is the capital of France?" },
  { deck: guide, question: "How do I bake sourdough bread?" },
  { deck: guide, question: "Who won the football World Cup in 2018?" },
  { deck: news, question: "How do I train a puppy to sit?" },
  { deck: news, question: "What is the boiling point of mercury?" },
  { deck: news, question: "Which composer wrote the Moonlight Sonata?" },
];

describe("offline answers", () => {
  // As the offline provider does before its first answer.
  beforeAll(async () => {
    await loadWordFrequencies();
    await loadWordVectors();
  });

  for (const { deck, question, sentence } of ANSWERED) {
    it(`answers "${question}" with the sentence that answers it`, () => {
      const answer = composeOfflineAnswer({ ...deck, question });
      expect(answer.covered).toBe(true);
      expect(answer.text).toContain(sentence);
      expect(answer.passages.length).toBeGreaterThan(0);
      expect(answer.passages.length).toBeLessThanOrEqual(3);
      // The passages hold what was said and name where it comes from.
      expect(answer.passages.some((passage) => passage.text.includes(sentence))).toBe(true);
      for (const passage of answer.passages) expect(passage.source).toMatch(/^(?:Slide \d+|composting-guide\.pdf|https:\/\/news\.example\/eastbridge-heat-pumps)$/);
    });
  }

  for (const { deck, question } of UNRELATED) {
    it(`says honestly that "${question}" is not covered`, () => {
      const answer = composeOfflineAnswer({ ...deck, question });
      expect(answer).toEqual({ text: NOT_COVERED_REPLY, passages: [], covered: false });
    });
  }

  it("prefers the slide on screen when two slides say the same", () => {
    const slides = [
      { number: 1, title: "Opening", script: "Solar panels turn sunlight into electricity on the roof of a house." },
      { number: 2, title: "Panels at home", script: "Solar panels on a house roof turn sunlight into electricity for the household." },
    ];
    const onFirst = composeOfflineAnswer({ question: "How do solar panels make electricity?", currentSlide: 1, slides, sources: [] });
    const onSecond = composeOfflineAnswer({ question: "How do solar panels make electricity?", currentSlide: 2, slides, sources: [] });
    expect(onFirst.passages[0]!.source).toBe("Slide 1");
    expect(onSecond.passages[0]!.source).toBe("Slide 2");
  });

  it("answers a question about the slide on screen from its script", () => {
    const answer = composeOfflineAnswer({ ...guide, currentSlide: 3, question: "What is this slide about?" });
    expect(answer.covered).toBe(true);
    expect(answer.text).toContain(`This slide covers “${guide.slides[2]!.title}”.`);
    expect(answer.passages).toEqual([{ source: "Slide 3", text: guide.slides[2]!.script }]);
  });

  it("streams the answer in pieces that join to the whole, through the provider interface", async () => {
    const question = "What does a COP of three mean?";
    const provider = await answerProviderFor("tenant-without-openai", null);
    expect(provider).toBe(offlineAnswerProvider);
    const answer = await answerQuestion({ ...news, question }, provider);
    const pieces: string[] = [];
    for await (const piece of answer.stream) pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join("")).toBe(composeOfflineAnswer({ ...news, question }).text);
    expect(answer.covered).toBe(true);
    const notCovered = await answerQuestion({ ...news, question: "Who painted the Mona Lisa?" }, provider);
    expect(await answerText(notCovered)).toBe(NOT_COVERED_REPLY);
    expect(notCovered.covered).toBe(false);
  });
});

// How questions are read (lib/ai/offline-answers.ts): a heading put as a question, what "which" and "how do I" ask
// about, an ordinal against a numbered heading, and German words in other forms and compounds.
const SHADE = [
  "# Shade in the City",
  "",
  "Hot summers put some residents at more risk than others, and shade is the cheapest defence. Meteorologists call the effect the urban heat island.",
  "",
  "## Who Is Most at Risk",
  "",
  "Heat is not shared out evenly. Neighbourhoods with few trees can be several degrees hotter than leafy districts. The people most at risk from extreme heat include:",
  "",
  "- older people living alone",
  "- babies and young children",
  "",
  "## Choosing a Tool",
  "",
  "The council compared four planting plans over a month. Last spring it chose a planting plan that puts a tree on every street corner.",
  "",
  "## Day One",
  "",
  "Volunteers plant twenty saplings along Mill Road. Each sapling gets 40 litres of water in its first week.",
  "",
  "## Day Two",
  "",
  "Volunteers mulch the saplings and fit guards against dogs and bicycles.",
].join("\n");

const GERMAN = [
  "# Das Repair-Café",
  "",
  "Jeden zweiten Samstag öffnet im Stadtteilzentrum das Repair-Café. Ehrenamtliche reparieren dort Geräte und Kleidung.",
  "",
  "## Kosten und Spenden",
  "",
  "Die Reparatur selbst ist kostenlos. Ersatzteile müssen die Besucher selbst bezahlen.",
  "",
  "## Öffnungszeiten",
  "",
  "Das Café hat jede Woche von Donnerstag bis Samstag geöffnet. Monatskarten für die Werkstatt gibt es am Eingang.",
].join("\n");

describe("reading a question", () => {
  beforeAll(async () => {
    await loadWordFrequencies();
    await loadWordVectors();
  });
  const shade = { slides: [], sources: [{ name: "shade.md", text: SHADE, main: true }] };
  const german = { slides: [], sources: [{ name: "repair.docx", text: GERMAN, main: true }], language: "de" };

  it("answers a heading put as a question from its section, read on to the sentence that says it", () => {
    const answer = composeOfflineAnswer({ ...shade, question: "Who is most at risk?" });
    expect(answer.covered).toBe(true);
    expect(answer.text).toMatch(/^Heat is not shared out evenly\./);
    expect(answer.text).toContain("The people most at risk from extreme heat include: older people living alone. babies and young children.");
    // The heading asked with more than it says is not the heading asked.
    expect(composeOfflineAnswer({ ...shade, question: "Who is most at risk of drowning?" }).covered).toBe(false);
  });

  it("says 'not covered' when 'who' or 'how do I' asks about what the text never says", () => {
    expect(composeOfflineAnswer({ ...shade, question: "Who designed the guards against dogs?" }).covered).toBe(false);
    expect(composeOfflineAnswer({ ...shade, question: "How do I become a meteorologist?" }).covered).toBe(false);
    expect(composeOfflineAnswer({ ...shade, question: "When did the council choose its planting plan?" }).text).toContain("Last spring it chose a planting plan");
  });

  it("finds the heading that numbers the day an ordinal asks for", () => {
    const answer = composeOfflineAnswer({ ...shade, question: "What do volunteers plant on the first day?" });
    expect(answer.text).toMatch(/^Volunteers plant twenty saplings along Mill Road\./);
  });

  it("joins a word's family: a complaint for 'complain', a walker for 'walk'", () => {
    const ferries = oneSource("ferries.md", [
      "# River Ferries",
      "Passengers made 4.8 million trips on the river ferries this year. Ticket prices were frozen in January, while bus fares rose by 6 per cent.",
      "Complaints rose to 2,340, mostly about crowding on the morning boats. Passengers also asked for a second gate. A walker can reach the pier from the station in ten minutes.",
      "The new eastern line serves about 11,000 homes. Its boats run every 12 minutes at peak times.",
    ]);
    expect(composeOfflineAnswer({ ...ferries, question: "What did passengers complain about?" }).text).toContain("Complaints rose to 2,340");
    expect(composeOfflineAnswer({ ...ferries, question: "Can I walk to the pier?" }).text).toContain("A walker can reach the pier");
  });

  it("summarises with the opening's sentence that says what the text is for, and answers 'why' with a reason", () => {
    const guide = oneSource("repotting.md", [
      "# Repotting a Houseplant",
      "Most houseplants spend years in the same pot. A plant that has filled its pot with roots dries out within a day of watering. Repotting is not difficult. This guide walks through the job from choosing the moment to the first weeks afterwards.",
      "## Learning From Roots",
      "Roots tell a gardener a great deal. Some gardeners like drawings of roots and pin them up in the shed. Other gardeners like drawings of roots because they show where the roots crowd before the leaves wilt.",
    ]);
    expect(composeOfflineAnswer({ ...guide, question: "What is this guide about?" }).text).toContain("This guide walks through the job");
    expect(composeOfflineAnswer({ ...guide, question: "Why do gardeners like drawings of roots?" }).text).toMatch(/^Other gardeners like drawings of roots because/);
  });

  it("takes 'what is this <anything> about' and 'what does this <anything> cover' for a summary, not a topic", () => {
    const review = oneSource("review.md", [
      "# Review: Lanterns at the Quay",
      "The harbour's winter festival fills the old fish market with paper lanterns made by schools along the coast. It is crowded, slightly chaotic and worth the trip.",
      "## The Workshops",
      "Visitors can make a small lantern of their own at the afternoon workshops, which cost five pounds.",
    ]);
    for (const question of ["What is this review about?", "What's this write-up about?", "What does this review cover?", "Tell me about this festival review."]) {
      expect(composeOfflineAnswer({ ...review, question }).text).toMatch(/^The harbour's winter festival fills the old fish market/);
    }
    // A topic after "about" is a question about that topic.
    expect(composeOfflineAnswer({ ...review, question: "What does this review say about the workshops?" }).text).toMatch(/^Visitors can make a small lantern/);
  });

  it("knows a heading asked with the author's 'we' put as the one who writes", () => {
    const notice = oneSource("pool.md", [
      "# Changes at Riverside Pool",
      "The council will close Riverside Pool for six months from 1 June while its roof is replaced.",
      "## Why We Are Closing the Pool",
      "The roof beams were found to be rotten during a survey in March. Swimming lessons will move to the Northgate centre while the work goes on.",
    ]);
    expect(composeOfflineAnswer({ ...notice, question: "Why is the council closing the pool?" }).text).toMatch(/^The roof beams were found to be rotten/);
  });

  it("answers a subsection's heading from its own text, never with its Markdown mark", () => {
    const guide = oneSource("aquarium.md", [
      "# Your First Aquarium",
      "A tank needs a few weeks of preparation before the first fish arrive, and most losses come from skipping it.",
      "## Cycling the Tank",
      "### What Cycling Means",
      "Fish produce ammonia, which is poisonous to them even in small amounts. Bacteria in the filter turn it into less harmful substances. Growing these bacteria in a new tank is called cycling.",
      "### How Long It Takes",
      "Cycling usually takes four to six weeks. A liquid test kit shows when the tank is ready.",
    ]);
    const meaning = composeOfflineAnswer({ ...guide, question: "What does cycling mean?" });
    expect(meaning.text).toMatch(/^Fish produce ammonia/);
    expect(meaning.text).not.toContain("#");
    expect(composeOfflineAnswer({ ...guide, question: "How long does it take?" }).text).toMatch(/^Cycling usually takes four to six weeks\./);
  });

  it("answers 'how old' with the sentence that gives an age", () => {
    const life = oneSource("bly.md", [
      "# Nellie Bly",
      "In 1895 Bly married Robert Seaman, a manufacturer forty years older than she was. When he died in 1904, she took over his firm, which made steel milk cans and boilers.",
      "Nellie Bly died of pneumonia in New York on 27 January 1922, at the age of 57. Newspapers across the country printed her obituary.",
    ]);
    expect(composeOfflineAnswer({ ...life, question: "How old was she when she died?" }).text).toMatch(/^Nellie Bly died of pneumonia/);
  });

  it("knows a heading asked in other words", () => {
    const report = oneSource("ferries.md", [
      "# River Ferries",
      "Passengers made 4.8 million trips on the river ferries this year, more than ever before. Many commuters now take the boat to work.",
      "## Why More People Are Using the Boats",
      "Officials point to three causes. The eastern line serves about 11,000 new homes. Ticket prices were frozen in January.",
      "Surveys found that seven in ten new passengers planned to keep using the ferries once the bridge reopens.",
    ]);
    expect(composeOfflineAnswer({ ...report, question: "Why are more people taking the ferry?" }).text).toMatch(/^Officials point to three causes\./);
  });

  it("matches German verb forms, a compound's head and the days of the week", () => {
    expect(composeOfflineAnswer({ ...german, question: "Was kostet eine Reparatur?" }).text).toContain("Die Reparatur selbst ist kostenlos.");
    expect(composeOfflineAnswer({ ...german, question: "An welchen Tagen ist das Café geöffnet?" }).text).toContain("von Donnerstag bis Samstag");
    expect(composeOfflineAnswer({ ...german, question: "Gibt es Karten für die Werkstatt?" }).text).toContain("Monatskarten für die Werkstatt");
    expect(composeOfflineAnswer({ ...german, question: "Wie heißt der Bürgermeister?" }).covered).toBe(false);
  });
});

describe("what an answer must hold", () => {
  it("hears the opposite of a question's word as another question, except in a yes-or-no question", () => {
    const history = oneSource("ice.md", [
      "# The Ice Harvesters",
      "## Keeping the ice",
      "Ice left the houses on a branch railway that the company opened in 1874, and insulated wagons carried it south.",
      "## Visiting",
      "The museum in the old icehouse is closed on Mondays, and admission is free for children.",
    ]);
    expect(composeOfflineAnswer({ ...history, question: "When did the branch railway to the icehouses close?" }).covered).toBe(false);
    expect(composeOfflineAnswer({ ...history, question: "When did the branch railway to the icehouses open?" }).text).toContain("opened in 1874");
    expect(composeOfflineAnswer({ ...history, question: "Is the museum open on Mondays?" }).text).toContain("closed on Mondays");
  });

  it("answers a yes-or-no question only from a unit that says most of it", () => {
    const guide = oneSource("skerrin.md", [
      "# A Weekend on Skerrin",
      "## The west cliffs",
      "A waymarked path runs along the clifftop for six miles from Dunmore to the lighthouse at Rubha Glas.",
      "## The beaches",
      "The island's best beach is Traigh Ban, a mile-long stretch of white shell sand on the east coast.",
    ]);
    expect(composeOfflineAnswer({ ...guide, question: "Is the lighthouse at Rubha Glas open to visitors?" }).covered).toBe(false);
    expect(composeOfflineAnswer({ ...guide, question: "Are dogs allowed on the beach at Traigh Ban?" }).covered).toBe(false);
    expect(composeOfflineAnswer({ ...guide, question: "Is there a path to the lighthouse at Rubha Glas?" }).text).toContain("waymarked path");
  });

  it("does not answer of one named thing with a sentence about others", () => {
    const policy = oneSource("travel-policy.md", [
      "# Travel expenses",
      "## Getting there",
      "Rail is the expected way to travel for journeys of under four hours, including to Paris, Brussels and Amsterdam.",
      "## Hotels",
      "The booking tool shows a nightly hotel cap for each city, which is £160 in London and £120 elsewhere in the UK.",
    ]);
    expect(composeOfflineAnswer({ ...policy, question: "What is the nightly hotel cap in Paris?" }).covered).toBe(false);
    expect(composeOfflineAnswer({ ...policy, question: "What is the nightly hotel cap in London?" }).text).toContain("£160 in London");
    expect(composeOfflineAnswer({ ...policy, question: "How should I travel to Paris?" }).text).toContain("Rail is the expected way");
  });

  it("finds the heading a question puts in its own words: 'Getting there', 'Where to stay', 'What causes it'", () => {
    const guide = oneSource("skerrin.md", [
      "# A Weekend on Skerrin",
      "Skerrin is a small island of green hills lying nine miles off the west coast. This guide covers how to get there, where to stay and what to see.",
      "## Getting there",
      "The ferry leaves from Port Annan on the mainland and takes 55 minutes in calm weather.",
      "## Where to stay",
      "Most visitors base themselves in Kilbride, which has two hotels and a handful of guesthouses.",
      "## The harvest",
      "Ice could only be cut once it was at least twelve inches thick. Horses carried the blocks to the icehouses.",
    ]);
    expect(composeOfflineAnswer({ ...guide, question: "How do I get to Skerrin?" }).text).toMatch(/^The ferry leaves from Port Annan/);
    expect(composeOfflineAnswer({ ...guide, question: "Where should I stay on Skerrin?" }).text).toMatch(/^Most visitors base themselves in Kilbride/);
    expect(composeOfflineAnswer({ ...guide, question: "How was the harvest carried out?" }).text).toMatch(/^Ice could only be cut/);
    const leaflet = oneSource("hay-fever.md", [
      "# Hay Fever: A Guide for Patients",
      "## What causes it",
      "When someone with hay fever breathes in pollen, their immune system mistakes it for a threat. Grass pollen, the cause of most hay fever, is released from May to July.",
    ]);
    expect(composeOfflineAnswer({ ...leaflet, question: "What causes hay fever?" }).text).toMatch(/^When someone with hay fever breathes in pollen/);
  });

  it("reads 'this treatment' as what the sentence before names", () => {
    const leaflet = oneSource("hay-fever.md", [
      "# Hay Fever",
      "## Treatments",
      "Antihistamine tablets reduce sneezing and itching. Steroid nasal sprays reduce swelling inside the nose and work best when started two weeks before your symptoms usually begin. Eye drops can relieve itchy, watery eyes.",
      "If these do not help, your GP may prescribe a stronger spray or, in a small number of cases, refer you for immunotherapy. This treatment involves exposing you to gradually increasing amounts of pollen over a period of about three years.",
      "## When to see a doctor",
      "See your GP if your symptoms do not improve after trying treatments from a pharmacy, or if you have wheezing or tightness in your chest.",
      "## Reducing your exposure",
      "Pollen counts are usually highest in the early morning and the evening, so try to stay indoors at those times. Wear wraparound sunglasses outside. Keep windows closed at night. Shower and change your clothes after spending time outdoors. Avoid cutting grass or walking in grassy fields. Dry washing indoors when the count is high.",
    ]);
    expect(composeOfflineAnswer({ ...leaflet, question: "How long does a course of immunotherapy last?" }).text).toContain("about three years");
  });

  it("asks a price of 'how much did each singer pay', and reads 'together they' with what the sentence before names", () => {
    const review = oneSource("choir.md", [
      "# Harbourside Community Choir: Annual Review",
      "## Spring and Summer",
      "The season ended with a four-day trip to Bruges in June, where we sang in two churches and at an open-air festival. Forty-eight singers travelled, and most paid their own way.",
      "## Your First Week",
      "Before your first shift you must complete three online modules: infection prevention, fire safety and safeguarding. Together they take about two and a half hours, and you can pause and return to them at any point.",
    ]);
    expect(composeOfflineAnswer({ ...review, question: "How much did each singer pay for the Bruges trip?" }).covered).toBe(false);
    expect(composeOfflineAnswer({ ...review, question: "How long do the online modules take?" }).text).toContain("two and a half hours");
  });

  it("takes a number of the title for the subject, and a heading asked in asking words only", () => {
    const notes = oneSource("release-notes.md", [
      "# Quillmark 4.2 Release Notes",
      "Quillmark 4.2 is a feature release of the command-line tool that turns plain-text notes into formatted documents.",
      "## Changes and Deprecations",
      "- The --legacy-tables flag is deprecated and will be removed in version 5.0.\n- Support for plugins written in Python has been removed.",
      "## Before You Go",
      "Back up your project folder before you upgrade. We also sent 410 items overseas in 2024, to partners who fit them locally.",
    ]);
    expect(composeOfflineAnswer({ ...notes, question: "What changes and deprecations come with Quillmark 4.2?" }).text).toContain("--legacy-tables flag is deprecated");
    expect(composeOfflineAnswer({ ...notes, question: "What should you do before you go?" }).text).toMatch(/^Back up your project folder/);
    // "items overseas" counts items: "overseas" heads no noun phrase.
    expect(composeOfflineAnswer({ ...notes, question: "How many items were sent overseas in 2024?" }).text).toContain("410 items overseas");
  });

  it("hears a comparative of a dimension as asking of it: 'cheaper' is a cost", () => {
    const notice = oneSource("bridge.md", [
      "# Kessler Bridge closure",
      "## Why the work is needed",
      "Inspections last year found that the expansion joints had begun to leak. The council's engineers concluded that repairing the joints now would cost far less than replacing bearings in five or ten years.",
      "## Buses and deliveries",
      "Route 7 will turn at the Fairfield roundabout, and a free shuttle will run every 20 minutes.",
    ]);
    expect(composeOfflineAnswer({ ...notice, question: "Why is it cheaper to fix things now rather than wait?" }).text).toContain("would cost far less");
  });

  it("counts what is asked, and dials only a number one can dial", () => {
    const notice = oneSource("bridge-notice.md", [
      "# Kessler Bridge closure",
      "## Contact and complaints",
      "If you have a question about the works, email the highways team. If error E4 appears a second time, contact the customer care team rather than attempting a repair yourself.",
      "The contractor, Halden Civil Engineering, will also hold two drop-in sessions at the community centre, where residents can speak to the site manager. Complaints about noise outside the stated working hours are answered within two working days.",
      "## Volunteers",
      "| Role | People | Task |\n| --- | --- | --- |\n| Stewards | 4 | Help people with pushchairs across the bridge |",
    ]);
    // Two sessions and two working days count neither workers nor anyone.
    expect(composeOfflineAnswer({ ...notice, question: "How many workers will Halden Civil Engineering have on site each day?" }).covered).toBe(false);
    // "E4" is no phone number.
    expect(composeOfflineAnswer({ ...notice, question: "What is the phone number for customer care?" }).covered).toBe(false);
    // A table's row counts what its label names.
    expect(composeOfflineAnswer({ ...notice, question: "How many stewards are needed?" }).text).toMatch(/Stewards\W+4/);
    const withNumber = oneSource("bridge-notice.md", ["# Kessler Bridge closure", "For questions about the works, call the customer care line on 01632 960 480, staffed from 8am to 6pm."]);
    expect(composeOfflineAnswer({ ...withNumber, question: "What is the phone number for customer care?" }).text).toContain("01632 960 480");
  });

  const museum = {
    slides: [
      { number: 2, title: "Visiting", script: "The first part is headed “Before You Visit”. Switch your phone to silent in the galleries. The museum is on the harbour." },
    ],
    sources: [
      {
        name: "museum.md",
        main: true,
        text: [
          "# The Rope Walk Museum",
          "## Highlights",
          "If you are short of time, the ground-floor galleries and the Margaret Ellen can be seen in about an hour. Highlights include the Margaret Ellen, a restored sailing lugger from 1902 that you can climb aboard.",
          "## History",
          "Many of the worst floods in the town's history, including the great flood of 1953, came when a storm surge met a high tide.",
          "## Getting Here",
          "Bus routes 4 and 17 stop at Quay Street, opposite the museum.",
          "## Is there a café?",
          "The Sail Loft Café on the first floor serves hot drinks, light lunches and cakes, and looks out over the harbour.",
          "## How much does a ticket cost?",
          "Admission prices are as follows:\n\n- Family ticket (two adults and up to three children): £32\n- Adults: £12\n- Children: £6",
          "## When are you open?",
          "The galleries are open from 10am to 5pm every day except Mondays.",
        ].join("\n\n"),
      },
    ],
  };
  const answer = (question: string) => composeOfflineAnswer({ ...museum, question }).text;

  it("answers 'opening hours' only with a time of day", () => {
    expect(answer("What are the opening hours of the Sail Loft Café?")).toBe(NOT_COVERED_REPLY);
    expect(answer("What are the opening hours of the galleries?")).toMatch(/^The galleries are open from 10am to 5pm/);
  });

  it("summarises a leaflet with the sentence that says what it covers", () => {
    const leaflet = oneSource("burns.md", [
      "# Burns and Scalds: First Aid at Home",
      "Most burns happen at home, and most of them happen in the kitchen. A splash of boiling water or a hot pan handle can cause a painful injury. This leaflet explains what to do, what not to do and when to get medical help.",
      "## First Aid",
      "Cool the burn under cool running water for twenty minutes.",
      "## What Not to Do",
      "Do not put butter or any cream on the burn.",
    ]);
    expect(composeOfflineAnswer({ ...leaflet, question: "What does this leaflet cover?" }).text).toContain("This leaflet explains what to do, what not to do and when to get medical help.");
  });

  it("answers with the list line whose label is what is asked", () => {
    expect(answer("How much is an adult ticket?")).toMatch(/Adults: £12/);
    expect(answer("How much is an adult ticket?")).not.toMatch(/Family/);
  });

  it("never answers with the deck's own linking phrase", () => {
    expect(answer("What should I do before I visit?")).not.toMatch(/part is headed/);
  });

  it("takes the sentence saying what a thing is, after a comma, for a definition", () => {
    expect(answer("What is the Margaret Ellen?")).toMatch(/^Highlights include the Margaret Ellen, a restored sailing lugger/);
  });

  it("takes no number the question says itself for the amount it asks", () => {
    expect(answer("How many people died in the flood of 1953?")).toBe(NOT_COVERED_REPLY);
  });

  it("asks a 'who first …' question about the doing, not about 'first'", () => {
    const tides = {
      slides: [],
      sources: [
        {
          name: "tides.md",
          main: true,
          text: "# How Tides Work\n\n## Spring and Neap Tides\n\nAround the first and last quarter of the Moon, the Sun and Moon pull at right angles to each other and partly cancel out, giving neap tides. Twice a month the Sun and Moon line up and the tides are strongest.\n\n## Tide Tables\n\nHarbour offices work out tide tables years in advance. A storm can cause a surge that no table predicts.",
        },
      ],
    };
    expect(composeOfflineAnswer({ ...tides, question: "Who first worked out that the Moon causes the tides?" }).text).toBe(NOT_COVERED_REPLY);
    expect(composeOfflineAnswer({ ...tides, question: "When do neap tides happen?" }).text).toMatch(/^Around the first and last quarter/);
  });

  it("answers a question in the text with what follows it, and never says a question as part of an answer", () => {
    const faq = {
      slides: [],
      sources: [
        {
          name: "faq.md",
          main: true,
          text: "# Pool FAQ\n\n## Visiting\n\nSwim prices rise with inflation. Can I bring my dog? Dogs on leads are welcome in the café but not at the pool.",
        },
      ],
    };
    expect(composeOfflineAnswer({ ...faq, question: "Can I bring my dog?" }).text).toBe("Dogs on leads are welcome in the café but not at the pool.");
    expect(composeOfflineAnswer({ ...faq, question: "Do swim prices rise?" }).text).toBe("Swim prices rise with inflation.");
  });

  it("reads '200°C' as degrees, 'every 30 minutes' as how often, and 'earn' as asking for money", () => {
    const notes = oneSource("notes.md", [
      "# Notes",
      "## Method",
      "1. Heat the oven to 200°C and butter a baking dish.\n2. Peel the potatoes and boil them in salted water.",
      "## Travel",
      "A free shuttle bus will run between Castle Street and Riverside Pool every 30 minutes on weekdays.",
      "## The Farm",
      "Halloran, who is 61, grows apples and pears on 28 hectares of the valley.",
    ]);
    const answer = (question: string) => composeOfflineAnswer({ ...notes, question }).text;
    expect(answer("What temperature should the oven be set to?")).toMatch(/^Heat the oven to 200°C/);
    expect(answer("How often does the shuttle bus run?")).toMatch(/^A free shuttle bus/);
    expect(answer("How much does an apple grower earn in a year?")).toBe(NOT_COVERED_REPLY);
  });

  it("answers a question asking for a name, a price or a time only with one", () => {
    const story = oneSource("shop.md", [
      "# The Village Shop",
      "## The Money",
      "The share money has been added to a grant from a national fund and a loan from a local building society.",
      "Tom left school at sixteen and spent his first summer sweeping chimneys with his father.",
      "A sweep costs £65 for the first chimney.",
      "## The People",
      "The committee is chaired by Ruth Ellison, a retired teacher.",
      "The tower was built in calm weather over three summers, and the men lived on a ship moored nearby.",
      "Eastgate Community Food Bank gave out more food parcels than in any year since it opened in 2011.",
      "In an emergency, you can reach the staff through the centre's reception, whose number will be on the final letter.",
      "## Opening",
      "The shop will reopen in February, with longer opening hours on Saturdays.",
    ]);
    const answer = (question: string) => composeOfflineAnswer({ ...story, question }).text;
    // A name: not "a local building society", but "Ruth Ellison".
    expect(answer("Which building society lent the money?")).toBe(NOT_COVERED_REPLY);
    expect(answer("Who chairs the committee?")).toMatch(/^The committee is chaired by Ruth Ellison/);
    // A name that says the question's words is the thing asked about; a number of a thing is in digits.
    expect(answer("Who founded the food bank in 2011?")).toBe(NOT_COVERED_REPLY);
    expect(answer("What is the phone number of the centre's reception?")).toBe(NOT_COVERED_REPLY);
    // "Who is … for?" asks whom it serves, not for a name.
    const course = { slides: [], sources: [{ name: "course.md", main: true, text: "# The Course\n\n## Who Is It For?\n\nThe course is for adults who have never played an instrument, and for parents who want to learn beside their children." }] };
    expect(composeOfflineAnswer({ ...course, question: "Who is the course for?" }).text).toMatch(/^The course is for adults/);
    // A price: "spent" beside "sixteen" is no amount of money, "£65" is.
    expect(answer("How much does Tom charge to sweep a chimney?")).toMatch(/£65/);
    expect(answer("How much did the tower cost to build?")).toBe(NOT_COVERED_REPLY);
    // A time of day.
    expect(answer("What time will the shop open on Saturdays?")).toBe(NOT_COVERED_REPLY);
  });

  it("summarises with a third opening statement when the first two only set the scene", () => {
    const history = oneSource("pen.md", [
      "# The Ballpoint Pen: A Short History",
      "Few objects are as ordinary as the ballpoint pen. Billions are made every year, and most of us lose several without noticing. Yet the ballpoint took more than half a century to get right, and its story involves a leather tanner, a Hungarian journalist and a French baron.",
      "## Before the Ballpoint",
      "The first patent for a pen with a rolling ball at its tip was granted in 1888 to John J. Loud.",
      "## A Journalist's Idea",
      "László Bíró noticed that newspaper ink dried quickly and did not smudge.",
    ]);
    expect(composeOfflineAnswer({ ...history, question: "What is this about?" }).text).toMatch(/^Few objects are as ordinary as the ballpoint pen\. Billions are made every year, and most of us lose several without noticing\. Yet the ballpoint took more than half a century/);
  });

  it("reads a time of day, a height, a speed and a pronoun's subject; 'where … held' asks only where", () => {
    const guide = oneSource("guide.md", [
      "# Festival Guide",
      "## The Stages",
      "The Barn Stage, in a large tent near the main entrance, is where you will find most of the traditional singers. It seats 400 people, and it fills up quickly for the evening sets.",
      "## Tickets",
      "Children under 12 must be with an adult who holds a ticket.",
      "## Workshops",
      "There are workshops throughout Saturday and Sunday in the church hall across the road from the park. Each workshop lasts 90 minutes and costs 8 pounds.",
      "## The Coach",
      "The coach will leave the school car park at 8.30 on Monday morning, so please have your child at school by 8.00.",
      "## The Lighthouse",
      "Douglass followed Smeaton's method on a much larger scale, and his tower is about 49 metres tall. In the Earth's crust P waves travel at about six kilometres per second.",
    ]);
    const answer = (question: string) => composeOfflineAnswer({ ...guide, question }).text;
    expect(answer("How many people does the Barn Stage hold?")).toMatch(/It seats 400 people/);
    expect(answer("Where are the workshops held?")).toMatch(/^There are workshops throughout Saturday and Sunday in the church hall/);
    expect(answer("What time does the coach leave?")).toMatch(/^The coach will leave the school car park at 8\.30/);
    expect(answer("How tall is the lighthouse Douglass built?")).toMatch(/49 metres tall/);
    expect(answer("How fast do P waves travel?")).toMatch(/six kilometres per second/);
  });

  it("asks 'how far' for a distance, 'how far ahead' for a time, 'how big' for an area too", () => {
    const manual = {
      slides: [],
      sources: [
        {
          name: "manual.md",
          main: true,
          text: "# Breeze 300\n\n## Safety\n\nStand the unit upright on a firm, level floor next to the wall socket.\n\nKeep the unit at least 30 centimetres away from walls, curtains and furniture.\n\n## Rooms\n\nThe Breeze 300 is suitable for rooms of up to 40 square metres.\n\n## How Far Ahead to Plan\n\nEight weeks is enough time to book a date, recruit helpers and spread the word.",
        },
      ],
    };
    const answer = (question: string) => composeOfflineAnswer({ ...manual, question }).text;
    expect(answer("How far from the wall should the unit stand?")).toMatch(/^Keep the unit at least 30 centimetres/);
    expect(answer("How big a room is the Breeze 300 suitable for?")).toMatch(/40 square metres/);
    expect(answer("How far ahead should I start planning?")).toMatch(/^Eight weeks/);
  });

  it("answers 'how old' with an age, read on to a short sentence that gives it", () => {
    const life = {
      slides: [],
      sources: [
        {
          name: "life.md",
          main: true,
          text: "# A Life\n\n## Childhood\n\nHer father, Richard Anning, died in 1810, leaving the family in debt. Mary was eleven.\n\n## Training\n\nOnly one applicant in a hundred got a place in my year, and a third of us did not finish the training.",
        },
      ],
    };
    expect(composeOfflineAnswer({ ...life, question: "How old was Mary when her father died?" }).text).toMatch(/Mary was eleven\.$/);
    expect(composeOfflineAnswer({ ...life, question: "How old do you have to be to apply for training?" }).text).toBe(NOT_COVERED_REPLY);
  });

  it("reads numbers written out in words in every language", () => {
    const ruta = { slides: [], language: "es", sources: [{ name: "ruta.md", main: true, text: "# La ruta\n\n## La batería\n\nUna batería llena permite recorrer unos cincuenta kilómetros." }] };
    expect(composeOfflineAnswer({ ...ruta, question: "¿Cuántos kilómetros se pueden recorrer con una batería llena?" }).text).toMatch(/cincuenta kilómetros/);
  });

  it("reads the writer as the essay's 'I', a day as no name, '£48 million' as money, a count by its number", () => {
    const essay = oneSource("essay.md", [
      "# Learning to Swim at Fifty",
      "When I was seven, a cousin pushed me off the side of a lido as a joke.",
      "Last spring my granddaughter started lessons at our local leisure centre, and I took her on Saturday mornings.",
      "The bus driver and I agreed that whoever wanted to give up first would have to buy the other a coffee.",
      "Every one of us discovered that the moment was much smaller than we had imagined.",
    ]);
    const answer = (question: string) => composeOfflineAnswer({ ...essay, question }).text;
    expect(answer("How old was the writer when they were pushed into the lido?")).toMatch(/^When I was seven/);
    expect(answer("What did the writer agree with the bus driver?")).toMatch(/^The bus driver and I agreed/);
    // "Saturday" names no leisure centre.
    expect(answer("What is the name of the leisure centre where the writer learned?")).toBe(NOT_COVERED_REPLY);
    // "Every one of us" is no count.
    expect(hasNumber("Every one of us discovered it")).toBe(false);
    expect(hasNumber("One of the three ferries")).toBe(true);
    const report = oneSource("report.md", [
      "# Island Ferries: Annual Summary 2025",
      "The £48 million contract, signed with a Norwegian shipyard, is the largest single investment in the route since it opened.",
      "## Finances",
      "Revenue rose to £14.6 million and we made an operating profit of £1.12 million, our first profit since 2019.",
      "## The Machine",
      "The tension dial is set to 4 at the factory, which suits most fabrics.",
      "## Loans",
      "DVDs are lent for one week. The tripod trial will last six weeks.",
    ]);
    const ask = (question: string) => composeOfflineAnswer({ ...report, question }).text;
    expect(ask("How much is the ferry contract worth?")).toMatch(/^The £48 million contract/);
    expect(ask("What number is the tension dial set to at the factory?")).toMatch(/^The tension dial is set to 4/);
    expect(ask("How long can I borrow a DVD for?")).toMatch(/^DVDs are lent for one week/);
    expect(stemOf("dvds")).toBe(stemOf("dvd"));
    // Comparatives and superlatives the lexicon does not list are read as their adjective.
    expect(stemOf("quickest")).toBe(stemOf("quick"));
    expect(stemOf("warmer")).toBe(stemOf("warm"));
    expect(stemOf("number")).toBe("number");
  });

  it("answers 'how often' with a frequency, the writer with 'I', a heading's topic before a sentence about the text", () => {
    const essay = oneSource("essay.md", [
      "# Learning Late",
      "For most of my life I told people I could swim. I could stay afloat in the shallow end of a hotel pool, head held stiffly above the water. I could not put my face in. This is the story of how I finally learned, at forty-four, in a public pool full of strangers.",
      "The course was eight Tuesday evenings for £64, and nervous swimmers were especially welcome.",
      "Our teacher, Marion, swam in the sea every morning of the year.",
      "I swim twice a week now, before work.",
    ]);
    expect(composeOfflineAnswer({ ...essay, question: "How often does the writer swim now?" }).text).toMatch(/^I swim twice a week/);
    expect(composeOfflineAnswer({ ...essay, question: "What is this piece about?" }).text).toMatch(/This is the story of how I finally learned/);
    const guide = oneSource("guide.md", [
      "# Piano Tuning: Our Services",
      "This guide sets out what we do, what each visit costs and how long it takes, so that you can book the right appointment.",
      "## Booking and Cancellations",
      "We usually have appointments within two weeks.",
      "You can book by telephone on 01435 882 614 or through the form on our website.",
      "## Race Day",
      "Eat a familiar breakfast about three hours before the start, and arrive an hour early to collect your number.",
      "## Training",
      "You do not need to run the full distance before race day.",
    ]);
    // A sentence about the guide itself names the topic but says nothing of it.
    expect(composeOfflineAnswer({ ...guide, question: "How do I book an appointment?" }).text).toMatch(/^We usually have appointments within two weeks\. You can book by telephone/);
    // A question of a few topic words, all the heading's, is the heading asked.
    expect(composeOfflineAnswer({ ...guide, question: "What should I do on race day?" }).text).toMatch(/^Eat a familiar breakfast/);
    // "This page" is the text, not the slide on screen.
    expect(composeOfflineAnswer({ ...guide, question: "What is this page about?" }).text).toMatch(/^This guide sets out what we do/);
  });

  it("weighs an unused verb as how the question is put, not as what it asks about", () => {
    const essay = oneSource("essay.md", [
      "# Learning to Swim",
      "Last spring my granddaughter started swimming lessons at the leisure centre, and I took her on Saturday mornings.",
      "From the gallery I watched a class of adults in the next lane.",
      "The teacher told me my problem was that I was holding my breath.",
      "The pool opens at half past six.",
    ]);
    expect(composeOfflineAnswer({ ...essay, question: "What made the writer think about swimming lessons?" }).text).toMatch(/^Last spring my granddaughter started swimming lessons/);
  });

  it("weighs a word the material never uses half when the question uses it as a verb ('to hire a bike'), whole as a noun ('the hire')", () => {
    const share = oneSource("share.md", [
      "# City Bike Share",
      "## How much does it cost?",
      "Membership costs £30 a year. Standard bikes cost £1.50 an hour or £12 a day, and electric bikes cost £3 an hour or £20 a day.",
      "## Where can I leave a bike?",
      "Leave the bike at a dock, never at a lamp post or railings.",
    ]);
    const weightOf = (question: string) => Number(/hire \[hire\] w=([\d.]+)/.exec(explainOfflineAnswer({ ...share, question }))?.[1]);
    const asVerb = weightOf("How much is it to hire a standard bike for an hour?");
    const asNoun = weightOf("What does the hire of a standard bike cost for an hour?");
    expect(asVerb).toBeGreaterThan(0);
    expect(asVerb / asNoun).toBeCloseTo(0.5, 1);
  });

  it("never takes another number for a number the question names", () => {
    const sleep = oneSource("sleep.md", [
      "# Why Teenagers Need More Sleep",
      "Research over the past thirty years shows that most adolescents are seriously short of sleep during the school week.",
      "## The Body Clock",
      "The hormone melatonin is released later in the evening than it was in childhood.",
    ]);
    // "thirty" is no other word for "sixty".
    expect(composeOfflineAnswer({ ...sleep, question: "How much sleep do adults over sixty need?" }).text).toBe(NOT_COVERED_REPLY);
  });

  it("summarises 'what is this guide for' and past a byline; a price asked without 'cost'; counts of the thing asked", () => {
    const report = oneSource("report.md", [
      "# Security Incident Report",
      "Published 14 May 2025 by the Tallyford security team.",
      "## Summary",
      "On 29 April 2025, an attacker used a stolen employee password to sign in to our support system.",
      "## What You Should Do",
      "Change your password if you reused it anywhere else.",
    ]);
    const summary = composeOfflineAnswer({ ...report, question: "What is this report for?" }).text;
    expect(summary).toMatch(/^On 29 April 2025, an attacker used a stolen employee password/);
    expect(summary).not.toMatch(/Published 14 May/);
    expect(composeOfflineAnswer({ ...report, question: "What does this report set out?" }).text).toMatch(/^On 29 April 2025/);
    expect(composeOfflineAnswer({ ...report, question: "Who is this report about, and why was it written?" }).text).toMatch(/^On 29 April 2025/);
    // A document's reference line says nothing of what it reports.
    const decision = oneSource("decision.md", [
      "# Brackenridge Wind Farm: Planning Committee Decision Report",
      "Application 24/01187/FUL, considered by the Northfell District Council Planning Committee on 18 March 2025.",
      "## Decision",
      "The Planning Committee resolved to grant planning permission for the Brackenridge Wind Farm, subject to 28 conditions.",
      "## The Proposal",
      "The applicant proposes seven turbines on upland sheep grazing land.",
    ]);
    expect(composeOfflineAnswer({ ...decision, question: "What is this report about?" }).text).toMatch(/^The Planning Committee resolved to grant planning permission/);
    // A time of ending asked: a time of starting is no answer, a range or "until" is.
    const orchard = oneSource("orchard.md", [
      "# Orchard News",
      "## Winter Work",
      "Winter pruning will take place on the first Saturday of each month from December to February, starting at 10am.",
      "## The Shed",
      "The tool shed is open on Saturdays from 9am to 1pm.",
    ]);
    expect(composeOfflineAnswer({ ...orchard, question: "What time does winter pruning finish?" }).text).toBe(NOT_COVERED_REPLY);
    expect(composeOfflineAnswer({ ...orchard, question: "What time does the tool shed close on Saturdays?" }).text).toMatch(/^The tool shed is open on Saturdays from 9am to 1pm/);
    expect(composeOfflineAnswer({ ...orchard, question: "What time does winter pruning start?" }).text).toMatch(/^Winter pruning will take place/);
    // Nor is it the committee's decision; it does say when the committee met.
    expect(composeOfflineAnswer({ ...decision, question: "What was the committee's decision?" }).text).toMatch(/^The Planning Committee resolved to grant/);
    expect(composeOfflineAnswer({ ...decision, question: "When did the committee consider the application?" }).text).toMatch(/^Application 24\/01187\/FUL/);
    // A sentence naming what the text goes on to say is no answer to it.
    const newsletter = oneSource("newsletter.md", [
      "# Orchard News: Autumn",
      "What a year it has been for the orchard. In this newsletter you will find news of the harvest, our Apple Day and the work planned for the winter.",
      "Over four picking days in September, volunteers gathered just over a tonne of apples.",
      "Apple Day brought more than 400 visitors to the orchard in October.",
      "Winter pruning will take place on the first Saturday of each month from December to February, starting at 10am. We also plan to plant six new trees in January.",
    ]);
    expect(composeOfflineAnswer({ ...newsletter, question: "What work is planned for the winter?" }).text).toMatch(/^Winter pruning will take place/);
    const club = oneSource("club.md", [
      "# Birdwatching for Beginners",
      "## Binoculars",
      "Try before you buy: the club keeps four loan pairs that members can borrow for a month at a time.",
      "## The Museum Loom",
      "On the first Sunday of each month, a volunteer weaver will demonstrate the loom at 11:00 and 14:00, producing cloth that will be sold in the museum shop.",
      "## The Ward",
      "One parent may sleep beside the bed on a fold-out chair.",
      "## The Canal",
      "Traffic peaked in 1838, when the canal carried 212,000 tons of cargo.",
      "## The Basin",
      "The basin at Wexcombe had room for 40 boats.",
      "## Joining",
      "Membership of the club costs £15 a year.",
      "## Getting to the Lake",
      "The lake is a ten-minute walk from the station, and there are covered cycle racks beside the café.",
      "## Food Waste",
      "Cooked food can go in your green caddy, which is collected every week.",
      "## Tickets",
      "If your train no longer runs, you can use your ticket on the next train without paying extra.",
      "## Baking",
      "We bake a gluten-free seeded loaf on Fridays only.",
      "## Do I need to pay a deposit?",
      "A 50% deposit is needed for all celebration and wedding cakes, paid when you order.",
      "## Accessibility",
      "Passengers who need help boarding can book assistance up to two hours before they travel by calling our Passenger Assist team on 0800 112 4477.",
      "## Study Rooms",
      "Group study rooms on the second floor hold between four and eight people and can be booked for up to two hours.",
      "## The Exhibition",
      "The largest object in the exhibition is a restored loom, built in 1911.",
      "It brings together more than 200 objects, many of which have never been on public display.",
    ]);
    const ask = (question: string) => composeOfflineAnswer({ ...club, question }).text;
    // "How much is …" asks a price: four loan pairs are no price, and neither are two times of day.
    expect(ask("How much is membership of the club?")).toMatch(/^Membership of the club costs £15/);
    expect(ask("How much does the cloth woven on the loom sell for in the museum shop?")).toBe(NOT_COVERED_REPLY);
    // "One parent" counts no beds; "212,000 tons" no boats, "40 boats" does.
    expect(ask("How many beds does the ward have?")).toBe(NOT_COVERED_REPLY);
    expect(ask("How many boats could the basin hold?")).toMatch(/room for 40 boats/);
    expect(ask("How many boats used the canal in 1838?")).toBe(NOT_COVERED_REPLY);
    // "between four and eight people" counts people, not rooms.
    expect(ask("How many group study rooms are there on the second floor?")).toBe(NOT_COVERED_REPLY);
    expect(ask("How many people can use a group study room?")).toMatch(/^Group study rooms on the second floor hold between four and eight people/);
    // "Is there parking …?" of material that never speaks of parking.
    expect(ask("Is there parking at the lake?")).toBe(NOT_COVERED_REPLY);
    expect(ask("Are there cycle racks at the lake?")).toMatch(/covered cycle racks beside the café/);
    // "Which day" asks for a day; "without paying extra" and "gluten-free" give no price.
    expect(ask("Which day of the week is the green caddy collected?")).toBe(NOT_COVERED_REPLY);
    expect(ask("How much does a train ticket cost?")).toBe(NOT_COVERED_REPLY);
    expect(ask("How much is the gluten-free seeded loaf?")).toBe(NOT_COVERED_REPLY);
    // "How big a deposit" asks how much of it; "what phone number do I ring" asks for a number to call.
    expect(ask("How big a deposit do I pay when ordering a celebration cake?")).toMatch(/^A 50% deposit is needed/);
    expect(ask("What phone number do I ring to book help boarding a train?")).toMatch(/0800 112 4477/);
    // A year counts no objects.
    expect(ask("How many objects are on show in the exhibition?")).toMatch(/more than 200 objects/);
  });

  it("counts what a number counts: the head of the words after it, a share what follows its 'of'", () => {
    const survey = oneSource("survey.md", [
      "# The Reef Survey",
      "## Starfish",
      "One surprising result was a spread of crown-of-thorns starfish at four reefs in the north of the lagoon.",
      "Starfish eat coral, and large numbers of them can strip a reef in a single season.",
      "## Who Took Part",
      "Twelve scientists were joined by 28 volunteer snorkellers from the Lagoon Swimming Club.",
      "## Nets",
      "Fishers can borrow up to three nets per boat, and repairs are free.",
      "## Vaccines",
      "About 80 per cent of the villagers offered a vaccine last year took it, one in each arm.",
      "## The Harbour Office",
      "Questions about the survey can be sent to the harbour master at the Customs House.",
    ]);
    const ask = (question: string) => composeOfflineAnswer({ ...survey, question }).text;
    // "four reefs" counts reefs; "three nets per boat" nets; "80 per cent of the villagers" villagers; "one in each arm" nothing.
    expect(ask("How many crown-of-thorns starfish did the scientists count?")).toBe(NOT_COVERED_REPLY);
    expect(ask("How many boats have borrowed a net?")).toBe(NOT_COVERED_REPLY);
    expect(ask("How many doses of vaccine did the village order?")).toBe(NOT_COVERED_REPLY);
    // "28 volunteer snorkellers" counts snorkellers.
    expect(ask("How many volunteer snorkellers took part?")).toMatch(/28 volunteer snorkellers/);
    // A person is asked for: "the Customs House" names a place.
    expect(ask("Who is the harbour master of the lagoon?")).toBe(NOT_COVERED_REPLY);
  });

  it("answers 'what year' with the year of the event asked about, 'by how much' with a share, and counts '3.2 million'", () => {
    const mill = oneSource("mill.md", [
      "# The Old Mill",
      "## History",
      "The mill was built in 1842 by Thomas Garside, a wool merchant from Halifax. It was sold to the town in 1961.",
      "## Costs",
      "The cost of grain rose by 30 per cent in 2023, and the mill's energy bills doubled.",
      "## Visitors",
      "The trust estimates that 1.4 million visits were made to the valley in 2024, up from 0.9 million in 2019.",
    ]);
    const ask = (question: string) => composeOfflineAnswer({ ...mill, question }).text;
    expect(ask("What year was the mill built?")).toMatch(/^The mill was built in 1842/);
    // A year of another event of his is no answer.
    expect(ask("In what year did Thomas Garside die?")).toBe(NOT_COVERED_REPLY);
    expect(ask("By how much did the cost of grain rise in 2023?")).toMatch(/rose by 30 per cent/);
    expect(ask("How many visits were made to the valley in 2024?")).toMatch(/1\.4 million visits/);
  });

  it("asks people's names of people: where they are from, or a number opening a sentence, names none", () => {
    const crag = oneSource("crag.md", [
      "# The Rescue",
      "## A Long Night on Raven Crag",
      "On 2 March, two climbers from Hexham were stranded on a ledge on Raven Crag. Twenty-four team members took part in a rescue that lasted six hours.",
      "## Bins",
      "Households of five or more people can ask for a larger bin, and the crews collect it from the door.",
    ]);
    expect(composeOfflineAnswer({ ...crag, question: "What were the names of the two climbers rescued from Raven Crag?" }).text).toBe(NOT_COVERED_REPLY);
    expect(composeOfflineAnswer({ ...crag, question: "What is the name of the young climber from Hexham?" }).text).toBe(NOT_COVERED_REPLY);
    // "five or more people" counts people, not crews.
    expect(composeOfflineAnswer({ ...crag, question: "How many crews collect the bins?" }).text).toBe(NOT_COVERED_REPLY);
  });

  it("never answers with a narration's own words about its slide ('The list has three items, one of them on the slide.')", () => {
    const museum = {
      slides: [{ number: 5, title: "Working with Communities", script: "Working with communities. The list has three items, one of them on the slide. The museum talks to each community first." }],
      sources: [{ name: "museum.md", main: true, text: "# The Museum\n\nThe museum talks to each community first." }],
    };
    expect(composeOfflineAnswer({ ...museum, question: "How many items are in the museum's list?" }).text).toBe(NOT_COVERED_REPLY);
  });

  it("answers 'where' with a name said as a place, not with a person's name", () => {
    const rescue = oneSource("rescue.md", [
      "# The Rescue Team",
      "## The Helicopter",
      "The coastguard helicopter flew on 46 call-outs last year, team leader Graham Pickering says.",
      "## The Base",
      "The team's land rovers are kept at the Dalehead depot beside the fire station.",
    ]);
    expect(composeOfflineAnswer({ ...rescue, question: "Where is the coastguard helicopter based?" }).text).toBe(NOT_COVERED_REPLY);
    expect(composeOfflineAnswer({ ...rescue, question: "Where are the team's land rovers kept?" }).text).toMatch(/at the Dalehead depot/);
  });

  it("answers 'who did it' with whoever did it: a name, or the subject of the question's verb", () => {
    const opened = oneSource("opening.md", ["# The New Pool", "## Opening Day", "The new pool opened at Kelso Park on Monday 3 June, three months late."]);
    expect(composeOfflineAnswer({ ...opened, question: "Who opened the new pool?" }).text).toBe(NOT_COVERED_REPLY);
    const byWhom = oneSource("opening.md", [
      "# The New Pool",
      "## Opening Day",
      "The new pool opened at Kelso Park on Monday 3 June, three months late.",
      "It was opened by Ruth Dale, the club's oldest member, who swam the first length.",
      "## Lane Times",
      "A panel of swimmers decides which lanes are kept for training each term.",
    ]);
    expect(composeOfflineAnswer({ ...byWhom, question: "Who opened the new pool?" }).text).toMatch(/opened by Ruth Dale/);
    expect(composeOfflineAnswer({ ...byWhom, question: "Who officially opened the new pool?" }).text).toMatch(/opened by Ruth Dale/);
    expect(composeOfflineAnswer({ ...byWhom, question: "Who decides which lanes are kept for training?" }).text).toMatch(/^A panel of swimmers decides/);
  });

  it("answers a heading put as a question of asking words only, or of the subject's words only, from that section", () => {
    const guide = oneSource("guide.md", [
      "# Wild Swimming Safely",
      "Swimming in rivers, lakes and the sea has never been more popular, and for good reason.",
      "## Cold Water Shock",
      "The biggest danger for most swimmers is not tiredness but the cold.",
      "## Before You Go",
      "A little planning prevents most problems. Check the water quality and tell someone where you are going.",
      "## What You Should Do",
      "If you see someone in difficulty, call 999 and ask for the coastguard.",
    ]);
    const ask = (question: string) => composeOfflineAnswer({ ...guide, question }).text;
    expect(ask("What should I do before I go swimming?")).toMatch(/^A little planning prevents most problems\./);
    expect(ask("What should I do?")).toMatch(/^If you see someone in difficulty/);
    // Seconds measure how long.
    const shock = oneSource("shock.md", [
      "# Open Water",
      "## Cold Water Shock",
      "The effect of cold water shock is felt by 15 swimmers in every 100.",
      "## Staying Calm",
      "The effect of cold water shock passes within about 90 seconds.",
    ]);
    expect(composeOfflineAnswer({ ...shock, question: "How long does the effect of cold water shock last?" }).text).toMatch(/^The effect of cold water shock passes within about 90 seconds/);
  });

  it("answers without Markdown marks, reads 'so far' as when it is asked, and keeps a name two sentences back as the topic", () => {
    const rules = oneSource("rules.md", [
      "# House Rules",
      "**Members** may bring up to two guests at a time, free of charge, for up to two hours.",
      "## Security",
      "For security, CCTV cameras cover the entrances, the stairs and the bike store. There are no cameras on the working floors, in the kitchen or in the meeting rooms. Recordings are kept for 30 days and then deleted automatically.",
      "## What has opened",
      "The first stage includes four routes separated from traffic by raised kerbs, 14 new crossings and a cycle bridge over the river.",
    ]);
    const ask = (question: string) => composeOfflineAnswer({ ...rules, question }).text;
    expect(ask("How many guests can members bring?")).toMatch(/^Members may bring up to two guests/);
    expect(ask("How long are CCTV recordings kept?")).toMatch(/^Recordings are kept for 30 days/);
    expect(ask("What has opened so far?")).toMatch(/^The first stage includes four routes/);
    // A month is a date, not a topic, two sentences back: July's rainfall is not that since March.
    const notice = oneSource("notice.md", [
      "# Hosepipe Ban",
      "## Why we need it",
      "July was the driest month on record in the region. Reservoirs are lower than at any time since 1976. Rainfall across our region since March has been 58% of the long-term average.",
    ]);
    expect(composeOfflineAnswer({ ...notice, question: "What was the rainfall in July as a share of the long-term average?" }).text).toBe(NOT_COVERED_REPLY);
    // Another month named is another question, with the asked month said two sentences back too.
    const ban = oneSource("ban.md", [
      "# Temporary Use Ban: Public Notice",
      "Westmoor Water gives notice that a temporary use ban will apply to all household customers in its supply area from 00:01 on Friday 18 July. We are sorry to take this step. Rainfall across our region since March has been 58% of the long-term average, and storage in our reservoirs has fallen to 61%. Restricting non-essential use now will help protect supplies for drinking, cooking and washing.",
      "## What you must not do",
      "While the ban is in force, you must not use a hosepipe to water a garden. You must not fill a paddling pool or a swimming pool. You must not clean a private car, van or boat with a hosepipe. You may still use a watering can filled from the tap. Businesses that use water as part of their trade are not affected. Customers on the priority services register may apply for an exemption. Anyone convicted may be fined up to one thousand pounds. We will tell customers when the ban is lifted. Our engineers are finding and fixing leaks every day. A water butt collects rain from a roof for the garden.",
    ]);
    expect(composeOfflineAnswer({ ...ban, question: "What was the rainfall in July against the long-term average?" }).text).toBe(NOT_COVERED_REPLY);
    expect(composeOfflineAnswer({ ...ban, question: "What has rainfall been since March as a share of the long-term average?" }).text).toMatch(/^Rainfall across our region since March/);
  });

  it("answers 'who was' the person a profile is titled with, and a summary from the first statement, not a subtitle", () => {
    const profile = oneSource("profile.md", [
      "# Helen Marrick: The Mapmaker of the Northern Fells",
      "**A profile by the Keld Bridge Local History Society - Centenary Edition**",
      "## Early life",
      "For more than forty years, walkers in the northern Pennines found their way with maps drawn by one woman working at a kitchen table. Helen Marrick never held an official post and never trained at a university.",
      "## The survey years",
      "She walked every path before she drew it, and she dated every piece of information on her maps.",
    ]);
    const slides = [{ number: 1, title: "Helen Marrick: The Mapmaker of the Northern Fells", script: "Welcome." }];
    const ask = (question: string) => composeOfflineAnswer({ ...profile, slides, question }).text;
    expect(ask("Who was Helen Marrick?")).toMatch(/^For more than forty years, walkers in the northern Pennines found their way/);
    expect(ask("What is this profile about?")).toMatch(/^For more than forty years/);
    expect(ask("What is this news report about?")).toMatch(/^For more than forty years/);
    expect(ask("Summarise this profile.")).not.toMatch(/\*\*|Centenary Edition/);
  });

  it("answers 'what does X do' with the sentence X is the subject of, never with a slide's linking phrase", () => {
    const kite = oneSource("kite.md", [
      "# Diamond Kite",
      "## Add the bridle and tail",
      "The bridle is the short loop of line that the flying line is tied to, and it sets the angle at which the kite meets the wind. Tape the tail to the bottom of the spine. The tail keeps the kite steady and stops it from spinning.",
    ]);
    const slides = [{ number: 2, title: "Add the bridle and tail", script: "Next, it's time to add the bridle and tail. The bridle is the short loop of line that the flying line is tied to." }];
    const answer = composeOfflineAnswer({ ...kite, slides, question: "What does the tail do?" }).text;
    expect(answer).toMatch(/^The tail keeps the kite steady and stops it from spinning\./);
    expect(answer).not.toMatch(/it's time to/);
  });

  it("answers 'how far apart' with millimetres, 'when' with a clause of when, and a compound's count from its table's column", () => {
    const glazing = oneSource("sash.md", [
      "# Reglazing a Sash Window",
      "## Fitting the new pane",
      "Set the glass into the rebate and press it gently at the edges. Tap in two sprigs on each side, about 200 mm apart, sliding the chisel along the glass to drive them. Finish with a bevelled bead of putty.",
    ]);
    expect(composeOfflineAnswer({ ...glazing, question: "How far apart should the sprigs be?" }).text).toMatch(/^Tap in two sprigs on each side, about 200 mm apart/);
    // A clause of when says when ("When the Sun and Moon line up, … spring tides"); a season alone does not say when
    // something was founded.
    expect(hasTime("When the Sun and Moon line up, at new and full moon, their pulls combine to give spring tides with the largest range.")).toBe(true);
    expect(hasTime("Volunteers count the rubbish along the riverbank every spring.")).toBe(false);
    // "Wildfires" are "fires": the table's column of them counts for the question (as a related word).
    const season = oneSource("season.md", [
      "# Wildfire Season Report",
      "The county recorded 214 wildfires between April and November, more than in any year since records began.",
      "## Incidents by month",
      "| Month | Fires | Acres burned |\n|---|---|---|\n| June | 31 | 610 |\n| July | 52 | 1,480 |\n| August | 58 | 6,320 |",
    ]);
    const question = "How many wildfires were recorded in July?";
    const row = /cov (\d\.\d+) \[season\.md \/ Incidents by month\] \| July/.exec(explainOfflineAnswer({ ...season, question }));
    expect(Number(row?.[1])).toBeGreaterThan(0.55);
    expect(composeOfflineAnswer({ ...season, question }).text).toMatch(/^July — 52/);
  });

  it("finds a name after a title and its comma, asks about what an owner owns, and reads a country's adjective as its name", () => {
    const notice = oneSource("visiting.md", [
      "# New Visiting Hours at St Aldhelm's Community Hospital",
      "From Monday the hospital will replace its two fixed visiting sessions with open visiting from 9 a.m. to 8 p.m. every day on all adult wards.",
      "## Why We Are Changing",
      "During the trial, most patients and relatives said open visiting improved their experience. Our Director of Nursing, Helen Achebe, described the change as overdue. Ward staff reported fewer calls from worried families.",
    ]);
    expect(composeOfflineAnswer({ ...notice, question: "Who is the hospital's Director of Nursing?" }).text).toMatch(/^Our Director of Nursing, Helen Achebe/);
    const tour = oneSource("tour.md", [
      "# Choir Completes Its First Tour Abroad",
      "The university chamber choir returned to campus on Sunday after an eleven-day concert tour, the first time it has performed abroad.",
      "## A Long Road to Tallinn",
      "The idea of a tour was first raised in 2019, when Kadri Lepp, a choral conductor from the Estonian city of Tartu, heard the choir perform at a festival in Montreal and invited it to visit. The pandemic put those plans on hold for almost three years.",
    ]);
    expect(composeOfflineAnswer({ ...tour, question: "Who invited the choir to visit Estonia?" }).text).toMatch(/Kadri Lepp/);
  });

  it("refuses a name, a person or a year the text does not give when it says what is asked about ('a local college', 'two people', '38 years')", () => {
    const profile = oneSource("glassblower.md", [
      "# The Last Glassblower of Stourbridge",
      "Rosalind Achterberg retired from making glass for a living six years ago, but she has not stopped going to the furnace.",
      "## Learning the Trade",
      "A year later she left school and talked her way into an apprenticeship at the Hollins Glassworks in Stourbridge. The foreman, a gruff man called Stan Pardoe, told her she would not last a month. She lasted 38 years.",
      "## Teaching",
      "In 2019 a local college asked whether she would show a group of art students how to gather glass, and two of them asked to come back the following week. Three of her pieces were stolen from the studio last spring, and two people have been charged.",
    ]);
    for (const question of ["Which local college asked her to teach its art students?", "In what year did Stan Pardoe retire from Hollins?", "Who has been charged with the theft?"]) {
      expect(composeOfflineAnswer({ ...profile, question }).text, question).toBe(NOT_COVERED_REPLY);
    }
    // What the text does give is still answered; "what can I make" asks for no name ("make" is also a car's).
    expect(composeOfflineAnswer({ ...profile, question: "In what year did a local college ask her to teach?" }).text).toMatch(/^In 2019 a local college asked/);
    // "Which year groups …?" asks for no year.
    const school = oneSource("phones.md", [
      "# Mobile Phones at Hillside School",
      "From September pupils may not use mobile phones anywhere on the school site during the school day.",
      "## Who the rule covers",
      "The rule covers pupils in Years 7 to 11; sixth-form students may use phones in the sixth-form centre only.",
    ]);
    expect(composeOfflineAnswer({ ...school, question: "Which year groups does the rule cover?" }).text).toMatch(/^The rule covers pupils in Years 7 to 11/);
    // An e-mail address asked for is not a phone number; one the text gives is answered.
    const contact = oneSource("contact.md", [
      "# New Visiting Hours at Riverside Hospital",
      "From Monday the hospital will replace its two fixed visiting sessions with open visiting from 9 a.m. to 8 p.m. every day on all adult wards. The change follows a six-month trial on two wards.",
      "## Why We Are Changing",
      "Until now, visitors could come between 2 p.m. and 4 p.m. and again between 6 p.m. and 8 p.m. Many relatives told us these sessions clashed with work and school runs. During the trial, most patients said open visiting improved their stay. Ward staff also reported fewer calls from worried families.",
      "## Protected Mealtimes",
      "Lunch between 12 noon and 1 p.m. remains a protected mealtime on every ward. During that hour we ask visitors to leave unless they are helping their relative eat.",
      "## How Many Visitors",
      "No more than two visitors may be at a bedside at one time. Children under 12 are welcome but must be supervised by an adult at all times.",
      "## Questions and Feedback",
      "If you have questions about the new hours, please speak to the nurse in charge of the ward or contact our Patient Advice and Liaison Service on 01628 555 014, open weekdays from 9 a.m. to 4.30 p.m. We will review the policy in April 2026 and would like to hear from patients, families and staff before then.",
    ]);
    expect(composeOfflineAnswer({ ...contact, question: "What is the email address of the Patient Advice and Liaison Service?" }).text).toBe(NOT_COVERED_REPLY);
    const withEmail = oneSource("contact.md", [
      "# Visiting Hours",
      "The hospital now welcomes visitors from 9 a.m. to 8 p.m. every day.",
      "## Questions and Feedback",
      "If you have questions about the new hours, email our Patient Advice and Liaison Service at pals@riverside.example.org or call 01628 555 014.",
    ]);
    expect(composeOfflineAnswer({ ...withEmail, question: "What is the email address of the Patient Advice and Liaison Service?" }).text).toMatch(/pals/);
    const starter = oneSource("starter.md", [
      "# How to Make a Sourdough Starter",
      "A sourdough starter is a living culture of wild yeast and bacteria that makes bread rise.",
      "## Using the Discard",
      "The starter you remove before each feed does not have to go to waste. It adds flavour to pancakes, crackers and waffles, and a jar of discard keeps in the fridge for about a week.",
    ]);
    expect(composeOfflineAnswer({ ...starter, question: "What can I make with the discarded starter?" }).text).not.toBe(NOT_COVERED_REPLY);
  });

  it("answers 'how quickly' with a time, a year without the noun after it, a person named beside the body asked of", () => {
    const clinic = oneSource("clinic.md", [
      "# The Minor Injuries Clinic at Westbury",
      "The clinic opened in 2019 beside the health centre and treats sprains, cuts and minor burns without an appointment, more of them from e-scooter falls every year.",
      "## How Patients Are Sorted",
      "A nurse sees every patient on arrival and gives them a colour. Purple (urgent): seen within 15 minutes, such as a deep cut that will not stop bleeding. Grey (routine): seen within two hours.",
      "## History",
      "Westbury has had three hard flu seasons in fifty years. The worst was 1987, when 40 patients in a day were turned away, and the old building closed soon after.",
      "The clinic's senior nurse, Abena Mensah of the County Health Trust, said the hardest part had been recruiting staff.",
      "## Staffing",
      "Weekend rotas are drawn up a month ahead, and any change to them must be approved by the Director of Nursing.",
      "Members elected two new trustees to the clinic's board of seven in 2024: Grace Okoro, a retired nurse, and Tom Reid, a local pharmacist.",
      "## Complaints",
      "Westbury Health Board received 212 complaints about waiting times at the clinic in 2023, most of them on Saturday evenings.",
    ]);
    expect(composeOfflineAnswer({ ...clinic, question: "How quickly should a patient in the purple category be seen?" }).text).toMatch(/^Purple \(urgent\): seen within 15 minutes/);
    expect(composeOfflineAnswer({ ...clinic, question: "How many patients were turned away in the 1987 flu season?" }).text).toMatch(/^The worst was 1987/);
    expect(composeOfflineAnswer({ ...clinic, question: "Who is the clinic's senior nurse at the County Health Trust?" }).text).toMatch(/Abena Mensah/);
    // A doing the text never says, beside a word related to it that the question says too ("chairs" and "board").
    expect(composeOfflineAnswer({ ...clinic, question: "Who chairs the clinic's board?" }).text).toBe(NOT_COVERED_REPLY);
    // A post the text names without the person in it.
    expect(composeOfflineAnswer({ ...clinic, question: "Who is Westbury's Director of Nursing?" }).text).toBe(NOT_COVERED_REPLY);
    expect(composeOfflineAnswer({ ...clinic, question: "How many complaints did the clinic receive in 2023?" }).text).toMatch(/212 complaints/);
  });

  it("refuses a question about one kind of a thing with a sentence about other kinds ('orange' of 'red' and 'green')", () => {
    const sorting = oneSource("sorting.md", [
      "# How the Walk-In Centre Sorts Patients",
      "Every patient is given a colour on arrival, and the colour decides how soon a doctor sees them.",
      "## The Colours",
      "- Red: seen at once, such as heavy bleeding.",
      "- Orange: seen within 10 minutes, such as chest pain.",
      "- Green: seen within two hours, such as a sprained ankle.",
      "## Who Comes In",
      "About 3 per cent of patients are given the red colour and around 40 per cent the green colour, the largest group.",
    ]);
    expect(composeOfflineAnswer({ ...sorting, question: "What percentage of patients are given the orange colour?" }).text).toBe(NOT_COVERED_REPLY);
    expect(composeOfflineAnswer({ ...sorting, question: "What percentage of patients are given the green colour?" }).text).toMatch(/40 per cent the green colour/);
  });

  it("reads a length written without a space ('15mm') as its unit", () => {
    const pond = oneSource("pond.md", [
      "# Getting a Pond Ready for Winter",
      "A little work in autumn keeps a pond clear and its fish healthy until spring.",
      "## Netting",
      "Stretch a fine net across the pond before the leaves fall, and keep it a little above the water. Its holes should be 15mm across or less, small enough to catch a willow leaf.",
    ]);
    expect(composeOfflineAnswer({ ...pond, question: "How many millimetres across should the holes of the net be?" }).text).toMatch(/15mm across/);
  });

  it("reads a table's row in the light of the prose that introduces the table", () => {
    const shop = oneSource("shop.md", [
      "# How Our Charity Shops Work",
      "Every bag left at our shops is sorted by volunteers within a week.",
      "## Pricing",
      "Volunteers price each item with our price guide. If an item has not sold by the end of its shelf time, it is sent to another shop or marked down. The table below shows our main categories.",
      "| Category | Typical price | Shelf time |\n| --- | --- | --- |\n| Clothing | £3 to £8 | 3 weeks |\n| Books | 99p to £2.50 | 6 weeks |\n| Furniture | £20 to £250 | 2 weeks |",
    ]);
    expect(composeOfflineAnswer({ ...shop, question: "How long do books stay on the shelf before they are sent to another shop or marked down?" }).text).toMatch(/Books.*6 weeks/);
  });

  it("answers 'where' with a place, named or said, never with a time alone", () => {
    const club = oneSource("club.md", [
      "# Riverside Chess Club",
      "The club welcomes players of every standard, from beginners to county players.",
      "## Club Nights",
      "Club nights are held every Thursday from 7pm to 10pm from September to June, with a short break for tea at about 8.30pm.",
      "## Venue",
      "Thursday club nights take place in the upstairs room of the Old Ferry Inn, which has a lift.",
    ]);
    expect(composeOfflineAnswer({ ...club, question: "Where are the Thursday club nights held?" }).text).toMatch(/upstairs room of the Old Ferry Inn/);
    // The place asked about is no answer to where it is.
    const shops = oneSource("shops.md", [
      "# From Donation to Shelf",
      "Our twelve shops raise money for the hospice from the things people give us.",
      "## Sorting",
      "Smaller shops send most of what they receive to the sorting centre, where a team of six staff and around 40 volunteers works through the bags. The sorting centre itself occupies a former carpet warehouse on the Brookfield estate in Oldham.",
    ]);
    expect(composeOfflineAnswer({ ...shops, question: "Where is the sorting centre?" }).text).toMatch(/^The sorting centre itself occupies a former carpet warehouse/);
  });

  it("answers 'how long does it last' with a time, never a length", () => {
    const bike = oneSource("bike.md", [
      "# The Trailhopper E-Bike",
      "The Trailhopper is a folding electric bike made in Leeds for riders who mix train and bike.",
      "## Battery",
      "The battery pack is 30 centimetres long and clips under the seat. A full charge takes about four hours from a household socket, and the battery keeps 80 per cent of its capacity for around five years of daily use.",
    ]);
    expect(composeOfflineAnswer({ ...bike, question: "How long does the battery last?" }).text).toMatch(/^A full charge takes about four hours/);
  });

  it("answers a question put as a part's heading from the sub-section that opens the part", () => {
    const guide = oneSource("window.md", [
      "# Replacing a Broken Window Pane",
      "A cracked pane in a timber window can be replaced in an afternoon with a few hand tools.",
      "## Taking out the old glass",
      "### Removing the pane",
      "Wear thick gloves and goggles, run a strip of tape across the crack, then chip the old putty away with a hacking knife and lift the glass out in pieces.",
      "### Cleaning the rebate",
      "Scrape the rebate back to bare wood and paint it with primer so that the new putty grips.",
      "## Fitting the new pane",
      "Press a thin bed of putty into the rebate, set the glass in it and fix it with glazing sprigs every 20 centimetres.",
    ]);
    expect(composeOfflineAnswer({ ...guide, question: "How do you take out the old glass?" }).text).toMatch(/^Wear thick gloves and goggles/);
  });

  it("answers 'What is X?' with the sentence that says what X is, not one about a kind of X nor the opening of a section headed so", () => {
    const explainer = oneSource("rewilding.md", [
      "# How Rewilding Works",
      "Rewilding is the restoring of land to a state where natural processes, not people, shape it. This explainer follows one project in the Cairngorms.",
      "## What Rewilding Is",
      "The word was first used by American conservationists in the 1990s. A rewilding project usually starts by removing fences and drains.",
      "## Grazing",
      "A rewilding grazing plan is not fixed. Cattle and ponies are moved as the vegetation changes, and deer numbers are kept low.",
    ]);
    expect(composeOfflineAnswer({ ...explainer, question: "What is rewilding?" }).text).toMatch(/^Rewilding is the restoring of land/);
  });

  it("reads a plural in -es as its singular ('buses' is 'bus')", () => {
    expect(stemOf("buses")).toBe(stemOf("bus"));
    expect(stemOf("gases")).toBe(stemOf("gas"));
    expect(answer("Which buses stop near the museum?")).toMatch(/^Bus routes 4 and 17/);
  });
});

describe("word forms", () => {
  it("joins a doer, an action or an adverb to its word, not words that only look alike", () => {
    for (const [word, other] of [["walker", "walk"], ["agreement", "agree"], ["newly", "new"], ["teacher", "teach"], ["mileage", "miles"], ["leakage", "leak"]]) {
      expect(sameFamily(stemOf(word!), stemOf(other!)), word).toBe(true);
    }
    for (const [word, other] of [["corner", "corn"], ["early", "ear"], ["centre", "cent"], ["factor", "fact"], ["message", "mess"], ["manage", "man"]]) {
      expect(sameFamily(stemOf(word!), stemOf(other!)), word).toBe(false);
    }
  });

  it("reads 'once' as an amount, not as the conjunction", () => {
    expect(hasNumber("Turn the pile once a week.")).toBe(true);
    expect(hasNumber("Once the heat pump is fitted, the installer claims the money.")).toBe(false);
    // German numbers written out are compounds.
    inLanguage("de", () => {
      expect(hasNumber("Im Jahr wurden sechshundertzwanzig Gegenstände untersucht.")).toBe(true);
      expect(hasNumber("Der Verein hat dreiundvierzig Mitglieder.")).toBe(true);
      expect(hasNumber("Der Verein trifft sich im Gemeindehaus.")).toBe(false);
      expect(hasNumber("Das Haus stammt aus dem Jahrhundert der Industrie.")).toBe(false);
    });
  });

  it("reads British spellings as American ones in every form, short words included", () => {
    for (const [british, american] of [
      ["metre", "meter"],
      ["metres", "meters"],
      ["litre", "liter"],
      ["centre", "center"],
      ["vapour", "vapor"],
      ["neighbours", "neighbors"],
    ]) {
      expect(stemOf(british!), british).toBe(stemOf(american!));
    }
    // Plurals not made with "s" are their singulars; "people" stays a word of its own.
    for (const [plural, singular] of [["children", "child"], ["women", "woman"], ["feet", "foot"], ["teeth", "tooth"]]) expect(stemOf(plural!), plural).toBe(stemOf(singular!));
    expect(stemOf("people")).not.toBe(stemOf("person"));
    // One spelling's singular and plural are one term too.
    expect(stemOf("metre")).toBe(stemOf("metres"));
    // Words that only look alike keep their own stems.
    expect(stemOf("flour")).not.toBe(stemOf("flor"));
    expect(stemOf("hour")).toBe("hour");
  });
});
