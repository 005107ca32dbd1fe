ALTER TABLE "presentations" ADD COLUMN "progress" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "presentations" ADD COLUMN "progress_step" text;--> statement-breakpoint
ALTER TABLE "presentations" ADD COLUMN "generation_options" jsonb;--> statement-breakpoint
ALTER TABLE "presentations" ADD COLUMN "generation_attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "presentations" ADD COLUMN "source_file_id" uuid;--> statement-breakpoint
ALTER TABLE "slides" ADD COLUMN "image_file_id" uuid;--> statement-breakpoint
ALTER TABLE "slides" ADD COLUMN "thumbnail_file_id" uuid;--> statement-breakpoint
ALTER TABLE "slides" ADD COLUMN "render_key" text;--> statement-breakpoint
ALTER TABLE "presentations" ADD CONSTRAINT "presentations_source_file_id_files_id_fk" FOREIGN KEY ("source_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slides" ADD CONSTRAINT "slides_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slides" ADD CONSTRAINT "slides_thumbnail_file_id_files_id_fk" FOREIGN KEY ("thumbnail_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "presentations_unfinished_idx" ON "presentations" USING btree ("updated_at") WHERE "presentations"."status" in ('pending', 'processing');--> statement-breakpoint
ALTER TABLE "presentations" ADD CONSTRAINT "presentations_blog_version_unique" UNIQUE("blog_id","version_number");