import { ApiReference } from "@/components/api-docs/api-reference";
import { openApiDocument } from "@/app/api/v1/openapi.json/document";

export const metadata = { title: "API Reference" };

// For everyone signed in: the document itself is public at /api/v1/openapi.json; this page shows it for people.
export default function ApiDocsPage() {
  return <ApiReference document={openApiDocument()} />;
}
