/**
 * What a patient agrees to at the desk is what is charged and what is kept (issue 31): New Membership
 * "Now, at the desk" stores as its authorization the agreement the server renders for its terms
 * (the cycle amount with the card's surcharge, by the rule it charges with), takes the text the form
 * showed only when it is that text, and charges the amount it names. The payment history reads
 * newest first.
 */
import { eq, isNotNull, min } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerMembershipBilling, MembershipPlan } from '../../embed-sdk/contract/membership.js';
import { deskAgreement } from '../../embed-sdk/rules/memberships.js';
import { customerMembershipBillings, paymentLedger, savedCards } from '../../server/db/schema/index.js';
import { addDays } from '../../server/domain/calendarDates.js';
import { CARDS, idempotencyKey, newCustomer } from '../support/payments.js';
import { advance, storedCard } from '../support/plans.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor('admin');
});
afterAll(() => server?.close());

type Enrolled = {
  membership: CustomerMembershipBilling;
  outcome: { isApproved: boolean; orderAmount: number; surchargeAmount: number; total: number } | null;
};

async function newPlan(monthlyAmount: number) {
  const res = await server.call<MembershipPlan>('POST', '/api/membershipPlan/create', {
    token: admin,
    body: {
      label: `Consent plan ${Math.random().toString(36).slice(2, 8)}`,
      description: 'Cleanings and exams.',
      benefits: [],
      monthlyAmount,
      yearlyAmount: monthlyAmount * 10,
      discountPlan: '',
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!;
}

/** A patient with a card, and the body of a desk enrolment on a $56.00 monthly plan, with the checkbox. */
async function deskEnrolment(card: string = CARDS.visa) {
  const plan = await newPlan(5_600);
  const customer = await newCustomer(server, admin);
  const saved = await storedCard(server, admin, customer.id, card);
  const body = {
    customerId: customer.id,
    enrollees: [{ customerId: customer.id, membershipPlanId: plan.id, qty: 1 }],
    cycle: 'MONTHLY',
    startDate: server.ctx.clock.today(),
    approveBy: 'NOW',
    customerSavedCardId: saved.id,
    approvalMethod: 'CHECKBOX',
    approved: true,
  };
  return { customer, body };
}

const enroll = (body: unknown) =>
  server.call<Enrolled>('POST', '/api/customerMembershipBilling/enroll', {
    token: admin,
    body,
    headers: idempotencyKey(),
  });

describe('New Membership at the desk: the agreement', () => {
  it('keeps the agreement with the surcharge the card is charged, and charges that amount', async () => {
    // Bright Smiles Dental surcharges credit cards 3 %: $56.00 is charged $57.68.
    const { customer, body } = await deskEnrolment();
    const shown = deskAgreement({
      firstName: customer.firstName,
      cycle: 'MONTHLY',
      amount: 5_600,
      surchargeAmount: 168,
    });
    expect(shown).toBe(
      `${customer.firstName} agrees to be billed $57.68 each month ($56.00 plus a $1.68 credit card surcharge) on the card on file until the membership is canceled.`,
    );
    const res = await enroll({ ...body, template: shown });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { membership, outcome } = res.body.value!;
    expect(outcome).toMatchObject({
      isApproved: true,
      orderAmount: 5_600,
      surchargeAmount: 168,
      total: 5_768,
    });
    expect(membership.authorization).toMatchObject({ method: 'CHECKBOX', template: shown });
  });

  it('renders it itself when the form sends none, with no surcharge on a debit card', async () => {
    const { customer, body } = await deskEnrolment(CARDS.visaDebit);
    const res = await enroll(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { membership, outcome } = res.body.value!;
    expect(outcome).toMatchObject({ surchargeAmount: 0, total: 5_600 });
    expect(membership.authorization!.template).toBe(
      `${customer.firstName} agrees to be billed $56.00 each month on the card on file until the membership is canceled.`,
    );
  });

  it('refuses a text that is not what the card is charged, naming the one to agree to, and makes nothing', async () => {
    const { customer, body } = await deskEnrolment();
    const withoutSurcharge = `${customer.firstName} agrees to be billed $56.00 each month on the card on file until the membership is canceled.`;
    const res = await enroll({ ...body, template: withoutSurcharge });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      `body.template: The agreement shown is not what this membership charges. The patient must agree to: ${customer.firstName} agrees to be billed $57.68 each month ($56.00 plus a $1.68 credit card surcharge) on the card on file until the membership is canceled.`,
    ]);
    const listed = await server.call<{ id: number }[]>(
      'GET',
      `/api/customerMembershipBilling/forCustomer?customerId=${customer.id}`,
      { token: admin },
    );
    expect(listed.body.value).toEqual([]);
  });
});

describe('Payment History', () => {
  it('lists the newest payment first', async () => {
    const { body } = await deskEnrolment();
    const res = await enroll(body);
    const membership = res.body.value!.membership;
    await advance(server, { days: 32 });
    const again = await server.call<CustomerMembershipBilling>(
      'GET',
      `/api/customerMembershipBilling/getCustomerMembershipBilling?id=${membership.id}`,
      { token: admin },
    );
    const times = again.body.value!.ledgerDtos.map((l) => l.dateTime);
    expect(times).toHaveLength(2);
    expect(times[0]! > times[1]!).toBe(true);
  });
});

describe('the dashboard and the Memberships page agree', () => {
  const listed = async (status: string) => {
    const res = await server.call<{ totalCount: number }>('POST', '/api/customerMembershipBilling/list', {
      token: admin,
      body: { status, pageSize: 1 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.value!.totalCount;
  };
  const figures = async () => {
    const res = await server.call<{
      attention: {
        membershipsNeedingAttention: {
          count: number;
          pastDue: number;
          cardExpiring: number;
          awaitingPatient: number;
        };
      };
    }>('GET', '/api/dashboard/summary', { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.value!.attention.membershipsNeedingAttention;
  };

  it('each figure is the count of its filter, and the parts add up to the whole', async () => {
    // A membership past due whose card also expires before its next payment (counted once, as past
    // due), and one awaiting the patient that starts next month (awaiting all the same).
    const { body } = await deskEnrolment(CARDS.insufficientFunds);
    const declined = await enroll(body);
    expect(declined.body.value!.outcome).toMatchObject({ isApproved: false });
    // One whose card expires at the end of this month, before its next payment.
    const paying = await enroll((await deskEnrolment()).body);
    const [y, mo] = server.ctx.clock.today().split('-').map(Number);
    await server.ctx.db
      .update(savedCards)
      .set({ expMonth: mo!, expYear: y! })
      .where(eq(savedCards.id, paying.body.value!.membership.customerSavedCardId!));
    const { customer } = await deskEnrolment();
    const plan = await newPlan(3_000);
    const later = await enroll({
      customerId: customer.id,
      enrollees: [{ customerId: customer.id, membershipPlanId: plan.id, qty: 1 }],
      cycle: 'MONTHLY',
      startDate: addDays(server.ctx.clock.today(), 30),
      approveBy: 'LINK',
      notifyText: false,
      cell: '',
      notifyEmail: true,
      email: customer.email,
    });
    expect(later.status, JSON.stringify(later.body)).toBe(200);

    const shown = await figures();
    expect(shown.count).toBe(shown.pastDue + shown.cardExpiring + shown.awaitingPatient);
    expect({
      count: await listed('ATTENTION'),
      pastDue: await listed('PAST_DUE'),
      cardExpiring: await listed('CARD_EXPIRING'),
      awaitingPatient: await listed('AWAITING'),
    }).toEqual(shown);
    // The seed and this test give each reason at least one membership.
    expect(shown.pastDue).toBeGreaterThan(0);
    expect(shown.cardExpiring).toBeGreaterThan(0);
    expect(shown.awaitingPatient).toBeGreaterThan(1);
  });
});

describe('Send Reminder (section 6)', () => {
  it('a viewer may send it on a past-due membership of their practice, and change nothing else', async () => {
    const viewer = await server.tokenWithTerms('viewer');
    const list = await server.call<{ memberships: { id: number }[] }>(
      'POST',
      '/api/customerMembershipBilling/list',
      { token: viewer, body: { status: 'PAST_DUE' } },
    );
    const pastDue = list.body.value!.memberships[0];
    expect(pastDue, 'the viewer’s practice has a past-due membership').toBeDefined();
    const sent = await server.call<{ sentBy: string[] }>(
      'POST',
      '/api/customerMembershipBilling/sendDeclineReminder',
      { token: viewer, body: { customerMembershipBillingId: pastDue!.id } },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.value).toEqual({ sentBy: ['EMAIL'] });
    // Processing the past due is still an editor's.
    const paid = await server.call('POST', '/api/customerMembershipBilling/processPayment', {
      token: viewer,
      body: { id: pastDue!.id, amount: 100 },
      headers: idempotencyKey(),
    });
    expect(paid.status).toBe(403);
  });
});

describe('the authorization and the first charge', () => {
  it('every seeded membership was approved before its first payment', async () => {
    const rows = await server.ctx.db
      .select({
        id: customerMembershipBillings.id,
        approvedDate: customerMembershipBillings.approvedDate,
        firstPayment: min(paymentLedger.dateTime),
      })
      .from(customerMembershipBillings)
      .innerJoin(paymentLedger, eq(paymentLedger.customerMembershipBillingId, customerMembershipBillings.id))
      .where(isNotNull(customerMembershipBillings.approvedDate))
      .groupBy(customerMembershipBillings.id, customerMembershipBillings.approvedDate);
    expect(rows.length).toBeGreaterThan(20);
    const paidFirst = rows.filter((r) => r.approvedDate! > new Date(r.firstPayment!));
    expect(paidFirst).toEqual([]);
  });
});
