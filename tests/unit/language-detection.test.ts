// The language of a source's text (lib/content/detect-language.ts, eld): each deck language on a paragraph, short
// texts and mixed texts falling back to 'und', long texts read from a bounded sample.
import { describe, expect, it } from "vitest";
import { detectLanguage, languageSample, SAMPLE_CHARS } from "@/lib/content/detect-language";
import { deckLanguageFor, languageName, textSearchConfig, UNDETERMINED } from "@/lib/content/languages";

const PARAGRAPHS: Record<string, string> = {
  en: "Night trains are coming back to Europe after years of decline. Travellers like to fall asleep in one city and wake up in another, and the rail companies are buying new sleeping cars.",
  fr: "Les trains de nuit reviennent en Europe après des années de déclin. Les voyageurs aiment s'endormir dans une ville et se réveiller dans une autre, et les compagnies achètent de nouvelles voitures-lits.",
  de: "Nachtzüge kehren nach Jahren des Niedergangs nach Europa zurück. Reisende schlafen gern in einer Stadt ein und wachen in einer anderen auf, und die Bahnen kaufen neue Schlafwagen.",
  es: "Los trenes nocturnos vuelven a Europa tras años de declive. A los viajeros les gusta dormirse en una ciudad y despertarse en otra, y las compañías compran nuevos coches cama.",
  it: "I treni notturni tornano in Europa dopo anni di declino. Ai viaggiatori piace addormentarsi in una città e svegliarsi in un'altra, e le compagnie comprano nuove carrozze letto.",
  pt: "Os comboios noturnos estão a voltar à Europa depois de anos de declínio. Os viajantes gostam de adormecer numa cidade e acordar noutra, e as empresas compram novas carruagens-cama.",
  nl: "Nachttreinen keren terug naar Europa na jaren van verval. Reizigers vallen graag in slaap in de ene stad en worden wakker in een andere, en de spoorbedrijven kopen nieuwe slaaprijtuigen.",
  ru: "Ночные поезда возвращаются в Европу после многих лет упадка. Путешественникам нравится заснуть в одном городе и проснуться в другом, а железные дороги покупают новые спальные вагоны.",
};

describe("language detection", () => {
  for (const [language, text] of Object.entries(PARAGRAPHS)) {
    it(`tells ${languageName(language)} from a paragraph`, async () => {
      const guess = await detectLanguage(text);
      expect(guess.language).toBe(language);
      expect(guess.share).toBeGreaterThanOrEqual(0.6);
    });
  }

  it("answers 'und' for a text too short to tell", async () => {
    for (const text of ["", "OK", "Hello", "Budget 2025", "12 345 678"]) {
      expect((await detectLanguage(text)).language, text).toBe(UNDETERMINED);
    }
  });

  it("answers 'und' for a text half in one language and half in another", async () => {
    const mixed = `${PARAGRAPHS.en}\n\n${PARAGRAPHS.fr}\n\n${PARAGRAPHS.en}\n\n${PARAGRAPHS.fr}`;
    expect((await detectLanguage(mixed)).language).toBe(UNDETERMINED);
  });

  it("names the language that holds most of a text with a quotation in another", async () => {
    const text = `${PARAGRAPHS.de} ${PARAGRAPHS.de}\n\n“Night trains are back,” said the minister.\n\n${PARAGRAPHS.de}`;
    expect((await detectLanguage(text)).language).toBe("de");
  });

  it("reads a bounded sample spread over a long text, not only its opening", async () => {
    // An English preface of a few pages before a long Spanish text.
    const long = `${PARAGRAPHS.en} `.repeat(100) + `${PARAGRAPHS.es} `.repeat(700);
    const sample = languageSample(long);
    expect(sample.length).toBeLessThanOrEqual(SAMPLE_CHARS);
    expect(sample).toContain("Night trains");
    expect(sample).toContain("trenes nocturnos");
    expect((await detectLanguage(long)).language).toBe("es");
  });

  it("gives a deck language and a text search configuration for each answer", () => {
    expect(deckLanguageFor("fr")).toBe("fr");
    expect(deckLanguageFor(UNDETERMINED)).toBe("en");
    expect(deckLanguageFor("pl")).toBe("en");
    expect(deckLanguageFor(null)).toBe("en");
    expect(textSearchConfig("ru")).toBe("russian");
    expect(textSearchConfig(UNDETERMINED)).toBe("english");
    expect(textSearchConfig("pl")).toBe("simple");
    expect(languageName("pl")).toBe("Polish");
  });
});
