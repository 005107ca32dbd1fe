CREATE TYPE "public"."extraction_status" AS ENUM('pending', 'ready', 'failed');--> statement-breakpoint
DROP INDEX "blogs_project_idx";--> statement-breakpoint
DROP INDEX "blogs_tenant_idx";--> statement-breakpoint
DROP INDEX "projects_tenant_idx";--> statement-breakpoint
ALTER TABLE "blog_sources" ADD COLUMN "extraction_status" "extraction_status" DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_sources" ADD COLUMN "extraction_error" text;--> statement-breakpoint
ALTER TABLE "blog_sources" ADD COLUMN "extracted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "blog_sources_file_idx" ON "blog_sources" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "blogs_project_created_idx" ON "blogs" USING btree ("project_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "blogs_tenant_created_idx" ON "blogs" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "blogs_created_idx" ON "blogs" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "projects_tenant_created_idx" ON "projects" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "projects_created_idx" ON "projects" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
-- Project search (name or description) and blog search (title, author or e-mail), case-insensitive substrings,
-- through trigram indexes as the user search does (0003 created pg_trgm where it can be).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "projects_name_trgm_idx" ON "projects" USING gin ("name" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "projects_description_trgm_idx" ON "projects" USING gin ("description" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "blogs_title_trgm_idx" ON "blogs" USING gin ("blog_title" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "blogs_author_trgm_idx" ON "blogs" USING gin ("blog_author" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "blogs_email_trgm_idx" ON "blogs" USING gin ("blog_email" gin_trgm_ops);
  END IF;
END
$$;
