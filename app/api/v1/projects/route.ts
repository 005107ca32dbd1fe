import { created, paginated, route } from "@/lib/http/route";
import { createProject, listProjects } from "@/lib/services/projects";
import { projectCreateInput, projectListQuery } from "@/lib/validation/projects";

export const GET = route({ permission: "project.view", query: projectListQuery }, async ({ actor, query }) =>
  paginated(await listProjects(actor, query)),
);

export const POST = route({ permission: "project.create", body: projectCreateInput }, async ({ actor, body }) =>
  created(await createProject(actor, body)),
);
