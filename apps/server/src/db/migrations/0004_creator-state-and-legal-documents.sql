CREATE TABLE "creator_devices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"creator_id" uuid NOT NULL,
	"device_token" text NOT NULL,
	"provider" text NOT NULL,
	"accepted" boolean NOT NULL,
	"note" text NOT NULL,
	"registered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creator_handles" (
	"creator_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"handle" text NOT NULL,
	"handle_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "creator_handles_creator_id_platform_pk" PRIMARY KEY("creator_id","platform")
);
--> statement-breakpoint
CREATE TABLE "creator_tax_registrations" (
	"creator_id" uuid PRIMARY KEY NOT NULL,
	"is_registered" boolean NOT NULL,
	"type" text NOT NULL,
	"number" text,
	"validation_status" text NOT NULL,
	"checked_at" timestamp with time zone,
	"check_source" text,
	"check_note" text,
	"business_name" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creator_terms_acceptances" (
	"creator_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "creator_terms_acceptances_creator_id_document_id_pk" PRIMARY KEY("creator_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "creators" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"onboarding_status" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"date_of_birth" date,
	"gender" text,
	"dial_code" text,
	"mobile" text,
	"country" text,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"state_province" text,
	"postcode" text,
	"youtube_channel_id" text,
	"genre_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"agency_decided_at" timestamp with time zone,
	"agency_id" uuid,
	"artist_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"tracking_permissions" jsonb,
	"wallet_provider" text,
	"wallet_id" text,
	"wallet_needs_action" boolean DEFAULT false NOT NULL,
	"wallet_note" text,
	"wallet_attempts" integer DEFAULT 0 NOT NULL,
	"wallet_next_attempt_at" timestamp with time zone,
	"wallet_locked_until" timestamp with time zone,
	"wallet_last_error" text,
	"reminded_at" timestamp with time zone,
	"deactivated_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_applications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"creator_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"applicant_id" text,
	"check_id" text,
	"document_key" text,
	"selfie_key" text,
	"reason" text,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"territory_id" uuid,
	"type" text NOT NULL,
	"version" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"placeholder" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"published_by" uuid
);
--> statement-breakpoint
ALTER TABLE "creator_devices" ADD CONSTRAINT "creator_devices_creator_id_creators_account_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_handles" ADD CONSTRAINT "creator_handles_creator_id_creators_account_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_tax_registrations" ADD CONSTRAINT "creator_tax_registrations_creator_id_creators_account_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_terms_acceptances" ADD CONSTRAINT "creator_terms_acceptances_creator_id_creators_account_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_terms_acceptances" ADD CONSTRAINT "creator_terms_acceptances_document_id_legal_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."legal_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creators" ADD CONSTRAINT "creators_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creators" ADD CONSTRAINT "creators_agency_id_lookups_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."lookups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_applications" ADD CONSTRAINT "kyc_applications_creator_id_creators_account_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_applications" ADD CONSTRAINT "kyc_applications_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_documents" ADD CONSTRAINT "legal_documents_territory_id_territories_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_documents" ADD CONSTRAINT "legal_documents_published_by_accounts_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "creator_devices_token_idx" ON "creator_devices" USING btree ("device_token");--> statement-breakpoint
CREATE INDEX "creator_devices_creator_idx" ON "creator_devices" USING btree ("creator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "creator_handles_taken_idx" ON "creator_handles" USING btree ("platform","handle_key");--> statement-breakpoint
CREATE INDEX "creator_terms_acceptances_latest_idx" ON "creator_terms_acceptances" USING btree ("creator_id","accepted_at");--> statement-breakpoint
CREATE INDEX "creators_status_idx" ON "creators" USING btree ("onboarding_status");--> statement-breakpoint
CREATE INDEX "creators_wallet_due_idx" ON "creators" USING btree ("wallet_next_attempt_at") WHERE "creators"."onboarding_status" = 'WALLET_CREATION_FAILED';--> statement-breakpoint
CREATE INDEX "kyc_applications_creator_idx" ON "kyc_applications" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE INDEX "kyc_applications_status_idx" ON "kyc_applications" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_applications_check_idx" ON "kyc_applications" USING btree ("check_id");--> statement-breakpoint
CREATE INDEX "legal_documents_current_idx" ON "legal_documents" USING btree ("territory_id","type","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "legal_documents_version_idx" ON "legal_documents" USING btree (coalesce("territory_id", '00000000-0000-0000-0000-000000000000'::uuid),"type",lower("version"));--> statement-breakpoint
-- The terms and privacy notice every install starts with: placeholders an Admin is asked to replace. The
-- version is the one the code used to accept as a constant, so acceptances recorded before keep meaning.
INSERT INTO "legal_documents" ("id", "territory_id", "type", "version", "storage_key", "content_type", "size", "placeholder", "published_at")
VALUES
  ('00000000-0000-4000-8000-000000000001', NULL, 'TERMS', '2026-11-01', 'legal/placeholder-terms', 'text/html; charset=utf-8', 0, true, '2026-11-01T00:00:00Z'),
  ('00000000-0000-4000-8000-000000000002', NULL, 'PRIVACY', '2026-11-01', 'legal/placeholder-privacy', 'text/html; charset=utf-8', 0, true, '2026-11-01T00:00:00Z');--> statement-breakpoint
-- Creator state moves out of accounts: onboarding status, the terms accepted at sign-up, the device token.
INSERT INTO "creators" ("account_id", "onboarding_status", "created_at", "updated_at")
SELECT "id", "status", "created_at", "created_at" FROM "accounts" WHERE "role" = 'Creator';--> statement-breakpoint
INSERT INTO "creator_terms_acceptances" ("creator_id", "document_id", "accepted_at")
SELECT "id", '00000000-0000-4000-8000-000000000001', "created_at" FROM "accounts"
WHERE "role" = 'Creator' AND "accepted_terms_version" IS NOT NULL;--> statement-breakpoint
-- A device belongs to the creator who signed up on it last, as a later registration moves it; a deactivated
-- creator's devices get no notifications, so they are not carried over.
INSERT INTO "creator_devices" ("id", "creator_id", "device_token", "provider", "accepted", "note", "registered_at")
SELECT DISTINCT ON ("device_token") gen_random_uuid(), "id", "device_token", 'none', true, 'Registered at sign-up, before push notifications were set up.', "created_at"
FROM "accounts" WHERE "role" = 'Creator' AND "status" <> 'INACTIVE' AND coalesce("device_token", '') <> ''
ORDER BY "device_token", "created_at" DESC, "id";--> statement-breakpoint
-- An account is now only allowed to sign in or not; where a creator is in onboarding lives in "creators".
UPDATE "accounts" SET "status" = CASE WHEN "status" = 'INACTIVE' THEN 'INACTIVE' ELSE 'ACTIVE' END;--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "accepted_terms_version";--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "device_token";