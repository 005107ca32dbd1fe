import { route } from "@/lib/http/route";
import { parsePowerPoint } from "@/lib/services/presentation-import";
import { parsePptInput } from "@/lib/validation/presentations";

// {file_path} of a 'pptx' upload: its slides' titles, text and notes, and real renderings with LibreOffice.
export const POST = route({ permission: "presentation.generate", body: parsePptInput }, ({ actor, body }) => parsePowerPoint(actor, body));
