// How the dashboards print dates, ages, sizes and counts.

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '12 Mar 2026'; an empty or broken date shows a dash. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? date.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" }) : "—";
}

/** '12 Mar 2026, 14:05', for tooltips beside a relative age. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date
    ? date.toLocaleString("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" })
    : "—";
}

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
  ["week", 4.345],
  ["month", 12],
  ["year", Number.POSITIVE_INFINITY],
];

/** 'just now', '5 minutes ago', 'yesterday', '3 weeks ago'. */
export function relativeAge(value: string | Date | null | undefined, now = new Date()): string {
  const date = toDate(value);
  if (!date) return "—";
  let amount = (date.getTime() - now.getTime()) / 1000;
  if (Math.abs(amount) < 45) return "just now";
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return relative.format(Math.round(amount), unit);
    amount /= size;
  }
  return formatDate(date);
}

const UNITS = ["B", "KB", "MB", "GB", "TB", "PB"];

/** 2.4 GB, 512 KB, 0 B (binary multiples, as storage quotas are usually set). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 B";
  const exponent = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** exponent;
  const digits = exponent === 0 || value >= 100 || Number.isInteger(value) ? 0 : 1;
  return `${value.toFixed(digits)} ${UNITS[exponent]}`;
}

const compact = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat("en");

/** 45.2K, 1.3M, 950. */
export function formatCompact(value: number): string {
  return compact.format(value);
}

/** 45,210. */
export function formatCount(value: number): string {
  return whole.format(value);
}

/** Share of a whole in percent, 0-100, for bars; an empty whole counts as 0. */
export function percentOf(part: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.max(0, Math.min(100, (part / total) * 100));
}

/** The smallest 1-2-5 step at or above a value (at least 100): the scale of a bar without a natural maximum. */
export function niceCeiling(value: number): number {
  let ceiling = 100;
  while (ceiling < value) {
    const magnitude = 10 ** Math.floor(Math.log10(ceiling));
    const lead = ceiling / magnitude;
    ceiling = (lead < 2 ? 2 : lead < 5 ? 5 : 10) * magnitude;
  }
  return ceiling;
}
