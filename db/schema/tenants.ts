// Tenants: the organisations that own every other row.
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { at, createdAt, id, updatedAt } from "./columns";

export const tenants = pgTable(
  "tenants",
  {
    id: id(),
    name: text("name").notNull(),
    /** Derived from the name on creation (spec section 5) and immutable afterwards. */
    domain: text("domain"),
    /** Inactive until the registrant's e-mail is verified and a super admin approves. */
    isActive: boolean("is_active").notNull().default(false),
    /** The operator's own tenant, home of the super admin; it cannot be deleted. */
    isPlatform: boolean("is_platform").notNull().default(false),
    approvedAt: at("approved_at"),
    /** Whether the player reports views, slides and questions of this tenant's decks (share analytics). */
    analyticsEnabled: boolean("analytics_enabled").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("tenants_domain_unique").on(table.domain), index("tenants_created_idx").on(table.createdAt.desc().nullsFirst(), table.id)],
);

/**
 * How many users each tenant has, active and inactive, kept exact by triggers on users (migration 0005): every
 * insert, delete and change of is_active or tenant_id, whoever writes it (services, seeds, bulk SQL), adds to it in
 * the same transaction. The user list's total and the user counts of the tenant list and the dashboard read it
 * instead of counting a tenant's users on every request. Written only by the triggers.
 */
export const tenantUserCounts = pgTable("tenant_user_counts", {
  tenantId: uuid("tenant_id")
    .primaryKey()
    .references(() => tenants.id, { onDelete: "cascade" }),
  activeUsers: integer("active_users").notNull().default(0),
  inactiveUsers: integer("inactive_users").notNull().default(0),
});

export type Tenant = typeof tenants.$inferSelect;
export type NewTenant = typeof tenants.$inferInsert;
export type TenantUserCount = typeof tenantUserCounts.$inferSelect;
