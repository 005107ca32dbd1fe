// The shape every extractor returns (text with its headings, in sections) and the bounded builder behind it,
// plus the walk that turns article HTML (DOCX via mammoth, web pages via Readability) into sections.
import { parseHTML } from "linkedom";

export interface ExtractedSection {
  /** The heading the section starts with; null for text before the first heading. */
  heading: string | null;
  /**
   * The heading's level, 1 (a title or a top part) to 6, when the extractor knows it (HTML's h1-h6, a DOCX's heading
   * styles, a PDF's heading sizes ranked): a part heading with no text of its own holds the sections below its level.
   */
  level?: number;
  /** The section's paragraphs, separated by blank lines. */
  text: string;
}

export interface ExtractedContent {
  /**
   * The whole text: each heading on its own line (as a Markdown heading of its level, "## Heading", when the level is
   * known), paragraphs separated by blank lines.
   */
  text: string;
  sections: ExtractedSection[];
  title?: string;
  /** True when the text was cut at the length limit. */
  truncated: boolean;
}

/** Longest extracted text kept per source, in characters (about 2 MB of plain text). */
export const DEFAULT_MAX_TEXT_LENGTH = 2_000_000;

/** Collapses runs of white space (HTML source line breaks included) to single spaces. */
export function normalizeSpace(text: string): string {
  return text.replace(/[\s\u00a0]+/g, " ").trim();
}

/** The line a heading is stored as: marked with its level as in Markdown, so the level survives as text. */
export function headingLine(heading: string, level?: number): string {
  return level ? `${"#".repeat(level)} ${heading}` : heading;
}

/** A level of 1 to 6, or undefined for none known. */
function levelOf(level: number | undefined): number | undefined {
  return level !== undefined && Number.isFinite(level) && level >= 1 ? Math.min(6, Math.floor(level)) : undefined;
}

/** Collects headings and paragraphs into sections, stopping at a total length. */
export class SectionBuilder {
  private readonly sections: { heading: string | null; level?: number; paragraphs: string[] }[] = [];
  private length = 0;
  private full = false;

  constructor(private readonly maxLength = DEFAULT_MAX_TEXT_LENGTH) {}

  /** True once the length limit is reached; callers may stop reading their source. */
  get isFull(): boolean {
    return this.full;
  }

  /** Characters that may still be added. */
  get room(): number {
    return this.full ? 0 : this.maxLength - this.length;
  }

  /** `text` if it fits, else as much of it as fits (or null); `marks`: characters written before it (a heading's). */
  private take(text: string, marks = 0): string | null {
    if (this.full) return null;
    const room = this.maxLength - this.length - marks;
    if (text.length + 2 > room) {
      this.full = true;
      const cut = text.slice(0, Math.max(0, room - 2)).trim();
      if (!cut) return null;
      this.length = this.maxLength;
      return cut;
    }
    this.length += text.length + marks + 2;
    return text;
  }

  /** A heading; `level` (1 to 6) when the source tells it. */
  heading(raw: string, level?: number): void {
    const text = normalizeSpace(raw);
    if (!text) return;
    const known = levelOf(level);
    const taken = this.take(text, known ? known + 1 : 0);
    if (taken !== null) this.sections.push({ heading: taken, ...(known ? { level: known } : {}), paragraphs: [] });
  }

  paragraph(raw: string): void {
    const text = raw
      .split("\n")
      .map(normalizeSpace)
      .filter(Boolean)
      .join("\n");
    if (!text) return;
    const taken = this.take(text);
    if (taken === null) return;
    let current = this.sections.at(-1);
    if (!current) {
      current = { heading: null, paragraphs: [] };
      this.sections.push(current);
    }
    current.paragraphs.push(taken);
  }

  /** The first heading, a fallback title. */
  firstHeading(): string | undefined {
    return this.sections.find((section) => section.heading !== null)?.heading ?? undefined;
  }

  result(title?: string): ExtractedContent {
    const sections: ExtractedSection[] = this.sections.map((section) => ({
      heading: section.heading,
      ...(section.level ? { level: section.level } : {}),
      text: section.paragraphs.join("\n\n"),
    }));
    const text = sections
      .map((section) => [section.heading === null ? null : headingLine(section.heading, section.level), section.text].filter(Boolean).join("\n\n"))
      .filter(Boolean)
      .join("\n\n");
    const cleanTitle = title ? normalizeSpace(title) : undefined;
    return { text, sections, ...(cleanTitle ? { title: cleanTitle } : {}), truncated: this.full };
  }
}

const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
const SKIPPED = new Set(["script", "style", "noscript", "template", "svg", "math", "head", "iframe", "object", "img", "button", "select", "textarea"]);
const BLOCKS = new Set([
  "address", "article", "aside", "blockquote", "body", "dd", "details", "dialog", "div", "dl", "dt", "fieldset",
  "figcaption", "figure", "footer", "form", "header", "hgroup", "hr", "li", "main", "nav", "ol", "p", "pre",
  "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul", "caption", "html",
]);
const BLOCK_SELECTOR = [...BLOCKS, ...HEADINGS].join(",");

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

interface DomNode {
  nodeType: number;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
  tagName?: string;
  querySelector?: (selector: string) => unknown;
  getAttribute?: (name: string) => string | null;
}

function tagOf(node: DomNode): string {
  return (node.tagName ?? "").toLowerCase();
}

/** Text of an element as read aloud: line breaks kept, skipped elements left out. */
function inlineText(node: DomNode): string {
  let text = "";
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === TEXT_NODE) text += (child.textContent ?? "").replace(/[\s\u00a0]+/g, " ");
    else if (child.nodeType === ELEMENT_NODE) {
      const tag = tagOf(child);
      if (tag === "br") text += "\n";
      else if (!SKIPPED.has(tag)) text += inlineText(child);
    }
  }
  return text;
}

function walk(node: DomNode, builder: SectionBuilder): void {
  let inline = "";
  const flush = () => {
    if (inline.trim()) builder.paragraph(inline);
    inline = "";
  };
  for (const child of Array.from(node.childNodes)) {
    if (builder.isFull) return;
    if (child.nodeType === TEXT_NODE) {
      inline += (child.textContent ?? "").replace(/[\s\u00a0]+/g, " ");
      continue;
    }
    if (child.nodeType !== ELEMENT_NODE) continue;
    const tag = tagOf(child);
    if (SKIPPED.has(tag)) continue;
    if (tag === "br") {
      inline += "\n";
    } else if (HEADINGS.has(tag)) {
      flush();
      builder.heading(inlineText(child), Number(tag.slice(1)));
    } else if (tag === "ul" || tag === "ol") {
      // A list's items keep their marks ("- ", "1. "), as Markdown writes them: the structure reader and the passages
      // then know them for a list's lines, not for short headings or prose.
      flush();
      builder.paragraph(listLines(child, tag === "ol", { left: builder.room }).join("\n"));
    } else if (tag === "tr") {
      // A table row reads as one line, its cells apart.
      flush();
      const cells = Array.from(child.childNodes)
        .filter((cell) => cell.nodeType === ELEMENT_NODE && (tagOf(cell) === "td" || tagOf(cell) === "th"))
        .map((cell) => normalizeSpace(inlineText(cell)))
        .filter(Boolean);
      if (cells.length > 0) builder.paragraph(cells.join(" | "));
    } else if (BLOCKS.has(tag) || child.querySelector?.(BLOCK_SELECTOR)) {
      flush();
      walk(child, builder);
    } else {
      inline += inlineText(child);
    }
  }
  flush();
}

/**
 * The lines of a list element, each item led by its mark; a list inside an item follows it, as its lines. Stops once
 * the lines hold `budget.left` characters (what the builder still takes), shared with the lists inside.
 */
function listLines(list: DomNode, ordered: boolean, budget: { left: number }): string[] {
  const lines: string[] = [];
  const start = ordered ? Number.parseInt(list.getAttribute?.("start") ?? "1", 10) : 1;
  let number = Number.isFinite(start) ? start : 1;
  for (const item of Array.from(list.childNodes)) {
    if (budget.left <= 0) break;
    if (item.nodeType !== ELEMENT_NODE || SKIPPED.has(tagOf(item))) continue;
    const tag = tagOf(item);
    if (tag === "ul" || tag === "ol") {
      lines.push(...listLines(item, tag === "ol", budget));
      continue;
    }
    // The item's own words (its paragraphs joined), then any list inside it.
    let own = "";
    const nested: DomNode[] = [];
    for (const part of Array.from(item.childNodes)) {
      if (part.nodeType === TEXT_NODE) own += part.textContent ?? "";
      else if (part.nodeType === ELEMENT_NODE && (tagOf(part) === "ul" || tagOf(part) === "ol")) nested.push(part);
      else if (part.nodeType === ELEMENT_NODE && !SKIPPED.has(tagOf(part))) own += BLOCKS.has(tagOf(part)) ? ` ${inlineText(part)} ` : inlineText(part);
    }
    const text = normalizeSpace(own);
    if (text) {
      const line = `${ordered ? `${number}.` : "-"} ${text}`;
      lines.push(line);
      budget.left -= line.length + 1;
    }
    number += 1;
    for (const inner of nested) lines.push(...listLines(inner, tagOf(inner) === "ol", budget));
  }
  return lines;
}

/** Adds the headings and paragraphs of an HTML fragment or document to `builder`. */
export function addHtml(builder: SectionBuilder, html: string): void {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  walk(document.body as unknown as DomNode, builder);
}

/** Sections of an HTML fragment or document. */
export function htmlToSections(html: string, title?: string, maxLength = DEFAULT_MAX_TEXT_LENGTH): ExtractedContent {
  const builder = new SectionBuilder(maxLength);
  addHtml(builder, html);
  return builder.result(title ?? builder.firstHeading());
}

/** Sections of plain text: paragraphs at blank lines, no headings. */
export function plainTextToSections(text: string, title?: string, maxLength = DEFAULT_MAX_TEXT_LENGTH): ExtractedContent {
  const builder = new SectionBuilder(maxLength);
  for (const paragraph of text.split(/\r?\n\s*\r?\n/)) {
    if (builder.isFull) break;
    builder.paragraph(paragraph);
  }
  return builder.result(title);
}
