import { paginatedJson, route } from "@/lib/http/route";
import { listProjectBlogsJson } from "@/lib/services/blogs";
import { projectBlogsQuery, projectIdParams } from "@/lib/validation/blogs";

export const GET = route({ permission: "blog.view", params: projectIdParams, query: projectBlogsQuery }, async ({ actor, params, query }) =>
  paginatedJson(await listProjectBlogsJson(actor, params.projectId, query)),
);
