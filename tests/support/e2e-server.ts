/**
 * The server Playwright tests run against: the built front end, a fresh copy of the seeded
 * database, the port from E2E_PORT and the card provider on the next port.
 */
import fs from 'node:fs';
import path from 'node:path';
import { startServer } from '../../server/start.js';
import { copyTemplate, ensureTemplate } from './template-db.js';

const port = Number(process.env.E2E_PORT ?? 8380);
await ensureTemplate();
const dataDir = copyTemplate();
const server = await startServer({
  ...process.env,
  PORT: String(port),
  CARD_PROVIDER_PORT: String(port + 1),
  CHAIRSIDE_DATA_DIR: dataDir,
  DATABASE_URL: '',
  BILLING_TIMER: 'off',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
});
console.log(`e2e server at ${server.url}`);
// The copy is deleted when the server stops: in memory (template-db.ts), a copy left behind holds it.
const stop = () =>
  void server.close().then(() => {
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    process.exit(0);
  });
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
