ALTER TABLE "campaign_entries" ADD COLUMN "post_account" text;--> statement-breakpoint
ALTER TABLE "campaign_entries" ADD COLUMN "post_account_named_by" text;