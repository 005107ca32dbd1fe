// How the blog page prints dates, sizes, file types and content-block previews (spec section 9).

const DATE_TIME = new Intl.DateTimeFormat("en-GB", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  // One zone on the server and in the browser, so the server's first view and the hydrated page agree.
  timeZone: "UTC",
});

/** 'dd/mm/yyyy hh:mm' (section 9); a missing or broken date shows a dash. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return "—";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "—";
  return DATE_TIME.format(date).replace(",", "");
}

/** How long a content block's preview is (section 9). */
export const BLOCK_PREVIEW_CHARACTERS = 150;

/** The first 150 characters (not UTF-16 units, so an emoji is never cut in half), with an ellipsis when cut. */
export function blockPreview(text: string, max = BLOCK_PREVIEW_CHARACTERS): { text: string; cut: boolean } {
  const characters = Array.from(text);
  if (characters.length <= max) return { text, cut: false };
  return { text: `${characters.slice(0, max).join("").trimEnd()}…`, cut: true };
}

/** 512 B, 24.3 KB, 4 MB: the dashboard's storage figures and the blog page's file sizes read alike. */
export { formatBytes } from "@/components/dashboard/format";

/** What the preview dialog can show: PDFs and images inline, Word documents as their extracted HTML. */
export type PreviewKind = "pdf" | "image" | "docx" | "none";

export function previewKind(contentType: string): PreviewKind {
  if (contentType === "application/pdf") return "pdf";
  if (contentType.startsWith("image/")) return "image";
  if (contentType === "application/vnd.openxmlformats-officedocument.wordprocessingml.document") return "docx";
  return "none";
}

/** A short type label for a file row: PDF, DOCX, PNG. */
export function typeLabel(contentType: string): string {
  const kind = previewKind(contentType);
  if (kind === "pdf") return "PDF";
  if (kind === "docx") return "DOCX";
  const subtype = contentType.split("/")[1];
  return subtype ? subtype.toUpperCase() : "File";
}

/** The file routes' addresses for a storage key (spec section 7, Files). */
export function fileUrls(path: string, filename: string): { view: string; download: string; preview: string } {
  const query = `path=${encodeURIComponent(path)}`;
  return {
    view: `/api/v1/files/view?${query}`,
    download: `/api/v1/files/download?${query}&filename=${encodeURIComponent(filename)}`,
    preview: `/api/v1/files/preview?${query}`,
  };
}
