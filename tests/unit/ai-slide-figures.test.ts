// Figures as a slide writes them (lib/ai/slide-figures.ts): numbers spelled out in each deck language read as digits,
// units after a number as their symbols, and everything else left as it is.
import { describe, expect, it } from "vitest";
import { slideFigures } from "@/lib/ai/slide-figures";

describe("slide figures", () => {
  it("writes numbers of ten and more in digits, in every deck language", () => {
    expect(slideFigures("mehr als einundzwanzigtausend Fahrgäste", "de")).toBe("mehr als 21.000 Fahrgäste");
    expect(slideFigures("Im Jahr wurden sechshundertzwanzig Gegenstände untersucht", "de")).toBe("Im Jahr wurden 620 Gegenstände untersucht");
    expect(slideFigures("les deux cent quatre-vingt-dix élèves", "fr")).toBe("les 290 élèves");
    expect(slideFigures("L'an dernier, quarante-huit parents", "fr")).toBe("L'an dernier, 48 parents");
    expect(slideFigures("más de doscientos mil viajes", "es")).toBe("más de 200.000 viajes");
    expect(slideFigures("cuesta cuatro mil quinientos euros", "es")).toBe("cuesta 4500 €");
    expect(slideFigures("Es necesario tener dieciséis años", "es")).toBe("Es necesario tener 16 años");
    expect(slideFigures("participaron treinta y dos familias", "es")).toBe("participaron 32 familias");
    expect(slideFigures("signing up fifty new members", "en")).toBe("signing up 50 new members");
    expect(slideFigures("of two hundred and ninety pupils", "en")).toBe("of 290 pupils");
    expect(slideFigures("within six to eight hours", "en")).toBe("within 6 to 8 h");
  });

  it("keeps small numbers and articles in words", () => {
    expect(slideFigures("Eine Fahrt dauert drei Stationen", "de")).toBe("Eine Fahrt dauert drei Stationen");
    expect(slideFigures("Le programme se déroule en trois étapes", "fr")).toBe("Le programme se déroule en trois étapes");
    expect(slideFigures("one of the seven hills", "en")).toBe("one of the seven hills");
    // A capitalised number word inside a line is part of a name.
    expect(slideFigures("a speech at Number Ten on Monday", "en")).toBe("a speech at Number Ten on Monday");
    // A line does not open on digits.
    expect(slideFigures("Twenty years ago, a sleeper train looked like a relic", "en")).toBe("Twenty years ago, a sleeper train looked like a relic");
  });

  it("writes units and currencies after a number as symbols", () => {
    expect(slideFigures("Eine Fahrt kostet drei Euro", "de")).toBe("Eine Fahrt kostet 3 €");
    expect(slideFigures("el ochenta por ciento de las familias", "es")).toBe("el 80 % de las familias");
    expect(slideFigures("selon l'enquête, quatre-vingts pour cent des familles", "fr")).toBe("selon l'enquête, 80 % des familles");
    expect(slideFigures("il settanta per cento delle famiglie", "it")).toBe("il 70 % delle famiglie");
    expect(slideFigures("Revenue was 5.2 million pounds, up from 3.9 million pounds", "en")).toBe("Revenue was £5.2 million, up from £3.9 million");
    expect(slideFigures("A plumber charges between 60 and 100 pounds to fix a tap", "en")).toBe("A plumber charges between £60 and £100 to fix a tap");
    expect(slideFigures("Tickets cost 8 to 12 dollars, and 3 children came", "en")).toBe("Tickets cost $8 to $12, and 3 children came");
    expect(slideFigures("between 22 and 26 degrees Celsius", "en")).toBe("between 22 and 26 °C");
    expect(slideFigures("Weigh 50 grams of flour", "en")).toBe("Weigh 50 g of flour");
    expect(slideFigures("a 40 percent rise", "en")).toBe("a 40% rise");
  });
});
