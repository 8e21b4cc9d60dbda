ALTER TABLE "refunds" ADD COLUMN "request_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_company_request_key" ON "refunds" USING btree ("company_id","request_key");