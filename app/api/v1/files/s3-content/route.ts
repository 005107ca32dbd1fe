import { serveStoredFile } from "@/lib/http/file-response";
import { route } from "@/lib/http/route";
import { fileForActor } from "@/lib/services/files";
import { filePathQuery } from "@/lib/validation/files";

// GET /files/s3-content?path=: a narration script's text for a signed-in viewer.
export const GET = route({ query: filePathQuery }, async ({ actor, request, query }) => {
  const file = await fileForActor(actor, query.path);
  return serveStoredFile(request, file, { disposition: "inline", contentType: textType(file.mimeType) });
});

function textType(mime: string): string {
  return mime.startsWith("text/") ? mime : "text/plain; charset=utf-8";
}
