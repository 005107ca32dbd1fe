"use client";

// Narration of the current slide (spec section 4, "Narration"): one audio file per slide and its sentence timings.
// Play starts at the current sentence, pause keeps the position, the current sentence follows the audio's time, a
// transcript sentence plays from its start, and at the end of the slide's audio narration goes idle and the player
// may move on. A slide without audio is shown for its timer duration instead while the viewer is listening. Audio
// that has not started a second after play is asked for is asked once more, then given up with a message.
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "@/components/ui/use-toast";
import { sentenceAt } from "./slides";
import type { PlayerSlide } from "./types";

export type NarrationState = "idle" | "loading" | "playing" | "paused";

/** Narration resumes this long after a voice question is answered (section 9). */
export const RESUME_DELAY_MS = 500;
/** This long after play is asked for, audio that has not started is asked again, then given up (section 9). */
export const START_CHECK_MS = 1000;

export interface Narration {
  state: NarrationState;
  /** The viewer pressed play and has not paused: narration continues onto the next slide. */
  listening: boolean;
  sentence: number;
  play: () => void;
  pause: () => void;
  toggle: () => void;
  /**
   * Plays from sentence `index` (a transcript sentence chosen): of the current slide, or with `nextSlide` of the slide
   * about to be shown (its narration starts there instead of at its first sentence).
   */
  playFrom: (index: number, nextSlide?: boolean) => void;
  /** A voice question starts: narration pauses and remembers whether to resume. */
  suspend: () => void;
  /** The question is done: narration resumes after 500 ms from the current sentence, when it was going. */
  resume: () => void;
  audioRef: React.RefObject<HTMLAudioElement | null>;
}

function isAutoplayRefusal(error: unknown): boolean {
  // The browser's autoplay policy (NotAllowedError), or a play() cut short by a pause or a new source (AbortError):
  // neither is worth a message (section 8: autoplay-blocked errors are silent).
  return error instanceof DOMException && (error.name === "NotAllowedError" || error.name === "AbortError");
}

/** Says that narration could not play; by default the spec's 'Audio Playback Error' toast with this description. */
export type PlaybackFailure = (description: string) => void;

const toastPlaybackFailure: PlaybackFailure = (description) => {
  toast({ title: "Audio Playback Error", description, variant: "destructive" });
};

export function useNarration(slide: PlayerSlide | undefined, onSlideEnd: () => void, onPlaybackFailure: PlaybackFailure = toastPlaybackFailure): Narration {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [state, setState] = useState<NarrationState>("idle");
  const [listening, setListening] = useState(false);
  const [sentence, setSentence] = useState(0);
  const listeningRef = useRef(false);
  const sentenceRef = useRef(0);
  const slideRef = useRef(slide);
  const endedRef = useRef(false);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const startCheckRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The audio has started playing since play was last asked for (its 'playing' event). */
  const startedRef = useRef(false);
  const suspendedRef = useRef(false);
  /** Where the next slide's narration starts (a transcript sentence), instead of its first sentence. */
  const nextStartRef = useRef<number | null>(null);
  const onSlideEndRef = useRef(onSlideEnd);

  const onFailureRef = useRef(onPlaybackFailure);

  useEffect(() => {
    onSlideEndRef.current = onSlideEnd;
    onFailureRef.current = onPlaybackFailure;
  }, [onSlideEnd, onPlaybackFailure]);

  const setListeningBoth = useCallback((value: boolean) => {
    listeningRef.current = value;
    setListening(value);
  }, []);

  const selectSentence = useCallback((index: number) => {
    sentenceRef.current = index;
    setSentence(index);
  }, []);

  const clearTimer = useCallback(() => {
    clearTimeout(timerRef.current);
    timerRef.current = undefined;
    clearTimeout(startCheckRef.current);
    startCheckRef.current = undefined;
  }, []);

  /** play() on the audio element; its refusal pauses narration (silently for the browser's autoplay policy). */
  const playAudio = useCallback(
    (audio: HTMLAudioElement) => {
      audio.play().catch((error: unknown) => {
        if (!isAutoplayRefusal(error)) onFailureRef.current("Failed to start audio playback.");
        if (!(error instanceof DOMException && error.name === "AbortError")) {
          clearTimeout(startCheckRef.current);
          setListeningBoth(false);
          setState("paused");
        }
      });
    },
    [setListeningBoth],
  );

  /** Narrates the current slide from sentence `index`. */
  const startAt = useCallback(
    (index: number) => {
      const current = slideRef.current;
      const audio = audioRef.current;
      if (!current || !audio) return;
      clearTimer();
      endedRef.current = false;
      if (!current.audioUrl) {
        // No narration for this slide: say so, and let the timer move on while the viewer is listening.
        toast({ title: "Audio Not Available", description: "Please ensure the presentation has been processed.", variant: "destructive" });
        setState("playing");
        timerRef.current = setTimeout(() => {
          setState("idle");
          endedRef.current = true;
          if (listeningRef.current) onSlideEndRef.current();
        }, current.duration * 1000);
        return;
      }
      const absolute = new URL(current.audioUrl, window.location.href).href;
      if (audio.src !== absolute) audio.src = current.audioUrl;
      audio.currentTime = (current.sentences[index]?.start_ms ?? 0) / 1000;
      selectSentence(index);
      setState("loading");
      startedRef.current = false;
      playAudio(audio);
      // A play() that neither starts nor fails (a stalled source, a media pipeline that never wakes) would leave
      // the viewer waiting in 'loading': a second later it is asked once more from the current sentence, and a
      // second after that it is given up. A refusal has already paused narration (playAudio) and is not counted;
      // the audio's 'playing' event ends the check.
      const stalled = () => listeningRef.current && !endedRef.current && slideRef.current === current && !startedRef.current;
      startCheckRef.current = setTimeout(() => {
        if (!stalled()) return;
        audio.currentTime = (current.sentences[sentenceRef.current]?.start_ms ?? 0) / 1000;
        playAudio(audio);
        startCheckRef.current = setTimeout(() => {
          if (!stalled()) return;
          startCheckRef.current = undefined;
          audio.pause();
          setListeningBoth(false);
          setState("paused");
          onFailureRef.current("Failed to start audio playback.");
        }, START_CHECK_MS);
      }, START_CHECK_MS);
    },
    [clearTimer, playAudio, selectSentence, setListeningBoth],
  );

  const play = useCallback(() => {
    setListeningBoth(true);
    suspendedRef.current = false;
    // After the last sentence ended, play starts the slide again.
    startAt(endedRef.current ? 0 : sentenceRef.current);
  }, [setListeningBoth, startAt]);

  const pause = useCallback(() => {
    setListeningBoth(false);
    suspendedRef.current = false;
    clearTimer();
    audioRef.current?.pause();
    setState((current) => (current === "idle" ? "idle" : "paused"));
  }, [clearTimer, setListeningBoth]);

  const toggle = useCallback(() => {
    if (listeningRef.current) pause();
    else play();
  }, [pause, play]);

  const playFrom = useCallback(
    (index: number, nextSlide = false) => {
      setListeningBoth(true);
      suspendedRef.current = false;
      if (nextSlide) nextStartRef.current = index;
      else startAt(index);
    },
    [setListeningBoth, startAt],
  );

  const suspend = useCallback(() => {
    suspendedRef.current = listeningRef.current && !endedRef.current;
    clearTimer();
    audioRef.current?.pause();
    if (listeningRef.current) setState("paused");
  }, [clearTimer]);

  const resume = useCallback(() => {
    if (!suspendedRef.current) return;
    suspendedRef.current = false;
    setTimeout(() => {
      if (listeningRef.current) startAt(sentenceRef.current);
    }, RESUME_DELAY_MS);
  }, [startAt]);

  // A new slide: the old narration stops; a listening viewer hears the new slide from its first sentence.
  useEffect(() => {
    slideRef.current = slide;
    clearTimer();
    const audio = audioRef.current;
    if (audio) {
      audio.pause();
      if (slide?.audioUrl) audio.src = slide.audioUrl;
      else audio.removeAttribute("src");
    }
    endedRef.current = false;
    const from = nextStartRef.current ?? 0;
    nextStartRef.current = null;
    // The audio element is outside React: its reset and the state that mirrors it happen together, here.
    selectSentence(from);
    setState("idle");
    if (listeningRef.current && slide) startAt(from);
    // Only a different slide restarts narration, not a new object for the same one.
  }, [slide?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  // The audio element's own events drive the state and the current sentence.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const onPlaying = () => {
      startedRef.current = true;
      clearTimeout(startCheckRef.current);
      startCheckRef.current = undefined;
      setState("playing");
    };
    const onWaiting = () => setState("loading");
    const onPause = () => {
      if (!audio.ended) setState((current) => (current === "idle" ? "idle" : "paused"));
    };
    const onTime = () => {
      const current = slideRef.current;
      if (!current) return;
      const index = sentenceAt(current.sentences, audio.currentTime * 1000);
      if (index !== sentenceRef.current) selectSentence(index);
    };
    const onEnded = () => {
      endedRef.current = true;
      setState("idle");
      const last = (slideRef.current?.sentences.length ?? 1) - 1;
      selectSentence(Math.max(0, last));
      if (listeningRef.current) onSlideEndRef.current();
    };
    const onError = () => {
      if (!audio.getAttribute("src")) return;
      onFailureRef.current("Failed to play audio. The database audio may not be in a supported format.");
      setListeningBoth(false);
      setState("idle");
    };
    audio.addEventListener("playing", onPlaying);
    audio.addEventListener("waiting", onWaiting);
    audio.addEventListener("pause", onPause);
    audio.addEventListener("timeupdate", onTime);
    audio.addEventListener("ended", onEnded);
    audio.addEventListener("error", onError);
    return () => {
      audio.removeEventListener("playing", onPlaying);
      audio.removeEventListener("waiting", onWaiting);
      audio.removeEventListener("pause", onPause);
      audio.removeEventListener("timeupdate", onTime);
      audio.removeEventListener("ended", onEnded);
      audio.removeEventListener("error", onError);
    };
  }, [selectSentence, setListeningBoth]);

  useEffect(() => clearTimer, [clearTimer]);

  return { state, listening, sentence, play, pause, toggle, playFrom, suspend, resume, audioRef };
}
