import { checkHealth } from "@/lib/services/health";
import { logger } from "@/lib/log";

export const dynamic = "force-dynamic";

// Not wrapped in route(): health must answer even when migrations cannot run because the database is down.
export async function GET(): Promise<Response> {
  try {
    return Response.json(await checkHealth(), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    // The error goes through the log's redacting serializer (lib/log.ts), never as raw text.
    logger.warn({ err: error }, "health check failed");
    return Response.json({ status: "error", database: "unavailable", detail }, { status: 503 });
  }
}
