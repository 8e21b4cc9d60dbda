ALTER TABLE "practice_payments" ALTER COLUMN "transaction_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "practice_payments" ALTER COLUMN "reference_id" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "pay_splits_procedure" ON "pay_splits" USING btree ("company_id","proc_num");--> statement-breakpoint
ALTER TABLE "procedures" DROP COLUMN "patient_paid";