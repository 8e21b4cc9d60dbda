CREATE TABLE "transaction_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"key" text NOT NULL,
	"state" text NOT NULL,
	"rows" integer NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"problems" jsonb NOT NULL,
	"actor_email" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "transaction_imports" ADD CONSTRAINT "transaction_imports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_imports_company_key" ON "transaction_imports" USING btree ("company_id","key");