"use client";

// The analytics page's charts (recharts): views and unique viewers by day, and how many viewers reached each slide.
// Each chart has a text equivalent next to it (the figures above it, the slide table below it) for screen readers.
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { AnalyticsDay } from "@/lib/services/share-analytics";

const BRAND = "#4f46e5";
const VIEWERS = "#0f766e";
const GRID = "#e2e8f0";
const AXIS = "#475569";

function shortDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return date.toLocaleDateString(undefined, { month: "short", day: "numeric", timeZone: "UTC" });
}

export function ViewsChart({ days }: { days: readonly AnalyticsDay[] }) {
  const active = days.filter((day) => day.views > 0);
  return (
    <figure className="h-64 w-full" data-testid="views-chart">
      <figcaption className="sr-only">
        {active.length === 0
          ? "No views in this period."
          : `Views by day: ${active.map((day) => `${shortDay(day.day)}, ${day.views} views by ${day.unique_viewers} unique viewers`).join("; ")}.`}
      </figcaption>
      <div className="h-full w-full" aria-hidden>
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart accessibilityLayer={false} data={days.map((day) => ({ ...day, label: shortDay(day.day) }))} margin={{ top: 8, right: 12, bottom: 0, left: -16 }}>
          <CartesianGrid stroke={GRID} vertical={false} />
          <XAxis dataKey="label" tick={{ fill: AXIS, fontSize: 12 }} tickLine={false} axisLine={{ stroke: GRID }} minTickGap={24} />
          <YAxis allowDecimals={false} tick={{ fill: AXIS, fontSize: 12 }} tickLine={false} axisLine={false} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Area type="monotone" dataKey="views" name="Views" stroke={BRAND} fill={BRAND} fillOpacity={0.12} strokeWidth={2} isAnimationActive={false} />
          <Area
            type="monotone"
            dataKey="unique_viewers"
            name="Unique viewers"
            stroke={VIEWERS}
            fill={VIEWERS}
            fillOpacity={0.08}
            strokeWidth={2}
            strokeDasharray="5 3"
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
      </div>
    </figure>
  );
}

export interface SlideReach {
  slide_number: number;
  slide_title: string;
  viewers: number;
}

export function DropOffChart({ slides }: { slides: readonly SlideReach[] }) {
  return (
    <div className="h-56 w-full" aria-hidden data-testid="drop-off-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={slides.map((slide) => ({ ...slide, label: `${slide.slide_number}` }))} margin={{ top: 8, right: 12, bottom: 0, left: -16 }}>
          <CartesianGrid stroke={GRID} vertical={false} />
          <XAxis dataKey="label" tick={{ fill: AXIS, fontSize: 12 }} tickLine={false} axisLine={{ stroke: GRID }} />
          <YAxis allowDecimals={false} tick={{ fill: AXIS, fontSize: 12 }} tickLine={false} axisLine={false} />
          <Tooltip labelFormatter={(label) => `Slide ${String(label)}`} />
          <Bar dataKey="viewers" name="Viewers reached" fill={BRAND} radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
