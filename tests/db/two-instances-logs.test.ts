/**
 * Log Files with two server instances on one PostgreSQL (issue 35): each instance stores its own log
 * lines in the shared table, and either one's API answers both instances' lines, newest first, with
 * the tail of what either stored since.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LogLine } from '../../embed-sdk/contract/logs.js';
import { openDatabase } from '../../server/db/client.js';
import { seedDatabase } from '../../server/db/seed/index.js';
import { freePort } from '../../server/start.js';
import { startPostgres, type TestPostgres } from '../support/postgres.js';
import { startTestServer, type TestServer } from '../support/server.js';

let postgres: TestPostgres | undefined;
let a: TestServer;
let b: TestServer;

const quiet = () => new Writable({ write: (_chunk, _enc, done) => done() });

beforeAll(async () => {
  postgres = await startPostgres();
  const database = await openDatabase({ databaseUrl: postgres.url, dataDir: '/nonexistent' });
  try {
    await seedDatabase(database.db, { scale: 0.1 });
  } finally {
    await database.close();
  }
  const [portA, portB] = [await freePort(), await freePort()];
  const shared = { DATABASE_URL: postgres.url, PUBLIC_URL: `http://localhost:${portA}`, LOG_LEVEL: 'info' };
  a = await startTestServer({ ...shared, PORT: String(portA) }, { logDestination: quiet() });
  b = await startTestServer({ ...shared, PORT: String(portB) }, { logDestination: quiet() });
}, 600_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await postgres?.stop();
});

interface LogPage {
  lines: LogLine[];
  totalCount: number;
  newestId: number;
}

async function search(server: TestServer, query: string): Promise<LogPage> {
  const res = await server.call<LogPage>('GET', `/api/admin/logs?${query}`, {
    // Signed in on A (the shared public URL's): its token verifies on both.
    token: await a.tokenFor('admin'),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!;
}

it("answers every instance's lines from either instance, and tails what either stored since", async () => {
  a.ctx.log.warn({ companyId: 1 }, 'two-instance check: written by A');
  b.ctx.log.warn({ companyId: 1 }, 'two-instance check: written by B');
  let page: LogPage | undefined;
  await expect
    .poll(async () => (page = await search(b, 'text=two-instance%20check')).totalCount, { timeout: 10_000 })
    .toBe(2);
  expect(new Set(page!.lines.map((l) => l.instance))).toEqual(
    new Set([a.ctx.instance.bootId, b.ctx.instance.bootId]),
  );
  expect(page!.lines.every((l) => l.companyName === 'Bright Smiles Dental')).toBe(true);

  a.ctx.log.error('two-instance check: A again');
  await expect
    .poll(
      async () =>
        (await search(b, `text=two-instance%20check&after=${page!.newestId}`)).lines.map((l) => l.message),
      { timeout: 10_000 },
    )
    .toEqual(['two-instance check: A again']);
  // The same from the other instance, at error and above.
  expect((await search(a, 'text=TWO-INSTANCE%20CHECK&level=error')).lines.map((l) => l.message)).toEqual([
    'two-instance check: A again',
  ]);
});
