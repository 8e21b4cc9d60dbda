/**
 * Three server instances on one PostgreSQL, as behind a round-robin load balancer (issue 22): they
 * start together on an empty database, one migrates and seeds it and all share one signing key, so
 * a token any of them issued is accepted by the others; the sign-in and public-link throttles count
 * attempts spread over the three as one instance would; a card entered in one instance's provider
 * frame is usable through another, once.
 *
 * The instances run in this process (as tests/support/server.ts runs one): what they share is only
 * the database, since no module of the server keeps state outside an instance's context.
 */
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedCard } from '../../embed-sdk/contract/savedCard.js';
import { companies, customers, oidcKeys, rateLimits } from '../../server/db/schema/index.js';
import { ATTEMPT_RULES } from '../../server/domain/attemptLimits.js';
import { accountKey, addressKey } from '../../server/limits/signIn.js';
import { CARD_ENTRY_REFUSALS } from '../../server/saved-cards/cardEntries.js';
import { linkAddressKey } from '../../server/http/linkThrottle.js';
import { freePort, startServer, type RunningServer } from '../../server/start.js';
import { requestFrom, signInForm } from '../support/fromAddress.js';
import { signIn } from '../support/oidc.js';
import { CARDS } from '../support/payments.js';
import { startPostgres, type TestPostgres } from '../support/postgres.js';

let postgres: TestPostgres | undefined;
let instances: RunningServer[] = [];
/** Each instance's own address (they share one public URL, the first's, as behind a proxy). */
let origins: string[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
  const ports = [await freePort(), await freePort(), await freePort()];
  origins = ports.map((port) => `http://localhost:${port}`);
  instances = await Promise.all(
    ports.map(async (port) =>
      startServer({
        ...process.env,
        PORT: String(port),
        CARD_PROVIDER_PORT: '0',
        PUBLIC_URL: origins[0],
        DATABASE_URL: postgres!.url,
        CHAIRSIDE_DATA_DIR: '/nonexistent',
        BILLING_TIMER: 'off',
        PRACTICE_SYSTEM_CONNECTOR: 'off',
        LOG_LEVEL: 'silent',
      }),
    ),
  );
}, 600_000);

afterAll(async () => {
  await Promise.all(instances.map((i) => i.close()));
  await postgres?.stop();
});

const db = () => instances[0]!.ctx.db;

/** A customer of Bright Smiles, the seeded front desk's practice. */
async function aCustomer() {
  const [row] = await db()
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.companyId, 1))
    .limit(1);
  return row!.id;
}

async function call<T>(origin: string, method: 'GET' | 'POST', path: string, token: string, body?: unknown) {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(method === 'POST' && { 'content-type': 'application/json' }),
    },
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
  });
  return {
    status: res.status,
    body: (await res.json()) as { isSuccess: boolean; value: T; errors: string[] },
  };
}

describe('three instances started together on an empty PostgreSQL', () => {
  it('migrate and seed it once and share one signing key and one cookie key', async () => {
    expect(instances.filter((i) => i.seeded)).toHaveLength(1);
    const [practices] = await db().select({ n: count() }).from(companies);
    const [names] = await db()
      .select({ n: sql<number>`count(distinct ${companies.name})::int` })
      .from(companies);
    expect(practices!.n).toBe(names!.n);
    const keys = await db().select({ kind: oidcKeys.kind }).from(oidcKeys);
    expect(keys.map((k) => k.kind).sort()).toEqual(['cookie', 'signing']);
  });

  it('accept on every instance a token issued by any of them', async () => {
    const customerId = await aCustomer();
    for (const [i, issuer] of origins.entries()) {
      // The portal's redirect is the public URL's, whichever instance serves the sign-in.
      const { access_token: token } = await signIn(issuer, 'frontdesk@chairside.test', 'demo', {
        redirectUri: `${origins[0]}/`,
      });
      for (const origin of origins) {
        const customer = await call<{ id: number }>(
          origin,
          'GET',
          `/api/customer/getCustomer?id=${customerId}`,
          token,
        );
        expect(customer.status, `issued through instance ${i + 1}, used on ${origin}`).toBe(200);
        expect(customer.body.value.id).toBe(customerId);
      }
    }
  }, 60_000);
});

describe('the throttles, with attempts spread round-robin over the three instances', () => {
  const INCORRECT = 'The email or password is incorrect.';
  const tries = 20;

  /** 20 wrong passwords for one account from one address, through these instances in turn. */
  async function wrongPasswords(address: string, email: string, through: string[]) {
    const form = await signInForm(origins[0]!, address, through);
    const answers: string[] = [];
    for (let i = 1; i <= tries; i++) {
      const { status, alert } = await form.attempt(email, `wrong-${i}`);
      answers.push(`${status} ${alert}`);
    }
    return answers;
  }

  async function failuresOf(key: string) {
    const [row] = await db()
      .select({ failures: rateLimits.failures })
      .from(rateLimits)
      .where(sql`${rateLimits.key} = ${key}`);
    return row?.failures ?? 0;
  }

  it('count 20 wrong passwords as 20, and answer each as one instance does', async () => {
    const [alone, spread] = await Promise.all([
      wrongPasswords('127.0.1.1', 'nobody-alone@chairside.test', [origins[0]!]),
      wrongPasswords('127.0.1.2', 'nobody-spread@chairside.test', origins),
    ]);
    expect(spread).toEqual(alone);
    const { failures } = ATTEMPT_RULES.signInAccount;
    expect(spread.slice(0, failures - 1)).toEqual(Array(failures - 1).fill(`200 ${INCORRECT}`));
    expect(spread[failures - 1]).toMatch(/^429 Too many attempts/);
    expect(new Set(spread.slice(failures - 1)).size).toBe(1);
    expect(await failuresOf(accountKey('nobody-spread@chairside.test'))).toBe(tries);
    expect(await failuresOf(addressKey('127.0.1.2'))).toBe(tries);
  }, 60_000);

  it('count guessed payment links the same way', async () => {
    const { failures } = ATTEMPT_RULES.publicLinkAddress;
    const guess = (address: string, origin: string, i: number) =>
      requestFrom(
        address,
        `${origin}/api/public/paymentRequest?token=guessed-token-${String(i).padStart(20, '0')}`,
      ).then((r) => r.status);
    const alone: number[] = [];
    const spread: number[] = [];
    for (let i = 1; i <= failures + 5; i++) {
      alone.push(await guess('127.0.1.3', origins[0]!, i));
      spread.push(await guess('127.0.1.4', origins[i % origins.length]!, i));
    }
    expect(spread).toEqual(alone);
    expect(spread).toEqual([...Array(failures).fill(404), ...Array(5).fill(429)]);
    expect(await failuresOf(linkAddressKey('127.0.1.4'))).toBe(failures + 5);
  }, 60_000);
});

describe('a card entered through one instance’s provider frame', () => {
  it('is saved through another instance, and only once', async () => {
    const { access_token: token } = await signIn(origins[0]!, 'frontdesk@chairside.test');
    // What the frame served by instance 1's provider does when the card is submitted.
    const provider = new URL(instances[0]!.ctx.cardProviderScriptUrl).origin;
    const res = await fetch(`${provider}/v1/nonces`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: provider },
      body: JSON.stringify({
        businessId: 'biz_brightsmiles',
        applicationId: 'app',
        cardNumber: CARDS.visa.replace(/\D/g, ''),
        expMonth: 12,
        expYear: instances[0]!.ctx.clock.now().getFullYear() + 3,
        cvc: '123',
        zip: '78704',
      }),
    });
    expect(res.status).toBe(200);
    const { nonce } = (await res.json()) as { nonce: string };
    const customerId = await aCustomer();
    // The next request goes to instance 2, whose own provider tokenizes the nonce.
    const saved = await call<SavedCard>(origins[1]!, 'POST', '/api/customerSavedCard/tokenize', token, {
      nonce,
      customerId,
      isDefault: false,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.isSuccess, JSON.stringify(saved.body.errors)).toBe(true);
    // The same nonce through instance 3: already used, as its card entry in the database says.
    const again = await call<SavedCard>(origins[2]!, 'POST', '/api/customerSavedCard/tokenize', token, {
      nonce,
      customerId,
      isDefault: false,
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      isSuccess: false,
      errors: [`body.nonce: ${CARD_ENTRY_REFUSALS.used}`],
    });
  }, 60_000);
});
