/**
 * GET /api/dashboard/summary against a real server on the seeded data. Every figure is checked
 * against what the test works out itself from the rows (loaded whole and summed here, with its own
 * period arithmetic), plus the seed's named cases that need attention. Also the role rule, practice
 * isolation, and that moving the sandbox clock moves "today".
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collections, DashboardSummary } from '../../embed-sdk/contract/dashboard.js';
import { summary } from '../../embed-sdk/contract/dashboard.js';
import type { Db } from '../../server/db/client.js';
import {
  customerMembershipBillings,
  paymentPlanDetails,
  paymentPlans,
  paymentRequests,
  refunds,
  savedCards,
  transactions,
  userCompanies,
  users,
} from '../../server/db/schema/index.js';
import { OPEN_REQUESTS } from '../../server/db/seed/paymentRequests.js';
import { PRACTICES } from '../../server/db/seed/practices.js';
import { TERMS_VERSION } from '../../server/admin/platform/builtInTerms.js';
import { responseSchema } from '../../server/http/route.js';
import { hashPassword } from '../../server/identity/passwords.js';
import { addonToken } from '../support/practiceAddon.js';
import { startTestServer, type TestServer } from '../support/server.js';

const PATH = '/api/dashboard/summary';
const { brightSmiles, cedarFamily } = PRACTICES;

let server: TestServer;
const db = (): Db => server.ctx.db;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function summaryFor(token: string): Promise<DashboardSummary> {
  const { status, body } = await server.call<DashboardSummary>('GET', PATH, { token });
  expect(status).toBe(200);
  expect(responseSchema(summary).safeParse(body).success).toBe(true);
  return body.value!;
}

// ── What the test expects, worked out from the rows ─────────────────────────────────────────────

/** Local midnight of today, of this week's Monday and of the 1st, stepping back a day at a time. */
function periodStarts(asOf: Date) {
  const today = new Date(asOf);
  today.setHours(0, 0, 0, 0);
  const monday = new Date(today);
  while (monday.getDay() !== 1) monday.setDate(monday.getDate() - 1);
  const first = new Date(today);
  first.setDate(1);
  return { today, week: monday, month: first };
}

const dateOf = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

const methodOf = (t: { fundingSource: string; cardType: string | null }) =>
  t.fundingSource === 'CARD' ? (t.cardType ?? 'CARD') : t.fundingSource;

const empty = (): Collections => ({ count: 0, collected: 0, refunded: 0, net: 0, surcharge: 0 });

async function expectedCollections(companyId: number, asOf: Date) {
  const payments = await db().select().from(transactions).where(eq(transactions.companyId, companyId));
  const givenBack = await db()
    .select({ refund: refunds, payment: transactions })
    .from(refunds)
    .innerJoin(transactions, eq(transactions.id, refunds.transactionId))
    .where(eq(refunds.companyId, companyId));
  const starts = periodStarts(asOf);
  const within = (at: Date, from: Date) => at >= from && at <= asOf;

  const result = {} as Record<
    keyof typeof starts,
    {
      startDate: string;
      totals: Collections;
      bySource: Map<string, Collections>;
      byMethod: Map<string, Collections>;
    }
  >;
  for (const [period, from] of Object.entries(starts) as [keyof typeof starts, Date][]) {
    const totals = empty();
    const bySource = new Map<string, Collections>();
    const byMethod = new Map<string, Collections>();
    const add = (key: { source: string; method: string }, f: (c: Collections) => void) => {
      for (const c of [
        totals,
        bySource.get(key.source) ?? bySource.set(key.source, empty()).get(key.source)!,
        byMethod.get(key.method) ?? byMethod.set(key.method, empty()).get(key.method)!,
      ])
        f(c);
    };
    for (const t of payments) {
      if (t.status !== 'APPROVED' || !within(t.created, from)) continue;
      add({ source: t.source, method: methodOf(t) }, (c) => {
        c.count += 1;
        c.collected += t.amount;
        c.net += t.amount;
        c.surcharge += t.surchargeAmount;
      });
    }
    for (const { refund, payment } of givenBack) {
      if (!within(refund.created, from)) continue;
      add({ source: payment.source, method: methodOf(payment) }, (c) => {
        c.refunded += refund.amount;
        c.net -= refund.amount;
        c.surcharge -= refund.surchargeAmount;
      });
    }
    result[period] = { startDate: dateOf(from), totals, bySource, byMethod };
  }
  return result;
}

function expectPeriodsToMatch(
  actual: DashboardSummary,
  expected: Awaited<ReturnType<typeof expectedCollections>>,
) {
  for (const period of ['today', 'week', 'month'] as const) {
    const got = actual.periods[period];
    const want = expected[period];
    expect(got.startDate, period).toBe(want.startDate);
    expect(got.totals, period).toEqual(want.totals);
    expect(Object.fromEntries(got.bySource.map(({ source, ...c }) => [source, c])), period).toEqual(
      Object.fromEntries(want.bySource),
    );
    expect(Object.fromEntries(got.byMethod.map(({ method, ...c }) => [method, c])), period).toEqual(
      Object.fromEntries(want.byMethod),
    );
    // Largest net first, for the charts.
    for (const list of [got.bySource, got.byMethod]) {
      expect(list.map((c) => c.net)).toEqual([...list.map((c) => c.net)].sort((a, b) => b - a));
    }
  }
}

async function expectedAttention(companyId: number) {
  const requests = await db().select().from(paymentRequests).where(eq(paymentRequests.companyId, companyId));
  const open = requests.filter((r) => r.paid === null && r.cancelled === null);

  const details = await db()
    .select({ planId: paymentPlans.id, status: paymentPlans.status, detail: paymentPlanDetails })
    .from(paymentPlanDetails)
    .innerJoin(paymentPlans, eq(paymentPlans.id, paymentPlanDetails.paymentPlanId))
    .where(eq(paymentPlans.companyId, companyId));
  const pastDue = new Map<number, number>();
  for (const { planId, status, detail } of details) {
    if (status !== 'ACTIVE' || !detail.processedToLedger || detail.disposition !== 'DECLINED') continue;
    pastDue.set(planId, (pastDue.get(planId) ?? 0) + detail.amountDue);
  }

  const memberships = await db()
    .select({ m: customerMembershipBillings, card: savedCards })
    .from(customerMembershipBillings)
    .leftJoin(savedCards, eq(savedCards.id, customerMembershipBillings.customerSavedCardId))
    .where(eq(customerMembershipBillings.companyId, companyId));
  const reasons = memberships.map(({ m, card }) => {
    // Good through the last day of its expiry month: declined from the 1st of the month after.
    const firstDayDeclined = card && dateOf(new Date(card.expYear, card.expMonth, 1));
    // Each membership under its most pressing reason (issue 31: the parts add up to the whole, and
    // each is the Memberships page's filter of that name): a past-due one is not counted again for
    // its card, and every membership awaiting the patient counts, as the Awaiting filter lists them.
    const pastDue = m.status === 'ACTIVE' && m.balance > 0;
    return {
      pastDue,
      cardExpiring:
        m.status === 'ACTIVE' &&
        !pastDue &&
        m.nextBillingDate !== null &&
        (!card || !card.isActive || m.nextBillingDate >= firstDayDeclined!),
      awaitingPatient: m.status === 'AWAITINGPATIENT',
    };
  });
  const countOf = (f: (r: (typeof reasons)[number]) => boolean) => reasons.filter(f).length;
  return {
    openPaymentRequests: { count: open.length, amount: open.reduce((s, r) => s + r.amount, 0) },
    pastDuePaymentPlans: {
      count: pastDue.size,
      amount: [...pastDue.values()].reduce((s, a) => s + a, 0),
    },
    membershipsNeedingAttention: {
      count: countOf((r) => r.pastDue || r.cardExpiring || r.awaitingPatient),
      pastDue: countOf((r) => r.pastDue),
      cardExpiring: countOf((r) => r.cardExpiring),
      awaitingPatient: countOf((r) => r.awaitingPatient),
    },
  };
}

// ── The tests ────────────────────────────────────────────────────────────────────────────────────

describe("the practice's collections", () => {
  it('match the payments and refunds of today, this week and this month, by source and by method', async () => {
    const value = await summaryFor(await server.tokenFor('frontdesk'));
    const asOf = new Date(value.asOf);
    expect(Math.abs(asOf.getTime() - server.ctx.clock.now().getTime())).toBeLessThan(60_000);
    expectPeriodsToMatch(value, await expectedCollections(brightSmiles, asOf));
    // 92 days of history: the month always has payments.
    expect(value.periods.month.totals.count).toBeGreaterThan(0);
    expect(value.periods.month.totals.net).toBe(
      value.periods.month.totals.collected - value.periods.month.totals.refunded,
    );
  });

  it('start the week on Monday and the month on the 1st, around today', async () => {
    const value = await summaryFor(await server.tokenFor('frontdesk'));
    const { today, week, month } = value.periods;
    expect(today.startDate).toBe(server.ctx.clock.today());
    expect(new Date(`${week.startDate}T12:00:00`).getDay()).toBe(1);
    expect(week.startDate <= today.startDate).toBe(true);
    expect(month.startDate).toBe(`${today.startDate.slice(0, 8)}01`);
  });
});

describe('what needs attention', () => {
  it('counts open requests, past-due plans and memberships as the rows say', async () => {
    const value = await summaryFor(await server.tokenFor('frontdesk'));
    expect(value.attention).toEqual(await expectedAttention(brightSmiles));
  });

  it("finds the seed's named cases at Bright Smiles", async () => {
    const { attention } = await summaryFor(await server.tokenFor('frontdesk'));
    expect(attention.openPaymentRequests.count).toBe(OPEN_REQUESTS[brightSmiles]!.open);
    // John Smith's two weekly cycles ($120.00), a biweekly and a monthly plan one cycle behind.
    expect(attention.pastDuePaymentPlans.count).toBe(3);
    expect(attention.pastDuePaymentPlans.amount).toBeGreaterThan(12_000);
    // The expired card (past due, so counted there only) and the declined new member, two cards
    // expiring before their next billing, and the two enrollments not completed (one past its start
    // date): the parts add up to the whole.
    expect(attention.membershipsNeedingAttention).toEqual({
      count: 6,
      pastDue: 2,
      cardExpiring: 2,
      awaitingPatient: 2,
    });
  });
});

describe('who may see it', () => {
  it('refuses a caller without VIEWDASHBOARD with the 403 envelope every role check gives', async () => {
    // The practice add-on's integration token has request and plan roles, not the dashboard.
    const accessToken = await addonToken(server.url);
    const refused = await server.call('GET', PATH, { token: accessToken });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      isSuccess: false,
      value: null,
      errors: ['This needs the VIEWDASHBOARD role.'],
      showMessage: true,
    });

    // A person of the practice without the role gets the same answer.
    const [billing] = await db()
      .insert(users)
      .values({
        email: 'billing@chairside.test',
        passwordHash: await hashPassword('demo'),
        firstName: 'Bill',
        lastName: 'Ing',
        termsAcceptedAt: server.ctx.clock.now(),
        termsAcceptedVersion: TERMS_VERSION,
        currentCompanyId: brightSmiles,
      })
      .returning({ id: users.id });
    await db()
      .insert(userCompanies)
      .values({ userId: billing!.id, companyId: brightSmiles, roles: ['VIEWPAYMENTREQUESTS'] });
    const person = (await server.signIn('billing@chairside.test')).access_token;
    const again = await server.call('GET', PATH, { token: person });
    expect(again.status).toBe(403);
    expect(again.body).toEqual(refused.body);
  });

  it('asks for a signed-in caller', async () => {
    const anonymous = await server.call('GET', PATH);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ isSuccess: false, value: null });
  });

  it('lets the viewer (view roles only) see the dashboard of their practice, Cedar', async () => {
    const value = await summaryFor(await server.tokenWithTerms('viewer'));
    expectPeriodsToMatch(value, await expectedCollections(cedarFamily, new Date(value.asOf)));
    expect(value.attention).toEqual(await expectedAttention(cedarFamily));
    expect(value.attention.openPaymentRequests.count).toBe(OPEN_REQUESTS[cedarFamily]!.open);
  });

  it("shows an admin switched to practice 2 that practice's numbers only", async () => {
    const token = (await server.signIn('admin@chairside.test')).access_token;
    const bright = await summaryFor(token);
    const switched = await server.call('POST', '/api/auth/login-company', { token, body: { companyId: 2 } });
    expect(switched.status).toBe(200);
    const cedar = await summaryFor(token);
    expectPeriodsToMatch(cedar, await expectedCollections(cedarFamily, new Date(cedar.asOf)));
    expect(cedar.attention).toEqual(await expectedAttention(cedarFamily));
    expect(cedar.periods.month.totals).not.toEqual(bright.periods.month.totals);
    expect(cedar.attention).not.toEqual(bright.attention);
    // Cedar does not surcharge: no surcharge anywhere in its figures.
    expect(cedar.periods.month.totals.surcharge).toBe(0);
  });
});

describe('the sandbox clock', () => {
  it('moves "today": after a day, today holds only what happened since the new midnight', async () => {
    const token = await server.tokenFor('frontdesk');
    const before = await summaryFor(token);
    const admin = (await server.signIn('admin@chairside.test')).access_token;
    const advanced = await server.call('POST', '/sandbox/clock/advance', { token: admin, body: { days: 1 } });
    expect(advanced.status).toBe(200);

    const after = await summaryFor(token);
    const tomorrow = new Date(new Date(before.asOf).getTime() + 24 * 60 * 60_000);
    expect(after.periods.today.startDate).toBe(dateOf(tomorrow));
    expect(Math.abs(new Date(after.asOf).getTime() - tomorrow.getTime())).toBeLessThan(60_000);
    // Nothing was paid "tomorrow" yet.
    expect(after.periods.today.totals).toEqual(empty());

    // A cash payment at the desk on the new day counts today; it is in no period of yesterday's view.
    const at = new Date(server.ctx.clock.now().getTime() - 60_000);
    await db().insert(transactions).values({
      companyId: brightSmiles,
      referenceId: 'DASHBD-TEST-0000-0001',
      transactionResultId: 'dashboard-test',
      status: 'APPROVED',
      amount: 12_345,
      orderAmount: 12_345,
      fundingSource: 'CASH',
      source: 'VIRTUALTERMINAL',
      created: at,
    });
    const later = await summaryFor(token);
    expect(later.periods.today.totals).toEqual({
      count: 1,
      collected: 12_345,
      refunded: 0,
      net: 12_345,
      surcharge: 0,
    });
    expect(later.periods.today.bySource).toEqual([
      { source: 'VIRTUALTERMINAL', count: 1, collected: 12_345, refunded: 0, net: 12_345, surcharge: 0 },
    ]);
    expect(later.periods.today.byMethod.map((m) => m.method)).toEqual(['CASH']);
    expectPeriodsToMatch(later, await expectedCollections(brightSmiles, new Date(later.asOf)));
  });

  it('is the time the configuration gives browsers, so widgets count days as the server does', async () => {
    const { body } = await server.call<{ now: string }>('GET', '/api/configuration');
    const given = Date.parse(body.value!.now);
    expect(Math.abs(given - server.ctx.clock.now().getTime())).toBeLessThan(60_000);
    // The clock was moved a day ahead above: the browser's clock would be a day behind.
    expect(given - Date.now()).toBeGreaterThan(23 * 60 * 60_000);
  });
});
