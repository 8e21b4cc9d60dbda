/**
 * Two server instances on one PostgreSQL, both billing timers on (every 50 ms) and both connectors
 * polling, the clock moved forward through one and then the other: every due cycle of card plans and
 * memberships is charged once (the provider's sales, the transactions, the ledger rows), posted to
 * the practice system once, the bell's past dues raised once a day, and the outbox written once per
 * message. Each instance reads the time the other moved (server/clock.ts); each job runs on one
 * instance at a time (server/jobs/jobClaim.ts).
 */
import { and, count, eq, gt, inArray, max, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerMembershipBilling, MembershipPlan } from '../../embed-sdk/contract/membership.js';
import {
  companyNotifications,
  customerMembershipBillings,
  outbox,
  paymentPlanDetails,
  practicePayments,
  practicePostings,
  transactions,
} from '../../server/db/schema/index.js';
import { addDays } from '../../server/domain/calendarDates.js';
import { chargeRecords } from '../support/chargeRecords.js';
import { CARDS, idempotencyKey, newCustomer } from '../support/payments.js';
import { newPlan, storedCard } from '../support/plans.js';
import { startPostgres, type TestPostgres } from '../support/postgres.js';
import { startTestServer, type TestServer } from '../support/server.js';

const TICK_MS = 50;
const DAY_MINUTES = 24 * 60;

let postgres: TestPostgres | undefined;
const servers: TestServer[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
  const env = { DATABASE_URL: postgres.url, BILLING_TIMER: 'on', PRACTICE_SYSTEM_CONNECTOR: 'on' };
  // The first one migrates and seeds the database; the second finds it ready.
  servers.push(await startTestServer(env, { billingIntervalMs: TICK_MS }));
  servers.push(await startTestServer(env, { billingIntervalMs: TICK_MS }));
}, 600_000);

afterAll(async () => {
  for (const server of servers) await server.close();
  await postgres?.stop();
});

async function clockOf(server: TestServer) {
  const { body } = await server.call<{ now: string; offsetMs: number }>('GET', '/sandbox/clock');
  return body.value!;
}

async function advanceMinutes(server: TestServer, minutes: number) {
  const { status, body } = await server.call('POST', '/sandbox/clock/advance', {
    token: await server.tokenFor('admin'),
    body: { minutes },
  });
  expect(status, JSON.stringify(body)).toBe(200);
}

async function enrolled(server: TestServer, admin: string, plan: MembershipPlan, card: string) {
  const customer = await newCustomer(server, admin);
  const saved = await storedCard(server, admin, customer.id, card);
  const { status, body } = await server.call<{ membership: CustomerMembershipBilling }>(
    'POST',
    '/api/customerMembershipBilling/enroll',
    {
      token: admin,
      headers: idempotencyKey(),
      body: {
        customerId: customer.id,
        enrollees: [{ customerId: customer.id, membershipPlanId: plan.id, qty: 1 }],
        cycle: 'MONTHLY',
        startDate: server.ctx.clock.today(),
        approveBy: 'NOW',
        customerSavedCardId: saved.id,
        approvalMethod: 'SIGNATURE',
        signature: `${customer.firstName} ${customer.lastName}`,
      },
    },
  );
  expect(status, JSON.stringify(body)).toBe(200);
  return { membership: body.value!.membership, cardId: saved.id };
}

async function waitFor(what: string, done: () => Promise<boolean>, ms = 30_000) {
  const until = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > until) throw new Error(`Still waiting after ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('two instances on one PostgreSQL, both billing', () => {
  it('read one clock, and charge, post and notify each due cycle once', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const db = a.ctx.db;
    const admin = await a.tokenFor('admin');

    // Card plans (monthly, from tomorrow; one card declines) and monthly memberships, made through A.
    const plans: { id: number; cardId: number; declines: boolean }[] = [];
    for (const card of [CARDS.visa, CARDS.mastercard, CARDS.visa, CARDS.declined]) {
      const customer = await newCustomer(a, admin);
      const saved = await storedCard(a, admin, customer.id, card);
      const plan = await newPlan(a, admin, {
        customerId: customer.id,
        total: 30_000,
        cycleCount: 3,
        firstBillingDate: addDays(a.ctx.clock.today(), 1),
        customerSavedCardId: saved.id,
      });
      plans.push({ id: plan.id, cardId: saved.id, declines: card === CARDS.declined });
    }
    const { body: made } = await a.call<MembershipPlan>('POST', '/api/membershipPlan/create', {
      token: admin,
      body: {
        label: 'Two instances club',
        description: 'Cleanings and exams.',
        benefits: ['2 cleanings a year'],
        monthlyAmount: 3_000,
        yearlyAmount: 30_000,
        discountPlan: 'Club 20%',
      },
    });
    const memberships = [];
    for (const card of [CARDS.visa, CARDS.mastercard, CARDS.visa]) {
      memberships.push(await enrolled(a, admin, made.value!, card));
    }
    const outboxBefore = await db.select().from(outbox);
    // What the seed wrote is the demo's history, not these instances' work: a plan the seed declined
    // before 07:00 has its repeat at 07:00 the same day, rightly (seen at 01:15 UTC).
    const [seeded] = await db.select({ last: max(companyNotifications.id) }).from(companyNotifications);

    // The clock moved through A, then through B: each sees what the other did, and bills with it.
    // To noon tomorrow first, so that no day of the test straddles the 07:00 past-due repeat.
    const start = await clockOf(a);
    const now = new Date(start.now);
    const noon = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 12);
    const toNoon = Math.ceil((noon.getTime() - now.getTime()) / 60_000);
    await advanceMinutes(a, toNoon);
    expect((await clockOf(b)).offsetMs).toBe((await clockOf(a)).offsetMs);
    await advanceMinutes(b, 31 * DAY_MINUTES);
    await advanceMinutes(a, 31 * DAY_MINUTES);
    const moved = await clockOf(b);
    expect(moved.offsetMs - start.offsetMs).toBe((toNoon + 62 * DAY_MINUTES) * 60_000);
    expect((await clockOf(a)).offsetMs).toBe(moved.offsetMs);

    // 63 days on: three cycles of each plan (tomorrow, +1 month, +2 months) and three of each
    // membership (the enrolment, +1 month, +2 months) are due; the timers keep running meanwhile.
    const planIds = plans.map((p) => p.id);
    const membershipIds = memberships.map((m) => m.membership.id);
    await waitFor('every due plan cycle processed', async () => {
      const [open] = await db
        .select({ n: count() })
        .from(paymentPlanDetails)
        .where(
          and(
            inArray(paymentPlanDetails.paymentPlanId, planIds),
            eq(paymentPlanDetails.processedToLedger, false),
          ),
        );
      return open!.n === 0;
    });
    await waitFor('every membership cycle charged', async () => {
      const [n] = await db
        .select({ n: count() })
        .from(transactions)
        .where(inArray(transactions.customerMembershipBillingId, membershipIds));
      return n!.n === 3 * memberships.length;
    });
    // The postings (due 3 s after each payment) are made by the connectors of both instances.
    await waitFor(
      'every posting made',
      async () => {
        const [pending] = await db
          .select({ n: count() })
          .from(practicePostings)
          .where(eq(practicePostings.state, 'PENDING'));
        return pending!.n === 0;
      },
      20_000,
    );
    // More ticks of both timers and connectors: nothing more may happen.
    await new Promise((r) => setTimeout(r, 1_500));

    for (const plan of plans) {
      const { charged, sales, ledger } = await chargeRecords(db, { paymentPlanId: plan.id }, plan.cardId);
      // A declined cycle is past due and not charged again by the run (a retry is staff's).
      expect(charged.map((t) => t.status)).toEqual(Array(3).fill(plan.declines ? 'DECLINED' : 'APPROVED'));
      expect(new Set(charged.map((t) => t.chargeKey)).size).toBe(3);
      expect(sales.map((s) => s.referenceId).sort()).toEqual(charged.map((t) => t.referenceId).sort());
      expect(ledger.map((l) => l.transactionId).sort()).toEqual(charged.map((t) => t.id).sort());
    }

    for (const { membership, cardId } of memberships) {
      const { charged, sales } = await chargeRecords(
        db,
        { customerMembershipBillingId: membership.id },
        cardId,
      );
      expect(charged.map((t) => t.status)).toEqual(['APPROVED', 'APPROVED', 'APPROVED']);
      expect(sales.map((s) => s.referenceId).sort()).toEqual(charged.map((t) => t.referenceId).sort());
      const [after] = await db
        .select()
        .from(customerMembershipBillings)
        .where(eq(customerMembershipBillings.id, membership.id));
      expect(after).toMatchObject({ status: 'ACTIVE', balance: 0, pendingCharge: null });
    }

    // Each payment of a patient is in the practice system once (plans and memberships alike).
    const payments = await db
      .select({ id: transactions.id })
      .from(transactions)
      .where(
        and(
          eq(transactions.status, 'APPROVED'),
          or(
            inArray(transactions.paymentPlanId, planIds),
            inArray(transactions.customerMembershipBillingId, membershipIds),
          ),
        ),
      );
    const posted = await db
      .select({ transactionId: practicePayments.transactionId })
      .from(practicePayments)
      .where(
        inArray(
          practicePayments.transactionId,
          payments.map((p) => p.id),
        ),
      );
    expect(posted.map((p) => p.transactionId).sort()).toEqual(payments.map((p) => p.id).sort());

    // The bell: one past due per decline, and the morning repeat at most once a day per plan, over
    // every plan of the database (the demo's past-due plans are swept by both instances too).
    const pastDues = await db
      .select()
      .from(companyNotifications)
      .where(
        and(
          eq(companyNotifications.type, 'PAYMENTPLAN_PASTDUE'),
          gt(companyNotifications.id, seeded?.last ?? 0),
        ),
      );
    const perPlanAndDay = new Map<string, number>();
    for (const n of pastDues) {
      const key = `${n.paymentPlanId}:${n.dateTime.toDateString()}`;
      perPlanAndDay.set(key, (perPlanAndDay.get(key) ?? 0) + 1);
    }
    const declined = plans.find((p) => p.declines)!;

    expect(pastDues.filter((n) => n.paymentPlanId === declined.id)).toHaveLength(3);
    expect([...perPlanAndDay].filter(([, n]) => n > 1)).toEqual([]);

    // Billing sends no text or e-mail; what was written before is there once, and nothing more.
    const outboxAfter = await db.select().from(outbox);
    expect(outboxAfter.map((m) => m.id).sort()).toEqual(outboxBefore.map((m) => m.id).sort());
  }, 120_000);
});
