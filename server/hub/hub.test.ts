/**
 * The hub's timings and lifecycle, on a bare Fastify app with short timings and a stand-in token
 * verifier; tests/api/realtime.test.ts covers the hub inside the real server.
 */
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HUB_PATH } from '../../embed-sdk/contract/realtime.js';
import fs from 'node:fs';
import path from 'node:path';
import { copyTemplate } from '../../tests/support/template-db.js';
import { openDatabase, type Database } from '../db/client.js';
import { openBus, type Bus } from '../db/notify.js';
import type { AccountStates, TokenVerifier } from '../http/caller.js';
import { createHub } from './index.js';
import { RawHubClient, UpgradeRefused } from './test-client.js';

const timing = { keepAliveMs: 100, clientTimeoutMs: 450, handshakeTimeoutMs: 200, negotiationTtlMs: 200 };

/** `practice-<id>` is a practice system's token for that practice; anything else is invalid. */
const verifier: TokenVerifier = {
  async verify(token) {
    const match = /^practice-(\d+)$/.exec(token);
    if (!match) throw new Error('invalid token');
    return { kind: 'service', sub: token, isAdmin: false, practices: [{ id: Number(match[1]), roles: [] }] };
  },
};

let app: FastifyInstance;
let hub: ReturnType<typeof createHub>;
let hubUrl: string;
const log: FastifyBaseLogger = pino({ level: 'silent' });
/** Connection tokens live in the database: a copy of the tests' template, quicker to open than a new one. */
const dataDir = copyTemplate();
let database: Database;
let bus: Bus;

beforeAll(async () => {
  database = await openDatabase({ dataDir });
  bus = await openBus({ database, instanceId: 'hub-test', log });
});
afterAll(async () => {
  await bus.close();
  await database.close();
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

beforeEach(async () => {
  // Service tokens carry their practice, so the current-practice cache is never consulted.
  const accounts = {} as AccountStates;
  hub = createHub({ verifier, accounts, log, db: database.db, bus }, timing);
  app = Fastify({ loggerInstance: log, routerOptions: { caseSensitive: false } });
  await hub.mount(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  hubUrl = `http://127.0.0.1:${port}${HUB_PATH}`;
});
afterEach(async () => {
  await app.close();
  hub.close();
});

const socketUrl = (token: string) => `${hubUrl}?access_token=${token}`;

async function negotiate(token: string): Promise<string> {
  const res = await fetch(`${hubUrl}/negotiate?negotiateVersion=1`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { connectionToken: string }).connectionToken;
}

describe('timeouts', () => {
  it('closes a socket that sends no handshake', async () => {
    const client = await RawHubClient.connect(socketUrl('practice-1'));
    const started = Date.now();
    await client.closed;
    expect(Date.now() - started).toBeGreaterThanOrEqual(timing.handshakeTimeoutMs - 20);
    expect(client.frames).toEqual([]);
  });

  it('pings a silent client, then closes it with a close message after the client timeout', async () => {
    const client = await RawHubClient.open(socketUrl('practice-1'));
    await client.closed;
    const pings = client.received.filter((m) => JSON.stringify(m) === '{"type":6}');
    expect(pings.length).toBeGreaterThanOrEqual(2);
    expect(client.received.at(-1)).toEqual({
      type: 7,
      error: 'Server timeout elapsed without receiving a message from the client.',
    });
  });

  it('keeps a client that pings', async () => {
    const client = await RawHubClient.open(socketUrl('practice-1'));
    for (let i = 0; i < 8; i += 1) {
      client.send({ type: 6 });
      await new Promise((r) => setTimeout(r, timing.keepAliveMs));
    }
    client.send({ type: 1, invocationId: 'alive', target: 'Echo', arguments: ['yes'] });
    expect(await client.next()).toEqual({ type: 3, invocationId: 'alive', result: 'yes' });
    client.close();
  });
});

describe('connection tokens', () => {
  it('expire when unused', async () => {
    const connectionToken = await negotiate('practice-1');
    await new Promise((r) => setTimeout(r, timing.negotiationTtlMs + 50));
    await expect(
      RawHubClient.connect(`${hubUrl}?id=${connectionToken}&access_token=practice-1`),
    ).rejects.toEqual(new UpgradeRefused(404));
  });

  it("cannot be used with someone else's access token", async () => {
    const connectionToken = await negotiate('practice-1');
    await expect(
      RawHubClient.connect(`${hubUrl}?id=${connectionToken}&access_token=practice-2`),
    ).rejects.toEqual(new UpgradeRefused(404));
  });

  it('are refused by a negotiate older than version 1', async () => {
    const res = await fetch(`${hubUrl}/negotiate`, {
      method: 'POST',
      headers: { authorization: 'Bearer practice-1' },
    });
    expect(await res.json()).toEqual({ error: expect.stringContaining('version 1') });
  });
});

describe('framing', () => {
  it('reads several records in one frame and a record split over two frames', async () => {
    const client = await RawHubClient.connect(socketUrl('practice-1'));
    client.sendText(
      '{"protocol":"json","version":1}\x1e{"type":1,"invocationId":"a","target":"Echo","arguments":[1]}\x1e{"type":1,',
    );
    client.sendText('"invocationId":"b","target":"Echo","arguments":[2]}\x1e');
    expect(await client.next()).toEqual({});
    expect(await client.next()).toEqual({ type: 3, invocationId: 'a', result: 1 });
    expect(await client.next()).toEqual({ type: 3, invocationId: 'b', result: 2 });
    client.close();
  });

  it('does not take inherited object properties for hub methods', async () => {
    const client = await RawHubClient.open(socketUrl('practice-1'));
    client.send({ type: 1, invocationId: '1', target: 'constructor', arguments: [] });
    expect(await client.next()).toEqual({
      type: 3,
      invocationId: '1',
      error: "Unknown hub method 'constructor'.",
    });
    client.close();
  });
});

describe('closing', () => {
  it('says goodbye to every client with leave to reconnect, and publishes to no one after', async () => {
    const one = await RawHubClient.open(socketUrl('practice-1'));
    const two = await RawHubClient.open(socketUrl('practice-2'));
    expect(hub.publisher.connectionsIn(1)).toBe(1);
    hub.publisher.publish(1, 'TransactionProcessed', [{ id: 1 }]);
    expect(await one.next()).toEqual({ type: 1, target: 'TransactionProcessed', arguments: [{ id: 1 }] });
    hub.close();
    hub.publisher.publish(1, 'TransactionProcessed', [{ id: 2 }]);
    for (const client of [one, two]) {
      expect(await client.next()).toEqual({ type: 7, allowReconnect: true });
      expect(await client.closed).toEqual({ code: 1000 });
    }
    expect(one.received.at(-1)).toEqual({ type: 7, allowReconnect: true });
    expect(hub.publisher.connectionsIn(1)).toBe(0);
  });

  it('closes the sockets when the server stops, rather than waiting for them', async () => {
    const client = await RawHubClient.open(socketUrl('practice-1'));
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(client.received.at(-1)).toEqual({ type: 7, allowReconnect: true });
  });

  it('removes a closed connection from its practice', async () => {
    const client = await RawHubClient.open(socketUrl('practice-1'));
    client.close();
    await client.closed;
    await expect.poll(() => hub.publisher.connectionsIn(1), { timeout: 2_000 }).toBe(0);
  });
});
