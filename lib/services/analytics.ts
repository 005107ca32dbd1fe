// Real figures for the System Analytics panel: storage used, API requests in the last 24 hours, database
// connections. API requests are counted in memory per hour and flushed to request_counters in batches by a
// timer, never by a read; the stored figures are read at most once per ANALYTICS_CACHE_MS per process.
import { gte, sql, sum } from "drizzle-orm";
import { database, getDb } from "@/db/client";
import { files, requestCounters } from "@/db/schema";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";

const FLUSH_INTERVAL_MS = 10_000;

/** How long the stored figures are reused: the panel is an overview, not a meter. */
const ANALYTICS_CACHE_MS = 5_000;

interface CounterState {
  pending: Map<string, number>;
  /** Every request this process has counted, flushed or not: what it adds to a cached figure since its read. */
  counted: number;
  timer?: ReturnType<typeof setInterval>;
}

const globalForCounters = globalThis as unknown as { apiRequestCounters?: CounterState };
const state: CounterState = (globalForCounters.apiRequestCounters ??= { pending: new Map(), counted: 0 });

function hourStart(date = new Date()): string {
  const hour = new Date(date);
  hour.setUTCMinutes(0, 0, 0);
  return hour.toISOString();
}

/** Counts one API request; cheap (memory only), flushed every few seconds. */
export function countApiRequest(): void {
  const key = hourStart();
  state.pending.set(key, (state.pending.get(key) ?? 0) + 1);
  state.counted += 1;
  if (!state.timer) {
    state.timer = setInterval(() => {
      flushApiRequestCounts().catch((error: unknown) => logger.warn({ err: error }, "could not store request counts"));
    }, FLUSH_INTERVAL_MS);
    state.timer.unref();
  }
}

export async function flushApiRequestCounts(): Promise<void> {
  if (state.pending.size === 0) return;
  const batch = [...state.pending.entries()];
  state.pending.clear();
  const db = await getDb();
  for (const [windowStart, count] of batch) {
    await db
      .insert(requestCounters)
      .values({ bucket: "api", windowStart: new Date(windowStart), count })
      .onConflictDoUpdate({
        target: [requestCounters.bucket, requestCounters.windowStart],
        set: { count: sql`${requestCounters.count} + ${count}` },
      });
  }
}

export interface SystemAnalytics {
  storage_used_bytes: number;
  storage_quota_bytes: number;
  api_requests_24h: number;
  database_connections: number;
  database_max_connections: number;
}

interface CachedAnalytics {
  readAt: number;
  figures: SystemAnalytics;
  /** `state.counted` when the figures were read: requests counted since are added to api_requests_24h. */
  countedAtRead: number;
}

let cached: Promise<CachedAnalytics> | undefined;

async function readAnalytics(): Promise<CachedAnalytics> {
  const db = await getDb();
  const handle = await database();
  const since = new Date(Date.now() - 24 * 60 * 60 * 1000);
  since.setUTCMinutes(0, 0, 0);
  // Taken before the read: the unflushed counts are not in the table yet and are added from memory.
  const countedAtRead = state.counted;
  const unflushed = [...state.pending.values()].reduce((total, count) => total + count, 0);
  const [[storage], [requests], connections, maxConnections] = await Promise.all([
    db.select({ bytes: sum(files.sizeBytes) }).from(files),
    db.select({ total: sum(requestCounters.count) }).from(requestCounters).where(gte(requestCounters.windowStart, since)),
    handle.query<{ count: number | string }>("select count(*) as count from pg_stat_activity where datname = current_database()"),
    handle.query<{ max_connections: string }>("show max_connections"),
  ]);
  return {
    readAt: Date.now(),
    countedAtRead,
    figures: {
      storage_used_bytes: Number(storage?.bytes ?? 0),
      storage_quota_bytes: env().STORAGE_QUOTA_BYTES,
      api_requests_24h: Number(requests?.total ?? 0) + unflushed,
      database_connections: Math.max(1, Number(connections[0]?.count ?? 1)),
      database_max_connections: Number(maxConnections[0]?.max_connections ?? 100),
    },
  };
}

/**
 * The System Analytics figures. Stored figures are read at most once per ANALYTICS_CACHE_MS (concurrent requests
 * share one read); this process's requests since that read are added from memory, so the count never lags its
 * own traffic. Other processes' requests appear with their next flush and the next read.
 */
export async function systemAnalytics(): Promise<SystemAnalytics> {
  const current = cached ? await cached.catch(() => undefined) : undefined;
  let entry = current;
  if (!entry || Date.now() - entry.readAt >= ANALYTICS_CACHE_MS) {
    const reading = readAnalytics();
    cached = reading;
    entry = await reading.catch((error: unknown) => {
      if (cached === reading) cached = undefined;
      throw error;
    });
  }
  return { ...entry.figures, api_requests_24h: entry.figures.api_requests_24h + (state.counted - entry.countedAtRead) };
}
