"use client";

// Slides arrive progressively (spec section 4, "Slide navigation and loading"): the first 3 at once, the rest in
// batches of 2 with a pause between batches (200 ms signed in, 100 ms shared). A slide counts as loaded once its
// image has been fetched (or has failed: the viewer then shows its fallback), so moving on shows it at once.
import { useEffect, useRef, useState } from "react";
import { PORTRAIT_QUERY } from "./slides";
import type { PlayerSlide } from "./types";

export const INITIAL_SLIDES = 3;
export const BATCH_SIZE = 2;
export const BATCH_DELAY_MS = { "signed-in": 200, shared: 100 } as const;
/** A picture that neither loads nor fails in this time no longer holds the next batch back. */
const PRELOAD_LIMIT_MS = 10_000;

function preload(url: string | null): Promise<void> {
  if (!url) return Promise.resolve();
  return new Promise((resolve) => {
    const image = new Image();
    const timer = setTimeout(resolve, PRELOAD_LIMIT_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    image.onload = done;
    image.onerror = done;
    image.src = url;
  });
}

/**
 * The rendering the slide viewer shows on this screen (slide-viewer.tsx's <picture>): the portrait one where the
 * viewport is portrait and the slide has one, else the wide one. A phone held upright does not fetch wide pictures
 * it never shows (a turned screen fetches the other rendering when it shows it).
 */
function shownImage(slide: PlayerSlide): string | null {
  const portrait = slide.mobileImageUrl && slide.mobileImageUrl !== slide.imageUrl ? slide.mobileImageUrl : null;
  if (portrait && window.matchMedia(PORTRAIT_QUERY).matches) return portrait;
  return slide.imageUrl ?? slide.mobileImageUrl;
}

function preloadSlides(slides: readonly PlayerSlide[]): Promise<unknown> {
  return Promise.all(slides.map((slide) => preload(shownImage(slide))));
}

export interface SlideLoading {
  /** How many slides, from the first, are ready to show. */
  loaded: number;
  /** The same, readable from timers (the next-slide retries). */
  loadedRef: React.RefObject<number>;
}

/**
 * `fromServer`: the page arrived with the slides, and the first slide's image is in its HTML: the first 3 count as
 * loaded at once (their images are fetched in the background like the rest).
 */
export function useSlideLoading(slides: readonly PlayerSlide[], kind: "signed-in" | "shared", fromServer: boolean): SlideLoading {
  const total = slides.length;
  const [loaded, setLoaded] = useState(() => (fromServer ? Math.min(INITIAL_SLIDES, total) : 0));
  const loadedRef = useRef(loaded);

  useEffect(() => {
    let live = true;
    const mark = (count: number) => {
      loadedRef.current = count;
      setLoaded(count);
    };
    const run = async () => {
      const first = Math.min(INITIAL_SLIDES, total);
      await preloadSlides(slides.slice(0, first));
      if (!live) return;
      mark(Math.max(loadedRef.current, first));
      for (let next = first; next < total; next += BATCH_SIZE) {
        await new Promise((resolve) => setTimeout(resolve, BATCH_DELAY_MS[kind]));
        if (!live) return;
        await preloadSlides(slides.slice(next, next + BATCH_SIZE));
        if (!live) return;
        mark(Math.min(total, next + BATCH_SIZE));
      }
    };
    void run();
    return () => {
      live = false;
    };
  }, [slides, total, kind]);

  return { loaded, loadedRef };
}
