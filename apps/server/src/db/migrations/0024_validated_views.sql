CREATE TABLE "entry_view_exclusions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"entry_id" uuid NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"views" bigint NOT NULL,
	"reason" text NOT NULL,
	"hold_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "entry_view_exclusions_window_check" CHECK ("entry_view_exclusions"."views" >= 0 and "entry_view_exclusions"."to_at" > "entry_view_exclusions"."from_at")
);
--> statement-breakpoint
CREATE TABLE "entry_holds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"entry_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"status" text NOT NULL,
	"score" integer NOT NULL,
	"signals" jsonb NOT NULL,
	"held_at" timestamp with time zone NOT NULL,
	"appeal_note" text,
	"appeal_file_key" text,
	"appealed_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"decision_note" text,
	"rejection_reason" text,
	"excluded_from" timestamp with time zone,
	"excluded_to" timestamp with time zone,
	"excluded_views" bigint
);
--> statement-breakpoint
CREATE TABLE "entry_risk_assessments" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"score" integer NOT NULL,
	"signals" jsonb NOT NULL,
	"readings_through" timestamp with time zone,
	"assessed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "validation" jsonb DEFAULT '{"lockDays":7,"holdScore":50,"reviewDeadlineDays":7,"changeRequests":true,"retentionDays":30}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_entries" ADD COLUMN "review_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_entries" ADD COLUMN "change_request" text;--> statement-breakpoint
ALTER TABLE "campaign_entries" ADD COLUMN "auto_approved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "entry_view_exclusions" ADD CONSTRAINT "entry_view_exclusions_entry_id_campaign_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."campaign_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_view_exclusions" ADD CONSTRAINT "entry_view_exclusions_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_holds" ADD CONSTRAINT "entry_holds_entry_id_campaign_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."campaign_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_holds" ADD CONSTRAINT "entry_holds_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_holds" ADD CONSTRAINT "entry_holds_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_risk_assessments" ADD CONSTRAINT "entry_risk_assessments_entry_id_campaign_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."campaign_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entry_view_exclusions_entry_idx" ON "entry_view_exclusions" USING btree ("entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "entry_holds_one_open_idx" ON "entry_holds" USING btree ("entry_id") WHERE "entry_holds"."status" in ('HELD', 'APPEALED');--> statement-breakpoint
CREATE INDEX "entry_holds_status_idx" ON "entry_holds" USING btree ("status","held_at");--> statement-breakpoint
CREATE INDEX "entry_holds_campaign_idx" ON "entry_holds" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "campaign_entries_review_due_idx" ON "campaign_entries" USING btree ("review_due_at") WHERE "campaign_entries"."status" = 'SUBMITTED';--> statement-breakpoint
UPDATE "campaign_entries" SET "review_due_at" = "submitted_at" + interval '7 days' WHERE "status" = 'SUBMITTED';
