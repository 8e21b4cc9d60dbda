/**
 * The Payment plans report against records made here: plans of a clinic of our own (so the seed's
 * plans never count), a past-due cycle in each age bucket, plans completed and canceled in and out of
 * the period, payments collected on plans; another practice's plans never count; the role is needed;
 * the total past due for a period ending today is the dashboard's, and what plans collected is the
 * transactions list's count filtered the same way; the CSV holds the call's figures. The Memberships
 * report likewise: active, new, canceled (in churn), monthly recurring revenue with a yearly price ÷
 * 12, renewals coming up, the plans' members, and what memberships collected (the list's too).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentPlansReport } from '../../embed-sdk/contract/reportPaymentPlans.js';
import type { MembershipsReport } from '../../embed-sdk/contract/reportMemberships.js';
import type { TransactionSource } from '../../embed-sdk/contract/common.js';
import type { Transaction } from '../../embed-sdk/contract/transaction.js';
import {
  customerMembershipBillingLines,
  customerMembershipBillings,
  membershipPlans,
  customers,
  paymentPlanDetails,
  paymentPlans,
  transactions,
} from '../../server/db/schema/index.js';
import { startOfCalendarDay } from '../../server/domain/dateRange.js';
import { membershipsReport } from '../../server/reports/memberships.js';
import { paymentPlansReport } from '../../server/reports/paymentPlans.js';
import { csvCell } from '../../server/reports/export.js';
import { addonToken } from '../support/practiceAddon.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let admin: string;
let today: string;

const CLINIC = 9_137;

/** The day `days` before `day` (calendar days, no clock involved). */
function daysBefore(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/** Noon of a calendar day in the server's calendar. */
const noonOf = (day: string) => new Date(startOfCalendarDay(day).getTime() + 12 * 3_600_000);

async function customerIn(companyId: number, clinicNum: number) {
  const [row] = await server.ctx.db
    .insert(customers)
    .values({ companyId, firstName: 'Report', lastName: `Plans${clinicNum}`, clinicNum })
    .returning();
  return row!;
}

type Cycle = { billingDate: string; amountDue: number; disposition: 'APPROVED' | 'DECLINED' | null };

async function planOf(
  companyId: number,
  customerId: number,
  plan: { status: string; total: number; completedDate?: Date; cancelledDate?: Date },
  cycles: Cycle[],
) {
  const [row] = await server.ctx.db
    .insert(paymentPlans)
    .values({ companyId, customerId, cycleCount: cycles.length, frequency: 'MONTHLY', ...plan })
    .returning();
  if (cycles.length)
    await server.ctx.db.insert(paymentPlanDetails).values(
      cycles.map((c, i) => ({
        paymentPlanId: row!.id,
        cycle: i + 1,
        billingDate: c.billingDate,
        amountDue: c.amountDue,
        processedToLedger: c.disposition !== null,
        disposition: c.disposition,
      })),
    );
  return row!;
}

let refs = 0;
async function paymentOn(
  companyId: number,
  customerId: number,
  planId: number | null,
  amount: number,
  at: Date,
  status = 'APPROVED',
  source: TransactionSource = 'PAYMENTPLAN',
) {
  refs += 1;
  await server.ctx.db.insert(transactions).values({
    companyId,
    customerId,
    paymentPlanId: planId,
    referenceId: `RPT${Date.now()}${refs}-1`,
    transactionResultId: `r${refs}`,
    status,
    amount,
    orderAmount: amount,
    fundingSource: 'CARD',
    cardType: 'VISA',
    source,
    created: at,
  });
}

/** How many payments the transactions list counts for these days, source (status Paid) and clinics. */
async function listCount(
  source: TransactionSource,
  filter: { from: string; to: string; clinicNums?: number[] },
) {
  const list = await server.call<Transaction[]>('POST', '/api/transaction/transactions', {
    token: admin,
    body: {
      startDate: filter.from,
      endDate: filter.to,
      modules: [source],
      status: 'PAID',
      ...(filter.clinicNums ? { clinicNums: filter.clinicNums } : {}),
      page: 1,
    },
  });
  expect(list.status).toBe(200);
  return list.body.value![0]?.rows ?? 0;
}

async function report(body: Record<string, unknown>, token = admin) {
  return server.call<PaymentPlansReport>('POST', '/api/reports/paymentPlans', { token, body });
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor('admin');
  today = server.ctx.clock.today();

  const ours = await customerIn(1, CLINIC);
  const theirs = await customerIn(2, CLINIC);
  // An active plan: one cycle paid, one declined in each age as of today, one still to come.
  const active = await planOf(1, ours.id, { status: 'ACTIVE', total: 100_000 }, [
    { billingDate: daysBefore(today, 150), amountDue: 10_000, disposition: 'APPROVED' },
    { billingDate: daysBefore(today, 10), amountDue: 1_000, disposition: 'DECLINED' },
    { billingDate: daysBefore(today, 45), amountDue: 2_000, disposition: 'DECLINED' },
    { billingDate: daysBefore(today, 61), amountDue: 3_000, disposition: 'DECLINED' },
    { billingDate: daysBefore(today, 120), amountDue: 4_000, disposition: 'DECLINED' },
    { billingDate: daysBefore(today, -20), amountDue: 5_000, disposition: null },
  ]);
  // Completed and canceled in the last 30 days, and one canceled long before.
  await planOf(
    1,
    ours.id,
    { status: 'COMPLETE', total: 7_000, completedDate: noonOf(daysBefore(today, 3)) },
    [{ billingDate: daysBefore(today, 3), amountDue: 7_000, disposition: 'APPROVED' }],
  );
  await planOf(
    1,
    ours.id,
    { status: 'INACTIVE', total: 8_000, cancelledDate: noonOf(daysBefore(today, 5)) },
    [{ billingDate: daysBefore(today, 40), amountDue: 8_000, disposition: 'DECLINED' }],
  );
  await planOf(
    1,
    ours.id,
    { status: 'INACTIVE', total: 9_000, cancelledDate: noonOf(daysBefore(today, 200)) },
    [],
  );
  await paymentOn(1, ours.id, active.id, 10_300, noonOf(daysBefore(today, 2)));
  await paymentOn(1, ours.id, active.id, 999, noonOf(daysBefore(today, 2)), 'DECLINED');
  await paymentOn(1, ours.id, active.id, 555, noonOf(daysBefore(today, 100)));
  // Another practice's plan, in a clinic of the same number: never counted.
  const other = await planOf(2, theirs.id, { status: 'ACTIVE', total: 50_000 }, [
    { billingDate: daysBefore(today, 10), amountDue: 50_000, disposition: 'DECLINED' },
  ]);
  await paymentOn(2, theirs.id, other.id, 50_000, noonOf(daysBefore(today, 2)));
});
afterAll(() => server?.close());

describe('the Payment plans report', () => {
  it('answers each figure from the records of the clinics asked for', async () => {
    const res = await report({ from: daysBefore(today, 29), to: today, clinicNums: [CLINIC] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.value).toEqual({
      outstanding: { plans: 1, amount: 1_000 + 2_000 + 3_000 + 4_000 + 5_000 },
      pastDue: {
        plans: 1,
        amount: 10_000,
        byAge: [
          { age: '0-30', cycles: 1, amount: 1_000 },
          { age: '31-60', cycles: 1, amount: 2_000 },
          { age: '61-90', cycles: 1, amount: 3_000 },
          { age: 'over90', cycles: 1, amount: 4_000 },
        ],
      },
      completed: { count: 1, amount: 7_000 },
      canceled: { count: 1, amount: 8_000 },
      collected: { count: 1, amount: 10_300 },
    });
  });

  it('ages the past due as of the period’s last day (15, 31 and 90 days), leaving out cycles billed after it', async () => {
    const res = await report({
      from: daysBefore(today, 60),
      to: daysBefore(today, 30),
      clinicNums: [CLINIC],
    });
    expect(res.body.value!.pastDue.byAge).toEqual([
      { age: '0-30', cycles: 1, amount: 2_000 },
      { age: '31-60', cycles: 1, amount: 3_000 },
      { age: '61-90', cycles: 1, amount: 4_000 },
      { age: 'over90', cycles: 0, amount: 0 },
    ]);
    expect(res.body.value!.canceled).toEqual({ count: 0, amount: 0 });
  });

  it('counts nothing for a clinic that is not the practice’s', async () => {
    const res = await report({ from: daysBefore(today, 29), to: today, clinicNums: [CLINIC + 1] });
    expect(res.body.value!.outstanding).toEqual({ plans: 0, amount: 0 });
    expect(res.body.value!.collected).toEqual({ count: 0, amount: 0 });
  });

  it('agrees with the dashboard’s past due and the Payment Plans page’s Past due for a period ending today', async () => {
    const res = await report({ from: daysBefore(today, 29), to: today });
    const dashboard = await server.call<{
      attention: { pastDuePaymentPlans: { count: number; amount: number } };
    }>('GET', '/api/dashboard/summary', { token: admin });
    const list = await server.call<{ totalCount: number }>('POST', '/api/paymentPlan/list', {
      token: admin,
      body: { status: 'PAST_DUE', page: 1, pageSize: 10 },
    });
    expect(dashboard.body.value!.attention.pastDuePaymentPlans).toEqual({
      count: res.body.value!.pastDue.plans,
      amount: res.body.value!.pastDue.amount,
    });
    expect(list.body.value!.totalCount).toBe(res.body.value!.pastDue.plans);
  });

  it('collects what the transactions list counts for the same days, the Payment Plan source and the clinics', async () => {
    for (const filter of [
      { from: daysBefore(today, 29), to: today, clinicNums: [CLINIC] },
      { from: daysBefore(today, 29), to: today },
      { from: daysBefore(today, 120), to: daysBefore(today, 60) },
    ]) {
      const res = await report(filter);
      expect(res.body.value!.collected.count).toBe(await listCount('PAYMENTPLAN', filter));
    }
  });

  it('is refused without VIEWDASHBOARD, and a bad period names its field', async () => {
    // The practice add-on's integration token has request and plan roles, not the dashboard.
    const refused = await report({ from: daysBefore(today, 29), to: today }, await addonToken(server.url));
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual(['This needs the VIEWDASHBOARD role.']);
    const bad = await report({ from: today, to: daysBefore(today, 1) });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('to');
  });

  it('exports the call’s figures in its CSV', async () => {
    const request = { from: daysBefore(today, 29), to: today, clinicNums: [CLINIC] };
    const answer = await report(request);
    const link = await server.call<{ url: string }>('POST', '/api/reports/export', {
      token: admin,
      body: { report: 'paymentPlans', filters: request },
    });
    const text = await (await fetch(link.body.value!.url)).text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toContain('Past due,1,100.00');
    expect(lines).toContain('Past due 61–90 days,1,30.00');
    expect(lines).toContain('Collected on plans,1,103.00');
    const expected = [...paymentPlansReport.csv(answer.body.value!, request)].map((r) =>
      r.map(csvCell).join(','),
    );
    expect(lines).toEqual(expected);
  });
});

// ── Memberships ─────────────────────────────────────────────────────────────────────────────

const M_CLINIC = 9_138;

async function membershipOf(
  companyId: number,
  customerId: number,
  membership: {
    status: string;
    cycle: 'MONTHLY' | 'YEARLY';
    amount: number;
    startDate: string;
    renewsOn?: string;
    cancelledDate?: Date;
    expiredDate?: Date;
  },
  lines: { planId: number; qty: number }[] = [],
) {
  const [row] = await server.ctx.db
    .insert(customerMembershipBillings)
    .values({ companyId, customerId, renewalMode: 'CANCEL', ...membership })
    .returning();
  for (const line of lines) {
    await server.ctx.db.insert(customerMembershipBillingLines).values({
      customerMembershipBillingId: row!.id,
      membershipPlanId: line.planId,
      customerId,
      qty: line.qty,
      amount: membership.amount,
    });
  }
  return row!;
}

async function membershipsCall(body: Record<string, unknown>, token = admin) {
  return server.call<MembershipsReport>('POST', '/api/reports/memberships', { token, body });
}

describe('the Memberships report', () => {
  let family: number;
  let yearly: number;
  beforeAll(async () => {
    const holder = await customerIn(1, M_CLINIC);
    const elsewhere = await customerIn(2, M_CLINIC);
    const plans = await server.ctx.db
      .insert(membershipPlans)
      .values([
        { companyId: 1, label: 'Report Family', monthlyAmount: 5_000 },
        { companyId: 1, label: 'Report Yearly', yearlyAmount: 12_000 },
        { companyId: 2, label: 'Report Elsewhere', monthlyAmount: 9_000 },
      ])
      .returning();
    family = plans[0]!.id;
    yearly = plans[1]!.id;
    // Active since long before, two people, renewing in 10 days.
    await membershipOf(
      1,
      holder.id,
      {
        status: 'ACTIVE',
        cycle: 'MONTHLY',
        amount: 5_000,
        startDate: daysBefore(today, 100),
        renewsOn: daysBefore(today, -10),
      },
      [{ planId: family, qty: 2 }],
    );
    // New in the period, yearly: 12,000 a year is 1,000 a month.
    await membershipOf(
      1,
      holder.id,
      {
        status: 'ACTIVE',
        cycle: 'YEARLY',
        amount: 12_000,
        startDate: daysBefore(today, 5),
        renewsOn: daysBefore(today, -360),
      },
      [{ planId: yearly, qty: 1 }],
    );
    // Active at the start, canceled in the period: churn.
    await membershipOf(1, holder.id, {
      status: 'INACTIVE',
      cycle: 'MONTHLY',
      amount: 3_000,
      startDate: daysBefore(today, 200),
      cancelledDate: noonOf(daysBefore(today, 3)),
    });
    // Expired before the period; awaiting the patient; another practice's: none counts.
    await membershipOf(1, holder.id, {
      status: 'EXPIRED',
      cycle: 'MONTHLY',
      amount: 4_000,
      startDate: daysBefore(today, 300),
      expiredDate: noonOf(daysBefore(today, 50)),
    });
    await membershipOf(1, holder.id, {
      status: 'AWAITINGPATIENT',
      cycle: 'MONTHLY',
      amount: 6_000,
      startDate: daysBefore(today, 2),
    });
    await membershipOf(
      2,
      elsewhere.id,
      {
        status: 'ACTIVE',
        cycle: 'MONTHLY',
        amount: 9_000,
        startDate: daysBefore(today, 10),
        renewsOn: daysBefore(today, -5),
      },
      [{ planId: plans[2]!.id, qty: 1 }],
    );
    // Membership payments: one approved in the period, one declined, one before it; another practice's.
    await paymentOn(1, holder.id, null, 5_150, noonOf(daysBefore(today, 4)), 'APPROVED', 'MEMBERSHIP');
    await paymentOn(1, holder.id, null, 5_150, noonOf(daysBefore(today, 4)), 'DECLINED', 'MEMBERSHIP');
    await paymentOn(1, holder.id, null, 777, noonOf(daysBefore(today, 45)), 'APPROVED', 'MEMBERSHIP');
    await paymentOn(2, elsewhere.id, null, 9_000, noonOf(daysBefore(today, 4)), 'APPROVED', 'MEMBERSHIP');
  });

  it('answers each figure from the memberships of the clinics asked for', async () => {
    const res = await membershipsCall({ from: daysBefore(today, 29), to: today, clinicNums: [M_CLINIC] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.value).toEqual({
      active: 2,
      members: 3,
      activeAtStart: 2,
      new: 1,
      canceled: 1,
      churnPercent: 50,
      monthlyRecurringRevenue: 6_000,
      renewals: { count: 1, amount: 5_000 },
      collected: { count: 1, amount: 5_150 },
      byPlan: [
        { planId: family, label: 'Report Family', members: 2, monthlyRecurringRevenue: 5_000 },
        { planId: yearly, label: 'Report Yearly', members: 1, monthlyRecurringRevenue: 1_000 },
      ],
    });
  });

  it('counts a period that ended before the cancellation as active at its end, with no churn', async () => {
    const res = await membershipsCall({
      from: daysBefore(today, 40),
      to: daysBefore(today, 10),
      clinicNums: [M_CLINIC],
    });
    expect(res.body.value).toMatchObject({
      active: 2,
      new: 0,
      canceled: 0,
      churnPercent: 0,
      activeAtStart: 2,
    });
  });

  it('counts nothing for a clinic that is not the practice’s, and refuses a caller without VIEWDASHBOARD', async () => {
    const none = await membershipsCall({
      from: daysBefore(today, 29),
      to: today,
      clinicNums: [M_CLINIC + 1],
    });
    expect(none.body.value).toMatchObject({
      active: 0,
      churnPercent: null,
      monthlyRecurringRevenue: 0,
      byPlan: [],
    });
    const refused = await membershipsCall({ from: today, to: today }, await addonToken(server.url));
    expect(refused.status).toBe(403);
  });

  it('collects what the transactions list counts for the same days, the Membership source and the clinics', async () => {
    for (const filter of [
      { from: daysBefore(today, 29), to: today, clinicNums: [M_CLINIC] },
      { from: daysBefore(today, 29), to: today },
      { from: daysBefore(today, 60), to: daysBefore(today, 30), clinicNums: [M_CLINIC] },
    ]) {
      const res = await membershipsCall(filter);
      expect(res.body.value!.collected.count).toBe(await listCount('MEMBERSHIP', filter));
    }
  });

  it('exports the call’s figures in its CSV', async () => {
    const request = { from: daysBefore(today, 29), to: today, clinicNums: [M_CLINIC] };
    const answer = await membershipsCall(request);
    const link = await server.call<{ url: string }>('POST', '/api/reports/export', {
      token: admin,
      body: { report: 'memberships', filters: request },
    });
    const lines = (await (await fetch(link.body.value!.url)).text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toContain('Churn %,50.0');
    expect(lines).toContain('Monthly recurring revenue,60.00');
    expect(lines).toContain('Report Yearly,1,10.00');
    expect(lines).toContain('Collected on memberships,1');
    expect(lines).toContain('Collected on memberships (amount),51.50');
    expect(lines).toEqual(
      [...membershipsReport.csv(answer.body.value!, request)].map((r) => r.map(csvCell).join(',')),
    );
  });
});
