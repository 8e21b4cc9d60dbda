/**
 * Payment plans over HTTP: creation with its preview, the modal's plan, roles and practices, payments
 * of every type with and without surcharge, schedule edits and skips, ledger moves and removals,
 * refunds and voids (settled or not, 180 days, concurrent), idempotency.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentPlan } from '../../embed-sdk/contract/paymentPlan.js';
import {
  paymentPlanDetails,
  paymentPlans,
  providerCharges,
  refunds,
  transactions,
} from '../../server/db/schema/index.js';
import { billPlan } from '../../server/payment-plans/billing.js';
import { addDays, addMonths } from '../../server/domain/calendarDates.js';
import { CARDS, CEDAR_FAMILY, idempotencyKey, newCustomer } from '../support/payments.js';
import {
  advance,
  createPlan,
  expectTotalsHold,
  getPlan,
  newPlan,
  post,
  storedCard,
  tomorrow,
} from '../support/plans.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let frontdesk: string;
let viewer: string;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  frontdesk = await server.tokenFor('frontdesk');
  viewer = await server.tokenWithTerms('viewer');
  admin = await server.tokenFor('admin');
});
afterAll(() => server?.close());

type Outcome = {
  isApproved: boolean;
  reason: string | null;
  referenceId: string;
  orderAmount: number;
  surchargeAmount: number;
  total: number;
};

async function cardCustomer(card: string = CARDS.visa) {
  const customer = await newCustomer(server, frontdesk);
  const saved = await storedCard(server, frontdesk, customer.id, card);
  return { customer, card: saved };
}

function processBalance(token: string, body: Record<string, unknown>, key = idempotencyKey()) {
  return server.call<{ outcome: Outcome | null; plan: PaymentPlan }>(
    'POST',
    '/api/PaymentPlan/processBalance',
    {
      token,
      headers: key,
      body,
    },
  );
}

describe('a new plan', () => {
  it('saves exactly the schedule the preview showed, and charges the down payment with the surcharge', async () => {
    const { customer, card } = await cardCustomer();
    const terms = {
      customerId: customer.id,
      total: 100_000,
      downPayment: 10_000,
      cycleCount: 4,
      frequency: 'MONTHLY' as const,
      firstBillingDate: addDays(server.ctx.clock.today(), 20),
      customerSavedCardId: card.id,
    };
    const preview = await post<{
      rows: Record<string, unknown>[];
      hasSurcharge: boolean;
      surchargeRateBps: number;
    }>(server, frontdesk, '/api/paymentPlan/preview', terms);
    expect(preview.value!.hasSurcharge).toBe(true);
    expect(preview.value!.surchargeRateBps).toBe(300);
    expect(preview.value!.rows).toEqual([
      {
        cycle: 0,
        isDownPayment: true,
        billingDate: server.ctx.clock.today(),
        amountDue: 10_000,
        surcharge: 300,
        total: 10_300,
      },
      {
        cycle: 1,
        isDownPayment: false,
        billingDate: terms.firstBillingDate,
        amountDue: 22_500,
        surcharge: 675,
        total: 23_175,
      },
      {
        cycle: 2,
        isDownPayment: false,
        billingDate: addMonths(terms.firstBillingDate, 1),
        amountDue: 22_500,
        surcharge: 675,
        total: 23_175,
      },
      {
        cycle: 3,
        isDownPayment: false,
        billingDate: addMonths(terms.firstBillingDate, 2),
        amountDue: 22_500,
        surcharge: 675,
        total: 23_175,
      },
      {
        cycle: 4,
        isDownPayment: false,
        billingDate: addMonths(terms.firstBillingDate, 3),
        amountDue: 22_500,
        surcharge: 675,
        total: 23_175,
      },
    ]);

    const plan = await newPlan(server, frontdesk, { ...terms });
    expect(
      plan.paymentPlanDetails.map(({ cycle, isDownPayment, billingDate, amountDue, surcharge, total }) => ({
        cycle,
        isDownPayment,
        billingDate,
        amountDue,
        surcharge,
        total,
      })),
    ).toEqual(preview.value!.rows);
    expect(plan).toMatchObject({
      status: 'ACTIVE',
      statusLabel: 'Starting on next billing date',
      currentCycle: 0,
      cycleCount: 4,
      progressPercent: 0,
      paymentPlanTotal: 100_000,
      paidToDate: 10_000,
      paidToDateSurcharge: 300,
      balanceDue: 90_000,
      balancePastDue: 0,
      nextBillingDate: terms.firstBillingDate,
      upcomingPayment: 22_500,
      upcomingSurcharge: 675,
      isCash: false,
      customerSavedCardId: card.id,
      hasSurcharge: true,
      approvedMethod: 'VERBAL',
      firstName: customer.firstName,
      chargeInProgress: false,
    });
    expect(plan.template).toContain(
      'I agree to pay Bright Smiles Dental $1,000.00: a down payment of $100.00',
    );
    expect(plan.card).toMatchObject({ id: card.id, description: '•••• 1111', isActive: true });
    expect(plan.paymentPlanDetails[0]).toMatchObject({ processedToLedger: true, disposition: 'APPROVED' });
    expect(plan.ledgerDtos).toEqual([
      expect.objectContaining({
        description: 'Down Payment',
        kind: 'PAYMENT',
        fundingSource: 'CARD',
        cardType: 'VISA',
        amount: 10_300,
        orderAmount: 10_000,
        surcharge: 300,
        hasSurcharge: true,
        status: 'APPROVED',
        refundVoidType: null,
        isSettled: false,
        cantRefund: false,
        actions: { refundCashCheck: false, refundOrVoid: true, moveToEnd: false, remove: false },
      }),
    ]);
    const [t] = await server.ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.referenceId, plan.ledgerDtos[0]!.referenceId!));
    expect(t).toMatchObject({
      source: 'PAYMENTPLAN',
      paymentPlanId: plan.id,
      amount: 10_300,
      surchargeAmount: 300,
    });
    expectTotalsHold(plan);
    // The schedule table's menus: the next scheduled payment may be processed now; the last not skipped.
    expect(plan.paymentPlanDetails.map((d) => d.actions)).toEqual([
      { edit: false, processNow: false, skip: false },
      { edit: true, processNow: true, skip: true },
      { edit: true, processNow: false, skip: true },
      { edit: true, processNow: false, skip: true },
      { edit: true, processNow: false, skip: false },
    ]);
    expect(plan.paymentPlanDetails[1]).toMatchObject({
      minDate: tomorrow(server),
      maxDate: addMonths(terms.firstBillingDate, 1),
    });
  });

  it('makes a cash plan with no card and no charge; the down payment waits for the desk', async () => {
    const customer = await newCustomer(server, frontdesk);
    const plan = await newPlan(server, frontdesk, {
      customerId: customer.id,
      total: 30_001,
      downPayment: 1,
      cycleCount: 3,
      frequency: 'WEEKLY',
      firstBillingDate: tomorrow(server),
      isCash: true,
    });
    expect(plan.paymentPlanDetails.map((d) => [d.cycle, d.amountDue, d.processedToLedger])).toEqual([
      [0, 1, false],
      [1, 10_000, false],
      [2, 10_000, false],
      [3, 10_000, false],
    ]);
    expect(plan).toMatchObject({
      isCash: true,
      hasSurcharge: false,
      customerSavedCardId: null,
      ledgerDtos: [],
    });
    expect(plan.paymentPlanDetails[1]!.actions.processNow).toBe(false);
    expectTotalsHold(plan);
  });

  it('refuses bad terms with a 400 naming the field', async () => {
    const customer = await newCustomer(server, frontdesk);
    const base = {
      customerId: customer.id,
      total: 10_000,
      cycleCount: 2,
      firstBillingDate: tomorrow(server),
      isCash: true,
    };
    for (const [override, message] of [
      [{ downPayment: 10_000 }, 'body.downPayment: The down payment must be less than the total.'],
      [{ total: 0 }, 'body.total: Total needs to be greater than zero.'],
      [{ total: 100.5 }, 'body.total'],
      [{ cycleCount: 0 }, 'body.cycleCount'],
      [{ total: 3, cycleCount: 4 }, 'body.cycleCount: Each cycle needs at least 1 cent: use fewer cycles.'],
      [{ firstBillingDate: '2025-02-30' }, 'body.firstBillingDate'],
      [{ isCash: false }, 'body.customerSavedCardId: Add a Card'],
      [{ frequency: 'DAILY' }, 'body.frequency'],
    ] as const) {
      const { status, body } = await createPlan(server, frontdesk, { ...base, ...override } as never);
      expect(status, message).toBe(400);
      expect(body.errors.join(' ')).toContain(message);
    }
    const past = await createPlan(server, frontdesk, {
      ...base,
      firstBillingDate: addDays(server.ctx.clock.today(), -1),
    });
    expect(past.body).toMatchObject({ isSuccess: false, showMessage: true });
    expect(past.body.errors[0]).toMatch(/^The first billing date cannot be before today/);
  });

  it('is idempotent: the same request twice makes one plan and one charge', async () => {
    const { customer, card } = await cardCustomer();
    const key = idempotencyKey();
    const terms = {
      customerId: customer.id,
      total: 5_000,
      downPayment: 1_000,
      cycleCount: 2,
      firstBillingDate: tomorrow(server),
      customerSavedCardId: card.id,
    };
    const [a, b] = await Promise.all([
      createPlan(server, frontdesk, terms, key),
      createPlan(server, frontdesk, terms, key),
    ]);
    expect(a.body.value!.id).toBe(b.body.value!.id);
    const [plans] = await server.ctx.db
      .select({ n: count() })
      .from(paymentPlans)
      .where(eq(paymentPlans.customerId, customer.id));
    expect(plans!.n).toBe(1);
    const [charges] = await server.ctx.db
      .select({ n: count() })
      .from(transactions)
      .where(eq(transactions.paymentPlanId, a.body.value!.id));
    expect(charges!.n).toBe(1);
  });
});

describe('who may see and change plans', () => {
  async function cedarPlanId() {
    const [plan] = await server.ctx.db
      .select({ id: paymentPlans.id })
      .from(paymentPlans)
      .where(and(eq(paymentPlans.companyId, CEDAR_FAMILY.id), eq(paymentPlans.status, 'ACTIVE')))
      .limit(1);
    return plan!.id;
  }

  it('lets the viewer read the plans of their practice and refuses every change with the 403 envelope', async () => {
    const id = await cedarPlanId();
    const plan = await getPlan(server, viewer, id);
    expect(plan.id).toBe(id);
    const refused = {
      isSuccess: false,
      value: null,
      errors: ['This needs the EDITPAYMENTPLANS role.'],
      showMessage: true,
    };
    const detail = plan.paymentPlanDetails.find((d) => !d.processedToLedger)!;
    for (const [path, body] of [
      ['/api/paymentPlan/cancel', { paymentPlanId: id }],
      ['/api/PaymentPlan/setActive', { paymentPlanId: id, active: false }],
      [
        '/api/paymentPlan/updateDetail',
        { paymentPlanId: id, id: detail.id, billingDate: detail.billingDate, amountDue: 1 },
      ],
      ['/api/paymentPlan/moveDetail', { id: detail.id, action: 'NEXT' }],
      [
        '/api/paymentplan/set-past-due-notification-status',
        { paymentPlanId: id, isNotifyingForPastDuePayments: false },
      ],
      ['/api/paymentPlan/sendDeclineReminder', { paymentPlanId: id }],
      ['/api/paymentplan/switch-to-card', { paymentPlanId: id, customerSavedCardId: 1 }],
      ['/api/paymentplan/removeLedgerItem', { paymentLedgerId: 1 }],
      [
        '/api/paymentPlan/preview',
        {
          customerId: plan.customerId,
          total: 100,
          cycleCount: 1,
          firstBillingDate: plan.created.slice(0, 10),
          isCash: true,
        },
      ],
    ] as const) {
      const res = await server.call('POST', path, { token: viewer, body });
      expect(res.status, path).toBe(403);
      expect(res.body, path).toEqual(refused);
    }
    const money = await processBalance(viewer, { paymentPlanId: id, paymentType: 'CASH', amount: 100 });
    expect(money.status).toBe(403);
    const declines = await server.call('POST', `/api/paymentPlan/processDeclines?paymentPlanId=${id}`, {
      token: viewer,
      headers: idempotencyKey(),
    });
    expect(declines.status).toBe(403);
    const refund = await server.call('POST', '/api/paymentplan/refund-cash-check', {
      token: viewer,
      headers: idempotencyKey(),
      body: { paymentPlanId: id, paymentLedgerId: 1, amount: 1 },
    });
    expect(refund.body.errors).toEqual(['This needs the PROCESSREFUND role.']);
    expect((await getPlan(server, viewer, id)).status).toBe(plan.status);
  });

  it("answers another practice's plan, row and ledger item as if they did not exist", async () => {
    const id = await cedarPlanId();
    const cedar = await getPlan(server, viewer, id);
    const foreign = await server.call('GET', `/api/paymentPlan/?paymentPlanId=${id}`, { token: frontdesk });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({
      isSuccess: false,
      value: null,
      errors: ['The payment plan was not found.'],
      showMessage: true,
    });
    const row = cedar.paymentPlanDetails.find((d) => !d.processedToLedger)!;
    const item = cedar.ledgerDtos[0]!;
    for (const [path, body] of [
      ['/api/paymentPlan/cancel', { paymentPlanId: id }],
      ['/api/paymentPlan/moveDetail', { id: row.id, action: 'NEXT' }],
      [
        '/api/paymentPlan/updateDetail',
        { paymentPlanId: id, id: row.id, billingDate: row.billingDate, amountDue: 1 },
      ],
      ['/api/paymentplan/removeLedgerItem', { paymentLedgerId: item.id }],
      ['/api/paymentplan/moveLedgerScheduleToEnd', { paymentLedgerId: item.id }],
    ] as const) {
      const res = await server.call('POST', path, { token: frontdesk, body });
      expect(res.status, path).toBe(404);
    }
    const now = await server.call('POST', '/api/paymentplan/processPaymentNow', {
      token: frontdesk,
      headers: idempotencyKey(),
      body: { paymentPlanDetailId: row.id },
    });
    expect(now.status).toBe(404);
    // The list shows only the practice's own plans.
    const list = await post<{ paymentPlans: { id: number }[]; totalCount: number }>(
      server,
      frontdesk,
      '/api/paymentPlan/list',
      {
        pageSize: 100,
      },
    );
    expect(list.value!.paymentPlans.map((p) => p.id)).not.toContain(id);
    // Nothing changed at Cedar.
    expect(await getPlan(server, viewer, id)).toEqual(cedar);
  });

  it('refuses a card of another patient or practice', async () => {
    const { customer } = await cardCustomer();
    const other = await cardCustomer();
    const res = await createPlan(server, frontdesk, {
      customerId: customer.id,
      total: 1_000,
      cycleCount: 1,
      firstBillingDate: tomorrow(server),
      customerSavedCardId: other.card.id,
    });
    expect(res.status).toBe(404);
    expect(res.body.errors).toEqual(['The card was not found.']);
  });
});

describe('the Payment Plans page', () => {
  it('filters by status and patient, pages by 10, and shows next billing date, balance and past due', async () => {
    const all = await post<{ paymentPlans: PaymentPlan[]; totalCount: number }>(
      server,
      frontdesk,
      '/api/paymentPlan/list',
      {},
    );
    expect(all.value!.paymentPlans.length).toBe(Math.min(10, all.value!.totalCount));
    const pastDue = await post<{ paymentPlans: PaymentPlan[]; totalCount: number }>(
      server,
      frontdesk,
      '/api/paymentPlan/list',
      {
        status: 'PAST_DUE',
      },
    );
    expect(pastDue.value!.totalCount).toBeGreaterThan(0);
    for (const row of pastDue.value!.paymentPlans) {
      expect(row.status).toBe('ACTIVE');
      expect(row.balancePastDue).toBeGreaterThan(0);
      const full = await getPlan(server, frontdesk, row.id);
      expect(row).toMatchObject({
        balanceDue: full.balanceDue,
        balancePastDue: full.balancePastDue,
        nextBillingDate: full.nextBillingDate,
        currentCycle: full.currentCycle,
      });
    }
    for (const status of ['COMPLETE', 'INACTIVE'] as const) {
      const { value } = await post<{ paymentPlans: PaymentPlan[] }>(
        server,
        frontdesk,
        '/api/paymentPlan/list',
        { status },
      );
      expect(value!.paymentPlans.length).toBeGreaterThan(0);
      expect(value!.paymentPlans.every((p) => p.status === status)).toBe(true);
    }
    const smith = await post<{ paymentPlans: PaymentPlan[] }>(server, frontdesk, '/api/paymentPlan/list', {
      search: 'John Smith',
    });
    expect(smith.value!.paymentPlans.map((p) => `${p.firstName} ${p.lastName}`)).toEqual(['John Smith']);
    const page2 = await post<{ paymentPlans: PaymentPlan[] }>(server, frontdesk, '/api/paymentPlan/list', {
      page: 2,
      pageSize: 3,
    });
    const page1 = await post<{ paymentPlans: PaymentPlan[] }>(server, frontdesk, '/api/paymentPlan/list', {
      page: 1,
      pageSize: 3,
    });
    expect(page2.value!.paymentPlans.map((p) => p.id)).not.toContain(page1.value!.paymentPlans[0]!.id);
  });
});

describe('the seeded plans', () => {
  it('all read as plans whose rows and adjustments add up to their total', async () => {
    const { value } = await post<{ paymentPlans: PaymentPlan[]; totalCount: number }>(
      server,
      frontdesk,
      '/api/paymentPlan/list',
      {
        pageSize: 100,
      },
    );
    const seeded = value!.paymentPlans.filter(
      (p) => p.created < new Date(Date.now() - 60 * 60_000).toISOString(),
    );
    expect(seeded.length).toBeGreaterThanOrEqual(8);
    for (const row of seeded) {
      const plan = await getPlan(server, frontdesk, row.id);
      expectTotalsHold(plan);
      expect(plan.cycleCount).toBe(plan.paymentPlanDetails.filter((d) => !d.isDownPayment).length);
      if (plan.status === 'COMPLETE') expect(plan.balanceDue).toBe(0);
    }
  });
});

describe('Make a Payment and adjustments', () => {
  async function cardPlan(card = CARDS.visa) {
    const { customer, card: saved } = await cardCustomer(card);
    const plan = await newPlan(server, frontdesk, {
      customerId: customer.id,
      total: 60_000,
      cycleCount: 3,
      firstBillingDate: addDays(server.ctx.clock.today(), 10),
      customerSavedCardId: saved.id,
    });
    return { plan, card: saved, customer };
  }

  it('charges a credit card on file with the 3 % surcharge and a debit card with none', async () => {
    const { plan, customer } = await cardPlan();
    const credit = await processBalance(frontdesk, {
      paymentPlanId: plan.id,
      paymentType: 'CARDONFILE',
      customerSavedCardId: plan.customerSavedCardId,
      amount: 10_000,
      note: 'At the front desk',
    });
    expect(credit.body.value!.outcome).toMatchObject({
      isApproved: true,
      orderAmount: 10_000,
      surchargeAmount: 300,
      total: 10_300,
    });
    const debit = await storedCard(server, frontdesk, customer.id, CARDS.visaDebit);
    const quote = await post<{ surchargeAmount: number; total: number }>(
      server,
      frontdesk,
      '/api/surcharge',
      {
        customerSavedCardId: debit.id,
        amount: 5_000,
      },
    );
    expect(quote.value).toEqual({ surchargeAmount: 0, total: 5_000 });
    const debited = await processBalance(frontdesk, {
      paymentPlanId: plan.id,
      paymentType: 'CARDONFILE',
      customerSavedCardId: debit.id,
      amount: 5_000,
    });
    const after = debited.body.value!.plan;
    expect(debited.body.value!.outcome).toMatchObject({ isApproved: true, surchargeAmount: 0, total: 5_000 });
    // Paid in date order: cycle 1 in full (two parts), cycle 2 in part.
    expect(after.paymentPlanDetails.map((d) => [d.cycle, d.amountDue, d.disposition])).toEqual([
      [1, 10_000, 'APPROVED'],
      [1, 5_000, 'APPROVED'],
      [1, 5_000, null],
      [2, 20_000, null],
      [3, 20_000, null],
    ]);
    expect(after).toMatchObject({
      balanceDue: 45_000,
      paidToDate: 15_000,
      paidToDateSurcharge: 300,
      upcomingPayment: 5_000,
    });
    expect(after.ledgerDtos.map((l) => [l.description, l.amount, l.surcharge, l.note])).toEqual([
      ['Payment', 10_300, 300, 'At the front desk'],
      ['Payment', 5_000, 0, null],
    ]);
    expectTotalsHold(after);
  });

  it('takes cash and checks (the check number in the reference), past due first', async () => {
    const customer = await newCustomer(server, frontdesk);
    const plan = await newPlan(server, frontdesk, {
      customerId: customer.id,
      total: 30_000,
      downPayment: 3_000,
      cycleCount: 3,
      firstBillingDate: tomorrow(server),
      isCash: true,
    });
    const cash = await processBalance(frontdesk, {
      paymentPlanId: plan.id,
      paymentType: 'CASH',
      amount: 3_000,
    });
    expect(cash.body.value!.outcome).toMatchObject({
      isApproved: true,
      orderAmount: 3_000,
      surchargeAmount: 0,
    });
    const check = await processBalance(frontdesk, {
      paymentPlanId: plan.id,
      paymentType: 'CHECK',
      amount: 9_000,
      checkNum: '1042',
    });
    expect(check.body.value!.outcome!.referenceId).toMatch(/#1042$/);
    const after = check.body.value!.plan;
    expect(
      after.ledgerDtos.map((l) => [l.fundingSource, l.amount, l.checkNum, l.actions.refundCashCheck]),
    ).toEqual([
      ['CASH', 3_000, null, true],
      ['CHECK', 9_000, '1042', true],
    ]);
    expect(after.paymentPlanDetails.map((d) => d.disposition)).toEqual(['APPROVED', 'APPROVED', null, null]);
    expect(after.statusLabel).toBe('Active');
    expect(after.currentCycle).toBe(1);
    const over = await processBalance(frontdesk, {
      paymentPlanId: plan.id,
      paymentType: 'CASH',
      amount: 18_001,
    });
    expect(over.body).toMatchObject({
      isSuccess: false,
      errors: ['The payment cannot be more than the balance of $180.00.'],
    });
    const paidOff = await processBalance(frontdesk, {
      paymentPlanId: plan.id,
      paymentType: 'CASH',
      amount: 18_000,
    });
    expect(paidOff.body.value!.plan).toMatchObject({
      status: 'COMPLETE',
      statusLabel: 'Completed',
      balanceDue: 0,
      nextBillingDate: null,
      currentCycle: 3,
      progressPercent: 100,
    });
    expect(paidOff.body.value!.plan.completedDate).not.toBeNull();
  });

  it('adds adjustments: CREDIT (the default) lowers the balance from the last cycle, DEBIT raises it', async () => {
    const { plan } = await cardPlan();
    const credit = await processBalance(frontdesk, {
      paymentPlanId: plan.id,
      paymentType: 'ADJ',
      amount: 25_000,
      description: 'Courtesy discount',
    });
    expect(credit.body.value!.outcome).toBeNull();
    let after = credit.body.value!.plan;
    expect(after.paymentPlanDetails.map((d) => d.amountDue)).toEqual([20_000, 15_000, 0]);
    expect(after.adjustments).toBe(25_000);
    expect(after.ledgerDtos.at(-1)).toMatchObject({
      kind: 'ADJUSTMENT',
      adjustmentType: 'CREDIT',
      description: 'Courtesy discount',
      amount: 25_000,
      fundingSource: null,
    });
    expectTotalsHold(after);
    const debit = await processBalance(frontdesk, {
      paymentPlanId: plan.id,
      paymentType: 'ADJ',
      type: 'DEBIT',
      amount: 1_000,
      description: 'Late fee',
    });
    after = debit.body.value!.plan;
    expect(after.adjustments).toBe(24_000);
    expect(after.ledgerDtos.at(-1)).toMatchObject({ adjustmentType: 'DEBIT', amount: 1_000 });
    expectTotalsHold(after);
    const missing = await processBalance(frontdesk, {
      paymentPlanId: plan.id,
      paymentType: 'ADJ',
      amount: 1,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual(['body.description: The description is required.']);
    const zero = await processBalance(frontdesk, {
      paymentPlanId: plan.id,
      paymentType: 'ADJ',
      amount: 0,
      description: 'x',
    });
    expect(zero.body.errors).toEqual(['body.amount: Amount needs to be greater than zero.']);
  });

  it('charges once for a payment sent twice with one Idempotency-Key', async () => {
    const { plan } = await cardPlan();
    const key = idempotencyKey();
    const body = {
      paymentPlanId: plan.id,
      paymentType: 'CARDONFILE',
      customerSavedCardId: plan.customerSavedCardId,
      amount: 7_000,
    };
    const [a, b] = await Promise.all([
      processBalance(frontdesk, body, key),
      processBalance(frontdesk, body, key),
    ]);
    expect(a.body.value!.outcome!.referenceId).toBe(b.body.value!.outcome!.referenceId);
    const [sales] = await server.ctx.db
      .select({ n: count() })
      .from(providerCharges)
      .where(eq(providerCharges.referenceId, a.body.value!.outcome!.referenceId));
    expect(sales!.n).toBe(1);
    const again = await getPlan(server, frontdesk, plan.id);
    expect(again.paidToDate).toBe(7_000);
    // Cash too: one payment.
    const cashKey = idempotencyKey();
    const cash = { paymentPlanId: plan.id, paymentType: 'CASH', amount: 500 };
    await Promise.all([processBalance(frontdesk, cash, cashKey), processBalance(frontdesk, cash, cashKey)]);
    expect((await getPlan(server, frontdesk, plan.id)).paidToDate).toBe(7_500);
  });

  it('answers a declined card with the reason and changes nothing', async () => {
    const { plan, customer } = await cardPlan();
    const declining = await storedCard(server, frontdesk, customer.id, CARDS.declined);
    const res = await processBalance(frontdesk, {
      paymentPlanId: plan.id,
      paymentType: 'CARDONFILE',
      customerSavedCardId: declining.id,
      amount: 1_000,
    });
    expect(res.body.value!.outcome).toMatchObject({ isApproved: false, reason: 'Card declined' });
    expect(res.body.value!.plan).toMatchObject({ balanceDue: 60_000, paidToDate: 0 });
    expect(res.body.value!.plan.ledgerDtos.at(-1)).toMatchObject({
      status: 'DECLINED',
      reason: 'Card declined',
    });
  });
});

describe('editing the schedule', () => {
  async function plan() {
    const { customer, card } = await cardCustomer();
    return newPlan(server, frontdesk, {
      customerId: customer.id,
      total: 100_000,
      cycleCount: 5,
      firstBillingDate: addDays(server.ctx.clock.today(), 5),
      customerSavedCardId: card.id,
    });
  }

  it("edits a cycle's date and amount, with the remaining cycles updated, keeping the total", async () => {
    const p = await plan();
    const [, second] = p.paymentPlanDetails;
    const newDate = addDays(second!.billingDate, 3);
    const edited = await post(server, frontdesk, '/api/paymentPlan/updateDetail', {
      paymentPlanId: p.id,
      id: second!.id,
      billingDate: newDate,
      amountDue: 14_000,
      updateRemaining: true,
    });
    expect(edited.value!.paymentPlanDetails.map((d) => [d.billingDate, d.amountDue])).toEqual([
      [p.paymentPlanDetails[0]!.billingDate, 20_000],
      [newDate, 14_000],
      [addMonths(newDate, 1), 22_000],
      [addMonths(newDate, 2), 22_000],
      [addMonths(newDate, 3), 22_000],
    ]);
    expectTotalsHold(edited.value!);
    const outOfBounds = await server.call('POST', '/api/paymentPlan/updateDetail', {
      token: frontdesk,
      body: { paymentPlanId: p.id, id: second!.id, billingDate: server.ctx.clock.today(), amountDue: 14_000 },
    });
    expect(outOfBounds.body.isSuccess).toBe(false);
    expect(outOfBounds.body.errors[0]).toMatch(/^The date must be from /);
    const wrongPlan = await server.call('POST', '/api/paymentPlan/updateDetail', {
      token: frontdesk,
      body: { paymentPlanId: p.id + 100_000, id: second!.id, billingDate: newDate, amountDue: 1 },
    });
    expect(wrongPlan.status).toBe(404);
  });

  it('skips to the next cycle, the last cycle and a new cycle, keeping the total', async () => {
    const p = await plan();
    const ids = p.paymentPlanDetails.map((d) => d.id);
    const next = await post(server, frontdesk, '/api/paymentPlan/moveDetail', { id: ids[0], action: 'NEXT' });
    expect(next.value!.paymentPlanDetails.map((d) => d.amountDue)).toEqual([
      0, 40_000, 20_000, 20_000, 20_000,
    ]);
    const last = await post(server, frontdesk, '/api/paymentPlan/moveDetail', { id: ids[2], action: 'LAST' });
    expect(last.value!.paymentPlanDetails.map((d) => d.amountDue)).toEqual([0, 40_000, 0, 20_000, 40_000]);
    const end = await post(server, frontdesk, '/api/paymentPlan/moveDetail', {
      id: ids[1],
      action: 'MOVEEND',
    });
    const rows = end.value!.paymentPlanDetails;
    expect(rows.map((d) => d.amountDue)).toEqual([0, 0, 0, 20_000, 40_000, 40_000]);
    expect(rows.at(-1)).toMatchObject({ cycle: 6, billingDate: addMonths(rows[4]!.billingDate, 1) });
    expect(end.value!.cycleCount).toBe(6);
    expect(end.value!.nextBillingDate).toBe(rows[3]!.billingDate);
    expectTotalsHold(end.value!);
    const lastRow = await server.call('POST', '/api/paymentPlan/moveDetail', {
      token: frontdesk,
      body: { id: rows.at(-1)!.id, action: 'NEXT' },
    });
    expect(lastRow.body).toMatchObject({ isSuccess: false, errors: ['The last cycle cannot be skipped.'] });
  });

  it('processes the next scheduled payment now (a card plan only)', async () => {
    const p = await plan();
    const [first, second] = p.paymentPlanDetails;
    const notNext = await server.call('POST', '/api/paymentplan/processPaymentNow', {
      token: frontdesk,
      headers: idempotencyKey(),
      body: { paymentPlanDetailId: second!.id },
    });
    expect(notNext.body).toMatchObject({
      isSuccess: false,
      errors: ['Only the next scheduled payment can be processed now.'],
    });
    const now = await post<{ outcome: Outcome; plan: PaymentPlan }>(
      server,
      frontdesk,
      '/api/paymentplan/processPaymentNow',
      { paymentPlanDetailId: first!.id },
      { key: idempotencyKey() },
    );
    expect(now.value!.outcome).toMatchObject({
      isApproved: true,
      orderAmount: 20_000,
      surchargeAmount: 600,
      total: 20_600,
    });
    expect(now.value!.plan).toMatchObject({
      currentCycle: 1,
      statusLabel: 'Active',
      nextBillingDate: second!.billingDate,
    });
    expect(now.value!.plan.paymentPlanDetails[0]).toMatchObject({
      processedToLedger: true,
      disposition: 'APPROVED',
    });
    expect(now.value!.plan.ledgerDtos[0]).toMatchObject({ description: 'Cycle 1 of 5', amount: 20_600 });
  });
});

describe('the ledger: declined items, refunds and voids', () => {
  /** A cash plan whose first cycle was missed (its billing day passed): past due. */
  async function missedCashPlan() {
    const customer = await newCustomer(server, frontdesk);
    const plan = await newPlan(server, frontdesk, {
      customerId: customer.id,
      total: 40_000,
      cycleCount: 4,
      firstBillingDate: server.ctx.clock.today(),
      isCash: true,
    });
    // Its first billing day is taken to have ended yesterday: the billing run records the missed cycle.
    await server.ctx.db
      .update(paymentPlanDetails)
      .set({ billingDate: addDays(server.ctx.clock.today(), -1) })
      .where(eq(paymentPlanDetails.id, plan.paymentPlanDetails[0]!.id));
    const [record] = await server.ctx.db.select().from(paymentPlans).where(eq(paymentPlans.id, plan.id));
    await billPlan(server.ctx, record!);
    return getPlan(server, frontdesk, plan.id);
  }

  it('Remove and Create New Cycle: the declined amount moves to a new cycle at the end', async () => {
    const plan = await missedCashPlan();
    expect(plan.balancePastDue).toBe(10_000);
    const declined = plan.ledgerDtos.find((l) => l.status === 'DECLINED')!;
    expect(declined).toMatchObject({
      reason: 'Payment not received by the billing date.',
      actions: { refundCashCheck: false, refundOrVoid: false, moveToEnd: true, remove: true },
    });
    const moved = await post(server, frontdesk, '/api/paymentplan/moveLedgerScheduleToEnd', {
      paymentLedgerId: declined.id,
    });
    const after = moved.value!;
    expect(after.balancePastDue).toBe(0);
    expect(after.balanceDue).toBe(40_000);
    expect(after.ledgerDtos.find((l) => l.id === declined.id)).toBeUndefined();
    expect(after.paymentPlanDetails.at(-1)).toMatchObject({
      cycle: 5,
      amountDue: 10_000,
      processedToLedger: false,
    });
    expect(after.cycleCount).toBe(5);
    expectTotalsHold(after);
    const again = await server.call('POST', '/api/paymentplan/moveLedgerScheduleToEnd', {
      token: frontdesk,
      body: { paymentLedgerId: declined.id },
    });
    expect(again.body.errors).toEqual(['This payment is no longer past due.']);
  });

  it('Remove Ledger Item: the declined amount becomes a credit on the account', async () => {
    const plan = await missedCashPlan();
    const declined = plan.ledgerDtos.find((l) => l.status === 'DECLINED')!;
    const removed = await post(server, frontdesk, '/api/paymentplan/removeLedgerItem', {
      paymentLedgerId: declined.id,
    });
    const after = removed.value!;
    expect(after).toMatchObject({ balancePastDue: 0, balanceDue: 30_000, adjustments: 10_000 });
    expect(after.ledgerDtos).toEqual([
      expect.objectContaining({
        kind: 'ADJUSTMENT',
        adjustmentType: 'CREDIT',
        amount: 10_000,
        description: 'Credit: Cycle 1 of 4 removed',
      }),
    ]);
    expectTotalsHold(after);
  });

  it('refunds a cash payment in full only; it is owed again', async () => {
    const plan = await missedCashPlan();
    const paid = await processBalance(frontdesk, {
      paymentPlanId: plan.id,
      paymentType: 'CASH',
      amount: 15_000,
    });
    const after = paid.body.value!.plan;
    expect(after.balancePastDue).toBe(0);
    const payment = after.ledgerDtos.find((l) => l.status === 'APPROVED')!;
    const partial = await server.call('POST', '/api/paymentplan/refund-cash-check', {
      token: frontdesk,
      headers: idempotencyKey(),
      body: { paymentPlanId: plan.id, paymentLedgerId: payment.id, amount: 5_000 },
    });
    expect(partial.body.errors).toEqual([
      'Payment plan and membership payments cannot be partially refunded.',
    ]);
    const tooMuch = await server.call('POST', '/api/paymentplan/refund-cash-check', {
      token: frontdesk,
      headers: idempotencyKey(),
      body: { paymentPlanId: plan.id, paymentLedgerId: payment.id, amount: 15_001 },
    });
    expect(tooMuch.body.errors).toEqual([
      'The refund cannot exceed the original transaction amount of $150.00',
    ]);
    const refunded = await post(
      server,
      frontdesk,
      '/api/paymentplan/refund-cash-check',
      { paymentPlanId: plan.id, paymentLedgerId: payment.id, amount: 15_000 },
      { key: idempotencyKey() },
    );
    const back = refunded.value!;
    expect(back.ledgerDtos.find((l) => l.id === payment.id)).toMatchObject({
      refundVoidType: 'REFUNDED',
      refundVoidAmount: 15_000,
      actions: { refundCashCheck: false },
    });
    // The missed cycle is past due again; the cycle paid ahead of its date is scheduled again.
    expect(back).toMatchObject({ balancePastDue: 10_000, balanceDue: 40_000, paidToDate: 0 });
    expectTotalsHold(back);
  });

  it('never refunds more than was paid, however many refunds arrive at once', async () => {
    const customer = await newCustomer(server, frontdesk);
    const plan = await newPlan(server, frontdesk, {
      customerId: customer.id,
      total: 20_000,
      cycleCount: 2,
      firstBillingDate: tomorrow(server),
      isCash: true,
    });
    const paid = await processBalance(frontdesk, {
      paymentPlanId: plan.id,
      paymentType: 'CASH',
      amount: 8_000,
    });
    const payment = paid.body.value!.plan.ledgerDtos[0]!;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.call('POST', '/api/paymentplan/refund-cash-check', {
          token: frontdesk,
          headers: idempotencyKey(),
          body: { paymentPlanId: plan.id, paymentLedgerId: payment.id, amount: 8_000 },
        }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.isSuccess)).toHaveLength(1);
    expect(new Set(answers.filter((a) => !a.body.isSuccess).map((a) => a.body.errors[0]))).toEqual(
      new Set(['This payment has already been refunded.']),
    );
    const given = await server.ctx.db
      .select()
      .from(refunds)
      .where(eq(refunds.transactionId, payment.transactionId!));
    expect(given.reduce((t, r) => t + r.amount, 0)).toBe(8_000);
    expectTotalsHold(await getPlan(server, frontdesk, plan.id));
  });

  it('voids a card payment once, however many voids arrive at once', async () => {
    const { customer, card } = await cardCustomer();
    const plan = await newPlan(server, frontdesk, {
      customerId: customer.id,
      total: 20_000,
      downPayment: 4_000,
      cycleCount: 2,
      firstBillingDate: addDays(server.ctx.clock.today(), 3),
      customerSavedCardId: card.id,
    });
    const down = plan.ledgerDtos[0]!;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.call('POST', '/api/transaction/refundVoid', {
          token: admin,
          headers: idempotencyKey(),
          body: { id: down.transactionResultId, refundAmount: down.amount, action: 'VOID' },
        }),
      ),
    );
    expect(answers.filter((a) => a.body.isSuccess)).toHaveLength(1);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const given = await server.ctx.db
      .select()
      .from(refunds)
      .where(eq(refunds.transactionId, down.transactionId!));
    expect(given.map((r) => [r.type, r.amount])).toEqual([['VOIDED', 4_120]]);
    const after = await getPlan(server, frontdesk, plan.id);
    expect(after.balancePastDue).toBe(4_000);
    expectTotalsHold(after);
  });

  it("shows 'Refund Unavailable' for a payment older than 180 days", async () => {
    const customer = await newCustomer(server, frontdesk);
    const plan = await newPlan(server, frontdesk, {
      customerId: customer.id,
      total: 20_000,
      cycleCount: 2,
      firstBillingDate: tomorrow(server),
      isCash: true,
    });
    const paid = await processBalance(frontdesk, {
      paymentPlanId: plan.id,
      paymentType: 'CHECK',
      amount: 10_000,
      checkNum: '7',
    });
    const payment = paid.body.value!.plan.ledgerDtos[0]!;
    const old = new Date(server.ctx.clock.now().getTime() - 181 * 86_400_000);
    await server.ctx.db
      .update(transactions)
      .set({ created: old })
      .where(eq(transactions.id, payment.transactionId!));
    const row = (await getPlan(server, frontdesk, plan.id)).ledgerDtos[0]!;
    expect(row.cantRefund).toBe(true);
    const refused = await server.call('POST', '/api/paymentplan/refund-cash-check', {
      token: frontdesk,
      headers: idempotencyKey(),
      body: { paymentPlanId: plan.id, paymentLedgerId: payment.id, amount: 10_000 },
    });
    expect(refused.body).toMatchObject({
      isSuccess: false,
      errors: ['This transaction is older than 180 days and can no longer be refunded.'],
    });
  });

  it('voids an unsettled card payment (PROCESSVOID; not the front desk), which leaves a past due', async () => {
    const { customer, card } = await cardCustomer();
    const plan = await newPlan(server, frontdesk, {
      customerId: customer.id,
      total: 30_000,
      downPayment: 10_000,
      cycleCount: 2,
      firstBillingDate: addDays(server.ctx.clock.today(), 3),
      customerSavedCardId: card.id,
    });
    const down = plan.ledgerDtos[0]!;
    const byFrontDesk = await server.call('POST', '/api/transaction/refundVoid', {
      token: frontdesk,
      headers: idempotencyKey(),
      body: { id: down.transactionResultId, refundAmount: down.amount, action: 'VOID' },
    });
    expect(byFrontDesk.status).toBe(403);
    expect(byFrontDesk.body.errors).toEqual(['This needs the PROCESSVOID role.']);
    const refundUnsettled = await server.call('POST', '/api/transaction/refundVoid', {
      token: frontdesk,
      headers: idempotencyKey(),
      body: { id: down.transactionResultId, refundAmount: down.amount, action: 'REFUND' },
    });
    expect(refundUnsettled.body.errors).toEqual(['This payment has not settled yet: void it instead.']);

    const voided = await post<{
      isApproved: boolean;
      statusMessage: string;
      refundAmount: number;
      paymentPlanStatus: string;
    }>(
      server,
      admin,
      '/api/transaction/refundVoid',
      { id: down.transactionResultId, refundAmount: down.amount, action: 'VOID' },
      { key: idempotencyKey() },
    );
    expect(voided.value).toMatchObject({
      isApproved: true,
      statusMessage: 'Transaction Voided',
      refundAmount: 10_300,
      paymentPlanStatus: 'ACTIVE',
    });
    const after = await getPlan(server, frontdesk, plan.id);
    expect(after.ledgerDtos[0]).toMatchObject({ refundVoidType: 'VOIDED', actions: { refundOrVoid: false } });
    expect(after).toMatchObject({
      balancePastDue: 10_000,
      balanceDue: 30_000,
      paidToDate: 0,
      paidToDateSurcharge: 0,
    });
    expect(after.paymentPlanDetails[0]).toMatchObject({ isDownPayment: true, disposition: 'DECLINED' });
    expectTotalsHold(after);
    const twice = await server.call('POST', '/api/transaction/refundVoid', {
      token: admin,
      headers: idempotencyKey(),
      body: { id: down.transactionResultId, refundAmount: down.amount, action: 'VOID' },
    });
    expect(twice.body.errors).toEqual(['This payment has already been voided.']);
  });

  it('refunds a settled card payment in full; a completed plan becomes active, a canceled one on request', async () => {
    const { customer, card } = await cardCustomer();
    const done = await newPlan(server, frontdesk, {
      customerId: customer.id,
      total: 10_000,
      cycleCount: 1,
      firstBillingDate: server.ctx.clock.today(),
      customerSavedCardId: card.id,
    });
    expect(done).toMatchObject({ status: 'COMPLETE', statusLabel: 'Completed', balanceDue: 0 });
    const canceled = await newPlan(server, frontdesk, {
      customerId: customer.id,
      total: 20_000,
      downPayment: 5_000,
      cycleCount: 3,
      firstBillingDate: addDays(server.ctx.clock.today(), 40),
      customerSavedCardId: card.id,
    });
    const cancel = await post(server, frontdesk, '/api/paymentPlan/cancel', { paymentPlanId: canceled.id });
    expect(cancel.value).toMatchObject({ status: 'INACTIVE', statusLabel: 'Canceled' });
    expect(cancel.value!.paymentPlanDetails.every((d) => !d.actions.edit)).toBe(true);
    const reactivate = await server.call('POST', '/api/PaymentPlan/setActive', {
      token: frontdesk,
      body: { paymentPlanId: canceled.id, active: true },
    });
    expect(reactivate.body).toMatchObject({
      isSuccess: false,
      errors: ['Canceled payment plans cannot be re-activated'],
    });
    const pay = await processBalance(frontdesk, {
      paymentPlanId: canceled.id,
      paymentType: 'CASH',
      amount: 100,
    });
    expect(pay.body.errors).toEqual(['This payment plan has been canceled and can no longer be changed.']);

    // The batch settles at 20:00: a day later both payments are settled.
    await advance(server, { days: 1 });
    const settled = (await getPlan(server, frontdesk, done.id)).ledgerDtos[0]!;
    const partial = await server.call('POST', '/api/transaction/refundVoid', {
      token: frontdesk,
      headers: idempotencyKey(),
      body: { id: settled.transactionResultId, refundAmount: 5_000, action: 'REFUND' },
    });
    expect(partial.body.errors).toEqual([
      'Payment plan and membership payments cannot be partially refunded.',
    ]);
    const voidSettled = await server.call('POST', '/api/transaction/refundVoid', {
      token: admin,
      headers: idempotencyKey(),
      body: { id: settled.transactionResultId, refundAmount: settled.amount, action: 'VOID' },
    });
    expect(voidSettled.body.errors).toEqual(['This payment has settled: refund it instead.']);
    const refunded = await post<{ statusMessage: string; paymentPlanStatus: string }>(
      server,
      frontdesk,
      '/api/transaction/refundVoid',
      { id: settled.transactionResultId, refundAmount: settled.amount, action: 'REFUND' },
      { key: idempotencyKey() },
    );
    expect(refunded.value).toMatchObject({
      statusMessage: 'Transaction Refunded',
      paymentPlanStatus: 'ACTIVE',
    });
    const reopened = await getPlan(server, frontdesk, done.id);
    expect(reopened).toMatchObject({ status: 'ACTIVE', completedDate: null, balancePastDue: 10_000 });
    expect(reopened.ledgerDtos[0]).toMatchObject({ refundVoidType: 'REFUNDED', isSettled: true });

    const down = (await getPlan(server, frontdesk, canceled.id)).ledgerDtos[0]!;
    const back = await post<{ paymentPlanStatus: string }>(
      server,
      frontdesk,
      '/api/transaction/refundVoid',
      { id: down.transactionResultId, refundAmount: down.amount, action: 'REFUND', setActive: true },
      { key: idempotencyKey() },
    );
    expect(back.value!.paymentPlanStatus).toBe('ACTIVE');
    expect(await getPlan(server, frontdesk, canceled.id)).toMatchObject({
      status: 'ACTIVE',
      cancelledDate: null,
      balancePastDue: 5_000,
    });
  });

  it('re-activates a canceled plan with setActive after a void', async () => {
    const { customer, card } = await cardCustomer();
    const plan = await newPlan(server, frontdesk, {
      customerId: customer.id,
      total: 20_000,
      downPayment: 5_000,
      cycleCount: 3,
      firstBillingDate: addDays(server.ctx.clock.today(), 40),
      customerSavedCardId: card.id,
    });
    await post(server, frontdesk, '/api/PaymentPlan/setActive', { paymentPlanId: plan.id, active: false });
    const down = plan.ledgerDtos[0]!;
    const voided = await post<{ paymentPlanStatus: string }>(
      server,
      admin,
      '/api/transaction/refundVoid',
      { id: down.transactionResultId, refundAmount: down.amount, action: 'VOID' },
      { key: idempotencyKey() },
    );
    expect(voided.value!.paymentPlanStatus).toBe('INACTIVE');
    const active = await post(server, frontdesk, '/api/PaymentPlan/setActive', {
      paymentPlanId: plan.id,
      active: true,
    });
    expect(active.value).toMatchObject({ status: 'ACTIVE', balancePastDue: 5_000 });
  });
});

describe('the card on file and notifications', () => {
  it('automates a cash plan with a card, with the surcharge of a credit card', async () => {
    const customer = await newCustomer(server, frontdesk);
    const plan = await newPlan(server, frontdesk, {
      customerId: customer.id,
      total: 20_000,
      cycleCount: 2,
      firstBillingDate: tomorrow(server),
      isCash: true,
    });
    const card = await storedCard(server, frontdesk, customer.id, CARDS.mastercard);
    const automated = await post(server, frontdesk, '/api/paymentplan/switch-to-card', {
      paymentPlanId: plan.id,
      customerSavedCardId: card.id,
    });
    expect(automated.value).toMatchObject({
      isCash: false,
      customerSavedCardId: card.id,
      hasSurcharge: true,
      surchargeRateBps: 300,
    });
    expect(automated.value!.paymentPlanDetails[0]).toMatchObject({
      surcharge: 300,
      total: 10_300,
      actions: { processNow: true },
    });
    const debit = await storedCard(server, frontdesk, customer.id, CARDS.visaDebit);
    const changed = await post(server, frontdesk, '/api/paymentPlan/setCustomerSavedCard', {
      paymentPlanId: plan.id,
      customerSavedCardId: debit.id,
    });
    expect(changed.value).toMatchObject({
      customerSavedCardId: debit.id,
      hasSurcharge: false,
      surchargeRateBps: 0,
    });
    // The card pays an active plan: it cannot be deleted.
    const remove = await post<{ hasMembershipPaymentPlans: boolean }>(
      server,
      frontdesk,
      '/api/customerSavedCard/InActivate',
      {
        Id: debit.id,
        customerId: customer.id,
      },
    );
    expect(remove.value!.hasMembershipPaymentPlans).toBe(true);
  });

  it('pauses past-due notifications and sends the decline reminder to the patient', async () => {
    const customer = await newCustomer(server, frontdesk);
    const plan = await newPlan(server, frontdesk, {
      customerId: customer.id,
      total: 20_000,
      cycleCount: 2,
      firstBillingDate: tomorrow(server),
      isCash: true,
    });
    const paused = await post(server, frontdesk, '/api/paymentplan/set-past-due-notification-status', {
      paymentPlanId: plan.id,
      isNotifyingForPastDuePayments: false,
    });
    expect(paused.value!.isNotifyingForPastDuePayments).toBe(false);
    const nothingDue = await server.call('POST', '/api/paymentPlan/sendDeclineReminder', {
      token: frontdesk,
      body: { paymentPlanId: plan.id },
    });
    expect(nothingDue.body.errors).toEqual(['This payment plan has no past-due balance.']);
  });
});
