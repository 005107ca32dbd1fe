import { paginated, route } from "@/lib/http/route";
import { listProjectBlogs } from "@/lib/services/blogs";
import { projectBlogsQuery, projectIdParams } from "@/lib/validation/blogs";

export const GET = route({ permission: "blog.view", params: projectIdParams, query: projectBlogsQuery }, async ({ actor, params, query }) =>
  paginated(await listProjectBlogs(actor, params.projectId, query)),
);
