// PowerPoint import: slide titles, body text and speaker notes read from a .pptx's OOXML, in presentation order.
//
// Memory stays bounded by the limits (PPTX_LIMITS), not by the file: the archive is read part by part (never the
// whole file at once), a part larger than a slide may be is refused from its declared size before it is read, and
// each part is read in one pass that keeps only the text it needs (no tree of the part), stopping as soon as a
// slide's text passes its bound. The server runs this in a capped worker thread (lib/pptx/read.ts).
import { stat } from "node:fs/promises";
import yauzl, { type Entry, type ZipFile } from "yauzl";
import { ArchiveRefused } from "@/lib/content/errors";
import { DEFAULT_ARCHIVE_LIMITS, guardArchive } from "@/lib/content/zip-guard";
import { NoSlidesFound, PowerPointReadFailed, PowerPointSlideTooLarge, PowerPointTooLarge, PPTX_LIMITS, PPTX_MAX_BYTES } from "./errors";
import { MalformedXml, parseRelationships, relationshipIdOf, relationshipsPartOf, scanXml, type Relationship } from "./ooxml";

export interface ParsedSlide {
  /** 1-based position among the slides a slide show presents (hidden slides are left out). */
  slideNumber: number;
  /**
   * Text of the title placeholder (title or centred title), lines joined by spaces. A slide without one (decks whose
   * titles are plain text boxes, and legacy .ppt files after conversion) takes its top-most one-line text box in the
   * top quarter of the slide; "" when there is neither.
   */
  title: string;
  /** Every other text on the slide, one paragraph (bullet) per line, in the slide's drawing order. */
  content: string;
  /** Speaker notes: the notes page's body placeholder, paragraphs joined by newlines; "" when there are none. */
  notes: string;
}

export interface ParsedPresentation {
  slides: ParsedSlide[];
}

const TITLE_TYPES = new Set(["title", "ctrTitle"]);
/** Placeholders that repeat on every slide (date, footer, slide number) or picture the slide: not the slide's text. */
const FURNITURE_TYPES = new Set(["dt", "ftr", "hdr", "sldNum", "sldImg"]);

/**
 * Reads a .pptx at `filePath`. The file is size-checked and passed through the archive guard (bounds, zip bombs)
 * before any part is opened. Throws PowerPointTooLarge (413), ArchiveRefused (413 bounds, 415 encrypted),
 * PowerPointSlideTooLarge (413, a slide past PPTX_LIMITS), or NoSlidesFound (422, the spec's message) for a file
 * that is damaged, malformed (a DOCTYPE, absurd nesting), not a presentation, or has no slides.
 */
export async function parsePptx(filePath: string): Promise<ParsedPresentation> {
  const { size } = await stat(filePath);
  if (size > PPTX_MAX_BYTES) throw new PowerPointTooLarge();
  try {
    await guardArchive({ path: filePath }, "pptx");
  } catch (error) {
    // Not a zip, or a zip without a presentation: to the user that is a file with no slides in it.
    if (error instanceof ArchiveRefused && (error.reason === "damaged" || error.reason === "missing-part")) {
      throw new NoSlidesFound(`${error.reason}: ${error.logDetail ?? ""}`);
    }
    throw error;
  }
  const archive = await openArchive(filePath);
  try {
    return await readPresentation(archive);
  } catch (error) {
    if (error instanceof MalformedXml) throw new NoSlidesFound(`malformed XML: ${error.message}`);
    throw error;
  } finally {
    archive.close();
  }
}

async function readPresentation(archive: Archive): Promise<ParsedPresentation> {
  /** A part that is not a slide's: one past the part bound is refused as too large to read. */
  const readPart = async (part: string): Promise<string | null> => {
    const text = await archive.read(part, PPTX_LIMITS.partBytes);
    if (text === TOO_LARGE) throw new PowerPointReadFailed("too-large", `${part} is over ${PPTX_LIMITS.partBytes} bytes`);
    return text;
  };
  const relationshipsOf = async (part: string): Promise<Map<string, Relationship>> => {
    const xml = await readPart(relationshipsPartOf(part));
    return xml === null ? new Map() : parseRelationships(xml, part);
  };

  const packageRelationships = await relationshipsOf("");
  const presentationPart =
    [...packageRelationships.values()].find((rel) => rel.kind === "officeDocument" && rel.target)?.target ??
    "ppt/presentation.xml";
  const presentationXml = await readPart(presentationPart);
  const presentation = presentationXml === null ? null : slideList(presentationXml);
  if (!presentation) throw new NoSlidesFound(`no presentation part`);
  const presentationRelationships = await relationshipsOf(presentationPart);

  const slides: ParsedSlide[] = [];
  // Each slide and notes page is a part of its own. One listed twice (no writer does that) would be read again
  // for every mention, so the work would grow with the list instead of with the file.
  const partsRead = new Set<string>();
  const readOnce = (part: string) => {
    if (partsRead.has(part)) throw new NoSlidesFound(`${part} is used by more than one slide`);
    partsRead.add(part);
    return archive.read(part, PPTX_LIMITS.partBytes);
  };
  for (const [index, slideId] of presentation.slideIds.entries()) {
    const position = index + 1;
    const rel = presentationRelationships.get(slideId ?? "");
    if (!rel || rel.kind !== "slide" || !rel.target) throw new NoSlidesFound(`slide id without a slide part`);
    const slideXml = await readOnce(rel.target);
    if (slideXml === TOO_LARGE) throw new PowerPointSlideTooLarge("part", position);
    const budget = { left: PPTX_LIMITS.slideTextChars, position };
    const slide = slideXml === null ? null : slideText(slideXml, presentation.slideHeight, budget);
    if (!slide) throw new NoSlidesFound(`missing or damaged ${rel.target}`);
    // A hidden slide is not shown in a slide show (nor in LibreOffice's PDF of the deck, so images stay aligned).
    if (slide === "hidden") continue;
    if (slides.length === PPTX_LIMITS.slides) throw new PowerPointSlideTooLarge("slides", 0);

    const notesRel = [...(await relationshipsOf(rel.target)).values()].find((r) => r.kind === "notesSlide" && r.target);
    const notesXml = notesRel?.target ? await readOnce(notesRel.target) : null;
    if (notesXml === TOO_LARGE) throw new PowerPointSlideTooLarge("part", position);
    slides.push({
      slideNumber: slides.length + 1,
      title: slide.title,
      content: slide.lines.join("\n"),
      notes: notesXml === null ? "" : notesText(notesXml, budget),
    });
  }
  if (slides.length === 0) throw new NoSlidesFound("the presentation lists no visible slides");
  return { slides };
}

// ---------------------------------------------------------------------------------------------------------------
// The archive, part by part.

const TOO_LARGE = Symbol("too large");

interface Archive {
  /** A part's text, null when the archive has no such part, TOO_LARGE when it unpacks to more than `maxBytes`. */
  read(part: string, maxBytes: number): Promise<string | null | typeof TOO_LARGE>;
  close(): void;
}

async function openArchive(filePath: string): Promise<Archive> {
  let zip: ZipFile;
  const entries = new Map<string, Entry>();
  try {
    zip = await yauzl.openPromise(filePath, { lazyEntries: true, autoClose: false, validateEntrySizes: true, decodeStrings: true });
    // The guard has bounded the entry count (and checked every declared size against the real one).
    for await (const entry of zip.eachEntry()) {
      if (entries.size >= DEFAULT_ARCHIVE_LIMITS.maxEntries) break;
      entries.set(entry.fileName, entry);
    }
  } catch (error) {
    throw new NoSlidesFound(`zip: ${String(error)}`);
  }
  return {
    async read(part, maxBytes) {
      const entry = entries.get(part);
      if (!entry) return null;
      if (entry.uncompressedSize > maxBytes) return TOO_LARGE;
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        for await (const chunk of (await zip.openReadStreamPromise(entry)) as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > maxBytes) return TOO_LARGE;
          chunks.push(chunk);
        }
      } catch (error) {
        throw new NoSlidesFound(`${part}: ${String(error)}`);
      }
      return Buffer.concat(chunks).toString("utf8");
    },
    close() {
      zip.close();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The presentation part: the slide list and the slide height.

/** PowerPoint's default slide height (7.5 in), in EMU, for a presentation part that does not give one. */
const DEFAULT_SLIDE_HEIGHT_EMU = 6_858_000;

/** The relationship ids of `p:sldIdLst` in order and the slide height, or null when the part is not a presentation. */
function slideList(xml: string): { slideIds: (string | undefined)[]; slideHeight: number } | null {
  let isPresentation = false;
  let slideHeight = DEFAULT_SLIDE_HEIGHT_EMU;
  let sizeSeen = false;
  let listSeen = false;
  let inList = false;
  const slideIds: (string | undefined)[] = [];
  scanXml(xml, {
    open(name, attrs, depth) {
      if (depth === 0) {
        isPresentation = name === "presentation";
        return isPresentation ? undefined : "stop";
      }
      if (depth === 1 && name === "sldSz" && !sizeSeen) {
        sizeSeen = true;
        slideHeight = Number(attrs.cy) || DEFAULT_SLIDE_HEIGHT_EMU;
      } else if (depth === 1 && name === "sldIdLst" && !listSeen) {
        listSeen = true;
        inList = true;
      } else if (depth === 2 && inList && name === "sldId") {
        // Each slide is a part of its own, so a real list is never longer than the archive has entries.
        if (slideIds.length >= DEFAULT_ARCHIVE_LIMITS.maxEntries) throw new MalformedXml("more slide ids than the archive can hold slides");
        slideIds.push(relationshipIdOf(attrs));
      }
    },
    close(name, depth) {
      if (depth === 1 && name === "sldIdLst") inList = false;
    },
    text() {},
  });
  return isPresentation ? { slideIds, slideHeight } : null;
}

// ---------------------------------------------------------------------------------------------------------------
// A slide's and a notes page's text, read in one pass.

/** What is left of one slide's text bound (PPTX_LIMITS.slideTextChars), shared by the slide and its notes. */
interface TextBudget {
  left: number;
  /** The slide's position in the slide list, for the message. */
  position: number;
}

/** One shape's text (`p:sp`) or one table row (`a:tr`), in drawing order. */
type Item = { kind: "shape"; type: string | null; hasBody: boolean; paragraphs: string[]; top: number | null } | { kind: "row"; line: string };

/** Gathers paragraphs (`a:p`): their runs' and fields' text in order, a line break (`a:br`) as "\n". */
interface TextOwner {
  hasBody: boolean;
  paragraphs: string[];
}

type Frame =
  | { role: "skip" }
  | { role: "root" | "cSld" }
  /** A shape container (the shape tree, a group, a branch of alternate content): its shapes go to `sink`. */
  | { role: "container"; sink: Item[] }
  | { role: "alternate"; sink: Item[]; fallback: Item[] | null; choice: Item[] | null }
  /** A graphic frame and anything inside it above a table row. */
  | { role: "frame"; sink: Item[] }
  | { role: "row"; sink: Item[]; cells: string[] }
  | { role: "cell"; row: { cells: string[] }; owner: TextOwner }
  | { role: "shape"; sink: Item[]; item: Extract<Item, { kind: "shape" }>; seen: Set<string> }
  | { role: "nvSpPr" | "nvPr" | "spPr" | "xfrm"; shape: Extract<Item, { kind: "shape" }>; seen: Set<string> }
  | { role: "txBody"; owner: TextOwner }
  | { role: "paragraph"; owner: TextOwner; text: string[] }
  | { role: "run"; paragraph: { text: string[] } }
  | { role: "t"; paragraph: { text: string[] } };

const SKIP: Frame = { role: "skip" };

/**
 * The frame an element opens below `parent`. `notes`: a notes page, where every shape below the tree counts (its
 * body placeholders are the notes), in place of the slide's containers, groups, tables and alternate content.
 */
function childFrame(parent: Frame, name: string, attrs: Record<string, string>, notes: boolean): Frame {
  /** Only the first child of a name counts, as the format allows one. */
  const first = (seen: Set<string>) => {
    if (seen.has(name)) return false;
    seen.add(name);
    return true;
  };
  switch (parent.role) {
    case "root":
      return name === "cSld" ? { role: "cSld" } : SKIP;
    case "cSld":
      return name === "spTree" ? { role: "container", sink: [] } : SKIP;
    case "container":
      if (name === "sp") return { role: "shape", sink: parent.sink, item: newShape(), seen: new Set() };
      if (notes) return { role: "container", sink: parent.sink };
      if (name === "grpSp") return { role: "container", sink: parent.sink };
      if (name === "AlternateContent") return { role: "alternate", sink: parent.sink, fallback: null, choice: null };
      if (name === "graphicFrame") return { role: "frame", sink: parent.sink };
      return SKIP;
    case "alternate":
      // Writers put the same shape in a Choice (newer features) and a Fallback; one of them is read.
      if (name === "Fallback" && parent.fallback === null) return { role: "container", sink: (parent.fallback = []) };
      if (name === "Choice" && parent.choice === null) return { role: "container", sink: (parent.choice = []) };
      return SKIP;
    case "frame":
      return name === "tr" ? { role: "row", sink: parent.sink, cells: [] } : { role: "frame", sink: parent.sink };
    case "row":
      return name === "tc" ? { role: "cell", row: parent, owner: { hasBody: false, paragraphs: [] } } : SKIP;
    case "cell":
      if (name !== "txBody" || parent.owner.hasBody) return SKIP;
      parent.owner.hasBody = true;
      return { role: "txBody", owner: parent.owner };
    case "shape":
      if (!first(parent.seen)) return SKIP;
      if (name === "nvSpPr" || name === "spPr") return { role: name, shape: parent.item, seen: new Set() };
      if (name === "txBody") {
        parent.item.hasBody = true;
        return { role: "txBody", owner: parent.item };
      }
      return SKIP;
    case "nvSpPr":
      return name === "nvPr" && first(parent.seen) ? { role: "nvPr", shape: parent.shape, seen: new Set() } : SKIP;
    case "nvPr":
      // A placeholder without a type is a content ("obj") placeholder.
      if (name === "ph" && first(parent.seen)) parent.shape.type = attrs.type ?? "obj";
      return SKIP;
    case "spPr":
      return name === "xfrm" && first(parent.seen) ? { role: "xfrm", shape: parent.shape, seen: new Set() } : SKIP;
    case "xfrm":
      if (name === "off" && first(parent.seen)) {
        const y = Number(attrs.y);
        parent.shape.top = Number.isFinite(y) ? y : null;
      }
      return SKIP;
    case "txBody":
      return name === "p" ? { role: "paragraph", owner: parent.owner, text: [] } : SKIP;
    case "paragraph":
      if (name === "br") parent.text.push("\n");
      return name === "r" || name === "fld" ? { role: "run", paragraph: parent } : SKIP;
    case "run":
      return name === "t" ? { role: "t", paragraph: parent.paragraph } : SKIP;
    case "t":
    case "skip":
      return SKIP;
  }
}

function newShape(): Extract<Item, { kind: "shape" }> {
  return { kind: "shape", type: null, hasBody: false, paragraphs: [], top: null };
}

/** Ends a frame: hands what it gathered to the frame that holds it. */
function closeFrame(frame: Frame, notes: boolean, bodies: string[]): void {
  switch (frame.role) {
    case "paragraph":
      // Carriage returns some writers leave inside runs become plain newlines.
      frame.owner.paragraphs.push(frame.text.join("").replace(/\r\n?/g, "\n"));
      break;
    case "cell":
      frame.row.cells.push(oneLine(frame.owner.paragraphs.join(" ")));
      break;
    case "row": {
      const cells = frame.cells.filter((cell) => cell !== "");
      if (cells.length > 0) frame.sink.push({ kind: "row", line: cells.join(" | ") });
      break;
    }
    case "alternate": {
      const branch = frame.fallback ?? frame.choice;
      if (branch) frame.sink.push(...branch);
      break;
    }
    case "shape":
      if (!notes) frame.sink.push(frame.item);
      else if (frame.item.type === "body") bodies.push(...frame.item.paragraphs);
      break;
    default:
      break;
  }
}

/**
 * Reads a slide or notes part in one pass: the items of its shape tree in drawing order (a slide), or its body
 * placeholders' paragraphs (notes). Text counts against `budget`; past it, PowerPointSlideTooLarge. Answers
 * "hidden" for a hidden slide and null when the part's root is not `root`.
 */
function readShapes(xml: string, root: "sld" | "notes", budget: TextBudget): { items: Item[]; bodies: string[] } | "hidden" | null {
  const notes = root === "notes";
  const stack: Frame[] = [];
  const bodies: string[] = [];
  let items: Item[] = [];
  let isRoot = false;
  let hidden = false;
  scanXml(xml, {
    open(name, attrs, depth) {
      if (depth === 0) {
        isRoot = name === root;
        hidden = isRoot && !notes && attrs.show === "0";
        if (!isRoot || hidden) return "stop";
        stack.push({ role: "root" });
        return;
      }
      const parent = stack[stack.length - 1]!;
      const frame = childFrame(parent, name, attrs, notes);
      if (frame.role === "container" && parent.role === "cSld") items = frame.sink;
      stack.push(frame);
    },
    close() {
      const frame = stack.pop();
      if (frame) closeFrame(frame, notes, bodies);
    },
    text(text) {
      const frame = stack[stack.length - 1];
      if (frame?.role !== "t") return;
      budget.left -= text.length;
      if (budget.left < 0) throw new PowerPointSlideTooLarge("text", budget.position);
      frame.paragraph.text.push(text);
    },
  });
  if (!isRoot) return null;
  if (hidden) return "hidden";
  return { items, bodies };
}

/** One line of slide text: whitespace and soft line breaks collapsed, so one bullet stays one line. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** A text box standing in for a title: one short line, no lower than this share of the slide's height. */
const TITLE_BOX_MAX_CHARS = 200;
const TITLE_BOX_TOP_SHARE = 0.25;

function slideText(xml: string, slideHeight: number, budget: TextBudget): { title: string; lines: string[] } | "hidden" | null {
  const read = readShapes(xml, "sld", budget);
  if (read === null || read === "hidden") return read;
  let title = "";
  const lines: string[] = [];
  // Plain one-line text boxes that could be the title when the slide has no title placeholder.
  const titleBoxes: { top: number; line: number }[] = [];
  for (const item of read.items) {
    if (item.kind === "row") {
      lines.push(item.line);
      continue;
    }
    if ((item.type !== null && FURNITURE_TYPES.has(item.type)) || !item.hasBody) continue;
    const texts = item.paragraphs.map(oneLine).filter((text) => text !== "");
    if (item.type !== null && TITLE_TYPES.has(item.type) && title === "") title = texts.join(" ");
    else {
      if (item.type === null && texts.length === 1 && item.top !== null && texts[0]!.length <= TITLE_BOX_MAX_CHARS) {
        titleBoxes.push({ top: item.top, line: lines.length });
      }
      lines.push(...texts);
    }
  }
  if (title === "" && titleBoxes.length > 0) {
    const highest = titleBoxes.reduce((best, box) => (box.top < best.top ? box : best));
    if (highest.top <= slideHeight * TITLE_BOX_TOP_SHARE) title = lines.splice(highest.line, 1)[0]!;
  }
  return { title, lines };
}

function notesText(xml: string, budget: TextBudget): string {
  const read = readShapes(xml, "notes", budget);
  if (read === null || read === "hidden") return "";
  const text = read.bodies
    .join("\n")
    .split("\n")
    .map((line) => line.replace(/[^\S\n]+/g, " ").trim())
    .join("\n");
  // Blank paragraphs that space out notes keep one empty line between passages, none at the ends.
  return text.replace(/\n{3,}/g, "\n\n").trim();
}
