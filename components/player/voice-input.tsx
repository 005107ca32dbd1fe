"use client";

// The voice question's control and its hint line (spec sections 2, 4 and 9): hold the mic (or the space bar) to ask.
// Where the server cannot transcribe (no recogniser installed or configured for the tenant), the mic shows as
// unavailable and the hint says to type the question instead, rather than recording something nobody can hear.
import { Mic, MicOff } from "lucide-react";
import { cn } from "@/lib/cn";
import type { Recorder } from "./use-recorder";

export const HOLD_TO_ASK_HINT = "Hold mic or spacebar to ask questions!";
/** Short enough for one line on a phone. */
export const VOICE_UNAVAILABLE_HINT = "Type your question in Q&A: voice is not available";
export const VOICE_UNAVAILABLE_LABEL = "Voice questions unavailable: type your question instead";

type RecorderView = Pick<Recorder, "state" | "secondsLeft">;

const IDLE: RecorderView = { state: "idle", secondsLeft: 0 };

/** The hint's words: the countdown while recording, 'Processing...' after, else how to ask. */
export function voiceHintText(available: boolean, recorder: RecorderView = IDLE): string {
  if (!available) return VOICE_UNAVAILABLE_HINT;
  if (recorder.state === "recording") return `Listening... ${recorder.secondsLeft}s`;
  if (recorder.state === "processing") return "Processing...";
  return HOLD_TO_ASK_HINT;
}

/** The hint line's pill under the caption. */
export function VoiceHint({ available, recorder = IDLE }: { available: boolean; recorder?: RecorderView }) {
  return (
    <span
      className={cn(
        "max-w-full truncate rounded-full px-3 py-1 text-xs font-medium",
        recorder.state === "recording"
          ? "bg-red-600 text-white"
          : recorder.state === "processing"
            ? "bg-amber-400 text-slate-900"
            : available
              ? // The idle hint names the space bar: not on touch screens, where there is none.
                "bg-white/10 text-slate-200 [@media(pointer:coarse)]:hidden"
              : "bg-white/10 text-slate-200",
      )}
    >
      {voiceHintText(available, recorder)}
    </span>
  );
}

interface MicButtonProps {
  /** The server can transcribe this tenant's voice questions. */
  available: boolean;
  /** Absent in the share page's first view, before the player's script is here: drawn as it will be, disabled. */
  recorder?: Recorder;
}

/**
 * Hold to record (pointer or Space), release to send, double-click to reset (section 4); from the keyboard, Enter
 * starts and Enter again sends. Unavailable, it is a
 * plain button whose press (the recorder's start) points the viewer at the question box.
 */
export function MicButton({ available, recorder }: MicButtonProps) {
  const pending = !recorder;
  if (!available) {
    return (
      <button
        type="button"
        aria-label={VOICE_UNAVAILABLE_LABEL}
        title={VOICE_UNAVAILABLE_HINT}
        disabled={pending}
        onClick={recorder?.start}
        className={cn(
          "flex h-12 w-12 items-center justify-center rounded-full bg-white/10 text-slate-400 ring-1 ring-inset ring-white/15 hover:bg-white/15 hover:text-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white",
          pending && "cursor-progress",
        )}
      >
        <MicOff className="h-5 w-5" aria-hidden />
      </button>
    );
  }
  const recording = recorder?.state === "recording";
  return (
    <button
      type="button"
      aria-label="Hold to ask a question"
      aria-pressed={recording}
      disabled={pending || recorder.state === "processing"}
      onPointerDown={(event) => {
        event.preventDefault();
        recorder?.start();
      }}
      onPointerUp={recorder?.stop}
      onPointerLeave={() => {
        if (recording) recorder.stop();
      }}
      // Enter on the focused mic (a click without a pointer) starts recording, and the next Enter sends it.
      onClick={(event) => {
        if (event.detail !== 0 || !recorder) return;
        if (recording) recorder.stop();
        else recorder.start();
      }}
      onDoubleClick={recorder?.reset}
      onContextMenu={(event) => event.preventDefault()}
      className={cn(
        "flex h-12 w-12 touch-none select-none items-center justify-center rounded-full shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white",
        pending ? "cursor-progress" : "disabled:opacity-60",
        recording ? "animate-pulse bg-red-600 text-white" : "bg-brand-600 text-white hover:bg-brand-500",
      )}
    >
      <Mic className="h-5 w-5" aria-hidden />
    </button>
  );
}

/** The Q&A panel's question box (qa-panel.tsx), focused once it is on the page (the sheet's panel loads on opening). */
export function focusQuestionBox(): void {
  let frames = 0;
  const attempt = () => {
    const field = document.getElementById("qa-question");
    if (field) field.focus();
    else if ((frames += 1) < 60) requestAnimationFrame(attempt);
  };
  attempt();
}
