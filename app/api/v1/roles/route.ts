import { route } from "@/lib/http/route";
import { listRoles } from "@/lib/services/roles";
import { tenantQuery } from "@/lib/validation/common";

export const GET = route({ permission: ["role.view", "invitation.send"], query: tenantQuery }, ({ actor, query }) =>
  listRoles(actor, query.tenant_id),
);
