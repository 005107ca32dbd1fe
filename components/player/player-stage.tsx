"use client";

// The player once its presentation is here (spec sections 2 and 4): the slide, its narration and captions, the
// controls and keyboard, the Q&A panel or sheet, the transcript, and what a screen reader is told.
import { ArrowLeft, ChevronLeft, ChevronRight, Maximize, Minimize, RotateCcw } from "lucide-react";
import dynamic from "next/dynamic";
import { useCallback, useEffect, useRef, useState } from "react";
import { usePlayerAnalytics } from "@/components/analytics/player-analytics";
import type { SpeechChoice } from "@/components/speech/preferences";
import { usePlayerToasts } from "@/components/ui/toast-placement";
import { useHydrated } from "@/components/ui/use-hydrated";
import { toast } from "@/components/ui/use-toast";
import { answerMessage, PlayerAnnouncements, useStatusMessage } from "./announcements";
import { captionsUrl, sharedLinkGone } from "./api";
import { AutoAdvanceToggle, CaptionsToggle, ControlButton, PlayButton, PlayerFrame, QaPanelPlaceholder, QaSheet, QaToggle, TranscriptToggle } from "./player-frame";
import { SlideViewer } from "./slide-viewer";
import type { PlayerPresentation, PlayerSource } from "./types";
import { useNarration } from "./use-narration";
import { usePlayerKeys } from "./use-player-keys";
import { useDocked, useFullScreen, useInertBehind } from "./use-player-view";
import { useQa } from "./use-qa";
import { useRecorder } from "./use-recorder";
import { useSlideLoading } from "./use-slide-loading";
import { useSlideNavigation } from "./use-slide-navigation";
import { useStoredSwitch } from "./use-stored-switch";
import { focusQuestionBox, MicButton, VoiceHint } from "./voice-input";

// The Q&A panel arrives after the page: the slide and its narration come first (and the share page stays light).
// Until then its column shows the panel's header, from the server's HTML on. The transcript (off by default) too.
const QaPanel = dynamic(() => import("./qa-panel").then((module) => module.QaPanel), { ssr: false, loading: () => <QaPanelPlaceholder /> });
const TranscriptPanel = dynamic(() => import("./transcript-panel").then((module) => module.TranscriptPanel), { ssr: false });

/** The mic hint shows this long after the player opens (section 9), then only while recording or processing. */
export const MIC_HINT_MS = 5000;

/** Where this browser keeps the viewer's auto-advance, captions and transcript choices. */
const AUTO_ADVANCE_KEY = "player.autoAdvance";
const CAPTIONS_KEY = "player.captions";
const TRANSCRIPT_KEY = "player.transcript";

export interface StageProps {
  presentation: PlayerPresentation;
  source: PlayerSource;
  fromServer: boolean;
  sttChoices?: readonly SpeechChoice[];
  /** A shared viewer's link stopped working while the page was open. */
  onGone?: () => void;
}

export function PlayerStage({ presentation, source, fromServer, sttChoices, onGone }: StageProps) {
  const { slides } = presentation;
  const total = slides.length;
  const [ended, setEnded] = useState(false);
  const [hintTime, setHintTime] = useState(true);
  const [sheetOpen, setSheetOpen] = useState(false);
  const docked = useDocked();
  const fullScreen = useFullScreen();
  // The signed-in page draws the player on the server: until it is interactive a press of a control would be lost.
  const pending = !useHydrated();
  usePlayerToasts();
  const root = useRef<HTMLDivElement>(null);
  useInertBehind(root, source.kind === "signed-in");
  const { loaded, loadedRef } = useSlideLoading(slides, source.kind, fromServer);
  const narrationRef = useRef<{ pause: () => void } | null>(null);

  const finish = useCallback(() => {
    setEnded(true);
    narrationRef.current?.pause();
    toast({ title: "Presentation Complete", description: "You've reached the end of the presentation." });
  }, []);
  const { index, indexRef, direction, move, firstRender, goTo, next, previous } = useSlideNavigation(total, loadedRef, fromServer, finish);

  const restart = useCallback(() => {
    setEnded(false);
    goTo(0, -1);
    toast({ title: "Presentation Restarted", description: "Starting from the beginning." });
  }, [goTo]);

  const slide = index < loaded ? slides[index] : undefined;
  // Auto-advance (spec section 4: on by default): when a slide's narration ends, the next slide opens. Captions (on
  // by default): the sentence being spoken under the slide. Transcript (off by default, so the first paint is the
  // layout without it): the whole narration beside or below the slide. The choices are kept in this browser.
  const [autoAdvance, toggleAutoAdvance, autoAdvanceRef] = useStoredSwitch(AUTO_ADVANCE_KEY);
  const [captions, toggleCaptions] = useStoredSwitch(CAPTIONS_KEY);
  const [transcriptOn, toggleTranscript] = useStoredSwitch(TRANSCRIPT_KEY, false);
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
  const { state: narrationState, listening: playing, sentence, toggle, pause, playFrom, suspend, resume, audioRef } = useNarration(slides[index], onSlideEnd, playbackFailed);
  // Share analytics: the slide shown, the time its narration is heard, the end reached, the questions answered.
  const analytics = usePlayerAnalytics(source, slides[index]?.slideNumber ?? 1);
  useEffect(() => analytics.narrating(narrationState === "playing"), [analytics, narrationState]);
  useEffect(() => {
    if (ended) analytics.completed();
  }, [analytics, ended]);
  // A transcript sentence: its slide, narrated from that sentence on.
  const seek = useCallback(
    (slideIndex: number, sentenceIndex: number) => {
      setEnded(false);
      if (slideIndex === indexRef.current) {
        playFrom(sentenceIndex);
        return;
      }
      playFrom(sentenceIndex, true);
      goTo(slideIndex, slideIndex > indexRef.current ? 1 : -1);
    },
    [goTo, indexRef, playFrom],
  );
  useEffect(() => {
    narrationRef.current = { pause };
  }, [pause]);

  const slideNumber = useCallback(() => slides[indexRef.current]?.slideNumber ?? 1, [slides, indexRef]);
  const qa = useQa({
    source,
    presentationId: presentation.id,
    slideNumber,
    onDone: resume,
    onAnswerStarts: suspend,
    sttChoices,
    speechToTextAvailable: presentation.voiceQuestions,
    onGone,
    onAnswered: analytics.asked,
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

  const toggleFullScreen = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void root.current?.requestFullscreen().catch(() => undefined);
  }, []);

  // Keyboard (section 2): arrows move, f toggles full screen, Escape leaves it, Space held records a question.
  usePlayerKeys({ next, previous, toggleFullScreen, recorder });

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

  // Hidden from its own close button: the focus goes to the top bar's Transcript switch (not lost with the panel).
  const hideTranscript = useCallback(() => {
    toggleTranscript();
    root.current?.querySelector<HTMLElement>("[data-transcript-toggle]")?.focus();
  }, [toggleTranscript]);
  const status = useStatusMessage({ playing, index, total, title: slides[index]?.title ?? "", recorder: recorder.state });
  // Where the transcript goes is the script's choice (it is off in the server's HTML): beside the slide over the
  // docked Q&A panel, else below the slide.
  const transcript =
    transcriptOn && docked !== null
      ? {
          place: docked ? ("side" as const) : ("compact" as const),
          content: <TranscriptPanel slides={slides} slideIndex={index} sentence={sentence} playing={playing} onSeek={seek} onClose={hideTranscript} />,
        }
      : null;

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
              className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg bg-emerald-700 px-3 text-sm font-medium text-white shadow hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400"
            >
              <RotateCcw className="h-4 w-4" aria-hidden />
              {/* On a phone the icon alone, so the deck's title keeps its room in the header. */}
              <span className="hidden sm:inline">Restart Presentation</span>
              <span className="sr-only sm:hidden">Restart Presentation</span>
            </button>
          ) : null}
        </>
      }
      title={presentation.title}
      headerEnd={
        <>
          {stillLoading ? (
            <span className="hidden rounded-full bg-white/10 px-2.5 py-1 text-xs text-slate-300 sm:inline" role="status">
              {index >= loaded - 1 ? "Loading next slides..." : `Loading slides... (${loaded}/${total})`}
            </span>
          ) : null}
          <TranscriptToggle on={transcriptOn} onClick={toggleTranscript} pending={pending} />
        </>
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
      transcript={transcript}
      covered={docked === false && sheetOpen}
    >
      <PlayerAnnouncements status={status} answer={answerMessage(qa.messages)} />
      {docked === false && sheetOpen ? <QaSheet onClose={() => setSheetOpen(false)}>{panel(() => setSheetOpen(false))}</QaSheet> : null}
      <audio ref={audioRef} preload="none" data-testid="narration-audio" className="hidden">
        {/* The slide's captions as the audio's own track (WebVTT), for assistive technology and the browser's controls. */}
        {slide ? <track key={slide.slideNumber} kind="captions" src={captionsUrl(source, slide.slideNumber)} srcLang={presentation.language} label="Captions" default /> : null}
      </audio>
    </PlayerFrame>
  );
}
