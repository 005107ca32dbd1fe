"use server";
// The projects and blogs forms' server actions: the same schemas and service functions as POST /projects/,
// PUT /projects/{id} and POST /blogs/ (lib/http/action.ts resolves the actor and checks the permission).
import { action } from "@/lib/http/action";
import { createBlog } from "@/lib/services/blogs";
import { createProject, updateProject } from "@/lib/services/projects";
import { blogCreateInput, blogFormInput } from "@/lib/validation/blogs";
import { projectCreateInput, projectEditForm } from "@/lib/validation/projects";

export const createProjectAction = action(projectCreateInput, { permission: "project.create" }, createProject);

export const updateProjectAction = action(projectEditForm, { permission: "project.update" }, (actor, { id, ...input }) =>
  updateProject(actor, id, input),
);

export const createBlogAction = action(blogCreateInput, { permission: "blog.create", fromForm: blogFormInput }, createBlog);
