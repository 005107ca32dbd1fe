// The offline deck's own words (opening, agenda, linking phrases, recap, thanks, neutral fillers) and the offline
// answerer's (summary framing, 'not covered'), in each deck language. The English ones are the generator's originals.
import { AND_WORD, currentLanguage, NUMBER_WORDS, QUOTES } from "./language";
import type { DeckLanguage } from "@/lib/content/languages";

export interface DeckPhrases {
  welcome: string;
  /** `title` already quoted; `end` is "." unless the title ends on ? or !. */
  basedOn: (title: string, end: string) => string;
  supporting: (count: number) => string;
  agendaFew: (count: number, list: string) => string;
  agendaRange: (count: number, first: string, last: string) => string;
  agendaParts: (count: number) => string;
  letsBegin: string;
  untitled: readonly string[];
  continued: readonly string[];
  /** "{}" is the quoted heading. */
  nounTransitions: readonly string[];
  startWith: string;
  firstHeaded: string;
  nextHeaded: string;
  /**
   * Linking phrases set before a sentence where the narration skips ahead. In German and Dutch, where the verb comes
   * second, an adverb put before a sentence would have to move its verb ("Darüber hinaus zeigt …"): their phrases end
   * on a colon, after which the sentence stands as written ("Hinzu kommt: An jeder Haltestelle zeigt …").
   */
  additive: readonly string[];
  /** A whole sentence after a colon keeps its capital (German; its nouns are capitalised anyway). */
  capitalAfterColon: boolean;
  thanks: string;
  /** "{}" the number, "{N}" the number capitalised. */
  listSentences: readonly string[];
  listHas: (count: number, items: string) => string;
  /** A list said after its slide's lines were chosen: how many it has, how many the slide shows, and the others. */
  listOthers: (count: number, shown: number, items: string) => string;
  /** A list under a sub-heading of a slide that shows the sub-headings only ("Under “For the filling”, the list has…"). */
  listUnder: (heading: string, count: number, items: string) => string;
  /** A list the slide shows: what the narration says of it instead of reading it out. */
  listRange: (count: number, first: string, last: string) => string;
  listStarts: (count: number, first: string) => string;
  table: (count: number, header: string) => string;
  closingTitle: string;
  wrapUp: string;
  ordinals: readonly string[];
  finally: string;
  sumUpOne: string;
  sumUpMany: string;
  sumUp: string;
  lookedAt: (count: number, first: string, last: string) => string;
  partTitle: (number: number) => string;
  /** The title of a long section's second or later slide. */
  continuedTitle: (heading: string) => string;
  fillers: readonly string[];
  closingFillers: readonly string[];
  /** The answerer's reply to a question the material does not cover. */
  notCovered: string;
  presentationAbout: (title: string) => string;
  itCovers: (list: string) => string;
  slideCovers: (title: string) => string;
  /** Openings of the deck's spoken signposts, which are never answers. */
  signpost: RegExp;
}

const n = (language: DeckLanguage, value: number) => NUMBER_WORDS[language][value] ?? String(value);

/** A list item that is a clause of its own, opening on its subject pronoun ("they lay in clear water"). */
const CLAUSE_ITEM = /^(?:they|it|we|you|he|she|there|this|these|those|i)\b/i;

const EN: DeckPhrases = {
  welcome: "Welcome.",
  basedOn: (title, end) => `This presentation is based on ${title}${end}`,
  supporting: (count) => `It also draws on ${n("en", count)} supporting ${count === 1 ? "source" : "sources"}.`,
  agendaFew: (count, list) => `We will look at ${n("en", count)} topics: ${list}.`,
  agendaRange: (count, first, last) => `We will go through ${n("en", count)} topics, from ${first} to ${last}.`,
  agendaParts: (count) => `We will go through it in ${n("en", count)} ${count === 1 ? "part" : "parts"}.`,
  letsBegin: "Let's begin.",
  untitled: ["Let's move on.", "Here is the next point.", "Let's look at the next part."],
  continued: ["Let's stay with this topic a little longer.", "There is more to say on this topic.", "This part continues the same topic."],
  nounTransitions: ["Let's turn to {}.", "Next, let's look at {}.", "The next topic is {}."],
  startWith: "Let's start with {}.",
  firstHeaded: "The first part is headed {}.",
  nextHeaded: "The next part is headed {}.",
  additive: ["Also, ", "Beyond that, ", "On top of that, "],
  capitalAfterColon: false,
  thanks: "Thank you for listening.",
  listSentences: ["The slide lists {} of its points.", "{N} of them are on the slide.", "You can see {} of them on the slide."],
  listHas: (count, items) => `The list has ${n("en", count)} items: ${items}.`,
  listOthers: (count, shown, items) => `The list has ${n("en", count)} items, ${n("en", shown)} of them on the slide. ${count - shown === 1 ? "The other" : "The others"}: ${items}.`,
  listUnder: (heading, count, items) => `Under ${heading}, the list has ${n("en", count)} items: ${items}.`,
  // Items that are clauses of their own ("they lay in clear water") are said as what the first (and last) says.
  listRange: (count, first, last) =>
    CLAUSE_ITEM.test(first) ? `The slide lists ${n("en", count)} points. The first is that ${first}, and the last that ${last}.` : `The slide lists ${n("en", count)} items, from ${first} to ${last}.`,
  listStarts: (count, first) => (CLAUSE_ITEM.test(first) ? `The slide lists ${n("en", count)} points. The first is that ${first}.` : `The slide lists ${n("en", count)} items, starting with ${first}.`),
  table: (count, header) => `The table on this slide has ${n("en", count)} rows, one for each ${header}.`,
  closingTitle: "Key Takeaways",
  wrapUp: "To wrap up, ",
  ordinals: ["First, ", "Second, ", "Third, "],
  finally: "Finally, ",
  sumUpOne: "To sum up, here is the main point.",
  sumUpMany: "To sum up, here are the main points.",
  sumUp: "To sum up.",
  lookedAt: (count, first, last) => `We have looked at ${n("en", count)} topics, from ${first} to ${last}.`,
  partTitle: (number) => `Part ${number}`,
  continuedTitle: (heading) => `${heading} (continued)`,
  fillers: [
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
  ],
  closingFillers: [
    "The slide shows the main point of the biggest parts.",
    "Each of them had a slide of its own.",
    "The source material has the details of every one of them.",
    "Take a moment to look over them once more.",
    "You can go back to any slide to hear its part again.",
  ],
  notCovered:
    "The presentation and its sources don't cover that, so I can't answer it from this material. Try asking about something discussed on the slides.",
  presentationAbout: (title) => `The presentation is about “${title}”.`,
  itCovers: (list) => `It covers ${list}.`,
  slideCovers: (title) => `This slide covers “${title}”.`,
  signpost:
    /^(?:let's|next, let's|now, |welcome\b|this presentation is|it also draws on|we will (?:look|go)|the next (?:topic|step|part)|the first step is|this part continues|there is more to say|to sum up|to wrap up|here is the next point|thank you for listening|that is the key point|keep it in mind|we have (?:looked at|covered|seen|gone through)|(?:first|second|third|fourth|fifth|next|then|finally|last),? (?:we|let's)\b)/i,
};

const FR: DeckPhrases = {
  welcome: "Bienvenue.",
  basedOn: (title, end) => `Cette présentation s'appuie sur ${title}${end}`,
  supporting: (count) => `Elle puise aussi dans ${count === 1 ? "une source complémentaire" : `${n("fr", count)} sources complémentaires`}.`,
  agendaFew: (count, list) => `Nous allons voir ${n("fr", count)} thèmes : ${list}.`,
  agendaRange: (count, first, last) => `Nous allons parcourir ${n("fr", count)} thèmes, de ${first} à ${last}.`,
  agendaParts: (count) => `Nous allons la parcourir en ${count === 1 ? "une partie" : `${n("fr", count)} parties`}.`,
  letsBegin: "Commençons.",
  untitled: ["Passons à la suite.", "Voici le point suivant.", "Voyons la partie suivante."],
  continued: ["Restons encore un peu sur ce sujet.", "Il y a encore à dire sur ce sujet.", "Cette partie poursuit le même sujet."],
  nounTransitions: ["Passons à {}.", "Voyons maintenant {}.", "Le thème suivant est {}."],
  startWith: "Commençons par {}.",
  firstHeaded: "La première partie s'intitule {}.",
  nextHeaded: "La partie suivante s'intitule {}.",
  additive: ["De plus, ", "Par ailleurs, ", "En outre, "],
  capitalAfterColon: false,
  thanks: "Merci de votre attention.",
  listSentences: ["La diapositive en présente {}.", "{N} d'entre eux figurent sur la diapositive.", "Vous en voyez {} sur la diapositive."],
  listHas: (count, items) => `La liste compte ${n("fr", count)} éléments : ${items}.`,
  listOthers: (count, shown, items) => `La liste compte ${n("fr", count)} éléments, dont ${n("fr", shown)} sur la diapositive. ${count - shown === 1 ? "L'autre" : "Les autres"} : ${items}.`,
  listUnder: (heading, count, items) => `Sous ${heading}, la liste compte ${n("fr", count)} éléments : ${items}.`,
  listRange: (count, first, last) => `La diapositive en énumère ${n("fr", count)}, de ${first} à ${last}.`,
  listStarts: (count, first) => `La diapositive en énumère ${n("fr", count)}, à commencer par ${first}.`,
  table: (count, header) => `Le tableau de cette diapositive compte ${n("fr", count)} lignes, une par ${header}.`,
  closingTitle: "À retenir",
  wrapUp: "Pour conclure, ",
  ordinals: ["D'abord, ", "Ensuite, ", "Puis, "],
  finally: "Enfin, ",
  sumUpOne: "En résumé, voici le point principal.",
  sumUpMany: "En résumé, voici les points principaux.",
  sumUp: "En résumé.",
  lookedAt: (count, first, last) => `Nous avons vu ${n("fr", count)} thèmes, de ${first} à ${last}.`,
  partTitle: (number) => `Partie ${number}`,
  continuedTitle: (heading) => `${heading} (suite)`,
  fillers: [
    "C'est le point clé de cette partie.",
    "Prenez un instant pour regarder les points à l'écran.",
    "Chacun d'eux vient des documents sources.",
    "Cela vaut la peine de le garder en tête.",
    "La source elle-même en dit davantage.",
    "La suite de la présentation s'appuie sur ce point.",
    "Relisez la diapositive avant de continuer.",
    "Tous les détails se trouvent dans la source.",
    "C'est une partie courte, mais elle compte.",
    "Gardez-le en tête pour la suite.",
  ],
  closingFillers: [
    "La diapositive reprend le point principal des plus grandes parties.",
    "Chacune d'elles avait sa propre diapositive.",
    "Les documents sources donnent le détail de chacune.",
    "Prenez un instant pour les parcourir encore une fois.",
    "Vous pouvez revenir à chaque diapositive pour réécouter sa partie.",
  ],
  notCovered:
    "La présentation et ses sources n'abordent pas ce point, je ne peux donc pas y répondre à partir de ce contenu. Essayez une question sur un sujet traité dans les diapositives.",
  presentationAbout: (title) => `La présentation porte sur « ${title} ».`,
  itCovers: (list) => `Elle aborde ${list}.`,
  slideCovers: (title) => `Cette diapositive traite de « ${title} ».`,
  signpost:
    /^(?:commençons|passons|voyons|voici le point|bienvenue\b|cette présentation|elle puise|nous allons|le thème suivant|la (?:première|partie suivante)|restons|il y a encore à dire|cette partie poursuit|en résumé|pour conclure|merci de votre attention|nous avons vu)/i,
};

const DE: DeckPhrases = {
  welcome: "Willkommen.",
  basedOn: (title, end) => `Diese Präsentation beruht auf ${title}${end}`,
  supporting: (count) => `Sie stützt sich außerdem auf ${count === 1 ? "eine weitere Quelle" : `${n("de", count)} weitere Quellen`}.`,
  agendaFew: (count, list) => `Wir sehen uns ${n("de", count)} Themen an: ${list}.`,
  agendaRange: (count, first, last) => `Wir gehen ${n("de", count)} Themen durch, von ${first} bis ${last}.`,
  agendaParts: (count) => `Wir gehen sie in ${count === 1 ? "einem Teil" : `${n("de", count)} Teilen`} durch.`,
  letsBegin: "Fangen wir an.",
  untitled: ["Machen wir weiter.", "Hier ist der nächste Punkt.", "Sehen wir uns den nächsten Teil an."],
  continued: ["Bleiben wir noch etwas bei diesem Thema.", "Zu diesem Thema gibt es noch mehr zu sagen.", "Dieser Teil setzt dasselbe Thema fort."],
  nounTransitions: ["Kommen wir zu {}.", "Als Nächstes sehen wir uns {} an.", "Das nächste Thema ist {}."],
  startWith: "Beginnen wir mit {}.",
  firstHeaded: "Der erste Teil heißt {}.",
  nextHeaded: "Der nächste Teil heißt {}.",
  additive: ["Hinzu kommt: ", "Außerdem gilt: ", "Dazu kommt: "],
  capitalAfterColon: true,
  thanks: "Vielen Dank fürs Zuhören.",
  listSentences: ["Die Folie zeigt {} davon.", "{N} davon stehen auf der Folie.", "Auf der Folie sehen Sie {} davon."],
  listHas: (count, items) => `Die Liste hat ${n("de", count)} Punkte: ${items}.`,
  listOthers: (count, shown, items) => `Die Liste hat ${n("de", count)} Punkte, ${n("de", shown)} davon auf der Folie. ${count - shown === 1 ? "Der übrige" : "Die übrigen"}: ${items}.`,
  listUnder: (heading, count, items) => `Unter ${heading} hat die Liste ${n("de", count)} Punkte: ${items}.`,
  listRange: (count, first, last) => `Die Folie nennt ${n("de", count)} Punkte, von ${first} bis ${last}.`,
  listStarts: (count, first) => `Die Folie nennt ${n("de", count)} Punkte, zuerst ${first}.`,
  table: (count, header) => `Die Tabelle auf dieser Folie hat ${n("de", count)} Zeilen, eine für jede Angabe zu ${header}.`,
  closingTitle: "Das Wichtigste",
  wrapUp: "Zum Schluss: ",
  ordinals: ["Erstens: ", "Zweitens: ", "Drittens: "],
  finally: "Schließlich: ",
  sumUpOne: "Zusammengefasst ist das der wichtigste Punkt.",
  sumUpMany: "Zusammengefasst sind das die wichtigsten Punkte.",
  sumUp: "Kurz zusammengefasst.",
  lookedAt: (count, first, last) => `Wir haben ${n("de", count)} Themen betrachtet, von ${first} bis ${last}.`,
  partTitle: (number) => `Teil ${number}`,
  continuedTitle: (heading) => `${heading} (Fortsetzung)`,
  fillers: [
    "Das ist der Kernpunkt dieses Teils.",
    "Nehmen Sie sich einen Moment für die Punkte auf der Folie.",
    "Jeder von ihnen stammt aus dem Quellmaterial.",
    "Es lohnt sich, das im Kopf zu behalten.",
    "Die Quelle selbst sagt mehr dazu.",
    "Der Rest der Präsentation baut darauf auf.",
    "Lesen Sie die Folie noch einmal, bevor wir weitergehen.",
    "Alle Einzelheiten stehen in der Quelle.",
    "Dieser Teil ist kurz, aber wichtig.",
    "Behalten Sie es für das Folgende im Kopf.",
  ],
  closingFillers: [
    "Die Folie zeigt den Kernpunkt der größten Teile.",
    "Jeder von ihnen hatte eine eigene Folie.",
    "Das Quellmaterial enthält die Einzelheiten zu jedem von ihnen.",
    "Nehmen Sie sich einen Moment, sie noch einmal durchzugehen.",
    "Sie können zu jeder Folie zurückgehen und ihren Teil noch einmal hören.",
  ],
  notCovered:
    "Die Präsentation und ihre Quellen behandeln das nicht, deshalb kann ich es aus diesem Material nicht beantworten. Fragen Sie nach etwas, das auf den Folien besprochen wird.",
  presentationAbout: (title) => `Die Präsentation handelt von „${title}“.`,
  itCovers: (list) => `Sie behandelt ${list}.`,
  slideCovers: (title) => `Diese Folie behandelt „${title}“.`,
  signpost:
    /^(?:fangen wir|machen wir weiter|kommen wir|sehen wir|beginnen wir|als nächstes|hier ist der nächste|willkommen\b|diese präsentation|sie stützt sich|wir (?:sehen|gehen|haben)|das nächste thema|der (?:erste|nächste) teil|bleiben wir|zu diesem thema|dieser teil setzt|zusammengefasst|kurz zusammengefasst|zum schluss|vielen dank)/i,
};

const ES: DeckPhrases = {
  welcome: "Bienvenidos.",
  basedOn: (title, end) => `Esta presentación se basa en ${title}${end}`,
  supporting: (count) => `También se apoya en ${count === 1 ? "una fuente complementaria" : `${n("es", count)} fuentes complementarias`}.`,
  agendaFew: (count, list) => `Veremos ${n("es", count)} temas: ${list}.`,
  agendaRange: (count, first, last) => `Recorreremos ${n("es", count)} temas, desde ${first} hasta ${last}.`,
  agendaParts: (count) => `La recorreremos en ${count === 1 ? "una parte" : `${n("es", count)} partes`}.`,
  letsBegin: "Empecemos.",
  untitled: ["Sigamos adelante.", "Este es el siguiente punto.", "Veamos la siguiente parte."],
  continued: ["Quedémonos un poco más en este tema.", "Hay más que decir sobre este tema.", "Esta parte continúa el mismo tema."],
  nounTransitions: ["Pasemos a {}.", "Ahora veamos {}.", "El siguiente tema es {}."],
  startWith: "Empecemos por {}.",
  firstHeaded: "La primera parte se titula {}.",
  nextHeaded: "La siguiente parte se titula {}.",
  additive: ["Además, ", "Por otra parte, ", "Asimismo, "],
  capitalAfterColon: false,
  thanks: "Gracias por su atención.",
  listSentences: ["La diapositiva muestra {} de ellos.", "{N} de ellos están en la diapositiva.", "En la diapositiva puede ver {} de ellos."],
  listHas: (count, items) => `La lista tiene ${n("es", count)} elementos: ${items}.`,
  listOthers: (count, shown, items) => `La lista tiene ${n("es", count)} elementos, ${n("es", shown)} de ellos en la diapositiva. ${count - shown === 1 ? "El otro" : "Los demás"}: ${items}.`,
  listUnder: (heading, count, items) => `En ${heading}, la lista tiene ${n("es", count)} elementos: ${items}.`,
  listRange: (count, first, last) => `La diapositiva enumera ${n("es", count)} elementos, desde ${first} hasta ${last}.`,
  listStarts: (count, first) => `La diapositiva enumera ${n("es", count)} elementos, empezando por ${first}.`,
  table: (count, header) => `La tabla de esta diapositiva tiene ${n("es", count)} filas, una por cada ${header}.`,
  closingTitle: "Ideas clave",
  wrapUp: "Para terminar, ",
  ordinals: ["Primero, ", "Segundo, ", "Tercero, "],
  finally: "Por último, ",
  sumUpOne: "En resumen, esta es la idea principal.",
  sumUpMany: "En resumen, estas son las ideas principales.",
  sumUp: "En resumen.",
  lookedAt: (count, first, last) => `Hemos visto ${n("es", count)} temas, desde ${first} hasta ${last}.`,
  partTitle: (number) => `Parte ${number}`,
  continuedTitle: (heading) => `${heading} (continuación)`,
  fillers: [
    "Este es el punto clave de esta parte.",
    "Tómese un momento para mirar los puntos en pantalla.",
    "Cada uno de ellos procede del material de origen.",
    "Vale la pena tenerlo presente.",
    "La propia fuente dice más al respecto.",
    "El resto de la presentación se apoya en esto.",
    "Lea la diapositiva una vez más antes de seguir.",
    "Todos los detalles están en la fuente.",
    "Es una parte breve, pero importante.",
    "Téngalo presente para lo que sigue.",
  ],
  closingFillers: [
    "La diapositiva muestra la idea principal de las partes más extensas.",
    "Cada una de ellas tuvo su propia diapositiva.",
    "El material de origen recoge los detalles de cada una.",
    "Tómese un momento para repasarlas una vez más.",
    "Puede volver a cualquier diapositiva para escuchar su parte de nuevo.",
  ],
  notCovered:
    "La presentación y sus fuentes no tratan eso, así que no puedo responderlo con este material. Pruebe a preguntar por algo que se trate en las diapositivas.",
  presentationAbout: (title) => `La presentación trata sobre «${title}».`,
  itCovers: (list) => `Aborda ${list}.`,
  slideCovers: (title) => `Esta diapositiva trata sobre «${title}».`,
  signpost:
    /^(?:empecemos|sigamos|pasemos|veamos|ahora veamos|este es el siguiente|bienvenidos\b|esta presentación|también se apoya|veremos|recorreremos|la recorreremos|el siguiente tema|la (?:primera|siguiente) parte|quedémonos|hay más que decir|esta parte continúa|en resumen|para terminar|gracias por su atención|hemos visto)/i,
};

const IT: DeckPhrases = {
  welcome: "Benvenuti.",
  basedOn: (title, end) => `Questa presentazione si basa su ${title}${end}`,
  supporting: (count) => `Attinge anche a ${count === 1 ? "una fonte di supporto" : `${n("it", count)} fonti di supporto`}.`,
  agendaFew: (count, list) => `Vedremo ${n("it", count)} temi: ${list}.`,
  agendaRange: (count, first, last) => `Percorreremo ${n("it", count)} temi, da ${first} a ${last}.`,
  agendaParts: (count) => `La percorreremo in ${count === 1 ? "una parte" : `${n("it", count)} parti`}.`,
  letsBegin: "Cominciamo.",
  untitled: ["Andiamo avanti.", "Ecco il punto successivo.", "Vediamo la parte successiva."],
  continued: ["Restiamo ancora un po' su questo tema.", "C'è altro da dire su questo tema.", "Questa parte prosegue lo stesso tema."],
  nounTransitions: ["Passiamo a {}.", "Ora vediamo {}.", "Il tema successivo è {}."],
  startWith: "Cominciamo da {}.",
  firstHeaded: "La prima parte si intitola {}.",
  nextHeaded: "La parte successiva si intitola {}.",
  additive: ["Inoltre, ", "Oltre a questo, ", "In aggiunta, "],
  capitalAfterColon: false,
  thanks: "Grazie per l'attenzione.",
  listSentences: ["La diapositiva ne elenca {}.", "{N} di essi sono sulla diapositiva.", "Sulla diapositiva ne vedete {}."],
  listHas: (count, items) => `L'elenco ha ${n("it", count)} voci: ${items}.`,
  listOthers: (count, shown, items) => `L'elenco ha ${n("it", count)} voci, ${n("it", shown)} delle quali sulla diapositiva. ${count - shown === 1 ? "L'altra" : "Le altre"}: ${items}.`,
  listUnder: (heading, count, items) => `In ${heading}, l'elenco ha ${n("it", count)} voci: ${items}.`,
  listRange: (count, first, last) => `La diapositiva elenca ${n("it", count)} voci, da ${first} a ${last}.`,
  listStarts: (count, first) => `La diapositiva elenca ${n("it", count)} voci, a partire da ${first}.`,
  table: (count, header) => `La tabella di questa diapositiva ha ${n("it", count)} righe, una per ogni ${header}.`,
  closingTitle: "Punti chiave",
  wrapUp: "Per concludere, ",
  ordinals: ["Primo, ", "Secondo, ", "Terzo, "],
  finally: "Infine, ",
  sumUpOne: "Riassumendo, ecco il punto principale.",
  sumUpMany: "Riassumendo, ecco i punti principali.",
  sumUp: "Riassumendo.",
  lookedAt: (count, first, last) => `Abbiamo visto ${n("it", count)} temi, da ${first} a ${last}.`,
  partTitle: (number) => `Parte ${number}`,
  continuedTitle: (heading) => `${heading} (continua)`,
  fillers: [
    "Questo è il punto chiave di questa parte.",
    "Prendetevi un momento per guardare i punti sullo schermo.",
    "Ognuno di essi viene dal materiale di partenza.",
    "Vale la pena tenerlo a mente.",
    "La fonte stessa dice di più al riguardo.",
    "Il resto della presentazione si basa su questo.",
    "Rileggete la diapositiva prima di proseguire.",
    "Tutti i dettagli sono nella fonte.",
    "È una parte breve, ma conta.",
    "Tenetelo a mente per quello che segue.",
  ],
  closingFillers: [
    "La diapositiva mostra il punto principale delle parti più ampie.",
    "Ognuna di esse ha avuto la sua diapositiva.",
    "Il materiale di partenza contiene i dettagli di ciascuna.",
    "Prendetevi un momento per ripassarle ancora una volta.",
    "Potete tornare a qualsiasi diapositiva per riascoltarne la parte.",
  ],
  notCovered:
    "La presentazione e le sue fonti non trattano questo argomento, quindi non posso rispondere con questo materiale. Provate a chiedere qualcosa di cui parlano le diapositive.",
  presentationAbout: (title) => `La presentazione parla di «${title}».`,
  itCovers: (list) => `Tratta ${list}.`,
  slideCovers: (title) => `Questa diapositiva tratta «${title}».`,
  signpost:
    /^(?:cominciamo|andiamo avanti|passiamo|vediamo|ora vediamo|ecco il punto|benvenuti\b|questa presentazione|attinge anche|vedremo|percorreremo|la percorreremo|il tema successivo|la (?:prima|parte successiva)|restiamo|c'è altro da dire|questa parte prosegue|riassumendo|per concludere|grazie per l'attenzione|abbiamo visto)/i,
};

const PT: DeckPhrases = {
  welcome: "Bem-vindos.",
  basedOn: (title, end) => `Esta apresentação baseia-se em ${title}${end}`,
  supporting: (count) => `Recorre também a ${count === 1 ? "uma fonte complementar" : `${n("pt", count)} fontes complementares`}.`,
  agendaFew: (count, list) => `Vamos ver ${n("pt", count)} temas: ${list}.`,
  agendaRange: (count, first, last) => `Vamos percorrer ${n("pt", count)} temas, de ${first} a ${last}.`,
  agendaParts: (count) => `Vamos percorrê-la em ${count === 1 ? "uma parte" : `${n("pt", count)} partes`}.`,
  letsBegin: "Vamos começar.",
  untitled: ["Vamos avançar.", "Eis o ponto seguinte.", "Vejamos a parte seguinte."],
  continued: ["Fiquemos um pouco mais neste tema.", "Há mais a dizer sobre este tema.", "Esta parte continua o mesmo tema."],
  nounTransitions: ["Passemos a {}.", "Agora vejamos {}.", "O tema seguinte é {}."],
  startWith: "Comecemos por {}.",
  firstHeaded: "A primeira parte intitula-se {}.",
  nextHeaded: "A parte seguinte intitula-se {}.",
  additive: ["Além disso, ", "Para além disso, ", "Ademais, "],
  capitalAfterColon: false,
  thanks: "Obrigado pela atenção.",
  listSentences: ["O diapositivo mostra {} deles.", "{N} deles estão no diapositivo.", "No diapositivo pode ver {} deles."],
  listHas: (count, items) => `A lista tem ${n("pt", count)} elementos: ${items}.`,
  listOthers: (count, shown, items) => `A lista tem ${n("pt", count)} elementos, ${n("pt", shown)} deles no diapositivo. ${count - shown === 1 ? "O restante" : "Os restantes"}: ${items}.`,
  listUnder: (heading, count, items) => `Em ${heading}, a lista tem ${n("pt", count)} elementos: ${items}.`,
  listRange: (count, first, last) => `O diapositivo enumera ${n("pt", count)} elementos, de ${first} a ${last}.`,
  listStarts: (count, first) => `O diapositivo enumera ${n("pt", count)} elementos, a começar por ${first}.`,
  table: (count, header) => `A tabela deste diapositivo tem ${n("pt", count)} linhas, uma para cada ${header}.`,
  closingTitle: "Pontos-chave",
  wrapUp: "Para terminar, ",
  ordinals: ["Primeiro, ", "Segundo, ", "Terceiro, "],
  finally: "Por fim, ",
  sumUpOne: "Em resumo, eis o ponto principal.",
  sumUpMany: "Em resumo, eis os pontos principais.",
  sumUp: "Em resumo.",
  lookedAt: (count, first, last) => `Vimos ${n("pt", count)} temas, de ${first} a ${last}.`,
  partTitle: (number) => `Parte ${number}`,
  continuedTitle: (heading) => `${heading} (continuação)`,
  fillers: [
    "Este é o ponto-chave desta parte.",
    "Reserve um momento para ver os pontos no ecrã.",
    "Cada um deles vem do material de origem.",
    "Vale a pena ter isto presente.",
    "A própria fonte diz mais sobre isso.",
    "O resto da apresentação assenta nisto.",
    "Leia o diapositivo mais uma vez antes de continuarmos.",
    "Os pormenores estão todos na fonte.",
    "É uma parte curta, mas importante.",
    "Tenha-o presente para o que se segue.",
  ],
  closingFillers: [
    "O diapositivo mostra o ponto principal das partes maiores.",
    "Cada uma delas teve o seu próprio diapositivo.",
    "O material de origem tem os pormenores de cada uma.",
    "Reserve um momento para as rever mais uma vez.",
    "Pode voltar a qualquer diapositivo para ouvir de novo a sua parte.",
  ],
  notCovered:
    "A apresentação e as suas fontes não abordam isso, por isso não posso responder a partir deste material. Experimente perguntar sobre algo tratado nos diapositivos.",
  presentationAbout: (title) => `A apresentação é sobre «${title}».`,
  itCovers: (list) => `Aborda ${list}.`,
  slideCovers: (title) => `Este diapositivo trata de «${title}».`,
  signpost:
    /^(?:vamos|comecemos|passemos|vejamos|agora vejamos|eis o ponto|bem-vindos|esta apresentação|recorre também|o tema seguinte|a (?:primeira|parte seguinte)|fiquemos|há mais a dizer|esta parte continua|em resumo|para terminar|obrigado pela atenção|vimos)/i,
};

const NL: DeckPhrases = {
  welcome: "Welkom.",
  basedOn: (title, end) => `Deze presentatie is gebaseerd op ${title}${end}`,
  supporting: (count) => `Ze put ook uit ${count === 1 ? "één aanvullende bron" : `${n("nl", count)} aanvullende bronnen`}.`,
  agendaFew: (count, list) => `We bekijken ${n("nl", count)} onderwerpen: ${list}.`,
  agendaRange: (count, first, last) => `We lopen ${n("nl", count)} onderwerpen door, van ${first} tot ${last}.`,
  agendaParts: (count) => `We lopen het door in ${count === 1 ? "één deel" : `${n("nl", count)} delen`}.`,
  letsBegin: "Laten we beginnen.",
  untitled: ["We gaan verder.", "Dit is het volgende punt.", "Laten we naar het volgende deel kijken."],
  continued: ["We blijven nog even bij dit onderwerp.", "Over dit onderwerp valt nog meer te zeggen.", "Dit deel gaat door op hetzelfde onderwerp."],
  nounTransitions: ["We gaan naar {}.", "Nu kijken we naar {}.", "Het volgende onderwerp is {}."],
  startWith: "We beginnen met {}.",
  firstHeaded: "Het eerste deel heet {}.",
  nextHeaded: "Het volgende deel heet {}.",
  additive: ["Daarnaast geldt: ", "Ook belangrijk: ", "Daar komt bij: "],
  capitalAfterColon: false,
  thanks: "Bedankt voor uw aandacht.",
  listSentences: ["De dia toont er {}.", "{N} ervan staan op de dia.", "U ziet er {} op de dia."],
  listHas: (count, items) => `De lijst heeft ${n("nl", count)} punten: ${items}.`,
  listOthers: (count, shown, items) => `De lijst heeft ${n("nl", count)} punten, waarvan ${n("nl", shown)} op de dia. De andere: ${items}.`,
  listUnder: (heading, count, items) => `Onder ${heading} heeft de lijst ${n("nl", count)} punten: ${items}.`,
  listRange: (count, first, last) => `De dia noemt ${n("nl", count)} punten, van ${first} tot ${last}.`,
  listStarts: (count, first) => `De dia noemt ${n("nl", count)} punten, te beginnen met ${first}.`,
  table: (count, header) => `De tabel op deze dia heeft ${n("nl", count)} rijen, één per ${header}.`,
  closingTitle: "De belangrijkste punten",
  wrapUp: "Tot slot: ",
  ordinals: ["Ten eerste: ", "Ten tweede: ", "Ten derde: "],
  finally: "Ten slotte: ",
  sumUpOne: "Samengevat is dit het belangrijkste punt.",
  sumUpMany: "Samengevat zijn dit de belangrijkste punten.",
  sumUp: "Kort samengevat.",
  lookedAt: (count, first, last) => `We hebben ${n("nl", count)} onderwerpen bekeken, van ${first} tot ${last}.`,
  partTitle: (number) => `Deel ${number}`,
  continuedTitle: (heading) => `${heading} (vervolg)`,
  fillers: [
    "Dit is het kernpunt van dit deel.",
    "Neem even de tijd om de punten op het scherm te bekijken.",
    "Elk ervan komt uit het bronmateriaal.",
    "Het is de moeite waard om dit te onthouden.",
    "De bron zelf zegt er meer over.",
    "De rest van de presentatie bouwt hierop voort.",
    "Lees de dia nog eens voordat we verdergaan.",
    "Alle details staan in de bron.",
    "Dit is een kort deel, maar het telt.",
    "Houd het in gedachten voor wat volgt.",
  ],
  closingFillers: [
    "De dia toont het kernpunt van de grootste delen.",
    "Elk ervan had een eigen dia.",
    "Het bronmateriaal bevat de details van elk ervan.",
    "Neem even de tijd om ze nog eens door te nemen.",
    "U kunt naar elke dia teruggaan om het deel opnieuw te horen.",
  ],
  notCovered:
    "De presentatie en haar bronnen behandelen dat niet, dus ik kan het met dit materiaal niet beantwoorden. Stel een vraag over iets dat op de dia's aan bod komt.",
  presentationAbout: (title) => `De presentatie gaat over ‘${title}’.`,
  itCovers: (list) => `Ze behandelt ${list}.`,
  slideCovers: (title) => `Deze dia gaat over ‘${title}’.`,
  signpost:
    /^(?:laten we|we (?:gaan|beginnen|bekijken|lopen|blijven|hebben)|nu kijken we|dit is het volgende|welkom\b|deze presentatie|ze put ook|het volgende (?:onderwerp|deel)|het eerste deel|over dit onderwerp|dit deel gaat door|samengevat|kort samengevat|tot slot|bedankt voor)/i,
};

const RU: DeckPhrases = {
  welcome: "Добро пожаловать.",
  basedOn: (title, end) => `Эта презентация основана на материале ${title}${end}`,
  supporting: (count) => `Она также опирается на дополнительные источники: ${n("ru", count)}.`,
  agendaFew: (count, list) => `Мы рассмотрим темы (${n("ru", count)}): ${list}.`,
  agendaRange: (count, first, last) => `Мы пройдём темы (${n("ru", count)}), от ${first} до ${last}.`,
  agendaParts: (count) => `Мы разберём её по частям (${n("ru", count)}).`,
  letsBegin: "Начнём.",
  untitled: ["Идём дальше.", "Вот следующий пункт.", "Посмотрим на следующую часть."],
  continued: ["Задержимся ещё немного на этой теме.", "Об этой теме можно сказать ещё больше.", "Эта часть продолжает ту же тему."],
  nounTransitions: ["Перейдём к теме {}.", "Теперь рассмотрим тему {}.", "Следующая тема: {}."],
  startWith: "Начнём с темы {}.",
  firstHeaded: "Первая часть называется {}.",
  nextHeaded: "Следующая часть называется {}.",
  additive: ["Кроме того, ", "Помимо этого, ", "Также "],
  capitalAfterColon: false,
  thanks: "Спасибо за внимание.",
  listSentences: ["На слайде показаны пункты: {}.", "На слайде их {}.", "На слайде вы видите пункты: {}."],
  listHas: (count, items) => `В списке пунктов: ${n("ru", count)}. Это ${items}.`,
  listOthers: (count, shown, items) => `В списке пунктов: ${n("ru", count)}, из них на слайде: ${n("ru", shown)}. ${count - shown === 1 ? "Ещё один" : "Остальные"}: ${items}.`,
  listUnder: (heading, count, items) => `В разделе ${heading} пунктов: ${n("ru", count)}. Это ${items}.`,
  listRange: (count, first, last) => `На слайде пунктов: ${n("ru", count)}, от пункта «${first}» до пункта «${last}».`,
  listStarts: (count, first) => `На слайде пунктов: ${n("ru", count)}, первый из них: ${first}.`,
  table: (count, header) => `В таблице на этом слайде строк: ${n("ru", count)}, по одной на каждое значение «${header}».`,
  closingTitle: "Главное",
  wrapUp: "В заключение: ",
  ordinals: ["Во-первых, ", "Во-вторых, ", "В-третьих, "],
  finally: "Наконец, ",
  sumUpOne: "Подводя итог, вот главная мысль.",
  sumUpMany: "Подводя итог, вот главные мысли.",
  sumUp: "Подведём итог.",
  lookedAt: (count, first, last) => `Мы рассмотрели темы (${n("ru", count)}), от ${first} до ${last}.`,
  partTitle: (number) => `Часть ${number}`,
  continuedTitle: (heading) => `${heading} (продолжение)`,
  fillers: [
    "Это ключевая мысль этой части.",
    "Уделите минуту пунктам на экране.",
    "Каждый из них взят из исходного материала.",
    "Это стоит запомнить.",
    "Сам источник говорит об этом подробнее.",
    "Остальная часть презентации опирается на это.",
    "Перечитайте слайд, прежде чем мы продолжим.",
    "Все подробности есть в источнике.",
    "Это короткая часть, но она важна.",
    "Запомните это для дальнейшего.",
  ],
  closingFillers: [
    "На слайде главная мысль самых больших частей.",
    "У каждой из них был свой слайд.",
    "Подробности о каждой из них есть в исходном материале.",
    "Уделите минуту, чтобы ещё раз их просмотреть.",
    "Можно вернуться к любому слайду и прослушать его часть снова.",
  ],
  notCovered:
    "Презентация и её источники этого не касаются, поэтому я не могу ответить по этому материалу. Попробуйте спросить о том, что обсуждается на слайдах.",
  presentationAbout: (title) => `Презентация посвящена теме «${title}».`,
  itCovers: (list) => `В ней рассматриваются ${list}.`,
  slideCovers: (title) => `Этот слайд посвящён теме «${title}».`,
  signpost:
    /^(?:начн[её]м|ид[её]м дальше|перейд[её]м|теперь рассмотрим|посмотрим|вот следующий|добро пожаловать|эта презентация|она также|мы (?:рассмотрим|пройд[её]м|разбер[её]м|рассмотрели)|следующая (?:тема|часть)|первая часть|задержимся|об этой теме|эта часть продолжает|подводя итог|подвед[её]м итог|в заключение|спасибо за внимание)/iu,
};

const ALL: Record<DeckLanguage, DeckPhrases> = { en: EN, fr: FR, de: DE, es: ES, it: IT, pt: PT, nl: NL, ru: RU };

/** The phrases of the current language (lib/ai/language.ts). */
export function phrases(): DeckPhrases {
  return ALL[currentLanguage()];
}

/** The phrases of a given language. */
export function phrasesOf(language: DeckLanguage): DeckPhrases {
  return ALL[language];
}

/** A heading named in a sentence, in the current language's quotation marks. */
export function quoted(text: string): string {
  const [open, close] = QUOTES[currentLanguage()];
  return `${open}${text}${close}`;
}

/** "a, b and c" in the current language. */
export function andList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} ${AND_WORD[currentLanguage()]} ${items.at(-1)}`;
}
