CREATE TABLE "bus_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"message" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hub_negotiations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"subject" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bus_messages_created_at_idx" ON "bus_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "hub_negotiations_expires_at_idx" ON "hub_negotiations" USING btree ("expires_at");