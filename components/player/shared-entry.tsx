"use client";

// The public share page's first view: the player's own frame (player-frame.tsx) with the deck's title, the slide
// counter, the first slide's image and caption, the controls and, where it docks, the Q&A panel's column, drawn on
// the server so they show (and preview when linked) before any script runs, where the player will have them. The
// player takes over once the page is interactive; its script (and framer-motion's) loads then, not with the page.
import { ChevronLeft, ChevronRight, Maximize } from "lucide-react";
import { lazy, startTransition, Suspense, useEffect, useState } from "react";
import { AutoAdvanceToggle, CaptionsToggle, ControlButton, PlayButton, PlayerFrame, QaPanelPlaceholder, QaToggle, SLIDE_BOX_CLASS, slideImageClass } from "./player-frame";
import { PORTRAIT_QUERY, toPlayerPresentation } from "./slides";
import type { ApiPresentation } from "./types";
import { MicButton, VoiceHint } from "./voice-input";

const PresentationPlayer = lazy(() => import("./player").then((module) => ({ default: module.PresentationPlayer })));

interface SharedPlayerEntryProps {
  token: string;
  initial: ApiPresentation;
}

export function SharedPlayerEntry({ token, initial }: SharedPlayerEntryProps) {
  const [mounted, setMounted] = useState(false);
  // A transition: the poster stays on screen until the player's script has come, then the player replaces it at once.
  useEffect(() => startTransition(() => setMounted(true)), []);
  const poster = <Poster initial={initial} />;
  return <Suspense fallback={poster}>{mounted ? <PresentationPlayer source={{ kind: "shared", token }} initial={initial} /> : poster}</Suspense>;
}

/**
 * The player as it first shows, without its script: the first slide, its first sentence as the caption, and the
 * controls, disabled until the player is here (a press before then would be lost) but drawn as they will be.
 */
function Poster({ initial }: { initial: ApiPresentation }) {
  const presentation = toPlayerPresentation(initial, true);
  const first = presentation.slides[0];
  const total = presentation.slides.length;
  const image = first?.imageUrl ?? first?.mobileImageUrl ?? null;
  const portrait = first?.mobileImageUrl && first.mobileImageUrl !== image ? first.mobileImageUrl : null;
  return (
    <PlayerFrame
      // data-shared-player marks the page as the player (lib/http/share-page.ts caches only such renders).
      sharedPlayer
      title={presentation.title}
      counter={`${total > 0 ? 1 : 0} / ${total}`}
      stage={
        // As the slide viewer draws its first card (slide-viewer.tsx), so the image stays where it is.
        <div className="relative h-full w-full overflow-hidden">
          <div className={SLIDE_BOX_CLASS}>
            {image ? (
              <picture className="contents">
                {portrait ? <source media={PORTRAIT_QUERY} srcSet={portrait} /> : null}
                <img src={image} alt={first?.title ?? presentation.title} draggable={false} className={slideImageClass(first?.imageUrl ? (portrait ? "both" : "wide") : "portrait")} />
              </picture>
            ) : (
              <p className="text-sm text-slate-300">Loading slide...</p>
            )}
          </div>
        </div>
      }
      caption={first?.sentences[0]?.text ?? ""}
      captionActive={false}
      hint={<VoiceHint available={presentation.voiceQuestions !== false} />}
      controls={
        <>
          <ControlButton label="Previous slide" disabled>
            <ChevronLeft className="h-5 w-5" aria-hidden />
          </ControlButton>
          <PlayButton playing={false} pending />
          <MicButton available={presentation.voiceQuestions !== false} />
          <ControlButton label="Next slide" pending>
            <ChevronRight className="h-5 w-5" aria-hidden />
          </ControlButton>
          <AutoAdvanceToggle on pending />
          <CaptionsToggle on pending />
          <ControlButton label="Full screen" pending>
            <Maximize className="h-4 w-4" aria-hidden />
          </ControlButton>
          <QaToggle expanded={false} count={0} pending />
        </>
      }
      panel={<QaPanelPlaceholder />}
    />
  );
}
