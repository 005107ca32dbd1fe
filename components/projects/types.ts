// The rows the projects and blog list screens show: the API's answers (lib/services) as JSON.
import type { BlogListItem } from "@/lib/services/blogs";
import type { ProjectOut } from "@/lib/services/projects";

export type ProjectRow = ProjectOut;
export type BlogRow = BlogListItem;

/** What the signed-in user may do here; the services check again on every call. */
export interface ProjectAbilities {
  create: boolean;
  update: boolean;
  delete: boolean;
}

export interface BlogAbilities {
  create: boolean;
  delete: boolean;
}
