// What GET /api/v1/openapi.json is (auth, permissions, summary), apart from its handler. The catalogue the document
// is built from reads it here: it cannot import route.ts, whose handler serves the document built from the catalogue.
import type { RouteDescription } from "@/lib/http/openapi-meta";

export const GET: RouteDescription = { auth: "public", permissions: [], requireAll: false, raw: true, summary: "The OpenAPI document of this API" };
