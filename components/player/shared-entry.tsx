"use client";

// The public share page's first view: the deck's title, the slide counter and the first slide's image, drawn on the
// server so they show (and preview when linked) before any script runs. The player takes over once the page is
// interactive; its script (and framer-motion's) loads then, not with the page.
import { lazy, Suspense, useEffect, useState } from "react";
import { PORTRAIT_QUERY } from "./slides";
import type { ApiPresentation } from "./types";

const PresentationPlayer = lazy(() => import("./player").then((module) => ({ default: module.PresentationPlayer })));

interface SharedPlayerEntryProps {
  token: string;
  initial: ApiPresentation;
  title: string;
  firstImage: string | null;
  /** The first slide's portrait rendering (1080x1350), shown instead on portrait viewports. */
  firstMobileImage?: string | null;
}

export function SharedPlayerEntry({ token, initial, title, firstImage, firstMobileImage = null }: SharedPlayerEntryProps) {
  const [mounted, setMounted] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the one switch from the server's poster to the player
  useEffect(() => setMounted(true), []);
  const poster = <Poster title={title} image={firstImage} portrait={firstMobileImage} total={initial.slides.length} />;
  if (!mounted) return poster;
  return (
    <Suspense fallback={poster}>
      <PresentationPlayer source={{ kind: "shared", token }} initial={initial} />
    </Suspense>
  );
}

/** The player's frame with its first slide, as the player itself first shows it. */
function Poster({ title, image, portrait, total }: { title: string; image: string | null; portrait: string | null; total: number }) {
  return (
    // data-shared-player marks the page as the player (lib/http/share-page.ts caches only such renders).
    <div data-shared-player="" className="fixed inset-0 z-40 flex flex-col bg-slate-950 text-white">
      <header className="flex h-14 shrink-0 items-center gap-3 px-3 sm:px-5">
        <h1 className="min-w-0 flex-1 truncate text-sm font-medium text-slate-200 sm:text-base">{title}</h1>
        <span className="rounded-full bg-white/10 px-3 py-1 text-sm font-medium tabular-nums" aria-label="Slide counter">
          {total > 0 ? 1 : 0} / {total}
        </span>
      </header>
      <div className="relative min-h-0 flex-1 px-2 pb-24 sm:px-6">
        <div className="flex h-full items-center justify-center">
          {image ? (
            <picture className="contents">
              {portrait && portrait !== image ? <source media={PORTRAIT_QUERY} srcSet={portrait} /> : null}
              <img src={image} alt={title} className="max-h-full max-w-full rounded-xl object-contain shadow-2xl" />
            </picture>
          ) : (
            <p className="text-sm text-slate-300">Loading slide...</p>
          )}
        </div>
      </div>
    </div>
  );
}
