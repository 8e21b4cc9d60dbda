/**
 * A server instance on PostgreSQL that loses its database: /readyz answers 503 naming it, quickly,
 * while /healthz still answers (the process survives the cut connections); once PostgreSQL is back
 * the same instance answers 200 again, with no restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.js';
import { seedDatabase } from '../../server/db/seed/index.js';
import { startServer, type RunningServer } from '../../server/start.js';
import { startPostgres, type TestPostgres } from '../support/postgres.js';

let postgres: TestPostgres | undefined;
let instance: RunningServer | undefined;

beforeAll(async () => {
  postgres = await startPostgres();
  // Seeded small beforehand, so the instance starts on a seeded database as a second instance would.
  const database = await openDatabase({ databaseUrl: postgres.url, dataDir: '/nonexistent' });
  try {
    await seedDatabase(database.db, { scale: 0.1 });
  } finally {
    await database.close();
  }
  instance = await startServer({
    ...process.env,
    PORT: '0',
    CARD_PROVIDER_PORT: '0',
    DATABASE_URL: postgres.url,
    BILLING_TIMER: 'off',
    PRACTICE_SYSTEM_CONNECTOR: 'off',
    LOG_LEVEL: 'silent',
  });
}, 600_000);

afterAll(async () => {
  await instance?.close();
  await postgres?.stop();
});

async function probe(pathname: string) {
  const t0 = performance.now();
  const res = await fetch(`${instance!.url}${pathname}`);
  const body = (await res.json()) as { errors: string[] };
  return { status: res.status, errors: body.errors, ms: performance.now() - t0 };
}

describe('an instance whose PostgreSQL goes away', () => {
  it('answers 503 on /readyz while the database is down, and 200 again once it is back', async () => {
    expect(await probe('/readyz')).toMatchObject({ status: 200, errors: [] });

    await postgres!.halt();
    try {
      const down = await probe('/readyz');
      expect(down).toMatchObject({ status: 503, errors: ['The database cannot be reached.'] });
      expect(down.ms).toBeLessThan(5_000);
      // The pool's connections were cut under it: the process lives on and still serves.
      await new Promise((r) => setTimeout(r, 200));
      expect(await probe('/healthz')).toMatchObject({ status: 200 });
      expect((await probe('/readyz')).status).toBe(503);
    } finally {
      await postgres!.resume();
    }

    const t0 = performance.now();
    let back = await probe('/readyz');
    while (back.status !== 200 && performance.now() - t0 < 5_000) {
      await new Promise((r) => setTimeout(r, 100));
      back = await probe('/readyz');
    }
    expect(back).toMatchObject({ status: 200, errors: [] });
  });
});
