/**
 * The SDK's real-time client against a real sandbox server, reached through a TCP proxy that can
 * drop the connection and play dead.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/server.js';
import { HUB_PATH, type TransactionProcessed } from '../contract/realtime.js';
import { createRealtime, type Realtime, type RealtimeState } from './index.js';
import { startProxy, type TestProxy } from './test-proxy.js';

let server: TestServer;
let proxy: TestProxy;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const started: Realtime[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((r) => r.stop()));
  await proxy?.close();
});

async function realtimeThroughProxy() {
  proxy = await startProxy(server.url);
  const realtime = createRealtime({
    hubUrl: `${proxy.url}${HUB_PATH}`,
    accessTokenFactory: () => server.tokenFor('frontdesk'),
  });
  started.push(realtime);
  const states: RealtimeState[] = [];
  realtime.onState((s) => states.push(s));
  return { realtime, states };
}

function reaches(realtime: Realtime, state: RealtimeState, timeoutMs = 5_000) {
  return vi.waitFor(
    () => {
      if (realtime.state !== state) throw new Error(`still ${realtime.state}`);
    },
    { timeout: timeoutMs, interval: 20 },
  );
}

function gapsBetween(times: number[]) {
  return times.slice(1).map((t, i) => t - times[i]!);
}

const payment: TransactionProcessed = {
  transactionId: 9001,
  referenceId: 'ref-rt',
  refundVoidReferenceId: null,
  status: 'APPROVED',
  source: 'PAYMENTPAGE',
  amount: 4_200,
  customerId: 12,
  notificationId: 'n-1',
  paymentPlanId: null,
  customerMembershipBillingId: null,
  practiceManagementStatus: 2,
};

describe('connecting', () => {
  it('starts disconnected, refuses to send, then connects and delivers events and answers', async () => {
    const { realtime, states } = await realtimeThroughProxy();
    expect(realtime.state).toBe('disconnected');
    await expect(realtime.send('Echo', 1)).rejects.toThrow(
      "Cannot send 'Echo': the real-time connection is not connected.",
    );

    const received: TransactionProcessed[] = [];
    realtime.on('TransactionProcessed', (p) => received.push(p));
    realtime.start();
    await reaches(realtime, 'connected');
    expect(states).toEqual(['connected']);

    expect(await realtime.send('Echo', 'round trip')).toBe('round trip');
    server.ctx.realtime.publish(1, 'TransactionProcessed', [payment]);
    await vi.waitFor(() => expect(received).toEqual([payment]));
  });

  it('unsubscribes a handler and a state listener', async () => {
    const { realtime } = await realtimeThroughProxy();
    const kept: number[] = [];
    const dropped: number[] = [];
    const droppedStates: RealtimeState[] = [];
    realtime.on('TransactionProcessed', (p) => kept.push(p.transactionId));
    realtime.on('TransactionProcessed', (p) => dropped.push(p.transactionId))();
    realtime.onState((s) => droppedStates.push(s))();
    realtime.start();
    await reaches(realtime, 'connected');
    server.ctx.realtime.publish(1, 'TransactionProcessed', [payment]);
    await vi.waitFor(() => expect(kept).toEqual([9001]));
    expect(dropped).toEqual([]);
    expect(droppedStates).toEqual([]);
  });
});

describe('retrying every 500 ms', () => {
  it('keeps retrying a first start that fails, and connects once the hub is reachable', async () => {
    const { realtime, states } = await realtimeThroughProxy();
    proxy.goDown();
    realtime.start();
    await vi.waitFor(() => expect(proxy.refusedAt.length).toBeGreaterThanOrEqual(4), { timeout: 4_000 });
    expect(realtime.state).toBe('disconnected');
    for (const gap of gapsBetween(proxy.refusedAt)) {
      expect(gap).toBeGreaterThanOrEqual(450);
      expect(gap).toBeLessThan(1_200);
    }

    proxy.comeBack();
    await reaches(realtime, 'connected', 2_000);
    expect(states).toEqual(['connected']);
  });

  it('goes disconnected when the connection drops and reconnects when the hub is back', async () => {
    const { realtime, states } = await realtimeThroughProxy();
    const received: number[] = [];
    realtime.on('TransactionProcessed', (p) => received.push(p.transactionId));
    realtime.start();
    await reaches(realtime, 'connected');

    proxy.goDown();
    await reaches(realtime, 'disconnected');
    await expect(realtime.send('Echo', 1)).rejects.toThrow('not connected');
    await vi.waitFor(() => expect(proxy.refusedAt.length).toBeGreaterThanOrEqual(3), { timeout: 4_000 });
    for (const gap of gapsBetween(proxy.refusedAt)) {
      expect(gap).toBeGreaterThanOrEqual(450);
      expect(gap).toBeLessThan(1_200);
    }

    proxy.comeBack();
    await reaches(realtime, 'connected', 2_000);
    expect(states).toEqual(['connected', 'disconnected', 'connected']);
    server.ctx.realtime.publish(1, 'TransactionProcessed', [{ ...payment, transactionId: 2 }]);
    await vi.waitFor(() => expect(received).toEqual([2]));
  });

  it('stops retrying when stopped', async () => {
    const { realtime } = await realtimeThroughProxy();
    proxy.goDown();
    realtime.start();
    await vi.waitFor(() => expect(proxy.refusedAt.length).toBeGreaterThanOrEqual(2), { timeout: 3_000 });
    await realtime.stop();
    const attempts = proxy.refusedAt.length;
    await new Promise((r) => setTimeout(r, 1_200));
    expect(proxy.refusedAt.length).toBe(attempts);
    expect(realtime.state).toBe('disconnected');
  });
});

describe('a server restart', () => {
  it('goes disconnected when the server stops and reconnects to the server that replaces it', async () => {
    let current = await startTestServer();
    const port = new URL(current.url).port;
    const realtime = createRealtime({
      hubUrl: `${current.url}${HUB_PATH}`,
      // A new server may sign with new keys: ask the one that is running.
      accessTokenFactory: () => current.tokenFor('frontdesk'),
    });
    started.push(realtime);
    const received: number[] = [];
    realtime.on('TransactionProcessed', (p) => received.push(p.transactionId));
    try {
      realtime.start();
      await reaches(realtime, 'connected');

      await current.close();
      await reaches(realtime, 'disconnected');

      current = await startTestServer({ PORT: port });
      await reaches(realtime, 'connected');
      current.ctx.realtime.publish(1, 'TransactionProcessed', [{ ...payment, transactionId: 3 }]);
      await vi.waitFor(() => expect(received).toEqual([3]));
    } finally {
      await realtime.stop();
      await current.close();
    }
  });
});
