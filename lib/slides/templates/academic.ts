// Academic: a lecture deck on paper tones. Ruled headers in the brand colour, numbered points, photos as
// captioned figures, a framed and centred title page and a closing summary box.
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
  type Area,
  type SlideContext,
  type TemplateDesign,
  type TemplateLayout,
} from "./shared";

const PAPER = "#f7f4ec";
const INK = "#1f2937";
const BODY = "#374151";
const MUTED = "#6b7280";
const RULE = "#d6d1c4";

function numbered(texts: SlideElement[], size: number, accent: string): SlideElement {
  return column(
    texts.map((text, index) =>
      bulletRow(
        label(`${index + 1}.`, { fontSize: size, fontWeight: 700, color: accent }),
        Math.round(size * 1.3),
        Math.round(size * 1.5),
        Math.round(size * 0.25),
        text,
      ),
    ),
    Math.round(size * 0.55),
  );
}

/** The photo as a figure: white mount, hairline border, caption under it. */
function figure(slide: SlideContext, area: Area, captionSize: number): SlideElement | null {
  if (!slide.image) return null;
  const captionHeight = Math.round(captionSize * 2.4);
  const pad = 14;
  return positioned({ ...area, flexDirection: "column" }, [
    box({ width: area.width, height: area.height - captionHeight, padding: pad, backgroundColor: "#ffffff", border: `1px solid ${RULE}` }, [
      picture(slide.image, area.width - 2 * pad - 2, area.height - captionHeight - 2 * pad - 2),
    ]),
    box({ height: captionHeight, alignItems: "center" }, [
      label(`Figure ${slide.slideNumber}.`, { fontSize: captionSize, fontWeight: 700, color: INK, marginRight: 10 }),
      label(slide.title.length > 48 ? `${slide.title.slice(0, 47).trimEnd()}…` : slide.title, { fontSize: captionSize, fontWeight: 400, color: MUTED }),
    ]),
  ]);
}

function footer(slide: SlideContext, left: number, width: number, top: number, size: number, accent: string): SlideElement[] {
  return [
    positioned({ left, top, width, height: 1, backgroundColor: RULE }),
    positioned({ left, top: top + 1, width, height: 70, alignItems: "center", justifyContent: "space-between" }, [
      shape({ width: 10, height: 10, backgroundColor: accent }),
      box({ alignItems: "baseline" }, [
        label(`Slide ${slide.slideNumber}`, { fontSize: size, fontWeight: 600, color: INK }),
        label(`of ${slide.totalSlides}`, { fontSize: size, fontWeight: 400, color: MUTED, marginLeft: Math.round(size * 0.3) }),
      ]),
    ]),
  ];
}

function contentLayout(slide: SlideContext): TemplateLayout {
  const { width: W, height: H, portrait, image } = slide;
  const accent = ensureContrast(slide.accent, PAPER, 4.5);
  const closing = slide.kind === "closing";
  const margin = portrait ? 90 : 140;
  const footTop = H - (portrait ? 112 : 100);
  let body: Area;
  let photo: Area | null = null;
  // Wide slides keep a margin column, as a textbook page does: the slide's number large, a hairline beside it.
  const bodyLeft = portrait ? margin : 430;
  if (!portrait) {
    const bodyTop = 146;
    if (image) {
      photo = { left: 1180, top: bodyTop + 20, width: W - 1180 - margin, height: 660 };
      body = { left: bodyLeft, top: bodyTop, width: 1180 - bodyLeft - 70, height: footTop - 50 - bodyTop };
    } else {
      body = { left: bodyLeft, top: bodyTop, width: W - bodyLeft - margin, height: footTop - 50 - bodyTop };
    }
  } else if (image) {
    photo = { left: margin, top: 100, width: W - 2 * margin, height: 480 };
    body = { left: margin, top: 100 + 480 + 56, width: W - 2 * margin, height: footTop - 40 - (100 + 480 + 56) };
  } else {
    body = { left: margin, top: 110, width: W - 2 * margin, height: footTop - 40 - 110 };
  }
  // The double rule under the title: 4 px brand colour, 6 px paper, 1 px hairline, then space.
  const ruleSpace = 22 + 4 + 6 + 1 + (portrait ? 40 : 44);
  const compose = (fitted: FittedSlide): SlideElement => {
    const children: SlideElement[] = [];
    if (fitted.title) {
      children.push(fitted.title.element);
      children.push(box({ flexDirection: "column", width: "100%", marginTop: 22, marginBottom: portrait ? 40 : 44 }, [
        shape({ width: "100%", height: 4, backgroundColor: accent }),
        shape({ width: "100%", height: 1, backgroundColor: RULE, marginTop: 6 }),
      ]));
    }
    if (fitted.bullets) {
      children.push(fitted.bullets.element);
    }
    return canvas(slide, { backgroundColor: PAPER }, [
      photo ? figure(slide, photo, portrait ? 24 : 22) : null,
      portrait
        ? null
        : positioned({ left: margin, top: body.top - 6, width: bodyLeft - margin - 60, justifyContent: "flex-end" }, label(String(slide.slideNumber), { fontSize: 112, fontWeight: 800, color: accent, lineHeight: 1, letterSpacing: "-0.04em" })),
      portrait ? null : positioned({ left: bodyLeft - 40, top: body.top, width: 1, height: body.height, backgroundColor: RULE }),
      region(body, children),
      ...footer(slide, margin, W - 2 * margin, footTop, portrait ? 24 : 22, accent),
    ]);
  };
  const bulletsFrame = closing ? { padding: portrait ? 36 : 40, border: 6 } : null;
  return {
    title: {
      text: slide.title,
      width: body.width,
      maxHeight: Math.round(body.height * (slide.bullets.length > 0 ? 0.4 : 1)),
      sizes: portrait ? sizes(image ? 56 : 64, 36) : sizes(image ? 60 : 70, 36),
      lineHeight: 1.15,
      style: { fontWeight: 700, color: INK, letterSpacing: "-0.008em" },
    },
    bullets: {
      items: slide.bullets,
      width: body.width,
      maxHeight: (titleHeight) => body.height - (titleHeight > 0 ? titleHeight + ruleSpace : 0),
      sizes: portrait ? sizes(image ? 38 : 44, 22, 2) : sizes(image ? 40 : 44, 22, 2),
      lineHeight: 1.5,
      style: { fontWeight: 400, color: BODY },
      list: (texts, size) =>
        bulletsFrame
          ? box(
              {
                flexDirection: "column",
                width: "100%",
                padding: bulletsFrame.padding,
                borderLeft: `${bulletsFrame.border}px solid ${accent}`,
                backgroundColor: mix(PAPER, slide.accent, 0.07),
              },
              [label("Summary", { fontSize: Math.round(size * 0.7), fontWeight: 700, color: accent, letterSpacing: 3, textTransform: "uppercase", marginBottom: Math.round(size * 0.6) }), numbered(texts, size, accent)],
            )
          : numbered(texts, size, accent),
    },
    compose,
    background: PAPER,
    textBottom: body.top + body.height,
  };
}

/** The title page: a ruled frame, everything centred, the bullets set like the lines under a paper's title. */
function titleLayout(slide: SlideContext): TemplateLayout {
  const { width: W, height: H, portrait, image } = slide;
  const accent = ensureContrast(slide.accent, PAPER, 4.5);
  const inset = portrait ? 48 : 56;
  let text: Area;
  let photo: Area | null = null;
  if (!portrait) {
    if (image) {
      photo = { left: inset + 24, top: inset + 24, width: 700, height: H - 2 * (inset + 24) };
      text = { left: inset + 24 + 700 + 110, top: 170, width: W - (inset + 24 + 700 + 110) - 170, height: H - 340 };
    } else {
      text = { left: 260, top: 170, width: W - 520, height: H - 340 };
    }
  } else if (image) {
    photo = { left: inset + 24, top: inset + 24, width: W - 2 * (inset + 24), height: 440 };
    text = { left: 120, top: inset + 24 + 440 + 60, width: W - 240, height: H - (inset + 24 + 440 + 60) - 130 };
  } else {
    text = { left: 120, top: 200, width: W - 240, height: H - 400 };
  }
  const between = 2 + 40 * 2;
  const compose = (fitted: FittedSlide): SlideElement => {
    const children: SlideElement[] = [shape({ width: 180, height: 4, backgroundColor: accent, marginBottom: 48 })];
    if (fitted.title) children.push(fitted.title.element);
    if (fitted.title && fitted.bullets) children.push(shape({ width: 420, height: 2, backgroundColor: RULE, marginTop: 40, marginBottom: 40 }));
    if (fitted.bullets) children.push(fitted.bullets.element);
    return canvas(slide, { backgroundColor: PAPER }, [
      positioned({ left: inset, top: inset, width: W - 2 * inset, height: H - 2 * inset, border: `2px solid ${accent}` }),
      positioned({ left: inset + 10, top: inset + 10, width: W - 2 * inset - 20, height: H - 2 * inset - 20, border: `1px solid ${RULE}` }),
      photo && image ? positioned({ ...photo, overflow: "hidden" }, picture(image, photo.width, photo.height)) : null,
      region(text, children, { alignItems: "center", justifyContent: "center" }),
    ]);
  };
  const barSpace = 4 + 48;
  return {
    title: {
      text: slide.title,
      width: text.width,
      maxHeight: Math.round((text.height - barSpace) * (slide.bullets.length > 0 ? 0.6 : 1)),
      sizes: portrait ? sizes(76, 44) : sizes(image ? 76 : 88, 46),
      lineHeight: 1.12,
      style: { fontWeight: 700, color: INK, textAlign: "center", letterSpacing: "-0.012em" },
    },
    bullets: {
      items: slide.bullets,
      width: text.width,
      maxHeight: (titleHeight) => text.height - barSpace - (titleHeight > 0 ? titleHeight + between : 0),
      sizes: portrait ? sizes(32, 22, 2) : sizes(32, 22, 2),
      lineHeight: 1.45,
      style: { fontWeight: 400, color: BODY, textAlign: "center" },
      list: (texts, size) => column(texts, Math.round(size * 0.4), { alignItems: "center" }),
    },
    compose,
    background: PAPER,
    textBottom: text.top + text.height,
  };
}

export const academic: TemplateDesign = {
  accent: "#8c1c13",
  layout: (slide) => (slide.kind === "title" ? titleLayout(slide) : contentLayout(slide)),
};
