import { created, paginated, route } from "@/lib/http/route";
import { createBlog, listBlogs } from "@/lib/services/blogs";
import { blogCreateInput, blogListQuery } from "@/lib/validation/blogs";

export const GET = route({ permission: "blog.view", query: blogListQuery }, async ({ actor, query }) => paginated(await listBlogs(actor, query)));

export const POST = route({ permission: "blog.create", body: blogCreateInput }, async ({ actor, body }) => created(await createBlog(actor, body)));
