// The offline generator and answerer in each deck language (lib/ai/language.ts, lib/ai/phrases.ts): sentence
// boundaries, stop words and Snowball stems per language, the deck's own phrases in the deck's language, answers and
// the 'not covered' reply in it; English as before.
import { describe, expect, it } from "vitest";
import { inLanguage } from "@/lib/ai/language";
import { composeOfflineAnswer, notCoveredReply, NOT_COVERED_REPLY } from "@/lib/ai/offline-answers";
import { generateOfflineOutline } from "@/lib/ai/offline-generator";
import { outlineSchema } from "@/lib/ai/outline";
import { phrasesOf } from "@/lib/ai/phrases";
import { splitSentences, terms, wordCount } from "@/lib/ai/text";
import { DECK_LANGUAGES } from "@/lib/content/languages";

describe("text per language", () => {
  it("splits sentences at each language's boundaries, not at its abbreviations or ordinals", () => {
    inLanguage("fr", () => expect(splitSentences("M. Dupont est arrivé. Il a parlé, etc. puis il est parti.")).toEqual(["M. Dupont est arrivé.", "Il a parlé, etc. puis il est parti."]));
    inLanguage("de", () => expect(splitSentences("Der Bus fährt ab dem 3. Oktober. Er hält z. B. am Markt.")).toEqual(["Der Bus fährt ab dem 3. Oktober.", "Er hält z. B. am Markt."]));
    inLanguage("es", () => expect(splitSentences("¿Cuándo abre? ¡Mañana! El horario es de nueve a dos.")).toEqual(["¿Cuándo abre?", "¡Mañana!", "El horario es de nueve a dos."]));
    inLanguage("fr", () => expect(splitSentences("Il a dit : « Venez. » Puis il est parti.")).toHaveLength(2));
    inLanguage("ru", () => expect(splitSentences("Поезд ушёл в 9 ч. утра. Мы остались на вокзале.")).toHaveLength(2));
  });

  it("leaves out each language's stop words and stems with its Snowball stemmer", () => {
    expect(inLanguage("fr", () => terms("Les trains de nuit reviennent dans l'économie"))).toEqual(["train", "nuit", "reviennent", "économ"]);
    expect(inLanguage("de", () => terms("Die Nachtzüge fahren wieder durch die Städte"))).toEqual(["nachtzug", "fahr", "stadt"]);
    expect(inLanguage("es", () => terms("Los trenes nocturnos vuelven a las ciudades"))).toEqual(["tren", "nocturn", "vuelv", "ciudad"]);
    expect(inLanguage("it", () => terms("I treni notturni tornano nelle città"))).toEqual(["tren", "notturn", "torn", "citt"]);
    expect(inLanguage("pt", () => terms("Os comboios noturnos voltam às cidades"))).toEqual(["comboi", "noturn", "volt", "cidad"]);
    expect(inLanguage("nl", () => terms("De nachttreinen keren terug naar de steden"))).toEqual(["nachttrein", "ker", "terug", "sted"]);
    expect(inLanguage("ru", () => terms("Ночные поезда возвращаются в города"))).toEqual(["ночн", "поезд", "возвраща", "город"]);
    // English as before: its own stop words and suffix stripping.
    expect(terms("The night trains are returning to the cities")).toEqual(["night", "train", "return", "city"]);
  });
});

const FRENCH = [
  "# Le verger du quartier",
  "Le verger partagé du quartier a ouvert au printemps 2023 derrière la gare. Il compte quarante arbres fruitiers de douze variétés, plantés par les habitants eux-mêmes.",
  "## Les arbres",
  "Les pommiers et les poiriers forment la plus grande partie du verger. Trois cerisiers et deux pruniers ont été plantés l'an dernier près de l'entrée. Chaque arbre porte une étiquette avec le nom de sa variété et l'année de sa plantation. Les arbres sont taillés chaque hiver par un arboriculteur bénévole.",
  "## La récolte",
  "La récolte commence à la fin du mois d'août avec les premières poires. Les fruits sont partagés entre les habitants qui ont participé aux travaux de l'année. Le surplus est donné chaque semaine à l'épicerie solidaire du quartier. En 2024, le verger a donné près de six cents kilos de fruits.",
  "## Participer",
  "Toute personne qui habite le quartier peut rejoindre l'équipe du verger. Les journées de travail ont lieu le premier samedi de chaque mois, de neuf heures à midi. Les outils sont prêtés par l'association, il suffit d'apporter des gants. Les enfants sont les bienvenus s'ils viennent avec un adulte.",
].join("\n\n");

describe("a deck in its language", () => {
  const outline = generateOfflineOutline({ sources: [{ name: "verger.docx", kind: "main_document", text: FRENCH, isMain: true }], useMainSourceOnly: true, template: "professional", language: "fr" });

  it("speaks the deck's own phrases in French and nothing in English", () => {
    const scripts = outline.slides.map((slide) => slide.script);
    // The outline rules hold, except that a part of a short article is said in its own sentences rather than padded
    // to the outline's 60 words with sentences that say nothing, and that its slide may show two lines of its own
    // rather than a third borrowed from another part.
    const issues = outlineSchema.safeParse(outline).error?.issues ?? [];
    expect(issues.filter((issue) => !/^script has fewer than \d+ words$/.test(issue.message) && issue.message !== "fewer than 3 bullets")).toEqual([]);
    for (const slide of outline.slides) expect(slide.bullets.length, slide.title).toBeGreaterThanOrEqual(2);
    // The closing says what there is to recap and the thanks, never sentences that say nothing to reach 40 words.
    for (const script of scripts.slice(0, -1)) expect(wordCount(script), script).toBeGreaterThanOrEqual(40);
    expect(wordCount(scripts.at(-1)!)).toBeGreaterThanOrEqual(15);
    expect(scripts.at(-1)).not.toMatch(/Chacune d'elles avait|La diapositive reprend le point principal/);
    expect(scripts[0]).toMatch(/^Bienvenue\. Cette présentation s'appuie sur « Le verger du quartier »\./);
    expect(scripts[0]).toContain("Nous allons voir trois thèmes : « Les arbres », « La récolte » et « Participer ».");
    expect(scripts.at(-1)).toMatch(/Merci de votre attention\.$/);
    expect(outline.slides.at(-1)!.title).toMatch(/^(?:À retenir|Participer)$/);
    expect(scripts.join(" ")).not.toMatch(/\b(?:Welcome|Let's|Thank you|We will|To sum up|Next,)\b/);
  });

  it("answers a French question in French from the deck, and says in French what it does not cover", () => {
    const slides = outline.slides.map((slide, index) => ({ number: index + 1, title: slide.title, script: slide.script }));
    const material = { slides, sources: [{ name: "verger.docx", text: FRENCH, main: true }], language: "fr" };
    const answer = composeOfflineAnswer({ ...material, question: "Combien de kilos de fruits le verger a-t-il donnés en 2024 ?" });
    expect(answer.covered).toBe(true);
    expect(answer.text).toContain("En 2024, le verger a donné près de six cents kilos de fruits.");
    const refused = composeOfflineAnswer({ ...material, question: "Quel est le prix d'un billet de train pour Lisbonne ?" });
    expect(refused).toEqual({ text: notCoveredReply("fr"), passages: [], covered: false });
    expect(refused.text).toMatch(/^La présentation et ses sources n'abordent pas ce point/);
  });

  it("has every phrase in every deck language, and English's are the generator's originals", () => {
    for (const language of DECK_LANGUAGES) {
      const say = phrasesOf(language);
      expect(say.fillers.length, language).toBeGreaterThanOrEqual(6);
      expect(say.closingFillers.length, language).toBeGreaterThanOrEqual(3);
      expect(say.untitled.length * say.continued.length * say.nounTransitions.length * say.additive.length * say.listSentences.length, language).toBeGreaterThan(0);
      expect(say.signpost.test(say.welcome) || say.signpost.test(say.basedOn("«x»", ".")), language).toBe(true);
    }
    // German and Dutch put the verb second: an adverb before a sentence would have to move it ("Darüber hinaus zeigt
    // …"), so their linking phrases end on a colon and the sentence after it stands as written.
    for (const language of ["de", "nl"] as const) for (const link of phrasesOf(language).additive) expect(link, language).toMatch(/: $/);
    expect(notCoveredReply("en")).toBe(NOT_COVERED_REPLY);
    expect(notCoveredReply("xx")).toBe(NOT_COVERED_REPLY);
    expect(phrasesOf("en").thanks).toBe("Thank you for listening.");
  });
});
