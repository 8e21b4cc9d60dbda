/**
 * The practice system's connector over HTTP and in the database: an approved payment is queued by the
 * one transaction writer and posted a few seconds later with its pay splits (status 2, announced
 * live); the sandbox's failNextPosting makes a posting fail (status 1) until Retry; two workers on
 * one database post each item once; roles.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TransactionProcessed } from '../../embed-sdk/contract/realtime.js';
import type { Transaction } from '../../embed-sdk/contract/transaction.js';
import { paySplits, practicePayments, practicePostings, transactions } from '../../server/db/schema/index.js';
import { runDuePostings } from '../../server/practice-system/connector.js';
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
      runDuePostings(counting, { now, worker: 'worker-a' }),
      runDuePostings(counting, { now, worker: 'worker-b' }),
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
