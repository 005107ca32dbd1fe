import { route } from "@/lib/http/route";
import { slideTemplates } from "@/lib/services/presentations";

// The five templates the template picker offers (lib/slides draws them).
export const GET = route({ permission: ["presentation.view", "presentation.generate"] }, ({ actor }) => slideTemplates(actor));
