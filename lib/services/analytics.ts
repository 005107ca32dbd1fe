// Real figures for the System Analytics panel: storage used, API requests in the last 24 hours, database
// connections. API requests are counted in memory per hour and flushed to request_counters in batches.
import { gte, sql, sum } from "drizzle-orm";
import { database, getDb } from "@/db/client";
import { files, requestCounters } from "@/db/schema";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";

const FLUSH_INTERVAL_MS = 10_000;

interface CounterState {
  pending: Map<string, number>;
  timer?: ReturnType<typeof setInterval>;
}

const globalForCounters = globalThis as unknown as { apiRequestCounters?: CounterState };
const state: CounterState = (globalForCounters.apiRequestCounters ??= { pending: new Map() });

function hourStart(date = new Date()): string {
  const hour = new Date(date);
  hour.setUTCMinutes(0, 0, 0);
  return hour.toISOString();
}

/** Counts one API request; cheap (memory only), flushed every few seconds. */
export function countApiRequest(): void {
  const key = hourStart();
  state.pending.set(key, (state.pending.get(key) ?? 0) + 1);
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

export async function systemAnalytics(): Promise<SystemAnalytics> {
  await flushApiRequestCounts();
  const db = await getDb();
  const handle = await database();
  const since = new Date(Date.now() - 24 * 60 * 60 * 1000);
  since.setUTCMinutes(0, 0, 0);
  const [[storage], [requests], connections, maxConnections] = await Promise.all([
    db.select({ bytes: sum(files.sizeBytes) }).from(files),
    db.select({ total: sum(requestCounters.count) }).from(requestCounters).where(gte(requestCounters.windowStart, since)),
    handle.query<{ count: number | string }>("select count(*) as count from pg_stat_activity where datname = current_database()"),
    handle.query<{ max_connections: string }>("show max_connections"),
  ]);
  return {
    storage_used_bytes: Number(storage?.bytes ?? 0),
    storage_quota_bytes: env().STORAGE_QUOTA_BYTES,
    api_requests_24h: Number(requests?.total ?? 0),
    database_connections: Math.max(1, Number(connections[0]?.count ?? 1)),
    database_max_connections: Number(maxConnections[0]?.max_connections ?? 100),
  };
}
