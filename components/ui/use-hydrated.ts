"use client";

// Whether the page is interactive: false in the server's HTML and while hydrating, true from then on. A button whose
// work is all in a script is disabled until then, so a press before the script has come is not silently lost.
import { useSyncExternalStore } from "react";

const noSubscription = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
