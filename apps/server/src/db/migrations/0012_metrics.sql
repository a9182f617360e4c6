CREATE TABLE "entry_metric_readings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"entry_id" uuid NOT NULL,
	"views" bigint,
	"likes" bigint,
	"comments" bigint,
	"shares" bigint,
	"source" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"recorded_by" uuid,
	"corrects" uuid,
	"note" text,
	CONSTRAINT "entry_metric_readings_counts_check" CHECK (coalesce("entry_metric_readings"."views", 0) >= 0 and coalesce("entry_metric_readings"."likes", 0) >= 0 and coalesce("entry_metric_readings"."comments", 0) >= 0 and coalesce("entry_metric_readings"."shares", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "entry_metric_schedule" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_outcome" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entry_metric_readings" ADD CONSTRAINT "entry_metric_readings_entry_id_campaign_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."campaign_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_metric_readings" ADD CONSTRAINT "entry_metric_readings_recorded_by_accounts_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_metric_readings" ADD CONSTRAINT "entry_metric_readings_corrects_entry_metric_readings_id_fk" FOREIGN KEY ("corrects") REFERENCES "public"."entry_metric_readings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_metric_schedule" ADD CONSTRAINT "entry_metric_schedule_entry_id_campaign_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."campaign_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entry_metric_readings_latest_idx" ON "entry_metric_readings" USING btree ("entry_id","read_at","recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "entry_metric_readings_once_idx" ON "entry_metric_readings" USING btree ("entry_id","source","read_at") WHERE "entry_metric_readings"."source" <> 'staff-correction';--> statement-breakpoint
CREATE INDEX "entry_metric_schedule_due_idx" ON "entry_metric_schedule" USING btree ("next_attempt_at");