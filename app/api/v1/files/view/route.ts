import { serveStoredFile, wantsJson } from "@/lib/http/file-response";
import { route } from "@/lib/http/route";
import { fileForActor, fileInfo } from "@/lib/services/files";
import { filePathQuery } from "@/lib/validation/files";

// GET /files/view?path=: the file inline (a redirect to a presigned URL with the S3 driver); JSON callers get
// {view_url, file_type, is_browser_viewable}.
export const GET = route({ query: filePathQuery }, async ({ actor, request, query }) => {
  const file = await fileForActor(actor, query.path);
  if (wantsJson(request)) {
    const info = fileInfo(file);
    return { view_url: info.view_url, file_type: info.file_type, is_browser_viewable: info.is_browser_viewable, filename: info.filename };
  }
  // Streamed, never redirected: the app's pages frame and embed it, and their CSP admits only their own origin.
  // Slide renderings and pictures never change under their key (an edit writes new keys): the browser keeps them.
  const immutable = file.kind === "slides" || file.kind === "images";
  return serveStoredFile(request, file, { disposition: "inline", cacheControl: immutable ? "private, max-age=31536000, immutable" : undefined });
});
