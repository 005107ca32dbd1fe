// Runs once when the server starts: migrate and seed the database so the first request does not wait, then
// start the job queue (which creates its own schema, pgboss, when missing).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // `next build` loads this file too; the database belongs to the running server, not to the build.
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  // The production server (scripts/server.mjs) serves the share page and the dashboard through validated caches.
  const { registerPageCaches } = await import("@/lib/http/cached-pages");
  registerPageCaches();
  const { ensureDatabaseReady } = await import("@/db/startup");
  // The job registry: the server works the jobs its requests send, whenever its queue starts (now or on first use).
  await import("@/lib/jobs/workers");
  const { jobQueue } = await import("@/lib/jobs/queue");
  const { logger } = await import("@/lib/log");
  // The production server (scripts/server.mjs) calls it once it has stopped taking requests.
  const { shutdownApp, SHUTDOWN_KEY } = await import("@/lib/services/shutdown");
  (globalThis as Record<symbol, unknown>)[SHUTDOWN_KEY] = shutdownApp;
  try {
    await ensureDatabaseReady();
  } catch (error) {
    // Requests retry the preparation; /api/v1/health reports the database problem meanwhile.
    logger.error({ err: error }, "database preparation failed at start");
    return;
  }
  try {
    await jobQueue();
  } catch (error) {
    // Work that needs the queue starts it again on first use.
    logger.error({ err: error }, "job queue failed to start");
  }
}
