"use client";

// Where toasts appear. On most pages: bottom right (top on phones). Over the presentation player that corner and the
// top bar hold controls (the question box, the Ask button, Back and Restart), so there toasts sit just under the
// player's top bar, centred over the slide, clear of the docked Q&A panel.
import { useEffect, useSyncExternalStore } from "react";

export type ToastPlacement = "page" | "player";

let placement: ToastPlacement = "page";
const listeners = new Set<() => void>();

function setPlacement(next: ToastPlacement) {
  if (placement === next) return;
  placement = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The placement now, for the toast viewport. */
export function useToastPlacement(): ToastPlacement {
  return useSyncExternalStore(
    subscribe,
    () => placement,
    () => "page",
  );
}

/** Places toasts for the player while the calling component is mounted. */
export function usePlayerToasts() {
  useEffect(() => {
    setPlacement("player");
    return () => setPlacement("page");
  }, []);
}
