"use client";

// A viewer's on/off choice (auto-advance, captions, transcript) kept in this browser: on unless said otherwise, read
// once after hydration (so the server's HTML and the first paint agree), written on each change. Without storage
// (private mode, a sandboxed third-party frame) the choice lasts for the page.
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";

/** [on, toggle, onRef]: onRef holds the current value for callbacks that must not be re-created when it changes. */
export type StoredSwitch = [on: boolean, toggle: () => void, onRef: RefObject<boolean>];

export function useStoredSwitch(key: string, byDefault = true): StoredSwitch {
  const [on, setOn] = useState(byDefault);
  const onRef = useRef(byDefault);
  useEffect(() => {
    let stored = byDefault;
    try {
      const kept = window.localStorage.getItem(key);
      if (kept !== null) stored = kept !== "off";
    } catch {
      // No storage here: the default holds.
    }
    onRef.current = stored;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- read once from the browser's storage after hydration
    setOn(stored);
  }, [key, byDefault]);
  const toggle = useCallback(() => {
    const value = !onRef.current;
    onRef.current = value;
    setOn(value);
    try {
      window.localStorage.setItem(key, value ? "on" : "off");
    } catch {
      // Storage may be unavailable: the choice then lasts for this page only.
    }
  }, [key]);
  return [on, toggle, onRef];
}
