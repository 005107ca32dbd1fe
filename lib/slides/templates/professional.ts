// Professional: a corporate deck. White content slides with a brand-coloured edge bar, square bullet markers and
// a ruled footer; title and closing slides on a deep shade of the brand colour; photos bleed off the right edge.
import { ensureContrast, mix } from "../color";
import { box, shape, type SlideElement } from "../elements";
import type { FittedSlide } from "../fit";
import {
  bulletRow,
  canvas,
  column,
  label,
  picture,
  positioned,
  region,
  sizes,
  twoDigits,
  type SlideContext,
  type TemplateDesign,
  type TemplateLayout,
} from "./shared";

const INK = "#0f172a";
const BODY = "#334155";
const MUTED = "#64748b";
const RULE = "#e2e8f0";
const PAPER = "#ffffff";

function palette(slide: SlideContext, dark: boolean) {
  const background = dark ? mix(slide.accent, "#020617", 0.86) : PAPER;
  return {
    dark,
    background,
    title: dark ? "#ffffff" : INK,
    body: dark ? "#cbd5e1" : BODY,
    muted: dark ? "#94a3b8" : MUTED,
    rule: dark ? mix(background, "#ffffff", 0.16) : RULE,
    accent: ensureContrast(slide.accent, background, 3),
  };
}

type Palette = ReturnType<typeof palette>;

function pageNumber(slide: SlideContext, colours: Palette, size: number): SlideElement {
  return box({ flexDirection: "row", alignItems: "baseline" }, [
    label(twoDigits(slide.slideNumber), { fontSize: size, fontWeight: 700, color: colours.title }),
    label(`/ ${twoDigits(slide.totalSlides)}`, { fontSize: size, fontWeight: 600, color: colours.muted, marginLeft: Math.round(size * 0.3) }),
  ]);
}

/** Bullets with small square markers in the accent colour. */
function squareBullets(texts: SlideElement[], size: number, colours: Palette): SlideElement {
  return column(
    texts.map((item) =>
      bulletRow(
        shape({ width: Math.round(size * 0.3), height: Math.round(size * 0.3), backgroundColor: colours.accent }),
        Math.round(size * 0.3),
        Math.round(size * 1.42),
        Math.round(size * 0.75),
        item,
      ),
    ),
    Math.round(size * 0.62),
  );
}

function footer(slide: SlideContext, colours: Palette, area: { left: number; top: number; width: number }, size: number): SlideElement[] {
  const { height: H } = slide;
  return [
    positioned({ left: area.left, top: area.top, width: area.width, height: 2, backgroundColor: colours.rule }),
    positioned(
      { left: area.left, top: area.top + 2, width: area.width, height: H - area.top - 2, alignItems: "center", justifyContent: "flex-end" },
      pageNumber(slide, colours, size),
    ),
  ];
}

/**
 * Content slides: the title on a deep brand-shade header band, bullets with square markers on white, a ruled
 * footer with the page number; a picture fills the right side (web) or sits under the band (mobile).
 */
function bandLayout(slide: SlideContext): TemplateLayout {
  const colours = palette(slide, false);
  const band = palette(slide, true);
  const { width: W, height: H, portrait, image } = slide;
  const bandHeight = portrait ? 360 : 264;
  const titleArea = portrait
    ? { left: 90, top: 64, width: W - 180, height: bandHeight - 128 }
    : { left: 150, top: 46, width: W - 300, height: bandHeight - 92 };
  let text: { left: number; top: number; width: number; height: number };
  let photo: { left: number; top: number; width: number; height: number } | null = null;
  if (!portrait) {
    if (image) photo = { left: 1080, top: bandHeight, width: W - 1080, height: H - bandHeight };
    text = { left: 150, top: bandHeight + 76, width: (image ? 1080 - 110 : W - 150) - 150, height: H - 160 - (bandHeight + 76) };
  } else {
    if (image) photo = { left: 0, top: bandHeight, width: W, height: 440 };
    const top = bandHeight + (image ? 440 : 0) + 70;
    text = { left: 90, top, width: W - 180, height: H - 170 - top };
  }
  const footerArea = portrait ? { left: 90, top: H - 116, width: W - 180 } : { left: 150, top: H - 104, width: text.width };
  const compose = (fitted: FittedSlide): SlideElement =>
    canvas(slide, { backgroundColor: colours.background }, [
      positioned({ left: 0, top: 0, width: W, height: bandHeight, backgroundColor: band.background }),
      photo && image ? positioned({ ...photo }, picture(image, photo.width, photo.height)) : null,
      portrait
        ? positioned({ left: 0, top: bandHeight - 10, width: W, height: 10, backgroundColor: band.accent })
        : positioned({ left: 0, top: 0, width: 14, height: H, backgroundColor: colours.accent }),
      region(titleArea, fitted.title ? [fitted.title.element] : [], { justifyContent: "center" }),
      region(text, fitted.bullets ? [fitted.bullets.element] : []),
      ...footer(slide, colours, footerArea, portrait ? 26 : 24),
    ]);
  return {
    title: {
      text: slide.title,
      width: titleArea.width,
      maxHeight: titleArea.height,
      sizes: portrait ? sizes(64, 36) : sizes(76, 40),
      lineHeight: 1.12,
      style: { fontWeight: 700, color: "#ffffff", letterSpacing: "-0.014em" },
    },
    bullets: {
      items: slide.bullets,
      width: text.width,
      maxHeight: () => text.height,
      sizes: portrait ? sizes(image ? 40 : 46, 24, 2) : sizes(image ? 42 : 48, 24, 2),
      lineHeight: 1.42,
      style: { fontWeight: 400, color: colours.body },
      list: (texts, size) => squareBullets(texts, size, colours),
    },
    compose,
    background: colours.background,
    textBottom: text.top + text.height,
  };
}

/** Closing slides: title, short rule, bullets with square markers, ruled footer with the page number. */
function closingLayout(slide: SlideContext): TemplateLayout {
  const colours = palette(slide, true);
  const { width: W, height: H, portrait } = slide;
  const image = slide.image;
  const ruleSpace = portrait ? 28 + 6 + 40 : 34 + 6 + 44;
  let text: { left: number; top: number; width: number; height: number };
  let footerArea: { left: number; width: number; top: number };
  let imageBox: { left: number; top: number; width: number; height: number } | null = null;
  if (!portrait) {
    const right = image ? 1080 : W;
    text = { left: 150, top: 118, width: right - 150 - (image ? 110 : 150), height: H - 118 - 160 };
    footerArea = { left: 150, width: text.width, top: H - 104 };
    if (image) imageBox = { left: right, top: 0, width: W - right, height: H };
  } else if (image) {
    imageBox = { left: 0, top: 0, width: W, height: 500 };
    text = { left: 90, top: 500 + 14 + 72, width: W - 180, height: H - (500 + 14 + 72) - 170 };
    footerArea = { left: 90, width: W - 180, top: H - 116 };
  } else {
    text = { left: 90, top: 140, width: W - 180, height: H - 140 - 170 };
    footerArea = { left: 90, width: W - 180, top: H - 116 };
  }
  const titleMax = Math.round(text.height * (slide.bullets.length > 0 ? 0.42 : 1));

  const compose = (fitted: FittedSlide): SlideElement => {
    const children: SlideElement[] = [];
    if (fitted.title) children.push(fitted.title.element);
    if (fitted.title && fitted.bullets) {
      children.push(shape({ width: 96, height: 6, backgroundColor: colours.accent, marginTop: portrait ? 28 : 34, marginBottom: portrait ? 40 : 44 }));
    }
    if (fitted.bullets) children.push(fitted.bullets.element);
    return canvas(slide, { backgroundColor: colours.background }, [
      imageBox && image ? positioned({ left: imageBox.left, top: imageBox.top, width: imageBox.width, height: imageBox.height }, picture(image, imageBox.width, imageBox.height)) : null,
      portrait
        ? positioned({ left: 0, top: imageBox ? imageBox.height : 0, width: W, height: 14, backgroundColor: colours.accent })
        : positioned({ left: 0, top: 0, width: 14, height: H, backgroundColor: colours.accent }),
      region(text, children),
      ...footer(slide, colours, footerArea, portrait ? 26 : 24),
    ]);
  };

  return {
    title: {
      text: slide.title,
      width: text.width,
      maxHeight: titleMax,
      sizes: portrait ? sizes(image ? 62 : 72, 38) : sizes(image ? 70 : 82, 40),
      lineHeight: 1.14,
      style: { fontWeight: 700, color: colours.title, letterSpacing: "-0.014em" },
    },
    bullets: {
      items: slide.bullets,
      width: text.width,
      maxHeight: (titleHeight) => text.height - (titleHeight > 0 ? titleHeight + ruleSpace : 0),
      sizes: portrait ? sizes(image ? 40 : 46, 24, 2) : sizes(image ? 42 : 48, 24, 2),
      lineHeight: 1.42,
      style: { fontWeight: 400, color: colours.body },
      list: (texts, size) => squareBullets(texts, size, colours),
    },
    compose,
    background: colours.background,
    textBottom: text.top + text.height,
  };
}

/** The opening slide: a deep brand-shade field, a large white title and the bullets as a lead-in. */
function titleLayout(slide: SlideContext): TemplateLayout {
  const colours = palette(slide, true);
  const { width: W, height: H, portrait } = slide;
  const image = slide.image;
  let panel: { left: number; top: number; width: number; height: number };
  let text: { left: number; top: number; width: number; height: number };
  if (!portrait) {
    panel = { left: 1240, top: 0, width: W - 1240, height: H };
    text = { left: 170, top: 150, width: 1240 - 170 - 120, height: H - 150 - 170 };
  } else {
    panel = { left: 0, top: 0, width: W, height: 540 };
    text = { left: 90, top: 540 + 90, width: W - 180, height: H - 540 - 90 - 150 };
  }
  const barSpace = 8 + 44;
  const leadSpace = 40;

  const compose = (fitted: FittedSlide): SlideElement => {
    const block: SlideElement[] = [shape({ width: 120, height: 8, backgroundColor: colours.accent, marginBottom: 44 })];
    if (fitted.title) block.push(fitted.title.element);
    if (fitted.bullets) block.push(box({ marginTop: fitted.title ? leadSpace : 0, width: "100%" }, fitted.bullets.element));
    const panelFill = image
      ? picture(image, panel.width, panel.height)
      : box({ width: panel.width, height: panel.height, backgroundColor: mix(colours.background, slide.accent, 0.22) }, [
          positioned({ left: -160, top: portrait ? -220 : 180, width: 640, height: 640, borderRadius: 320, border: `2px solid ${colours.accent}`, opacity: 0.5 }),
          positioned({ left: portrait ? 620 : 200, top: portrait ? 140 : -120, width: 420, height: 420, borderRadius: 210, backgroundColor: colours.accent, opacity: 0.35 }),
        ]);
    return canvas(slide, { backgroundColor: colours.background }, [
      positioned({ left: panel.left, top: panel.top, width: panel.width, height: panel.height, overflow: "hidden" }, panelFill),
      portrait
        ? positioned({ left: 0, top: panel.height, width: W, height: 12, backgroundColor: colours.accent })
        : positioned({ left: panel.left, top: 0, width: 12, height: H, backgroundColor: colours.accent }),
      region(text, block, { justifyContent: "center" }),
    ]);
  };

  return {
    title: {
      text: slide.title,
      width: text.width,
      maxHeight: Math.round((text.height - barSpace) * (slide.bullets.length > 0 ? 0.62 : 1)),
      sizes: portrait ? sizes(84, 48) : sizes(96, 52),
      lineHeight: 1.08,
      style: { fontWeight: 700, color: colours.title, letterSpacing: "-0.02em" },
    },
    bullets: {
      items: slide.bullets,
      width: text.width,
      maxHeight: (titleHeight) => text.height - barSpace - (titleHeight > 0 ? titleHeight + leadSpace : 0),
      sizes: portrait ? sizes(34, 24, 2) : sizes(32, 22, 2),
      lineHeight: 1.4,
      style: { fontWeight: 400, color: colours.body },
      list: (texts, size) => column(texts, Math.round(size * 0.45), { borderLeft: `3px solid ${colours.rule}`, paddingLeft: 28 }),
    },
    compose,
    background: colours.background,
    textBottom: text.top + text.height,
  };
}

export const professional: TemplateDesign = {
  accent: "#2563eb",
  layout: (slide) => (slide.kind === "title" ? titleLayout(slide) : slide.kind === "content" ? bandLayout(slide) : closingLayout(slide)),
};
