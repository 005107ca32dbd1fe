CREATE TABLE "analytics_deck_days" (
	"presentation_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"viewers" integer DEFAULT 0 NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"completions" integer DEFAULT 0 NOT NULL,
	"questions" integer DEFAULT 0 NOT NULL,
	"not_covered" integer DEFAULT 0 NOT NULL,
	"furthest_slide_sum" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_deck_days_presentation_id_day_pk" PRIMARY KEY("presentation_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"presentation_id" uuid NOT NULL,
	"day" date NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"viewer" text NOT NULL,
	"context" text NOT NULL,
	"embed_origin" text,
	"slide_number" integer,
	"heard_ms" integer,
	"question" text,
	"question_mode" text,
	"covered" boolean
);
--> statement-breakpoint
CREATE TABLE "analytics_origin_days" (
	"presentation_id" uuid NOT NULL,
	"day" date NOT NULL,
	"origin" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_origin_days_presentation_id_day_origin_pk" PRIMARY KEY("presentation_id","day","origin")
);
--> statement-breakpoint
CREATE TABLE "analytics_pending" (
	"presentation_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "analytics_pending_presentation_id_day_pk" PRIMARY KEY("presentation_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_question_days" (
	"presentation_id" uuid NOT NULL,
	"day" date NOT NULL,
	"question" text NOT NULL,
	"covered" boolean NOT NULL,
	"asked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_question_days_presentation_id_day_question_covered_pk" PRIMARY KEY("presentation_id","day","question","covered")
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_slide_days" (
	"presentation_id" uuid NOT NULL,
	"day" date NOT NULL,
	"slide_number" integer NOT NULL,
	"viewers" integer DEFAULT 0 NOT NULL,
	"heard_ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_slide_days_presentation_id_day_slide_number_pk" PRIMARY KEY("presentation_id","day","slide_number")
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "analytics_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_deck_days" ADD CONSTRAINT "analytics_deck_days_presentation_id_presentations_id_fk" FOREIGN KEY ("presentation_id") REFERENCES "public"."presentations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_deck_days" ADD CONSTRAINT "analytics_deck_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_presentation_id_presentations_id_fk" FOREIGN KEY ("presentation_id") REFERENCES "public"."presentations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_origin_days" ADD CONSTRAINT "analytics_origin_days_presentation_id_presentations_id_fk" FOREIGN KEY ("presentation_id") REFERENCES "public"."presentations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_pending" ADD CONSTRAINT "analytics_pending_presentation_id_presentations_id_fk" FOREIGN KEY ("presentation_id") REFERENCES "public"."presentations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_question_days" ADD CONSTRAINT "analytics_question_days_presentation_id_presentations_id_fk" FOREIGN KEY ("presentation_id") REFERENCES "public"."presentations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_slide_days" ADD CONSTRAINT "analytics_slide_days_presentation_id_presentations_id_fk" FOREIGN KEY ("presentation_id") REFERENCES "public"."presentations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_deck_days_tenant_day_idx" ON "analytics_deck_days" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE INDEX "analytics_events_deck_day_idx" ON "analytics_events" USING btree ("presentation_id","day");--> statement-breakpoint
CREATE INDEX "analytics_events_day_idx" ON "analytics_events" USING btree ("day");