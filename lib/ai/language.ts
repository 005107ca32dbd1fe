// The language the offline generator and answerer work in: Snowball stemmers (@orama/stemmers) and Snowball stop
// word lists (@orama/stopwords) per language, the abbreviations that do not end a sentence, number words, and what a
// question asks for (an amount, a time, a summary). English keeps its own tuned lists (lib/ai/text.ts,
// lib/ai/answer-text.ts); the English-only helpers (SUBTLEX rarity, WordNet, wink-lexicon) apply to English alone.
//
// Both engines are synchronous, so the language is set for the length of one call (`inLanguage`) rather than passed
// through every helper: a generation or an answer runs start to end without yielding.
import { stemmer as stemDe } from "@orama/stemmers/german";
import { stemmer as stemEs } from "@orama/stemmers/spanish";
import { stemmer as stemFr } from "@orama/stemmers/french";
import { stemmer as stemIt } from "@orama/stemmers/italian";
import { stemmer as stemNl } from "@orama/stemmers/dutch";
import { stemmer as stemPt } from "@orama/stemmers/portuguese";
import { stemmer as stemRu } from "@orama/stemmers/russian";
import { stopwords as stopDe } from "@orama/stopwords/german";
import { stopwords as stopEs } from "@orama/stopwords/spanish";
import { stopwords as stopFr } from "@orama/stopwords/french";
import { stopwords as stopIt } from "@orama/stopwords/italian";
import { stopwords as stopNl } from "@orama/stopwords/dutch";
import { stopwords as stopPt } from "@orama/stopwords/portuguese";
import { stopwords as stopRu } from "@orama/stopwords/russian";
import { DEFAULT_DECK_LANGUAGE, isDeckLanguage, type DeckLanguage } from "@/lib/content/languages";

export type { DeckLanguage };

let current: DeckLanguage = DEFAULT_DECK_LANGUAGE;

/** The language of the generation or answer being made (English outside `inLanguage`). */
export function currentLanguage(): DeckLanguage {
  return current;
}

/** Runs a synchronous function with `language` as the current language (an unknown code: English). */
export function inLanguage<T>(language: string | null | undefined, run: () => T): T {
  const previous = current;
  current = isDeckLanguage(language) ? language : DEFAULT_DECK_LANGUAGE;
  try {
    return run();
  } finally {
    current = previous;
  }
}

export function isEnglish(): boolean {
  return current === "en";
}

type Other = Exclude<DeckLanguage, "en">;

const STEMMERS: Record<Other, (word: string) => string> = { fr: stemFr, de: stemDe, es: stemEs, it: stemIt, pt: stemPt, nl: stemNl, ru: stemRu };

/**
 * Words that only frame a question or name the material ("expliquer", "artículo", "Präsentation"): kept out of a
 * question's topic words, like English's "explain" and "article".
 */
const ASKING: Record<Other, string> = {
  fr: "existe faut expliquer explique expliquez dire dit dites parle parler parlez décrire décrivez article présentation diapositive diapo texte document source sources question réponse quoi quel quelle quels quelles comment pourquoi combien quand où qui lequel laquelle chose choses selon peut peuvent pouvez pourrait doit doivent devez devrait faut",
  de: "gibt geben gab gegeben es erklären erkläre erklärt sagen sagt sag beschreiben beschreibt artikel präsentation folie text dokument quelle quellen frage antwort was welche welcher welches wie warum wieso weshalb wieviel wie viele wann wo wer wofür wozu womit woher wohin worüber ding dinge laut darf dürfen darfst dürft müssen musst müsste sollen sollte sollten könnte könnten möchte möchten mag mögen würde würden",
  es: "hay existe explicar explica explique decir dice di describir describe artículo presentación diapositiva texto documento fuente fuentes pregunta respuesta qué cuál cuáles cómo por cuánto cuánta cuántos cuántas cuándo dónde quién quiénes cosa cosas según puedo puede pueden podemos debo debe deben debemos",
  it: "spiegare spiega spieghi dire dice descrivere descrive articolo presentazione diapositiva testo documento fonte fonti domanda risposta cosa quale quali come perché quanto quanta quanti quante quando dove chi secondo può possono posso devo deve devono bisogna",
  pt: "explicar explica explique dizer diz descrever descreve artigo apresentação diapositivo slide texto documento fonte fontes pergunta resposta que qual quais como porque quanto quanta quantos quantas quando onde quem coisa coisas segundo pode podem posso deve devem devo precisa",
  nl: "uitleggen leg uit zeggen zegt beschrijven beschrijft artikel presentatie dia tekst document bron bronnen vraag antwoord wat welke welk hoe waarom hoeveel wanneer waar wie ding dingen volgens mag mogen kan kunnen moet moeten zal zullen wil willen",
  ru: "объяснить объясните сказать скажите рассказать расскажите описать статья статье статьи презентация презентации слайд текст документ источник вопрос ответ что какой какая какие как почему сколько когда где кто можно нужно надо должен должна должны",
};

const STOPS: Record<Other, Set<string>> = Object.fromEntries(
  (
    [
      ["fr", stopFr],
      ["de", stopDe],
      ["es", stopEs],
      ["it", stopIt],
      ["pt", stopPt],
      ["nl", stopNl],
      ["ru", stopRu],
    ] as const
  ).map(([language, list]) => [language, new Set(list.filter((word) => word.length > 0))]),
) as Record<Other, Set<string>>;

const ASKING_WORDS: Record<Other, Set<string>> = Object.fromEntries(
  Object.entries(ASKING).map(([language, list]) => [language, new Set(list.split(" "))]),
) as Record<Other, Set<string>>;

/** Whether a lower-case word is a stop word of the current language (not for English: see lib/ai/text.ts). */
export function isForeignStopWord(word: string): boolean {
  if (current === "en") return false;
  // "l'eau", "dell'acqua", "d'un": the article before the apostrophe is a stop word, the word after it is not.
  return STOPS[current].has(word);
}

/** Whether a lower-case word only frames a question in the current language. */
export function isForeignAskingWord(word: string): boolean {
  return current !== "en" && ASKING_WORDS[current].has(word);
}

const foreignStems = new Map<string, string>();

/** The Snowball stem of a lower-case word in the current language (not English). */
export function foreignStem(word: string): string {
  if (current === "en" || /\d/.test(word) || word.length <= 2) return word;
  const key = `${current}:${word}`;
  let found = foreignStems.get(key);
  if (found === undefined) {
    found = STEMMERS[current](word);
    if (foreignStems.size >= 50_000) foreignStems.clear();
    foreignStems.set(key, found);
  }
  return found;
}

/**
 * French, Italian and Catalan-style elision: "l'énergie" is "énergie", "dell'acqua" is "acqua", "qu'il" is "il".
 * Applied to a lower-case token before it is looked up or stemmed.
 */
export function withoutElision(word: string): string {
  if (current !== "fr" && current !== "it") return word;
  return word.replace(/^(?:l|d|j|m|n|s|t|c|qu|jusqu|lorsqu|puisqu|quoiqu|dell|dall|nell|sull|all|un|quest|quell)['’](?=\p{L})/u, "");
}

/** Abbreviations whose full stop does not end a sentence, per language (lower case, without the stop). */
export const FOREIGN_ABBREVIATIONS: Record<Other, Set<string>> = {
  fr: new Set("m mm mme mmes mlle dr pr st ste etc env cf av apr janv févr avr juil sept oct nov déc p ex vol éd".split(" ")),
  de: new Set("z b bzw ca dr prof nr str usw vgl ggf evtl inkl sog jh jhd mio mrd bspw d h u a o ä s hl abb bd".split(" ")),
  es: new Set("sr sra srta dr dra ud uds etc pág núm vol ej aprox av avda dña d ee uu".split(" ")),
  it: new Set("sig sigg dott dr prof ecc pag vol es ca sec nr".split(" ")),
  pt: new Set("sr sra dr dra prof etc pág vol ex av n º".split(" ")),
  nl: new Set("dhr mevr dr prof bijv bv enz nr ca o a m a d w z blz vs".split(" ")),
  ru: new Set("т д п др г гг в вв см стр им млн млрд тыс руб".split(" ")),
};

/** Number words one to twelve (for "three topics"), per language. */
export const NUMBER_WORDS: Record<DeckLanguage, readonly string[]> = {
  en: ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"],
  fr: ["zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze", "douze"],
  de: ["null", "ein", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn", "elf", "zwölf"],
  es: ["cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "once", "doce"],
  it: ["zero", "uno", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove", "dieci", "undici", "dodici"],
  pt: ["zero", "um", "dois", "três", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez", "onze", "doze"],
  nl: ["nul", "een", "twee", "drie", "vier", "vijf", "zes", "zeven", "acht", "negen", "tien", "elf", "twaalf"],
  ru: ["ноль", "один", "два", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять", "десять", "одиннадцать", "двенадцать"],
};

/** The word that joins the last two items of a list ("a, b and c"). */
export const AND_WORD: Record<DeckLanguage, string> = { en: "and", fr: "et", de: "und", es: "y", it: "e", pt: "e", nl: "en", ru: "и" };

/** Quotation marks around a heading named in a sentence. */
export const QUOTES: Record<DeckLanguage, readonly [string, string]> = {
  en: ["“", "”"],
  fr: ["« ", " »"],
  de: ["„", "“"],
  es: ["«", "»"],
  it: ["«", "»"],
  pt: ["«", "»"],
  nl: ["‘", "’"],
  ru: ["«", "»"],
};

/** What a question asks for, in the languages other than English (English's patterns live in answer-text.ts). */
export const FOREIGN_INTENTS: Record<Other, { amount: RegExp; time: RegExp; summary: RegExp; numbers: RegExp; times: RegExp }> = {
  fr: {
    amount: /\bcombien\b|\bquel(?:le)?s? (?:est |sont )?(?:la |le |les )?(?:part|pourcentage|proportion|nombre|montant|taille|température|prix|coût|durée)\b|\bà quelle (?:fréquence|vitesse|température)\b/i,
    time: /\bquand\b|\b(?:en )?quel(?:le)?s? (?:année|mois|jour|date|heure|siècle)s?\b|\bdepuis quand\b|\bà quelle heure\b/i,
    summary: /\b(?:résume[rz]?|résumé|synthèse|aperçu|vue d'ensemble)\b|\bde quoi (?:parle|traite)\b|\bpoints? (?:principaux|clés|essentiels)\b|\bidées? principales?\b/i,
    numbers: /\b(?:deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|treize|quatorze|quinze|seize|vingt|trente|quarante|cinquante|soixante|cent|cents|mille|millions?|milliards?|moitié|tiers|quart|double|pour cent)\b/i,
    times: /\b(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre|siècle|(?:1[5-9]|20)\d\d|heures?|matin|soir|midi|minuit|semaines?|jours?|mois|ans|années?|avant|après|jusqu)\b/i,
  },
  de: {
    amount: /\bwie (?:viele?|lange|alt|weit|groß|hoch|oft|schnell|warm|kalt|teuer)\b|\bwelche[rsn]? (?:anteil|prozentsatz|zahl|anzahl|betrag|größe|temperatur|preis|kosten)\b|\bwieviele?\b/i,
    time: /\bwann\b|\b(?:an |in )?welche[mnr]? (?:jahr|monat|tag|datum|uhrzeit|jahrhundert|wochentag)\w*|\bseit wann\b|\bum wie viel uhr\b/i,
    summary: /\b(?:zusammenfassung|zusammenfassen|fasse|überblick|kernaussagen?|hauptpunkte?)\b|\bworum geht\b|\bwichtigsten punkte\b/i,
    // Written out, German numbers are compounds ("sechshundertzwanzig", "dreiundvierzig", "siebzehn").
    numbers:
      /\b(?:eins|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|zwanzig|dreißig|hundert|tausend|millionen?|milliarden?|hälfte|drittel|viertel|doppelt|prozent)\b|\b(?!jahr)[a-zäöü]*(?:hundert|tausend)[a-zäöü]*|[a-zäöü]*und(?:zwanzig|dreißig|vierzig|fünfzig|sechzig|siebzig|achtzig|neunzig)|\b(?:vier|fünf|sech|sieb|acht|neun)zig\b|\b(?:drei|vier|fünf|sech|sieb|acht|neun)zehn\b/i,
    times: /\b(?:montags?|dienstags?|mittwochs?|donnerstags?|freitags?|samstags?|sonntags?|nachts?|januar|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember|jahrhundert|(?:1[5-9]|20)\d\d|uhr|morgens?|abends?|mittag|mitternacht|wochen?|tagen?|tage|monate?n?|jahren?|jahre|vor|nach|bis)\b/i,
  },
  es: {
    amount: /\bcu[áa]nt[oa]s?\b|\bqu[ée] (?:porcentaje|parte|proporci[óo]n|n[úu]mero|cantidad|tamaño|temperatura|precio|coste|costo)\b|\bcon qu[ée] frecuencia\b/i,
    time: /\bcu[áa]ndo\b|\b(?:en )?qu[ée] (?:año|mes|d[íi]a|fecha|hora|siglo)s?\b|\bdesde cu[áa]ndo\b|\ba qu[ée] hora\b/i,
    summary: /\b(?:resume|resumen|resumir|res[úu]meme|s[íi]ntesis|panorama)\b|\bde qu[ée] (?:trata|habla)\b|\bpuntos (?:principales|clave)\b|\bideas principales\b/i,
    numbers: /\b(?:dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|trece|catorce|quince|dieci\w+|veinte|veinti\w+|treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa|cien|ciento|\w+cient[oa]s|quinient[oa]s|mil|millones?|mitad|tercio|cuarto|doble|por ciento)\b/i,
    times: /\b(?:lunes|martes|miércoles|jueves|viernes|sábados?|domingos?|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|siglo|(?:1[5-9]|20)\d\d|horas?|mañana|tarde|noche|mediodía|medianoche|semanas?|d[íi]as?|meses|mes|años?|antes|después|hasta)\b/i,
  },
  it: {
    amount: /\bquant[oaie]\b|\bquale (?:percentuale|parte|numero|quantità|dimensione|temperatura|prezzo|costo)\b|\bogni quanto\b/i,
    time: /\bquando\b|\b(?:in )?quale (?:anno|mese|giorno|data|ora|secolo)\b|\bda quando\b/i,
    summary: /\b(?:riassumi|riassunto|sintesi|panoramica)\b|\bdi cosa (?:parla|tratta)\b|\bpunti (?:principali|chiave)\b/i,
    numbers: /\b(?:due|tre|quattro|cinque|sei|sette|otto|nove|dieci|undici|dodici|tredici|quattordici|quindici|sedici|diciassette|diciotto|diciannove|venti|trenta|quaranta|cinquanta|sessanta|settanta|ottanta|novanta|\w*cento|mille|\w+mila|milioni?|miliardi?|metà|terzo|quarto|doppio|per cento)\b/i,
    times: /\b(?:lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica|gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre|secolo|(?:1[5-9]|20)\d\d|ore|ora|mattina|sera|mezzogiorno|mezzanotte|settimane?|giorni|giorno|mesi|mese|anni|anno|prima|dopo|fino)\b/i,
  },
  pt: {
    amount: /\bquant[oa]s?\b|\bqual (?:a |o )?(?:percentagem|porcentagem|parte|número|quantidade|tamanho|temperatura|preço|custo)\b|\bcom que frequência\b/i,
    time: /\bquando\b|\b(?:em )?que (?:ano|mês|dia|data|hora|século)\b|\bdesde quando\b/i,
    summary: /\b(?:resuma|resumo|resumir|síntese|visão geral)\b|\bde que (?:trata|fala)\b|\bpontos (?:principais|chave)\b/i,
    numbers: /\b(?:dois|duas|três|quatro|cinco|seis|sete|oito|nove|dez|onze|doze|treze|catorze|quatorze|quinze|dezesseis|dezasseis|dezessete|dezassete|dezoito|dezenove|dezanove|vinte|trinta|quarenta|cinquenta|sessenta|setenta|oitenta|noventa|cem|cento|duzent[oa]s|trezent[oa]s|\w+centos|quinhent[oa]s|mil|milhões|milhão|metade|terço|quarto|dobro|por cento)\b/i,
    times: /\b(?:segunda-feira|terça-feira|quarta-feira|quinta-feira|sexta-feira|sábado|domingo|janeiro|fevereiro|março|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro|século|(?:1[5-9]|20)\d\d|horas?|manhã|tarde|noite|meio-dia|meia-noite|semanas?|dias?|meses|mês|anos?|antes|depois|até)\b/i,
  },
  nl: {
    amount: /\bhoeveel\b|\bhoe (?:lang|oud|ver|groot|hoog|vaak|snel|warm|koud|duur)\b|\bwelk(?:e)? (?:percentage|aandeel|aantal|bedrag|grootte|temperatuur|prijs)\b/i,
    time: /\bwanneer\b|\b(?:in )?welk(?:e)? (?:jaar|maand|dag|datum|tijd|eeuw)\b|\bsinds wanneer\b/i,
    summary: /\b(?:samenvatting|samenvatten|vat samen|overzicht|kernpunten|hoofdpunten)\b|\bwaar gaat\b/i,
    // Dutch compounds too ("zeshonderdtwintig", "drieënveertig").
    numbers:
      /\b(?:twee|drie|vier|vijf|zes|zeven|acht|negen|tien|elf|twaalf|twintig|dertig|honderd|duizend|miljoen|miljard|helft|derde|kwart|dubbel|procent)\b|[a-zë]*(?:honderd|duizend)[a-zë]*|[a-zë]*[eë]n(?:twintig|dertig|veertig|vijftig|zestig|zeventig|tachtig|negentig)|\b(?:veer|vijf|zes|zeven|tach|negen)tig\b/i,
    times: /\b(?:maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag|januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december|eeuw|(?:1[5-9]|20)\d\d|uur|ochtend|avond|middag|middernacht|weken|week|dagen|dag|maanden|maand|jaren|jaar|voor|na|tot)\b/i,
  },
  ru: {
    amount: /(?:^|\s)(?:сколько|какой (?:процент|размер|объём)|какая (?:доля|цена|температура|стоимость)|как (?:долго|часто|далеко))(?=\s|$|[?,.])/iu,
    time: /(?:^|\s)(?:когда|в каком (?:году|месяце|веке)|с каких пор)(?=\s|$|[?,.])/iu,
    summary: /(?:^|\s)(?:кратко|резюме|обзор|подытожь|перескажи|о ч[её]м (?:эта|статья|презентация)|главн(?:ое|ые))(?=\s|$|[?,.])/iu,
    numbers: /(?:^|\s)(?:один|одна|два|две|три|четыре|пять|шесть|семь|восемь|девять|десять|\p{L}+надцать|двадцать|тридцать|сорок|пятьдесят|шестьдесят|семьдесят|восемьдесят|девяносто|сто|двести|триста|\p{L}+сот|тысяч[аи]?|миллион(?:а|ов)?|половина|треть|четверть|вдвое|процент(?:а|ов)?)(?=\s|$|[?,.])/iu,
    times: /(?:^|\s)(?:понедельник|вторник|сред[ау]|четверг|пятниц[ау]|суббот[ау]|воскресенье|январ[ьяе]|феврал[ьяе]|март[ае]?|апрел[ьяе]|ма[йяе]|июн[ьяе]|июл[ьяе]|август[ае]?|сентябр[ьяе]|октябр[ьяе]|ноябр[ьяе]|декабр[ьяе]|век[ае]?|(?:1[5-9]|20)\d\d|час(?:а|ов)?|утр(?:о|ом)|вечер(?:ом)?|недел[ьяию]|дн(?:я|ей)|месяц(?:а|ев)?|год(?:а|у)?|лет|до|после)(?=\s|$|[?,.])/iu,
  },
};

export function foreignIntents(): (typeof FOREIGN_INTENTS)[Other] | null {
  return current === "en" ? null : FOREIGN_INTENTS[current];
}

export function foreignAbbreviations(): Set<string> | null {
  return current === "en" ? null : FOREIGN_ABBREVIATIONS[current];
}
