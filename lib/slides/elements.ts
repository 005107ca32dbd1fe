// Plain element objects for satori (no React runtime): the shape of a React element, built by one helper.
import type { CSSProperties, ReactElement } from "react";

export type SlideElement = ReactElement<ElementProps>;
export type SlideChild = SlideElement | string | null | false;

export interface ElementProps {
  style?: CSSProperties;
  children?: SlideChild | SlideChild[];
  src?: string;
  width?: number;
  height?: number;
}

/** One element; `key` lets the layout pass find it again among satori's measured nodes. */
export function h(
  type: string,
  style: CSSProperties,
  children?: SlideChild | SlideChild[],
  extra: { key?: string; src?: string; width?: number; height?: number } = {},
): SlideElement {
  const { key, ...attributes } = extra;
  return { type, key: key ?? null, props: { style, children, ...attributes } };
}

/** A flex box, satori's default display, with border-box sizing so paddings stay inside given sizes. */
export function box(style: CSSProperties, children?: SlideChild | SlideChild[], key?: string): SlideElement {
  return h("div", { display: "flex", boxSizing: "border-box", ...style }, children, key ? { key } : {});
}

/** An empty shape: bars, dots, circles. */
export function shape(style: CSSProperties): SlideElement {
  return h("div", { display: "flex", boxSizing: "border-box", ...style });
}
