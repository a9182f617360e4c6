-- Staff are told of the work waiting for them in the same feed as creators (ADR 031): a notification and a
-- choice of channels belong to any account, not only to a creator's.
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_account_id_creators_account_id_fk";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_account_id_creators_account_id_fk";--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- One digest per person, kind and period: the row is claimed in the transaction that writes the digest's
-- email, so two workers, or a worker started again, never send one period's digest twice.
CREATE TABLE "notification_digests" (
	"account_id" uuid NOT NULL,
	"event" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notification_digests_account_id_event_period_start_pk" PRIMARY KEY("account_id","event","period_start")
);
--> statement-breakpoint
ALTER TABLE "notification_digests" ADD CONSTRAINT "notification_digests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The in-app notification of entries waiting is one per person and campaign while unread, updated as more arrive.
CREATE INDEX "notifications_open_digest_idx" ON "notifications" USING btree ("account_id","campaign_id","event") WHERE "notifications"."read_at" is null;
