/**
 * The rules written in the contract's comments, enforced by the server (issue 30, items 4 and 5),
 * each with the request the issue sent: an enrollee of another family, a repeated enrollee line, a
 * repeated billingMemberships id, `allocate`'s procStatus "ZZZZ", `?id=0x10`, an export token with
 * an extra `.segment`: each a 400 naming the field, and nothing saved. And answers that misled: a
 * canceled enrolment link shows CANCELED (not 404) and is no guess at a link.
 *
 * The rules that the schemas state (an enumeration's set, an array's items once each, a query
 * number in decimal digits) are also broken on purpose on every endpoint by the fuzz suite
 * (tests/api/attacks-fuzz.test.ts); the losers of two allocations at once are in
 * tests/api/allocation.test.ts.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerMembershipBilling, MembershipPlan } from '../../embed-sdk/contract/membership.js';
import { ENROLL_RULES } from '../../embed-sdk/validation/membershipLimits.js';
import {
  customerMembershipBillings,
  customers,
  patients,
  transactions,
} from '../../server/db/schema/index.js';
import { ENROLL_REFUSALS } from '../../server/memberships/enroll.js';
import { idempotencyKey, newCustomer } from '../support/payments.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let admin: string;
let plan: MembershipPlan;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor('admin');
  const created = await server.call<MembershipPlan>('POST', '/api/membershipPlan/create', {
    token: admin,
    body: { label: 'Family plan', monthlyAmount: 3000, yearlyAmount: 30000 },
  });
  plan = created.body.value!;
});
afterAll(() => server?.close());

const today = () => server.ctx.clock.today();

/** New Membership by link (no card needed): the patient completes it on the public page. */
const byLink = (
  customerId: number,
  enrollees: { customerId: number; membershipPlanId: number; qty: number }[],
) => ({
  customerId,
  enrollees,
  cycle: 'MONTHLY',
  startDate: today(),
  approveBy: 'LINK',
  notifyText: false,
  notifyEmail: true,
  email: 'pat.jones@example.com',
});

const enroll = (body: unknown) =>
  server.call<{ membership: CustomerMembershipBilling }>('POST', '/api/customerMembershipBilling/enroll', {
    token: admin,
    body,
    headers: idempotencyKey(),
  });

async function membershipCount() {
  const [row] = await server.ctx.db.select({ n: count() }).from(customerMembershipBillings);
  return row!.n;
}

/** The guarantor of a customer's family (their patient record's). */
async function guarantorOf(customerId: number) {
  const [row] = await server.ctx.db
    .select({ companyId: customers.companyId, guarantor: patients.guarantorPatNum })
    .from(customers)
    .innerJoin(patients, eq(patients.id, customers.patientId))
    .where(eq(customers.id, customerId));
  return row;
}

describe('enroll: one family, each plan once per person', () => {
  it("refuses the issue's enrollee of another family (customer 256 under customer 4), naming the enrollee, and saves nothing", async () => {
    const [holder, stranger] = [await guarantorOf(4), await guarantorOf(256)];
    expect(holder!.companyId).toBe(1);
    expect(stranger!.companyId).toBe(1);
    expect(holder!.guarantor).not.toBe(stranger!.guarantor);
    const before = await membershipCount();
    const answer = await enroll(byLink(4, [{ customerId: 256, membershipPlanId: plan.id, qty: 1 }]));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([`body.enrollees.0.customerId: ${ENROLL_RULES.notOfFamily}`]);
    expect(await membershipCount()).toBe(before);
  });

  it('takes the holder and a family member (same guarantor), refuses a patient of another family', async () => {
    const holder = await newCustomer(server, admin);
    const child = await newCustomer(server, admin, { guarantorId: holder.key });
    const stranger = await newCustomer(server, admin);
    const refused = await enroll(
      byLink(holder.id, [
        { customerId: holder.id, membershipPlanId: plan.id, qty: 1 },
        { customerId: child.id, membershipPlanId: plan.id, qty: 1 },
        { customerId: stranger.id, membershipPlanId: plan.id, qty: 1 },
      ]),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([`body.enrollees.2.customerId: ${ENROLL_RULES.notOfFamily}`]);
    const family = await enroll(
      byLink(holder.id, [
        { customerId: holder.id, membershipPlanId: plan.id, qty: 1 },
        { customerId: child.id, membershipPlanId: plan.id, qty: 1 },
      ]),
    );
    expect(family.status, JSON.stringify(family.body)).toBe(200);
    expect(family.body.value!.membership.billingMemberships.map((l) => l.customerId)).toEqual([
      holder.id,
      child.id,
    ]);
  });

  it('refuses a repeated enrollee line (the same person on the same plan twice), naming its plan', async () => {
    const holder = await newCustomer(server, admin);
    const before = await membershipCount();
    const answer = await enroll(
      byLink(holder.id, [
        { customerId: holder.id, membershipPlanId: plan.id, qty: 1 },
        { customerId: holder.id, membershipPlanId: plan.id, qty: 2 },
      ]),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([`body.enrollees.1.membershipPlanId: ${ENROLL_RULES.planTwice}`]);
    expect(await membershipCount()).toBe(before);
  });
});

describe('saveMembershipChanges: each enrollee line once', () => {
  it('refuses a repeated billingMemberships id, naming the repeat, and changes nothing', async () => {
    const holder = await newCustomer(server, admin);
    const made = await enroll(
      byLink(holder.id, [{ customerId: holder.id, membershipPlanId: plan.id, qty: 1 }]),
    );
    const membership = made.body.value!.membership;
    const line = membership.billingMemberships[0]!;
    const answer = await server.call('POST', '/api/customerMembershipBilling/saveMembershipChanges', {
      token: admin,
      body: {
        id: membership.id,
        billingMemberships: [
          { id: line.id, qty: 1, amount: 2500 },
          { id: line.id, qty: 3, amount: 2000 },
        ],
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      'body.billingMemberships.1: names an enrollee line already named before it: send each line once.',
    ]);
    const after = await server.call<CustomerMembershipBilling>(
      'GET',
      `/api/customerMembershipBilling/getCustomerMembershipBilling?id=${membership.id}`,
      { token: admin },
    );
    expect(after.body.value!.billingMemberships).toEqual(membership.billingMemberships);
  });
});

describe('allocate: procStatus from its set', () => {
  it('refuses "ZZZZ", naming the line\'s procStatus', async () => {
    const [t] = await server.ctx.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.companyId, 1))
      .limit(1);
    const line = { patientKey: 1001, procedureLogCodeNum: 1, amount: 100 };
    const answer = await server.call('POST', '/api/transaction/allocate', {
      token: admin,
      body: { transactionId: t!.id, procedures: [{ ...line, procStatus: 'ZZZZ' }] },
      headers: idempotencyKey(),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      'body.procedures.0.procStatus: Invalid option: expected one of "C"|"TP"',
    ]);
  });
});

describe('ids in a query: decimal digits only', () => {
  it.each(['0x10', '1e1', '0b11', '+16', ' 16', '16.0'])('?id=%s is refused, naming query.id', async (id) => {
    const answer = await server.call('GET', `/api/customer/getCustomer?id=${encodeURIComponent(id)}`, {
      token: admin,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual(['query.id: must be a whole number written in decimal digits']);
  });

  it('an id in digits is read as the number it says', async () => {
    const [customer] = await server.ctx.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.companyId, 1))
      .limit(1);
    const answer = await server.call<{ id: number }>('GET', `/api/customer/getCustomer?id=${customer!.id}`, {
      token: admin,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.value!.id).toBe(customer!.id);
  });
});

describe('the export link: its token exactly as made', () => {
  it('downloads with the token as given; refuses it with an extra .segment after its signature', async () => {
    const made = await server.call<{ url: string }>('POST', '/api/transaction/export', {
      token: admin,
      body: { pageSize: 10 },
    });
    const url = new URL(made.body.value!.url);
    const token = url.searchParams.get('token')!;
    const download = await fetch(`${server.url}${url.pathname}?token=${token}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toMatch(/^text\/csv/);
    await download.body?.cancel();
    for (const forged of [`${token}.x`, `${token}.`, `${token}.${token.split('.')[1]}`, `x.${token}`]) {
      const answer = await server.call('GET', `/api/transaction/export.csv?token=${forged}`, { token: null });
      expect(answer.status, forged).toBe(400);
      expect(answer.body.errors).toEqual([
        'query.token: This export link is not valid. Export the list again.',
      ]);
    }
  });
});

describe('a canceled enrolment link', () => {
  it('shows CANCELED (not 404), takes no card, and is no guess at a link however often it is opened', async () => {
    const holder = await newCustomer(server, admin);
    const made = await enroll(
      byLink(holder.id, [{ customerId: holder.id, membershipPlanId: plan.id, qty: 1 }]),
    );
    const id = made.body.value!.membership.id;
    const [row] = await server.ctx.db
      .select({ token: customerMembershipBillings.enrollmentToken })
      .from(customerMembershipBillings)
      .where(eq(customerMembershipBillings.id, id));
    const token = row!.token!;
    const canceled = await server.call('POST', '/api/customerMembershipBilling/cancel', {
      token: admin,
      body: { id, cancelAction: 'CANCEL' },
    });
    expect(canceled.status).toBe(200);

    // More times than the guessing limit allows (20 in 10 minutes): a canceled link is no guess.
    for (let i = 0; i < 25; i++) {
      const page = await server.call<{ status: string; firstName: string }>(
        'GET',
        `/api/public/membershipEnrollment?token=${token}`,
      );
      expect(page.status).toBe(200);
      expect(page.body.value).toMatchObject({ status: 'CANCELED', firstName: holder.firstName });
    }
    for (const path of ['quote', 'complete']) {
      const answer = await server.call('POST', `/api/public/membershipEnrollment/${path}`, {
        body: {
          token,
          nonce: 'nonce-of-a-card',
          ...(path === 'complete' ? { signature: 'Paula Payer' } : {}),
        },
        headers: idempotencyKey(),
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ isSuccess: false, errors: [ENROLL_REFUSALS.linkCanceled] });
    }
  });
});
