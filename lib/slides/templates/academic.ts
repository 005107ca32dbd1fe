// Academic: a lecture deck on paper tones. Ruled headers in the brand colour, numbered points, photos as
// captioned figures, a framed and centred title page and a closing summary box.
import { ensureContrast, mix, readableOnAll } from "../color";
import { box, shape, type SlideElement } from "../elements";
import { canvas, column, label, markedList, numberPair, picture, placedPicture, positioned, region, sizes, stack, textLayout } from "./kit";
import type { Area, SlideContext, TemplateDesign, TemplateLayout } from "./kit";

const PAPER = "#f7f4ec";
const INK = "#1f2937";
const BODY = "#374151";
// Captions and the page count: the quietest grey that still reads on the paper (4.9:1).
const MUTED = "#646b78";
const RULE = "#d6d1c4";

function numbered(texts: SlideElement[], size: number, accent: string): SlideElement {
  return markedList(texts, size, { width: 1.3, line: 1.5, gap: 0.25, rowGap: 0.55 }, (index) => label(`${index + 1}.`, { fontSize: size, fontWeight: 700, color: accent }));
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
      numberPair(
        `Slide ${slide.slideNumber}`,
        `of ${slide.totalSlides}`,
        { fontSize: size, fontWeight: 600, color: INK },
        { fontSize: size, fontWeight: 400, color: MUTED, marginLeft: Math.round(size * 0.3) },
      ),
    ]),
  ];
}

function contentLayout(slide: SlideContext): TemplateLayout {
  const { width: W, height: H, portrait, image } = slide;
  const closing = slide.kind === "closing";
  // The accent sets text here (the slide number, the points' numbers, the summary's heading): readable on the
  // paper and on the summary box's tint of it.
  const tint = mix(PAPER, slide.accent, 0.07);
  const accent = readableOnAll([PAPER, tint], slide.accent);
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
  const ruleBelow = portrait ? 40 : 44;
  const rule = box({ flexDirection: "column", width: "100%", marginTop: 22, marginBottom: ruleBelow }, [
    shape({ width: "100%", height: 4, backgroundColor: accent }),
    shape({ width: "100%", height: 1, backgroundColor: RULE, marginTop: 6 }),
  ]);
  // A closing slide sets its points in a summary box.
  const summary = (list: SlideElement, size: number): SlideElement =>
    box(
      { flexDirection: "column", width: "100%", padding: portrait ? 36 : 40, borderLeft: `6px solid ${accent}`, backgroundColor: tint },
      [label("Summary", { fontSize: Math.round(size * 0.7), fontWeight: 700, color: accent, letterSpacing: 3, textTransform: "uppercase", marginBottom: Math.round(size * 0.6) }), list],
    );
  return textLayout(slide, {
    area: body,
    between: 22 + 4 + 6 + 1 + ruleBelow,
    titleShare: 0.4,
    title: {
      sizes: portrait ? sizes(image ? 56 : 64, 36) : sizes(image ? 60 : 70, 36),
      lineHeight: 1.15,
      style: { fontWeight: 700, color: INK, letterSpacing: "-0.008em" },
    },
    bullets: {
      sizes: portrait ? sizes(image ? 38 : 44, 22, 2) : sizes(image ? 40 : 44, 22, 2),
      lineHeight: 1.5,
      style: { fontWeight: 400, color: BODY },
      list: (texts, size) => (closing ? summary(numbered(texts, size, accent), size) : numbered(texts, size, accent)),
    },
    background: PAPER,
    compose: (fitted) =>
      canvas(slide, { backgroundColor: PAPER }, [
        photo ? figure(slide, photo, portrait ? 24 : 22) : null,
        portrait
          ? null
          : positioned({ left: margin, top: body.top - 6, width: bodyLeft - margin - 60, justifyContent: "flex-end" }, label(String(slide.slideNumber), { fontSize: 112, fontWeight: 800, color: accent, lineHeight: 1, letterSpacing: "-0.04em" })),
        portrait ? null : positioned({ left: bodyLeft - 40, top: body.top, width: 1, height: body.height, backgroundColor: RULE }),
        region(body, stack(fitted, { underTitle: rule })),
        ...footer(slide, margin, W - 2 * margin, footTop, portrait ? 24 : 22, accent),
      ]),
  });
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
  return textLayout(slide, {
    area: text,
    reserved: 4 + 48,
    between: 2 + 40 * 2,
    titleShare: 0.6,
    title: {
      sizes: portrait ? sizes(76, 44) : sizes(image ? 76 : 88, 46),
      lineHeight: 1.12,
      style: { fontWeight: 700, color: INK, textAlign: "center", letterSpacing: "-0.012em" },
    },
    bullets: {
      sizes: sizes(32, 22, 2),
      lineHeight: 1.45,
      style: { fontWeight: 400, color: BODY, textAlign: "center" },
      list: (texts, size) => column(texts, Math.round(size * 0.4), { alignItems: "center" }),
    },
    background: PAPER,
    compose: (fitted) =>
      canvas(slide, { backgroundColor: PAPER }, [
        positioned({ left: inset, top: inset, width: W - 2 * inset, height: H - 2 * inset, border: `2px solid ${accent}` }),
        positioned({ left: inset + 10, top: inset + 10, width: W - 2 * inset - 20, height: H - 2 * inset - 20, border: `1px solid ${RULE}` }),
        photo && image ? placedPicture(image, photo) : null,
        region(
          text,
          stack(fitted, {
            lead: shape({ width: 180, height: 4, backgroundColor: accent, marginBottom: 48 }),
            between: shape({ width: 420, height: 2, backgroundColor: RULE, marginTop: 40, marginBottom: 40 }),
          }),
          { alignItems: "center", justifyContent: "center" },
        ),
      ]),
  });
}

export const academic: TemplateDesign = {
  accent: "#8c1c13",
  layout: (slide) => (slide.kind === "title" ? titleLayout(slide) : contentLayout(slide)),
};
