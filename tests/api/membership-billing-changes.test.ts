/**
 * The membership modal's calls of section 7 that reach the modal since issue 31: setActive (Re-activate
 * Membership), renewNextYearlyCycle / dontRenewNextYearlyCycle (Renew / Don't Renew Next Year) and
 * saveMembershipChanges with the next billing date and yearly auto-renew: who may call them
 * (EDITMEMBERSHIPS; another practice's membership does not exist) and the rules they keep.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerMembershipBilling } from '../../embed-sdk/contract/membership.js';
import { addDays, addMonths } from '../../server/domain/calendarDates.js';
import { asPracticeId } from '../../server/db/scope.js';
import { updateMembership } from '../../server/memberships/store.js';
import {
  asAdminAt,
  BRIGHT_SMILES,
  CARDS,
  CEDAR_FAMILY,
  idempotencyKey,
  newCustomer,
} from '../support/payments.js';
import { storedCard } from '../support/plans.js';
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

const today = () => server.ctx.clock.today();
const PATH = (name: string) => `/api/customerMembershipBilling/${name}`;

async function call<T>(token: string, name: string, body: unknown) {
  return server.call<T>('POST', PATH(name), { token, body });
}
async function ok(token: string, name: string, body: unknown) {
  const res = await call<CustomerMembershipBilling>(token, name, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.isSuccess, JSON.stringify(res.body.errors)).toBe(true);
  return res.body.value!;
}
/** A 200 refusal in the front desk's words. */
async function refused(token: string, name: string, body: unknown) {
  const res = await call(token, name, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.isSuccess).toBe(false);
  return res.body.errors.join(' ');
}

/** One enrollee on a new plan, enrolled now by the front desk on a stored card. */
async function enrolled(cycle: 'MONTHLY' | 'YEARLY', startDate = today()) {
  const plan = (
    await server.call<{ id: number }>('POST', '/api/membershipPlan/create', {
      token: admin,
      body: {
        label: `Plan ${Math.random().toString(36).slice(2, 8)}`,
        monthlyAmount: 3000,
        yearlyAmount: 30000,
      },
    })
  ).body.value!;
  const customer = await newCustomer(server, admin);
  const card = await storedCard(server, admin, customer.id, CARDS.visa);
  const res = await server.call<{ membership: CustomerMembershipBilling }>('POST', PATH('enroll'), {
    token: frontdesk,
    body: {
      customerId: customer.id,
      enrollees: [{ customerId: customer.id, membershipPlanId: plan.id, qty: 1 }],
      cycle,
      startDate,
      approveBy: 'NOW',
      customerSavedCardId: card.id,
      approvalMethod: 'SIGNATURE',
      signature: `${customer.firstName} ${customer.lastName}`,
    },
    headers: idempotencyKey(),
  });
  expect(res.body.isSuccess, JSON.stringify(res.body.errors)).toBe(true);
  return res.body.value!.membership;
}
const lines = (m: CustomerMembershipBilling) =>
  m.billingMemberships.map((l) => ({ id: l.id, qty: l.qty, amount: l.amount }));

describe('who may call them', () => {
  it('the viewer is refused (403), another practice answers not found (404), the front desk (EDITMEMBERSHIPS) may', async () => {
    const m = await enrolled('YEARLY');
    const calls: [string, unknown][] = [
      ['setActive', { id: m.id, isActive: true }],
      ['renewNextYearlyCycle', { id: m.id }],
      ['dontRenewNextYearlyCycle', { id: m.id }],
      ['saveMembershipChanges', { id: m.id, billingMemberships: lines(m), yearlyAutoRenew: false }],
    ];
    for (const [name, body] of calls) {
      expect((await call(viewer, name, body)).status, name).toBe(403);
      const foreign = await asAdminAt(server, CEDAR_FAMILY.id, (cedar) => call(cedar, name, body));
      expect(foreign.status, name).toBe(404);
    }
    const ending = await ok(frontdesk, 'dontRenewNextYearlyCycle', { id: m.id });
    expect(ending).toMatchObject({ renewalMode: 'EXPIRING', yearlyNextCycleAutoRenew: false });
    const once = await ok(frontdesk, 'renewNextYearlyCycle', { id: m.id });
    expect(once).toMatchObject({ renewalMode: 'YEARLYONCE', yearlyNextCycleAutoRenew: true });
  });
});

describe('saveMembershipChanges: the next billing date and yearly auto-renew', () => {
  it('moves the next billing date within a year of the current one, never into the past', async () => {
    const m = await enrolled('MONTHLY');
    const moved = addDays(m.nextBillingDate!, 10);
    const saved = await ok(frontdesk, 'saveMembershipChanges', {
      id: m.id,
      nextBillingDate: moved,
      billingMemberships: lines(m),
    });
    expect(saved.nextBillingDate).toBe(moved);
    const past = await call(frontdesk, 'saveMembershipChanges', {
      id: m.id,
      nextBillingDate: addDays(today(), -1),
      billingMemberships: lines(m),
    });
    expect(past.status).toBe(400);
    expect(past.body.errors.join()).toContain('nextBillingDate');
    expect(
      await refused(frontdesk, 'saveMembershipChanges', {
        id: m.id,
        nextBillingDate: addDays(addMonths(moved, 12), 1),
        billingMemberships: lines(m),
      }),
    ).toContain('The next billing date can move at most a year past the current one');
    // A monthly membership's next billing stays within its term.
    await server.call('POST', PATH('setRenewMode'), {
      token: frontdesk,
      body: { id: m.id, renewalMode: 'EXPIRING', monthlyExpires: addMonths(moved, 2) },
    });
    expect(
      await refused(frontdesk, 'saveMembershipChanges', {
        id: m.id,
        nextBillingDate: addMonths(moved, 3),
        billingMemberships: lines(m),
      }),
    ).toContain('must be on or before the date the membership expires');
    expect(
      (await ok(frontdesk, 'saveMembershipChanges', { id: m.id, billingMemberships: lines(m) }))
        .nextBillingDate,
    ).toBe(moved);
  });

  it('refuses to move the first billing of a membership not started (its start date, in Renewal Options)', async () => {
    const m = await enrolled('MONTHLY', addDays(today(), 5));
    expect(
      await refused(frontdesk, 'saveMembershipChanges', {
        id: m.id,
        nextBillingDate: addDays(today(), 9),
        billingMemberships: lines(m),
      }),
    ).toContain('This membership has not started');
  });

  it('auto-renew changes the mode only when it changes: an unchanged false keeps renew-once', async () => {
    const m = await enrolled('YEARLY');
    await ok(frontdesk, 'dontRenewNextYearlyCycle', { id: m.id });
    await ok(frontdesk, 'renewNextYearlyCycle', { id: m.id });
    const kept = await ok(frontdesk, 'saveMembershipChanges', {
      id: m.id,
      billingMemberships: lines(m),
      yearlyAutoRenew: false,
    });
    expect(kept.renewalMode).toBe('YEARLYONCE');
    const yearly = await ok(frontdesk, 'saveMembershipChanges', {
      id: m.id,
      billingMemberships: lines(m),
      yearlyAutoRenew: true,
    });
    expect(yearly).toMatchObject({ renewalMode: 'YEARLY', yearlyAutoRenew: true });
    const off = await ok(frontdesk, 'saveMembershipChanges', {
      id: m.id,
      billingMemberships: lines(m),
      yearlyAutoRenew: false,
    });
    expect(off).toMatchObject({
      renewalMode: 'EXPIRING',
      yearlyAutoRenew: false,
      yearlyNextCycleAutoRenew: false,
    });
  });
});

describe('setActive', () => {
  it('re-activates a canceled membership, refuses an active one and a free restart of an expired yearly one', async () => {
    const m = await enrolled('MONTHLY');
    expect(await refused(frontdesk, 'setActive', { id: m.id, isActive: true })).toContain(
      'Only a canceled or expired membership can be re-activated.',
    );
    const canceled = await ok(frontdesk, 'setActive', { id: m.id, isActive: false });
    expect(canceled.status).toBe('INACTIVE');
    const back = await ok(frontdesk, 'setActive', { id: m.id, isActive: true });
    expect(back).toMatchObject({ status: 'ACTIVE', cancelledDate: null });
    expect(back.nextBillingDate! >= today()).toBe(true);

    const y = await enrolled('YEARLY');
    await updateMembership(server.ctx.db, asPracticeId(BRIGHT_SMILES.id), y.id, {
      status: 'EXPIRED',
      renewalMode: 'EXPIRING',
      nextBillingDate: null,
      expiredDate: server.ctx.clock.now(),
    });
    expect(await refused(frontdesk, 'setActive', { id: y.id, isActive: true })).toContain(
      'use Restart Membership',
    );
  });

  it('restarts, never re-activates free, a canceled yearly membership past the year it paid for', async () => {
    const y = await enrolled('YEARLY');
    const practice = asPracticeId(BRIGHT_SMILES.id);
    // Started 18 months ago, canceled 14 months ago: it paid for the year that ended 6 months ago.
    const startDate = addMonths(today(), -18);
    const paidThrough = addMonths(startDate, 12);
    await updateMembership(server.ctx.db, practice, y.id, {
      status: 'INACTIVE',
      renewalMode: 'CANCEL',
      startDate,
      nextBillingDate: null,
      cancelledDate: new Date(`${addMonths(today(), -14)}T12:00:00`),
    });
    const read = await server.call<CustomerMembershipBilling>(
      'GET',
      `${PATH('getCustomerMembershipBilling')}?id=${y.id}`,
      { token: frontdesk },
    );
    expect(read.body.value!.reactivation).toEqual({ kind: 'RESTART', paidThrough });
    const [yyyy, mm, dd] = paidThrough.split('-');
    expect(await refused(frontdesk, 'setActive', { id: y.id, isActive: true })).toBe(
      `This membership was paid through ${mm}/${dd}/${yyyy}: it starts again with a charge for a new year. Use Restart Membership.`,
    );

    const restarted = await server.call<{ isApproved: boolean; membership: CustomerMembershipBilling }>(
      'POST',
      PATH('restartExpiredYearlyMembership'),
      { token: frontdesk, body: { id: y.id }, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(restarted.body.value).toMatchObject({
      isApproved: true,
      membership: {
        status: 'ACTIVE',
        startDate: today(),
        nextBillingDate: addMonths(today(), 12),
        reactivation: null,
      },
    });

    // Still inside its paid year, a canceled yearly one re-activates free from its next anniversary.
    const z = await enrolled('YEARLY');
    await updateMembership(server.ctx.db, practice, z.id, {
      status: 'INACTIVE',
      renewalMode: 'CANCEL',
      startDate: addMonths(today(), -6),
      nextBillingDate: null,
      cancelledDate: new Date(`${addMonths(today(), -1)}T12:00:00`),
    });
    const back = await ok(frontdesk, 'setActive', { id: z.id, isActive: true });
    expect(back).toMatchObject({
      status: 'ACTIVE',
      nextBillingDate: addMonths(today(), 6),
      reactivation: null,
    });
  });
});
