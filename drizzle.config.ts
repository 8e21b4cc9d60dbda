import { defineConfig } from 'drizzle-kit';

// Generates the SQL migrations that both PGlite and PostgreSQL run at start-up (`npm run db:generate`).
// The schema is a folder, one file per capability (server/db/schema/).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema',
  out: './server/db/migrations',
});
