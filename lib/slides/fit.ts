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
  /** The template's largest size for this text: `size` is smaller when the text had to shrink. */
  largest: number;
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

type FittedTitle = NonNullable<FittedSlide["title"]>;

/** Title sizes that fit within `cap` as they are; when none does, the smallest size cut to the lines that fit. */
function titleOptionsWithin(title: TitleSpec, heights: Map<string, number>, cap = title.maxHeight): FittedTitle[] {
  const options: FittedTitle[] = [];
  for (const size of title.sizes) {
    const height = heights.get(`title-${size}`) ?? Infinity;
    if (height <= cap) options.push({ size, largest: title.sizes[0]!, height, truncated: false, maxLines: null, element: textElement(title.text, title, size, null) });
  }
  if (options.length > 0) return options;
  const smallest = title.sizes.at(-1)!;
  const lines = Math.max(1, Math.floor(cap / linePixels(title, smallest)));
  return [
    {
      size: smallest,
      largest: title.sizes[0]!,
      height: Math.min(heights.get(`title-${smallest}`) ?? Infinity, lines * linePixels(title, smallest)),
      truncated: true,
      maxLines: lines,
      element: textElement(title.text, title, smallest, lines),
    },
  ];
}

/** The largest title that fits within `cap`. */
function titleWithin(title: TitleSpec, heights: Map<string, number>, cap: number): FittedTitle {
  return titleOptionsWithin(title, heights, cap)[0]!;
}

export async function fitSlideText(fonts: SlideFonts, title: TitleSpec | null, bullets: BulletsSpec | null): Promise<FittedSlide> {
  const hasTitle = title !== null && title.text.length > 0;
  const hasBullets = bullets !== null && bullets.items.length > 0;
  const width = Math.max(hasTitle ? title.width : 1, hasBullets ? bullets.width : 1);
  const variants = (pick: (sizes: number[]) => number[]): SlideElement[] => [
    ...(hasTitle
      ? pick(title.sizes).map((size) =>
          box({ flexDirection: "column", width: title.width }, textElement(title.text, title, size, null), `title-${size}`),
        )
      : []),
    ...(hasBullets
      ? pick(bullets.sizes).map((size) =>
          box({ flexDirection: "column", width: bullets.width }, bulletsElement(bullets, bullets.items, size, null), `bullets-${size}`),
        )
      : []),
  ];
  // Most slides fit at the largest sizes: one small measuring pass settles them; the others measure every size.
  const heights = hasTitle || hasBullets ? await measure(fonts, width, variants((all) => all.slice(0, 1))) : new Map<string, number>();
  const fitsLargest =
    (!hasTitle || heights.get(`title-${title.sizes[0]}`)! <= title.maxHeight) &&
    (!hasBullets || heights.get(`bullets-${bullets.sizes[0]}`)! <= bullets.maxHeight(hasTitle ? heights.get(`title-${title.sizes[0]}`)! : 0));
  if (!fitsLargest) {
    for (const [key, height] of await measure(fonts, width, variants((all) => all.slice(1)))) heights.set(key, height);
  }
  const result: FittedSlide = { title: null, bullets: null };
  const titleAt = (cap: number) => (hasTitle ? titleWithin(title, heights, cap) : null);
  const bulletsAt = (size: number) => heights.get(`bullets-${size}`) ?? Infinity;

  if (!hasBullets) {
    result.title = titleAt(title?.maxHeight ?? 0);
    return result;
  }
  // Title and bullets shrink together: of the pairs of sizes that fit, the one whose larger relative shrink is the
  // smallest wins, so a long title does not squeeze the bullets to the minimum while it stays at full size.
  let best: { title: FittedTitle | null; bulletSize: number; score: [number, number] } | null = null;
  const titleOptions = hasTitle ? titleOptionsWithin(title, heights) : [null];
  for (const option of titleOptions) {
    const budget = bullets.maxHeight(option?.height ?? 0);
    const bulletSize = bullets.sizes.find((size) => bulletsAt(size) <= budget);
    if (bulletSize === undefined) continue;
    const titleShrink = option ? 1 - option.size / title!.sizes[0]! : 0;
    const bulletShrink = 1 - bulletSize / bullets.sizes[0]!;
    const score: [number, number] = [Math.max(titleShrink, bulletShrink), titleShrink + bulletShrink];
    if (!best || score[0] < best.score[0] - 1e-9 || (Math.abs(score[0] - best.score[0]) < 1e-9 && score[1] < best.score[1])) {
      best = { title: option, bulletSize, score };
    }
  }
  if (best) {
    result.title = best.title;
    const size = best.bulletSize;
    result.bullets = {
      size,
      largest: bullets.sizes[0]!,
      height: bulletsAt(size),
      truncated: false,
      budget: bullets.maxHeight(best.title?.height ?? 0),
      shown: bullets.items.length,
      maxLines: bullets.items.map(() => null),
      element: bulletsElement(bullets, bullets.items, size, null),
    };
    return result;
  }
  // Too much text for any pair: the title keeps at most a third of the space, the bullets are cut to the rest.
  result.title = titleAt(Math.min(title?.maxHeight ?? 0, Math.round(bullets.maxHeight(0) / 3)));
  result.bullets = await cutBullets(fonts, bullets, bullets.maxHeight(result.title?.height ?? 0));
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
      return { size, largest: spec.sizes[0]!, height, truncated: true, budget, shown: items.length, maxLines, element };
    }
    capacity -= 1;
  }
}
