"use client";

// The player's keyboard (spec section 2): arrows move, f toggles full screen, Escape leaves it, Space held records a
// question. Keys typed into a text field (the question box) are the field's own, and so are the up and down arrows in
// a part that scrolls (data-scrolls: the Q&A messages).
import { useEffect, useRef } from "react";
import type { Recorder } from "./use-recorder";

export function inTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT";
}

interface KeyActions {
  next: () => void;
  previous: () => void;
  toggleFullScreen: () => void;
  recorder: Pick<Recorder, "start" | "stop">;
}

export function usePlayerKeys(actions: KeyActions): void {
  const keys = useRef(actions);
  useEffect(() => {
    keys.current = actions;
  });
  useEffect(() => {
    const down = (event: KeyboardEvent) => {
      if (inTextField(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const current = keys.current;
      const vertical = event.key === "ArrowUp" || event.key === "ArrowDown";
      if (vertical && event.target instanceof Element && event.target.closest("[data-scrolls]")) return;
      if (event.key === "ArrowLeft" || event.key === "ArrowUp") {
        event.preventDefault();
        current.previous();
      } else if (event.key === "ArrowRight" || event.key === "ArrowDown") {
        event.preventDefault();
        current.next();
      } else if (event.key === "f" || event.key === "F") {
        current.toggleFullScreen();
      } else if (event.key === "Escape") {
        if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
      } else if (event.code === "Space") {
        // Also keeps a focused button from being pressed by the space bar (Enter presses it).
        event.preventDefault();
        if (!event.repeat) current.recorder.start();
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
}
