"use client";

import { lazy, Suspense, useEffect, useState } from "react";

const Toaster = lazy(() => import("./toaster").then((module) => ({ default: module.Toaster })));

/**
 * The toast viewport, loaded after the page is interactive: Radix Toast stays out of every page's first-load
 * JavaScript. The toast store keeps what was raised before it arrives, so no toast is lost. React's own lazy()
 * (not next/dynamic, whose loader would itself ship with every page), mounted only in the browser.
 */
export function LazyToaster() {
  const [mounted, setMounted] = useState(false);
  // Rendered only after hydration: the server's HTML has no toast region, and so neither has the first render.
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the one-time switch from the server's render to the browser's
  useEffect(() => setMounted(true), []);
  return mounted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
