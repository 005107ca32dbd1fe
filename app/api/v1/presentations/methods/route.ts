import { route } from "@/lib/http/route";
import { generationMethods } from "@/lib/services/presentations";

// Readers see the methods too: the wizard shows them disabled to those who may not generate.
export const GET = route({ permission: ["presentation.view", "presentation.generate"] }, ({ actor }) => generationMethods(actor));
