CREATE TABLE "server_instances" (
	"boot_id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "charge_key" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "owner" text;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_company_charge_key" ON "transactions" USING btree ("company_id","charge_key");