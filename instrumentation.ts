// Runs once when the server starts: migrate and seed the database so the first request does not wait.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // `next build` loads this file too; the database belongs to the running server, not to the build.
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { ensureDatabaseReady } = await import("@/db/startup");
  const { logger } = await import("@/lib/log");
  try {
    await ensureDatabaseReady();
  } catch (error) {
    // Requests retry the preparation; /api/v1/health reports the database problem meanwhile.
    logger.error({ err: error }, "database preparation failed at start");
  }
}
