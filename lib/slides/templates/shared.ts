// What every template receives and returns, and the few pieces they share (regions, images, page numbers).
import type { CSSProperties } from "react";
import { box, h, type SlideChild, type SlideElement } from "../elements";
import type { BulletsSpec, FittedSlide, TitleSpec } from "../fit";
import { FONT_FAMILY } from "../fonts";

export type SlideKind = "title" | "content" | "closing";

export interface SlideImage {
  src: string;
  width: number;
  height: number;
}

/** One slide, cleaned, with the canvas it is laid out on. */
export interface SlideContext {
  width: number;
  height: number;
  portrait: boolean;
  kind: SlideKind;
  title: string;
  bullets: string[];
  image: SlideImage | null;
  slideNumber: number;
  totalSlides: number;
  /** The brand colour, or the template's own accent, as #rrggbb. */
  accent: string;
}

export interface TemplateLayout {
  title: TitleSpec;
  bullets: BulletsSpec;
  /** The whole slide, once the text is fitted. */
  compose: (fitted: FittedSlide) => SlideElement;
  /** The colour of the slide's bottom edge, where overflowing text would first show. */
  background: string;
  /** Everything below this y belongs to the frame (footer, margins), never to fitted text. */
  textBottom: number;
}

export interface TemplateDesign {
  /** The accent when the tenant has no brand colour. */
  accent: string;
  layout: (slide: SlideContext) => TemplateLayout;
}

/** A sequence of sizes from `largest` down to `smallest` in `step`s, for the fitting pass to try in order. */
export function sizes(largest: number, smallest: number, step = 4): number[] {
  const result: number[] = [];
  for (let size = largest; size > smallest; size -= step) result.push(size);
  result.push(smallest);
  return result;
}

/** The slide's outer frame: the canvas size, the font and a background. */
export function canvas(slide: SlideContext, background: CSSProperties, children: SlideChild[]): SlideElement {
  return box(
    {
      position: "relative",
      width: slide.width,
      height: slide.height,
      fontFamily: FONT_FAMILY,
      ...background,
    },
    children,
  );
}

/**
 * A positioned column that clips what it holds: the fitted text is measured to fit, and the clip makes sure
 * nothing could ever leave its box even if a measurement were off by a pixel.
 */
export function region(
  area: { left: number; top: number; width: number; height: number },
  children: SlideChild[],
  style: CSSProperties = {},
): SlideElement {
  return box(
    { position: "absolute", flexDirection: "column", ...area, ...style },
    children,
  );
}

/** The slide image, cropped to fill its box. */
export function picture(image: SlideImage, width: number, height: number, style: CSSProperties = {}): SlideElement {
  return h("img", { width, height, objectFit: "cover", ...style }, undefined, { src: image.src, width, height });
}

export function positioned(style: CSSProperties, children?: SlideChild | SlideChild[]): SlideElement {
  return box({ position: "absolute", ...style }, children);
}

export function twoDigits(value: number): string {
  return String(value).padStart(2, "0");
}

/** A plain run of text in a row (page numbers, labels). */
export function label(text: string, style: CSSProperties): SlideElement {
  return h("div", { display: "block", whiteSpace: "nowrap", ...style }, text);
}

/** A bullet row: a marker cell the height of one line, centred on the first line, then the text. */
export function bulletRow(marker: SlideChild, markerWidth: number, lineHeight: number, gap: number, text: SlideElement): SlideElement {
  return box({ flexDirection: "row", alignItems: "flex-start", width: "100%" }, [
    box({ width: markerWidth, height: lineHeight, flexShrink: 0, alignItems: "center", marginRight: gap }, marker),
    box({ flexDirection: "column", flexGrow: 1, flexShrink: 1, flexBasis: 0, minWidth: 0 }, text),
  ]);
}

export function column(children: SlideChild[], gap: number, style: CSSProperties = {}): SlideElement {
  return box({ flexDirection: "column", width: "100%", rowGap: gap, ...style }, children);
}

export interface Area {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The slide image filling an area of the slide, cropped to it (satori clips an image to its own box). No
 * `overflow: hidden` on the area: satori then masks the image's whole uncropped extent, and for a picture much
 * wider or taller than its area (a 1920x200 banner in a portrait panel) resvg panics on that mask, which kills the
 * process drawing the slide.
 */
export function placedPicture(image: SlideImage, area: Area, style: CSSProperties = {}): SlideElement {
  return positioned({ ...area, ...style }, picture(image, area.width, area.height));
}
