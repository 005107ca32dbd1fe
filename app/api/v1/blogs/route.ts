import { created, paginatedJson, route } from "@/lib/http/route";
import { createBlog, listBlogsJson } from "@/lib/services/blogs";
import { blogCreateInput, blogListQuery } from "@/lib/validation/blogs";

export const GET = route({ permission: "blog.view", query: blogListQuery }, async ({ actor, query }) => paginatedJson(await listBlogsJson(actor, query)));

export const POST = route({ permission: "blog.create", body: blogCreateInput }, async ({ actor, body }) => created(await createBlog(actor, body)));
