/**
 * What a patient agrees to at the desk is what is charged and what is kept (issue 31): New Membership
 * "Now, at the desk" stores as its authorization the agreement the server renders for its terms
 * (the cycle amount with the card's surcharge, by the rule it charges with), takes the text the form
 * showed only when it is that text, and charges the amount it names. The payment history reads
 * newest first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerMembershipBilling, MembershipPlan } from '../../embed-sdk/contract/membership.js';
import { deskAgreement } from '../../embed-sdk/rules/memberships.js';
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
