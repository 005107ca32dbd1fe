"use client";

// The presentation player (spec sections 2 and 4), one component tree for the signed-in page and the shared link;
// only where the data comes from differs (PlayerSource). The page hands over the presentation the server read, so
// the first slide is in the HTML; without it (Try Again) the player loads it here.
import { useEffect, useState } from "react";
import type { SpeechChoice } from "@/components/speech/preferences";
import { SHARED_LOAD_MESSAGES } from "@/lib/player/messages";
import { failureKind, loadErrorMessage, loadPresentation } from "./api";
import { PlayerMessage } from "./player-message";
import { PlayerStage } from "./player-stage";
import { ReloadButton } from "./reload-button";
import { toPlayerPresentation } from "./slides";
import type { ApiPresentation, PlayerPresentation, PlayerSource } from "./types";

export interface PlayerProps {
  source: PlayerSource;
  /** The presentation as the server read it for this page. */
  initial?: ApiPresentation;
  /** The server's load failure, already in the spec's words. */
  initialError?: string;
  /** No such presentation at all (an address that cannot name one). */
  notFound?: boolean;
  /** The tenant's usable recognisers for voice questions (signed-in viewer). */
  sttChoices?: readonly SpeechChoice[];
}

type Phase =
  | { kind: "loading" }
  | { kind: "error"; message: string }
  /** A shared link revoked while its page was open. */
  | { kind: "gone" }
  | { kind: "ready"; presentation: PlayerPresentation; fromServer: boolean };

export function PresentationPlayer({ source, initial, initialError, notFound = false, sttChoices }: PlayerProps) {
  const shared = source.kind === "shared";
  const [phase, setPhase] = useState<Phase>(() => {
    if (initial) return { kind: "ready", presentation: toPlayerPresentation(initial, shared), fromServer: true };
    if (initialError) return { kind: "error", message: initialError };
    return { kind: "loading" };
  });

  useEffect(() => {
    if (phase.kind !== "loading" || notFound) return;
    let live = true;
    loadPresentation(source)
      .then((presentation) => {
        if (live) setPhase({ kind: "ready", presentation: toPlayerPresentation(presentation, shared), fromServer: false });
      })
      .catch((error: unknown) => {
        if (!live) return;
        const message = loadErrorMessage(source, failureKind(error));
        if (message) setPhase({ kind: "error", message });
      });
    return () => {
      live = false;
    };
  }, [phase.kind, notFound, source, shared]);

  if (notFound) return <PlayerMessage title="No Presentation Found" message="The requested presentation could not be found." />;
  // As the share page itself says for a revoked link (spec section 8, shared load, 404): nothing to try again.
  if (phase.kind === "gone") return <PlayerMessage title="Presentation Unavailable" message={SHARED_LOAD_MESSAGES.gone} tone="error" />;
  if (phase.kind === "loading") return <PlayerMessage title="Loading Presentation" spinner />;
  if (phase.kind === "error") {
    return (
      <PlayerMessage title="Presentation Unavailable" message={phase.message} tone="error">
        <ReloadButton />
      </PlayerMessage>
    );
  }
  const { presentation } = phase;
  // The viewing rule (section 4).
  if (presentation.status !== "completed") {
    return <PlayerMessage title={presentation.title} message={`This presentation is ${presentation.status}. Please wait for it to complete.`} />;
  }
  if (presentation.slides.length === 0) {
    return <PlayerMessage title={presentation.title} message="This presentation has no slides. Please regenerate the presentation." />;
  }
  return (
    <PlayerStage
      presentation={presentation}
      source={source}
      fromServer={phase.fromServer}
      sttChoices={sttChoices}
      onGone={shared ? () => setPhase({ kind: "gone" }) : undefined}
    />
  );
}
