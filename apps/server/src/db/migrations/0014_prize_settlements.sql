CREATE TABLE "prize_settlements" (
	"campaign_id" uuid NOT NULL,
	"period" integer NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"ranked" integer NOT NULL,
	"prizes_given" integer NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "prize_settlements_campaign_id_period_pk" PRIMARY KEY("campaign_id","period")
);
--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "basis" jsonb;--> statement-breakpoint
ALTER TABLE "prize_settlements" ADD CONSTRAINT "prize_settlements_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rewards_prize_place_idx" ON "rewards" USING btree ("campaign_id",coalesce("period", 0),"rank") WHERE "rewards"."rule" in ('PRIZE', 'SPRINT_PRIZE');