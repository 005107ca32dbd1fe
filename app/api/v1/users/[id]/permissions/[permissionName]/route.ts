import { z } from "zod";
import { route } from "@/lib/http/route";
import { removeOverride } from "@/lib/services/permissions";
import { overrideDeleteQuery } from "@/lib/validation/users";

const params = z.object({ id: z.uuid({ message: "Invalid id" }), permissionName: z.string().min(1).max(100) });

export const DELETE = route({ permission: "user.update", params, query: overrideDeleteQuery }, ({ actor, params, query }) =>
  removeOverride(actor, params.id, params.permissionName, query.resource),
);
