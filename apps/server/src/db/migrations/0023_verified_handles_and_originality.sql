-- Verified handles and original entries (ADR 036): how each creator proved a handle is theirs, the OAuth
-- round trips and sealed tokens of connected accounts, what the platform said of a post when it was
-- entered, and the fingerprints of uploaded videos and of campaigns' own footage.
CREATE TABLE "connected_account_tokens" (
	"creator_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"account_id" text NOT NULL,
	"access_token_sealed" text NOT NULL,
	"refresh_token_sealed" text,
	"expires_at" timestamp with time zone,
	"scope" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "connected_account_tokens_creator_id_platform_pk" PRIMARY KEY("creator_id","platform")
);
--> statement-breakpoint
CREATE TABLE "handle_verification_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"creator_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"handle" text NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"code" text,
	"evidence_key" text,
	"evidence_content_type" text,
	"reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_round_trips" (
	"state" text PRIMARY KEY NOT NULL,
	"attempt_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"code_verifier_sealed" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "verified_handles" (
	"creator_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"handle_key" text NOT NULL,
	"account_id" text,
	"method" text NOT NULL,
	"attempt_id" uuid NOT NULL,
	"verified_by" uuid,
	"verified_at" timestamp with time zone NOT NULL,
	CONSTRAINT "verified_handles_creator_id_platform_pk" PRIMARY KEY("creator_id","platform")
);
--> statement-breakpoint
CREATE TABLE "entry_originality" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"closest_fingerprint_id" uuid,
	"distance" double precision,
	"reason" text,
	"poster_key" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"checked_at" timestamp with time zone,
	"cleared_by" uuid,
	"cleared_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_fingerprints" (
	"id" uuid PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"entry_id" uuid,
	"asset_id" uuid,
	"creator_id" uuid,
	"sha256" text NOT NULL,
	"duration_seconds" double precision NOT NULL,
	"frames" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_frame_bands" (
	"fingerprint_id" uuid NOT NULL,
	"band" smallint NOT NULL,
	"value" integer NOT NULL,
	CONSTRAINT "video_frame_bands_fingerprint_id_band_value_pk" PRIMARY KEY("fingerprint_id","band","value")
);
--> statement-breakpoint
ALTER TABLE "campaign_entries" ADD COLUMN "post_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_entries" ADD COLUMN "post_author_account_id" text;--> statement-breakpoint
ALTER TABLE "campaign_entries" ADD COLUMN "post_facts_source" text;--> statement-breakpoint
ALTER TABLE "connected_account_tokens" ADD CONSTRAINT "connected_account_tokens_creator_id_creators_account_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handle_verification_attempts" ADD CONSTRAINT "handle_verification_attempts_creator_id_creators_account_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handle_verification_attempts" ADD CONSTRAINT "handle_verification_attempts_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_round_trips" ADD CONSTRAINT "oauth_round_trips_attempt_id_handle_verification_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."handle_verification_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_round_trips" ADD CONSTRAINT "oauth_round_trips_creator_id_creators_account_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verified_handles" ADD CONSTRAINT "verified_handles_verified_by_accounts_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verified_handles" ADD CONSTRAINT "verified_handles_creator_id_platform_creator_handles_creator_id_platform_fk" FOREIGN KEY ("creator_id","platform") REFERENCES "public"."creator_handles"("creator_id","platform") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_originality" ADD CONSTRAINT "entry_originality_entry_id_campaign_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."campaign_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_originality" ADD CONSTRAINT "entry_originality_closest_fingerprint_id_video_fingerprints_id_fk" FOREIGN KEY ("closest_fingerprint_id") REFERENCES "public"."video_fingerprints"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_originality" ADD CONSTRAINT "entry_originality_cleared_by_accounts_id_fk" FOREIGN KEY ("cleared_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_fingerprints" ADD CONSTRAINT "video_fingerprints_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_fingerprints" ADD CONSTRAINT "video_fingerprints_entry_id_campaign_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."campaign_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_fingerprints" ADD CONSTRAINT "video_fingerprints_asset_id_campaign_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."campaign_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_frame_bands" ADD CONSTRAINT "video_frame_bands_fingerprint_id_video_fingerprints_id_fk" FOREIGN KEY ("fingerprint_id") REFERENCES "public"."video_fingerprints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "handle_verification_attempts_creator_idx" ON "handle_verification_attempts" USING btree ("creator_id","platform","created_at");--> statement-breakpoint
CREATE INDEX "handle_verification_attempts_pending_idx" ON "handle_verification_attempts" USING btree ("method","created_at") WHERE "handle_verification_attempts"."status" = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "verified_handles_account_idx" ON "verified_handles" USING btree ("platform","account_id") WHERE "verified_handles"."account_id" is not null;--> statement-breakpoint
CREATE INDEX "entry_originality_pending_idx" ON "entry_originality" USING btree ("created_at") WHERE "entry_originality"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "video_fingerprints_sha256_idx" ON "video_fingerprints" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "video_fingerprints_entry_idx" ON "video_fingerprints" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "video_fingerprints_asset_idx" ON "video_fingerprints" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "video_frame_bands_lookup_idx" ON "video_frame_bands" USING btree ("band","value");