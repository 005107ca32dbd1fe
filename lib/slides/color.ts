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

/** White or near-black, whichever reads better on `background`. */
export function readableOn(background: string, dark = "#111827", light = "#ffffff"): string {
  return contrast(background, light) >= contrast(background, dark) ? light : dark;
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
