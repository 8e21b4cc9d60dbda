CREATE TABLE "claim_procedures" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"claim_id" integer NOT NULL,
	"procedure_id" integer,
	"proc_date" date NOT NULL,
	"proc_code" text NOT NULL,
	"descript" text NOT NULL,
	"fee" integer NOT NULL,
	"insurance_estimate" integer DEFAULT 0 NOT NULL,
	"deductible_applied" integer DEFAULT 0 NOT NULL,
	"write_off_estimate" integer DEFAULT 0 NOT NULL,
	"insurance_paid" integer DEFAULT 0 NOT NULL,
	"written_off" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'SENT' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"claim_number" text NOT NULL,
	"carrier_name" text NOT NULL,
	"plan_name" text NOT NULL,
	"date_service" date NOT NULL,
	"status" text DEFAULT 'SENT' NOT NULL,
	"paying_key" text,
	"held_at" timestamp with time zone,
	"insurance_payment_id" integer,
	"received_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "insurance_payments" ADD COLUMN "plan_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "insurance_payments" ADD COLUMN "transaction_id" integer;--> statement-breakpoint
ALTER TABLE "insurance_payments" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "insurance_payments" ADD COLUMN "reimbursed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "insurance_payments" ADD COLUMN "written_off" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "insurance_payments" ADD COLUMN "requested_payment" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "insurance_payments" ADD COLUMN "paid" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "insurance_payments" ADD COLUMN "patient_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "claim_procedures" ADD CONSTRAINT "claim_procedures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_procedures" ADD CONSTRAINT "claim_procedures_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_procedures" ADD CONSTRAINT "claim_procedures_procedure_id_procedures_id_fk" FOREIGN KEY ("procedure_id") REFERENCES "public"."procedures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_procedures_claim" ON "claim_procedures" USING btree ("claim_id");--> statement-breakpoint
CREATE UNIQUE INDEX "claims_number" ON "claims" USING btree ("company_id","claim_number");--> statement-breakpoint
CREATE INDEX "claims_sent" ON "claims" USING btree ("company_id","carrier_name","date_service") WHERE "claims"."status" = 'SENT';--> statement-breakpoint
CREATE INDEX "claims_insurance_payment" ON "claims" USING btree ("insurance_payment_id");--> statement-breakpoint
CREATE INDEX "insurance_payment_details_payment" ON "insurance_payment_details" USING btree ("insurance_payment_id");--> statement-breakpoint
CREATE INDEX "insurance_payment_details_notification" ON "insurance_payment_details" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "insurance_payments_list" ON "insurance_payments" USING btree ("company_id","date","id");--> statement-breakpoint
CREATE INDEX "insurance_payments_carrier" ON "insurance_payments" USING btree ("company_id","carrier_name","date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_payments_request_key" ON "insurance_payments" USING btree ("company_id","request_key");