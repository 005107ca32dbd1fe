// The PDF and DOCX forms of a corpus article, made at run time (no binaries in the repository) the way people's
// documents are made: PDF with pdfkit (headings either set large or bold at nearly the body size, tables drawn as
// aligned columns, list items behind a bullet glyph or a number), DOCX with the docx package (Word's Title and
// Heading 1-2 styles, real tables, real bullet and decimal numbering).
import {
  AlignmentType,
  Document,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type FileChild,
} from "docx";
import PDFDocument from "pdfkit";
import { plainText, runsOf, type Block } from "./markdown";

export type PdfHeadingStyle = "large" | "bold";

interface PdfStyle {
  body: number;
  /** Sizes of headings of levels 1, 2 and 3 (all bold). */
  heading: [number, number, number];
}

const PDF_STYLES: Record<PdfHeadingStyle, PdfStyle> = {
  large: { body: 11, heading: [24, 18, 14] },
  // Bold 16 pt section headings over a 14 pt body: a ratio of 1.14, as in many reports and newsletters.
  bold: { body: 14, heading: [20, 16, 14] },
};

const REGULAR = "Helvetica";
const BOLD = "Helvetica-Bold";
/** A fixed date keeps the bytes of a document the same from run to run. */
const MADE = new Date("2025-11-01T09:00:00Z");

function drawRuns(doc: PDFKit.PDFDocument, text: string, x: number, width: number): void {
  const runs = runsOf(text);
  runs.forEach((run, index) => {
    doc.font(run.bold ? BOLD : REGULAR);
    const last = index === runs.length - 1;
    if (index === 0) doc.text(run.text, x, doc.y, { width, continued: !last });
    else doc.text(run.text, { continued: !last });
  });
}

function drawTable(doc: PDFKit.PDFDocument, rows: string[][], style: PdfStyle, left: number, width: number): void {
  const columns = Math.max(...rows.map((row) => row.length));
  // Columns as wide as their longest cell needs, within the page.
  const longest = Array.from({ length: columns }, (_, column) => Math.max(...rows.map((row) => plainText(row[column] ?? "").length), 4));
  const total = longest.reduce((sum, length) => sum + length, 0);
  const gap = 10;
  const size = style.body - 1;
  doc.fontSize(size);
  // Each column at least as wide as its longest word, as a word processor sets it: a word is never broken.
  const narrowest = Array.from({ length: columns }, (_, column) =>
    Math.max(
      ...rows.map((row, rowIndex) => {
        doc.font(rowIndex === 0 ? BOLD : REGULAR);
        return Math.max(0, ...plainText(row[column] ?? "").split(/\s+/).map((word) => doc.widthOfString(word)));
      }),
    ) + 2,
  );
  const room = width - gap * (columns - 1);
  const spare = room - narrowest.reduce((sum, least) => sum + least, 0);
  const widths = spare > 0 ? narrowest.map((least, column) => least + (spare * longest[column]!) / total) : longest.map((length) => (room * length) / total);
  rows.forEach((row, rowIndex) => {
    // A row that would cross the page's foot starts the next page, whole, as a word processor sets it (pdfkit would
    // otherwise break each cell onto a page of its own).
    const height = Math.max(
      ...row.map((cell, column) => {
        doc.font(rowIndex === 0 ? BOLD : REGULAR);
        return doc.heightOfString(plainText(cell), { width: widths[column] });
      }),
    );
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    let x = left;
    let bottom = y;
    row.forEach((cell, column) => {
      doc.font(rowIndex === 0 ? BOLD : REGULAR);
      doc.text(plainText(cell), x, y, { width: widths[column] });
      bottom = Math.max(bottom, doc.y);
      x += (widths[column] ?? 0) + gap;
    });
    doc.y = bottom + size * 0.35;
  });
  doc.x = left;
  doc.fontSize(style.body);
}

/** The article as a PDF, its headings set in the given style. */
export function articlePdf(title: string, blocks: readonly Block[], headingStyle: PdfHeadingStyle): Promise<Uint8Array> {
  const style = PDF_STYLES[headingStyle];
  const doc = new PDFDocument({ size: "A4", margin: 64, info: { Title: title, Author: "Evaluation corpus", CreationDate: MADE, ModDate: MADE } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  for (const block of blocks) {
    if (block.kind === "heading") {
      const size = style.heading[block.level - 1] ?? style.body;
      if (doc.y > doc.page.margins.top + 1) doc.moveDown(0.6);
      doc.font(BOLD).fontSize(size).text(plainText(block.text), left, doc.y, { width });
      doc.moveDown(0.3);
    } else if (block.kind === "paragraph") {
      doc.fontSize(style.body);
      drawRuns(doc, block.text, left, width);
      doc.moveDown(0.6);
    } else if (block.kind === "list") {
      doc.fontSize(style.body);
      block.items.forEach((item, index) => {
        // An item's mark and its text on one page: near the foot of a page, both go to the next.
        if (doc.y + doc.currentLineHeight(true) * 2 > doc.page.height - doc.page.margins.bottom) doc.addPage();
        const y = doc.y;
        doc.font(REGULAR).text(block.ordered ? `${index + 1}.` : "\u2022", left + 6, y, { width: 18 });
        doc.y = y;
        drawRuns(doc, item, left + 24, width - 24);
        doc.moveDown(0.25);
      });
      doc.moveDown(0.4);
    } else {
      drawTable(doc, block.rows, style, left, width);
      doc.moveDown(0.6);
    }
  }
  doc.end();
  return done;
}

function textRuns(text: string, bold = false): TextRun[] {
  return runsOf(text).map((run) => new TextRun({ text: run.text, bold: bold || run.bold }));
}

const HEADING_LEVELS = { 1: HeadingLevel.TITLE, 2: HeadingLevel.HEADING_1, 3: HeadingLevel.HEADING_2 } as const;

/** The article as a DOCX: its title in Word's Title style, sections in Heading 1, subsections in Heading 2. */
export async function articleDocx(title: string, blocks: readonly Block[]): Promise<Uint8Array> {
  const children: FileChild[] = [];
  let numberedLists = 0;
  for (const block of blocks) {
    if (block.kind === "heading") {
      children.push(new Paragraph({ heading: HEADING_LEVELS[block.level], children: textRuns(block.text) }));
    } else if (block.kind === "paragraph") {
      children.push(new Paragraph({ children: textRuns(block.text) }));
    } else if (block.kind === "list") {
      // Each numbered list starts again at 1: an instance of its own.
      if (block.ordered) numberedLists += 1;
      for (const item of block.items) {
        children.push(
          block.ordered
            ? new Paragraph({ children: textRuns(item), numbering: { reference: "numbered", level: 0, instance: numberedLists } })
            : new Paragraph({ children: textRuns(item), bullet: { level: 0 } }),
        );
      }
    } else {
      children.push(
        new Table({
          width: { size: 100, type: WidthType.PERCENTAGE },
          rows: block.rows.map(
            (row, index) =>
              new TableRow({
                tableHeader: index === 0,
                children: row.map((cell) => new TableCell({ children: [new Paragraph({ children: textRuns(cell, index === 0) })] })),
              }),
          ),
        }),
      );
      children.push(new Paragraph({ children: [] }));
    }
  }
  const document = new Document({
    title,
    creator: "Evaluation corpus",
    numbering: {
      config: [
        {
          reference: "numbered",
          levels: [
            { level: 0, format: LevelFormat.DECIMAL, text: "%1.", alignment: AlignmentType.START, style: { paragraph: { indent: { left: 720, hanging: 360 } } } },
          ],
        },
      ],
    },
    sections: [{ children }],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}
