// Colour arithmetic for the slide templates: a tenant's brand colour becomes the accent, so every template must
// keep it readable on its own background whatever hue and lightness the brand happens to have.
import { BadRequest } from "@/lib/errors";

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const HEX_COLOUR = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Whether a value is a hex colour the renderer accepts: #rgb or #rrggbb (the leading # may be left out). */
export function isHexColour(value: string): boolean {
  return HEX_COLOUR.test(value.trim());
}

export function parseHex(value: string): Rgb {
  const match = HEX_COLOUR.exec(value.trim());
  if (!match) throw new BadRequest(`Brand colour "${value}" is not a hex colour such as #1d4ed8.`);
  const digits = match[1]!.length === 3 ? [...match[1]!].map((digit) => digit + digit).join("") : match[1]!;
  const number = Number.parseInt(digits, 16);
  return { r: (number >> 16) & 255, g: (number >> 8) & 255, b: number & 255 };
}

/** Normalises any accepted spelling to lower-case #rrggbb. */
export function normaliseHex(value: string): string {
  return toHex(parseHex(value));
}

export function toHex({ r, g, b }: Rgb): string {
  const byte = (channel: number) => Math.round(Math.min(255, Math.max(0, channel))).toString(16).padStart(2, "0");
  return `#${byte(r)}${byte(g)}${byte(b)}`;
}

/** `amount` 0 keeps `from`, 1 gives `to`. */
export function mix(from: string, to: string, amount: number): string {
  const a = parseHex(from);
  const b = parseHex(to);
  return toHex({ r: a.r + (b.r - a.r) * amount, g: a.g + (b.g - a.g) * amount, b: a.b + (b.b - a.b) * amount });
}

export function withAlpha(colour: string, alpha: number): string {
  const { r, g, b } = parseHex(colour);
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** WCAG relative luminance. */
export function luminance(colour: string): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const { r, g, b } = parseHex(colour);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG's minimum contrast for text (success criterion 1.4.3, level AA); slide text is held to it at every size. */
export const TEXT_CONTRAST = 4.5;

/** `colour` moved towards `target` in twentieths until `reads` holds; `target` itself when nothing short of it does. */
function movedUntil(colour: string, target: string, reads: (candidate: string) => boolean): string {
  for (let step = 0; step <= 20; step += 1) {
    const candidate = mix(colour, target, step / 20);
    if (reads(candidate)) return candidate;
  }
  return target;
}

/**
 * Text for `background`: the near-black or the white given, whichever reads better, made darker or lighter until
 * it reaches `ratio`; the other one when the first cannot (black or white gives at least 4.58:1 on any colour).
 */
export function readableOn(background: string, dark = "#111827", light = "#ffffff", ratio = TEXT_CONTRAST): string {
  const reads = (candidate: string) => contrast(candidate, background) >= ratio;
  const lighter = () => movedUntil(light, "#ffffff", reads);
  const darker = () => movedUntil(dark, "#000000", reads);
  const [first, second] = contrast(background, light) >= contrast(background, dark) ? [lighter, darker] : [darker, lighter];
  const chosen = first();
  return reads(chosen) ? chosen : second();
}

/**
 * A text colour that reads at `ratio` on every one of `backgrounds` (the ends of a gradient, a card and the page
 * under it): `preferred` itself when it does, otherwise moved towards white or black, whichever gets there first.
 */
export function readableOnAll(backgrounds: readonly string[], preferred: string, ratio = TEXT_CONTRAST): string {
  const reads = (candidate: string) => backgrounds.every((background) => contrast(candidate, background) >= ratio);
  if (reads(preferred)) return preferred;
  for (let step = 1; step <= 20; step += 1) {
    for (const target of ["#ffffff", "#000000"]) {
      const candidate = mix(preferred, target, step / 20);
      if (reads(candidate)) return candidate;
    }
  }
  const worst = (candidate: string) => Math.min(...backgrounds.map((background) => contrast(candidate, background)));
  return worst("#ffffff") >= worst("#000000") ? "#ffffff" : "#000000";
}

type TextColour = string | readonly [colour: string, alpha: number];

/** Whether every text reads at `ratio` on every one of `backgrounds`; a translucent text as drawn over each. */
function allRead(texts: readonly TextColour[], backgrounds: readonly string[], ratio: number): boolean {
  return backgrounds.every((background) =>
    texts.every((text) => contrast(typeof text === "string" ? text : mix(background, text[0], text[1]), background) >= ratio),
  );
}

/** Black under light text, white under dark text: where a background moves to make its text stand out. */
function awayFrom(texts: readonly TextColour[]): string {
  return texts.every((text) => luminance(typeof text === "string" ? text : text[0]) >= 0.2) ? "#000000" : "#ffffff";
}

/**
 * A background moved away from its text (darker under light text, lighter under dark text) until the text reads
 * at `ratio` on it. `under` gives the colours the background takes where the template draws translucent shapes
 * over it (the background itself among them); a text given as [colour, alpha] is checked as drawn on each.
 */
export function backgroundFor(
  background: string,
  texts: readonly TextColour[],
  under: (background: string) => string[] = (colour) => [colour],
  ratio = TEXT_CONTRAST,
): string {
  return movedUntil(background, awayFrom(texts), (candidate) => allRead(texts, under(candidate), ratio));
}

/** A gradient's two ends, each as backgroundFor moves it, then both further until the text reads halfway too. */
export function gradientFor(
  ends: readonly [string, string],
  texts: readonly TextColour[],
  under: (background: string) => string[] = (colour) => [colour],
  ratio = TEXT_CONTRAST,
): [string, string] {
  const away = awayFrom(texts);
  let from = backgroundFor(ends[0], texts, under, ratio);
  let to = backgroundFor(ends[1], texts, under, ratio);
  for (let step = 0; step < 20 && !allRead(texts, under(mix(from, to, 0.5)), ratio); step += 1) {
    from = mix(from, away, 0.1);
    to = mix(to, away, 0.1);
  }
  return [from, to];
}

/**
 * The colour itself when it already stands out from `background` by `ratio`; otherwise moved towards white (on a
 * dark background) or black (on a light one) until it does. A navy brand stays navy on white and becomes a lighter
 * blue on the dark templates instead of vanishing.
 */
export function ensureContrast(colour: string, background: string, ratio: number): string {
  const target = luminance(background) < 0.2 ? "#ffffff" : "#000000";
  for (let step = 0; step <= 20; step += 1) {
    const candidate = mix(colour, target, step / 20);
    if (contrast(candidate, background) >= ratio) return candidate;
  }
  return target;
}

function toHsl(colour: string): { h: number; s: number; l: number } {
  const { r, g, b } = parseHex(colour);
  const [red, green, blue] = [r / 255, g / 255, b / 255];
  const max = Math.max(red, green, blue);
  const min = Math.min(red, green, blue);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h =
    max === red ? ((green - blue) / d + (green < blue ? 6 : 0)) * 60 : max === green ? ((blue - red) / d + 2) * 60 : ((red - green) / d + 4) * 60;
  return { h, s, l };
}

function fromHsl(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    hue < 60 ? [c, x, 0] : hue < 120 ? [x, c, 0] : hue < 180 ? [0, c, x] : hue < 240 ? [0, x, c] : hue < 300 ? [x, 0, c] : [c, 0, x];
  return toHex({ r: (r + m) * 255, g: (g + m) * 255, b: (b + m) * 255 });
}

/** The same colour with its hue turned by `degrees`: the second stop of a gradient that stays on brand. */
export function rotateHue(colour: string, degrees: number): string {
  const { h, s, l } = toHsl(colour);
  return fromHsl(h + degrees, s, l);
}
