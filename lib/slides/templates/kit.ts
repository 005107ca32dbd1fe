// The layout kit every template builds with: the slide's text stacked in an area (title, an optional ornament,
// the bullets), the fitting specs and the layout object that go with it, marked lists and page numbers. A
// template keeps only what makes it itself: its areas, colours, ornaments and type sizes.
import type { CSSProperties } from "react";
import { box, shape, type SlideChild, type SlideElement } from "../elements";
import type { BulletsSpec, FittedSlide, TextSpec } from "../fit";
import { bulletRow, column, label, type Area, type SlideContext, type TemplateLayout } from "./shared";

export * from "./shared";

/** Something set between the title and the bullets: a spacer of so many pixels, or an ornament (a rule, a bar). */
export type Between = number | SlideElement;

export interface StackOptions {
  /** Set above everything else (a bar over the title). */
  lead?: SlideElement;
  /** Set between the title and the bullets when the slide has both. */
  between?: Between;
  /** Set under the title whether or not bullets follow (a rule that belongs to the title). */
  underTitle?: SlideElement;
  /** Wraps the fitted bullets (a margin of their own). */
  wrapBullets?: (bullets: SlideElement, hasTitle: boolean) => SlideElement;
}

/** The fitted text one under the other, with the ornaments that go between. */
export function stack(fitted: FittedSlide, options: StackOptions = {}): SlideElement[] {
  const children: SlideElement[] = options.lead ? [options.lead] : [];
  if (fitted.title) {
    children.push(fitted.title.element);
    if (options.underTitle) children.push(options.underTitle);
  }
  if (fitted.title && fitted.bullets && options.between !== undefined) {
    children.push(typeof options.between === "number" ? shape({ height: options.between }) : options.between);
  }
  if (fitted.bullets) children.push(options.wrapBullets ? options.wrapBullets(fitted.bullets.element, fitted.title !== null) : fitted.bullets.element);
  return children;
}

export interface TextLayout {
  /** Where the title and the bullets are set, one under the other. */
  area: Area;
  /** Height at the top of the area taken by an ornament over the title (a bar and its margin). */
  reserved?: number;
  /** Height between the title and the bullets when there are both (spacer or ornament with its margins). */
  between: number;
  /** The title's share of the area, once `reserved` is taken, when bullets follow (all of it otherwise). */
  titleShare: number;
  title: TextSpec & { width?: number; maxHeight?: number };
  bullets: TextSpec & Pick<BulletsSpec, "list"> & { width?: number; maxHeight?: BulletsSpec["maxHeight"] };
  background: string;
  compose: (fitted: FittedSlide) => SlideElement;
}

/**
 * The layout object for text stacked in one area: the title may take its share of the area, the bullets what is
 * left below it. A template with its own arrangement (title and bullets side by side) gives widths and heights.
 */
export function textLayout(slide: SlideContext, layout: TextLayout): TemplateLayout {
  const { area, between } = layout;
  const reserved = layout.reserved ?? 0;
  const { width: titleWidth, maxHeight: titleMax, ...titleText } = layout.title;
  const { width: bulletsWidth, maxHeight: bulletsMax, list, ...bulletsText } = layout.bullets;
  return {
    title: {
      text: slide.title,
      width: titleWidth ?? area.width,
      maxHeight: titleMax ?? Math.round((area.height - reserved) * (slide.bullets.length > 0 ? layout.titleShare : 1)),
      ...titleText,
    },
    bullets: {
      items: slide.bullets,
      width: bulletsWidth ?? area.width,
      maxHeight: bulletsMax ?? ((titleHeight) => area.height - reserved - (titleHeight > 0 ? titleHeight + between : 0)),
      ...bulletsText,
      list,
    },
    compose: layout.compose,
    background: layout.background,
    textBottom: area.top + area.height,
  };
}

export interface MarkerMetrics {
  /** Each a multiple of the type size: the marker cell's width, the line it centres on, the gap after it. */
  width: number;
  line: number;
  gap: number;
  /** Space between two bullets, a multiple of the type size. */
  rowGap: number;
}

/** Bullets with a marker each (a square, a dash, a number), the marker centred on the first line of its text. */
export function markedList(texts: SlideElement[], size: number, metrics: MarkerMetrics, marker: (index: number) => SlideChild): SlideElement {
  const at = (ratio: number) => Math.round(size * ratio);
  return column(
    texts.map((text, index) => bulletRow(marker(index), at(metrics.width), at(metrics.line), at(metrics.gap), text)),
    at(metrics.rowGap),
  );
}

/** Two runs of text on one baseline: a page's number and the count it is out of ("03 / 12", "Slide 3 of 12"). */
export function numberPair(first: string, second: string, firstStyle: CSSProperties, secondStyle: CSSProperties, style: CSSProperties = {}): SlideElement {
  return box({ flexDirection: "row", alignItems: "baseline", ...style }, [label(first, firstStyle), label(second, secondStyle)]);
}
