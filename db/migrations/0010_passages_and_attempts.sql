CREATE TABLE "source_passages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"blog_id" uuid NOT NULL,
	"source_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"heading" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"language" text DEFAULT 'english' NOT NULL,
	"search" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "slides" ADD COLUMN "render_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "source_passages" ADD CONSTRAINT "source_passages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_passages" ADD CONSTRAINT "source_passages_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_passages" ADD CONSTRAINT "source_passages_source_id_blog_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."blog_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "source_passages_search_idx" ON "source_passages" USING gin ("search");--> statement-breakpoint
CREATE INDEX "source_passages_source_idx" ON "source_passages" USING btree ("source_id","position");--> statement-breakpoint
CREATE INDEX "source_passages_blog_idx" ON "source_passages" USING btree ("blog_id");