"use client";

// What the player tells a screen reader without moving its focus (WCAG 2.2, 4.1.3 Status Messages): narration
// playing or paused, the slide reached ('Slide 2 of 3: …'), a question being recorded or processed, and an answer's
// text when it arrives. Two polite live regions, on the page from the player's first render (a region added with its
// message is not read by every screen reader): the player's state, and the latest answer (so a state change does not
// cut an answer short). The sentence being narrated is not announced: the narration already speaks it.
import { useState } from "react";
import type { QaMessage } from "./types";
import type { RecorderState } from "./use-recorder";

export interface AnnouncedState {
  playing: boolean;
  /** The slide shown (0-based), of `total`, and its title. */
  index: number;
  total: number;
  title: string;
  recorder: RecorderState;
}

/** What changed from `before` to `now`, in words; null when nothing worth saying changed. */
export function statusMessage(before: AnnouncedState, now: AnnouncedState): string | null {
  if (now.recorder !== before.recorder) {
    if (now.recorder === "recording") return "Recording your question. Release the space bar or the mic to send it.";
    if (now.recorder === "processing") return "Processing your question.";
  }
  if (now.index !== before.index) return `Slide ${now.index + 1} of ${now.total}: ${now.title}`;
  if (now.playing !== before.playing) return now.playing ? "Narration playing" : "Narration paused";
  return null;
}

/** The player state's latest message: what changed since the render before (derived while rendering). */
export function useStatusMessage(state: AnnouncedState): string {
  const [seen, setSeen] = useState(state);
  const [message, setMessage] = useState("");
  if (seen.playing !== state.playing || seen.index !== state.index || seen.recorder !== state.recorder) {
    const said = statusMessage(seen, state);
    setSeen(state);
    if (said !== null) setMessage(said);
  }
  return message;
}

/** The latest answer's words, as read out. */
export function answerMessage(messages: readonly QaMessage[]): string {
  const answer = messages.findLast((message) => message.type === "answer");
  return answer ? `Answer: ${answer.content}` : "";
}

/** The live regions themselves: not drawn, read by screen readers as their text changes. */
export function PlayerAnnouncements({ status, answer }: { status: string; answer: string }) {
  return (
    <div className="sr-only">
      <p role="status" aria-label="Player status">
        {status}
      </p>
      <p role="status" aria-label="Latest answer">
        {answer}
      </p>
    </div>
  );
}
