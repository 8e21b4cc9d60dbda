import {
  HttpTransportType,
  HubConnectionBuilder,
  LogLevel,
  type HubConnection,
  type IHttpConnectionOptions,
} from '@microsoft/signalr';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HUB_PATH, type TransactionProcessed } from '../../embed-sdk/contract/realtime.js';
import { RawHubClient, UpgradeRefused } from '../../server/hub/test-client.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let hubUrl: string;
beforeAll(async () => {
  server = await startTestServer();
  hubUrl = `${server.url}${HUB_PATH}`;
});
afterAll(() => server?.close());

const opened: { stop(): unknown }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.stop()));
});

function payment(overrides: Partial<TransactionProcessed> = {}): TransactionProcessed {
  return {
    transactionId: 4021,
    referenceId: 'ref-8f2c',
    refundVoidReferenceId: null,
    status: 'APPROVED',
    source: 'VIRTUALTERMINAL',
    amount: 12_550,
    customerId: 77,
    notificationId: null,
    paymentPlanId: null,
    customerMembershipBillingId: null,
    practiceManagementStatus: 2,
    ...overrides,
  };
}

/** The official client, as a browser would use it, collecting the events it receives. */
async function connect(token: string, options: IHttpConnectionOptions = {}) {
  const connection: HubConnection = new HubConnectionBuilder()
    .withUrl(hubUrl, { accessTokenFactory: () => token, ...options })
    .configureLogging(LogLevel.None)
    .build();
  const events: unknown[] = [];
  let arrived = () => {};
  connection.on('TransactionProcessed', (payload: unknown) => {
    events.push(payload);
    arrived();
  });
  await connection.start();
  opened.push(connection);
  const eventCount = (n: number) =>
    vi.waitFor(() => {
      if (events.length < n) throw new Error(`${events.length} of ${n} events so far`);
    });
  return { connection, events, eventCount, onEvent: (f: () => void) => (arrived = f) };
}

async function rawOpen(token: string) {
  const client = await RawHubClient.open(`${hubUrl}?access_token=${encodeURIComponent(token)}`);
  opened.push({ stop: () => client.close() });
  return client;
}

describe('negotiate', () => {
  it('refuses a caller without an access token with 401', async () => {
    const res = await fetch(`${hubUrl}/negotiate?negotiateVersion=1`, { method: 'POST' });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ isSuccess: false, errors: ['Sign in to continue.'] });
  });

  it('refuses an invalid access token with 401', async () => {
    const res = await fetch(`${hubUrl}/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(res.status).toBe(401);
  });

  it('offers version 1 and the WebSocket transport to a signed-in caller', async () => {
    const token = await server.tokenFor('frontdesk');
    const res = await fetch(`${hubUrl}/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      negotiateVersion: 1,
      connectionId: expect.any(String),
      connectionToken: expect.stringMatching(/^[A-Za-z0-9_-]{20,}$/),
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }],
    });
    expect(body.connectionToken).not.toBe(body.connectionId);
  });

  it('lets a connection token open one socket only', async () => {
    const token = await server.tokenFor('frontdesk');
    const res = await fetch(`${hubUrl}/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    const { connectionToken } = (await res.json()) as { connectionToken: string };
    const url = `${hubUrl}?id=${connectionToken}&access_token=${token}`;
    const first = await RawHubClient.open(url);
    opened.push({ stop: () => first.close() });
    await expect(RawHubClient.connect(url)).rejects.toEqual(new UpgradeRefused(404));
  });
});

describe('the upgrade', () => {
  it('refuses a socket without an access token with 401', async () => {
    await expect(RawHubClient.connect(hubUrl)).rejects.toEqual(new UpgradeRefused(401));
  });

  it('refuses an unknown connection token with 404', async () => {
    const token = await server.tokenFor('frontdesk');
    await expect(RawHubClient.connect(`${hubUrl}?id=made-up&access_token=${token}`)).rejects.toEqual(
      new UpgradeRefused(404),
    );
  });

  it('takes the token from the Authorization header too, as the official client does in Node', async () => {
    const token = await server.tokenFor('frontdesk');
    const client = await RawHubClient.open(hubUrl, { authorization: `Bearer ${token}` });
    opened.push({ stop: () => client.close() });
    client.send({ type: 1, invocationId: '1', target: 'Echo', arguments: ['hi'] });
    expect(await client.next()).toEqual({ type: 3, invocationId: '1', result: 'hi' });
  });
});

describe('TransactionProcessed with the official client', () => {
  it("delivers the exact payload to the connections of the event's practice", async () => {
    const frontdesk = await connect(await server.tokenFor('frontdesk'));
    const sent = payment();
    expect(server.ctx.realtime.connectionsIn(1)).toBe(1);
    server.ctx.realtime.publish(1, 'TransactionProcessed', [sent]);
    await frontdesk.eventCount(1);
    expect(frontdesk.events).toEqual([sent]);
  });

  it("keeps one practice's events from another practice's people", async () => {
    const frontdesk = await connect(await server.tokenFor('frontdesk'));
    const viewer = await connect(await server.tokenWithTerms('viewer'));
    const forPractice1 = payment({ transactionId: 1 });
    const forPractice2 = payment({ transactionId: 2, referenceId: 'ref-cedar' });

    server.ctx.realtime.publish(1, 'TransactionProcessed', [forPractice1]);
    // Events on one socket arrive in order: once the viewer has practice 2's, practice 1's would be in.
    server.ctx.realtime.publish(2, 'TransactionProcessed', [forPractice2]);
    await Promise.all([frontdesk.eventCount(1), viewer.eventCount(1)]);

    expect(frontdesk.events).toEqual([forPractice1]);
    expect(viewer.events).toEqual([forPractice2]);
  });

  it('groups by the current practice only', async () => {
    // The viewer belongs to practices 2 and 3 and is working in 2.
    await connect(await server.tokenWithTerms('viewer'));
    expect(server.ctx.realtime.connectionsIn(2)).toBe(1);
    expect(server.ctx.realtime.connectionsIn(3)).toBe(0);
  });

  it("moves a person's sockets to the practice they switch to: closed with leave to reconnect", async () => {
    const viewer = await server.tokenWithTerms('viewer');
    const before = await rawOpen(viewer);
    expect(server.ctx.realtime.connectionsIn(2)).toBe(1);
    const switched = await server.call('POST', '/api/auth/login-company', {
      token: viewer,
      body: { companyId: 3 },
    });
    try {
      expect(switched.status).toBe(200);
      expect(await before.closed).toEqual({ code: 1000 });
      expect(before.received.at(-1)).toEqual({ type: 7, allowReconnect: true });
      // Back as a reconnecting client comes back: in the new practice's group.
      await rawOpen(viewer);
      expect(server.ctx.realtime.connectionsIn(3)).toBe(1);
      expect(server.ctx.realtime.connectionsIn(2)).toBe(0);
    } finally {
      await server.call('POST', '/api/auth/login-company', { token: viewer, body: { companyId: 2 } });
    }
  });

  it("closes a disabled person's sockets for good, and refuses them a new one", async () => {
    const [admin, viewer] = await Promise.all([server.tokenFor('admin'), server.tokenWithTerms('viewer')]);
    const socket = await rawOpen(viewer);
    const { userId } = (await server.call<{ userId: number }>('POST', '/api/auth/login', { token: viewer }))
      .body.value!;
    const disabled = await server.call('POST', '/api/admin/user/disable', {
      token: admin,
      body: { id: userId, disabled: true },
    });
    try {
      expect(disabled.status).toBe(200);
      expect(await socket.closed).toEqual({ code: 1000 });
      expect(socket.received.at(-1)).toEqual({ type: 7, allowReconnect: false });
      expect(server.ctx.realtime.connectionsIn(2)).toBe(0);
      const again = await fetch(`${hubUrl}/negotiate?negotiateVersion=1`, {
        method: 'POST',
        headers: { authorization: `Bearer ${viewer}` },
      });
      expect(again.status).toBe(401);
    } finally {
      await server.call('POST', '/api/admin/user/disable', {
        token: admin,
        body: { id: userId, disabled: false },
      });
    }
  });

  it('works when the client skips negotiate', async () => {
    const { connection, eventCount, events } = await connect(await server.tokenFor('frontdesk'), {
      skipNegotiation: true,
      transport: HttpTransportType.WebSockets,
    });
    expect(await connection.invoke('Echo', { ok: true })).toEqual({ ok: true });
    server.ctx.realtime.publish(1, 'TransactionProcessed', [payment()]);
    await eventCount(1);
    expect(events).toEqual([payment()]);
  });

  it('fails an invocation of a method the hub does not have', async () => {
    const { connection } = await connect(await server.tokenFor('frontdesk'));
    await expect(connection.invoke('RefundEverything')).rejects.toThrow(
      "Unknown hub method 'RefundEverything'.",
    );
  });
});

describe('the JSON hub protocol on a bare WebSocket', () => {
  it('answers the handshake with {} and the record separator', async () => {
    const client = await rawOpen(await server.tokenFor('frontdesk'));
    expect(client.frames[0]).toBe('{}\x1e');
  });

  it('refuses a protocol other than json and closes', async () => {
    const token = await server.tokenFor('frontdesk');
    const client = await RawHubClient.connect(`${hubUrl}?access_token=${token}`);
    client.send({ protocol: 'messagepack', version: 1 });
    expect(await client.next()).toEqual({ error: "Requested protocol 'messagepack' is not available." });
    expect(await client.closed).toEqual({ code: 1000 });
  });

  it('completes an unknown method with an error, and answers nothing to a non-blocking call', async () => {
    const client = await rawOpen(await server.tokenFor('frontdesk'));
    client.send({ type: 1, invocationId: '7', target: 'Nope', arguments: [] });
    expect(await client.next()).toEqual({ type: 3, invocationId: '7', error: "Unknown hub method 'Nope'." });
    client.send({ type: 1, target: 'Nope', arguments: [] });
    client.send({ type: 1, target: 'Echo', arguments: ['unanswered'] });
    client.send({ type: 1, invocationId: '8', target: 'Echo', arguments: ['answered'] });
    expect(await client.next()).toEqual({ type: 3, invocationId: '8', result: 'answered' });
  });

  it('completes a stream invocation with an error', async () => {
    const client = await rawOpen(await server.tokenFor('frontdesk'));
    client.send({ type: 4, invocationId: '9', target: 'Echo', arguments: [] });
    expect(await client.next()).toEqual({
      type: 3,
      invocationId: '9',
      error: "'Echo' is not a streaming hub method.",
    });
  });

  it('sends a ping every 15 seconds', async () => {
    const token = await server.tokenFor('frontdesk');
    // Only intervals are faked, and only while this socket opens: the hub's keep-alive is one.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const client = await rawOpen(token);
      vi.advanceTimersByTime(14_999);
      // An echo is answered in order: a ping sent before it would arrive first.
      client.send({ type: 1, invocationId: '1', target: 'Echo', arguments: [1] });
      expect(await client.next({ pings: true })).toEqual({ type: 3, invocationId: '1', result: 1 });
      vi.advanceTimersByTime(1);
      expect(await client.next({ pings: true })).toEqual({ type: 6 });
      expect(client.frames.at(-1)).toBe('{"type":6}\x1e');
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes the socket when the client sends a close message', async () => {
    const client = await rawOpen(await server.tokenFor('frontdesk'));
    client.send({ type: 7 });
    expect(await client.closed).toEqual({ code: 1000 });
  });

  it('closes with an error message when a message breaks the protocol', async () => {
    const client = await rawOpen(await server.tokenFor('frontdesk'));
    client.sendText('{"type":1,"invocationId":"1"}\x1e');
    expect(await client.next()).toEqual({
      type: 7,
      error: expect.stringMatching(/^Connection closed with an error\. .*target/),
    });
    expect(await client.closed).toEqual({ code: 1000 });
  });
});
