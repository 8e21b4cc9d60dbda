CREATE TABLE "request_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"key" text NOT NULL,
	"pending_charge" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "create_key" text;--> statement-breakpoint
ALTER TABLE "customer_membership_billings" ADD COLUMN "enroll_key" text;--> statement-breakpoint
ALTER TABLE "customer_membership_billings" ADD COLUMN "completion_key" text;--> statement-breakpoint
ALTER TABLE "request_charges" ADD CONSTRAINT "request_charges_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "request_charges_company_key" ON "request_charges" USING btree ("company_id","key");--> statement-breakpoint
CREATE INDEX "request_charges_pending" ON "request_charges" USING btree ("company_id") WHERE "request_charges"."pending_charge" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_plans_company_create_key" ON "payment_plans" USING btree ("company_id","create_key");--> statement-breakpoint
CREATE UNIQUE INDEX "cmb_company_enroll_key" ON "customer_membership_billings" USING btree ("company_id","enroll_key");--> statement-breakpoint
CREATE UNIQUE INDEX "cmb_company_completion_key" ON "customer_membership_billings" USING btree ("company_id","completion_key");