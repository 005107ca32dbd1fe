import { pageQuery } from "@/lib/http/pagination";
import { paginated, route } from "@/lib/http/route";
import { listBlogPresentations } from "@/lib/services/presentations";
import { blogIdParams } from "@/lib/validation/presentations";

// The blog's presentation versions, newest first.
export const GET = route({ permission: "presentation.view", params: blogIdParams, query: pageQuery }, async ({ actor, params, query }) =>
  paginated(await listBlogPresentations(actor, params.blogId, query)),
);
