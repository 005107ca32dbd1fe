"use client";

// The player's analytics events (share analytics): a view when the deck is shown, the first play, each slide reached
// with how long its narration was heard, completion, and each question with whether the material covered it. They
// are queued and sent in small batches: every few seconds while the page is open, and with navigator.sendBeacon when
// it is hidden or left (so nothing waits for an answer, and no cookie is needed for a shared deck). A tenant that
// turned analytics off stores nothing; the player does not need to know.
import { useCallback, useEffect, useMemo, useRef } from "react";
import { API_BASE } from "@/lib/http/client";
import type { PlayerSource } from "@/components/player/types";

type AnalyticsEvent =
  | { kind: "view" | "play" | "complete" }
  | { kind: "slide"; slide: number; heard_ms: number }
  | { kind: "question"; question: string; mode: "typed" | "voice"; covered: boolean };

/** The server takes at most this many events in a batch. */
const BATCH = 50;
/** Queued events go out this often while the page is open. */
const FLUSH_MS = 10_000;
const MAX_QUESTION_CHARS = 500;

interface Endpoint {
  url: string;
  /** Added to every batch: whether a shared player is embedded in another site, and that site's origin. */
  extra: Record<string, string>;
}

/** The embedding page's origin, from the browser (not the page), or document.referrer's where that is all there is. */
function embeddingOrigin(): string | undefined {
  const ancestors = window.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors[0];
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined;
  } catch {
    return undefined;
  }
}

function endpointFor(source: PlayerSource): Endpoint {
  if (source.kind !== "shared") return { url: `${API_BASE}/presentations/${encodeURIComponent(source.presentationId)}/analytics/events`, extra: {} };
  const url = `${API_BASE}/presentations/share/${encodeURIComponent(source.token)}/events`;
  let embedded = false;
  try {
    embedded = window.top !== window.self;
  } catch {
    embedded = true;
  }
  if (!embedded) return { url, extra: { context: "share" } };
  const origin = embeddingOrigin();
  return { url, extra: origin && origin !== window.location.origin ? { context: "embed", embed_origin: origin } : { context: "embed" } };
}

/** Sends what is queued: by beacon when the page goes away, else by a fetch that may outlive the page. */
function send(endpoint: Endpoint, events: AnalyticsEvent[], leaving: boolean): void {
  for (let at = 0; at < events.length; at += BATCH) {
    const body = JSON.stringify({ ...endpoint.extra, events: events.slice(at, at + BATCH) });
    const blob = new Blob([body], { type: "application/json" });
    if (leaving && typeof navigator.sendBeacon === "function" && navigator.sendBeacon(endpoint.url, blob)) continue;
    void fetch(endpoint.url, { method: "POST", body, headers: { "Content-Type": "application/json" }, keepalive: true, credentials: "same-origin" }).catch(
      () => undefined,
    );
  }
}

export interface PlayerAnalytics {
  /** Narration started or stopped (the time a slide is heard is counted while it plays). */
  narrating: (playing: boolean) => void;
  /** The last slide's narration ended. */
  completed: () => void;
  asked: (question: string, mode: "typed" | "voice", covered: boolean) => void;
}

/**
 * The analytics of one player: a view at once, a slide event when the viewer leaves a slide (or the page), the
 * first play, completion once.
 */
export function usePlayerAnalytics(source: PlayerSource, slideNumber: number): PlayerAnalytics {
  const deck = source.kind === "shared" ? `share:${source.token}` : `app:${source.presentationId}`;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the deck, not on the source object's identity
  const endpoint = useMemo(() => (typeof window === "undefined" ? null : endpointFor(source)), [deck]);
  const queue = useRef<AnalyticsEvent[]>([]);
  const played = useRef(false);
  const done = useRef(false);
  const heard = useRef({ slide: slideNumber, ms: 0, since: null as number | null });

  const flush = useCallback(
    (leaving: boolean) => {
      if (!endpoint || queue.current.length === 0) return;
      const events = queue.current;
      queue.current = [];
      send(endpoint, events, leaving);
    },
    [endpoint],
  );

  /** The slide being left (or the page hidden): its time heard so far goes into a slide event. */
  const closeSlide = useCallback(() => {
    const current = heard.current;
    const now = performance.now();
    const ms = current.ms + (current.since === null ? 0 : now - current.since);
    queue.current.push({ kind: "slide", slide: current.slide, heard_ms: Math.min(3_600_000, Math.round(ms)) });
    heard.current = { slide: current.slide, ms: 0, since: current.since === null ? null : now };
  }, []);

  useEffect(() => {
    if (!endpoint) return;
    queue.current.push({ kind: "view" });
    const timer = window.setInterval(() => flush(false), FLUSH_MS);
    const hidden = () => {
      if (document.visibilityState !== "hidden") return;
      closeSlide();
      flush(true);
    };
    const leave = () => {
      closeSlide();
      flush(true);
    };
    document.addEventListener("visibilitychange", hidden);
    window.addEventListener("pagehide", leave);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", hidden);
      window.removeEventListener("pagehide", leave);
      closeSlide();
      flush(true);
    };
  }, [closeSlide, endpoint, flush]);

  useEffect(() => {
    if (heard.current.slide === slideNumber) return;
    closeSlide();
    heard.current = { slide: slideNumber, ms: 0, since: heard.current.since };
  }, [closeSlide, slideNumber]);

  const narrating = useCallback((playing: boolean) => {
    const current = heard.current;
    if (playing && !played.current) {
      played.current = true;
      queue.current.push({ kind: "play" });
    }
    if (playing && current.since === null) current.since = performance.now();
    if (!playing && current.since !== null) {
      current.ms += performance.now() - current.since;
      current.since = null;
    }
  }, []);

  const completed = useCallback(() => {
    if (done.current) return;
    done.current = true;
    queue.current.push({ kind: "complete" });
  }, []);

  const asked = useCallback(
    (question: string, mode: "typed" | "voice", covered: boolean) => {
      const text = question.trim().slice(0, MAX_QUESTION_CHARS);
      if (!text) return;
      queue.current.push({ kind: "question", question: text, mode, covered });
      // A question is worth sending now: the viewer may close the page while the answer plays.
      flush(false);
    },
    [flush],
  );

  return useMemo(() => ({ narrating, completed, asked }), [asked, completed, narrating]);
}
