import { route } from "@/lib/http/route";
import { deleteUnusedUpload } from "@/lib/services/files";
import { filePathQuery } from "@/lib/validation/files";

// DELETE /files?path=: an upload no blog uses yet (the blog form's clean-up after a failed creation).
export const DELETE = route({ permission: "blog.create", query: filePathQuery }, ({ actor, query }) =>
  deleteUnusedUpload(actor, query.path),
);
