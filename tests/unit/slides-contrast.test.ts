// Every text the five slide templates draw reads at 4.5:1 or better (WCAG 2.2, 1.4.3) against what lies under it,
// whatever brand colour a tenant sets: 24 hues at dark, middle and light lightness, and the awkward ones (white,
// black, yellow, cyan, grey, the templates' own accents). Each slide is laid out for real (satori, the project's
// fonts); every element that paints under a text (the page, bands, cards, circles, glows, rings, gradients)
// is composited where it covers the text's box, so a text on a brand-coloured shape is checked against that
// shape. A gradient is checked at each stop and between them, a glow at the text's distance from its centre, a
// translucent fill over each colour it may cover; a shape clipped by a panel counts only inside the panel.
// All text is held to 4.5:1, large text included (no 3:1 allowance is taken).
import { Resvg } from "@resvg/resvg-js";
import satori from "satori";
import { beforeAll, describe, expect, it } from "vitest";
import { contrast, parseHex, toHex, type Rgb } from "@/lib/slides/color";
import type { SlideChild, SlideElement } from "@/lib/slides/elements";
import { fitSlideText, type FittedSlide } from "@/lib/slides/fit";
import { slideFonts, type SlideFonts } from "@/lib/slides/fonts";
import { imageDataUrl } from "@/lib/slides/image";
import { DESIGNS, TEMPLATE_IDS, type TemplateId } from "@/lib/slides/templates";
import type { SlideContext, SlideKind, TemplateLayout } from "@/lib/slides/templates/shared";

const RATIO = 4.5;

function hsl(h: number, s: number, l: number): string {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] = h < 60 ? [c, x, 0] : h < 120 ? [x, c, 0] : h < 180 ? [0, c, x] : h < 240 ? [0, x, c] : h < 300 ? [x, 0, c] : [c, 0, x];
  return toHex({ r: (r + m) * 255, g: (g + m) * 255, b: (b + m) * 255 });
}

/** 24 hues at three lightnesses, the extremes, and the templates' own accents. */
const BRAND_COLOURS = [
  ...Array.from({ length: 24 }, (_, index) => [0.22, 0.5, 0.78].map((lightness) => hsl(index * 15, 0.85, lightness))).flat(),
  "#ffffff",
  "#000000",
  "#ffff00",
  "#00ffff",
  "#808080",
  "#767676",
  "#fde047",
  ...TEMPLATE_IDS.map((id) => DESIGNS[id].accent),
];

interface Rgba extends Rgb {
  a: number;
}

/** A colour as the templates write them: #rgb, #rrggbb, rgb(), rgba() or transparent. */
function parseColour(value: string): Rgba {
  const text = value.trim();
  if (text === "transparent") return { r: 0, g: 0, b: 0, a: 0 };
  if (text.startsWith("#")) return { ...parseHex(text), a: 1 };
  const rgba = /^rgba?\(([^)]+)\)$/.exec(text);
  if (!rgba) throw new Error(`A colour this test cannot read: ${value}`);
  const [r, g, b, a] = rgba[1]!.split(",").map((part) => Number.parseFloat(part));
  return { r: r!, g: g!, b: b!, a: a ?? 1 };
}

/** A fill's colours at its stops and halfway between them (a plain colour is one stop). */
function fillColours(style: Record<string, unknown>): Rgba[] {
  const image = typeof style.backgroundImage === "string" ? style.backgroundImage : null;
  if (!image) return typeof style.backgroundColor === "string" ? [parseColour(style.backgroundColor)] : [];
  const stops = [...image.matchAll(/#[0-9a-f]{6}|#[0-9a-f]{3}\b|rgba?\([^)]+\)/gi)].map((match) => parseColour(match[0]));
  if (stops.length < 2) throw new Error(`A gradient with fewer than two colours: ${image}`);
  const samples: Rgba[] = [stops[0]!];
  for (let index = 1; index < stops.length; index += 1) {
    const [a, b] = [stops[index - 1]!, stops[index]!];
    samples.push({ r: (a.r + b.r) / 2, g: (a.g + b.g) / 2, b: (a.b + b.b) / 2, a: (a.a + b.a) / 2 }, b);
  }
  return samples;
}

/** A radial gradient ("circle at center", stops with positions) at `t`, the distance from the centre as a share of the farthest corner's. */
function radialAt(image: string, t: number): Rgba {
  const stops = [...image.matchAll(/(#[0-9a-f]{6}|rgba?\([^)]+\))\s+(\d+(?:\.\d+)?)%/gi)].map((match) => ({ colour: parseColour(match[1]!), at: Number(match[2]) / 100 }));
  if (stops.length < 2) throw new Error(`A radial gradient with fewer than two stops: ${image}`);
  if (t <= stops[0]!.at) return stops[0]!.colour;
  for (let index = 1; index < stops.length; index += 1) {
    const [a, b] = [stops[index - 1]!, stops[index]!];
    if (t <= b.at) {
      const k = (t - a.at) / (b.at - a.at);
      const mixed = (x: number, y: number) => x + (y - x) * k;
      return { r: mixed(a.colour.r, b.colour.r), g: mixed(a.colour.g, b.colour.g), b: mixed(a.colour.b, b.colour.b), a: mixed(a.colour.a, b.colour.a) };
    }
  }
  return stops.at(-1)!.colour;
}

function isRadial(style: Record<string, unknown>): style is { backgroundImage: string } {
  return typeof style.backgroundImage === "string" && style.backgroundImage.startsWith("radial-gradient(circle at center");
}

function over(top: Rgba, under: Rgb): Rgb {
  return { r: top.r * top.a + under.r * (1 - top.a), g: top.g * top.a + under.g * (1 - top.a), b: top.b * top.a + under.b * (1 - top.a) };
}

function borderOf(value: unknown): { width: number; colour: Rgba } | null {
  if (typeof value !== "string") return null;
  const match = /^(\d+(?:\.\d+)?)px solid (.+)$/.exec(value.trim());
  return match ? { width: Number(match[1]), colour: parseColour(match[2]!) } : null;
}

interface PlacedNode {
  /** The part of the slide its ancestors with hidden overflow let it paint on. */
  clip: { left: number; top: number; right: number; bottom: number };
  type: string;
  left: number;
  top: number;
  width: number;
  height: number;
  text: string | undefined;
  style: Record<string, unknown>;
}

/** Elements in the order satori lays out and paints them (depth first), each with the text colour it inherits. */
function walk(root: SlideElement): { element: SlideElement; colour: string | undefined }[] {
  const result: { element: SlideElement; colour: string | undefined }[] = [];
  const visit = (element: SlideElement, inherited: string | undefined) => {
    const colour = (element.props.style?.color as string | undefined) ?? inherited;
    result.push({ element, colour });
    const children: SlideChild[] = Array.isArray(element.props.children) ? element.props.children.flat() : [element.props.children ?? null];
    for (const child of children) if (child && typeof child === "object") visit(child, colour);
  };
  visit(root, undefined);
  return result;
}

function contains(node: PlacedNode, x: number, y: number, inset = 0): boolean {
  if (x < node.clip.left || x > node.clip.right || y < node.clip.top || y > node.clip.bottom) return false;
  const left = node.left + inset;
  const top = node.top + inset;
  const width = node.width - 2 * inset;
  const height = node.height - 2 * inset;
  if (width <= 0 || height <= 0 || x < left || x > left + width || y < top || y > top + height) return false;
  const radius = Math.max(0, Math.min(Number(node.style.borderRadius ?? 0) - inset, width / 2, height / 2));
  if (radius === 0) return true;
  const cx = Math.min(Math.max(x, left + radius), left + width - radius);
  const cy = Math.min(Math.max(y, top + radius), top + height - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

/**
 * For one text: which earlier elements cover which points of its box. Each distinct set is a "cover": a list of
 * [element index, part] with part "fill" (inside the shape), "border" (on its border) or "picture".
 */
function coversOf(nodes: PlacedNode[], textIndex: number): string[][] {
  const text = nodes[textIndex]!;
  // Points every 12 px or so across the box, its edges included.
  const spread = (start: number, length: number) => {
    const count = Math.max(2, Math.ceil(length / 12) + 1);
    return Array.from({ length: count }, (_, index) => start + (length * index) / (count - 1));
  };
  const xs = spread(text.left, text.width);
  const ys = spread(text.top, text.height);
  const painters = nodes.slice(0, textIndex).flatMap((node, index) => {
    const border = borderOf(node.style.border);
    const left = borderOf(node.style.borderLeft);
    const fill = fillColours(node.style).length > 0 && node.style.backgroundClip !== "text";
    return node.type === "img" || fill || border || left ? [{ node, index, border, left, fill }] : [];
  });
  const covers = new Map<string, string[]>();
  for (const x of xs) {
    for (const y of ys) {
      const cover: string[] = [];
      for (const { node, index, border, left, fill } of painters) {
        if (!contains(node, x, y)) continue;
        if (node.type === "img") cover.push(`${index}:picture`);
        if (fill && isRadial(node.style)) {
          // A glow is checked at the point's distance from its centre, rounded towards the centre (stronger).
          const corner = Math.hypot(node.width / 2, node.height / 2);
          const t = Math.hypot(x - (node.left + node.width / 2), y - (node.top + node.height / 2)) / corner;
          cover.push(`${index}:radial@${Math.floor(t * 20) / 20}`);
        } else if (fill) cover.push(`${index}:fill`);
        if ((border && !contains(node, x, y, border.width)) || (left && x <= node.left + left.width)) cover.push(`${index}:border`);
      }
      covers.set(cover.join(" "), cover);
    }
  }
  return [...covers.values()];
}

interface Case {
  template: TemplateId;
  kind: SlideKind;
  portrait: boolean;
  image: boolean;
  bullets: string[];
}

const BULLETS = ["An open heap needs no bin at all", "Put the bin on bare soil", "Half shade keeps the pile moist"];
const CASES: Case[] = TEMPLATE_IDS.flatMap((template) =>
  (["title", "content", "closing"] as const).flatMap((kind) =>
    [false, true].flatMap((portrait) =>
      [false, true].flatMap((image) => [
        { template, kind, portrait, image, bullets: BULLETS },
        // Four points: two columns of cards on a wide startup slide.
        ...(kind === "content" && !portrait && !image ? [{ template, kind, portrait, image, bullets: [...BULLETS, "Turn it with a fork"] }] : []),
      ]),
    ),
  ),
);

function context(which: Case, accent: string, picture: SlideContext["image"]): SlideContext {
  return {
    width: which.portrait ? 1080 : 1920,
    height: which.portrait ? 1350 : 1080,
    portrait: which.portrait,
    kind: which.kind,
    title: "Choosing a bin and a spot for the heap",
    bullets: which.bullets,
    image: which.image ? picture : null,
    slideNumber: which.kind === "title" ? 1 : 3,
    totalSlides: 9,
    accent,
  };
}

/**
 * The fitted text of one layout dressed in another layout's text styles. The geometry does not depend on the brand
 * colour, so a slide is fitted and placed once and only its colours are worked out again for each brand colour.
 */
function restyled(fitted: FittedSlide, layout: TemplateLayout): FittedSlide {
  const dress = (element: SlideElement, style: object): SlideElement => ({ ...element, props: { ...element.props, style: { ...element.props.style, ...style } } });
  let bullets = fitted.bullets;
  if (bullets) {
    const texts = walk(bullets.element)
      .map(({ element }) => element)
      .filter((element) => typeof element.key === "string" && element.key.startsWith("bullet-"))
      .map((element) => dress(element, layout.bullets.style));
    bullets = { ...bullets, element: layout.bullets.list(texts, bullets.size) };
  }
  return { title: fitted.title && { ...fitted.title, element: dress(fitted.title.element, layout.title.style) }, bullets };
}

interface Problem {
  brand: string;
  text: string;
  colour: string;
  background: string;
  ratio: number;
}

/** Each text of the slide in each brand colour against each background it may be drawn on. */
function problems(which: Case, fitted: FittedSlide, nodes: PlacedNode[], picture: SlideContext["image"]): Problem[] {
  const found: Problem[] = [];
  const texts = nodes.flatMap((node, index) => (node.text ? [{ index, covers: coversOf(nodes, index) }] : []));
  for (const brand of BRAND_COLOURS) {
    const layout = DESIGNS[which.template].layout(context(which, brand, picture));
    const elements = walk(layout.compose(restyled(fitted, layout)));
    // The same elements in the same order as laid out: only colours differ between brand colours.
    const types = elements.map(({ element }) => element.type).join(" ");
    if (types !== nodes.map((node) => node.type).join(" ")) expect(types, `${which.template} ${which.kind} in ${brand}`).toBe(nodes.map((node) => node.type).join(" "));
    for (const { index, covers } of texts) {
      const { element, colour } = elements[index]!;
      const style = element.props.style ?? {};
      const inks = style.backgroundClip === "text" ? fillColours(style as Record<string, unknown>) : [parseColour(colour ?? "#000000")];
      for (const cover of covers) {
        let backgrounds: Rgb[] = [{ r: 255, g: 255, b: 255 }];
        for (const part of cover) {
          const [at, what] = part.split(":") as [string, string];
          const radial = what.startsWith("radial@") ? Number(what.slice("radial@".length)) : null;
          const paint = (elements[Number(at)]!.element.props.style ?? {}) as Record<string, unknown>;
          if (what === "picture") {
            found.push({ brand, text: nodes[index]!.text!, colour: "-", background: "a picture", ratio: 0 });
            continue;
          }
          const opacity = typeof paint.opacity === "number" ? paint.opacity : 1;
          const layers =
            radial !== null
              ? [radialAt(String(paint.backgroundImage), radial)]
              : what === "fill"
              ? fillColours(paint)
              : [borderOf(paint.border)?.colour ?? borderOf(paint.borderLeft)!.colour];
          const next = new Map<string, Rgb>();
          for (const under of backgrounds) for (const layer of layers) {
            const mixed = over({ ...layer, a: layer.a * opacity }, under);
            next.set(toHex(mixed), mixed);
          }
          backgrounds = [...next.values()];
        }
        for (const background of backgrounds) {
          for (const ink of inks) {
            const drawn = toHex(over(ink, background));
            const ratio = contrast(drawn, toHex(background));
            if (ratio < RATIO) found.push({ brand, text: nodes[index]!.text!, colour: drawn, background: toHex(background), ratio: Math.round(ratio * 100) / 100 });
          }
        }
      }
    }
  }
  return found;
}

describe("text contrast on every template, whatever the brand colour", () => {
  let fonts: SlideFonts;
  let picture: SlideContext["image"];
  beforeAll(async () => {
    fonts = await slideFonts();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><rect width="64" height="48" fill="#3f7d4a"/></svg>';
    const png = new Uint8Array(new Resvg(svg).render().asPng());
    picture = { src: imageDataUrl(png, "image/png"), width: 64, height: 48 };
  });

  it.each(TEMPLATE_IDS)(
    "%s: every text reads at 4.5:1 on what it is drawn on",
    async (template) => {
      const failures: string[] = [];
      for (const which of CASES.filter((one) => one.template === template)) {
        const layout = DESIGNS[template].layout(context(which, DESIGNS[template].accent, picture));
        const fitted = await fitSlideText(fonts, layout.title, layout.bullets);
        // Restyling with the layout's own styles gives back the fitted slide as fitted: the shortcut is faithful.
        expect(restyled(fitted, layout)).toEqual(fitted);
        const nodes: PlacedNode[] = [];
        const { width, height } = context(which, DESIGNS[template].accent, picture);
        const tree = layout.compose(fitted);
        const whole = { left: 0, top: 0, right: width, bottom: height };
        await satori(tree, {
          width,
          height,
          fonts: fonts.fonts,
          embedFont: false,
          onNodeDetected: (node) =>
            nodes.push({ clip: whole, type: node.type, left: node.left, top: node.top, width: node.width, height: node.height, text: node.textContent, style: (node.props.style ?? {}) as Record<string, unknown> }),
        });
        // Clip each element to its ancestors that hide their overflow (a panel's circles stay in the panel).
        const order = walk(tree);
        expect(order.map(({ element }) => element.type)).toEqual(nodes.map((node) => node.type));
        const clipBelow = (index: number, clip: PlacedNode["clip"]) => {
          const node = nodes[index]!;
          node.clip = clip;
          if (node.style.overflow !== "hidden") return clip;
          return { left: Math.max(clip.left, node.left), top: Math.max(clip.top, node.top), right: Math.min(clip.right, node.left + node.width), bottom: Math.min(clip.bottom, node.top + node.height) };
        };
        let next = 0;
        const descend = (element: SlideElement, clip: PlacedNode["clip"]) => {
          const inner = clipBelow(next++, clip);
          const children: SlideChild[] = Array.isArray(element.props.children) ? element.props.children.flat() : [element.props.children ?? null];
          for (const child of children) if (child && typeof child === "object") descend(child, inner);
        };
        descend(tree, whole);
        expect(nodes.filter((node) => node.text).length).toBeGreaterThan(2);
        const name = `${which.kind} ${which.portrait ? "mobile" : "web"}${which.image ? " with picture" : ""} (${which.bullets.length} points)`;
        const seen = new Set<string>();
        for (const problem of problems(which, fitted, nodes, picture)) {
          const line = `${name}, brand ${problem.brand}: "${problem.text}" ${problem.colour} on ${problem.background} = ${problem.ratio}`;
          const key = `${name} ${problem.text} ${problem.brand}`;
          if (!seen.has(key)) failures.push(line);
          seen.add(key);
        }
      }
      expect(failures.slice(0, 40), `${failures.length} texts below ${RATIO}:1`).toEqual([]);
    },
    120_000,
  );
});
