CREATE TABLE "provider_nonces" (
	"nonce_hash" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"funding" text NOT NULL,
	"behaviour" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "provider_nonces_expires_at" ON "provider_nonces" USING btree ("expires_at");