import { route } from "@/lib/http/route";
import { deleteRole, getRole, updateRole } from "@/lib/services/roles";
import { idParams } from "@/lib/validation/common";
import { roleUpdateInput } from "@/lib/validation/roles";

export const GET = route({ permission: ["role.view", "invitation.send"], params: idParams }, ({ actor, params }) => getRole(actor, params.id));

export const PUT = route({ permission: "user.update", params: idParams, body: roleUpdateInput }, ({ actor, params, body }) =>
  updateRole(actor, params.id, body),
);

export const DELETE = route({ permission: "user.update", params: idParams }, ({ actor, params }) => deleteRole(actor, params.id));
