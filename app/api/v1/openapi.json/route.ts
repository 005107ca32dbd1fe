import { describeRoute } from "@/lib/http/openapi-meta";

export const dynamic = "force-dynamic";

// The OpenAPI 3.1 document of this API, generated from the route handlers (the reference page at /api-docs shows
// it for people). The same for everyone; a cache may keep it for an hour.
export const GET = describeRoute(
  async function openApi(): Promise<Response> {
    // Loaded on first use: the document's catalogue imports every route module, this one included.
    const { openApiDocument } = await import("./document");
    return Response.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=3600" } });
  },
  { auth: "public", permissions: [], requireAll: false, raw: true, summary: "The OpenAPI document of this API" },
);
