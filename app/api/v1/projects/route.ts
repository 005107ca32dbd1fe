import { created, paginatedJson, route } from "@/lib/http/route";
import { createProject, listProjectsJson } from "@/lib/services/projects";
import { projectCreateInput, projectListQuery } from "@/lib/validation/projects";

export const GET = route({ permission: "project.view", query: projectListQuery }, async ({ actor, query }) =>
  paginatedJson(await listProjectsJson(actor, query)),
);

export const POST = route({ permission: "project.create", body: projectCreateInput }, async ({ actor, body }) =>
  created(await createProject(actor, body)),
);
