import { route } from "@/lib/http/route";
import { contentDisposition } from "@/lib/storage";
import { exportPresentation } from "@/lib/services/presentation-export";
import { idParams } from "@/lib/validation/common";
import { downloadQuery } from "@/lib/validation/presentations";

// The deck as a .pptx (slide images or editable text, narration as speaker notes), or ?format=pdf.
export const GET = route({ permission: "presentation.view", params: idParams, query: downloadQuery }, async ({ actor, params, query }) => {
  const file = await exportPresentation(actor, params.id, query.format);
  return new Response(Buffer.from(file.bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": contentDisposition("attachment", file.filename),
      "Content-Length": String(file.bytes.byteLength),
      "X-Content-Type-Options": "nosniff",
    },
  });
});
