CREATE TABLE "connector_keys" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"key_hash" text,
	"key_last4" text,
	"key_since" timestamp with time zone,
	"pending_key_hash" text,
	"pending_key_last4" text,
	"rotated_at" timestamp with time zone,
	"rotated_by" text
);
--> statement-breakpoint
ALTER TABLE "connector_keys" ADD CONSTRAINT "connector_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;