CREATE TABLE "pay_splits" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"pat_num" integer NOT NULL,
	"proc_num" integer,
	"amount" integer NOT NULL,
	"descript" text NOT NULL,
	"refund_of_split_id" integer,
	"refund_reference_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"pat_num" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"reference_id" text NOT NULL,
	"pay_date" date NOT NULL,
	"pay_amt" integer NOT NULL,
	"pay_note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_posting_faults" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"armed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_postings" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"claimed_by" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"posted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"type" text NOT NULL,
	"amount" integer NOT NULL,
	"order_amount" integer NOT NULL,
	"surcharge_amount" integer NOT NULL,
	"request_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_reservations_request_key_unique" UNIQUE("request_key")
);
--> statement-breakpoint
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
ALTER TABLE "pay_splits" ADD CONSTRAINT "pay_splits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_splits" ADD CONSTRAINT "pay_splits_payment_id_practice_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."practice_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_payments" ADD CONSTRAINT "practice_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_posting_faults" ADD CONSTRAINT "practice_posting_faults_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_postings" ADD CONSTRAINT "practice_postings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_reservations" ADD CONSTRAINT "refund_reservations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_reservations" ADD CONSTRAINT "refund_reservations_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_terminal_cards" ADD CONSTRAINT "virtual_terminal_cards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pay_splits_payment" ON "pay_splits" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "practice_payments_transaction" ON "practice_payments" USING btree ("company_id","transaction_id");--> statement-breakpoint
CREATE INDEX "practice_postings_due" ON "practice_postings" USING btree ("due_at") WHERE "practice_postings"."state" = 'PENDING';--> statement-breakpoint
CREATE INDEX "practice_postings_transaction" ON "practice_postings" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "refund_reservations_transaction" ON "refund_reservations" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_terminal_cards_company_nonce" ON "virtual_terminal_cards" USING btree ("company_id","nonce_hash");--> statement-breakpoint
CREATE INDEX "transactions_company_source_created" ON "transactions" USING btree ("company_id","source","created_at");--> statement-breakpoint
CREATE INDEX "transactions_company_unassociated" ON "transactions" USING btree ("company_id","source","created_at") WHERE "transactions"."customer_id" is null and "transactions"."orphan_removed" is null;--> statement-breakpoint
CREATE INDEX "transactions_company_displayed_id" ON "transactions" USING btree ("company_id",split_part("reference_id", '-', 1));