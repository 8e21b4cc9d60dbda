CREATE TABLE "replaced_links" (
	"token" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"replaced_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_link_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"payment_link_days" integer NOT NULL,
	"enrollment_link_days" integer NOT NULL,
	"card_request_link_days" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "link_sent" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_membership_billings" ADD COLUMN "enrollment_link_sent" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "replaced_links" ADD CONSTRAINT "replaced_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_link_settings" ADD CONSTRAINT "practice_link_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;