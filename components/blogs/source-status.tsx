import { Badge } from "@/components/ui/badge";
import type { BlogSourceOut } from "@/lib/services/blogs";

/**
 * Where the text extraction of a document or web page stands (issue 9): extracting, ready, or failed with the
 * reason in words beside the badge.
 */
export function SourceStatus({ source }: { source: Pick<BlogSourceOut, "extraction_status" | "extraction_error"> }) {
  if (source.extraction_status === "pending") {
    return (
      <Badge variant="warning" className="gap-1.5">
        <span aria-hidden className="h-1.5 w-1.5 animate-pulse rounded-full bg-amber-500" />
        Extracting text…
      </Badge>
    );
  }
  if (source.extraction_status === "ready") return <Badge variant="success">Text ready</Badge>;
  return <Badge variant="destructive">Extraction failed</Badge>;
}

/** The reason a source's extraction failed, as text under its row. */
export function SourceFailure({ source }: { source: Pick<BlogSourceOut, "extraction_status" | "extraction_error"> }) {
  if (source.extraction_status !== "failed") return null;
  return <p className="mt-1 text-xs text-red-700">{source.extraction_error || "The text could not be extracted from this source."}</p>;
}
