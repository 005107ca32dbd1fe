import { serveStoredFile } from "@/lib/http/file-response";
import { route } from "@/lib/http/route";
import { fileForActor } from "@/lib/services/files";
import { slideTextForActor, slideTextResponse } from "@/lib/services/slide-texts";
import { filePathQuery } from "@/lib/validation/files";

// GET /files/s3-content?path=: a narration script's text for a signed-in viewer (a slide's script_path or
// content_path, read from the slide), or a stored text file.
export const GET = route({ query: filePathQuery }, async ({ actor, request, query }) => {
  const text = await slideTextForActor(actor, query.path);
  if (text !== null) return slideTextResponse(text);
  const file = await fileForActor(actor, query.path);
  return serveStoredFile(request, file, { disposition: "inline", contentType: textType(file.mimeType) });
});

function textType(mime: string): string {
  return mime.startsWith("text/") ? mime : "text/plain; charset=utf-8";
}
