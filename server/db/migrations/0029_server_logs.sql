CREATE TABLE "server_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"level" smallint NOT NULL,
	"instance" text NOT NULL,
	"message" text NOT NULL,
	"company_id" integer,
	"request_id" text,
	"fields" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "server_logs_time" ON "server_logs" USING btree ("time","id");--> statement-breakpoint
CREATE INDEX "server_logs_company" ON "server_logs" USING btree ("company_id","time");--> statement-breakpoint
CREATE INDEX "server_logs_request" ON "server_logs" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "server_logs_text" ON "server_logs" USING gin ((lower("message" || ' ' || "fields"::text)) gin_trgm_ops);