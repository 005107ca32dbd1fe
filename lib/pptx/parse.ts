// PowerPoint import: slide titles, body text and speaker notes read from a .pptx's OOXML, in presentation order.
import { readFile, stat } from "node:fs/promises";
import JSZip from "jszip";
import { ArchiveRefused } from "@/lib/content/errors";
import { guardArchive } from "@/lib/content/zip-guard";
import { NoSlidesFound, PowerPointTooLarge, PPTX_MAX_BYTES } from "./errors";
import {
  attribute,
  descendants,
  elements,
  firstElement,
  paragraphs,
  paragraphText,
  parseRelationships,
  parseXml,
  relationshipId,
  relationshipsPartOf,
  type Relationship,
  type XmlElement,
} from "./ooxml";

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
 * before any part is opened. Throws PowerPointTooLarge (413), ArchiveRefused (413 bounds, 415 encrypted), or
 * NoSlidesFound (422, the spec's message) for a file that is damaged, not a presentation, or has no slides.
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

  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(await readFile(filePath));
  } catch (error) {
    throw new NoSlidesFound(`jszip: ${String(error)}`);
  }
  const read = async (part: string): Promise<string | null> => (await zip.file(part)?.async("string")) ?? null;
  const relationshipsOf = async (part: string): Promise<Map<string, Relationship>> => {
    const xml = await read(relationshipsPartOf(part));
    return xml === null ? new Map() : parseRelationships(xml, part);
  };

  const packageRelationships = await relationshipsOf("");
  const presentationPart =
    [...packageRelationships.values()].find((rel) => rel.kind === "officeDocument" && rel.target)?.target ??
    "ppt/presentation.xml";
  const presentationXml = await read(presentationPart);
  const presentation = presentationXml === null ? null : parseXml(presentationXml);
  if (!presentation || presentation.name !== "presentation") throw new NoSlidesFound(`no presentation part`);
  const presentationRelationships = await relationshipsOf(presentationPart);

  const slideSize = firstElement(presentation, "sldSz");
  const slideHeight = Number(slideSize ? attribute(slideSize, "cy") : undefined) || DEFAULT_SLIDE_HEIGHT_EMU;

  const slideList = firstElement(presentation, "sldIdLst");
  const slides: ParsedSlide[] = [];
  for (const slideId of slideList ? elements(slideList, "sldId") : []) {
    const rel = presentationRelationships.get(relationshipId(slideId) ?? "");
    if (!rel || rel.kind !== "slide" || !rel.target) throw new NoSlidesFound(`slide id without a slide part`);
    const slideXml = await read(rel.target);
    const slide = slideXml === null ? null : parseXml(slideXml);
    if (!slide || slide.name !== "sld") throw new NoSlidesFound(`missing or damaged ${rel.target}`);
    // A hidden slide is not shown in a slide show (nor in LibreOffice's PDF of the deck, so images stay aligned).
    if (attribute(slide, "show") === "0") continue;

    const { title, lines } = slideText(slide, slideHeight);
    const notesRel = [...(await relationshipsOf(rel.target)).values()].find((r) => r.kind === "notesSlide" && r.target);
    const notesXml = notesRel?.target ? await read(notesRel.target) : null;
    const notesRoot = notesXml === null ? null : parseXml(notesXml);
    slides.push({
      slideNumber: slides.length + 1,
      title,
      content: lines.join("\n"),
      notes: notesRoot && notesRoot.name === "notes" ? notesText(notesRoot) : "",
    });
  }
  if (slides.length === 0) throw new NoSlidesFound("the presentation lists no visible slides");
  return { slides };
}

/** The shape tree of a slide or notes page (`p:cSld/p:spTree`). */
function shapeTree(root: XmlElement): XmlElement | undefined {
  const commonSlide = firstElement(root, "cSld");
  return commonSlide ? firstElement(commonSlide, "spTree") : undefined;
}

function placeholderType(shape: XmlElement): string | null {
  const properties = firstElement(shape, "nvSpPr");
  const appProperties = properties ? firstElement(properties, "nvPr") : undefined;
  const placeholder = appProperties ? firstElement(appProperties, "ph") : undefined;
  // A placeholder without a type is a content ("obj") placeholder.
  return placeholder ? (attribute(placeholder, "type") ?? "obj") : null;
}

/** One line of slide text: whitespace and soft line breaks collapsed, so one bullet stays one line. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** PowerPoint's default slide height (7.5 in), in EMU, for a presentation part that does not give one. */
const DEFAULT_SLIDE_HEIGHT_EMU = 6_858_000;
/** A text box standing in for a title: one short line, no lower than this share of the slide's height. */
const TITLE_BOX_MAX_CHARS = 200;
const TITLE_BOX_TOP_SHARE = 0.25;

/** The top edge of a shape (`p:spPr/a:xfrm/a:off@y`, EMU), or null when it is placed by its layout. */
function shapeTop(shape: XmlElement): number | null {
  const properties = firstElement(shape, "spPr");
  const transform = properties ? firstElement(properties, "xfrm") : undefined;
  const offset = transform ? firstElement(transform, "off") : undefined;
  const y = Number(offset ? attribute(offset, "y") : undefined);
  return Number.isFinite(y) && offset ? y : null;
}

function slideText(slide: XmlElement, slideHeight: number): { title: string; lines: string[] } {
  let title = "";
  const lines: string[] = [];
  // Plain one-line text boxes that could be the title when the slide has no title placeholder.
  const titleBoxes: { top: number; line: number }[] = [];
  const visit = (container: XmlElement) => {
    for (const child of elements(container)) {
      if (child.name === "grpSp") visit(child);
      else if (child.name === "AlternateContent") {
        // Writers put the same shape in a Choice (newer features) and a Fallback; read one of them only.
        const branch = firstElement(child, "Fallback") ?? firstElement(child, "Choice");
        if (branch) visit(branch);
      } else if (child.name === "graphicFrame") {
        for (const row of descendants(child, "tr")) {
          const cells = elements(row, "tc")
            .map((cell) => {
              const body = firstElement(cell, "txBody");
              return body ? oneLine(paragraphs(body).map(paragraphText).join(" ")) : "";
            })
            .filter((cell) => cell !== "");
          if (cells.length > 0) lines.push(cells.join(" | "));
        }
      } else if (child.name === "sp") {
        const type = placeholderType(child);
        if (type !== null && FURNITURE_TYPES.has(type)) continue;
        const body = firstElement(child, "txBody");
        if (!body) continue;
        const texts = paragraphs(body)
          .map((paragraph) => oneLine(paragraphText(paragraph)))
          .filter((text) => text !== "");
        if (type !== null && TITLE_TYPES.has(type) && title === "") title = texts.join(" ");
        else {
          const top = shapeTop(child);
          if (type === null && texts.length === 1 && top !== null && texts[0]!.length <= TITLE_BOX_MAX_CHARS) {
            titleBoxes.push({ top, line: lines.length });
          }
          lines.push(...texts);
        }
      }
    }
  };
  const tree = shapeTree(slide);
  if (tree) visit(tree);
  if (title === "" && titleBoxes.length > 0) {
    const highest = titleBoxes.reduce((best, box) => (box.top < best.top ? box : best));
    if (highest.top <= slideHeight * TITLE_BOX_TOP_SHARE) title = lines.splice(highest.line, 1)[0]!;
  }
  return { title, lines };
}

function notesText(notes: XmlElement): string {
  const tree = shapeTree(notes);
  if (!tree) return "";
  const bodies = descendants(tree, "sp").filter((shape) => placeholderType(shape) === "body");
  const text = bodies
    .flatMap((shape) => {
      const body = firstElement(shape, "txBody");
      return body ? paragraphs(body).map(paragraphText) : [];
    })
    .join("\n")
    .split("\n")
    .map((line) => line.replace(/[^\S\n]+/g, " ").trim())
    .join("\n");
  // Blank paragraphs that space out notes keep one empty line between passages, none at the ends.
  return text.replace(/\n{3,}/g, "\n\n").trim();
}
