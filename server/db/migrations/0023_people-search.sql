-- Trigram indexes for Admin Users' search. pg_trgm is a trusted extension (PostgreSQL 13+): the database's
-- owner may create it. PGlite loads it in server/db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_name_trigrams" ON "users" USING gin ((lower("first_name" || ' ' || "last_name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trigrams" ON "users" USING gin ("email" gin_trgm_ops);