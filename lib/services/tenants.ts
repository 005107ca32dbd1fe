// Tenants: the platform operator's view of the organisations (approval lives here; the rest of tenant
// management arrives with the administration issue #4).
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { tenants, userRoles, users } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { isSuperAdmin } from "@/lib/auth/actor";
import { Forbidden, NotFound } from "@/lib/errors";
import { sendMail } from "@/lib/mail/transport";
import { welcomeMail } from "@/lib/mail/templates";
import { tenantAdminRoleId } from "./access";
import { recordActivity } from "./activity";

export interface TenantOut {
  id: string;
  name: string;
  domain: string | null;
  is_active: boolean;
  created_at: string;
}

export function tenantOut(tenant: typeof tenants.$inferSelect): TenantOut {
  return {
    id: tenant.id,
    name: tenant.name,
    domain: tenant.domain,
    is_active: tenant.isActive,
    created_at: tenant.createdAt.toISOString(),
  };
}

/** Activates a tenant and welcomes its administrators by e-mail. */
export async function approveTenant(actor: Actor, tenantId: string) {
  if (!isSuperAdmin(actor)) throw new Forbidden();
  const db = await getDb();
  const { tenant, admins } = await db.transaction(async (tx) => {
    const [tenant] = await tx
      .update(tenants)
      .set({ isActive: true, approvedAt: new Date() })
      .where(eq(tenants.id, tenantId))
      .returning();
    if (!tenant) throw new NotFound("Tenant not found");
    const roleId = await tenantAdminRoleId(tx, tenant.id);
    const admins = roleId
      ? await tx
          .select({ email: users.email, fullName: users.fullName })
          .from(users)
          .innerJoin(userRoles, eq(userRoles.userId, users.id))
          .where(and(eq(users.tenantId, tenant.id), eq(userRoles.roleId, roleId), eq(users.isActive, true)))
      : [];
    await recordActivity(tx, {
      tenantId: tenant.id,
      actorUserId: actor.userId,
      action: "tenant.approved",
      summary: `${tenant.name} was approved`,
      subjectType: "tenant",
      subjectId: tenant.id,
    });
    return { tenant, admins };
  });
  for (const admin of admins) {
    await sendMail(welcomeMail({ to: admin.email, fullName: admin.fullName, tenantName: tenant.name }));
  }
  return { message: `Tenant ${tenant.name} approved successfully`, tenant: tenantOut(tenant) };
}
