// Creative: warm and playful. Cream pages with large brand-coloured circles, extra-bold titles, numbered points,
// photos in tilted white frames; title and closing slides on a full brand gradient.
import { backgroundFor, ensureContrast, gradientFor, luminance, mix, readableOn, readableOnAll, rotateHue, withAlpha } from "../color";
import { shape, type SlideElement } from "../elements";
import { canvas, column, label, markedList, picture, positioned, region, sizes, stack, textLayout, twoDigits } from "./kit";
import type { Area, SlideContext, TemplateDesign, TemplateLayout } from "./kit";

const CREAM = "#fff7ed";
const INK = "#1c1917";
const BODY = "#44403c";

function numberedList(texts: SlideElement[], size: number, colour: string): SlideElement {
  return markedList(texts, size, { width: 1.55, line: 1.4, gap: 0.35, rowGap: 0.7 }, (index) =>
    label(twoDigits(index + 1), { fontSize: Math.round(size * 0.82), fontWeight: 800, color: colour, letterSpacing: 1 }),
  );
}

/**
 * A photo in a white frame, turned a little, over a flat offset shadow (a blurred shadow would cost resvg several
 * times the whole slide's drawing time).
 */
function framedPhoto(slide: SlideContext, area: Area, degrees: number): SlideElement[] {
  if (!slide.image) return [];
  const border = Math.round(Math.min(area.width, area.height) * 0.035);
  const turn = `rotate(${degrees}deg)`;
  return [
    positioned({ ...area, left: area.left + 18, top: area.top + 24, borderRadius: 18, backgroundColor: "rgba(28, 25, 23, 0.13)", transform: turn }),
    positioned(
      { ...area, padding: border, backgroundColor: "#ffffff", borderRadius: 18, transform: turn },
      picture(slide.image, area.width - 2 * border, area.height - 2 * border, { borderRadius: 10 }),
    ),
  ];
}

function contentLayout(slide: SlideContext): TemplateLayout {
  const { width: W, height: H, portrait, image } = slide;
  const accent = ensureContrast(slide.accent, CREAM, 3);
  // The points' numbers are text: they need more contrast than the accent's shapes do, on the cream and on the
  // accent ring that may pass under the last of them.
  const numbers = readableOnAll([CREAM, mix(CREAM, accent, 0.18)], slide.accent);
  // The second colour's translucent circle may lie under the points' ends: kept light enough for their ink.
  const second = backgroundFor(mix(rotateHue(slide.accent, 38), "#ffffff", 0.25), [BODY, INK], (colour) => [mix(CREAM, colour, 0.55)]);
  let text: Area;
  let photo: Area | null = null;
  let circle: { left: number; top: number; size: number };
  let numberAt: { left: number; top: number };
  if (!portrait) {
    circle = { left: W - 520, top: -300, size: 820 };
    numberAt = { left: W - 250, top: 120 };
    if (image) {
      photo = { left: 1090, top: 250, width: 680, height: 700 };
      text = { left: 140, top: 150, width: 840, height: H - 150 - 120 };
    } else {
      text = { left: 140, top: 150, width: 1200, height: H - 150 - 120 };
    }
  } else {
    circle = { left: W - 330, top: -300, size: 600 };
    numberAt = { left: W - 190, top: 90 };
    if (image) {
      photo = { left: 90, top: 160, width: 760, height: 500 };
      text = { left: 90, top: 160 + 500 + 90, width: W - 180, height: H - (160 + 500 + 90) - 110 };
    } else {
      text = { left: 90, top: 300, width: W - 180, height: H - 300 - 110 };
    }
  }
  const bar = { above: portrait ? 30 : 34, below: portrait ? 44 : 48 };
  return textLayout(slide, {
    area: text,
    between: bar.above + 12 + bar.below,
    titleShare: 0.44,
    title: {
      sizes: portrait ? sizes(image ? 66 : 80, 40) : sizes(image ? 72 : 88, 42),
      lineHeight: 1.06,
      style: { fontWeight: 800, color: INK, letterSpacing: "-0.025em" },
    },
    bullets: {
      sizes: portrait ? sizes(image ? 40 : 46, 24, 2) : sizes(image ? 42 : 48, 24, 2),
      lineHeight: 1.4,
      style: { fontWeight: 400, color: BODY },
      list: (texts, size) => numberedList(texts, size, numbers),
    },
    background: CREAM,
    compose: (fitted) =>
      canvas(slide, { backgroundColor: CREAM }, [
        positioned({ left: circle.left, top: circle.top, width: circle.size, height: circle.size, borderRadius: circle.size / 2, backgroundColor: accent }),
        positioned({
          left: portrait ? W - 140 : W - 190,
          top: portrait ? H - 260 : H - 250,
          width: portrait ? 220 : 300,
          height: portrait ? 220 : 300,
          borderRadius: 200,
          backgroundColor: withAlpha(second, 0.55),
        }),
        positioned({ left: portrait ? -90 : -120, top: portrait ? H - 170 : H - 210, width: 260, height: 260, borderRadius: 130, border: `10px solid ${withAlpha(accent, 0.18)}` }),
        ...(photo ? framedPhoto(slide, photo, portrait ? -2 : 3) : []),
        positioned({ left: numberAt.left, top: numberAt.top }, label(twoDigits(slide.slideNumber), { fontSize: portrait ? 60 : 72, fontWeight: 800, color: readableOn(accent, INK, CREAM) })),
        region(text, stack(fitted, { between: shape({ width: 132, height: 12, borderRadius: 6, backgroundColor: second, marginTop: bar.above, marginBottom: bar.below }) })),
      ]),
  });
}

/** Title and closing slides: the brand as a full gradient, big soft circles, the photo in a circle. */
function featureLayout(slide: SlideContext): TemplateLayout {
  const { width: W, height: H, portrait, image } = slide;
  const ends = [slide.accent, rotateHue(mix(slide.accent, "#ffffff", 0.1), 38)] as const;
  const ink = readableOn(mix(ends[0], ends[1], 0.5), INK, "#ffffff");
  const light = luminance(ink) > 0.5;
  const soft = light ? (["#ffffff", 0.88] as const) : (["#1c1917", 0.82] as const);
  // The gradient's ends are darkened (under white text) or lightened (under dark text) until the text reads on
  // them, on their middle, and through the translucent white circles drawn over them.
  const [from, to] = gradientFor(ends, [ink, soft], (colour) => [0, 0.12, 0.16, 0.2].map((amount) => mix(colour, "#ffffff", amount)));
  const closing = slide.kind === "closing";
  let text: Area;
  let disc: { left: number; top: number; size: number } | null = null;
  if (!portrait) {
    if (image) disc = { left: 1130, top: 170, size: 740 };
    text = { left: 150, top: 140, width: image ? 920 : 1400, height: H - 140 - 130 };
  } else {
    if (image) disc = { left: 240, top: 80, size: 600 };
    text = { left: 90, top: image ? 750 : 360, width: W - 180, height: H - (image ? 750 : 360) - 110 };
  }
  const between = closing ? 56 : 44;
  return textLayout(slide, {
    area: text,
    between,
    titleShare: 0.6,
    title: {
      sizes: portrait ? sizes(closing ? 80 : 96, 48) : sizes(closing ? 96 : 112, 56),
      lineHeight: 1.02,
      style: { fontWeight: 800, color: ink, letterSpacing: "-0.028em" },
    },
    bullets: {
      sizes: portrait ? sizes(36, 24, 2) : sizes(36, 22, 2),
      lineHeight: 1.4,
      style: { fontWeight: 400, color: withAlpha(soft[0], soft[1]) },
      list: (texts, size) => (closing ? numberedList(texts, size, ink) : column(texts, Math.round(size * 0.5))),
    },
    background: from,
    compose: (fitted) =>
      canvas(slide, { backgroundColor: from, backgroundImage: `linear-gradient(135deg, ${from} 0%, ${to} 100%)` }, [
        positioned({ left: portrait ? 560 : 1180, top: portrait ? -240 : -340, width: 900, height: 900, borderRadius: 450, backgroundColor: "rgba(255, 255, 255, 0.12)" }),
        positioned({ left: portrait ? -260 : -220, top: portrait ? H - 420 : H - 360, width: 620, height: 620, borderRadius: 310, border: "14px solid rgba(255, 255, 255, 0.16)" }),
        positioned({ left: portrait ? W - 230 : W - 300, top: portrait ? H - 240 : H - 250, width: 160, height: 160, borderRadius: 80, backgroundColor: "rgba(255, 255, 255, 0.2)" }),
        disc && image
          ? positioned(
              { left: disc.left, top: disc.top, width: disc.size, height: disc.size, borderRadius: disc.size / 2, padding: 18, backgroundColor: "rgba(255, 255, 255, 0.9)" },
              picture(image, disc.size - 36, disc.size - 36, { borderRadius: (disc.size - 36) / 2 }),
            )
          : null,
        region(text, stack(fitted, { between }), { justifyContent: portrait ? "flex-start" : "center" }),
      ]),
  });
}

export const creative: TemplateDesign = {
  accent: "#f0523f",
  layout: (slide) => (slide.kind === "content" ? contentLayout(slide) : featureLayout(slide)),
};
