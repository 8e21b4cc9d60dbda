/**
 * The cluster (scripts/cluster): two instances on one PostgreSQL behind the round-robin proxy.
 *
 * The card-entry provider is shared: a card typed into the cluster's frame (its nonce from the
 * first instance's provider) is stored through either instance.
 *
 * The hub when an instance restarts (issue 22): the SDK's realtime client connected through the
 * proxy as a page's is. The instance it is on is killed (kill -9): the client is connected again,
 * through the proxy to the other instance, within 2 s (the 500 ms retry), and the page's data is
 * revalidated once (the runtime's reconnect hook). The killed instance is started again, the other
 * one killed, and the client comes back on the restarted one the same way.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HUB_PATH } from '../../embed-sdk/contract/realtime.js';
import { createEventBus } from '../../embed-sdk/events.js';
import { createRealtime, type Realtime } from '../../embed-sdk/realtime/index.js';
import { connectRealtime } from '../../embed-sdk/realtimeBridge.js';
import { startCluster, type Cluster } from '../../scripts/cluster/launcher.js';
import { revalidateOnReconnect } from '../../widgets/runtime/revalidateOnReconnect.js';
import { signIn } from '../support/oidc.js';
import { BRIGHT_SMILES } from '../support/payments.js';

let cluster: Cluster | undefined;
let realtime: Realtime | undefined;

beforeAll(async () => {
  cluster = await startCluster({
    instances: 2,
    env: { BILLING_TIMER: 'off', PRACTICE_SYSTEM_CONNECTOR: 'off' },
  });
}, 600_000);

afterAll(async () => {
  await realtime?.stop();
  await cluster?.stop();
});

/** Which instance (1-based) holds the client's WebSocket, as the proxy sees it. */
function instanceHoldingTheSocket(c: Cluster): number {
  const open = c.proxy.openUpgrades();
  expect(
    open.reduce((a, b) => a + b, 0),
    'one WebSocket through the proxy',
  ).toBe(1);
  return open.findIndex((n) => n > 0) + 1;
}

describe('the card-entry provider of the cluster', () => {
  it("stores a card from the cluster's frame through either instance", async () => {
    const c = cluster!;
    const { access_token } = await signIn(c.url, 'frontdesk@chairside.test');
    for (const instance of c.instances) {
      const nonce = await fetch(`${c.cardProviderUrl}/v1/nonces`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: c.cardProviderUrl },
        body: JSON.stringify({
          businessId: BRIGHT_SMILES.businessId,
          applicationId: 'app',
          cardNumber: '4111111111111111',
          expMonth: 12,
          expYear: new Date().getFullYear() + 3,
          cvc: '123',
          zip: '78704',
        }),
      });
      expect(nonce.status).toBe(200);
      const stored = await fetch(`http://127.0.0.1:${instance.port}/api/customerSavedCard/tokenize`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ nonce: ((await nonce.json()) as { nonce: string }).nonce, customerId: 1 }),
      });
      const body = (await stored.json()) as { isSuccess: boolean; value: { lastFour?: string } | null };
      expect({ instance: instance.number, status: stored.status, isSuccess: body.isSuccess }).toEqual({
        instance: instance.number,
        status: 200,
        isSuccess: true,
      });
    }
  });
});

describe('the hub through the proxy when an instance restarts', () => {
  it('reconnects within 2 s on another instance and revalidates, each time', async () => {
    const c = cluster!;
    const { access_token } = await signIn(c.url, 'frontdesk@chairside.test');
    const events = createEventBus();
    const states: { state: string; at: number }[] = [];
    events.on('realtime-state', ({ state }) => states.push({ state, at: Date.now() }));
    const revalidatedAt: number[] = [];
    revalidateOnReconnect(events, () => revalidatedAt.push(Date.now()));

    realtime = connectRealtime(createRealtime, {
      hubUrl: `${c.url}${HUB_PATH}`,
      auth: { getToken: async () => access_token, onChange: () => () => undefined },
      events,
    });
    const rt = realtime;
    // The state event reaches the bus after the client's own state changes: wait for the event, so
    // that it is not counted as the first round's.
    await vi.waitFor(() => expect(states.at(-1)?.state).toBe('connected'), { timeout: 5_000, interval: 10 });
    expect(revalidatedAt, 'nothing to revalidate on the first connection').toEqual([]);

    for (const round of [1, 2]) {
      const victim = instanceHoldingTheSocket(c);
      const seen = states.length;
      const killedAt = Date.now();
      await c.killInstance(victim);
      await vi.waitFor(
        () => expect(states.slice(seen).map((s) => s.state)).toEqual(['disconnected', 'connected']),
        { timeout: 5_000, interval: 10 },
      );
      const back = states.at(-1)!.at;
      expect(back - killedAt, `round ${round}: connected again within 2 s`).toBeLessThan(2_000);
      expect(revalidatedAt, `round ${round}: revalidated once, when connected again`).toHaveLength(round);
      expect(revalidatedAt[round - 1]!).toBeGreaterThanOrEqual(back);

      const now = instanceHoldingTheSocket(c);
      expect(now, `round ${round}: on the other instance`).not.toBe(victim);
      expect(await rt.send('Echo', `round ${round}`)).toBe(`round ${round}`);
      // The restart: the killed instance comes back, and the next round kills the other one.
      if (round === 1) await c.startInstance(victim);
    }
  }, 60_000);
});
