CREATE TYPE "public"."role_builtin" AS ENUM('super_admin', 'tenant_admin', 'tenant_user');--> statement-breakpoint
ALTER TYPE "public"."auth_token_purpose" ADD VALUE 'email_change';--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "new_email" text;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "persistent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "builtin" "role_builtin";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
CREATE UNIQUE INDEX "roles_builtin_unique" ON "roles" USING btree ("tenant_id","builtin") NULLS NOT DISTINCT WHERE "roles"."builtin" is not null;--> statement-breakpoint
-- The built-in rows get their identity: the global Super Admin and Tenant User, each tenant's own Tenant Admin.
UPDATE "roles" SET "builtin" = 'super_admin' WHERE "tenant_id" IS NULL AND "name" = 'Super Admin';--> statement-breakpoint
UPDATE "roles" SET "builtin" = 'tenant_user' WHERE "tenant_id" IS NULL AND "name" = 'Tenant User';--> statement-breakpoint
UPDATE "roles" SET "builtin" = 'tenant_admin' WHERE "tenant_id" IS NOT NULL AND "name" = 'Tenant Admin';--> statement-breakpoint
-- Neutralise roles that administrators named like a built-in one (any case, spacing or punctuation): they keep
-- their permissions and holders, but no longer pass for a built-in role.
UPDATE "roles" SET "name" = 'Custom role ' || left("id"::text, 8), "updated_at" = now()
  WHERE "builtin" IS NULL
    AND lower(regexp_replace("name", '[^[:alpha:]]', '', 'g')) IN ('superadmin', 'tenantadmin', 'tenantuser');