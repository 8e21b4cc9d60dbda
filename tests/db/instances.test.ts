/**
 * Which server instances are alive, on a real PostgreSQL shared by two of them (server/instances.ts):
 * each sees the other through its heartbeat, one that stopped cleanly is dead at once, and one that
 * stopped beating (killed) is dead once its lease has run out. On PGlite there is one process: every
 * other boot id is dead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client.js';
import { startInstance, type ServerInstance } from '../../server/instances.js';
import { startPostgres, type TestPostgres } from '../support/postgres.js';
import { openScratchPglite } from './support.js';

const UNUSED_DATA_DIR = '/nonexistent';
const LEASE_MS = 600;
const silent = { warn: () => undefined };

let server: TestPostgres | undefined;
const databases: Database[] = [];
const instances: ServerInstance[] = [];

beforeAll(async () => {
  server = await startPostgres();
  for (let i = 0; i < 2; i++) {
    databases.push(await openDatabase({ databaseUrl: server.url, dataDir: UNUSED_DATA_DIR }));
  }
}, 600_000);

afterAll(async () => {
  for (const instance of instances) await instance.stop();
  for (const database of databases) await database.close();
  await server?.stop();
});

async function instance(database: Database, heartbeatMs: number) {
  const started = await startInstance(database, silent, { heartbeatMs, leaseMs: LEASE_MS });
  instances.push(started);
  return started;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('server instances on PostgreSQL', () => {
  it('sees a beating instance alive past its lease, and one stopped cleanly dead at once', async () => {
    const a = await instance(databases[0]!, 100);
    const b = await instance(databases[1]!, 100);
    expect(await a.isAlive(a.bootId)).toBe(true);
    expect(await a.isAlive(b.bootId)).toBe(true);
    await sleep(LEASE_MS * 2);
    expect(await a.isAlive(b.bootId)).toBe(true);
    expect(await b.isAlive(a.bootId)).toBe(true);
    await b.stop();
    expect(await a.isAlive(b.bootId)).toBe(false);
  });

  it('sees an instance that stopped beating (killed) dead once its lease has run out', async () => {
    const a = await instance(databases[0]!, 100);
    // Beats once at start and never again, as a process killed right after it started.
    const killed = await instance(databases[1]!, 3_600_000);
    expect(await a.isAlive(killed.bootId)).toBe(true);
    await sleep(LEASE_MS + 300);
    expect(await a.isAlive(killed.bootId)).toBe(false);
    expect(await a.isAlive(a.bootId)).toBe(true);
  });

  it('counts an owner never recorded, or never seen, as dead', async () => {
    const a = await instance(databases[0]!, 100);
    expect(await a.isAlive(null)).toBe(false);
    expect(await a.isAlive('a-boot-id-nobody-took')).toBe(false);
  });
});

describe('the server instance on PGlite', () => {
  it('is the only one alive', async () => {
    const scratch = await openScratchPglite();
    try {
      const one = await startInstance(scratch, silent);
      expect(await one.isAlive(one.bootId)).toBe(true);
      expect(await one.isAlive('the-boot-before-a-restart')).toBe(false);
      expect(await one.isAlive(null)).toBe(false);
      await one.stop();
    } finally {
      await scratch.dispose();
    }
  });
});
