/**
 * The billing run over HTTP: the sandbox clock moves forward and the due cycles of card plans are
 * charged (surcharge included), declines leave a past due and a bell notification, processDeclines
 * retries them, a finished schedule completes the plan, cash cycles not paid by their day are missed,
 * a run twice bills once, and a charge interrupted between the provider and the database is replayed,
 * never repeated.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyNotification } from '../../embed-sdk/contract/notification.js';
import type { PaymentPlan } from '../../embed-sdk/contract/paymentPlan.js';
import type { TransactionProcessed } from '../../embed-sdk/contract/realtime.js';
import { runDueJobs } from '../../server/jobs/index.js';
import {
  companyNotifications,
  paymentPlans,
  savedCards,
  transactions,
} from '../../server/db/schema/index.js';
import { addMonths } from '../../server/domain/calendarDates.js';
import {
  BRIGHT_SMILES,
  CARDS,
  hubListener,
  idempotencyKey,
  newCustomer,
  outbox,
} from '../support/payments.js';
import {
  advance,
  expectTotalsHold,
  getPlan,
  newPlan,
  post,
  providerSales,
  storedCard,
  tomorrow,
} from '../support/plans.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let frontdesk: string;

beforeAll(async () => {
  server = await startTestServer();
  frontdesk = await server.tokenFor('frontdesk');
});
afterAll(() => server?.close());

async function cardPlan(card: string, terms: { total: number; cycleCount: number; downPayment?: number }) {
  const customer = await newCustomer(server, frontdesk);
  const saved = await storedCard(server, frontdesk, customer.id, card);
  const plan = await newPlan(server, frontdesk, {
    customerId: customer.id,
    firstBillingDate: tomorrow(server),
    customerSavedCardId: saved.id,
    ...terms,
  });
  return { customer, card: saved, plan };
}

async function planTransactions(planId: number) {
  return server.ctx.db.select().from(transactions).where(eq(transactions.paymentPlanId, planId));
}

async function notificationsOf(planId: number) {
  const [row] = await server.ctx.db
    .select({ n: count() })
    .from(companyNotifications)
    .where(
      and(
        eq(companyNotifications.paymentPlanId, planId),
        eq(companyNotifications.type, 'PAYMENTPLAN_PASTDUE'),
      ),
    );
  return row!.n;
}

async function bell(planId: number) {
  const { body } = await server.call<{ notifications: CompanyNotification[] }>(
    'GET',
    '/api/companyNotification/getLatestNotifications',
    { token: frontdesk },
  );
  return body.value!.notifications.filter((n) => n.paymentPlanId === planId);
}

function processDeclines(planId: number) {
  return server.call<{ results: { isApproved: boolean; paymentPlanDetailId: number }[]; plan: PaymentPlan }>(
    'POST',
    `/api/paymentPlan/processDeclines?paymentPlanId=${planId}`,
    { token: frontdesk, headers: idempotencyKey() },
  );
}

/** Moves the clock to the next time it is `hour`:00 (local), a day or less ahead. */
/**
 * To `hour` o'clock (and 30 seconds) of the next calendar day, whatever the time now: "the next
 * morning" of something that happened today, even when it happened after this morning's hour.
 */
async function advanceToTomorrowAt(hour: number) {
  const now = server.ctx.clock.now();
  const at = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, hour, 0, 30);
  await advance(server, { minutes: Math.ceil((at.getTime() - now.getTime()) / 60_000) });
}

describe('a declined cycle', () => {
  it('leaves a past due and a bell notification; processDeclines with an approving card clears it', async () => {
    const hub = await hubListener(server, frontdesk, ['TransactionProcessed']);
    const { customer, plan } = await cardPlan(CARDS.declined, { total: 30_000, cycleCount: 3 });
    expect(plan.ledgerDtos).toEqual([]);

    await advance(server, { days: 1 });
    const declined = await getPlan(server, frontdesk, plan.id);
    expect(declined).toMatchObject({
      status: 'ACTIVE',
      statusLabel: 'Active',
      currentCycle: 1,
      balancePastDue: 10_000,
      balanceDue: 30_000,
      paidToDate: 0,
    });
    expect(declined.paymentPlanDetails[0]).toMatchObject({
      processedToLedger: true,
      disposition: 'DECLINED',
    });
    expect(declined.ledgerDtos).toEqual([
      expect.objectContaining({
        description: 'Cycle 1 of 3',
        status: 'DECLINED',
        reason: 'Card declined',
        amount: 10_300,
        surcharge: 300,
        actions: { refundCashCheck: false, refundOrVoid: false, moveToEnd: true, remove: true },
      }),
    ]);
    const [t] = await planTransactions(plan.id);
    expect(t).toMatchObject({ source: 'PAYMENTPLAN', status: 'DECLINED', amount: 10_300 });
    const event = (await hub.waitFor(
      'TransactionProcessed',
      (e: TransactionProcessed) => e.paymentPlanId === plan.id,
    )) as TransactionProcessed;
    expect(event).toMatchObject({
      status: 'DECLINED',
      source: 'PAYMENTPLAN',
      amount: 10_300,
      customerId: customer.id,
    });
    await hub.stop();
    // The bell: plan ID, past-due amount, date and time.
    expect(await bell(plan.id)).toEqual([
      expect.objectContaining({
        type: 'PAYMENTPLAN_PASTDUE',
        paymentPlanId: plan.id,
        amountDue: 10_000,
        firstName: customer.firstName,
        lastName: customer.lastName,
      }),
    ]);
    expect(
      (
        await post(server, frontdesk, '/api/paymentPlan/list', {
          status: 'PAST_DUE',
          search: customer.lastName,
        })
      ).value,
    ).toMatchObject({ totalCount: 1 });

    // The same card declines again: nothing changes but the attempt.
    const again = await processDeclines(plan.id);
    expect(again.body).toEqual({
      isSuccess: false,
      value: null,
      errors: ['There was an error processing your declines.'],
      showMessage: true,
    });
    expect(await planTransactions(plan.id)).toHaveLength(2);
    expect((await getPlan(server, frontdesk, plan.id)).balancePastDue).toBe(10_000);

    // Send Reminder: the patient gets a link to store a new card.
    const reminder = await post<{ sentBy: string[] }>(
      server,
      frontdesk,
      '/api/paymentPlan/sendDeclineReminder',
      {
        paymentPlanId: plan.id,
      },
    );
    expect(reminder.value!.sentBy).toEqual(['TEXT', 'EMAIL']);
    const sent = (await outbox(server)).filter((m) => m.recipient === customer.email);
    expect(sent[0]!.body).toContain(
      'A payment of $100.00 on your payment plan with Bright Smiles Dental was declined',
    );
    expect(sent[0]!.link).toMatch(/\/card\//);

    const visa = await storedCard(server, frontdesk, customer.id, CARDS.visa);
    const attached = await post(server, frontdesk, '/api/paymentPlan/setCustomerSavedCard', {
      paymentPlanId: plan.id,
      customerSavedCardId: visa.id,
    });
    expect(attached.value!.card).toMatchObject({ id: visa.id, description: '•••• 1111' });
    const retried = await processDeclines(plan.id);
    expect(retried.body.isSuccess).toBe(true);
    expect(retried.body.value!.results).toEqual([
      expect.objectContaining({
        isApproved: true,
        orderAmount: 10_000,
        surchargeAmount: 300,
        paymentPlanDetailId: plan.paymentPlanDetails[0]!.id,
      }),
    ]);
    const cleared = retried.body.value!.plan;
    expect(cleared).toMatchObject({
      balancePastDue: 0,
      balanceDue: 20_000,
      paidToDate: 10_000,
      paidToDateSurcharge: 300,
    });
    expect(cleared.paymentPlanDetails[0]).toMatchObject({ disposition: 'APPROVED' });
    // The old declined items are history now: no more move or remove.
    expect(cleared.ledgerDtos.filter((l) => l.status === 'DECLINED').every((l) => !l.actions.moveToEnd)).toBe(
      true,
    );
    expectTotalsHold(cleared);
    // Nothing left to retry.
    expect((await processDeclines(plan.id)).body).toMatchObject({ isSuccess: true, value: { results: [] } });
  });
});

describe('billing on schedule', () => {
  it('charges each cycle on its date with the surcharge, once, and completes the plan', async () => {
    const { plan } = await cardPlan(CARDS.visa, { total: 30_001, cycleCount: 3 });
    const [first, second, third] = plan.paymentPlanDetails;
    expect(third!.billingDate).toBe(addMonths(first!.billingDate, 2));

    await advance(server, { days: 1 });
    let now = await getPlan(server, frontdesk, plan.id);
    expect(now).toMatchObject({
      currentCycle: 1,
      statusLabel: 'Active',
      nextBillingDate: second!.billingDate,
    });

    // Running again the same day bills nothing twice.
    await runDueJobs(server.ctx);
    await advance(server, { minutes: 1 });
    expect(await planTransactions(plan.id)).toHaveLength(1);

    await advance(server, { days: 31 });
    now = await getPlan(server, frontdesk, plan.id);
    expect(now).toMatchObject({ currentCycle: 2, nextBillingDate: third!.billingDate });
    await advance(server, { days: 31 });
    now = await getPlan(server, frontdesk, plan.id);
    expect(now).toMatchObject({
      status: 'COMPLETE',
      statusLabel: 'Completed',
      currentCycle: 3,
      progressPercent: 100,
      balanceDue: 0,
      nextBillingDate: null,
      upcomingPayment: 0,
      paidToDate: 30_001,
      paidToDateSurcharge: 300 + 300 + 300,
    });
    expect(now.completedDate).not.toBeNull();
    expect(now.ledgerDtos.map((l) => [l.description, l.orderAmount, l.surcharge, l.status])).toEqual([
      ['Cycle 1 of 3', 10_000, 300, 'APPROVED'],
      ['Cycle 2 of 3', 10_000, 300, 'APPROVED'],
      ['Cycle 3 of 3', 10_001, 300, 'APPROVED'],
    ]);
    const charged = await planTransactions(plan.id);
    expect(charged).toHaveLength(3);
    for (const t of charged) expect(await providerSales(server, t.referenceId)).toHaveLength(1);
    expectTotalsHold(now);
    // A completed plan is billed no more.
    await advance(server, { days: 40 });
    expect(await planTransactions(plan.id)).toHaveLength(3);
  });

  it('misses the cycles of a cash plan not paid by the end of their day, and repeats the past due each morning unless paused', async () => {
    const customer = await newCustomer(server, frontdesk);
    const first = tomorrow(server);
    const plan = await newPlan(server, frontdesk, {
      customerId: customer.id,
      total: 20_000,
      cycleCount: 2,
      frequency: 'WEEKLY',
      firstBillingDate: first,
      isCash: true,
    });
    const other = await newPlan(server, frontdesk, {
      customerId: customer.id,
      total: 20_000,
      cycleCount: 2,
      frequency: 'WEEKLY',
      firstBillingDate: first,
      isCash: true,
    });
    await post(server, frontdesk, '/api/paymentplan/set-past-due-notification-status', {
      paymentPlanId: other.id,
      isNotifyingForPastDuePayments: false,
    });
    // On its day the cycle can still be paid at the desk.
    await advance(server, { days: 1 });
    expect((await getPlan(server, frontdesk, plan.id)).balancePastDue).toBe(0);
    await advance(server, { days: 1 });
    const missed = await getPlan(server, frontdesk, plan.id);
    expect(missed).toMatchObject({ balancePastDue: 10_000, currentCycle: 1 });
    expect(missed.ledgerDtos).toEqual([
      expect.objectContaining({
        fundingSource: 'CASH',
        status: 'DECLINED',
        reason: 'Payment not received by the billing date.',
      }),
    ]);
    expect(await notificationsOf(plan.id)).toBe(1);
    expect(await notificationsOf(other.id)).toBe(1);

    // The next morning the bell repeats the past due of the plan that notifies, once. (Not the same
    // morning: when the cycle was missed after 07:00, today's repeat is that notice itself.)
    await advanceToTomorrowAt(8);
    expect(await notificationsOf(plan.id)).toBe(2);
    expect(await notificationsOf(other.id)).toBe(1);
    await advance(server, { minutes: 5 });
    expect(await notificationsOf(plan.id)).toBe(2);
  });
});

describe('a charge interrupted between the card provider and the database', () => {
  it('is replayed with its key and recorded once: the card is never charged twice', async () => {
    const { plan, card } = await cardPlan(CARDS.visa, { total: 20_000, cycleCount: 2 });
    const row = plan.paymentPlanDetails[0]!;
    const key = `plan-detail:${row.id}:1`;
    const claim = (startedMsAgo: number) => ({
      key,
      startedAt: new Date(Date.now() - startedMsAgo).toISOString(),
      kind: 'DETAIL' as const,
      mode: 'BILLING' as const,
      detailId: row.id,
      savedCardId: card.id,
      orderAmount: 10_000,
      surchargeAmount: 300,
      note: null,
    });
    // The server claimed the charge and the provider charged the card; then the server stopped.
    await server.ctx.db
      .update(paymentPlans)
      .set({ pendingCharge: claim(0) })
      .where(eq(paymentPlans.id, plan.id));
    const [stored] = await server.ctx.db.select().from(savedCards).where(eq(savedCards.id, card.id));
    const sale = await server.ctx.cards.charge({
      businessId: BRIGHT_SMILES.businessId,
      token: stored!.providerToken,
      amount: 10_300,
      idempotencyKey: key,
    });
    expect(sale.approved).toBe(true);

    // While the charge is under way the plan waits for it.
    const held = await getPlan(server, frontdesk, plan.id);
    expect(held.chargeInProgress).toBe(true);
    const refused = await server.call('POST', '/api/PaymentPlan/processBalance', {
      token: frontdesk,
      headers: idempotencyKey(),
      body: { paymentPlanId: plan.id, paymentType: 'CASH', amount: 100 },
    });
    expect(refused.body.errors).toEqual([
      'A payment for this plan is being processed. Please try again in a moment.',
    ]);
    const edit = await server.call('POST', '/api/paymentPlan/moveDetail', {
      token: frontdesk,
      body: { id: row.id, action: 'LAST' },
    });
    expect(edit.body.errors).toEqual([
      'A payment for this plan is being processed. Please try again in a moment.',
    ]);

    // Once its lease runs out, the billing run replays it (and its day has come).
    await server.ctx.db
      .update(paymentPlans)
      .set({ pendingCharge: claim(10 * 60_000) })
      .where(eq(paymentPlans.id, plan.id));
    await advance(server, { days: 1 });
    const after = await getPlan(server, frontdesk, plan.id);
    expect(after.chargeInProgress).toBe(false);
    expect(after.paymentPlanDetails[0]).toMatchObject({
      disposition: 'APPROVED',
      referenceId: sale.referenceId,
    });
    expect(await planTransactions(plan.id)).toHaveLength(1);
    expect(await providerSales(server, sale.referenceId)).toHaveLength(1);
    expectTotalsHold(after);
  });
});
