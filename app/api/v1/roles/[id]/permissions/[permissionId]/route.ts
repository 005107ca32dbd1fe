import { z } from "zod";
import { route } from "@/lib/http/route";
import { addRolePermission, removeRolePermission } from "@/lib/services/roles";

const params = z.object({ id: z.uuid({ message: "Invalid id" }), permissionId: z.uuid({ message: "Invalid id" }) });

export const POST = route({ permission: "user.update", params }, ({ actor, params }) => addRolePermission(actor, params.id, params.permissionId));

export const DELETE = route({ permission: "user.update", params }, ({ actor, params }) =>
  removeRolePermission(actor, params.id, params.permissionId),
);
