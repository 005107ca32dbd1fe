import { created, route } from "@/lib/http/route";
import { createRole, listRoles } from "@/lib/services/roles";
import { tenantQuery } from "@/lib/validation/common";
import { roleCreateInput } from "@/lib/validation/roles";

export const GET = route({ permission: ["role.view", "invitation.send"], query: tenantQuery }, ({ actor, query }) =>
  listRoles(actor, query.tenant_id),
);

// Changing roles is part of managing users (user.update); escalation checks happen in the service.
export const POST = route({ permission: "user.update", body: roleCreateInput }, async ({ actor, body }) =>
  created(await createRole(actor, body)),
);
