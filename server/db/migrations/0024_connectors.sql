CREATE TABLE "practice_connectors" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"target_version" text,
	"latency_ms" integer NOT NULL,
	"last_heartbeat_at" timestamp with time zone NOT NULL,
	"mode" text DEFAULT 'RUNNING' NOT NULL,
	"mode_since" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "practice_connectors" ADD CONSTRAINT "practice_connectors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_postings_company" ON "practice_postings" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "practice_postings_open" ON "practice_postings" USING btree ("company_id","state") WHERE "practice_postings"."state" <> 'POSTED';