// Accounts: users, roles, permissions, overrides, invitations and the tokens that authenticate them.
import { sql } from "drizzle-orm";
import { boolean, index, pgEnum, pgTable, primaryKey, text, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { at, createdAt, id, updatedAt } from "./columns";
import { tenants } from "./tenants";

export const users = pgTable(
  "users",
  {
    id: id(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    /** Stored lower-cased; unique across the platform because sign-in is by e-mail alone. */
    email: text("email").notNull(),
    /** argon2id hash. */
    passwordHash: text("password_hash").notNull(),
    fullName: text("full_name"),
    phone: text("phone"),
    address: text("address"),
    isActive: boolean("is_active").notNull().default(true),
    emailVerifiedAt: at("email_verified_at"),
    /** A new address waiting for its owner to follow the verification link; the e-mail changes only then. */
    pendingEmail: text("pending_email"),
    lastLoginAt: at("last_login_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("users_email_unique").on(table.email),
    // The user list's order, within a tenant and across all of them (super admin). Search by name or e-mail
    // uses trigram indexes that drizzle-kit cannot express: see migration 0003_list_indexes.
    index("users_tenant_created_idx").on(table.tenantId, table.createdAt.desc().nullsFirst(), table.id),
    index("users_created_idx").on(table.createdAt.desc().nullsFirst(), table.id),
  ],
);

/**
 * Which built-in role a row is. A role's power comes from this identity, set only by the seed and by tenant
 * creation, never from its name (which an administrator can type).
 */
export const roleBuiltin = pgEnum("role_builtin", ["super_admin", "tenant_admin", "tenant_user"]);

export const roles = pgTable(
  "roles",
  {
    id: id(),
    name: text("name").notNull(),
    /** Null for roles administrators created. */
    builtin: roleBuiltin("builtin"),
    description: text("description"),
    /** Null for global roles (Super Admin, Tenant User). */
    tenantId: uuid("tenant_id").references(() => tenants.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique("roles_tenant_name_unique").on(table.tenantId, table.name).nullsNotDistinct(),
    // One Super Admin and one Tenant User globally, one Tenant Admin per tenant.
    uniqueIndex("roles_builtin_unique")
      .on(table.tenantId, table.builtin)
      .where(sql`${table.builtin} is not null`),
  ],
);

export const permissions = pgTable("permissions", {
  id: id(),
  name: text("name").notNull().unique(),
  description: text("description").notNull(),
  resource: text("resource"),
  createdAt: createdAt(),
});

export const rolePermissions = pgTable(
  "role_permissions",
  {
    roleId: uuid("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    permissionId: uuid("permission_id")
      .notNull()
      .references(() => permissions.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.roleId, table.permissionId] })],
);

export const userRoles = pgTable(
  "user_roles",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    roleId: uuid("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.roleId] }), index("user_roles_role_idx").on(table.roleId)],
);

export const userPermissionOverrides = pgTable(
  "user_permission_overrides",
  {
    id: id(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    permissionId: uuid("permission_id")
      .notNull()
      .references(() => permissions.id, { onDelete: "cascade" }),
    /** true grants the permission on top of the roles, false revokes it. */
    granted: boolean("granted").notNull(),
    /** Empty string means every resource ('All' in the interface). */
    resource: text("resource").notNull().default(""),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [unique("user_permission_overrides_unique").on(table.userId, table.permissionId, table.resource)],
);

export const invitationStatus = pgEnum("invitation_status", ["pending", "accepted", "revoked", "expired"]);

export const invitations = pgTable(
  "invitations",
  {
    id: id(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    roleId: uuid("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    /** SHA-256 of the token sent by e-mail; a resend replaces it, voiding the old link. */
    tokenHash: text("token_hash").notNull().unique(),
    status: invitationStatus("status").notNull().default("pending"),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: at("expires_at").notNull(),
    acceptedAt: at("accepted_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The invitation list (and the user list's invited rows): a tenant's invitations by status, newest first.
    index("invitations_tenant_status_created_idx").on(table.tenantId, table.status, table.createdAt.desc().nullsFirst()),
    uniqueIndex("invitations_pending_email_unique")
      .on(table.tenantId, table.email)
      .where(sql`${table.status} = 'pending'`),
  ],
);

export const authTokenPurpose = pgEnum("auth_token_purpose", ["email_verification", "password_reset", "email_change"]);

/** Single-use e-mail tokens, stored as SHA-256 hashes. */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: authTokenPurpose("purpose").notNull(),
    /** For an e-mail change: the address the link verifies. */
    newEmail: text("new_email"),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
    createdAt: createdAt(),
  },
  (table) => [index("auth_tokens_user_idx").on(table.userId, table.purpose)],
);

/** Opaque refresh tokens, hashed; rotated on every use; reuse revokes the whole family. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    familyId: uuid("family_id").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** Absolute end of the family, fixed at sign-in; rotation does not extend it. */
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
    revokedAt: at("revoked_at"),
    /** 'Keep me logged in': the session survives 30 days without use instead of 12 hours. */
    persistent: boolean("persistent").notNull().default(false),
    /** Last request of the session (touched at most once a minute); drives the idle timeout. */
    lastUsedAt: at("last_used_at").notNull().defaultNow(),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (table) => [index("refresh_tokens_family_idx").on(table.familyId), index("refresh_tokens_user_idx").on(table.userId)],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Role = typeof roles.$inferSelect;
export type NewRole = typeof roles.$inferInsert;
export type Permission = typeof permissions.$inferSelect;
export type NewPermission = typeof permissions.$inferInsert;
export type UserPermissionOverride = typeof userPermissionOverrides.$inferSelect;
export type Invitation = typeof invitations.$inferSelect;
export type NewInvitation = typeof invitations.$inferInsert;
export type AuthToken = typeof authTokens.$inferSelect;
export type RefreshToken = typeof refreshTokens.$inferSelect;
