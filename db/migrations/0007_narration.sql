ALTER TABLE "presentations" ADD COLUMN "audio_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "presentations" ADD COLUMN "narration_attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "qa_messages" ADD COLUMN "sources" jsonb;--> statement-breakpoint
ALTER TABLE "slides" ADD COLUMN "audio_sentences" jsonb;--> statement-breakpoint
CREATE INDEX "presentations_audio_pending_idx" ON "presentations" USING btree ("audio_started_at") WHERE "presentations"."webhook_status" = 'pending';