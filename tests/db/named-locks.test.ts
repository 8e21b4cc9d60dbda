/**
 * The locks a job's run holds (server/db/namedLocks.ts), the same on both databases: a lock held
 * keeps a try out and makes a wait wait until it is given back; different names do not meet. On
 * PostgreSQL, two instances (two pools) share them, and a holder whose connection dies (a killed
 * server) loses its lock at once to whoever waits.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client.js';
import { processLocks, type NamedLocks } from '../../server/db/namedLocks.js';
import { startPostgres, type TestPostgres } from '../support/postgres.js';

const UNUSED_DATA_DIR = '/nonexistent';

let server: TestPostgres | undefined;
const databases: Database[] = [];

beforeAll(async () => {
  server = await startPostgres();
  for (let i = 0; i < 2; i++) {
    databases.push(await openDatabase({ databaseUrl: server.url, dataDir: UNUSED_DATA_DIR }));
  }
}, 600_000);

afterAll(async () => {
  for (const database of databases) await database.close();
  await server?.stop();
});

/** Whether the promise is still pending after the event loop had a chance to settle it. */
async function pending(p: Promise<unknown>, ms = 150) {
  const marker = Symbol('pending');
  return (await Promise.race([p, new Promise((r) => setTimeout(() => r(marker), ms))])) === marker;
}

describe.each([
  [
    'one process (PGlite)',
    () => {
      const one = processLocks();
      return [one, one] as const;
    },
  ],
  ['two instances on PostgreSQL', () => [databases[0]!.locks, databases[1]!.locks] as const],
] as [string, () => readonly [NamedLocks, NamedLocks]][])('named locks: %s', (_, both) => {
  it('keeps a try out and a wait waiting while held, and lets the waiter in once given back', async () => {
    const [a, b] = both();
    const release = (await a.acquire('job:billing', { wait: false }))!;
    expect(release).toBeTypeOf('function');
    expect(await b.acquire('job:billing', { wait: false })).toBeNull();
    const other = await b.acquire('job:postings', { wait: false });
    expect(other).toBeTypeOf('function');
    await other!();

    const waiting = b.acquire('job:billing', { wait: true });
    expect(await pending(waiting)).toBe(true);
    await release();
    const next = await waiting;
    expect(await a.acquire('job:billing', { wait: false })).toBeNull();
    await next!();
    const again = await a.acquire('job:billing', { wait: false });
    expect(again).toBeTypeOf('function');
    await again!();
  });
});

describe('a named lock on PostgreSQL', () => {
  it('is lost at once when its holder’s connection dies, to the instance waiting for it', async () => {
    const [a, b] = [databases[0]!, databases[1]!];
    const held = (await a.locks.acquire('job:billing', { wait: true }))!;
    const waiting = b.locks.acquire('job:billing', { wait: true });
    expect(await pending(waiting)).toBe(true);
    // As a kill -9 would: the holder's backend ends without unlocking anything.
    await b.db.execute(
      sql`select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and granted`,
    );
    const taken = await waiting;
    expect(taken).toBeTypeOf('function');
    await held(); // the dead connection's release is harmless
    expect(await a.locks.acquire('job:billing', { wait: false })).toBeNull();
    await taken!();
  });
});
