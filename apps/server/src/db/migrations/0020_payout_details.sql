CREATE TABLE "payout_details" (
	"creator_id" uuid PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"country" text,
	"masked" text NOT NULL,
	"sealed" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "paid_on" date;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "paid_method" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "paid_to" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "exported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "exported_details" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "exported_masked" text;--> statement-breakpoint
ALTER TABLE "payout_details" ADD CONSTRAINT "payout_details_creator_id_creators_account_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("account_id") ON DELETE cascade ON UPDATE no action;