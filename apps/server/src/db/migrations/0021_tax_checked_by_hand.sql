-- Support's check by hand of a VAT number or an ABN no register could confirm: its reference, the day it
-- was made and who made it (what was checked is the check note, as for the registers' checks).
ALTER TABLE "creator_tax_registrations" ADD COLUMN "check_reference" text;--> statement-breakpoint
ALTER TABLE "creator_tax_registrations" ADD COLUMN "checked_on" date;--> statement-breakpoint
ALTER TABLE "creator_tax_registrations" ADD COLUMN "checked_by" uuid;--> statement-breakpoint
ALTER TABLE "creator_tax_registrations" ADD CONSTRAINT "creator_tax_registrations_checked_by_accounts_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;
