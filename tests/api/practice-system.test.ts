/**
 * The practice system's connector over HTTP and in the database: an approved payment is queued by the
 * one transaction writer and posted a few seconds later with its pay splits (status 2, announced
 * live); the sandbox's failNextPosting makes a posting fail (status 1) until Retry; two instances on
 * one database post each item once, and a posting claimed by an instance that stopped is posted at
 * once by another; roles.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TransactionProcessed } from '../../embed-sdk/contract/realtime.js';
import type { Transaction } from '../../embed-sdk/contract/transaction.js';
import { paySplits, practicePayments, practicePostings, transactions } from '../../server/db/schema/index.js';
import type { AppContext } from '../../server/context.js';
import { LEASE_MS, runDuePostings } from '../../server/practice-system/connector.js';
import { claimDuePostings } from '../../server/practice-system/queueStore.js';
import { POSTING_DELAY_MS } from '../../server/practice-system/queue.js';
import { CARDS, createRequest, hubListener, newCustomer, payWithCard } from '../support/payments.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let frontdesk: string;
let admin: string;
let viewer: string;

beforeAll(async () => {
  server = await startTestServer();
  [frontdesk, admin, viewer] = await Promise.all([
    server.tokenFor('frontdesk'),
    server.tokenFor('admin'),
    server.tokenWithTerms('viewer'),
  ]);
});
afterAll(() => server?.close());
// Each test counts its own postings: what an earlier one left due is posted first.
beforeEach(async () => {
  await runDuePostings(server.ctx, { now: later(60_000) });
});

/** A new patient of Bright Smiles who paid `amount` on the payment page with a Visa (3 % surcharge). */
async function paidByCard(amount: number) {
  const customer = await newCustomer(server, frontdesk);
  const { linkToken } = await createRequest(server, frontdesk, customer, amount);
  const paid = await payWithCard(server, linkToken, CARDS.visa);
  expect(paid.body.isSuccess, JSON.stringify(paid.body)).toBe(true);
  const [t] = await server.ctx.db
    .select()
    .from(transactions)
    .where(eq(transactions.referenceId, paid.body.value!.referenceId));
  return { customer, t: t! };
}

async function listed(customerId: number) {
  const { body } = await server.call<Transaction[]>('POST', '/api/transaction/transactions', {
    token: frontdesk,
    body: { customerId },
  });
  return body.value![0]!;
}

const later = (ms: number) => new Date(server.ctx.clock.now().getTime() + ms);

/**
 * Two server instances in this process, alive to each other as their heartbeats make them on
 * PostgreSQL (server/instances.ts); any other boot id is one that stopped.
 */
const FLEET = ['instance-a', 'instance-b'];
function asInstance(ctx: AppContext, bootId: string): AppContext {
  return {
    ...ctx,
    instance: {
      bootId,
      isAlive: async (id) => id !== null && FLEET.includes(id),
      stop: async () => undefined,
    },
  };
}

describe('the connector', () => {
  it('posts an approved payment a few seconds after it, with its splits, and says so live', async () => {
    const hub = await hubListener(server, frontdesk, ['TransactionProcessed']);
    const { customer, t } = await paidByCard(10_000);
    expect(t).toMatchObject({ status: 'APPROVED', amount: 10_300, practiceManagementStatus: 0 });
    expect((await listed(customer.id)).practiceManagementStatus).toBe(0);

    // Not yet: the connector waits POSTING_DELAY_MS.
    await runDuePostings(server.ctx, { now: later(POSTING_DELAY_MS - 1_500) });
    expect((await listed(customer.id)).practiceManagementStatus).toBe(0);

    await runDuePostings(server.ctx, { now: later(POSTING_DELAY_MS + 1_000) });
    expect((await listed(customer.id)).practiceManagementStatus).toBe(2);
    const event = (await hub.waitFor(
      'TransactionProcessed',
      (e: TransactionProcessed) => e.transactionId === t.id && e.practiceManagementStatus === 2,
    )) as TransactionProcessed;
    expect(event).toMatchObject({ referenceId: t.referenceId, refundVoidReferenceId: null });
    await hub.stop();

    const [payment] = await server.ctx.db
      .select()
      .from(practicePayments)
      .where(eq(practicePayments.transactionId, t.id));
    expect(payment).toMatchObject({ patNum: customer.key, payAmt: 10_300, companyId: 1 });
    const splits = await server.ctx.db
      .select({ amount: paySplits.amount, descript: paySplits.descript, patNum: paySplits.patNum })
      .from(paySplits)
      .where(eq(paySplits.paymentId, payment!.id));
    expect(splits).toEqual([
      { amount: 300, descript: 'Surcharge', patNum: customer.key },
      { amount: 10_000, descript: 'Unallocated', patNum: customer.key },
    ]);

    // Run again: nothing is posted twice.
    expect(await runDuePostings(server.ctx, { now: later(60_000) })).toEqual({ posted: 0, failed: 0 });
  });

  it('fails the next posting when the sandbox is told to, and Retry posts it', async () => {
    const refused = await server.call('POST', '/sandbox/practiceSystem/failNextPosting', { token: viewer });
    expect(refused.status).toBe(403);
    const armed = await server.call('POST', '/sandbox/practiceSystem/failNextPosting', { token: frontdesk });
    expect(armed.body).toMatchObject({ isSuccess: true, value: { armed: true } });

    const hub = await hubListener(server, frontdesk, ['TransactionProcessed']);
    const { customer, t } = await paidByCard(5_000);
    const first = await runDuePostings(server.ctx, { now: later(POSTING_DELAY_MS + 1_000) });
    expect(first).toEqual({ posted: 0, failed: 1 });
    expect((await listed(customer.id)).practiceManagementStatus).toBe(1);
    await hub.waitFor(
      'TransactionProcessed',
      (e: TransactionProcessed) => e.transactionId === t.id && e.practiceManagementStatus === 1,
    );
    const [failed] = await server.ctx.db
      .select()
      .from(practicePostings)
      .where(eq(practicePostings.transactionId, t.id));
    expect(failed).toMatchObject({
      state: 'FAILED',
      error: 'The practice management system refused the posting (the sandbox was told to fail it).',
    });

    const byViewer = await server.call('POST', '/api/transaction/retryPosting', {
      token: viewer,
      body: { id: t.id },
    });
    expect(byViewer.status).toBe(403);
    const retried = await server.call('POST', '/api/transaction/retryPosting', {
      token: frontdesk,
      body: { id: t.id },
    });
    expect(retried.body).toMatchObject({ isSuccess: true, value: { practiceManagementStatus: 0 } });
    // The switch was used up by the failed posting: the retry posts.
    expect(await runDuePostings(server.ctx, { now: later(1_000) })).toEqual({ posted: 1, failed: 0 });
    expect((await listed(customer.id)).practiceManagementStatus).toBe(2);
    await hub.stop();

    const again = await server.call('POST', '/api/transaction/retryPosting', {
      token: frontdesk,
      body: { id: t.id },
    });
    expect(again.body).toMatchObject({
      isSuccess: false,
      errors: ['Only a payment whose posting to the practice management system failed can be retried.'],
    });
  });

  it("answers another practice's transaction as if it did not exist", async () => {
    const { t } = await paidByCard(2_000);
    const missing = await server.call('POST', '/api/transaction/retryPosting', {
      token: admin,
      body: { id: 2_147_483_000 },
    });
    // The administrator at Cedar Family: Bright Smiles' payment is not there.
    await server.call('POST', '/api/auth/login-company', { token: admin, body: { companyId: 2 } });
    try {
      const foreign = await server.call('POST', '/api/transaction/retryPosting', {
        token: admin,
        body: { id: t.id },
      });
      expect(foreign.status).toBe(404);
      expect(foreign.body.errors).toEqual(missing.body.errors);
    } finally {
      await server.call('POST', '/api/auth/login-company', { token: admin, body: { companyId: 1 } });
    }
  });

  it('posts each payment once when two workers run at the same time on one database', async () => {
    const paid = await Promise.all(Array.from({ length: 6 }, () => paidByCard(1_000)));
    const ids = paid.map((p) => p.t.id);
    const published: unknown[] = [];
    const realtime = server.ctx.realtime;
    const counting = {
      ...server.ctx,
      realtime: {
        ...realtime,
        publish: (companyId: number, target: string, args: unknown[]) => {
          published.push(args[0]);
          realtime.publish(companyId, target, args);
        },
      },
    };
    const now = later(POSTING_DELAY_MS + 1_000);
    const [a, b] = await Promise.all([
      runDuePostings(asInstance(counting, 'instance-a'), { now }),
      runDuePostings(asInstance(counting, 'instance-b'), { now }),
    ]);
    expect(a.posted + b.posted).toBe(6);
    expect(published).toHaveLength(6);
    const postings = await server.ctx.db
      .select()
      .from(practicePostings)
      .where(inArray(practicePostings.transactionId, ids));
    expect(postings.map((p) => [p.state, p.attempts])).toEqual(ids.map(() => ['POSTED', 1]));
  });
});

describe('a posting claimed by an instance', () => {
  /** Claims what is due as `worker` does, and posts none of it, as an instance killed just then. */
  async function claimedAndStopped(worker: string, now: Date) {
    return claimDuePostings(server.ctx.db, {
      worker,
      now,
      leaseUntil: new Date(now.getTime() + LEASE_MS),
      limit: 20,
      deadClaimants: [],
    });
  }

  async function postingsOf(transactionId: number) {
    const rows = await server.ctx.db
      .select()
      .from(practicePostings)
      .where(eq(practicePostings.transactionId, transactionId));
    return rows.map((p) => [p.state, p.attempts, p.claimedBy]);
  }

  it('that stopped is posted at once by another instance, once', async () => {
    const { t } = await paidByCard(1_500);
    const now = later(POSTING_DELAY_MS + 1_000);
    const claimed = await claimedAndStopped('an-instance-that-was-killed', now);
    expect(claimed.map((p) => p.transactionId)).toEqual([t.id]);

    const a = asInstance(server.ctx, 'instance-a');
    // Within the dead claimant's lease: taken over, not waited out.
    expect(await runDuePostings(a, { now })).toEqual({ posted: 1, failed: 0 });
    expect(await runDuePostings(a, { now: later(LEASE_MS * 2) })).toEqual({ posted: 0, failed: 0 });
    expect(await postingsOf(t.id)).toEqual([['POSTED', 2, 'instance-a']]);
    const payments = await server.ctx.db
      .select()
      .from(practicePayments)
      .where(eq(practicePayments.transactionId, t.id));
    expect(payments).toHaveLength(1);
  });

  it('that is alive keeps it for its lease', async () => {
    const { t } = await paidByCard(1_500);
    const now = later(POSTING_DELAY_MS + 1_000);
    expect((await claimedAndStopped('instance-b', now)).map((p) => p.transactionId)).toEqual([t.id]);

    const a = asInstance(server.ctx, 'instance-a');
    expect(await runDuePostings(a, { now })).toEqual({ posted: 0, failed: 0 });
    expect(await postingsOf(t.id)).toEqual([['PENDING', 1, 'instance-b']]);
    // Its lease run out (a paused instance), another takes it.
    expect(await runDuePostings(a, { now: new Date(now.getTime() + LEASE_MS + 1_000) })).toEqual({
      posted: 1,
      failed: 0,
    });
    expect(await postingsOf(t.id)).toEqual([['POSTED', 2, 'instance-a']]);
  });
});
