// Text extraction from uploaded documents, keeping their headings and their levels: PDF with unpdf (pdf.js
// getTextContent, headings told by font size against the body text, levels by their sizes' rank) and DOCX with
// mammoth (heading styles become h1-h6). Also the sanitised
// HTML preview of a DOCX for the file preview dialog. Output is bounded in length and time.
import { readFile } from "node:fs/promises";
import mammoth from "mammoth";
import sanitizeHtml from "sanitize-html";
import { getDocumentProxy } from "unpdf";
import { ExtractionFailed } from "./errors";
import { addHtml, DEFAULT_MAX_TEXT_LENGTH, normalizeSpace, SectionBuilder, type ExtractedContent } from "./sections";
import { guardArchive, readArchiveEntry, type ArchiveLimits } from "./zip-guard";

export type { ExtractedContent, ExtractedSection } from "./sections";

/** A document given by its path on disk or by its bytes. */
export type DocumentSource = string | Uint8Array;

export interface ExtractOptions {
  /** Longest text kept, in characters; the rest is cut and `truncated` set. */
  maxTextLength?: number;
  /** Time allowed for the whole extraction, in milliseconds. */
  timeoutMs?: number;
  /** Bounds of a DOCX archive (see zip-guard). */
  archiveLimits?: Partial<ArchiveLimits>;
}

export const DEFAULT_EXTRACT_TIMEOUT_MS = 60_000;

/**
 * Rejects with ExtractionFailed("timeout") when `work` is not done by `deadline`. The parsers cannot be cancelled,
 * so late work finishes in the background and its result is dropped; the job stays bounded.
 */
function beforeDeadline<T>(work: Promise<T>, deadline: number): Promise<T> {
  const left = deadline - Date.now();
  if (left <= 0) return Promise.reject(new ExtractionFailed("timeout"));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ExtractionFailed("timeout")), left);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function nonEmpty(content: ExtractedContent): ExtractedContent {
  if (!content.text) throw new ExtractionFailed("empty");
  return content;
}

async function bytesOf(source: DocumentSource): Promise<Uint8Array> {
  return typeof source === "string" ? new Uint8Array(await readFile(source)) : source;
}

// ---------------------------------------------------------------------------------------------------------------
// PDF

interface PdfLine {
  text: string;
  /** The cells of a line set in aligned columns (two or more), else one. */
  cells: string[];
  /** Left edge of each cell. */
  cellX: number[];
  size: number;
  /** The font that sets most of the line's characters (pdf.js's id: regular and bold faces differ). */
  font: string;
  x: number;
  y: number;
  page: number;
}

interface PdfTextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
  fontName?: string;
  hasEOL: boolean;
}

interface PlacedItem {
  str: string;
  x: number;
  end: number;
  y: number;
  size: number;
  font: string;
}

function isTextItem(item: unknown): item is PdfTextItem {
  return typeof item === "object" && item !== null && "str" in item && "transform" in item;
}

function mostOf<K>(counts: Map<K, number>, fallback: K): K {
  let best = fallback;
  let most = -1;
  for (const [key, count] of counts) {
    if (count > most) [best, most] = [key, count];
  }
  return best;
}

/** A gap wider than this many font sizes between two pieces of one baseline separates table cells. */
const CELL_GAP = 1.2;

/** The last word of a line that leaves its clause open: an article, a preposition, a conjunction, a linking verb. */
const OPEN_END = /\b(?:a|an|the|and|or|but|nor|of|to|in|on|at|by|for|from|with|between|than|as|that|which|who|whose|into|onto|over|under|after|before|about|is|are|was|were|be|been|will|would|its|their|his|her|our|your|my)$/i;

/**
 * Lines of one page: pdf.js items grouped by baseline (top to bottom, left to right). Pieces of a baseline set
 * apart by a wide gap are cells of aligned columns, so a table's row stays a row instead of running together.
 */
function linesOfPage(items: unknown[], page: number): PdfLine[] {
  const placed: PlacedItem[] = [];
  for (const item of items) {
    if (!isTextItem(item) || !item.str.trim()) continue;
    const [a = 0, b = 0, c = 0, d = 0, x = 0, y = 0] = item.transform;
    const size = Math.round((Math.hypot(c, d) || item.height) * 2) / 2;
    const scale = Math.hypot(a, b) || 1;
    placed.push({ str: item.str, x, end: x + (item.width || scale * item.str.length * 0.5), y, size, font: item.fontName ?? "" });
  }
  // Baselines, in reading order of the items; an item joins the baseline it sits on.
  const rows: PlacedItem[][] = [];
  for (const item of placed) {
    const row = rows.find((candidate) => Math.abs(candidate[0]!.y - item.y) <= Math.max(item.size, 1) * 0.5);
    if (row) row.push(item);
    else rows.push([item]);
  }
  rows.sort((first, second) => second[0]!.y - first[0]!.y);
  return rows.map((row) => {
    row.sort((first, second) => first.x - second.x);
    const cells: string[] = [];
    const cellX: number[] = [];
    const bySize = new Map<number, number>();
    const byFont = new Map<string, number>();
    let previous: PlacedItem | null = null;
    for (const item of row) {
      const chars = item.str.replace(/\s/g, "").length;
      bySize.set(item.size, (bySize.get(item.size) ?? 0) + chars);
      byFont.set(item.font, (byFont.get(item.font) ?? 0) + chars);
      if (previous === null || item.x - previous.end > Math.max(item.size, 1) * CELL_GAP) {
        cells.push(item.str);
        cellX.push(item.x);
      } else {
        const joined = cells[cells.length - 1]!;
        const spaced = item.x - previous.end > item.size * 0.15 && !/\s$/.test(joined) && !/^\s/.test(item.str);
        cells[cells.length - 1] = joined + (spaced ? " " : "") + item.str;
      }
      previous = item;
    }
    const trimmed = cells.map((cell) => normalizeSpace(cell));
    // A list mark set apart from its item's text is no column.
    if (trimmed.length >= 2 && /^(?:[•●▪◦‣∙·–-]|\(?\d{1,2}[.)])$/.test(trimmed[0]!)) {
      trimmed.splice(0, 2, `${trimmed[0]} ${trimmed[1]}`);
      cellX.splice(1, 1);
    }
    return {
      text: trimmed.join(" "),
      cells: trimmed,
      cellX,
      size: mostOf(bySize, 0),
      font: mostOf(byFont, ""),
      x: cellX[0] ?? 0,
      y: row[0]!.y,
      page,
    };
  });
}

/** The body text's font size and font: those that set the most characters. */
function bodyOf(lines: PdfLine[]): { size: number; font: string } {
  const sizes = new Map<number, number>();
  const fonts = new Map<string, number>();
  for (const line of lines) {
    sizes.set(line.size, (sizes.get(line.size) ?? 0) + line.text.length);
    fonts.set(line.font, (fonts.get(line.font) ?? 0) + line.text.length);
  }
  return { size: mostOf(sizes, 0), font: mostOf(fonts, "") };
}

const HEADING_SIZE_RATIO = 1.15;
const MAX_HEADING_LENGTH = 150;
/** Lines further apart than this many line heights start a new paragraph. */
const PARAGRAPH_GAP = 1.8;
/** A line set off from the one above by more than this many line heights has space above it. */
const SPACE_ABOVE = 1.5;
const LIST_MARK = /^(?:[•●▪◦‣∙·–-]\s*|\(?\d{1,2}[.)]\s+)/;

function joinLines(first: string, second: string): string {
  // A word hyphenated across lines is joined again; a compound's own hyphen stays ("eighteen-month", "12-week",
  // "self-help"): its first part is a whole word that no typesetter splits a longer word after.
  if (/\p{L}-$/u.test(first) && /^\p{Ll}/u.test(second)) {
    const before = /([\p{L}\d]+)-$/u.exec(first)?.[1]?.toLowerCase() ?? "";
    const after = /^\p{Ll}+/u.exec(second)?.[0] ?? "";
    if (COMPOUND_FIRST.test(before) && !SUFFIX.test(after)) return first + second;
    return first.slice(0, -1) + second;
  }
  return `${first} ${second}`;
}

/** Whole words a compound starts with: numbers ("eighteen-month", "two-thirds") and a few others ("self-help"). */
const COMPOUND_FIRST =
  /^(?:\d+|two|three|four|five|six|seven|eight|nine|eleven|twelve|(?:thir|four|fif|six|seven|eigh|nine)teen|(?:twen|thir|for|fif|six|seven|eigh|nine)ty|hundred|thousand|million|half|self|well)$/;
/** What follows a typesetter's hyphen inside one word ("self-ish", "well-ness"). */
const SUFFIX = /^(?:ly|ness|ish|ing|ed|er|est|ment|ful|less|able|ible|ion|tion|sion|ity|ous|al|ive|ize|ise|s|es|th|ths|teen|ty)$/;

/** Short, with letters, not ending like a sentence or a clause: the shape of a heading. */
function headingShaped(text: string): boolean {
  const words = text.split(/\s+/).filter(Boolean).length;
  return words > 0 && words <= 14 && /\p{L}/u.test(text) && !/[.,;:!…]["'”’)]*$/.test(text) && !LIST_MARK.test(text);
}

type PdfBlockKind = "heading" | "paragraph" | "list" | "table";

/** A block of a PDF's text as read: a heading (with the size it is set in) or a paragraph. */
type PdfBlock = { heading: string; size: number } | { paragraph: string };

/**
 * Headings' levels from their sizes: the largest size a heading is set in is level 1, the next 2, and so on (a
 * heading set bold at the body's size comes below every larger one), at most 6.
 */
function headingLevels(blocks: readonly PdfBlock[]): Map<number, number> {
  const sizes = [...new Set(blocks.flatMap((block) => ("heading" in block ? [block.size] : [])))].sort((a, b) => b - a);
  return new Map(sizes.map((size, rank) => [size, Math.min(6, rank + 1)]));
}

/** A list mark alone on its line. */
const LONE_MARK = /^(?:[•●▪◦‣∙·–-]|\(?\d{1,2}[.)])$/;

/**
 * A list mark left alone on its line, its item's text on the next line (or at the top of the next page), marks that
 * line: the item is not read as a short line of its own, which would look like a heading.
 */
function withMarksJoined(lines: readonly PdfLine[]): PdfLine[] {
  const joined: PdfLine[] = [];
  for (const line of lines) {
    const previous = joined.at(-1);
    if (previous && LONE_MARK.test(previous.text) && line.cells.length === 1 && !LIST_MARK.test(line.text)) {
      const text = `${previous.text} ${line.text}`;
      joined[joined.length - 1] = { ...line, text, cells: [text], cellX: [previous.x], x: previous.x };
    } else joined.push(line);
  }
  return joined;
}

function addPdfLines(builder: SectionBuilder, lines: PdfLine[]): void {
  const blocks = pdfBlocks(withMarksJoined(lines));
  const levels = headingLevels(blocks);
  for (const block of blocks) {
    if (builder.isFull) return;
    if ("heading" in block) builder.heading(block.heading, levels.get(block.size));
    else builder.paragraph(block.paragraph);
  }
}

/**
 * Whether a line that opens on a number and a full stop goes on with the paragraph above rather than starting a
 * numbered item: a date wrapped at its day ("… if you withdraw before September | 30. After that date …"), where the
 * line above ends mid-sentence.
 */
function numberGoesOn(kind: PdfBlockKind | null, close: boolean, rows: readonly string[], text: string): boolean {
  if (kind !== "paragraph" || !close || !/^\d{1,2}[.)]\s/.test(text)) return false;
  return !/[.!?:;…]["'”’)]*$/.test(rows[rows.length - 1] ?? ".");
}

/** The headings and paragraphs of a PDF's lines, in reading order. */
function pdfBlocks(lines: PdfLine[]): PdfBlock[] {
  const blocks: PdfBlock[] = [];
  const body = bodyOf(lines);
  let kind: PdfBlockKind | null = null;
  let rows: string[] = [];
  let cells: string[][] = [];
  let columns: number[] = [];
  let headingSize = 0;
  let last: PdfLine | null = null;
  const flush = () => {
    if (kind === "heading") blocks.push({ heading: rows.join(" "), size: headingSize });
    else if (kind === "table") blocks.push({ paragraph: cells.map((row) => row.join(" | ")).join("\n") });
    else if (kind !== null) blocks.push({ paragraph: rows.join("\n") });
    kind = null;
    rows = [];
    cells = [];
    columns = [];
  };
  for (const line of lines) {
    const gap = last !== null && last.page === line.page ? Math.abs(last.y - line.y) : Number.POSITIVE_INFINITY;
    const lineHeight = Math.max(last?.size ?? 0, line.size, 1);
    const close = gap <= lineHeight * PARAGRAPH_GAP;
    const spaceAbove = gap > lineHeight * SPACE_ABOVE;
    const larger = body.size > 0 && line.size >= body.size * HEADING_SIZE_RATIO;
    // Bold (another face) or a little larger than the body, short, not a sentence, with space above: a heading.
    const set = line.font !== body.font || line.size > body.size * 1.05;
    // A heading's line of figures only ("2025" of "Changes to Your Bin Collections from 7 April 2025") goes on with it.
    const headingFigures = kind === "heading" && close && last !== null && !/\p{L}/u.test(line.text) && line.size === last.size && line.font === last.font;
    const isHeading =
      line.cells.length === 1 &&
      line.text.length <= MAX_HEADING_LENGTH &&
      (headingFigures ||
        (/\p{L}/u.test(line.text) && (larger || (set && line.size >= body.size * 0.95 && headingShaped(line.text) && (spaceAbove || kind === "heading")))));
    // A row whose cells all go on in lower case under the row above's columns is that row wrapped (a header cell
    // 'Average output (million litres' over 'a day)'), not a row of its own.
    const wrappedRow =
      kind === "table" &&
      close &&
      cells.length > 0 &&
      line.cells.every((cell) => /^[\p{Ll})\]]/u.test(cell)) &&
      line.cellX.every((x) => columns.some((column) => Math.abs(column - x) <= 2));
    // A sentence cut by a page break: the page's last line ends mid-clause and the next page goes on in lower case
    // or with a figure.
    const acrossPage =
      kind === "paragraph" &&
      last !== null &&
      last.page !== line.page &&
      line.cells.length === 1 &&
      !isHeading &&
      !/[.!?:;…]["'”’)]*$/.test(rows[rows.length - 1] ?? "") &&
      // "… burns about | £900 of gas a month": a figure goes on as a lower-case word does; after a word no sentence
      // ends on ("… between April and | October."), so does a capital.
      (/^[\p{Ll}\p{N}\p{Sc}]/u.test(line.text) || OPEN_END.test(rows[rows.length - 1] ?? "")) &&
      !LIST_MARK.test(line.text);
    if (wrappedRow) {
      const row = cells[cells.length - 1]!;
      line.cells.forEach((cell, index) => {
        const column = columns.findIndex((x) => Math.abs(x - line.cellX[index]!) <= 2);
        if (column >= 0 && column < row.length) row[column] = joinLines(row[column]!, cell);
      });
    } else if (line.cells.length >= 2 && !isHeading) {
      if (kind === "table" && close) {
        cells.push(line.cells);
        columns = line.cellX;
      } else {
        flush();
        kind = "table";
        cells = [line.cells];
        columns = line.cellX;
      }
    } else if (kind === "table" && gap <= lineHeight * 1.4 && cells.length > 0) {
      // A cell wrapped onto a line of its own: it belongs to the column it starts under.
      const column = columns.findIndex((x) => Math.abs(x - line.x) <= 2);
      const row = cells[cells.length - 1]!;
      if (column >= 0 && column < row.length) row[column] = joinLines(row[column]!, line.text);
      else {
        flush();
        kind = "paragraph";
        rows = [line.text];
      }
    } else if (isHeading) {
      const continues = kind === "heading" && close && last !== null && Math.abs(last.size - line.size) <= line.size * 0.1 && last.font === line.font;
      if (continues) rows[0] = joinLines(rows[0]!, line.text);
      else {
        flush();
        kind = "heading";
        rows = [line.text];
        headingSize = line.size;
      }
    } else if (LIST_MARK.test(line.text) && !numberGoesOn(kind, close, rows, line.text)) {
      // Each list item on its own line, so it stays an item.
      if (kind !== "list" || !close) {
        flush();
        kind = "list";
      }
      rows.push(line.text);
    } else if (((kind === "paragraph" || kind === "list") && close) || acrossPage) {
      rows[rows.length - 1] = joinLines(rows[rows.length - 1]!, line.text);
    } else {
      flush();
      kind = "paragraph";
      rows = [line.text];
    }
    last = line;
  }
  flush();
  return blocks;
}

/** Text of a PDF with its headings. Throws ExtractionFailed when it cannot be read, is encrypted or takes too long. */
export async function extractPdf(source: DocumentSource, options: ExtractOptions = {}): Promise<ExtractedContent> {
  const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_EXTRACT_TIMEOUT_MS);
  const maxLength = options.maxTextLength ?? DEFAULT_MAX_TEXT_LENGTH;
  // pdf.js may take over the buffer it is given; the caller's bytes stay theirs.
  const bytes = (await bytesOf(source)).slice();
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // Verbosity 0: pdf.js warnings about odd files are not ours to log.
    pdf = await beforeDeadline(getDocumentProxy(bytes, { verbosity: 0 }), deadline);
  } catch (error) {
    if (error instanceof ExtractionFailed) throw error;
    if (error instanceof Error && error.name === "PasswordException") throw new ExtractionFailed("encrypted");
    throw new ExtractionFailed("unreadable", String(error));
  }
  try {
    const lines: PdfLine[] = [];
    let collected = 0;
    for (let number = 1; number <= pdf.numPages && collected <= maxLength; number++) {
      const page = await beforeDeadline(pdf.getPage(number), deadline);
      const content = await beforeDeadline(page.getTextContent(), deadline);
      for (const line of linesOfPage(content.items, number)) {
        lines.push(line);
        collected += line.text.length + 1;
      }
      page.cleanup();
    }
    const info = (await beforeDeadline(pdf.getMetadata(), deadline).catch(() => null))?.info as
      | Record<string, unknown>
      | undefined;
    const builder = new SectionBuilder(maxLength);
    addPdfLines(builder, lines);
    const metadataTitle = typeof info?.Title === "string" ? normalizeSpace(info.Title) : "";
    // A scanned PDF is pages of images: nothing to narrate until someone runs OCR on it.
    return nonEmpty(builder.result(metadataTitle || builder.firstHeading()));
  } catch (error) {
    if (error instanceof ExtractionFailed) throw error;
    throw new ExtractionFailed("unreadable", String(error));
  } finally {
    // Its promise may reject (a document whose loading failed half-way); nothing waits for it, so nothing may
    // leave that rejection unhandled.
    pdf.loadingTask.destroy().catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// DOCX

// Word's Title and Subtitle styles read as headings too. A style map stored inside the document
// (mammoth/style-map) is ignored: an uploaded file does not choose the HTML we produce.
const DOCX_STYLE_MAP = ["p[style-name='Title'] => h1:fresh", "p[style-name='Subtitle'] => h2:fresh"];

type MammothInput = { path: string } | { buffer: Buffer };

/** Checks the archive's bounds (guardArchive) and returns the input mammoth takes. */
async function guardedDocx(source: DocumentSource, limits?: Partial<ArchiveLimits>): Promise<MammothInput> {
  if (typeof source === "string") {
    await guardArchive({ path: source }, "docx", limits);
    return { path: source };
  }
  await guardArchive(source, "docx", limits);
  return { buffer: Buffer.from(source.buffer, source.byteOffset, source.byteLength) };
}

/** dc:title from docProps/core.xml, when the document has one. */
async function docxTitle(source: DocumentSource): Promise<string | undefined> {
  const core = await readArchiveEntry(typeof source === "string" ? { path: source } : source, "docProps/core.xml", 64 * 1024);
  const match = core?.toString("utf8").match(/<dc:title(?:\s[^>]*)?>([\s\S]*?)<\/dc:title>/);
  if (!match?.[1]) return undefined;
  const title = normalizeSpace(
    match[1]
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, "&"),
  );
  return title || undefined;
}

async function convertDocx(
  input: MammothInput,
  convertImage: Parameters<typeof mammoth.images.imgElement>[0],
  deadline: number,
): Promise<string> {
  try {
    const result = await beforeDeadline(
      mammoth.convertToHtml(input, {
        styleMap: DOCX_STYLE_MAP,
        includeEmbeddedStyleMap: false,
        externalFileAccess: false,
        convertImage: mammoth.images.imgElement(convertImage),
      }),
      deadline,
    );
    return result.value;
  } catch (error) {
    if (error instanceof ExtractionFailed) throw error;
    throw new ExtractionFailed("unreadable", String(error));
  }
}

/** Text of a DOCX with its headings. Throws ArchiveRefused (bounds) or ExtractionFailed. */
export async function extractDocx(source: DocumentSource, options: ExtractOptions = {}): Promise<ExtractedContent> {
  const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_EXTRACT_TIMEOUT_MS);
  const input = await guardedDocx(source, options.archiveLimits);
  // Images are not read at all for text.
  const html = await convertDocx(input, async () => ({ src: "" }), deadline);
  const builder = new SectionBuilder(options.maxTextLength ?? DEFAULT_MAX_TEXT_LENGTH);
  addHtml(builder, html);
  return nonEmpty(builder.result((await docxTitle(source)) ?? builder.firstHeading()));
}

// ---------------------------------------------------------------------------------------------------------------
// DOCX preview

export interface PreviewOptions {
  timeoutMs?: number;
  archiveLimits?: Partial<ArchiveLimits>;
  /** Longest HTML produced by the conversion, in characters, before sanitising (default 5,000,000). */
  maxHtmlLength?: number;
  /** Largest embedded image shown, in bytes (default 2 MB); larger ones are left out. */
  maxImageBytes?: number;
  /** All embedded images together, in bytes (default 8 MB). */
  maxTotalImageBytes?: number;
}

const PREVIEW_IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/;

/** An absolute http(s) address, or null: links of a preview lead nowhere else. */
function webHref(href: string | undefined): string | null {
  if (!href) return null;
  try {
    const url = new URL(href);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The preview allowlist: document structure and emphasis, links to web addresses only (opened apart, without
 * opener), images only as embedded data; no scripts, styles, classes, ids or event handlers.
 */
export function sanitizePreviewHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      "h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "blockquote", "pre", "code",
      "ul", "ol", "li", "dl", "dt", "dd",
      "table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td",
      "strong", "b", "em", "i", "u", "s", "sub", "sup", "a", "img",
    ],
    allowedAttributes: {
      a: ["href", "rel", "target"],
      img: ["src", "alt"],
      td: ["colspan", "rowspan"],
      th: ["colspan", "rowspan"],
      ol: ["start"],
    },
    allowedSchemes: ["http", "https"],
    allowedSchemesByTag: { img: ["data"] },
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    transformTags: {
      a: (tagName, attribs) => {
        const href = webHref(attribs.href);
        const kept: sanitizeHtml.Attributes = href ? { href, rel: "noopener noreferrer nofollow", target: "_blank" } : {};
        return { tagName, attribs: kept };
      },
    },
    exclusiveFilter: (frame) => frame.tag === "img" && !DATA_IMAGE.test(frame.attribs.src ?? ""),
  });
}

/** Sanitised HTML of a DOCX for the preview dialog (see sanitizePreviewHtml), with its embedded images. */
export async function docxPreviewHtml(source: DocumentSource, options: PreviewOptions = {}): Promise<string> {
  const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_EXTRACT_TIMEOUT_MS);
  const maxImageBytes = options.maxImageBytes ?? 2 * 1024 * 1024;
  let imageBudget = options.maxTotalImageBytes ?? 8 * 1024 * 1024;
  const input = await guardedDocx(source, options.archiveLimits);
  const html = await convertDocx(
    input,
    async (image) => {
      if (!PREVIEW_IMAGE_TYPES.has(image.contentType)) return { src: "" };
      const bytes = await image.readAsBuffer();
      if (bytes.length > maxImageBytes || bytes.length > imageBudget) return { src: "" };
      imageBudget -= bytes.length;
      return { src: `data:${image.contentType};base64,${bytes.toString("base64")}` };
    },
    deadline,
  );
  // Cutting the HTML may leave elements open; the sanitiser's parser closes them.
  return sanitizePreviewHtml(html.slice(0, options.maxHtmlLength ?? 5_000_000));
}

/** Text of an uploaded source document of a kind already checked (checkUploadedFile). */
export function extractDocument(
  kind: "pdf" | "docx",
  source: DocumentSource,
  options: ExtractOptions = {},
): Promise<ExtractedContent> {
  return kind === "pdf" ? extractPdf(source, options) : extractDocx(source, options);
}
