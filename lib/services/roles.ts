// Roles as the administration screens and the invite dialog see them.
import { asc, eq, inArray, isNull, or } from "drizzle-orm";
import { getDb } from "@/db/client";
import { permissions, rolePermissions, roles } from "@/db/schema";
import { isSuperAdmin, type Actor } from "@/lib/auth/actor";
import { ROLE_NAMES } from "@/lib/auth/permissions";
import { listTenantFilter } from "./tenancy";

export interface RoleOut {
  id: string;
  name: string;
  description: string | null;
  tenant_id: string | null;
  permissions: string[];
}

/** Global roles and the roles of the actor's tenant (any tenant's for a super admin); Super Admin only for super admins. */
export async function listRoles(actor: Actor, tenantId: string | undefined): Promise<RoleOut[]> {
  const tenant = listTenantFilter(actor, tenantId);
  const db = await getDb();
  const rows = await db
    .select()
    .from(roles)
    .where(tenant ? or(isNull(roles.tenantId), eq(roles.tenantId, tenant)) : undefined)
    .orderBy(asc(roles.name));
  const visible = rows.filter((role) => isSuperAdmin(actor) || role.name !== ROLE_NAMES.SUPER_ADMIN);
  if (visible.length === 0) return [];
  const grants = await db
    .select({ roleId: rolePermissions.roleId, name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(rolePermissions.roleId, visible.map((role) => role.id)));
  return visible.map((role) => ({
    id: role.id,
    name: role.name,
    description: role.description,
    tenant_id: role.tenantId,
    permissions: grants.filter((grant) => grant.roleId === role.id).map((grant) => grant.name).sort(),
  }));
}
