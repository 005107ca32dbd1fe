// Platform: settings of the whole platform, per-tenant plugin settings, the activity log and request counters.
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { at, createdAt, id, updatedAt } from "./columns";
import { tenants } from "./tenants";
import { users } from "./accounts";

/**
 * Settings of the whole platform that a super admin changes (lib/services/platform-settings.ts holds the catalogue
 * with each setting's default): one row per setting once it has been set; a missing row means the default.
 */
export const platformSettings = pgTable("platform_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<unknown>().notNull(),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});

export type PlatformSetting = typeof platformSettings.$inferSelect;

/** Speech plugin settings of one tenant; secrets are AES-256-GCM ciphertext, never returned in clear. */
export const tenantPlugins = pgTable(
  "tenant_plugins",
  {
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    pluginId: text("plugin_id").notNull(),
    enabled: boolean("enabled").notNull(),
    config: jsonb("config").$type<Record<string, unknown>>().notNull().default({}),
    secretsCiphertext: text("secrets_ciphertext"),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.pluginId] })],
);

/** Who did what, when: feeds Recent Activity on the dashboards. */
export const activityEvents = pgTable(
  "activity_events",
  {
    id: id(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Dotted verb, e.g. "project.created", "user.invited". */
    action: text("action").notNull(),
    subjectType: text("subject_type"),
    subjectId: uuid("subject_id"),
    summary: text("summary").notNull(),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [
    index("activity_events_tenant_idx").on(table.tenantId, table.createdAt),
    // The platform-wide Recent Activity of a super admin.
    index("activity_events_created_idx").on(table.createdAt),
    // A user's own Recent Activity, and the set-null when a user is deleted.
    index("activity_events_actor_idx").on(table.actorUserId, table.createdAt),
  ],
);

/** Fixed-window counters, e.g. API requests per hour for the analytics panel. */
export const requestCounters = pgTable(
  "request_counters",
  {
    bucket: text("bucket").notNull(),
    windowStart: at("window_start").notNull(),
    count: integer("count").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.bucket, table.windowStart] }), index("request_counters_window_idx").on(table.windowStart)],
);

export type TenantPlugin = typeof tenantPlugins.$inferSelect;
export type ActivityEvent = typeof activityEvents.$inferSelect;
export type NewActivityEvent = typeof activityEvents.$inferInsert;

/** Abuse-limit counters of rate-limiter-flexible (RateLimiterDrizzle); shared by every server process. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull(),
  expire: at("expire"),
});

/**
 * The version of each scope's data that the cached lists show (migration 0009): a scope is a tenant, or the
 * platform (the nil uuid: global roles, their permissions, the permission catalogue). Triggers on every table a
 * cached list reads queue the scopes a statement changed (`data_version_bumps`), and at commit a deferred trigger
 * adds one to each, so the row is locked only while the transaction commits. A version never goes back and its row
 * is never deleted (the sum over all rows, which a platform user's cached lists are keyed by, only grows). Written
 * only by the triggers; read with the actor (lib/services/access.ts) and by nothing else.
 */
export const dataVersions = pgTable("data_versions", {
  scope: uuid("scope").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});

/** Scopes changed by the open transaction, applied to data_versions when it commits (and emptied then). */
export const dataVersionBumps = pgTable("data_version_bumps", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  scope: uuid("scope").notNull(),
});
