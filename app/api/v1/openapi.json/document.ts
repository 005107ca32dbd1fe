// The API's OpenAPI document, built once per process from the route catalogue; the JSON route and the reference
// page both read it.
import packageJson from "@/package.json";
import { buildOpenApiDocument, type OpenApiDocument } from "@/lib/http/openapi";
import { catalogue } from "./catalogue";

let built: OpenApiDocument | undefined;

export function openApiDocument(): OpenApiDocument {
  built ??= buildOpenApiDocument(catalogue, { version: packageJson.version });
  return built;
}
