// The corpus articles' markup: the small subset of Markdown they are written in (headings of levels 1-3,
// paragraphs, bullet and numbered lists, pipe tables, **bold** runs), read into blocks the PDF and DOCX makers draw.

export type Block =
  | { kind: "heading"; level: 1 | 2 | 3; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "list"; ordered: boolean; items: string[] }
  /** The first row is the header row. */
  | { kind: "table"; rows: string[][] };

/** A run of text, bold or not: "**Greeters** welcome" is two runs. */
export interface Run {
  text: string;
  bold: boolean;
}

export function runsOf(text: string): Run[] {
  return text
    .split("**")
    .map((part, index) => ({ text: part, bold: index % 2 === 1 }))
    .filter((run) => run.text.length > 0);
}

/** Text without its inline marks, as a reader sees it. */
export function plainText(text: string): string {
  return text.replace(/\*\*/g, "");
}

const HEADING = /^(#{1,3})\s+(.+)$/;
const BULLET = /^[-*]\s+(.+)$/;
const NUMBERED = /^\d+\.\s+(.+)$/;
const TABLE_ROW = /^\|.*\|$/;
const TABLE_RULE = /^\|(\s*:?-+:?\s*\|)+$/;

function cellsOf(line: string): string[] {
  return line
    .slice(1, -1)
    .split("|")
    .map((cell) => cell.trim());
}

/** The blocks of an article, in reading order. Lines of a paragraph are joined with spaces. */
export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: "paragraph", text: paragraph.join(" ") });
    paragraph = [];
  };
  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trim();
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const numbered = NUMBERED.exec(line);
    const last = blocks.at(-1);
    if (!line) {
      endParagraph();
    } else if (heading) {
      endParagraph();
      blocks.push({ kind: "heading", level: heading[1]!.length as 1 | 2 | 3, text: heading[2]!.trim() });
    } else if (bullet || numbered) {
      endParagraph();
      const ordered = numbered !== null;
      const item = (bullet ?? numbered)![1]!.trim();
      // Items go on the list before them, a blank line between items or not.
      if (last?.kind === "list" && last.ordered === ordered) last.items.push(item);
      else blocks.push({ kind: "list", ordered, items: [item] });
    } else if (TABLE_ROW.test(line)) {
      endParagraph();
      if (TABLE_RULE.test(line.replace(/\s/g, ""))) continue;
      if (last?.kind === "table") last.rows.push(cellsOf(line));
      else blocks.push({ kind: "table", rows: [cellsOf(line)] });
    } else {
      paragraph.push(line);
    }
  }
  endParagraph();
  return blocks;
}
