DROP INDEX "invitations_tenant_idx";--> statement-breakpoint
DROP INDEX "users_tenant_idx";--> statement-breakpoint
CREATE INDEX "tenants_created_idx" ON "tenants" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "invitations_tenant_status_created_idx" ON "invitations" USING btree ("tenant_id","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_tenant_created_idx" ON "users" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "activity_events_created_idx" ON "activity_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "activity_events_actor_idx" ON "activity_events" USING btree ("actor_user_id","created_at");--> statement-breakpoint
-- User search (full name or e-mail, case-insensitive substring) through trigram indexes. pg_trgm ships with
-- PostgreSQL (a trusted extension since 13); PGlite has it only when the client loads it, so where it cannot be
-- created the search still works, without the index.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available (%): user search runs without its trigram indexes', SQLERRM;
END
$$;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "users_full_name_trgm_idx" ON "users" USING gin ("full_name" gin_trgm_ops);
  END IF;
END
$$;
