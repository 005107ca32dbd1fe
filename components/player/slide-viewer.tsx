"use client";

// The slide viewer (spec section 2, "Slide viewer component", and section 4, "Slide viewer image fallback"): the
// slide's image in a card, entering from the side (offset 1000 px, faded, scaled to 0.9) and leaving the same way;
// when the image cannot be shown, the mobile image, then the slide's text.
import { AnimatePresence, LazyMotion, m, useReducedMotion, type FeatureBundle } from "framer-motion";
import { useEffect, useRef, useState } from "react";
import { SLIDE_BOX_CLASS, slideImageClass } from "./player-frame";
import { PORTRAIT_QUERY, slideAlt, slideLines } from "./slides";
import type { PlayerSlide } from "./types";

const loadFeatures = () => import("./motion-features").then((module) => module.default);

/**
 * Section 9: offset 1000 px, scale 0.9 at the edges, spring 300/30, opacity and scale 0.2 s. A viewer whose system
 * asks for reduced motion gets the fade alone: the slide comes and goes where it stands (`still`).
 */
interface Move {
  direction: number;
  still: boolean;
}
const slideVariants = {
  enter: ({ direction, still }: Move) => (still ? { x: 0, opacity: 0, scale: 1 } : { x: direction >= 0 ? 1000 : -1000, opacity: 0, scale: 0.9 }),
  center: { x: 0, opacity: 1, scale: 1 },
  exit: ({ direction, still }: Move) => (still ? { x: 0, opacity: 0, scale: 1 } : { x: direction >= 0 ? -1000 : 1000, opacity: 0, scale: 0.9 }),
};
const slideTransition = {
  x: { type: "spring" as const, stiffness: 300, damping: 30 },
  opacity: { duration: 0.2 },
  scale: { duration: 0.2 },
};

interface SlideViewerProps {
  slide: PlayerSlide | undefined;
  /** 1 moving forward, -1 back: the side the slide enters from. */
  direction: number;
  /**
   * Counts the moves: every move mounts a new card, so a slide shown again while its earlier card is still leaving
   * enters as a new element (framer-motion left a re-entering card stuck at its exit position).
   */
  move: number;
  /** The first slide shown by the server: already in place, no entrance (it is in the HTML before any script). */
  firstRender: boolean;
  onImageLoaded?: () => void;
  onImageLoadError?: () => void;
}

/**
 * The animation features once loaded. Until then the slide is a plain card, exactly what the server rendered; the
 * animated tree starts once they are here, so every animated card has its enter and exit animations from its first
 * render on.
 */
function useMotionFeatures(): FeatureBundle | null {
  const [features, setFeatures] = useState<FeatureBundle | null>(null);
  useEffect(() => {
    let live = true;
    void loadFeatures().then((loaded) => {
      if (live) setFeatures(loaded);
    });
    return () => {
      live = false;
    };
  }, []);
  return features;
}

export function SlideViewer({ slide, direction, move, firstRender, onImageLoaded, onImageLoadError }: SlideViewerProps) {
  const features = useMotionFeatures();
  const motion: Move = { direction, still: useReducedMotion() === true };
  if (!slide) {
    return (
      <div className="flex h-full w-full flex-col items-center justify-center gap-3 text-slate-300" role="status">
        <span className="h-10 w-10 animate-spin rounded-full border-4 border-slate-700 border-t-brand-400" aria-hidden />
        <p className="text-sm">Loading slide...</p>
      </div>
    );
  }
  if (!features) {
    return (
      <div className="relative h-full w-full overflow-hidden">
        <div className={SLIDE_BOX_CLASS}>
          <SlideCard key={slide.slideNumber} slide={slide} animateImage={false} onImageLoaded={onImageLoaded} onImageLoadError={onImageLoadError} />
        </div>
      </div>
    );
  }
  return (
    <LazyMotion features={features} strict>
      <div className="relative h-full w-full overflow-hidden">
        <AnimatePresence initial={false} custom={motion}>
          <m.div
            key={`${slide.slideNumber}-${move}`}
            custom={motion}
            variants={slideVariants}
            initial="enter"
            animate="center"
            exit="exit"
            transition={slideTransition}
            className={SLIDE_BOX_CLASS}
          >
            <SlideCard slide={slide} animateImage={!firstRender} onImageLoaded={onImageLoaded} onImageLoadError={onImageLoadError} />
          </m.div>
        </AnimatePresence>
      </div>
    </LazyMotion>
  );
}

interface SlideCardProps {
  slide: PlayerSlide;
  animateImage: boolean;
  onImageLoaded?: () => void;
  onImageLoadError?: () => void;
}

/** One slide's card; mounted per slide (keyed by number), so the fallback state starts afresh on every slide. */
function SlideCard({ slide, animateImage, onImageLoaded, onImageLoadError }: SlideCardProps) {
  const portrait = slide.mobileImageUrl && slide.mobileImageUrl !== slide.imageUrl ? slide.mobileImageUrl : null;
  // "both": the browser picks the portrait or the wide image by the viewport; after a failure, the other one alone.
  const [source, setSource] = useState<"both" | "primary" | "mobile" | "text">(
    slide.imageUrl ? (portrait ? "both" : "primary") : slide.mobileImageUrl ? "mobile" : "text",
  );
  const image = useRef<HTMLImageElement>(null);

  const failed = () => {
    if (source === "both") {
      const shown = image.current?.currentSrc ?? "";
      // The one that failed was the portrait image (its address ends the chosen source): try the wide one, and back.
      const portraitFailed = portrait !== null && shown !== "" && shown.endsWith(portrait);
      console.warn(portraitFailed ? "Failed to load mobile slide image" : "Failed to load primary slide image");
      setSource(portraitFailed ? "primary" : "mobile");
      return;
    }
    if (source === "primary" && !portrait && slide.mobileImageUrl && slide.mobileImageUrl !== slide.imageUrl) {
      console.warn("Failed to load primary slide image");
      setSource("mobile");
      return;
    }
    console.warn(source === "primary" ? "Failed to load primary slide image" : "Failed to load mobile fallback image");
    setSource("text");
    onImageLoadError?.();
  };

  // An image that failed before the page's script arrived (server-rendered) fired its error event unheard.
  useEffect(() => {
    const element = image.current;
    if (element && element.complete && element.naturalWidth === 0) failed();
    // Checked once on mount: later failures arrive through onError.
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const src = source === "primary" || source === "both" ? slide.imageUrl : source === "mobile" ? slide.mobileImageUrl : null;
  if (!src) return <SlideText slide={slide} />;
  const img = (
    <m.img
      ref={image}
      key={src}
      src={src}
      alt={slideAlt(slide.title, slide.content)}
      initial={animateImage ? { opacity: 0, y: 20 } : false}
      animate={{ opacity: 1, y: 0 }}
      transition={{ delay: 0.3, duration: 0.3 }}
      onLoad={onImageLoaded}
      onError={failed}
      draggable={false}
      className={slideImageClass(source === "both" && portrait ? "both" : source === "mobile" ? "portrait" : "wide")}
    />
  );
  if (source !== "both" || !portrait) return img;
  return (
    // display: contents, so the image sizes against the card's box as a bare image does.
    <picture className="contents">
      <source media={PORTRAIT_QUERY} srcSet={portrait} />
      {img}
    </picture>
  );
}

/** The text fallback: the slide's title and content on a card of the slide's shape. */
function SlideText({ slide }: { slide: PlayerSlide }) {
  const lines = slideLines(slide.content);
  return (
    <div className="flex aspect-video max-h-full w-full max-w-full flex-col gap-4 overflow-hidden rounded-xl bg-white p-6 shadow-2xl shadow-black/40 sm:p-10">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-600">Slide image could not be loaded</p>
      <h2 className="text-xl font-semibold text-slate-900 sm:text-3xl">{slide.title}</h2>
      {lines.length > 0 ? (
        <ul className="flex list-disc flex-col gap-2 pl-5 text-sm text-slate-700 sm:text-lg">
          {lines.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
