// Startup: a pitch deck. Near-black canvas with brand-coloured glows, extra-bold headlines (a gradient on the
// title slide), a pill with the page number, points set on translucent cards, photos with rounded glowing frames.
import { ensureContrast, luminance, mix, readableOnAll, rotateHue, withAlpha } from "../color";
import { box, shape, type SlideElement } from "../elements";
import { canvas, column, label, picture, positioned, region, sizes, stack, textLayout, twoDigits } from "./kit";
import type { Area, SlideContext, TemplateDesign, TemplateLayout } from "./kit";

const NIGHT = "#0a0a12";
const BODY = "#cbd5e1";
const MUTED = "#8b93a7";

/** The brightest a glow may light the canvas (relative luminance): white text keeps 9:1 on it, body text 5:1. */
const GLOW_LIMIT = 0.06;

/** A glow's strength, turned down for a light brand colour so that the canvas under the text stays dark. */
function glowStrength(colour: string, strength: number): number {
  let alpha = strength;
  while (alpha > 0 && luminance(mix(NIGHT, colour, alpha)) > GLOW_LIMIT) alpha = Math.max(0, alpha - 0.02);
  return alpha;
}

function palette(slide: SlideContext) {
  const accent = ensureContrast(slide.accent, NIGHT, 4.5);
  const second = ensureContrast(rotateHue(slide.accent, 48), NIGHT, 4.5);
  // What text is drawn on: the canvas, bare or lit by a glow at its strongest, under a card or not, and the pill.
  const canvases = [NIGHT, mix(NIGHT, accent, glowStrength(accent, 0.5)), mix(NIGHT, second, glowStrength(second, 0.3))];
  const grounds = [...canvases, ...canvases.map((canvas) => mix(canvas, "#ffffff", 0.05)), mix(NIGHT, accent, 0.16)];
  const text = (colour: string) => readableOnAll(grounds, colour);
  return {
    accent,
    second,
    light: text(mix(accent, "#ffffff", 0.55)),
    body: text(BODY),
    muted: text(MUTED),
    /** The accent and second colours as text (the cards' big numbers, the headline's last stop). */
    accentText: text(accent),
    secondText: text(second),
    headlineEnd: text(mix(second, "#ffffff", 0.35)),
  };
}

type Palette = ReturnType<typeof palette>;

function glow(colour: string, area: Area, requested: number): SlideElement {
  const strength = glowStrength(colour, requested);
  return positioned({
    ...area,
    backgroundImage: `radial-gradient(circle at center, ${withAlpha(colour, strength)} 0%, ${withAlpha(colour, strength * 0.35)} 35%, ${withAlpha(colour, 0)} 70%)`,
  });
}

function pill(slide: SlideContext, colours: Palette, size: number): SlideElement {
  return box(
    {
      alignItems: "center",
      paddingTop: Math.round(size * 0.45),
      paddingBottom: Math.round(size * 0.45),
      paddingLeft: Math.round(size * 0.9),
      paddingRight: Math.round(size * 0.9),
      borderRadius: 999,
      backgroundColor: withAlpha(colours.accent, 0.16),
      border: `1px solid ${withAlpha(colours.accent, 0.5)}`,
    },
    [
      shape({ width: Math.round(size * 0.45), height: Math.round(size * 0.45), borderRadius: 99, backgroundImage: `linear-gradient(135deg, ${colours.accent}, ${colours.second})`, marginRight: Math.round(size * 0.5) }),
      label(`${twoDigits(slide.slideNumber)} / ${twoDigits(slide.totalSlides)}`, { fontSize: size, fontWeight: 700, color: colours.light, letterSpacing: 2 }),
    ],
  );
}

/** Points on cards, in `columns` columns; a row of three becomes feature cards with big gradient numbers. */
function cards(texts: SlideElement[], size: number, colours: Palette, width: number, columns: number): SlideElement {
  const gap = Math.round(size * 0.5);
  const cardWidth = Math.floor((width - gap * (columns - 1)) / columns);
  const gradient = `linear-gradient(135deg, ${colours.accent}, ${colours.second})`;
  const numbers = `linear-gradient(135deg, ${colours.accentText}, ${colours.secondText})`;
  const featured = columns === 3;
  return box(
    { flexDirection: "row", flexWrap: "wrap", width, columnGap: gap, rowGap: gap },
    texts.map((text, index) =>
      box(
        {
          width: cardWidth,
          flexDirection: featured ? "column" : "row",
          alignItems: "flex-start",
          paddingTop: Math.round(size * (featured ? 0.9 : 0.6)),
          paddingBottom: Math.round(size * (featured ? 1 : 0.6)),
          paddingLeft: Math.round(size * (featured ? 0.9 : 0.75)),
          paddingRight: Math.round(size * 0.9),
          borderRadius: 22,
          backgroundColor: "rgba(255, 255, 255, 0.05)",
          border: "1px solid rgba(255, 255, 255, 0.09)",
        },
        [
          featured
            ? label(twoDigits(index + 1), {
                fontSize: Math.round(size * 1.5),
                fontWeight: 800,
                lineHeight: 1.1,
                letterSpacing: "-0.02em",
                marginBottom: Math.round(size * 0.45),
                color: "transparent",
                backgroundImage: numbers,
                backgroundClip: "text",
              })
            : box({ width: Math.round(size * 0.4), height: Math.round(size * 1.45), alignItems: "center", flexShrink: 0, marginRight: Math.round(size * 0.6) }, [
                shape({ width: Math.round(size * 0.4), height: Math.round(size * 0.4), borderRadius: 99, backgroundImage: gradient }),
              ]),
          box({ flexDirection: "column", flexGrow: 1, flexShrink: 1, flexBasis: 0, minWidth: 0, width: featured ? "100%" : undefined }, text),
        ],
      ),
    ),
  );
}

/** A rounded photo in a thin gradient frame over a soft glow (a gradient: a blurred shadow is far slower to draw). */
function glowingPhoto(image: NonNullable<SlideContext["image"]>, area: Area, colours: Palette): SlideElement[] {
  const frame = 3;
  const spread = 220;
  return [
    glow(colours.accent, { left: area.left - spread, top: area.top - spread, width: area.width + 2 * spread, height: area.height + 2 * spread }, 0.38),
    positioned(
      { ...area, padding: frame, borderRadius: 34, backgroundImage: `linear-gradient(135deg, ${colours.accent}, ${colours.second})` },
      picture(image, area.width - 2 * frame, area.height - 2 * frame, { borderRadius: 31 }),
    ),
  ];
}

function contentLayout(slide: SlideContext): TemplateLayout {
  const { width: W, height: H, portrait, image } = slide;
  const colours = palette(slide);
  let text: Area;
  let photo: Area | null = null;
  const pillAt = portrait ? { left: 90, top: 96 } : { left: 140, top: 100 };
  if (!portrait) {
    if (image) {
      photo = { left: 1130, top: 150, width: 650, height: 780 };
      text = { left: 140, top: 210, width: 900, height: H - 210 - 110 };
    } else {
      text = { left: 140, top: 210, width: W - 280, height: H - 210 - 110 };
    }
  } else if (image) {
    photo = { left: 90, top: 200, width: W - 180, height: 460 };
    text = { left: 90, top: 200 + 460 + 70, width: W - 180, height: H - (200 + 460 + 70) - 100 };
  } else {
    text = { left: 90, top: 210, width: W - 180, height: H - 210 - 100 };
  }
  // A wide slide without a picture sets its points side by side: three as a row of feature cards, more in two columns.
  const count = slide.bullets.length;
  const columns = portrait || image || count < 2 ? 1 : count === 3 ? 3 : 2;
  const between = 52;
  return textLayout(slide, {
    area: text,
    between,
    titleShare: 0.4,
    title: {
      sizes: portrait ? sizes(image ? 62 : 74, 38) : sizes(image ? 70 : 84, 40),
      lineHeight: 1.06,
      style: { fontWeight: 800, color: "#ffffff", letterSpacing: "-0.03em" },
    },
    bullets: {
      sizes: portrait ? sizes(image ? 36 : 40, 22, 2) : sizes(columns > 1 ? 40 : 38, 22, 2),
      lineHeight: 1.45,
      style: { fontWeight: 400, color: colours.body },
      list: (texts, size) => cards(texts, size, colours, text.width, columns),
    },
    background: NIGHT,
    compose: (fitted) =>
      canvas(slide, { backgroundColor: NIGHT }, [
        glow(colours.accent, portrait ? { left: W - 560, top: -520, width: 1100, height: 1100 } : { left: W - 760, top: -640, width: 1300, height: 1300 }, 0.42),
        glow(colours.second, portrait ? { left: -420, top: H - 420, width: 800, height: 800 } : { left: -420, top: H - 380, width: 900, height: 900 }, 0.22),
        ...(photo && image ? glowingPhoto(image, photo, colours) : []),
        positioned(pillAt, pill(slide, colours, portrait ? 24 : 22)),
        region(text, stack(fitted, { between })),
      ]),
  });
}

/** Title and closing slides: a big gradient headline over two glows. */
function featureLayout(slide: SlideContext): TemplateLayout {
  const { width: W, height: H, portrait, image } = slide;
  const colours = palette(slide);
  const closing = slide.kind === "closing";
  let text: Area;
  let photo: Area | null = null;
  if (!portrait) {
    if (image) {
      photo = { left: 1200, top: 140, width: 600, height: 800 };
      text = { left: 150, top: 150, width: 960, height: H - 300 };
    } else {
      text = { left: 150, top: 150, width: 1500, height: H - 300 };
    }
  } else if (image) {
    photo = { left: 90, top: 110, width: W - 180, height: 520 };
    text = { left: 90, top: 110 + 520 + 80, width: W - 180, height: H - (110 + 520 + 80) - 110 };
  } else {
    text = { left: 90, top: 200, width: W - 180, height: H - 200 - 110 };
  }
  const between = 48;
  return textLayout(slide, {
    area: text,
    between,
    titleShare: 0.62,
    title: {
      sizes: portrait ? sizes(closing ? 84 : 96, 48) : sizes(closing ? 100 : image ? 104 : 120, 56),
      lineHeight: 1.02,
      style: {
        fontWeight: 800,
        letterSpacing: "-0.035em",
        color: "transparent",
        backgroundImage: `linear-gradient(90deg, #ffffff 0%, ${colours.light} 55%, ${colours.headlineEnd} 100%)`,
        backgroundClip: "text",
        // The gradient fills the text's box only: room below the last line keeps its descenders (g, p, y) drawn.
        paddingBottom: "0.2em",
      },
    },
    bullets: {
      sizes: sizes(34, 22, 2),
      lineHeight: 1.45,
      style: { fontWeight: 400, color: closing ? colours.body : colours.muted },
      list: (texts, size) => (closing ? cards(texts, size, colours, text.width, 1) : column(texts, Math.round(size * 0.45))),
    },
    background: NIGHT,
    compose: (fitted) =>
      canvas(slide, { backgroundColor: NIGHT }, [
        glow(colours.accent, portrait ? { left: -300, top: -300, width: 1300, height: 1300 } : { left: 500, top: -700, width: 1700, height: 1700 }, 0.5),
        glow(colours.second, portrait ? { left: 300, top: H - 700, width: 1100, height: 1100 } : { left: -500, top: H - 560, width: 1200, height: 1200 }, 0.3),
        positioned({ left: 0, top: H - 6, width: W, height: 6, backgroundImage: `linear-gradient(90deg, ${colours.accent}, ${colours.second})` }),
        ...(photo && image ? glowingPhoto(image, photo, colours) : []),
        region(text, stack(fitted, { between }), { justifyContent: portrait && !image ? "flex-end" : "center" }),
      ]),
  });
}

export const startup: TemplateDesign = {
  accent: "#7c5cff",
  layout: (slide) => (slide.kind === "content" ? contentLayout(slide) : featureLayout(slide)),
};
