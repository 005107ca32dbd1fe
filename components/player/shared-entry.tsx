"use client";

// The public share page's first view: the player's own frame (player-frame.tsx) with the deck's title, the slide
// counter, the first slide's image and caption, the controls and, where it docks, the Q&A panel's column, drawn on
// the server so they show (and preview when linked) before any script runs, where the player will have them. The
// player takes over once the page is interactive; its script (and framer-motion's) loads then, not with the page.
// No Suspense boundary around the poster: React's streaming renderer sends a large boundary's content apart from the
// page and swaps it in by script, so the poster would be in the HTML twice and shown by a swap in the first frame.
import { ChevronLeft, ChevronRight, Maximize } from "lucide-react";
import { startTransition, useEffect, useState, type ComponentType } from "react";
import { AutoAdvanceToggle, CaptionsToggle, ControlButton, PlayButton, PlayerFrame, QaPanelPlaceholder, QaToggle, SLIDE_BOX_CLASS, slideImageClass, TranscriptToggle } from "./player-frame";
import type { PlayerProps } from "./player";
import { PORTRAIT_QUERY, slideAlt, toPlayerPresentation } from "./slides";
import type { ApiPresentation } from "./types";
import { MicButton, VoiceHint } from "./voice-input";

interface SharedPlayerEntryProps {
  token: string;
  initial: ApiPresentation;
}

export function SharedPlayerEntry({ token, initial }: SharedPlayerEntryProps) {
  const [Player, setPlayer] = useState<ComponentType<PlayerProps> | null>(null);
  // A script that could not be loaded: the page's error boundary takes over, as it did for a lazy component.
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    let live = true;
    // The poster stays on screen until the player's script has come; then the player replaces it at once.
    import("./player")
      .then((module) => {
        if (live) startTransition(() => setPlayer(() => module.PresentationPlayer));
      })
      .catch((error: unknown) => {
        if (live) setFailure({ error });
      });
    return () => {
      live = false;
    };
  }, []);
  if (failure) throw failure.error;
  return Player ? <Player source={{ kind: "shared", token }} initial={initial} /> : <Poster initial={initial} />;
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
      headerEnd={<TranscriptToggle on={false} pending />}
      counter={`${total > 0 ? 1 : 0} / ${total}`}
      stage={
        // As the slide viewer draws its first card (slide-viewer.tsx), so the image stays where it is.
        <div className="relative h-full w-full overflow-hidden">
          <div className={SLIDE_BOX_CLASS}>
            {image ? (
              <picture className="contents">
                {portrait ? <source media={PORTRAIT_QUERY} srcSet={portrait} /> : null}
                <img src={image} fetchPriority="high" alt={first ? slideAlt(first.title, first.content) : presentation.title} draggable={false} className={slideImageClass(first?.imageUrl ? (portrait ? "both" : "wide") : "portrait")} />
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
