/**
 * Issue 30 (item 7): every call that charges a card, cut off by a server that stopped before the card
 * provider was asked (afterClaim), after it answered (afterCharge) or after the payment was recorded
 * (afterRecord), and sent again with its Idempotency-Key: one charge at the provider, one
 * transaction, the same answer to every replay. A charge the provider made that nothing recorded is
 * recorded by the next start's recovery pass, with no replay at all.
 *
 * Played in one process, as tests/api/interrupted-requests.test.ts does (tests/support/interrupted.ts):
 * the stopped server is a dead boot id on the request's key and on its charge's claim, the point
 * where it stopped a seam that does not return, and its next start the recovery pass a start runs
 * (`interruptedChargesJob`). One server serves the file: each test makes its own patient, card and
 * record, and counts what the provider and Chairside add. The same with a real kill -9:
 * tests/api/killed-mid-charge.test.ts.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerMembershipBilling, MembershipPlan } from '../../embed-sdk/contract/membership.js';
import type { PaymentPlan } from '../../embed-sdk/contract/paymentPlan.js';
import { asPracticeId } from '../../server/db/scope.js';
import { providerCharges, transactions } from '../../server/db/schema/index.js';
import { addDays } from '../../server/domain/calendarDates.js';
import { interruptedChargesJob } from '../../server/jobs/index.js';
import { runJob } from '../../server/jobs/jobClaim.js';
import { chargeSeam as membershipSeam } from '../../server/memberships/charges.js';
import { updateMembership } from '../../server/memberships/store.js';
import { chargeSeam as planSeam } from '../../server/payment-plans/charges.js';
import { chargeSeam as requestSeam } from '../../server/transactions/requestCharges.js';
import { claimsLeftByDeadServer, leftInFlightByDeadServer, stopAt } from '../support/interrupted.js';
import {
  BRIGHT_SMILES,
  CARDS,
  createRequest,
  idempotencyKey,
  newCustomer,
  nonceFor,
  outbox,
} from '../support/payments.js';
import { newPlan, storedCard } from '../support/plans.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let admin: string;
let frontdesk: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, frontdesk] = await Promise.all([server.tokenFor('admin'), server.tokenFor('frontdesk')]);
});
afterAll(() => server?.close());
afterEach(() => {
  for (const seams of [planSeam, membershipSeam, requestSeam]) {
    seams.afterClaim = null;
    seams.afterCharge = null;
    seams.afterRecord = null;
  }
});

type Key = Record<string, string>;
type Answer = { status: number; body: { isSuccess: boolean; value: unknown; errors: string[] } };
type Seams = typeof planSeam | typeof membershipSeam | typeof requestSeam;
type Point = 'afterClaim' | 'afterCharge' | 'afterRecord';

interface CardCall {
  /** Whose claim the charge takes (the seams that stop it). */
  seams: Seams;
  /** Makes what the call needs (its own patient, card, record) and gives the request to send. */
  prepare(): Promise<(key: Key) => Promise<Answer>>;
  /** The charge's outcome in the call's answer. */
  outcome(value: never): { isApproved: boolean | undefined; referenceId: string | null | undefined };
}

const post = (path: string, token: string | undefined, body: unknown) => (key: Key) =>
  server.call('POST', path, { token, headers: key, body }) as Promise<Answer>;

async function value<T>(res: Promise<{ status: number; body: { value: unknown; errors: string[] } }>) {
  const { status, body } = await res;
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.value, JSON.stringify(body.errors)).not.toBeNull();
  return body.value as T;
}

async function membershipPlan() {
  return value<MembershipPlan>(
    server.call('POST', '/api/membershipPlan/create', {
      token: admin,
      body: {
        label: `Interrupted ${Math.random().toString(36).slice(2, 8)}`,
        description: 'Cleanings and exams.',
        benefits: ['2 cleanings a year'],
        monthlyAmount: 3000,
        yearlyAmount: 30000,
        discountPlan: 'Club 20%',
      },
    }),
  );
}

/** A patient with a Visa on file, enrolled now on a plan of their own: charged today or not at all. */
async function enrolment(opts: { cycle: 'MONTHLY' | 'YEARLY'; startDate: string }) {
  const plan = await membershipPlan();
  const customer = await newCustomer(server, admin);
  const card = await storedCard(server, admin, customer.id, CARDS.visa);
  const body = {
    customerId: customer.id,
    enrollees: [{ customerId: customer.id, membershipPlanId: plan.id, qty: 1 }],
    cycle: opts.cycle,
    startDate: opts.startDate,
    approveBy: 'NOW',
    customerSavedCardId: card.id,
    approvalMethod: 'SIGNATURE',
    signature: `${customer.firstName} ${customer.lastName}`,
  };
  return { body, customer };
}

async function enrolled(opts: { cycle: 'MONTHLY' | 'YEARLY' }) {
  const { body } = await enrolment({ ...opts, startDate: addDays(server.ctx.clock.today(), 5) });
  const made = await value<{ membership: CustomerMembershipBilling }>(
    post('/api/customerMembershipBilling/enroll', admin, body)(idempotencyKey()),
  );
  return made.membership;
}

/** A card plan of a new patient, nothing due before ten days. */
async function cardPlan() {
  const customer = await newCustomer(server, frontdesk);
  const card = await storedCard(server, frontdesk, customer.id, CARDS.visa);
  const plan = await newPlan(server, frontdesk, {
    customerId: customer.id,
    total: 60_000,
    cycleCount: 3,
    firstBillingDate: addDays(server.ctx.clock.today(), 10),
    customerSavedCardId: card.id,
  });
  return { plan, card };
}

type Outcome = { isApproved: boolean; referenceId: string | null };

const CALLS: [string, CardCall][] = [
  [
    'the virtual terminal (a card entered at the desk)',
    {
      seams: requestSeam,
      async prepare() {
        const customer = await newCustomer(server, frontdesk);
        const nonce = await nonceFor(server, CARDS.visa);
        const desk = { customerId: customer.id, amount: 11_100, nonce };
        const quote = await value<{ total: number }>(
          server.call('POST', '/api/transaction/virtualTerminal/quote', { token: frontdesk, body: desk }),
        );
        return post('/api/transaction/virtualTerminal', frontdesk, {
          ...desk,
          total: quote.total,
          storeCard: true,
        });
      },
      outcome: (v: Outcome) => v,
    },
  ],
  [
    'the public payment page',
    {
      seams: requestSeam,
      async prepare() {
        const customer = await newCustomer(server, frontdesk);
        const { linkToken } = await createRequest(server, frontdesk, customer, 12_550);
        const nonce = await nonceFor(server, CARDS.visa);
        const quote = await value<{ total: number }>(
          server.call('POST', '/api/public/paymentRequest/quote', { body: { token: linkToken, nonce } }),
        );
        return post('/api/public/paymentRequest/pay', undefined, {
          token: linkToken,
          nonce,
          total: quote.total,
        });
      },
      outcome: (v: Outcome) => v,
    },
  ],
  [
    'New Membership, approved now and starting today (its first charge)',
    {
      seams: membershipSeam,
      async prepare() {
        const { body } = await enrolment({ cycle: 'MONTHLY', startDate: server.ctx.clock.today() });
        return post('/api/customerMembershipBilling/enroll', admin, body);
      },
      outcome: (v: { outcome: Outcome }) => v.outcome,
    },
  ],
  [
    'the enrolment page (its first charge)',
    {
      seams: membershipSeam,
      async prepare() {
        const plan = await membershipPlan();
        const holder = await newCustomer(server, admin);
        await value(
          post('/api/customerMembershipBilling/enroll', admin, {
            customerId: holder.id,
            enrollees: [{ customerId: holder.id, membershipPlanId: plan.id, qty: 1 }],
            cycle: 'MONTHLY',
            startDate: server.ctx.clock.today(),
            approveBy: 'LINK',
            notifyEmail: true,
            email: holder.email,
            notifyText: false,
          })(idempotencyKey()),
        );
        const sent = (await outbox(server)).find(
          (m) => m.recipient === holder.email && m.link?.includes('/enroll/'),
        );
        const token = sent!.link!.split('/enroll/')[1]!;
        const nonce = await nonceFor(server, CARDS.visa);
        return post('/api/public/membershipEnrollment/complete', undefined, {
          token,
          nonce,
          signature: `${holder.firstName} ${holder.lastName}`,
        });
      },
      outcome: (v: { outcome: Outcome }) => v.outcome,
    },
  ],
  [
    "Process Past Due (a membership's Make Payment For)",
    {
      seams: membershipSeam,
      async prepare() {
        const membership = await enrolled({ cycle: 'MONTHLY' });
        return post('/api/customerMembershipBilling/processPayment', frontdesk, {
          id: membership.id,
          amount: 1_500,
        });
      },
      outcome: (v: Outcome) => v,
    },
  ],
  [
    'Restart Membership (an expired yearly membership)',
    {
      seams: membershipSeam,
      async prepare() {
        const membership = await enrolled({ cycle: 'YEARLY' });
        // As the billing run leaves a yearly term that ended unrenewed.
        await updateMembership(server.ctx.db, asPracticeId(BRIGHT_SMILES.id), membership.id, {
          status: 'EXPIRED',
          renewalMode: 'EXPIRING',
          nextBillingDate: null,
          expiredDate: server.ctx.clock.now(),
        });
        return post('/api/customerMembershipBilling/restartExpiredYearlyMembership', frontdesk, {
          id: membership.id,
        });
      },
      outcome: (v: Outcome) => v,
    },
  ],
  [
    'New Payment Plan with a down payment (its first payment)',
    {
      seams: planSeam,
      async prepare() {
        const customer = await newCustomer(server, frontdesk);
        const card = await storedCard(server, frontdesk, customer.id, CARDS.visa);
        return post('/api/paymentPlan/create', frontdesk, {
          approvedMethod: 'VERBAL',
          customerId: customer.id,
          total: 60_000,
          downPayment: 10_000,
          cycleCount: 3,
          firstBillingDate: addDays(server.ctx.clock.today(), 10),
          customerSavedCardId: card.id,
        });
      },
      outcome: (plan: PaymentPlan) => {
        const down = plan.paymentPlanDetails.find((d) => d.isDownPayment)!;
        return { isApproved: down.disposition === 'APPROVED', referenceId: down.referenceId };
      },
    },
  ],
  [
    "a plan's Make a Payment (card on file)",
    {
      seams: planSeam,
      async prepare() {
        const { plan, card } = await cardPlan();
        return post('/api/PaymentPlan/processBalance', frontdesk, {
          paymentPlanId: plan.id,
          paymentType: 'CARDONFILE',
          customerSavedCardId: card.id,
          amount: 7_000,
        });
      },
      outcome: (v: { outcome: Outcome }) => v.outcome,
    },
  ],
  [
    "a plan's Process Payment (the next scheduled payment now)",
    {
      seams: planSeam,
      async prepare() {
        const { plan } = await cardPlan();
        const next = plan.paymentPlanDetails.find((d) => !d.processedToLedger && d.amountDue > 0)!;
        return post('/api/paymentplan/processPaymentNow', frontdesk, { paymentPlanDetailId: next.id });
      },
      outcome: (v: { outcome: Outcome }) => v.outcome,
    },
  ],
  [
    "a plan's Process Declines (a declined payment on another card)",
    {
      seams: planSeam,
      async prepare() {
        const customer = await newCustomer(server, frontdesk);
        const declining = await storedCard(server, frontdesk, customer.id, CARDS.declined);
        const plan = await newPlan(server, frontdesk, {
          customerId: customer.id,
          total: 60_000,
          downPayment: 10_000,
          cycleCount: 3,
          firstBillingDate: addDays(server.ctx.clock.today(), 10),
          customerSavedCardId: declining.id,
        });
        expect(plan.balancePastDue).toBe(10_000);
        const card = await storedCard(server, frontdesk, customer.id, CARDS.visa);
        await value(
          server.call('POST', '/api/paymentPlan/setCustomerSavedCard', {
            token: frontdesk,
            body: { paymentPlanId: plan.id, customerSavedCardId: card.id },
          }),
        );
        return post(`/api/paymentPlan/processDeclines?paymentPlanId=${plan.id}`, frontdesk, undefined);
      },
      outcome: (v: { results: Outcome[] }) => {
        expect(v.results).toHaveLength(1);
        return v.results[0]!;
      },
    },
  ],
];

/** Every sale the card provider made, and every card payment Chairside recorded. */
async function counts() {
  const [sales] = await server.ctx.db
    .select({ n: count() })
    .from(providerCharges)
    .where(eq(providerCharges.kind, 'SALE'));
  const [recorded] = await server.ctx.db
    .select({ n: count() })
    .from(transactions)
    .where(eq(transactions.fundingSource, 'CARD'));
  return { sales: sales!.n, transactions: recorded!.n };
}

/** What a server does as it starts: the recovery pass records the charges a stopped one left. */
const nextStart = () => runJob(server.ctx, interruptedChargesJob, { wait: true });

describe.each(CALLS)('%s, cut off by a server that stopped', (_, call) => {
  it.each([
    ['afterClaim', 'before the provider was asked: the replay charges it once'],
    ['afterCharge', 'after the provider answered: the next start records it unasked, the replay answers it'],
    ['afterRecord', 'after the payment was recorded: the replay answers it'],
  ] as [Point, string][])('stopped %s, %s', async (point) => {
    const send = await call.prepare();
    const before = await counts();
    const oneMore = { sales: before.sales + 1, transactions: before.transactions + 1 };
    const key = idempotencyKey();
    const stop = stopAt(call.seams, point);
    const stopped = send(key);
    await stop.hit;
    // Killed there: its key and its claim are a dead server's.
    await leftInFlightByDeadServer(server, key);
    await claimsLeftByDeadServer(server);

    if (point === 'afterCharge') {
      expect(await counts()).toEqual({ ...oneMore, transactions: before.transactions });
      await nextStart();
      expect(await counts()).toEqual(oneMore);
    }

    const t0 = performance.now();
    const retry = await send(key);
    expect(performance.now() - t0).toBeLessThan(2_000);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.isSuccess, JSON.stringify(retry.body.errors)).toBe(true);
    const outcome = call.outcome(retry.body.value as never);
    expect(outcome.isApproved).toBe(true);
    expect(await counts()).toEqual(oneMore);
    const sale = await server.ctx.db
      .select()
      .from(providerCharges)
      .where(eq(providerCharges.referenceId, outcome.referenceId!));
    expect(sale).toHaveLength(1);
    const recorded = await server.ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.referenceId, outcome.referenceId!));
    expect(recorded.map((t) => t.status)).toEqual(['APPROVED']);
    // Every replay from now on: the same answer.
    expect((await send(key)).body).toEqual(retry.body);

    // The next start finds nothing more to do.
    await nextStart();
    expect(await counts()).toEqual(oneMore);
    // The stopped run, let go (a killed process never is): the same charge, nothing more.
    stop.release();
    const late = await stopped;
    expect(call.outcome(late.body.value as never)).toEqual(outcome);
    expect(await counts()).toEqual(oneMore);
  });
});
