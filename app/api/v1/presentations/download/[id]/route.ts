import { Readable } from "node:stream";
import { route } from "@/lib/http/route";
import { contentDisposition } from "@/lib/storage";
import { exportPresentation } from "@/lib/services/presentation-export";
import { idParams } from "@/lib/validation/common";
import { downloadQuery } from "@/lib/validation/presentations";

// The deck as a .pptx (slide images or editable text, narration as speaker notes), or ?format=pdf. The file is
// streamed as it is written (lib/services/presentation-export.ts): its images are never all in memory at once.
export const GET = route({ permission: "presentation.view", params: idParams, query: downloadQuery }, async ({ actor, params, query }) => {
  const file = await exportPresentation(actor, params.id, query.format);
  const headers = new Headers({
    "Content-Type": file.contentType,
    "Content-Disposition": contentDisposition("attachment", file.filename),
    "X-Content-Type-Options": "nosniff",
  });
  if (file.size !== null) headers.set("Content-Length", String(file.size));
  return new Response(Readable.toWeb(file.stream) as ReadableStream<Uint8Array>, { headers });
});
