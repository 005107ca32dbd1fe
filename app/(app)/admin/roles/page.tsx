import { AccessDenied } from "@/components/admin/access-denied";
import { RoleOverview, type RoleCardData } from "@/components/admin/roles/role-overview";
import { SessionEnded } from "@/components/auth/session-ended";
import { currentActor } from "@/lib/http/session";
import type { RoleBuiltin } from "@/lib/auth/permissions";
import { Forbidden } from "@/lib/errors";
import { listRoles } from "@/lib/services/roles";

export const metadata = { title: "Roles & Permissions" };

// Super admins and tenant admins (spec section 2). The service decides which roles the viewer may see
// (Super Admin only for super admins).
export default async function RolesPage() {
  const actor = await currentActor();
  if (!actor) return <SessionEnded />;
  if (actor.role !== "super_admin" && actor.role !== "tenant_admin") return <AccessDenied />;
  let roles;
  try {
    roles = await listRoles(actor, undefined);
  } catch (error) {
    if (error instanceof Forbidden) return <AccessDenied />;
    throw error;
  }
  // The built-in rows by identity (a tenant role may carry any name); the viewer's own tenant first.
  const permissionsOf = (builtin: RoleBuiltin, preferTenant: string | null) =>
    (roles.find((role) => role.builtin === builtin && role.tenant_id === preferTenant) ?? roles.find((role) => role.builtin === builtin))
      ?.permissions ?? [];
  const cards: RoleCardData[] = [
    { key: "user", permissions: permissionsOf("tenant_user", null) },
    { key: "tenant_admin", permissions: permissionsOf("tenant_admin", actor.tenantId) },
  ];
  if (actor.role === "super_admin") cards.push({ key: "super_admin", permissions: permissionsOf("super_admin", null) });
  return <RoleOverview roles={cards} />;
}
