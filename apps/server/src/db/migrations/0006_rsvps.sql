CREATE TABLE "campaign_rsvps" (
	"id" uuid PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"status" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_rsvps" ADD CONSTRAINT "campaign_rsvps_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_rsvps" ADD CONSTRAINT "campaign_rsvps_creator_id_creators_account_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_rsvps" ADD CONSTRAINT "campaign_rsvps_invited_by_accounts_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_rsvps_campaign_creator_idx" ON "campaign_rsvps" USING btree ("campaign_id","creator_id");--> statement-breakpoint
CREATE INDEX "campaign_rsvps_creator_idx" ON "campaign_rsvps" USING btree ("creator_id","status");