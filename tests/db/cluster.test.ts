/**
 * The cluster (scripts/cluster): two instances on one PostgreSQL behind HAProxy, on the
 * configuration `npm run cluster` runs (scripts/cluster/haproxy.ts).
 *
 * The card-entry provider is every instance's, behind HAProxy's second frontend: a card typed into
 * the cluster's frame (its nonce from whichever instance's provider) is stored through either
 * instance.
 *
 * Keyed writes under load (issue 38): card charges at the virtual terminal, each with its
 * Idempotency-Key, sent eight at a time through HAProxy while one instance is killed (kill -9). Every
 * one is answered, approved, and made once: those the killed instance was running are sent again by
 * HAProxy to the other (retry-on empty-response, redispatch), which finishes or answers them.
 *
 * The hub when an instance restarts (issue 22): the SDK's realtime client connected through
 * HAProxy as a page's is. The instance it is on is killed (kill -9): the client is connected again,
 * through HAProxy to the other instance, within 2 s (the 500 ms retry), and the page's data is
 * revalidated once (the runtime's reconnect hook). The killed instance is started again, the other
 * one killed, and the client comes back on the restarted one the same way.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HUB_PATH } from '../../embed-sdk/contract/realtime.js';
import { createEventBus } from '../../embed-sdk/events.js';
import { createRealtime, type Realtime } from '../../embed-sdk/realtime/index.js';
import { connectRealtime } from '../../embed-sdk/realtimeBridge.js';
import { startCluster, type Cluster } from '../../scripts/cluster/launcher.js';
import { openDatabase } from '../../server/db/client.js';
import { idempotencyKeys, transactions } from '../../server/db/schema/index.js';
import { revalidateOnReconnect } from '../../widgets/runtime/revalidateOnReconnect.js';
import { ATTEMPT_RULES } from '../../server/domain/attemptLimits.js';
import { requestFrom } from '../support/fromAddress.js';
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

/** Which instance (1-based) holds the client's WebSocket, as HAProxy sees it. */
async function instanceHoldingTheSocket(c: Cluster): Promise<number> {
  const servers = await c.front.servers();
  const holding = c.instances.filter((i) => (servers.get(i.name)?.sessions ?? 0) > 0);
  expect(
    holding.map((i) => servers.get(i.name)!.sessions),
    'one WebSocket through HAProxy',
  ).toEqual([1]);
  return holding[0]!.number;
}

/** Waits until HAProxy's checks count every instance up (a restarted one passes two). */
async function allUp(c: Cluster) {
  await vi.waitFor(
    async () => {
      const servers = await c.front.servers();
      expect(c.instances.map((i) => servers.get(i.name)?.status)).toEqual(c.instances.map(() => 'UP'));
    },
    { timeout: 10_000, interval: 100 },
  );
}

async function api<T>(
  c: Cluster,
  token: string,
  route: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; isSuccess?: boolean; value: T; errors?: string[] }> {
  const res = await fetch(`${c.url}${route}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, ...((await res.json()) as { value: T }) };
}

async function nonce(c: Cluster): Promise<string> {
  const res = await fetch(`${c.cardProviderUrl}/v1/nonces`, {
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
  expect(res.status).toBe(200);
  return ((await res.json()) as { nonce: string }).nonce;
}

describe('the card-entry provider of the cluster', () => {
  it("stores a card from the cluster's frame through either instance", async () => {
    const c = cluster!;
    const { access_token } = await signIn(c.url, 'frontdesk@chairside.test');
    // The widgets load the provider's script from HAProxy's card-entry frontend.
    const configuration = (await (await fetch(`${c.url}/api/configuration`)).json()) as {
      value: { cardProviderScriptUrl: string };
    };
    expect(configuration.value.cardProviderScriptUrl).toBe(`${c.cardProviderUrl}/tokenize.js`);
    // Two nonces for each instance: made through either instance's provider, in turn.
    for (const instance of [...c.instances, ...c.instances]) {
      const stored = await fetch(`http://127.0.0.1:${instance.port}/api/customerSavedCard/tokenize`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ nonce: await nonce(c), customerId: 1 }),
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

describe('the throttles behind HAProxy (TRUST_PROXY)', () => {
  it("count the client's address, forwarded by HAProxy, not HAProxy's own", async () => {
    const c = cluster!;
    const { failures } = ATTEMPT_RULES.publicLinkAddress;
    // Through HAProxy on 127.0.0.1, from another loopback address each: a guesser and a patient.
    const page = (from: string, token: string, headers: Record<string, string> = {}) =>
      requestFrom(from, `http://127.0.0.1:${c.front.port}/api/public/paymentRequest?token=${token}`, {
        headers,
      });
    const guess = (i: number) => `guessed-token-${String(i).padStart(20, '0')}`;
    for (let i = 1; i <= failures; i++) expect((await page('127.0.0.40', guess(i))).status).toBe(404);
    expect((await page('127.0.0.40', guess(0))).status).toBe(429);
    // An X-Forwarded-For the guesser writes itself is not believed: HAProxy's address for it is.
    expect((await page('127.0.0.40', guess(0), { 'x-forwarded-for': '127.0.0.42' })).status).toBe(429);
    // The patient, through the same HAProxy, is not the guesser.
    expect((await page('127.0.0.41', guess(0))).status).toBe(404);
  });
});

describe('keyed writes through HAProxy when an instance is killed under load', () => {
  it('answers every one, approved, and makes each once', async () => {
    const c = cluster!;
    const CHARGES = 40;
    const AT_ONCE = 8;
    const { access_token: token } = await signIn(c.url, 'frontdesk@chairside.test');
    const customer = await api<{ id: number }>(c, token, '/api/customer/transition', {
      firstName: 'Kit',
      lastName: 'Underload',
      email: `kit.underload.${randomUUID().slice(0, 8)}@example.com`,
      cell: '5125550142',
    });
    expect(customer.isSuccess, JSON.stringify(customer)).toBe(true);
    // Each charge's card and quote first, so that the load is the keyed charges alone.
    const charges: { key: string; body: object }[] = [];
    for (let n = 0; n < CHARGES; n++) {
      const desk = { customerId: customer.value.id, amount: 1_000 + n, nonce: await nonce(c) };
      const quote = await api<{ total: number }>(c, token, '/api/transaction/virtualTerminal/quote', desk);
      expect(quote.isSuccess, JSON.stringify(quote)).toBe(true);
      charges.push({ key: randomUUID(), body: { ...desk, total: quote.value.total } });
    }
    const before = await c.front.servers();

    let answered = 0;
    let next = 0;
    const outcomes: { status: number; isSuccess?: boolean; referenceId?: string | null }[] = [];
    const killed = (async () => {
      while (answered < AT_ONCE) await new Promise((r) => setTimeout(r, 5));
      await c.killInstance(2);
    })();
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        for (let n = next++; n < CHARGES; n = next++) {
          const { key, body } = charges[n]!;
          const answer = await api<{ isApproved: boolean; referenceId: string | null }>(
            c,
            token,
            '/api/transaction/virtualTerminal',
            body,
            { 'idempotency-key': key },
          );
          outcomes.push({
            status: answer.status,
            isSuccess: answer.isSuccess && answer.value.isApproved,
            referenceId: answer.value?.referenceId,
          });
          answered++;
        }
      }),
    );
    await killed;

    expect(outcomes.filter((o) => o.status !== 200 || !o.isSuccess)).toEqual([]);
    expect(new Set(outcomes.map((o) => o.referenceId)).size).toBe(CHARGES);
    const after = await c.front.servers();
    const sentAgain = (name: string) =>
      after.get(name)!.retries +
      after.get(name)!.redispatches -
      before.get(name)!.retries -
      before.get(name)!.redispatches;
    expect(
      sentAgain('instance2'),
      'requests the killed instance failed were sent to the other',
    ).toBeGreaterThan(0);

    // One payment for each key, whichever instance made it; every key settled.
    const database = await openDatabase({
      databaseUrl: c.postgres.url,
      dataDir: path.join(os.tmpdir(), 'chairside-cluster-unused'),
    });
    try {
      const made = await database.db
        .select({ id: transactions.id })
        .from(transactions)
        .where(eq(transactions.customerId, customer.value.id));
      expect(made).toHaveLength(CHARGES);
      const keys = await database.db
        .select({ key: idempotencyKeys.key })
        .from(idempotencyKeys)
        .where(
          and(
            inArray(
              idempotencyKeys.key,
              charges.map((ch) => ch.key),
            ),
            isNotNull(idempotencyKeys.status),
          ),
        );
      expect(keys).toHaveLength(CHARGES);
    } finally {
      await database.close();
    }

    await c.startInstance(2);
    await allUp(c);
  }, 120_000);
});

describe('the hub through HAProxy when an instance restarts', () => {
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
      const victim = await instanceHoldingTheSocket(c);
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

      const now = await instanceHoldingTheSocket(c);
      expect(now, `round ${round}: on the other instance`).not.toBe(victim);
      expect(await rt.send('Echo', `round ${round}`)).toBe(`round ${round}`);
      // The restart: the killed instance comes back (and passes HAProxy's checks), and the next
      // round kills the other one.
      if (round === 1) {
        await c.startInstance(victim);
        await allUp(c);
      }
    }
  }, 60_000);
});
