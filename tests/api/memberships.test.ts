/**
 * Memberships over HTTP (issue 21): the catalogue, enrolment now and by link (with the public page),
 * the modal's calls, and the billing run by the sandbox clock: monthly charges, a decline, its
 * retries and recovery, every renewal mode at a term's end, the expiring notice, the restart of an
 * expired yearly membership, a run stopped between its claim and its charge, and the refund that
 * re-activates.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerMembershipBilling, MembershipPlan } from '../../embed-sdk/contract/membership.js';
import { MEMBERSHIP_MESSAGES } from '../../embed-sdk/contract/membership.js';
import {
  companyNotifications,
  customerMembershipBillings,
  providerCharges,
  savedCards,
  transactions,
} from '../../server/db/schema/index.js';
import { addDays, addMonths } from '../../server/domain/calendarDates.js';
import { membershipChargeKey } from '../../embed-sdk/rules/memberships.js';
import { runMembershipBilling } from '../../server/memberships/billing.js';
import { chargeSeam } from '../../server/memberships/charges.js';
import { runDueJobs } from '../../server/jobs/index.js';
import { asPracticeId } from '../../server/db/scope.js';
import { updateMembership } from '../../server/memberships/store.js';
import {
  BRIGHT_SMILES,
  CARDS,
  CEDAR_FAMILY,
  idempotencyKey,
  newCustomer,
  nonceFor,
  outbox,
} from '../support/payments.js';
import { leftInFlightByDeadServer } from '../support/interrupted.js';
import { advance, storedCard } from '../support/plans.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let admin: string;
let frontdesk: string;
let viewer: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, frontdesk, viewer] = await Promise.all([
    server.tokenFor('admin'),
    server.tokenFor('frontdesk'),
    server.tokenWithTerms('viewer'),
  ]);
});
afterAll(() => server?.close());
afterEach(() => {
  chargeSeam.afterClaim = null;
  chargeSeam.afterCharge = null;
});

const today = () => server.ctx.clock.today();

async function call<T>(
  token: string,
  path: string,
  body?: unknown,
  opts: { key?: boolean; method?: 'GET' } = {},
) {
  return server.call<T>(opts.method ?? 'POST', path, {
    token,
    body,
    headers: opts.key ? idempotencyKey() : undefined,
  });
}

async function ok<T>(
  token: string,
  path: string,
  body?: unknown,
  opts: { key?: boolean; method?: 'GET' } = {},
) {
  const res = await call<T>(token, path, body, opts);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.isSuccess, JSON.stringify(res.body.errors)).toBe(true);
  return res.body.value!;
}

const get = (id: number) =>
  ok<CustomerMembershipBilling>(
    admin,
    `/api/customerMembershipBilling/getCustomerMembershipBilling?id=${id}`,
    undefined,
    {
      method: 'GET',
    },
  );

async function newPlan(prices: { monthlyAmount?: number; yearlyAmount?: number } = {}) {
  return ok<MembershipPlan>(admin, '/api/membershipPlan/create', {
    label: `Test plan ${Math.random().toString(36).slice(2, 8)}`,
    description: 'Cleanings and exams.',
    benefits: ['2 cleanings a year', '20% off fillings'],
    monthlyAmount: prices.monthlyAmount ?? 3000,
    yearlyAmount: prices.yearlyAmount ?? 30000,
    discountPlan: 'Club 20%',
  });
}

/** A patient with a card on file, enrolled now (signature) on one plan, starting today. */
async function enrolled(opts: { cycle?: 'MONTHLY' | 'YEARLY'; card?: string; startDate?: string } = {}) {
  const plan = await newPlan();
  const customer = await newCustomer(server, admin);
  const card = await storedCard(server, admin, customer.id, opts.card ?? CARDS.visa);
  const value = await ok<{ membership: CustomerMembershipBilling; outcome: { isApproved: boolean } | null }>(
    admin,
    '/api/customerMembershipBilling/enroll',
    {
      customerId: customer.id,
      enrollees: [{ customerId: customer.id, membershipPlanId: plan.id, qty: 1 }],
      cycle: opts.cycle ?? 'MONTHLY',
      startDate: opts.startDate ?? today(),
      approveBy: 'NOW',
      customerSavedCardId: card.id,
      approvalMethod: 'SIGNATURE',
      signature: `${customer.firstName} ${customer.lastName}`,
    },
    { key: true },
  );
  return { plan, customer, card, ...value };
}

const membershipTransactions = async (id: number) =>
  server.ctx.db.select().from(transactions).where(eq(transactions.customerMembershipBillingId, id));

async function notificationsOf(id: number, type: string) {
  const [row] = await server.ctx.db
    .select({ n: count() })
    .from(companyNotifications)
    .where(
      and(eq(companyNotifications.customerMembershipBillingId, id), eq(companyNotifications.type, type)),
    );
  return row!.n;
}

describe('the catalogue (Membership Administration)', () => {
  it('adds, edits, retires and reorders plans; bad input names the field and saves nothing', async () => {
    const before = await ok<MembershipPlan[]>(
      admin,
      '/api/membershipPlan/list?includeRetired=true',
      undefined,
      {
        method: 'GET',
      },
    );
    const bad = await call(admin, '/api/membershipPlan/create', { label: 'No price', monthlyAmount: 12.5 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.join()).toContain('monthlyAmount');
    const noPrice = await call(admin, '/api/membershipPlan/create', { label: 'No price' });
    expect(noPrice.status).toBe(400);
    expect(noPrice.body.errors.join()).toContain('Give a monthly price, a yearly price or both.');
    const unchanged = await ok<MembershipPlan[]>(
      admin,
      '/api/membershipPlan/list?includeRetired=true',
      undefined,
      {
        method: 'GET',
      },
    );
    expect(unchanged).toHaveLength(before.length);

    const plan = await newPlan({ monthlyAmount: 2500 });
    expect(plan).toMatchObject({
      isActive: true,
      sortOrder: before.length + 1,
      monthlyAmount: 2500,
      memberCount: 0,
    });
    expect(plan.benefits.map((b) => b.label)).toEqual(['2 cleanings a year', '20% off fillings']);
    const edited = await ok<MembershipPlan>(admin, '/api/membershipPlan/update', {
      id: plan.id,
      label: 'Renamed',
      monthlyAmount: null,
      yearlyAmount: 24000,
    });
    expect(edited).toMatchObject({ label: 'Renamed', monthlyAmount: null, yearlyAmount: 24000 });

    const retired = await ok<MembershipPlan>(admin, '/api/membershipPlan/setActive', {
      id: plan.id,
      isActive: false,
    });
    expect(retired.isActive).toBe(false);
    const active = await ok<MembershipPlan[]>(admin, '/api/membershipPlan/list', undefined, {
      method: 'GET',
    });
    expect(active.map((p) => p.id)).not.toContain(plan.id);
    // A retired plan takes no new members.
    const customer = await newCustomer(server, admin);
    const card = await storedCard(server, admin, customer.id, CARDS.visa);
    const refused = await call(
      admin,
      '/api/customerMembershipBilling/enroll',
      {
        customerId: customer.id,
        enrollees: [{ customerId: customer.id, membershipPlanId: plan.id, qty: 1 }],
        cycle: 'YEARLY',
        startDate: today(),
        approveBy: 'NOW',
        customerSavedCardId: card.id,
        approvalMethod: 'CHECKBOX',
        approved: true,
      },
      { key: true },
    );
    expect(refused.body.errors).toEqual(['The plan Renamed is retired and takes no new members.']);

    const all = await ok<MembershipPlan[]>(admin, '/api/membershipPlan/list?includeRetired=true', undefined, {
      method: 'GET',
    });
    const reversed = all.map((p) => p.id).reverse();
    const reordered = await ok<MembershipPlan[]>(admin, '/api/membershipPlan/reorder', { ids: reversed });
    expect(reordered.map((p) => p.id)).toEqual(reversed);
    const partial = await call(admin, '/api/membershipPlan/reorder', { ids: reversed.slice(1) });
    expect(partial.status).toBe(400);
    expect(partial.body.errors.join()).toContain('body.ids');
  });

  it('is read by membership staff and changed only with MANAGEMEMBERSHIPS', async () => {
    expect((await call(frontdesk, '/api/membershipPlan/list', undefined, { method: 'GET' })).status).toBe(
      200,
    );
    const denied = await call(frontdesk, '/api/membershipPlan/create', { label: 'X', monthlyAmount: 100 });
    expect(denied.status).toBe(403);
    expect(
      (await call(viewer, '/api/membershipPlan/create', { label: 'X', monthlyAmount: 100 })).status,
    ).toBe(403);
  });
});

describe('enrolment', () => {
  it('enrols a family of three now with a signature, charges the first cycle with the surcharge, once', async () => {
    const plan = await newPlan({ monthlyAmount: 3000 });
    const kids = await newPlan({ monthlyAmount: 2000 });
    const holder = await newCustomer(server, admin);
    const family = { guarantorId: holder.key };
    const [spouse, child] = [
      await newCustomer(server, admin, family),
      await newCustomer(server, admin, family),
    ];
    const card = await storedCard(server, admin, holder.id, CARDS.visa);
    const body = {
      customerId: holder.id,
      enrollees: [
        { customerId: holder.id, membershipPlanId: plan.id, qty: 1 },
        { customerId: spouse.id, membershipPlanId: plan.id, qty: 1 },
        { customerId: child.id, membershipPlanId: kids.id, qty: 1 },
      ],
      cycle: 'MONTHLY',
      startDate: today(),
      approveBy: 'NOW',
      customerSavedCardId: card.id,
      approvalMethod: 'SIGNATURE',
      signature: 'Paula Payer',
    };
    const key = idempotencyKey();
    const first = await server.call<{
      membership: CustomerMembershipBilling;
      outcome: { isApproved: boolean; total: number };
    }>('POST', '/api/customerMembershipBilling/enroll', { token: admin, body, headers: key });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const { membership, outcome } = first.body.value!;
    expect(membership).toMatchObject({ status: 'ACTIVE', amount: 8000, balance: 0, hasStarted: true });
    expect(membership.billingMemberships.map((l) => [l.customerId, l.total])).toEqual([
      [holder.id, 3000],
      [spouse.id, 3000],
      [child.id, 2000],
    ]);
    // Bright Smiles adds 3 % to credit cards.
    expect(outcome).toMatchObject({ isApproved: true, total: 8240 });
    expect(membership.authorization).toMatchObject({ method: 'SIGNATURE', signature: 'Paula Payer' });
    expect(membership.authorization!.ipAddress).toBeTruthy();
    expect(membership.nextBillingDate).toBe(addMonths(today(), 1));
    expect(membership.ledgerDtos).toHaveLength(1);

    const again = await server.call<{ membership: CustomerMembershipBilling }>(
      'POST',
      '/api/customerMembershipBilling/enroll',
      {
        token: admin,
        body,
        headers: key,
      },
    );
    expect(again.body.value!.membership.id).toBe(membership.id);
    expect(await membershipTransactions(membership.id)).toHaveLength(1);

    // The billing run the same day charges nothing more.
    await runDueJobs(server.ctx);
    expect(await membershipTransactions(membership.id)).toHaveLength(1);
  });

  it('enrols by link: AWAITINGPATIENT until the patient completes the public page, then active and charged', async () => {
    const plan = await newPlan({ yearlyAmount: 36000 });
    const holder = await newCustomer(server, admin);
    const { membership, sentBy } = await ok<{ membership: CustomerMembershipBilling; sentBy: string[] }>(
      admin,
      '/api/customerMembershipBilling/enroll',
      {
        customerId: holder.id,
        enrollees: [{ customerId: holder.id, membershipPlanId: plan.id, qty: 2 }],
        cycle: 'YEARLY',
        startDate: today(),
        approveBy: 'LINK',
        notifyEmail: true,
        email: holder.email,
        notifyText: false,
      },
      { key: true },
    );
    expect(membership).toMatchObject({ status: 'AWAITINGPATIENT', amount: 72000, authorization: null });
    expect(sentBy).toEqual(['EMAIL']);
    const sent = (await outbox(server)).find(
      (m) => m.recipient === holder.email && m.link?.includes('/enroll/'),
    );
    const token = sent!.link!.split('/enroll/')[1]!;

    const reminded = await ok<{ sentBy: string[] }>(admin, '/api/customerMembershipBilling/notifyPatient', {
      id: membership.id,
    });
    expect(reminded.sentBy).toEqual(['EMAIL']);

    const page = await server.call<{ status: string; amount: number; enrollees: { qty: number }[] }>(
      'GET',
      `/api/public/membershipEnrollment?token=${token}`,
    );
    expect(page.body.value).toMatchObject({ status: 'OPEN', amount: 72000, enrollees: [{ qty: 2 }] });

    const nonce = await nonceFor(server, CARDS.visa);
    const quote = await server.call<{ total: number }>('POST', '/api/public/membershipEnrollment/quote', {
      body: { token, nonce },
    });
    expect(quote.body.value!.total).toBe(74160);
    const done = await server.call<{ status: string; outcome: { isApproved: boolean } }>(
      'POST',
      '/api/public/membershipEnrollment/complete',
      { body: { token, nonce, signature: 'Paula Payer' }, headers: idempotencyKey() },
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.value).toMatchObject({ status: 'ACTIVE', outcome: { isApproved: true } });
    const after = await get(membership.id);
    expect(after).toMatchObject({
      status: 'ACTIVE',
      cardTotal: 74160,
      nextBillingDate: addMonths(today(), 12),
    });
    expect(after.authorization).toMatchObject({ method: 'SIGNATURE', signature: 'Paula Payer' });
    const used = await server.call('POST', '/api/public/membershipEnrollment/complete', {
      body: { token, nonce: await nonceFor(server, CARDS.visa), signature: 'x' },
      headers: idempotencyKey(),
    });
    expect(used.body.errors).toEqual(['This enrollment has already been completed.']);
  });
});

describe('the modal', () => {
  it('cancel needs a choice: the spec’s message names the field and nothing changes', async () => {
    const { membership } = await enrolled();
    const res = await call(admin, '/api/customerMembershipBilling/cancel', { id: membership.id });
    expect(res.status).toBe(400);
    expect(res.body.errors.join()).toContain(MEMBERSHIP_MESSAGES.selectCancelOption);
    expect((await get(membership.id)).status).toBe('ACTIVE');
    const done = await ok<{ actionMessage: string; membership: CustomerMembershipBilling }>(
      admin,
      '/api/customerMembershipBilling/cancel',
      { id: membership.id, cancelAction: 'CANCEL' },
    );
    expect(done.actionMessage).toBe('This membership plan has been canceled.');
    expect(done.membership.status).toBe('INACTIVE');
    expect(done.membership.cancelledDate).not.toBeNull();
  });

  it('saves an enrollee’s new quantity and e-mails the patient the changes', async () => {
    const { membership, customer } = await enrolled();
    const line = membership.billingMemberships[0]!;
    const saved = await ok<CustomerMembershipBilling>(
      admin,
      '/api/customerMembershipBilling/saveMembershipChanges',
      {
        id: membership.id,
        billingMemberships: [{ id: line.id, qty: 2, amount: line.amount }],
        sendEmail: true,
      },
    );
    expect(saved.amount).toBe(2 * line.amount);
    expect(saved.billingMemberships[0]).toMatchObject({ qty: 2, total: 2 * line.amount });
    const mail = (await outbox(server)).find(
      (m) => m.recipient === customer.email && m.subject.startsWith('Your membership with'),
    );
    expect(mail?.body).toContain('× 2');
    const foreignLine = await call(admin, '/api/customerMembershipBilling/saveMembershipChanges', {
      id: membership.id,
      billingMemberships: [{ id: 2_000_000_000, qty: 1, amount: 100 }],
    });
    expect(foreignLine.status).toBe(400);
    expect(foreignLine.body.errors.join()).toContain('billingMemberships.0.id');
  });

  it('refuses the viewer’s changes (the viewer cannot even see another practice’s membership); the front desk (EDITMEMBERSHIPS) makes them', async () => {
    const { membership } = await enrolled();
    expect(
      (
        await call(
          viewer,
          `/api/customerMembershipBilling/getCustomerMembershipBilling?id=${membership.id}`,
          undefined,
          { method: 'GET' },
        )
      ).status,
    ).toBe(404); // the viewer works at Cedar and Harbor View: Bright Smiles' membership does not exist for them
    for (const [path, body] of [
      ['/api/customerMembershipBilling/cancel', { id: membership.id, cancelAction: 'CANCEL' }],
      ['/api/customerMembershipBilling/setRenewMode', { id: membership.id, renewalMode: 'EXPIRING' }],
      ['/api/customerMembershipBilling/processPayment', { id: membership.id, amount: 100 }],
    ] as const) {
      expect((await call(viewer, path, body, { key: true })).status).toBe(403);
    }
    expect((await get(membership.id)).status).toBe('ACTIVE');
    const renewal = { id: membership.id, renewalMode: 'EXPIRING' };
    const byFrontDesk = await call(frontdesk, '/api/customerMembershipBilling/setRenewMode', renewal, {
      key: true,
    });
    expect(byFrontDesk.status).toBe(200);
    expect(await get(membership.id)).toMatchObject({ status: 'ACTIVE', renewalMode: 'EXPIRING' });
  });
});

describe('the Memberships page and the patient page', () => {
  type Row = {
    id: number;
    status: string;
    balance: number;
    daysUntilExpiration: number | null;
    renewalMode: string;
    plans: string[];
    customerId: number;
    lastName: string;
  };
  const page = (body: object) =>
    ok<{ memberships: Row[]; totalCount: number }>(admin, '/api/customerMembershipBilling/list', body);

  it('filters the demo memberships by status, searches by patient, pages by 10, and sums the tiles', async () => {
    const all = await page({ pageSize: 100 });
    expect(all.totalCount).toBeGreaterThan(10);
    expect((await page({})).memberships).toHaveLength(10);
    for (const [status, expected] of [
      ['ACTIVE', (r: Row) => r.status === 'ACTIVE'],
      ['AWAITING', (r: Row) => r.status === 'AWAITINGPATIENT'],
      ['PAST_DUE', (r: Row) => r.status === 'ACTIVE' && r.balance > 0],
      [
        'EXPIRING',
        (r: Row) =>
          r.status === 'ACTIVE' &&
          ['EXPIRING', 'CANCEL'].includes(r.renewalMode) &&
          r.daysUntilExpiration !== null &&
          r.daysUntilExpiration <= 30,
      ],
      ['EXPIRED', (r: Row) => r.status === 'EXPIRED'],
      ['CANCELED', (r: Row) => r.status === 'INACTIVE'],
    ] as const) {
      const filtered = await page({ status, pageSize: 100 });
      expect(filtered.totalCount, status).toBeGreaterThan(0);
      expect(filtered.memberships.every(expected), status).toBe(true);
    }
    const one = all.memberships.find((r) => r.status === 'EXPIRED')!;
    const found = await page({ search: one.lastName, pageSize: 100 });
    expect(found.memberships.map((r) => r.id)).toContain(one.id);
    expect(found.memberships.every((r) => r.lastName === one.lastName)).toBe(true);

    const tiles = await ok<{
      activeMemberships: number;
      pastDueTotal: number;
      pastDueCount: number;
      monthlyRecurringRevenue: number;
      activeMembers: number;
    }>(admin, '/api/customerMembershipBilling/summary', undefined, { method: 'GET' });
    const everything = await page({ pageSize: 100, page: 1 });
    const active = (await page({ status: 'ACTIVE', pageSize: 100 })).memberships;
    expect(tiles.activeMemberships).toBe(active.length);
    expect(tiles.pastDueTotal).toBe(active.reduce((t, r) => t + r.balance, 0));
    expect(tiles.activeMembers).toBeGreaterThanOrEqual(tiles.activeMemberships);
    expect(tiles.monthlyRecurringRevenue).toBeGreaterThan(0);
    expect(everything.totalCount).toBe(all.totalCount);
  });

  it("lists a patient's memberships, the ones they are enrolled in by family included", async () => {
    const plan = await newPlan();
    const holder = await newCustomer(server, admin);
    const child = await newCustomer(server, admin, { guarantorId: holder.key });
    const card = await storedCard(server, admin, holder.id, CARDS.visa);
    const { membership } = await ok<{ membership: CustomerMembershipBilling }>(
      admin,
      '/api/customerMembershipBilling/enroll',
      {
        customerId: holder.id,
        enrollees: [
          { customerId: holder.id, membershipPlanId: plan.id, qty: 1 },
          { customerId: child.id, membershipPlanId: plan.id, qty: 1 },
        ],
        cycle: 'YEARLY',
        startDate: addDays(today(), 5),
        approveBy: 'NOW',
        customerSavedCardId: card.id,
        approvalMethod: 'CHECKBOX',
        approved: true,
      },
      { key: true },
    );
    expect(membership).toMatchObject({ hasStarted: false, ledgerDtos: [] });
    expect(membership.authorization).toMatchObject({ method: 'CHECKBOX', signature: null });
    for (const who of [holder, child]) {
      const rows = await ok<Row[]>(
        admin,
        `/api/customerMembershipBilling/forCustomer?customerId=${who.id}`,
        undefined,
        {
          method: 'GET',
        },
      );
      expect(rows.map((r) => r.id)).toEqual([membership.id]);
      expect(rows[0]!.plans).toEqual([plan.label, plan.label]);
    }
  });
});

describe('billing by the sandbox clock', () => {
  it('charges monthly; a decline leaves a past due, a bell item and retries on day 3 and 7; a new card recovers it', async () => {
    const { membership, customer } = await enrolled({ card: CARDS.visa });
    const amount = membership.amount;
    await advance(server, { days: daysTo(membership.nextBillingDate!) });
    let m = await get(membership.id);
    expect(m.ledgerDtos.filter((r) => r.status === 'APPROVED')).toHaveLength(2);
    expect(m.nextBillingDate).toBe(addMonths(membership.startDate, 2));

    // The card on file now declines.
    const bad = await storedCard(server, admin, customer.id, CARDS.insufficientFunds);
    await ok(admin, '/api/customerMembershipBilling/setCustomerSavedCard', {
      customerSavedCardId: bad.id,
      Id: m.id,
    });
    const due = m.nextBillingDate!;
    await advance(server, { days: daysTo(due) });
    m = await get(membership.id);
    expect(m.balance).toBe(amount);
    expect(m.nextRetryDate).toBe(addDays(due, 3));
    expect(await notificationsOf(m.id, 'MEMBERSHIP_PASTDUE')).toBe(1);

    await advance(server, { days: 3 });
    m = await get(membership.id);
    expect(m.ledgerDtos[0]).toMatchObject({
      status: 'DECLINED',
      description: 'Past-due membership payment (retry)',
    });
    expect(m.nextRetryDate).toBe(addDays(due, 7));

    const good = await storedCard(server, admin, customer.id, CARDS.mastercard);
    await ok(admin, '/api/customerMembershipBilling/setCustomerSavedCard', {
      customerSavedCardId: good.id,
      Id: m.id,
    });
    await advance(server, { days: 4 });
    m = await get(membership.id);
    expect(m).toMatchObject({ balance: 0, nextRetryDate: null, retriesExhausted: false });
    expect(m.ledgerDtos[0]).toMatchObject({ status: 'APPROVED', orderAmount: amount });
  });

  it('stops retrying after the schedule and says so in the bell', async () => {
    const { membership } = await enrolled({ card: CARDS.insufficientFunds });
    let m = await get(membership.id);
    expect(m.balance).toBe(membership.amount);
    await advance(server, { days: 7 });
    m = await get(membership.id);
    expect(m).toMatchObject({ nextRetryDate: null, retriesExhausted: true });
    expect(await notificationsOf(m.id, 'MEMBERSHIP_PASTDUE')).toBe(2);
    const bell = await ok<{
      notifications: {
        customerMembershipBillingId: number | null;
        amountDue: number | null;
        lastName: string | null;
      }[];
    }>(admin, '/api/companyNotification/getLatestNotifications', undefined, { method: 'GET' });
    expect(bell.notifications.find((n) => n.customerMembershipBillingId === m.id)).toMatchObject({
      amountDue: m.balance,
      lastName: (await get(m.id)).lastName,
    });
    // Process Past Due with a good card clears it.
    const good = await storedCard(server, admin, m.customerId, CARDS.visa);
    await ok(admin, '/api/customerMembershipBilling/setCustomerSavedCard', {
      customerSavedCardId: good.id,
      Id: m.id,
    });
    const paid = await ok<{ isApproved: boolean; membership: CustomerMembershipBilling }>(
      admin,
      '/api/customerMembershipBilling/processPayment',
      { id: m.id, amount: m.balance },
      { key: true },
    );
    expect(paid.isApproved).toBe(true);
    expect(paid.membership).toMatchObject({ balance: 0, retriesExhausted: false });
  });

  it('applies each renewal mode at the end of a yearly term, raises the expiring notice once, and restarts an expired one', async () => {
    const renew = await enrolled({ cycle: 'YEARLY' });
    const once = await enrolled({ cycle: 'YEARLY' });
    const expire = await enrolled({ cycle: 'YEARLY' });
    const cancelAtEnd = await enrolled({ cycle: 'YEARLY' });
    const mode = (id: number, renewalMode: string) =>
      ok<{ actionMessage: string }>(admin, '/api/customerMembershipBilling/setRenewMode', {
        id,
        renewalMode,
      });
    expect((await mode(once.membership.id, 'YEARLYONCE')).actionMessage).toBe('Renew Selection Saved');
    await mode(expire.membership.id, 'EXPIRING');
    await ok(admin, '/api/customerMembershipBilling/cancel', {
      id: cancelAtEnd.membership.id,
      cancelAction: 'EXP',
    });

    // Set to expire before it started: the start date is its first billing, not the end of a term.
    const start = addDays(today(), 5);
    const later = await enrolled({ cycle: 'YEARLY', startDate: start });
    await mode(later.membership.id, 'EXPIRING');
    // Not renewing the next cycle is said in the renewal mode, which alone decides the term's end.
    const notNext = await enrolled({ cycle: 'YEARLY' });
    const nextCycle = async (path: 'dontRenewNextYearlyCycle' | 'renewNextYearlyCycle') => {
      await ok(admin, `/api/customerMembershipBilling/${path}`, { id: notNext.membership.id });
      const { renewalMode, yearlyNextCycleAutoRenew, yearlyAutoRenew } = await get(notNext.membership.id);
      return { renewalMode, yearlyNextCycleAutoRenew, yearlyAutoRenew };
    };
    const ending = { renewalMode: 'EXPIRING', yearlyNextCycleAutoRenew: false, yearlyAutoRenew: false };
    expect(await nextCycle('dontRenewNextYearlyCycle')).toEqual(ending);
    expect(await nextCycle('renewNextYearlyCycle')).toEqual({
      renewalMode: 'YEARLYONCE',
      yearlyNextCycleAutoRenew: true,
      yearlyAutoRenew: false,
    });
    expect(await nextCycle('dontRenewNextYearlyCycle')).toEqual(ending);

    const end = expire.membership.nextBillingDate!;
    await advance(server, { days: daysTo(addDays(end, -30)) });
    expect(await get(later.membership.id)).toMatchObject({
      status: 'ACTIVE',
      renewalMode: 'EXPIRING',
      nextBillingDate: addMonths(start, 12),
      expirationDate: addMonths(start, 12),
      ledgerDtos: [expect.objectContaining({ status: 'APPROVED' })],
    });
    expect(await notificationsOf(expire.membership.id, 'MEMBERSHIP_EXPIRING')).toBe(1);
    expect(await notificationsOf(renew.membership.id, 'MEMBERSHIP_EXPIRING')).toBe(0);
    const soon = await get(expire.membership.id);
    expect(soon).toMatchObject({ daysUntilExpiration: 30, displayExpiration: true });
    await advance(server, { days: 1 });
    expect(await notificationsOf(expire.membership.id, 'MEMBERSHIP_EXPIRING')).toBe(1);

    await advance(server, { days: daysTo(end) });
    const r = await get(renew.membership.id);
    const o = await get(once.membership.id);
    const e = await get(expire.membership.id);
    const c = await get(cancelAtEnd.membership.id);
    expect(r).toMatchObject({ status: 'ACTIVE', renewalMode: 'YEARLY', nextBillingDate: addMonths(end, 12) });
    expect(r.ledgerDtos.filter((l) => l.status === 'APPROVED')).toHaveLength(2);
    expect(o).toMatchObject({
      status: 'ACTIVE',
      renewalMode: 'EXPIRING',
      nextBillingDate: addMonths(end, 12),
    });
    expect(e.status).toBe('EXPIRED');
    expect(e.expiredDate).not.toBeNull();
    expect(e.ledgerDtos).toHaveLength(1);
    expect(c.status).toBe('INACTIVE');
    expect(await get(notNext.membership.id)).toMatchObject({
      status: 'EXPIRED',
      ledgerDtos: [expect.anything()],
    });
    await advance(server, { days: 5 });
    expect(await get(later.membership.id)).toMatchObject({
      status: 'EXPIRED',
      ledgerDtos: [expect.anything()],
    });

    const restarted = await ok<{ isApproved: boolean; membership: CustomerMembershipBilling }>(
      admin,
      '/api/customerMembershipBilling/restartExpiredYearlyMembership',
      { id: e.id },
      { key: true },
    );
    expect(restarted.isApproved).toBe(true);
    expect(restarted.membership).toMatchObject({
      status: 'ACTIVE',
      startDate: today(),
      nextBillingDate: addMonths(today(), 12),
    });
    // A year of the demo practices' billing runs in the clock's two moves: slow when the machine is busy.
  }, 90_000);
});

describe('Restart Membership with another card (after a decline, the patient hands over another one)', () => {
  /** A yearly membership whose term ended unrenewed, as the billing run leaves it (billing.ts, endTerm). */
  async function expiredYearly() {
    const e = await enrolled({ cycle: 'YEARLY' });
    await updateMembership(server.ctx.db, asPracticeId(BRIGHT_SMILES.id), e.membership.id, {
      status: 'EXPIRED',
      renewalMode: 'EXPIRING',
      nextBillingDate: null,
      nextRetryDate: null,
      expiredDate: server.ctx.clock.now(),
    });
    return e;
  }
  const restart = (id: number, customerSavedCardId?: number) =>
    call<{
      isApproved: boolean;
      declineMessage: string | null;
      transactionId: string | null;
      membership: CustomerMembershipBilling;
    }>(
      frontdesk,
      '/api/customerMembershipBilling/restartExpiredYearlyMembership',
      { id, ...(customerSavedCardId === undefined ? {} : { customerSavedCardId }) },
      { key: true },
    );
  /** What the provider charged a card. */
  const salesOn = async (cardId: number) => {
    const [card] = await server.ctx.db.select().from(savedCards).where(eq(savedCards.id, cardId));
    return server.ctx.db
      .select()
      .from(providerCharges)
      .where(and(eq(providerCharges.token, card!.providerToken), eq(providerCharges.kind, 'SALE')));
  };

  it('charges the chosen card, and once approved it is the card on file (its own surcharge: none on debit)', async () => {
    const { membership, customer, card: onFile } = await expiredYearly();
    const debit = await storedCard(server, admin, customer.id, CARDS.visaDebit);
    const salesBefore = (await salesOn(onFile.id)).length;

    const res = await restart(membership.id, debit.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const value = res.body.value!;
    expect(value.isApproved).toBe(true);
    expect(value.membership).toMatchObject({
      status: 'ACTIVE',
      startDate: today(),
      nextBillingDate: addMonths(today(), 12),
      customerSavedCardId: debit.id,
      card: expect.objectContaining({ id: debit.id, description: debit.description }),
    });
    expect(await salesOn(debit.id)).toHaveLength(1);
    expect(await salesOn(onFile.id)).toHaveLength(salesBefore);
    const [charged] = (await membershipTransactions(membership.id)).filter(
      (t) => t.referenceId === value.membership.ledgerDtos[0]!.referenceId,
    );
    expect(charged).toMatchObject({
      status: 'APPROVED',
      cardDescription: debit.description,
      orderAmount: membership.amount,
      surchargeAmount: 0,
    });
  });

  it('answers a restart its stopped server committed, at once, when sent again with the same key', async () => {
    const { membership } = await expiredYearly();
    const key = idempotencyKey();
    const send = () =>
      server.call<{
        isApproved: boolean;
        transactionId: string | null;
        membership: CustomerMembershipBilling;
      }>('POST', '/api/customerMembershipBilling/restartExpiredYearlyMembership', {
        token: frontdesk,
        headers: key,
        body: { id: membership.id },
      });
    const first = await send();
    expect(first.body.value!.isApproved).toBe(true);
    const recorded = (await membershipTransactions(membership.id)).length;
    // Killed after the restart was committed, before its answer was written.
    await leftInFlightByDeadServer(server, key);

    const t0 = performance.now();
    const retry = await send();
    expect(performance.now() - t0).toBeLessThan(2_000);
    expect(retry.status).toBe(200);
    // Not refused as no longer expired: the restart it made.
    expect(retry.body.value).toMatchObject({
      isApproved: true,
      transactionId: first.body.value!.transactionId,
      membership: { status: 'ACTIVE' },
    });
    expect(await membershipTransactions(membership.id)).toHaveLength(recorded);
  });

  it("answers another patient's or another practice's card as not found, and charges nothing", async () => {
    const { membership, card: onFile } = await expiredYearly();
    const neighbour = await newCustomer(server, admin);
    const neighboursCard = await storedCard(server, admin, neighbour.id, CARDS.visa);
    // One of Cedar Family Dentistry's demo cards on file.
    const [cedarCard] = await server.ctx.db
      .select()
      .from(savedCards)
      .where(and(eq(savedCards.companyId, CEDAR_FAMILY.id), eq(savedCards.isActive, true)))
      .limit(1);
    expect(cedarCard).toBeDefined();
    const transactionsBefore = (await membershipTransactions(membership.id)).length;

    for (const foreign of [neighboursCard, cedarCard!]) {
      const salesBefore = (await salesOn(foreign.id)).length;
      const res = await restart(membership.id, foreign.id);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ isSuccess: false, errors: ['The card was not found.'] });
      expect(await salesOn(foreign.id)).toHaveLength(salesBefore);
    }
    expect(await membershipTransactions(membership.id)).toHaveLength(transactionsBefore);
    expect(await get(membership.id)).toMatchObject({
      status: 'EXPIRED',
      customerSavedCardId: onFile.id,
      chargeInProgress: false,
    });
  });

  it('declined on the chosen card: still expired, the card on file unchanged; then another card is approved', async () => {
    const { membership, customer, card: onFile } = await expiredYearly();
    const declining = await storedCard(server, admin, customer.id, CARDS.declined);
    const before = await get(membership.id);

    const declined = await restart(membership.id, declining.id);
    expect(declined.status).toBe(200);
    expect(declined.body.value).toMatchObject({
      isApproved: false,
      declineMessage: expect.stringMatching(/\S/),
      membership: {
        status: 'EXPIRED',
        startDate: before.startDate,
        expiredDate: before.expiredDate,
        customerSavedCardId: onFile.id,
      },
    });
    expect(await salesOn(declining.id)).toHaveLength(1);
    expect((await get(membership.id)).ledgerDtos[0]).toMatchObject({
      status: 'DECLINED',
      description: 'Yearly membership payment (restarted)',
    });

    // A new key for the next attempt, another card: approved.
    const good = await storedCard(server, admin, customer.id, CARDS.mastercard);
    const approved = await restart(membership.id, good.id);
    expect(approved.body.value).toMatchObject({
      isApproved: true,
      membership: { status: 'ACTIVE', customerSavedCardId: good.id },
    });
  });
});

describe('a billing run stopped between its claim and its charge', () => {
  it.each(['afterClaim', 'afterCharge'] as const)(
    'stopped %s: the next run charges the card once and records it once',
    async (seam) => {
      const { membership } = await enrolled({ startDate: addDays(today(), 1) });
      expect(await membershipTransactions(membership.id)).toHaveLength(0);
      chargeSeam[seam] = () => {
        throw new Error('the server stopped here');
      };
      await advance(server, { days: 1 });
      const [claimed] = await server.ctx.db
        .select()
        .from(customerMembershipBillings)
        .where(eq(customerMembershipBillings.id, membership.id));
      expect(claimed!.pendingCharge?.key).toBe(membershipChargeKey(membership.id, membership.startDate));
      expect(await membershipTransactions(membership.id)).toHaveLength(0);
      chargeSeam[seam] = null;

      // The restarted server: the claim is older than its lease.
      await server.ctx.db
        .update(customerMembershipBillings)
        .set({
          pendingCharge: {
            ...claimed!.pendingCharge!,
            startedAt: new Date(Date.now() - 10 * 60_000).toISOString(),
          },
        })
        .where(eq(customerMembershipBillings.id, membership.id));
      await runDueJobs(server.ctx);
      await runDueJobs(server.ctx);
      const recorded = await membershipTransactions(membership.id);
      expect(recorded).toHaveLength(1);
      const sales = await server.ctx.db
        .select()
        .from(providerCharges)
        .where(eq(providerCharges.referenceId, recorded[0]!.referenceId));
      expect(sales).toHaveLength(1);
      const m = await get(membership.id);
      expect(m).toMatchObject({
        chargeInProgress: false,
        nextBillingDate: addMonths(membership.startDate, 1),
      });
    },
  );
});

describe('billing twice on the same day', () => {
  /** What the provider charged the card (the card is the new patient's, used by nothing else). */
  const salesOn = async (cardId: number) => {
    const [card] = await server.ctx.db.select().from(savedCards).where(eq(savedCards.id, cardId));
    return server.ctx.db
      .select()
      .from(providerCharges)
      .where(and(eq(providerCharges.token, card!.providerToken), eq(providerCharges.kind, 'SALE')));
  };

  it.each([
    ['approved', CARDS.visa],
    ['declined', CARDS.insufficientFunds],
  ])(
    'a cycle due today is charged once (%s) by two runs at once and a third after them',
    async (_outcome, card) => {
      const { membership, card: onFile } = await enrolled({ card, startDate: addDays(today(), 1) });
      expect(await membershipTransactions(membership.id)).toHaveLength(0);
      // The clock moves to the billing date without a run; then two servers' runs meet on it.
      await server.ctx.clock.advance(24 * 60 * 60_000);
      await Promise.all([runMembershipBilling(server.ctx), runMembershipBilling(server.ctx)]);
      await runDueJobs(server.ctx);

      const recorded = await membershipTransactions(membership.id);
      expect(recorded).toHaveLength(1);
      expect(await salesOn(onFile.id)).toHaveLength(1);
      const m = await get(membership.id);
      expect(m.ledgerDtos).toHaveLength(1);
      expect(m.nextBillingDate).toBe(addMonths(membership.startDate, 1));
      if (card === CARDS.visa) {
        expect(recorded[0]!.status).toBe('APPROVED');
        expect(m.balance).toBe(0);
      } else {
        // One declined cycle: one cycle past due, one bell item, the first retry on the schedule.
        expect(recorded[0]!.status).toBe('DECLINED');
        expect(m).toMatchObject({ balance: membership.amount, nextRetryDate: addDays(today(), 3) });
        expect(await notificationsOf(m.id, 'MEMBERSHIP_PASTDUE')).toBe(1);
      }
    },
  );
});

describe('refunding a membership payment', () => {
  it('re-activates a canceled membership when asked (the form’s default)', async () => {
    const { membership } = await enrolled();
    await ok(admin, '/api/customerMembershipBilling/cancel', { id: membership.id, cancelAction: 'CANCEL' });
    const payment = membership.ledgerDtos[0]!;
    const res = await ok<{ membershipStatus: string }>(
      admin,
      '/api/transaction/refundVoid',
      { id: payment.transactionResultId, refundAmount: payment.amount, action: 'VOID', setActive: true },
      { key: true },
    );
    expect(res.membershipStatus).toBe('ACTIVE');
    const m = await get(membership.id);
    expect(m.status).toBe('ACTIVE');
    expect(m.ledgerDtos[0]!.refundVoidType).toBe('VOIDED');
  });

  it('leaves a canceled yearly membership past the year it paid for canceled: it restarts with a charge', async () => {
    const { membership } = await enrolled({ cycle: 'YEARLY' });
    await ok(admin, '/api/customerMembershipBilling/cancel', { id: membership.id, cancelAction: 'CANCEL' });
    // As if it started 18 months ago and was canceled 14 months ago: its paid year ended 6 months ago.
    await updateMembership(server.ctx.db, asPracticeId(BRIGHT_SMILES.id), membership.id, {
      startDate: addMonths(today(), -18),
      cancelledDate: new Date(`${addMonths(today(), -14)}T12:00:00`),
    });
    const list = await ok<{ customerMembershipBillingReactivation: string | null }[]>(
      admin,
      '/api/transaction/transactions',
      { customerId: membership.customerId, modules: ['MEMBERSHIP'] },
    );
    expect(list.map((t) => t.customerMembershipBillingReactivation)).toEqual(['RESTART']);
    const payment = membership.ledgerDtos[0]!;
    const res = await ok<{ membershipStatus: string }>(
      admin,
      '/api/transaction/refundVoid',
      { id: payment.transactionResultId, refundAmount: payment.amount, action: 'VOID', setActive: true },
      { key: true },
    );
    expect(res.membershipStatus).toBe('INACTIVE');
    expect((await get(membership.id)).status).toBe('INACTIVE');
  });
});

function daysTo(date: string) {
  const [a, b] = [today(), date].map((d) => Date.parse(`${d}T00:00:00Z`));
  return Math.round((b! - a!) / 86_400_000);
}
