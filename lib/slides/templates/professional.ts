// Professional: a corporate deck. White content slides with a brand-coloured edge bar, square bullet markers and
// a ruled footer; title and closing slides on a deep shade of the brand colour; photos bleed off the right edge.
import { ensureContrast, mix } from "../color";
import { box, shape, type SlideElement } from "../elements";
import { canvas, column, markedList, numberPair, picture, placedPicture, positioned, region, sizes, stack, textLayout, twoDigits } from "./kit";
import type { Area, SlideContext, TemplateDesign, TemplateLayout } from "./kit";

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
  return numberPair(
    twoDigits(slide.slideNumber),
    `/ ${twoDigits(slide.totalSlides)}`,
    { fontSize: size, fontWeight: 700, color: colours.title },
    { fontSize: size, fontWeight: 600, color: colours.muted, marginLeft: Math.round(size * 0.3) },
  );
}

/** Bullets with small square markers in the accent colour. */
function squareBullets(texts: SlideElement[], size: number, colours: Palette): SlideElement {
  const side = Math.round(size * 0.3);
  return markedList(texts, size, { width: 0.3, line: 1.42, gap: 0.75, rowGap: 0.62 }, () => shape({ width: side, height: side, backgroundColor: colours.accent }));
}

/** Square bullets in the body colour, at the template's body sizes. */
function bodyBullets(slide: SlideContext, colours: Palette) {
  const image = slide.image !== null;
  return {
    sizes: slide.portrait ? sizes(image ? 40 : 46, 24, 2) : sizes(image ? 42 : 48, 24, 2),
    lineHeight: 1.42,
    style: { fontWeight: 400, color: colours.body },
    list: (texts: SlideElement[], size: number) => squareBullets(texts, size, colours),
  };
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

/** The accent edge: down the left side (wide), or across the slide under `top` (tall). */
function edge(slide: SlideContext, colour: string, top: number, thickness: number, left = 0): SlideElement {
  return slide.portrait
    ? positioned({ left: 0, top, width: slide.width, height: thickness, backgroundColor: colour })
    : positioned({ left, top: 0, width: 14, height: slide.height, backgroundColor: colour });
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
  let text: Area;
  let photo: Area | null = null;
  if (!portrait) {
    if (image) photo = { left: 1080, top: bandHeight, width: W - 1080, height: H - bandHeight };
    text = { left: 150, top: bandHeight + 76, width: (image ? 1080 - 110 : W - 150) - 150, height: H - 160 - (bandHeight + 76) };
  } else {
    if (image) photo = { left: 0, top: bandHeight, width: W, height: 440 };
    const top = bandHeight + (image ? 440 : 0) + 70;
    text = { left: 90, top, width: W - 180, height: H - 170 - top };
  }
  const footerArea = portrait ? { left: 90, top: H - 116, width: W - 180 } : { left: 150, top: H - 104, width: text.width };
  return textLayout(slide, {
    area: text,
    between: 0,
    titleShare: 1,
    title: {
      width: titleArea.width,
      maxHeight: titleArea.height,
      sizes: portrait ? sizes(64, 36) : sizes(76, 40),
      lineHeight: 1.12,
      style: { fontWeight: 700, color: "#ffffff", letterSpacing: "-0.014em" },
    },
    // The title has a band of its own: the bullets keep their whole area.
    bullets: { ...bodyBullets(slide, colours), maxHeight: () => text.height },
    background: colours.background,
    compose: (fitted) =>
      canvas(slide, { backgroundColor: colours.background }, [
        positioned({ left: 0, top: 0, width: W, height: bandHeight, backgroundColor: band.background }),
        photo && image ? placedPicture(image, photo) : null,
        portrait ? edge(slide, band.accent, bandHeight - 10, 10) : edge(slide, colours.accent, 0, 14),
        region(titleArea, fitted.title ? [fitted.title.element] : [], { justifyContent: "center" }),
        region(text, fitted.bullets ? [fitted.bullets.element] : []),
        ...footer(slide, colours, footerArea, portrait ? 26 : 24),
      ]),
  });
}

/** Closing slides: title, short rule, bullets with square markers, ruled footer with the page number. */
function closingLayout(slide: SlideContext): TemplateLayout {
  const colours = palette(slide, true);
  const { width: W, height: H, portrait, image } = slide;
  let text: Area;
  let footerArea: { left: number; width: number; top: number };
  let photo: Area | null = null;
  if (!portrait) {
    const right = image ? 1080 : W;
    text = { left: 150, top: 118, width: right - 150 - (image ? 110 : 150), height: H - 118 - 160 };
    footerArea = { left: 150, width: text.width, top: H - 104 };
    if (image) photo = { left: right, top: 0, width: W - right, height: H };
  } else if (image) {
    photo = { left: 0, top: 0, width: W, height: 500 };
    text = { left: 90, top: 500 + 14 + 72, width: W - 180, height: H - (500 + 14 + 72) - 170 };
    footerArea = { left: 90, width: W - 180, top: H - 116 };
  } else {
    text = { left: 90, top: 140, width: W - 180, height: H - 140 - 170 };
    footerArea = { left: 90, width: W - 180, top: H - 116 };
  }
  const rule = { above: portrait ? 28 : 34, below: portrait ? 40 : 44 };
  return textLayout(slide, {
    area: text,
    between: rule.above + 6 + rule.below,
    titleShare: 0.42,
    title: {
      sizes: portrait ? sizes(image ? 62 : 72, 38) : sizes(image ? 70 : 82, 40),
      lineHeight: 1.14,
      style: { fontWeight: 700, color: colours.title, letterSpacing: "-0.014em" },
    },
    bullets: bodyBullets(slide, colours),
    background: colours.background,
    compose: (fitted) =>
      canvas(slide, { backgroundColor: colours.background }, [
        photo && image ? placedPicture(image, photo) : null,
        edge(slide, colours.accent, photo ? photo.height : 0, 14),
        region(text, stack(fitted, { between: shape({ width: 96, height: 6, backgroundColor: colours.accent, marginTop: rule.above, marginBottom: rule.below }) })),
        ...footer(slide, colours, footerArea, portrait ? 26 : 24),
      ]),
  });
}

/** The opening slide: a deep brand-shade field, a large white title and the bullets as a lead-in. */
function titleLayout(slide: SlideContext): TemplateLayout {
  const colours = palette(slide, true);
  const { width: W, height: H, portrait, image } = slide;
  const panel: Area = portrait ? { left: 0, top: 0, width: W, height: 540 } : { left: 1240, top: 0, width: W - 1240, height: H };
  const text: Area = portrait
    ? { left: 90, top: 540 + 90, width: W - 180, height: H - 540 - 90 - 150 }
    : { left: 170, top: 150, width: 1240 - 170 - 120, height: H - 150 - 170 };
  const leadSpace = 40;
  const panelFill = (): SlideElement =>
    image
      ? picture(image, panel.width, panel.height)
      : box({ width: panel.width, height: panel.height, backgroundColor: mix(colours.background, slide.accent, 0.22) }, [
          positioned({ left: -160, top: portrait ? -220 : 180, width: 640, height: 640, borderRadius: 320, border: `2px solid ${colours.accent}`, opacity: 0.5 }),
          positioned({ left: portrait ? 620 : 200, top: portrait ? 140 : -120, width: 420, height: 420, borderRadius: 210, backgroundColor: colours.accent, opacity: 0.35 }),
        ]);
  return textLayout(slide, {
    area: text,
    reserved: 8 + 44,
    between: leadSpace,
    titleShare: 0.62,
    title: {
      sizes: portrait ? sizes(84, 48) : sizes(96, 52),
      lineHeight: 1.08,
      style: { fontWeight: 700, color: colours.title, letterSpacing: "-0.02em" },
    },
    bullets: {
      sizes: portrait ? sizes(34, 24, 2) : sizes(32, 22, 2),
      lineHeight: 1.4,
      style: { fontWeight: 400, color: colours.body },
      list: (texts, size) => column(texts, Math.round(size * 0.45), { borderLeft: `3px solid ${colours.rule}`, paddingLeft: 28 }),
    },
    background: colours.background,
    compose: (fitted) =>
      canvas(slide, { backgroundColor: colours.background }, [
        // The circles of the bare panel are cut at its edges; a picture is cropped by its own box (see placedPicture).
        positioned(image ? panel : { ...panel, overflow: "hidden" }, panelFill()),
        portrait ? edge(slide, colours.accent, panel.height, 12) : positioned({ left: panel.left, top: 0, width: 12, height: H, backgroundColor: colours.accent }),
        region(
          text,
          stack(fitted, {
            lead: shape({ width: 120, height: 8, backgroundColor: colours.accent, marginBottom: 44 }),
            wrapBullets: (bullets, hasTitle) => box({ marginTop: hasTitle ? leadSpace : 0, width: "100%" }, bullets),
          }),
          { justifyContent: "center" },
        ),
      ]),
  });
}

export const professional: TemplateDesign = {
  accent: "#2563eb",
  layout: (slide) => (slide.kind === "title" ? titleLayout(slide) : slide.kind === "content" ? bandLayout(slide) : closingLayout(slide)),
};
