/**
 * The instance's probes on PGlite: /healthz while the process serves, /readyz only when the database
 * answers and every migration is applied, 503 with the envelope naming what is wrong otherwise,
 * within the readiness timeout even when the database hangs. Both public, never cached, never
 * throttled. (Losing a PostgreSQL server and getting it back: tests/db/readiness.test.ts.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../server/db/client.js';
import { READINESS_TIMEOUT_MS } from '../../server/db/readiness.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
  entries: { tag: string; when: number }[];
};
const last = journal.entries.at(-1)!;

async function probe(pathname: string) {
  const res = await fetch(`${server.url}${pathname}`);
  return { status: res.status, cacheControl: res.headers.get('cache-control'), body: await res.json() };
}

describe('/healthz', () => {
  it('answers 200 without a token, kept by no cache', async () => {
    expect(await probe('/healthz')).toEqual({
      status: 200,
      cacheControl: 'no-store',
      body: { isSuccess: true, value: { status: 'serving' }, errors: [], showMessage: false },
    });
  });
});

describe('/readyz', () => {
  it('answers 200 without a token when the database answers and every migration is applied', async () => {
    expect(await probe('/readyz')).toEqual({
      status: 200,
      cacheControl: 'no-store',
      body: {
        isSuccess: true,
        value: { database: 'pglite', migrations: journal.entries.length, lastMigration: last.tag },
        errors: [],
        showMessage: false,
      },
    });
  });

  it('answers 503 naming the migration that is not applied, and 200 again once it is', async () => {
    await server.ctx.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = ${last.when}`,
    );
    try {
      expect(await probe('/readyz')).toEqual({
        status: 503,
        cacheControl: 'no-store',
        body: {
          isSuccess: false,
          value: null,
          errors: [`Migrations are not applied: ${last.tag}.`],
          showMessage: false,
        },
      });
      // Liveness is not readiness: the process still serves.
      expect((await probe('/healthz')).status).toBe(200);
    } finally {
      await server.ctx.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('restored', ${last.when})`,
      );
    }
    expect((await probe('/readyz')).status).toBe(200);
  });

  it('answers 503 within its timeout when the database does not answer, and 200 once it does', async () => {
    // PGlite is one connection: a transaction that holds it keeps every other statement waiting.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const busy = server.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await held;
    });
    try {
      const t0 = performance.now();
      const answers = await Promise.all([probe('/readyz'), probe('/readyz'), probe('/readyz')]);
      const waited = performance.now() - t0;
      for (const answer of answers) {
        expect(answer.status).toBe(503);
        expect(answer.body.errors).toEqual(['The database cannot be reached.']);
      }
      expect(waited).toBeGreaterThanOrEqual(READINESS_TIMEOUT_MS - 50);
      expect(waited).toBeLessThan(READINESS_TIMEOUT_MS + 1_500);
    } finally {
      release();
      await busy;
    }
    expect((await probe('/readyz')).status).toBe(200);
  });

  it('is never throttled: a load balancer may ask as often as it likes', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => probe(i % 2 ? '/readyz' : '/healthz').then((a) => a.status)),
    );
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });
});
