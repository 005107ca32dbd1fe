import { serveStoredFile, wantsJson } from "@/lib/http/file-response";
import { route } from "@/lib/http/route";
import { fileForActor, fileInfo } from "@/lib/services/files";
import { fileDownloadQuery } from "@/lib/validation/files";

// GET /files/download?path=&filename=: the file as an attachment under its name (or the given one); JSON callers
// get {download_url, filename}.
export const GET = route({ query: fileDownloadQuery }, async ({ actor, request, query }) => {
  const file = await fileForActor(actor, query.path);
  const filename = query.filename?.trim() || file.originalName;
  if (wantsJson(request)) {
    const info = fileInfo(file);
    return { download_url: `/api/v1/files/download?path=${encodeURIComponent(info.path)}&filename=${encodeURIComponent(filename)}`, filename };
  }
  return serveStoredFile(request, file, { disposition: "attachment", downloadName: filename, allowRedirect: true });
});
