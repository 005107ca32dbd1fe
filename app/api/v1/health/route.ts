import { checkHealth } from "@/lib/services/health";
import { logger } from "@/lib/log";
import { describeRoute } from "@/lib/http/openapi-meta";

export const dynamic = "force-dynamic";

// Whether the server answers and reaches its database: 200 with the figures, 503 when the database is out of reach.
// Not wrapped in route(): health must answer even when migrations cannot run because the database is down.
export const GET = describeRoute(
  async function health(): Promise<Response> {
    try {
      return Response.json(await checkHealth(), { headers: { "Cache-Control": "no-store" } });
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      // The error goes through the log's redacting serializer (lib/log.ts), never as raw text.
      logger.warn({ err: error }, "health check failed");
      return Response.json({ status: "error", database: "unavailable", detail }, { status: 503 });
    }
  },
  { auth: "public", permissions: [], requireAll: false, raw: true, summary: "Health of the server and its database" },
);
