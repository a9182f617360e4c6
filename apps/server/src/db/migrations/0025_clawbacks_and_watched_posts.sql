CREATE TABLE "clawbacks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"reward_minor" bigint NOT NULL,
	"tax_minor" bigint NOT NULL,
	"cause" text NOT NULL,
	"reason" text NOT NULL,
	"credit_note_id" uuid,
	"recovered_minor" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "clawbacks_amounts_check" CHECK ("clawbacks"."reward_minor" >= 0 and "clawbacks"."tax_minor" >= 0 and "clawbacks"."recovered_minor" >= 0 and "clawbacks"."recovered_minor" <= "clawbacks"."reward_minor" + "clawbacks"."tax_minor")
);
--> statement-breakpoint
ALTER TABLE "entry_metric_schedule" ADD COLUMN "watch_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "kept_back_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clawbacks" ADD CONSTRAINT "clawbacks_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clawbacks" ADD CONSTRAINT "clawbacks_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clawbacks" ADD CONSTRAINT "clawbacks_entry_id_campaign_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."campaign_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clawbacks" ADD CONSTRAINT "clawbacks_creator_id_creators_account_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("account_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clawbacks" ADD CONSTRAINT "clawbacks_credit_note_id_invoices_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clawbacks_payment_idx" ON "clawbacks" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "clawbacks_creator_idx" ON "clawbacks" USING btree ("creator_id","created_at");