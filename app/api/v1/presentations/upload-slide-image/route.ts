import { created, route } from "@/lib/http/route";
import { uploadSlideImage } from "@/lib/services/presentation-images";

// Multipart {file, presentation_id, slide_number}: JPG, PNG or GIF by its bytes, within the editor's limit.
export const POST = route({ permission: "presentation.generate" }, async ({ actor, request }) => created(await uploadSlideImage(actor, request)));
