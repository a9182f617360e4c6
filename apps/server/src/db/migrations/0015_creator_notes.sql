CREATE TABLE "creator_notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"creator_id" uuid NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "creator_notes" ADD CONSTRAINT "creator_notes_creator_id_creators_account_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_notes" ADD CONSTRAINT "creator_notes_author_id_accounts_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_notes_creator_idx" ON "creator_notes" USING btree ("creator_id","created_at");