CREATE TABLE "anomalies" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"company_id" integer NOT NULL,
	"record_type" text NOT NULL,
	"record_id" integer NOT NULL,
	"record_label" text NOT NULL,
	"customer_id" integer,
	"summary" text NOT NULL,
	"found_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"note" text,
	CONSTRAINT "anomalies_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "paused_queues" (
	"queue" text PRIMARY KEY NOT NULL,
	"paused_at" timestamp with time zone NOT NULL,
	"paused_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "notifications_paused_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "anomalies_open" ON "anomalies" USING btree ("found_at") WHERE "anomalies"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_held" ON "outbox" USING btree ("created_at") WHERE "outbox"."sent_at" is null;--> statement-breakpoint
UPDATE "outbox" SET "sent_at" = "created_at";--> statement-breakpoint
UPDATE "payment_plans" SET "notifications_paused_at" = "created_at" WHERE NOT "is_notifying_for_past_due_payments";
