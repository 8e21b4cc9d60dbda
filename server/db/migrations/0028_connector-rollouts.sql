CREATE TABLE "connector_rollouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"company_ids" integer[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL
);
