import { route } from "@/lib/http/route";
import { uploadFile } from "@/lib/services/files";

// POST /files/upload: multipart {file, folder, custom_filename?}; the folder decides the permission and limits.
export const POST = route({}, async ({ actor, request }) => Response.json(await uploadFile(actor, request), { status: 201 }));
