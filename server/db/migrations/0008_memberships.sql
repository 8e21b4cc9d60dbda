ALTER TABLE "membership_plans" ALTER COLUMN "monthly_amount" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_plans" ALTER COLUMN "yearly_amount" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_membership_billings" ADD COLUMN "pending_charge" jsonb;--> statement-breakpoint
ALTER TABLE "customer_membership_billings" ADD COLUMN "declined_billing_date" date;--> statement-breakpoint
ALTER TABLE "customer_membership_billings" ADD COLUMN "retry_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_membership_billings" ADD COLUMN "next_retry_date" date;--> statement-breakpoint
ALTER TABLE "customer_membership_billings" ADD COLUMN "retries_exhausted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_membership_billings" ADD COLUMN "renews_on" date;--> statement-breakpoint
ALTER TABLE "customer_membership_billings" ADD COLUMN "ends_on" date;--> statement-breakpoint
ALTER TABLE "customer_membership_billings" ADD COLUMN "expiring_notice_for" date;--> statement-breakpoint
ALTER TABLE "customer_membership_billings" ADD COLUMN "enrollment_token" text;--> statement-breakpoint
ALTER TABLE "customer_membership_billings" ADD COLUMN "enrollment_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_membership_billings" ADD COLUMN "enrollment_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_membership_billings" ADD COLUMN "enrollment_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_membership_billings" ADD COLUMN "enrollment_card_id" integer;--> statement-breakpoint
ALTER TABLE "customer_membership_billings" ADD COLUMN "enrollment_nonce_hash" text;--> statement-breakpoint
ALTER TABLE "membership_plans" ADD COLUMN "image" text;--> statement-breakpoint
ALTER TABLE "membership_plans" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_plans" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_membership_billings" ADD CONSTRAINT "customer_membership_billings_enrollment_card_id_saved_cards_id_fk" FOREIGN KEY ("enrollment_card_id") REFERENCES "public"."saved_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cmb_status_next_billing" ON "customer_membership_billings" USING btree ("status","next_billing_date");--> statement-breakpoint
CREATE INDEX "cmb_ends_on" ON "customer_membership_billings" USING btree ("ends_on");--> statement-breakpoint
CREATE UNIQUE INDEX "cmb_enrollment_token" ON "customer_membership_billings" USING btree ("enrollment_token");