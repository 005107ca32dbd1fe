// The slide fonts: Inter from @fontsource/inter (WOFF, which satori reads; no download), read once per process,
// and the text clean-up that keeps characters none of them can draw from turning into "no glyph" boxes.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { SatoriOptions } from "satori";

type FontOptions = SatoriOptions["fonts"][number];

export const FONT_FAMILY = "Inter";
/** Regular for body text, semibold and bold for titles and labels, extra bold for the display titles. */
export const FONT_WEIGHTS = [400, 600, 700, 800] as const;
/**
 * Every script subset @fontsource/inter ships. Only "latin" is named in styles; satori falls back to the other
 * loaded fonts, in this order, for characters the named one lacks.
 */
const SUBSETS = ["latin", "latin-ext", "cyrillic", "cyrillic-ext", "greek", "greek-ext", "vietnamese"] as const;

export interface SlideFonts {
  fonts: FontOptions[];
  /** Code point ranges the fonts cover, from the package's unicode.json. */
  ranges: [number, number][];
}

let loading: Promise<SlideFonts> | null = null;

/** The package folder, found from the app's root: bundlers rewrite require.resolve, a runtime createRequire is left alone. */
function fontPackageDir(): string {
  const require = createRequire(path.join(process.cwd(), "package.json"));
  return path.dirname(require.resolve("@fontsource/inter/package.json"));
}

function parseRanges(unicode: Record<string, string>): [number, number][] {
  const ranges: [number, number][] = [];
  for (const subset of SUBSETS) {
    for (const part of (unicode[subset] ?? "").split(",")) {
      const match = /^U\+([0-9A-F]+)(?:-([0-9A-F]+))?$/i.exec(part.trim());
      if (!match) continue;
      const start = Number.parseInt(match[1]!, 16);
      ranges.push([start, match[2] ? Number.parseInt(match[2], 16) : start]);
    }
  }
  // Subsets overlap (several carry U+0304, for instance): merged, the ranges can be binary-searched.
  const merged: [number, number][] = [];
  for (const [start, end] of ranges.sort((a, b) => a[0] - b[0])) {
    const last = merged.at(-1);
    if (last && start <= last[1] + 1) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

async function load(): Promise<SlideFonts> {
  const dir = fontPackageDir();
  const unicode = JSON.parse(await readFile(path.join(dir, "unicode.json"), "utf8")) as Record<string, string>;
  const fonts = await Promise.all(
    SUBSETS.flatMap((subset) =>
      FONT_WEIGHTS.map(async (weight): Promise<FontOptions> => ({
        name: subset === "latin" ? FONT_FAMILY : `${FONT_FAMILY} ${subset}`,
        data: await readFile(path.join(dir, "files", `inter-${subset}-${weight}-normal.woff`)),
        weight,
        style: "normal",
      })),
    ),
  );
  return { fonts, ranges: parseRanges(unicode) };
}

/**
 * The fonts, loaded on first use and kept for the life of the process. satori caches parsed fonts per array
 * identity, so every render must pass this same array.
 */
export function slideFonts(): Promise<SlideFonts> {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

function covered(ranges: readonly [number, number][], codePoint: number): boolean {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [start, end] = ranges[middle]!;
    if (codePoint < start) high = middle - 1;
    else if (codePoint > end) low = middle + 1;
    else return true;
  }
  return false;
}

/**
 * Text as the slide shows it: characters the fonts cannot draw (emoji, CJK, control characters) left out, white
 * space collapsed. Decks come from arbitrary blogs; a missing glyph would render as a box, a missing emoji is
 * simply not there.
 */
export function drawableText(text: string, ranges: readonly [number, number][]): string {
  let result = "";
  for (const character of text.normalize("NFC")) {
    const codePoint = character.codePointAt(0)!;
    if (/\s/u.test(character)) result += " ";
    // Format characters (joiners of emoji sequences, soft hyphens, direction marks) have nothing to draw.
    else if (/\p{Cf}/u.test(character)) continue;
    else if (codePoint >= 0x20 && !(codePoint >= 0x7f && codePoint < 0xa0) && covered(ranges, codePoint)) result += character;
  }
  return result.replace(/ {2,}/g, " ").trim();
}
