CREATE TABLE "ledger_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"reward_id" uuid,
	"payment_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reward_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"rejection_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rewards" (
	"id" uuid PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"rule" text NOT NULL,
	"rank" integer,
	"period" integer,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_creator_id_creators_account_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("account_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_entry_id_campaign_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."campaign_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_creator_id_creators_account_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("account_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_lines_account_idx" ON "ledger_lines" USING btree ("account");--> statement-breakpoint
CREATE INDEX "ledger_lines_transaction_idx" ON "ledger_lines" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reward_idx" ON "payments" USING btree ("reward_id");--> statement-breakpoint
CREATE INDEX "payments_creator_idx" ON "payments" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_campaign_status_idx" ON "payments" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "rewards_active_slot_idx" ON "rewards" USING btree ("entry_id") WHERE "rewards"."rule" = 'SLOT' and "rewards"."status" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "rewards_campaign_idx" ON "rewards" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "rewards_creator_idx" ON "rewards" USING btree ("creator_id");