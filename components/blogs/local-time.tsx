"use client";

// A stored time as the content screens show it (spec section 9): 'dd/mm/yyyy hh:mm' in the viewer's own time zone,
// with its relative age as the dashboard words it ('5 minutes ago', 'yesterday'). The server does not know the
// viewer's zone: its first view says UTC outright, and the browser puts the local time in once the page is live.
import { useSyncExternalStore } from "react";
import { relativeAge } from "@/components/dashboard/format";

const PARTS = { day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;
const LOCAL = new Intl.DateTimeFormat("en-GB", PARTS);
const UTC = new Intl.DateTimeFormat("en-GB", { ...PARTS, timeZone: "UTC" });

/** 'dd/mm/yyyy hh:mm' in the browser's zone, or in UTC (then said so); a missing or broken date is a dash. */
export function formatLocalDateTime(value: string | null | undefined, zone: "local" | "utc" = "local"): string {
  if (!value) return "—";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "—";
  const text = (zone === "utc" ? UTC : LOCAL).format(date).replace(",", "");
  return zone === "utc" ? `${text} UTC` : text;
}

/** The browser's clock, read once a minute while any time is on the page (ages stay current). */
let clockNow = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    clockNow = Date.now();
    timer = setInterval(() => {
      clockNow = Date.now();
      for (const each of listeners) each();
    }, 60_000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

interface LocalTimeProps {
  value: string | null | undefined;
  /** Adds the relative age after the date ('25/11/2026 21:40 · 3 hours ago'). */
  age?: boolean;
  className?: string;
}

export function LocalTime({ value, age = true, className }: LocalTimeProps) {
  // null on the server and while hydrating: the UTC text the server sent; the browser's time right after.
  const now = useSyncExternalStore(
    subscribe,
    () => clockNow,
    () => null,
  );
  if (!value) return <span className={className}>—</span>;
  const text = formatLocalDateTime(value, now === null ? "utc" : "local");
  return (
    // The date and the age each stay whole; in a narrow column the age goes under the date rather than over the next.
    <time dateTime={value} className={className}>
      <span className="whitespace-nowrap">{text}</span>
      {age && now !== null && text !== "—" ? (
        <>
          {" "}
          <span className="whitespace-nowrap text-slate-400">· {relativeAge(value, new Date(now))}</span>
        </>
      ) : null}
    </time>
  );
}
