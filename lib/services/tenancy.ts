// Tenant scoping shared by every service: which tenant an actor may act in.
import type { Actor } from "@/lib/auth/actor";
import { isSuperAdmin } from "@/lib/auth/actor";
import { NotFound } from "@/lib/errors";

/**
 * The tenant a request acts in: the actor's own, or for a super admin the one named. A non-super-admin naming
 * another tenant gets 404, as if it did not exist.
 */
export function targetTenant(actor: Actor, requested: string | undefined | null): string {
  if (!requested || requested === actor.tenantId) return actor.tenantId;
  if (isSuperAdmin(actor)) return requested;
  throw new NotFound("Tenant not found");
}

/** The tenant filter of a list: null means all tenants (super admin without a filter). */
export function listTenantFilter(actor: Actor, requested: string | undefined | null): string | null {
  if (isSuperAdmin(actor)) return requested ?? null;
  return targetTenant(actor, requested);
}
