import { serveStoredFile } from "@/lib/http/file-response";
import { route } from "@/lib/http/route";
import { fileForActor, fileForShare } from "@/lib/services/files";
import { sharedSlideText, slideTextForActor, slideTextResponse } from "@/lib/services/slide-texts";
import { sharedFileQuery } from "@/lib/validation/files";

// GET /files/shared-content?path=&token=: narration of a slide of a presentation shared by a live link: its audio,
// or its script or text (the slide's script_path or content_path).
// With a share token: only files of the shared presentation. Without one, a signed-in viewer's own tenant's file
// (the signed-in player uses the same address); anyone else gets 404.
export const GET = route({ auth: "optional", query: sharedFileQuery }, async ({ actor, request, query }) => {
  const token = query.token ?? request.headers.get("x-share-token");
  const text = token || !actor ? await sharedSlideText(token, query.path) : await slideTextForActor(actor, query.path);
  if (text !== null) return slideTextResponse(text);
  const file = token || !actor ? await fileForShare(token, query.path) : await fileForActor(actor, query.path);
  return serveStoredFile(request, file, { disposition: "inline", cacheControl: "private, no-cache" });
});
