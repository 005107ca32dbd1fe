// Tenants: the organisations that own every other row.
import { relations } from "drizzle-orm";
import { boolean, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, createdAt, id, updatedAt } from "./columns";
import { users } from "./accounts";

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("tenants_domain_unique").on(table.domain), index("tenants_created_idx").on(table.createdAt.desc().nullsFirst(), table.id)],
);

export const tenantsRelations = relations(tenants, ({ many }) => ({ users: many(users) }));

export type Tenant = typeof tenants.$inferSelect;
export type NewTenant = typeof tenants.$inferInsert;
