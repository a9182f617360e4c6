CREATE TABLE "campaign_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"kind" text NOT NULL,
	"post_link" text,
	"post_identity" text,
	"video_key" text,
	"status" text NOT NULL,
	"rejection_reason" text,
	"rejection_note" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_entries" ADD CONSTRAINT "campaign_entries_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_entries" ADD CONSTRAINT "campaign_entries_creator_id_creators_account_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_entries" ADD CONSTRAINT "campaign_entries_reviewed_by_accounts_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_entries_post_identity_idx" ON "campaign_entries" USING btree ("post_identity");--> statement-breakpoint
CREATE INDEX "campaign_entries_campaign_status_idx" ON "campaign_entries" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "campaign_entries_creator_idx" ON "campaign_entries" USING btree ("creator_id","campaign_id");