"use client";

// Where the player is drawn: whether the Q&A panel docks beside the slide, whether the page is in full screen, and
// what it covers.
import { useEffect, useState, useSyncExternalStore, type RefObject } from "react";
import { DOCKED_QUERY } from "./player-frame";

function subscribeDocked(onChange: () => void): () => void {
  const query = window.matchMedia(DOCKED_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/**
 * Whether the Q&A panel is docked beside the slide: null on the server and while hydrating. The layout itself is CSS
 * (player-frame.tsx); this says which of the panel's places to fill, and whether a voice answer opens the sheet.
 */
export function useDocked(): boolean | null {
  return useSyncExternalStore(
    subscribeDocked,
    () => window.matchMedia(DOCKED_QUERY).matches,
    () => null,
  );
}

/** Whether the page is in full screen now (by the button, the f key, or the browser's own controls). */
export function useFullScreen(): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const update = () => setOn(document.fullscreenElement !== null);
    document.addEventListener("fullscreenchange", update);
    return () => document.removeEventListener("fullscreenchange", update);
  }, []);
  return on;
}

/**
 * While the player covers the window over the signed-in shell, what it covers is inert: Tab does not go to the
 * shell's links hidden behind it (WCAG 2.2, 2.4.11 Focus Not Obscured), nor does a screen reader read them. Only
 * what lies beside the player's way up to the page's top level: the toasts and the like at that level stay.
 */
export function useInertBehind(root: RefObject<HTMLElement | null>, enabled: boolean): void {
  useEffect(() => {
    const player = root.current;
    if (!enabled || !player) return;
    const covered: HTMLElement[] = [];
    for (let node: HTMLElement = player; node.parentElement && node.parentElement !== document.body; node = node.parentElement) {
      for (const sibling of node.parentElement.children) {
        if (sibling === node || !(sibling instanceof HTMLElement) || sibling.hasAttribute("inert")) continue;
        sibling.setAttribute("inert", "");
        covered.push(sibling);
      }
    }
    return () => {
      for (const element of covered) element.removeAttribute("inert");
    };
  }, [root, enabled]);
}
