import { defineConfig } from 'drizzle-kit';

// Generates the SQL migrations that both PGlite and PostgreSQL run at start-up (`npm run db:generate`).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
