CREATE TABLE "card_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"nonce_hash" text NOT NULL,
	"use" text NOT NULL,
	"provider_token" text NOT NULL,
	"card_type" text NOT NULL,
	"description" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"funding" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"redeemed_by" text,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP TABLE "payment_page_cards" CASCADE;--> statement-breakpoint
DROP TABLE "virtual_terminal_cards" CASCADE;--> statement-breakpoint
ALTER TABLE "customer_membership_billings" DROP CONSTRAINT "customer_membership_billings_enrollment_card_id_saved_cards_id_fk";
--> statement-breakpoint
ALTER TABLE "card_entries" ADD CONSTRAINT "card_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_entries_company_nonce" ON "card_entries" USING btree ("company_id","nonce_hash");--> statement-breakpoint
CREATE INDEX "card_entries_expires_at" ON "card_entries" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "customer_membership_billings" DROP COLUMN "enrollment_card_id";--> statement-breakpoint
ALTER TABLE "customer_membership_billings" DROP COLUMN "enrollment_nonce_hash";