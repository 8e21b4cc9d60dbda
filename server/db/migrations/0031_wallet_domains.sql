CREATE TABLE "wallet_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"action" text NOT NULL,
	"company_ids" jsonb NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"state" text NOT NULL,
	"actor_email" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "provider_wallet_domains" (
	"business_id" text NOT NULL,
	"domain" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"registered_at" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "provider_wallet_domains_business_id_domain_pk" PRIMARY KEY("business_id","domain")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_runs_key" ON "wallet_runs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "wallet_runs_started" ON "wallet_runs" USING btree ("started_at");