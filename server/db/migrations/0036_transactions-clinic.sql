-- A payment's clinic is its patient's (0 with no patient), kept on the payment by the database so the
-- reports' and the list's clinic filters read it from the approved payments' covering index instead of
-- joining each payment to its patient. Two triggers keep it: one sets it whenever a payment is
-- written with a patient (or its patient changes: a move), one follows a patient's change of clinic.
DROP INDEX "transactions_company_created_approved";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "clinic_num" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "transactions" t SET "clinic_num" = c."clinic_num"
  FROM "customers" c
 WHERE c."id" = t."customer_id" AND c."company_id" = t."company_id" AND c."clinic_num" <> 0;--> statement-breakpoint
CREATE FUNCTION "transactions_clinic_num"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."clinic_num" := coalesce(
    (SELECT c."clinic_num" FROM "customers" c WHERE c."id" = NEW."customer_id" AND c."company_id" = NEW."company_id"),
    0);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "transactions_clinic_num" BEFORE INSERT OR UPDATE OF "customer_id", "company_id" ON "transactions"
  FOR EACH ROW EXECUTE FUNCTION "transactions_clinic_num"();--> statement-breakpoint
CREATE FUNCTION "customers_clinic_num"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "transactions" SET "clinic_num" = NEW."clinic_num"
   WHERE "company_id" = NEW."company_id" AND "customer_id" = NEW."id" AND "clinic_num" <> NEW."clinic_num";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "customers_clinic_num" AFTER UPDATE OF "clinic_num" ON "customers"
  FOR EACH ROW WHEN (OLD."clinic_num" IS DISTINCT FROM NEW."clinic_num") EXECUTE FUNCTION "customers_clinic_num"();--> statement-breakpoint
CREATE INDEX "transactions_company_created_approved" ON "transactions" USING btree ("company_id","created_at","amount","surcharge_amount","source","funding_source","card_type","clinic_num") WHERE "transactions"."status" = 'APPROVED';
