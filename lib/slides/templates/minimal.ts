// Minimal: white space and type. One small accent square, a quiet page number, hairline dashes for bullets,
// photos set square in generous margins.
import { ensureContrast } from "../color";
import { shape, type SlideElement } from "../elements";
import { canvas, column, label, markedList, placedPicture, positioned, region, sizes, stack, textLayout, twoDigits } from "./kit";
import type { Area, SlideContext, TemplateDesign, TemplateLayout } from "./kit";

const WHITE = "#ffffff";
const INK = "#111111";
const BODY = "#4b4b4b";
// The page count's quiet grey, as light as text may be on white (4.7:1).
const MUTED = "#737373";
const LEAD = "#6b6b6b";

function dashList(texts: SlideElement[], size: number): SlideElement {
  return markedList(texts, size, { width: 0.6, line: 1.5, gap: 0.6, rowGap: 0.75 }, () => shape({ width: Math.round(size * 0.6), height: 2, backgroundColor: INK }));
}

/** The corner mark: accent square and the page number, the only ornament this template has. */
function mark(slide: SlideContext, accent: string, at: { left: number; top: number }, portrait: boolean): SlideElement {
  const size = portrait ? 26 : 24;
  return positioned({ ...at, flexDirection: "row", alignItems: "center" }, [
    shape({ width: 16, height: 16, backgroundColor: accent, marginRight: 22 }),
    label(`${twoDigits(slide.slideNumber)}`, { fontSize: size, fontWeight: 600, color: INK, letterSpacing: 2 }),
    label(`/ ${twoDigits(slide.totalSlides)}`, { fontSize: size, fontWeight: 400, color: MUTED, letterSpacing: 2, marginLeft: 10 }),
  ]);
}

function layout(slide: SlideContext): TemplateLayout {
  const { width: W, height: H, portrait, image } = slide;
  const accent = ensureContrast(slide.accent, WHITE, 3);
  const feature = slide.kind !== "content";
  let text: Area;
  let photo: Area | null = null;
  const markAt = portrait ? { left: 96, top: 96 } : { left: 160, top: 110 };
  if (!portrait) {
    if (image) {
      photo = feature ? { left: 1060, top: 0, width: W - 1060, height: H } : { left: 1080, top: 110, width: W - 1080 - 120, height: H - 220 };
      text = { left: 160, top: 230, width: 800, height: H - 230 - 130 };
    } else {
      text = { left: 160, top: 230, width: feature ? 1400 : 1320, height: H - 230 - 130 };
    }
  } else if (image) {
    photo = { left: 96, top: 180, width: W - 192, height: feature ? 460 : 500 };
    const top = photo.top + photo.height + 80;
    text = { left: 96, top, width: W - 192, height: H - top - 110 };
  } else {
    text = { left: 96, top: feature ? 240 : 220, width: W - 192, height: H - (feature ? 240 : 220) - 110 };
  }
  const between = feature ? 52 : 64;
  // A wide content slide without a picture sets the title in a column of its own, the points beside it.
  const split = !feature && !portrait && !image;
  const titleArea: Area = split ? { ...text, width: 600 } : text;
  const bulletsArea: Area = split ? { ...text, left: 880, width: W - 880 - 160 } : text;
  return textLayout(slide, {
    area: text,
    between,
    titleShare: feature ? 0.6 : 0.42,
    title: {
      width: titleArea.width,
      maxHeight: split ? titleArea.height : undefined,
      sizes: feature ? (portrait ? sizes(88, 48) : sizes(image ? 88 : 104, 52)) : portrait ? sizes(image ? 62 : 72, 38) : sizes(image ? 66 : 80, 40),
      lineHeight: 1.1,
      style: { fontWeight: 600, color: INK, letterSpacing: feature ? "-0.03em" : "-0.02em" },
    },
    bullets: {
      width: bulletsArea.width,
      maxHeight: split ? () => bulletsArea.height - 10 : undefined,
      sizes: feature ? sizes(34, 22, 2) : sizes(image ? 40 : 46, 24, 2),
      lineHeight: 1.5,
      style: { fontWeight: 400, color: slide.kind === "title" ? LEAD : BODY },
      list: (texts, size) => (feature && slide.kind === "title" ? column(texts, Math.round(size * 0.35)) : dashList(texts, size)),
    },
    background: WHITE,
    compose: (fitted) =>
      canvas(slide, { backgroundColor: WHITE }, [
        photo && image ? placedPicture(image, photo) : null,
        mark(slide, accent, markAt, portrait),
        // Title slides sit low and left, like a book's title page; content starts at the top.
        region(titleArea, split ? stack({ ...fitted, bullets: null }) : stack(fitted, { between }), {
          justifyContent: feature && !portrait ? "flex-end" : "flex-start",
        }),
        split && fitted.bullets ? region({ ...bulletsArea, top: bulletsArea.top + 10 }, [fitted.bullets.element]) : null,
        feature ? positioned({ left: text.left, top: H - (portrait ? 70 : 80), width: 64, height: 2, backgroundColor: INK }) : null,
      ]),
  });
}

export const minimal: TemplateDesign = { accent: "#e5484d", layout };
