import { route } from "@/lib/http/route";
import { deleteBlog, getBlog, updateBlog } from "@/lib/services/blogs";
import { blogUpdateInput } from "@/lib/validation/blogs";
import { idParams } from "@/lib/validation/common";

export const GET = route({ permission: "blog.view", params: idParams }, ({ actor, params }) => getBlog(actor, params.id));

// Editing a blog's material needs the permission that creates blogs (the spec names no separate one).
export const PUT = route({ permission: "blog.create", params: idParams, body: blogUpdateInput }, ({ actor, params, body }) =>
  updateBlog(actor, params.id, body),
);

export const DELETE = route({ permission: "blog.delete", params: idParams }, ({ actor, params }) => deleteBlog(actor, params.id));
