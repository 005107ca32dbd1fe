// Text fitting: the title and the bullets get the largest type size at which they fit their box, down to a
// minimum; below that, lines are cut with an ellipsis. Heights are measured by satori itself (a pass without
// glyph outlines), so the wrapping measured is exactly the wrapping drawn.
import type { CSSProperties } from "react";
import satori from "satori";
import { box, h, type SlideElement } from "./elements";
import type { SlideFonts } from "./fonts";

export interface TextSpec {
  /** Largest first; the first size that fits wins. */
  sizes: number[];
  /** Unitless line height, as a multiple of the size. */
  lineHeight: number;
  style: CSSProperties;
}

export interface TitleSpec extends TextSpec {
  text: string;
  width: number;
  maxHeight: number;
}

export interface BulletsSpec extends TextSpec {
  items: string[];
  width: number;
  /** Height left for the list once the title took `titleHeight` (0 when there is no title). */
  maxHeight: (titleHeight: number) => number;
  /** Wraps the bullet text elements (markers, gaps, cards) into the list as drawn. */
  list: (texts: SlideElement[], size: number) => SlideElement;
}

export interface FittedText {
  size: number;
  /** Measured height of the block as it will be drawn (after any line cut). */
  height: number;
  /** True when even the smallest size did not fit and lines were cut. */
  truncated: boolean;
}

export interface FittedSlide {
  title: (FittedText & { element: SlideElement; maxLines: number | null }) | null;
  bullets: (FittedText & { element: SlideElement; budget: number; shown: number; maxLines: (number | null)[] }) | null;
}

function textElement(text: string, spec: TextSpec, size: number, maxLines: number | null, key?: string): SlideElement {
  const style: CSSProperties = { display: "block", ...spec.style, fontSize: size, lineHeight: spec.lineHeight };
  if (maxLines !== null) style.lineClamp = maxLines;
  return h("div", style, text, key ? { key } : {});
}

function bulletsElement(spec: BulletsSpec, items: string[], size: number, maxLines: (number | null)[] | null): SlideElement {
  return spec.list(
    items.map((item, index) => textElement(item, spec, size, maxLines?.[index] ?? null, `bullet-${index}`)),
    size,
  );
}

/** Heights of keyed elements: satori lays the tree out and reports every node; glyph outlines are skipped. */
async function measure(fonts: SlideFonts, width: number, children: SlideElement[]): Promise<Map<string, number>> {
  const heights = new Map<string, number>();
  await satori(box({ flexDirection: "column", alignItems: "flex-start", width }, children), {
    width,
    fonts: fonts.fonts,
    embedFont: false,
    onNodeDetected: (node) => {
      if (typeof node.key === "string") heights.set(node.key, node.height);
    },
  });
  return heights;
}

/** Pixels per line as satori draws them (it rounds line heights to whole pixels); rounded up to stay safe. */
function linePixels(spec: TextSpec, size: number): number {
  return Math.ceil(size * spec.lineHeight);
}

/**
 * Shares `capacity` lines among bullets that need `needed[i]` lines: every shown bullet keeps its first line,
 * then lines go round the bullets in order. Bullets that get no line at all are dropped from the end.
 */
export function shareLines(needed: number[], capacity: number): (number | null)[] {
  const shown = Math.min(needed.length, Math.max(0, capacity));
  const lines = needed.slice(0, shown).map(() => 1);
  let left = capacity - shown;
  while (left > 0) {
    let gave = false;
    for (let index = 0; index < shown && left > 0; index += 1) {
      if (lines[index]! < needed[index]!) {
        lines[index]! += 1;
        left -= 1;
        gave = true;
      }
    }
    if (!gave) break;
  }
  return lines.map((count, index) => (count >= needed[index]! ? null : count));
}

export async function fitSlideText(fonts: SlideFonts, title: TitleSpec | null, bullets: BulletsSpec | null): Promise<FittedSlide> {
  const hasTitle = title !== null && title.text.length > 0;
  const hasBullets = bullets !== null && bullets.items.length > 0;
  const width = Math.max(hasTitle ? title.width : 1, hasBullets ? bullets.width : 1);
  const variants: SlideElement[] = [];
  if (hasTitle) {
    for (const size of title.sizes) {
      variants.push(box({ flexDirection: "column", width: title.width }, textElement(title.text, title, size, null), `title-${size}`));
    }
  }
  if (hasBullets) {
    for (const size of bullets.sizes) {
      variants.push(
        box({ flexDirection: "column", width: bullets.width }, bulletsElement(bullets, bullets.items, size, null), `bullets-${size}`),
      );
    }
  }
  const heights = variants.length > 0 ? await measure(fonts, width, variants) : new Map<string, number>();
  const result: FittedSlide = { title: null, bullets: null };

  if (hasTitle) {
    const size = title.sizes.find((candidate) => (heights.get(`title-${candidate}`) ?? Infinity) <= title.maxHeight);
    if (size !== undefined) {
      result.title = {
        size,
        height: heights.get(`title-${size}`)!,
        truncated: false,
        maxLines: null,
        element: textElement(title.text, title, size, null),
      };
    } else {
      const smallest = title.sizes.at(-1)!;
      const lines = Math.max(1, Math.floor(title.maxHeight / linePixels(title, smallest)));
      result.title = {
        size: smallest,
        height: Math.min(heights.get(`title-${smallest}`)!, lines * linePixels(title, smallest)),
        truncated: true,
        maxLines: lines,
        element: textElement(title.text, title, smallest, lines),
      };
    }
  }

  if (hasBullets) {
    const budget = bullets.maxHeight(result.title?.height ?? 0);
    const size = bullets.sizes.find((candidate) => (heights.get(`bullets-${candidate}`) ?? Infinity) <= budget);
    if (size !== undefined) {
      result.bullets = {
        size,
        height: heights.get(`bullets-${size}`)!,
        truncated: false,
        budget,
        shown: bullets.items.length,
        maxLines: bullets.items.map(() => null),
        element: bulletsElement(bullets, bullets.items, size, null),
      };
    } else {
      result.bullets = await cutBullets(fonts, bullets, budget);
    }
  }
  return result;
}

/** The smallest size still overflows: measure each bullet, then give the lines that fit to the bullets in turn. */
async function cutBullets(fonts: SlideFonts, spec: BulletsSpec, budget: number): Promise<NonNullable<FittedSlide["bullets"]>> {
  const size = spec.sizes.at(-1)!;
  const perLine = linePixels(spec, size);
  const heights = await measure(fonts, spec.width, [
    box({ flexDirection: "column", width: spec.width }, bulletsElement(spec, spec.items, size, null), "bullets"),
  ]);
  const textHeights = spec.items.map((_, index) => heights.get(`bullet-${index}`) ?? perLine);
  const overhead = heights.get("bullets")! - textHeights.reduce((sum, height) => sum + height, 0);
  const needed = textHeights.map((height) => Math.max(1, Math.round(height / perLine)));
  // Dropping bullets also drops their share of the overhead (gaps, card padding), so the first guess errs on the
  // small side; the cut list is measured again and loses a line more while it still overflows.
  let capacity = Math.floor((budget - overhead) / perLine);
  for (;;) {
    const maxLines = shareLines(needed, capacity);
    const items = spec.items.slice(0, maxLines.length);
    const element = bulletsElement(spec, items, size, maxLines);
    const height =
      items.length > 0
        ? (await measure(fonts, spec.width, [box({ flexDirection: "column", width: spec.width }, element, "bullets")])).get("bullets")!
        : 0;
    if (height <= budget || capacity <= 0) {
      return { size, height, truncated: true, budget, shown: items.length, maxLines, element };
    }
    capacity -= 1;
  }
}
