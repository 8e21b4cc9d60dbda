CREATE TABLE "card_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"link_token" text NOT NULL,
	"e_mail" text DEFAULT '' NOT NULL,
	"to_phone" text DEFAULT '' NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed" timestamp with time zone,
	"saved_card_id" integer,
	CONSTRAINT "card_requests_link_token_unique" UNIQUE("link_token")
);
--> statement-breakpoint
CREATE TABLE "payment_page_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_request_id" uuid NOT NULL,
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
ALTER TABLE "payment_requests" ADD COLUMN "link_token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "payment_started" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "payment_key" text;--> statement-breakpoint
ALTER TABLE "card_requests" ADD CONSTRAINT "card_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_requests" ADD CONSTRAINT "card_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_requests" ADD CONSTRAINT "card_requests_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_requests" ADD CONSTRAINT "card_requests_saved_card_id_saved_cards_id_fk" FOREIGN KEY ("saved_card_id") REFERENCES "public"."saved_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_page_cards" ADD CONSTRAINT "payment_page_cards_payment_request_id_payment_requests_id_fk" FOREIGN KEY ("payment_request_id") REFERENCES "public"."payment_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_requests_customer" ON "card_requests" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_page_cards_request_nonce" ON "payment_page_cards" USING btree ("payment_request_id","nonce_hash");--> statement-breakpoint
CREATE INDEX "outbox_created" ON "outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_request_reminders_request" ON "payment_request_reminders" USING btree ("payment_request_id");--> statement-breakpoint
CREATE INDEX "payment_requests_customer" ON "payment_requests" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_notification_approved" ON "transactions" USING btree ("notification_id") WHERE "transactions"."status" = 'APPROVED';--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_link_token_unique" UNIQUE("link_token");