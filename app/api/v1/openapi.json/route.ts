import { describeRoute } from "@/lib/http/openapi-meta";
import * as descriptions from "./descriptions";
import { openApiDocument } from "./document";

export const dynamic = "force-dynamic";

// The OpenAPI 3.1 document of this API, generated from the route handlers (the reference page at /api-docs shows
// it for people). The same for everyone; a cache may keep it for an hour.
export const GET = describeRoute(async function openApi(): Promise<Response> {
  return Response.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=3600" } });
}, descriptions.GET);
