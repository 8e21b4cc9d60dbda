CREATE TABLE "bulk_request_items" (
	"run_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"customer_id" integer,
	"pat_num" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"reason" text,
	"payment_request_id" uuid,
	CONSTRAINT "bulk_request_items_run_id_position_pk" PRIMARY KEY("run_id","position")
);
--> statement-breakpoint
CREATE TABLE "bulk_request_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_by_user_id" integer,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished" timestamp with time zone,
	"claimed_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "message_templates_company_id_kind_channel_pk" PRIMARY KEY("company_id","kind","channel")
);
--> statement-breakpoint
CREATE TABLE "practice_reminder_schedules" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"days" integer[] DEFAULT '{}'::int[] NOT NULL,
	"quiet_start_minute" integer,
	"quiet_end_minute" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "bcc_email" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "support_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "support_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "time_zone" text DEFAULT 'America/Chicago' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_request_reminders" ADD COLUMN "schedule_day" integer;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "bcc" text;--> statement-breakpoint
ALTER TABLE "bulk_request_items" ADD CONSTRAINT "bulk_request_items_run_id_bulk_request_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."bulk_request_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_request_items" ADD CONSTRAINT "bulk_request_items_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_request_items" ADD CONSTRAINT "bulk_request_items_payment_request_id_payment_requests_id_fk" FOREIGN KEY ("payment_request_id") REFERENCES "public"."payment_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_request_runs" ADD CONSTRAINT "bulk_request_runs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_request_runs" ADD CONSTRAINT "bulk_request_runs_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_reminder_schedules" ADD CONSTRAINT "practice_reminder_schedules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_request_items_pending" ON "bulk_request_items" USING btree ("run_id") WHERE "bulk_request_items"."status" = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_request_runs_key" ON "bulk_request_runs" USING btree ("company_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_request_reminders_step" ON "payment_request_reminders" USING btree ("payment_request_id","schedule_day") WHERE "payment_request_reminders"."schedule_day" is not null;