CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"audience" text NOT NULL,
	"company_id" integer,
	"user_id" integer,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"type" text DEFAULT 'info' NOT NULL,
	"icon" text,
	"url" text,
	"publish_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_notifications" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "company_notifications" ADD COLUMN "text" text;--> statement-breakpoint
ALTER TABLE "company_notifications" ADD COLUMN "announcement_id" integer;--> statement-breakpoint
ALTER TABLE "user_notifications" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "user_notifications" ADD COLUMN "announcement_id" integer;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_due" ON "announcements" USING btree ("publish_at") WHERE "announcements"."published_at" is null and "announcements"."withdrawn_at" is null;--> statement-breakpoint
ALTER TABLE "company_notifications" ADD CONSTRAINT "company_notifications_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notifications" ADD CONSTRAINT "user_notifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notifications" ADD CONSTRAINT "user_notifications_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_notifications_announcement" ON "company_notifications" USING btree ("announcement_id");