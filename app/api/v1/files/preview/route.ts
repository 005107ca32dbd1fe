import { route } from "@/lib/http/route";
import { filePreviewHtml } from "@/lib/services/files";
import { filePathQuery } from "@/lib/validation/files";

// GET /files/preview?path=: a Word document as sanitised HTML for the preview dialog.
export const GET = route({ query: filePathQuery }, ({ actor, query }) => filePreviewHtml(actor, query.path));
