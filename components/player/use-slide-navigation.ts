"use client";

// Moving between slides (spec section 4, "Navigation"): the slide shown, the side it enters from, and the next
// slide's wait when it has not loaded yet (three tries a second apart, then 'Slide Loading Timeout').
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { toast } from "@/components/ui/use-toast";

export const NEXT_SLIDE_RETRIES = 3;
export const NEXT_SLIDE_RETRY_MS = 1000;

export interface SlideNavigation {
  index: number;
  /** The slide shown, for callbacks that must not be re-created on every move. */
  indexRef: RefObject<number>;
  /** 1 moving forward, -1 back: the side the slide enters from. */
  direction: number;
  /** Counts the moves (slide-viewer.tsx mounts a new card for each). */
  move: number;
  /** The first slide as the server drew it, not moved yet. */
  firstRender: boolean;
  goTo: (next: number, towards: number) => void;
  next: () => void;
  previous: () => void;
}

/** `loadedRef`: how many slides have loaded; `onFinish`: next was asked for on the last slide. */
export function useSlideNavigation(total: number, loadedRef: RefObject<number>, fromServer: boolean, onFinish: () => void): SlideNavigation {
  const [index, setIndex] = useState(0);
  const [direction, setDirection] = useState(1);
  const [move, setMove] = useState(0);
  const [firstRender, setFirstRender] = useState(fromServer);
  const indexRef = useRef(0);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const goTo = useCallback((next: number, towards: number) => {
    clearTimeout(retryTimer.current);
    retryTimer.current = undefined;
    indexRef.current = next;
    setDirection(towards);
    setMove((count) => count + 1);
    setIndex(next);
    setFirstRender(false);
  }, []);

  const next = useCallback(() => {
    const current = indexRef.current;
    if (current >= total - 1) {
      onFinish();
      return;
    }
    if (current + 1 < loadedRef.current) {
      goTo(current + 1, 1);
      return;
    }
    if (retryTimer.current) return;
    // The next slide is still on its way: wait for it a little, then say it is late.
    toast({ title: "Loading Next Slide", description: "Please wait while the next slide loads." });
    let attempts = 0;
    const retry = () => {
      attempts += 1;
      if (indexRef.current !== current) return;
      if (current + 1 < loadedRef.current) {
        goTo(current + 1, 1);
        return;
      }
      if (attempts >= NEXT_SLIDE_RETRIES) {
        retryTimer.current = undefined;
        toast({
          title: "Slide Loading Timeout",
          description: "The next slide is taking too long to load. Please try refreshing the page.",
          variant: "destructive",
        });
        return;
      }
      retryTimer.current = setTimeout(retry, NEXT_SLIDE_RETRY_MS);
    };
    retryTimer.current = setTimeout(retry, NEXT_SLIDE_RETRY_MS);
  }, [onFinish, goTo, loadedRef, total]);

  const previous = useCallback(() => {
    if (indexRef.current > 0) goTo(indexRef.current - 1, -1);
  }, [goTo]);

  useEffect(() => () => clearTimeout(retryTimer.current), []);

  return { index, indexRef, direction, move, firstRender, goTo, next, previous };
}
