import { route } from "@/lib/http/route";
import { deleteProject, getProject, updateProject } from "@/lib/services/projects";
import { idParams } from "@/lib/validation/common";
import { projectUpdateInput } from "@/lib/validation/projects";

export const GET = route({ permission: "project.view", params: idParams }, ({ actor, params }) => getProject(actor, params.id));

export const PUT = route({ permission: "project.update", params: idParams, body: projectUpdateInput }, ({ actor, params, body }) =>
  updateProject(actor, params.id, body),
);

export const DELETE = route({ permission: "project.delete", params: idParams }, ({ actor, params }) => deleteProject(actor, params.id));
