import { route } from "@/lib/http/route";
import { fileForActor, fileInfo } from "@/lib/services/files";
import { filePathQuery } from "@/lib/validation/files";

// GET /files/info?path=: name, type, size, hash and the view and download addresses.
export const GET = route({ query: filePathQuery }, async ({ actor, query }) => fileInfo(await fileForActor(actor, query.path)));
