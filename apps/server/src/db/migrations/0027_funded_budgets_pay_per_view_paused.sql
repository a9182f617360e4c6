CREATE TABLE "campaign_fundings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"reference" text NOT NULL,
	"failure" text,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "budget_alerts" (
	"campaign_id" uuid NOT NULL,
	"threshold" integer NOT NULL,
	"reserved_minor" bigint NOT NULL,
	"budget_minor" bigint NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "budget_alerts_campaign_id_threshold_pk" PRIMARY KEY("campaign_id","threshold")
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "paused_reason" text;--> statement-breakpoint
ALTER TABLE "campaign_fundings" ADD CONSTRAINT "campaign_fundings_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_fundings" ADD CONSTRAINT "campaign_fundings_recorded_by_accounts_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_alerts" ADD CONSTRAINT "budget_alerts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_fundings_campaign_idx" ON "campaign_fundings" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_fundings_provider_reference_idx" ON "campaign_fundings" USING btree ("reference") WHERE "campaign_fundings"."method" = 'PROVIDER_TOP_UP';--> statement-breakpoint
CREATE UNIQUE INDEX "rewards_views_entry_idx" ON "rewards" USING btree ("entry_id") WHERE "rewards"."rule" = 'VIEWS';--> statement-breakpoint
-- Campaigns approved before budgets had to be funded keep running: their budget is taken as received.
INSERT INTO "campaign_fundings" ("id", "campaign_id", "amount_minor", "currency", "method", "status", "reference", "recorded_at", "settled_at")
SELECT gen_random_uuid(), "id", "budget", "currency", 'TRANSFER', 'SUCCEEDED', 'Funded before funded budgets began', now(), now()
FROM "campaigns" WHERE "status" IN ('PUBLISHED', 'LIVE', 'UNPUBLISH', 'ENDED');
