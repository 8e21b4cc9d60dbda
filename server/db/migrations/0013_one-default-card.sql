-- Data made before this index may give a customer two default cards (the demo data did): the
-- newest active one stays the default.
UPDATE "saved_cards" SET "is_default" = false WHERE "is_default" AND "id" NOT IN (
	SELECT DISTINCT ON ("customer_id") "id" FROM "saved_cards" WHERE "is_default"
	ORDER BY "customer_id", "is_active" DESC, "created_at" DESC, "id" DESC
);--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_one_default" ON "saved_cards" USING btree ("customer_id") WHERE "saved_cards"."is_default" = true;