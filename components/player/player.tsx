"use client";

// The presentation player (spec sections 2 and 4), one component tree for the signed-in page and the shared link;
// only where the data comes from differs (PlayerSource). The page hands over the presentation the server read, so
// the first slide is in the HTML; without it (Try Again) the player loads it here.
import { ArrowLeft, ChevronLeft, ChevronRight, Maximize, Minimize, RotateCcw } from "lucide-react";
import dynamic from "next/dynamic";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { SpeechChoice } from "@/components/speech/preferences";
import { usePlayerToasts } from "@/components/ui/toast-placement";
import { useHydrated } from "@/components/ui/use-hydrated";
import { toast } from "@/components/ui/use-toast";
import { SHARED_LOAD_MESSAGES } from "@/lib/player/messages";
import { captionsUrl, failureKind, loadErrorMessage, loadPresentation, sharedLinkGone } from "./api";
import { AutoAdvanceToggle, CaptionsToggle, ControlButton, DOCKED_QUERY, PlayButton, PlayerFrame, QaPanelPlaceholder, QaSheet, QaToggle } from "./player-frame";
import { PlayerMessage } from "./player-message";
import { ReloadButton } from "./reload-button";
import { SlideViewer } from "./slide-viewer";
import { toPlayerPresentation } from "./slides";
import type { ApiPresentation, PlayerPresentation, PlayerSource } from "./types";
import { useNarration } from "./use-narration";
import { useQa } from "./use-qa";
import { useRecorder } from "./use-recorder";
import { useSlideLoading } from "./use-slide-loading";
import { useStoredSwitch } from "./use-stored-switch";
import { focusQuestionBox, MicButton, VoiceHint } from "./voice-input";

// The Q&A panel arrives after the page: the slide and its narration come first (and the share page stays light).
// Until then its column shows the panel's header, from the server's HTML on.
const QaPanel = dynamic(() => import("./qa-panel").then((module) => module.QaPanel), { ssr: false, loading: () => <QaPanelPlaceholder /> });

/** The mic hint shows this long after the player opens (section 9), then only while recording or processing. */
export const MIC_HINT_MS = 5000;
export const NEXT_SLIDE_RETRIES = 3;
export const NEXT_SLIDE_RETRY_MS = 1000;

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

/** Where this browser keeps the viewer's auto-advance choice. */
const AUTO_ADVANCE_KEY = "player.autoAdvance";
const CAPTIONS_KEY = "player.captions";

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

function subscribeDocked(onChange: () => void): () => void {
  const query = window.matchMedia(DOCKED_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/**
 * Whether the Q&A panel is docked beside the slide: null on the server and while hydrating. The layout itself is CSS
 * (player-frame.tsx); this says which of the panel's places to fill, and whether a voice answer opens the sheet.
 */
function useDocked(): boolean | null {
  return useSyncExternalStore(
    subscribeDocked,
    () => window.matchMedia(DOCKED_QUERY).matches,
    () => null,
  );
}

/** Whether the page is in full screen now (by the button, the f key, or the browser's own controls). */
function useFullScreen(): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const update = () => setOn(document.fullscreenElement !== null);
    document.addEventListener("fullscreenchange", update);
    return () => document.removeEventListener("fullscreenchange", update);
  }, []);
  return on;
}

function inTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT";
}

interface StageProps {
  presentation: PlayerPresentation;
  source: PlayerSource;
  fromServer: boolean;
  sttChoices?: readonly SpeechChoice[];
  /** A shared viewer's link stopped working while the page was open. */
  onGone?: () => void;
}

function PlayerStage({ presentation, source, fromServer, sttChoices, onGone }: StageProps) {
  const { slides } = presentation;
  const total = slides.length;
  const [index, setIndex] = useState(0);
  const [direction, setDirection] = useState(1);
  const [move, setMove] = useState(0);
  const [firstRender, setFirstRender] = useState(fromServer);
  const [ended, setEnded] = useState(false);
  const [hintTime, setHintTime] = useState(true);
  const [sheetOpen, setSheetOpen] = useState(false);
  const docked = useDocked();
  const fullScreen = useFullScreen();
  // The signed-in page draws the player on the server: until it is interactive a press of a control would be lost.
  const pending = !useHydrated();
  usePlayerToasts();
  const root = useRef<HTMLDivElement>(null);
  const indexRef = useRef(0);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { loaded, loadedRef } = useSlideLoading(slides, source.kind, fromServer);

  const goTo = useCallback((next: number, towards: number) => {
    clearTimeout(retryTimer.current);
    retryTimer.current = undefined;
    indexRef.current = next;
    setDirection(towards);
    setMove((count) => count + 1);
    setIndex(next);
    setFirstRender(false);
  }, []);

  const narrationRef = useRef<{ pause: () => void } | null>(null);

  const finish = useCallback(() => {
    setEnded(true);
    narrationRef.current?.pause();
    toast({ title: "Presentation Complete", description: "You've reached the end of the presentation." });
  }, []);

  const next = useCallback(() => {
    const current = indexRef.current;
    if (current >= total - 1) {
      finish();
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
  }, [finish, goTo, loadedRef, total]);

  const previous = useCallback(() => {
    if (indexRef.current > 0) goTo(indexRef.current - 1, -1);
  }, [goTo]);

  const restart = useCallback(() => {
    setEnded(false);
    goTo(0, -1);
    toast({ title: "Presentation Restarted", description: "Starting from the beginning." });
  }, [goTo]);

  const slide = index < loaded ? slides[index] : undefined;
  // Auto-advance (spec section 4: on by default): when a slide's narration ends, the next slide opens. Captions (on
  // by default): the sentence being spoken under the slide. Both choices are kept in this browser.
  const [autoAdvance, toggleAutoAdvance, autoAdvanceRef] = useStoredSwitch(AUTO_ADVANCE_KEY);
  const [captions, toggleCaptions] = useStoredSwitch(CAPTIONS_KEY);
  const onSlideEnd = useCallback(() => {
    if (autoAdvanceRef.current) next();
  }, [next, autoAdvanceRef]);
  // Narration that cannot play on a shared link may mean the link was revoked meanwhile (its files then answer 404):
  // the link is asked about, and a gone link is said as such rather than as a playback error (spec section 8).
  const playbackFailed = useCallback(
    (description: string) => {
      const failed = () => toast({ title: "Audio Playback Error", description, variant: "destructive" });
      if (!onGone) {
        failed();
        return;
      }
      void sharedLinkGone(source).then((gone) => (gone ? onGone() : failed()));
    },
    [onGone, source],
  );
  const { listening: playing, sentence, toggle, pause, suspend, resume, audioRef } = useNarration(slides[index], onSlideEnd, playbackFailed);
  useEffect(() => {
    narrationRef.current = { pause };
  }, [pause]);

  const slideNumber = useCallback(() => slides[indexRef.current]?.slideNumber ?? 1, [slides]);
  const qa = useQa({
    source,
    presentationId: presentation.id,
    slideNumber,
    onDone: resume,
    onAnswerStarts: suspend,
    sttChoices,
    speechToTextAvailable: presentation.voiceQuestions,
    onGone,
  });
  // A voice question's exchange opens the Q&A sheet of the compact layout: its badge alone is easily missed while
  // the answer is spoken.
  const [voiceAsking, setVoiceAsking] = useState(false);
  const { askRecorded } = qa;
  const askByVoice = useCallback(
    async (audio: Blob) => {
      setVoiceAsking(true);
      try {
        await askRecorded(audio);
      } finally {
        setVoiceAsking(false);
      }
    },
    [askRecorded],
  );
  // Where voice questions cannot be transcribed, the mic (or Space) shows the hint again and opens the question box.
  const [hintShown, setHintShown] = useState(0);
  const offerTyping = useCallback(() => {
    setHintTime(true);
    setHintShown((count) => count + 1);
    if (docked === false) setSheetOpen(true);
    focusQuestionBox();
  }, [docked]);
  const recorder = useRecorder({ onStart: suspend, onRecorded: askByVoice, onCancel: resume, available: qa.voice, onUnavailable: offerTyping });

  useEffect(() => {
    const timer = setTimeout(() => setHintTime(false), MIC_HINT_MS);
    return () => clearTimeout(timer);
  }, [hintShown]);
  useEffect(() => () => clearTimeout(retryTimer.current), []);

  const toggleFullScreen = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void root.current?.requestFullscreen().catch(() => undefined);
  }, []);

  // Keyboard (section 2): arrows move, f toggles full screen, Escape leaves it, Space held records a question.
  const keys = useRef({ next, previous, toggleFullScreen, recorder });
  useEffect(() => {
    keys.current = { next, previous, toggleFullScreen, recorder };
  });
  useEffect(() => {
    const down = (event: KeyboardEvent) => {
      if (inTextField(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const actions = keys.current;
      if (event.key === "ArrowLeft" || event.key === "ArrowUp") {
        event.preventDefault();
        actions.previous();
      } else if (event.key === "ArrowRight" || event.key === "ArrowDown") {
        event.preventDefault();
        actions.next();
      } else if (event.key === "f" || event.key === "F") {
        actions.toggleFullScreen();
      } else if (event.key === "Escape") {
        if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
      } else if (event.code === "Space") {
        // Also keeps a focused button from being pressed by the space bar.
        event.preventDefault();
        if (!event.repeat) actions.recorder.start();
      }
    };
    const up = (event: KeyboardEvent) => {
      if (event.code !== "Space" || inTextField(event.target)) return;
      event.preventDefault();
      keys.current.recorder.stop();
    };
    window.addEventListener("keydown", down);
    window.addEventListener("keyup", up);
    return () => {
      window.removeEventListener("keydown", down);
      window.removeEventListener("keyup", up);
    };
  }, []);

  const recording = recorder.state === "recording";
  const processing = recorder.state === "processing";
  const showHint = hintTime || recording || processing;
  const caption = slides[index]?.sentences[sentence]?.text ?? "";
  const stillLoading = loaded < total;
  const messageCount = qa.messages.length;
  const [shownCount, setShownCount] = useState(messageCount);
  if (shownCount !== messageCount) {
    setShownCount(messageCount);
    if (voiceAsking && messageCount > shownCount && docked === false) setSheetOpen(true);
  }

  const panel = (onClose?: () => void) => (
    <QaPanel messages={qa.messages} answering={qa.answering} onAsk={qa.askText} onClose={onClose} recognition={qa.recognition} voice={qa.voice} />
  );

  return (
    <PlayerFrame
      rootRef={root}
      headerStart={
        <>
          {source.kind === "signed-in" && presentation.blogId ? (
            <a
              href={`/blogs/${presentation.blogId}`}
              className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg px-2 text-sm text-slate-300 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
            >
              <ArrowLeft className="h-4 w-4" aria-hidden />
              <span className="hidden sm:inline">Back to Blog</span>
              <span className="sr-only sm:hidden">Back to Blog</span>
            </a>
          ) : null}
          {ended ? (
            <button
              type="button"
              onClick={restart}
              className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg bg-emerald-600 px-3 text-sm font-medium text-white shadow hover:bg-emerald-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400"
            >
              <RotateCcw className="h-4 w-4" aria-hidden />
              Restart Presentation
            </button>
          ) : null}
        </>
      }
      title={presentation.title}
      headerEnd={
        stillLoading ? (
          <span className="hidden rounded-full bg-white/10 px-2.5 py-1 text-xs text-slate-300 sm:inline" role="status">
            {index >= loaded - 1 ? "Loading next slides..." : `Loading slides... (${loaded}/${total})`}
          </span>
        ) : null
      }
      counter={`${index + 1} / ${total}`}
      stage={
        loaded === 0 ? (
          <div className="flex h-full items-center justify-center text-sm text-slate-300" role="status">
            Loading presentation content...
          </div>
        ) : (
          <SlideViewer slide={slide} direction={direction} move={move} firstRender={firstRender} />
        )
      }
      caption={captions ? caption : ""}
      captionActive={playing}
      hint={showHint ? <VoiceHint available={qa.voice} recorder={recorder} /> : null}
      controls={
        <>
          <ControlButton label="Previous slide" onClick={previous} disabled={index === 0} pending={pending}>
            <ChevronLeft className="h-5 w-5" aria-hidden />
          </ControlButton>
          <PlayButton playing={playing} onClick={toggle} pending={pending} />
          <MicButton available={qa.voice} recorder={recorder} />
          <ControlButton label="Next slide" onClick={next} pending={pending}>
            <ChevronRight className="h-5 w-5" aria-hidden />
          </ControlButton>
          <AutoAdvanceToggle on={autoAdvance} onClick={toggleAutoAdvance} pending={pending} />
          <CaptionsToggle on={captions} onClick={toggleCaptions} pending={pending} />
          <ControlButton label={fullScreen ? "Exit full screen" : "Full screen"} onClick={toggleFullScreen} pending={pending}>
            {fullScreen ? <Minimize className="h-4 w-4" aria-hidden /> : <Maximize className="h-4 w-4" aria-hidden />}
          </ControlButton>
          <QaToggle expanded={sheetOpen} count={messageCount} onClick={() => setSheetOpen((open) => !open)} pending={pending} />
        </>
      }
      // Filled where the panel docks, and before the page knows (the server's HTML): CSS shows it only where it docks.
      panel={docked !== false ? panel() : null}
    >
      {docked === false && sheetOpen ? <QaSheet onClose={() => setSheetOpen(false)}>{panel(() => setSheetOpen(false))}</QaSheet> : null}
      <audio ref={audioRef} preload="none" data-testid="narration-audio" className="hidden">
        {/* The slide's captions as the audio's own track (WebVTT), for assistive technology and the browser's media controls. */}
        {slide ? <track key={slide.slideNumber} kind="captions" src={captionsUrl(source, slide.slideNumber)} srcLang="en" label="Captions" default /> : null}
      </audio>
    </PlayerFrame>
  );
}
