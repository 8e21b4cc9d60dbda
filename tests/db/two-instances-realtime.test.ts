/**
 * Two server instances on one PostgreSQL, as behind a load balancer (issue 22): what one instance
 * raises reaches the other's clients once (the bus, server/db/notify.ts), a hub connection token
 * negotiated on one opens a socket on the other, a practice switch made on one holds on the other at
 * once, and after PostgreSQL stops and starts again the instances fan out again with no restart.
 *
 * Both instances use the same public URL, as they would behind the proxy, so a token either one's
 * provider issued verifies on both (their signing keys are in the database).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HUB_PATH, type TransactionProcessed } from '../../embed-sdk/contract/realtime.js';
import { openDatabase, type Database } from '../../server/db/client.js';
import { MAX_NOTIFY_BYTES, openBus, type Bus } from '../../server/db/notify.js';
import { seedDatabase } from '../../server/db/seed/index.js';
import { RawHubClient, UpgradeRefused } from '../../server/hub/test-client.js';
import { freePort } from '../../server/start.js';
import { CARDS, hubListener, idempotencyKey, newCustomer, nonceFor } from '../support/payments.js';
import { startPostgres, type TestPostgres } from '../support/postgres.js';
import { startTestServer, type TestServer } from '../support/server.js';

let postgres: TestPostgres | undefined;
let a: TestServer;
let b: TestServer;
let frontdesk: string;
const closers: (() => unknown)[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
  // Seeded before either starts, so neither seeds or creates signing keys while the other does.
  const database = await openDatabase({ databaseUrl: postgres.url, dataDir: '/nonexistent' });
  try {
    await seedDatabase(database.db, { scale: 0.1 });
  } finally {
    await database.close();
  }
  const [portA, portB] = [await freePort(), await freePort()];
  const shared = { DATABASE_URL: postgres.url, PUBLIC_URL: `http://localhost:${portA}` };
  a = await startTestServer({ ...shared, PORT: String(portA) });
  b = await startTestServer({ ...shared, PORT: String(portB) });
  expect(b.url).not.toBe(a.url);
  frontdesk = await a.tokenFor('frontdesk');
}, 600_000);

afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  await a?.close();
  await b?.close();
  await postgres?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A card payment at the desk, made through this instance; answers the transaction's reference id. */
async function payAtTheDesk(server: TestServer, amount: number): Promise<string> {
  const customer = await newCustomer(server, frontdesk);
  const card = { customerId: customer.id, amount, nonce: await nonceFor(server, CARDS.visa) };
  const quoted = await server.call<{ total: number }>('POST', '/api/transaction/virtualTerminal/quote', {
    token: frontdesk,
    body: card,
  });
  expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
  const paid = await server.call<{ isApproved: boolean; referenceId: string }>(
    'POST',
    '/api/transaction/virtualTerminal',
    {
      token: frontdesk,
      headers: idempotencyKey(),
      body: { ...card, nonce: await nonceFor(server, CARDS.visa), total: quoted.body.value!.total },
    },
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  expect(paid.body.value!.isApproved).toBe(true);
  return paid.body.value!.referenceId;
}

async function listenOn(server: TestServer) {
  const listener = await hubListener(server, frontdesk, ['TransactionProcessed']);
  closers.push(() => listener.stop());
  const of = (referenceId: string) =>
    listener.events.filter((e) => (e.payload as TransactionProcessed).referenceId === referenceId);
  return { ...listener, of };
}

describe('two instances on one PostgreSQL', () => {
  it('delivers TransactionProcessed for a payment made through B to a client of A, and once to each client', async () => {
    const onA = await listenOn(a);
    const onB = await listenOn(b);
    const referenceId = await payAtTheDesk(b, 4_200);

    await onA.waitFor('TransactionProcessed', (p: TransactionProcessed) => p.referenceId === referenceId);
    await onB.waitFor('TransactionProcessed', (p: TransactionProcessed) => p.referenceId === referenceId);
    // Long enough for a second copy (through the database) to arrive, were one sent.
    await sleep(500);
    expect(onA.of(referenceId)).toHaveLength(1);
    expect(onB.of(referenceId)).toHaveLength(1);
    expect(onA.of(referenceId)[0]!.payload).toMatchObject({ status: 'APPROVED', source: 'VIRTUALTERMINAL' });
  });

  it('opens a socket on B with a connection token negotiated on A, once', async () => {
    const res = await fetch(`${a.url}${HUB_PATH}/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${frontdesk}` },
    });
    expect(res.status).toBe(200);
    const { connectionToken } = (await res.json()) as { connectionToken: string };
    const query = `?id=${connectionToken}&access_token=${frontdesk}`;

    const client = await RawHubClient.open(`${b.url}${HUB_PATH}${query}`);
    closers.push(() => client.close());
    client.send({ type: 1, invocationId: '1', target: 'Echo', arguments: ['from A to B'] });
    expect(await client.next()).toEqual({ type: 3, invocationId: '1', result: 'from A to B' });
    // Used on B, it is used everywhere.
    await expect(RawHubClient.connect(`${a.url}${HUB_PATH}${query}`)).rejects.toEqual(
      new UpgradeRefused(404),
    );
  });

  it('acts at once on B in the practice the person switched to on A, and regroups their sockets on B', async () => {
    const admin = await a.tokenFor('admin');
    const clinicsOn = async (server: TestServer) => {
      const res = await server.call<{ clinics: { description: string }[] }>('GET', '/api/company/clinics', {
        token: admin,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.value!.clinics.map((c) => c.description);
    };
    const brightSmiles = ['Headquarters', 'Northside Clinic', 'Lakeview Clinic'];
    // B has read (and cached) the administrator's current practice: Bright Smiles.
    expect(await clinicsOn(b)).toEqual(brightSmiles);
    // The front desk's listeners of the tests above are in Bright Smiles' group too.
    const others = b.ctx.realtime.connectionsIn(1);
    const socket = await RawHubClient.open(`${b.url}${HUB_PATH}?access_token=${admin}`);
    closers.push(() => socket.close());
    expect(b.ctx.realtime.connectionsIn(1)).toBe(others + 1);

    const switched = await a.call('POST', '/api/auth/login-company', {
      token: admin,
      body: { companyId: 2 },
    });
    try {
      expect(switched.status).toBe(200);
      expect(await clinicsOn(b)).toEqual(['Headquarters']);
      // Its socket on B was in Bright Smiles' group: it is told to come back, and comes back in Cedar's.
      await socket.closed;
      expect(socket.received.at(-1)).toEqual({ type: 7, allowReconnect: true });
      expect(b.ctx.realtime.connectionsIn(1)).toBe(others);
    } finally {
      await a.call('POST', '/api/auth/login-company', { token: admin, body: { companyId: 1 } });
    }
    expect(await clinicsOn(b)).toEqual(brightSmiles);
  });
});

describe('the bus on PostgreSQL', () => {
  const buses: { bus: Bus; database: Database }[] = [];
  const silent = { warn: () => undefined, error: () => undefined };
  async function bus(instanceId: string) {
    const database = await openDatabase({ databaseUrl: postgres!.url, dataDir: '/nonexistent' });
    const opened = await openBus({ database, databaseUrl: postgres!.url, instanceId, log: silent });
    buses.push({ bus: opened, database });
    return opened;
  }
  afterAll(async () => {
    for (const { bus, database } of buses) {
      await bus.close();
      await database.close();
    }
  });

  it('carries a message too large for a notification, and delivers it once where it was raised', async () => {
    const one = await bus('bus-one');
    const two = await bus('bus-two');
    const large = { note: 'x'.repeat(MAX_NOTIFY_BYTES * 2), n: 1 };
    const onOne: unknown[] = [];
    const onTwo: unknown[] = [];
    one.subscribe('test', (m) => onOne.push(m));
    two.subscribe('test', (m) => onTwo.push(m));
    one.publish('test', large);
    one.publish('test', { n: 2 });
    await expect.poll(() => onTwo.length, { timeout: 5_000 }).toBe(2);
    // In the order sent, the large one read back from its row.
    expect(onTwo).toEqual([large, { n: 2 }]);
    await sleep(300);
    expect(onOne).toEqual([large, { n: 2 }]);
  });
});

// Last: it stops the database under both instances.
describe('after PostgreSQL stops and starts again', () => {
  it('fans out between the instances again, with no restart', async () => {
    const onA = await listenOn(a);
    const onB = await listenOn(b);
    await postgres!.halt();
    try {
      // While the database is away, B's own clients still get B's events.
      b.ctx.realtime.publish(1, 'TransactionProcessed', [{ during: 'outage' }]);
      await onB.waitFor('TransactionProcessed', (p: { during?: string }) => p.during === 'outage');
    } finally {
      await postgres!.resume();
    }
    // B's events reach A again once A listens again (it tries every 500 ms).
    const t0 = performance.now();
    let probe = 0;
    const probes = () => onA.events.filter((e) => (e.payload as { probe?: number }).probe !== undefined);
    while (probes().length === 0 && performance.now() - t0 < 10_000) {
      b.ctx.realtime.publish(1, 'TransactionProcessed', [{ probe: ++probe }]);
      await sleep(100);
    }
    expect(probes().length).toBeGreaterThan(0);

    const referenceId = await payAtTheDesk(b, 1_700);
    await onA.waitFor('TransactionProcessed', (p: TransactionProcessed) => p.referenceId === referenceId);
    await sleep(300);
    expect(onA.of(referenceId)).toHaveLength(1);
  });
});
