CREATE TABLE "idempotency_keys" (
	"account_id" uuid NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"claim_id" uuid NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"response_status" integer,
	"response_content_type" text,
	"response_headers" jsonb,
	"response_body" "bytea",
	CONSTRAINT "idempotency_keys_account_id_method_route_key_pk" PRIMARY KEY("account_id","method","route","key")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_claimed_at_idx" ON "idempotency_keys" USING btree ("claimed_at");