CREATE TABLE "virtual_terminal_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"nonce_hash" text NOT NULL,
	"provider_token" text NOT NULL,
	"card_type" text NOT NULL,
	"description" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"funding" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "virtual_terminal_cards" ADD CONSTRAINT "virtual_terminal_cards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_terminal_cards_company_nonce" ON "virtual_terminal_cards" USING btree ("company_id","nonce_hash");--> statement-breakpoint
CREATE INDEX "transactions_company_source_created" ON "transactions" USING btree ("company_id","source","created_at");--> statement-breakpoint
CREATE INDEX "transactions_company_unassociated" ON "transactions" USING btree ("company_id","source","created_at") WHERE "transactions"."customer_id" is null and "transactions"."orphan_removed" is null;--> statement-breakpoint
CREATE INDEX "transactions_company_displayed_id" ON "transactions" USING btree ("company_id",split_part("reference_id", '-', 1));