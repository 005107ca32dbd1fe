ALTER TABLE "blog_sources" ADD COLUMN IF NOT EXISTS "language" text;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN IF NOT EXISTS "language" text;--> statement-breakpoint
ALTER TABLE "presentations" ADD COLUMN IF NOT EXISTS "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "slides" ADD COLUMN IF NOT EXISTS "audio_voice" text;