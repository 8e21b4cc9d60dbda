/**
 * The anomaly checks (issue 35): each of the four rules finds its record once, however often the
 * checks run; what no longer holds is resolved by the check, a double charge only by a person with a
 * note, audited; administrators only.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Anomaly, AnomalyKind } from '../../embed-sdk/contract/anomalies.js';
import {
  auditLog,
  customerMembershipBillingLines,
  customerMembershipBillings,
  paymentPlans,
  transactions,
} from '../../server/db/schema/index.js';
import { runDuePostings } from '../../server/practice-system/connector.js';
import { CARDS, createRequest, newCustomer, payWithCard } from '../support/payments.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let admin: string;
let frontdesk: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, frontdesk] = await Promise.all([server.tokenFor('admin'), server.tokenFor('frontdesk')]);
});
afterAll(() => server?.close());

async function ok<T>(method: 'GET' | 'POST', path: string, body?: unknown, token = admin) {
  const res = await server.call<T>(method, path, { token, body });
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.value!;
}

type Listing = { anomalies: Anomaly[]; totalCount: number; openCounts: Record<AnomalyKind, number> };
const check = () => ok<{ found: number; cleared: number }>('POST', '/api/admin/anomalies/check');
const open = (kind: AnomalyKind) => ok<Listing>('GET', `/api/admin/anomalies?kind=${kind}`);
const resolved = (kind: AnomalyKind) =>
  ok<Listing>('GET', `/api/admin/anomalies?kind=${kind}&state=RESOLVED`);

/** A payment of Bright Smiles on its payment page with the card; its transaction. */
async function payment(amount: number, card: string = CARDS.visa) {
  const customer = await newCustomer(server, frontdesk);
  const { linkToken } = await createRequest(server, frontdesk, customer, amount);
  const paid = await payWithCard(server, linkToken, card);
  expect(paid.body.isSuccess, JSON.stringify(paid.body)).toBe(true);
  const [t] = await server.ctx.db
    .select()
    .from(transactions)
    .where(eq(transactions.referenceId, paid.body.value!.referenceId));
  return t!;
}

/** The open anomaly of the rule about the record, looked for on every page. */
async function openFor(kind: AnomalyKind, recordId: number): Promise<Anomaly | undefined> {
  for (let page = 1; ; page++) {
    const listing = await ok<Listing>('GET', `/api/admin/anomalies?kind=${kind}&page=${page}`);
    const found = listing.anomalies.find((a) => a.recordId === recordId);
    if (found || listing.anomalies.length === 0) return found;
  }
}

const later = (ms: number) => new Date(server.ctx.clock.now().getTime() + ms);

describe('anomaly checks', () => {
  it('find the same card charged the same amount twice within 2 minutes, once, until a person resolves it', async () => {
    const first = await payment(7_777, CARDS.mastercard);
    const second = await payment(7_777, CARDS.mastercard);
    // Another amount on the same card is no double charge.
    await payment(7_778, CARDS.mastercard);
    expect((await check()).found).toBeGreaterThanOrEqual(1);
    await check();
    const found = (await open('DOUBLE_CHARGE')).anomalies.filter((a) => a.recordId === second.id);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      companyName: 'Bright Smiles Dental',
      recordType: 'transaction',
      recordLabel: `Transaction ${second.referenceId.split('-')[0]}`,
      summary: expect.stringContaining(`by ${first.referenceId.split('-')[0]} and again by`),
    });
    expect((await open('DOUBLE_CHARGE')).anomalies.some((a) => a.recordId === first.id)).toBe(false);

    const noNote = await server.call('POST', '/api/admin/anomaly/resolve', {
      token: admin,
      body: { id: found[0]!.id, note: '  ' },
    });
    expect(noNote.status).toBe(400);
    expect(JSON.stringify(noNote.body)).toContain('Say what was done');

    const done = await ok<Anomaly>('POST', '/api/admin/anomaly/resolve', {
      id: found[0]!.id,
      note: 'Refunded the second charge; the patient was called.',
    });
    expect(done).toMatchObject({
      resolvedBy: expect.stringContaining('@'),
      note: expect.stringContaining('Refunded'),
    });
    const again = await server.call('POST', '/api/admin/anomaly/resolve', {
      token: admin,
      body: { id: found[0]!.id, note: 'twice' },
    });
    expect(again.status).toBe(400);
    const [entry] = await server.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'anomaly.resolve'), eq(auditLog.targetId, String(found[0]!.id))));
    expect(entry!.after).toMatchObject({ note: 'Refunded the second charge; the patient was called.' });
    // Resolved, it is not found again.
    await check();
    expect((await open('DOUBLE_CHARGE')).anomalies.some((a) => a.recordId === second.id)).toBe(false);
  });

  it('find a payment not posted 15 minutes after it was queued, and clear it once it posts', async () => {
    await ok('POST', '/sandbox/practiceSystem/connector', { companyId: 1, mode: 'FAILING' });
    const t = await payment(3_210);
    await runDuePostings(server.ctx, { now: later(60_000) });
    await check();
    // Not yet 15 minutes.
    expect((await open('UNPOSTED_PAYMENT')).anomalies.some((a) => a.recordId === t.id)).toBe(false);
    await ok('POST', '/sandbox/clock/advance', { minutes: 16 });
    await check();
    const [found] = (await open('UNPOSTED_PAYMENT')).anomalies.filter((a) => a.recordId === t.id);
    expect(found).toMatchObject({ summary: expect.stringContaining('not posted') });

    await ok('POST', '/sandbox/practiceSystem/connector', { companyId: 1, mode: 'RUNNING' });
    await ok('POST', '/api/transaction/retryPosting', { id: t.id }, frontdesk);
    await runDuePostings(server.ctx, { now: later(60_000) });
    expect((await check()).cleared).toBeGreaterThanOrEqual(1);
    const [cleared] = (await resolved('UNPOSTED_PAYMENT')).anomalies.filter((a) => a.recordId === t.id);
    expect(cleared).toMatchObject({ resolvedBy: null, note: expect.stringContaining('No longer holds') });
  });

  it('find a plan past due with notifications paused over 30 days, and a membership billing a retired plan', async () => {
    const failedBilling = await ok<{ items: { itemType: string; id: number; companyId: number }[] }>(
      'GET',
      '/api/admin/queue/items?queue=BILLING&state=FAILED',
    );
    const plan = failedBilling.items.find((i) => i.itemType === 'PAYMENT_PLAN' && i.companyId === 1)!;
    expect(plan).toBeDefined();
    await ok('POST', '/api/paymentplan/set-past-due-notification-status', {
      paymentPlanId: plan.id,
      isNotifyingForPastDuePayments: false,
    });
    const [paused] = await server.ctx.db.select().from(paymentPlans).where(eq(paymentPlans.id, plan.id));
    expect(paused!.notificationsPausedAt).not.toBeNull();
    await check();
    expect((await open('PAUSED_PAST_DUE')).anomalies.some((a) => a.recordId === plan.id)).toBe(false);
    // Paused 31 days ago.
    await server.ctx.db
      .update(paymentPlans)
      .set({ notificationsPausedAt: later(-31 * 24 * 60 * 60_000) })
      .where(eq(paymentPlans.id, plan.id));
    await check();
    expect((await open('PAUSED_PAST_DUE')).anomalies.some((a) => a.recordId === plan.id)).toBe(true);

    const [member] = await server.ctx.db
      .select({ id: customerMembershipBillings.id, planId: customerMembershipBillingLines.membershipPlanId })
      .from(customerMembershipBillings)
      .innerJoin(
        customerMembershipBillingLines,
        eq(customerMembershipBillingLines.customerMembershipBillingId, customerMembershipBillings.id),
      )
      .where(
        and(eq(customerMembershipBillings.companyId, 1), eq(customerMembershipBillings.status, 'ACTIVE')),
      );
    await ok('POST', '/api/membershipPlan/setActive', { id: member!.planId, isActive: false });
    await check();
    const retired = await open('RETIRED_PLAN_BILLING');
    // Every active member of the plan (more than a page of them, maybe) is found.
    const found = await openFor('RETIRED_PLAN_BILLING', member!.id);
    expect(found).toMatchObject({ recordType: 'membership', recordLabel: `Membership ${member!.id}` });
    expect(retired.openCounts.RETIRED_PLAN_BILLING).toBe(retired.totalCount);
    expect(retired.totalCount).toBeGreaterThanOrEqual(1);
    await ok('POST', '/api/membershipPlan/setActive', { id: member!.planId, isActive: true });
    await check();
    expect(await openFor('RETIRED_PLAN_BILLING', member!.id)).toBeUndefined();
  });

  it('answers only administrators', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/anomalies'],
      ['POST', '/api/admin/anomalies/check'],
    ] as const) {
      expect((await server.call(method, path, { token: frontdesk })).status, path).toBe(403);
    }
  });
});
