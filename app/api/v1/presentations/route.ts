import { created, paginated, route } from "@/lib/http/route";
import { createPresentation, listPresentations } from "@/lib/services/presentations";
import { presentationCreateInput, presentationListQuery } from "@/lib/validation/presentations";

export const GET = route({ permission: "presentation.view", query: presentationListQuery }, async ({ actor, query }) =>
  paginated(await listPresentations(actor, query)),
);

// Manual, imported or AI (the template decides); an AI deck answers at once, pending, and its job generates it.
export const POST = route({ permission: "presentation.generate", body: presentationCreateInput }, async ({ actor, body }) =>
  created(await createPresentation(actor, body)),
);
