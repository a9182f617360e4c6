CREATE TABLE "payouts" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"amount_minor" bigint NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"attempts" integer NOT NULL,
	"reference" text,
	"note" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_due_idx" ON "payouts" USING btree ("next_attempt_at");