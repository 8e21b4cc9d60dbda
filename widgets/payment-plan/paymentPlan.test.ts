/** The modal's pure rules, case by case. */
import { describe, expect, it } from 'vitest';
import {
  adjustmentText,
  clampPercent,
  defaultPaymentAmount,
  isSignatureImage,
  newDecline,
  planActions,
  showsCashAlert,
  showsPastDueAlert,
  statusPill,
  upcoming,
  visibleTabs,
} from './paymentPlan.js';
import { ledgerRow, plan } from '../ui/testing/planFixtures.js';

describe('statusPill', () => {
  it.each([
    [{ status: 'ACTIVE', statusLabel: 'Active', currentCycle: 2 }, 'Active', 'success'],
    [
      { status: 'ACTIVE', statusLabel: 'Starting on next billing date', currentCycle: 0 },
      'Starting on next billing date',
      'brand',
    ],
    [
      { status: 'INACTIVE', statusLabel: 'Canceled', cancelledDate: '2026-11-05T15:00:00' },
      'Canceled 11/05/2026',
      'danger',
    ],
    [
      { status: 'COMPLETE', statusLabel: 'Completed', completedDate: '2026-12-01T05:00:00' },
      'Completed 12/01/2026',
      'informative',
    ],
    [{ status: 'INACTIVE', statusLabel: 'Canceled', cancelledDate: null }, 'Canceled', 'danger'],
  ] as const)('%o reads "%s"', (over, text, tone) => {
    expect(statusPill(plan(over))).toEqual({ text, tone });
  });
});

describe('alerts', () => {
  it.each([
    ['ACTIVE', 100, true],
    ['ACTIVE', 0, false],
    ['INACTIVE', 100, false],
    ['COMPLETE', 100, false],
  ] as const)('past due: %s with %i cents past due → %s', (status, balancePastDue, shown) => {
    expect(showsPastDueAlert({ status, balancePastDue })).toBe(shown);
  });

  it.each([
    ['ACTIVE', true, true],
    ['ACTIVE', false, false],
    ['COMPLETE', true, false],
    ['INACTIVE', true, false],
  ] as const)('cash: %s, isCash %s → %s', (status, isCash, shown) => {
    expect(showsCashAlert({ status, isCash })).toBe(shown);
  });
});

describe('upcoming', () => {
  it('is the next scheduled payment with its surcharge', () => {
    expect(
      upcoming({
        status: 'ACTIVE',
        nextBillingDate: '2026-12-01',
        upcomingPayment: 20_000,
        upcomingSurcharge: 600,
      }),
    ).toEqual({ kind: 'scheduled', date: '2026-12-01', amount: 20_000, surcharge: 600 });
  });
  it("is 'Schedule Completed' once nothing is scheduled, and nothing for a canceled plan", () => {
    const done = { nextBillingDate: null, upcomingPayment: 0, upcomingSurcharge: 0 };
    expect(upcoming({ status: 'COMPLETE', ...done })).toEqual({ kind: 'completed' });
    expect(upcoming({ status: 'INACTIVE', ...done, nextBillingDate: '2026-12-01' })).toEqual({
      kind: 'canceled',
    });
  });
});

describe('clampPercent', () => {
  it.each([
    [-5, 0],
    [0, 0],
    [33, 33],
    [100, 100],
    [140, 100],
    [Number.NaN, 0],
  ])('%d → %d', (value, clamped) => expect(clampPercent(value)).toBe(clamped));
});

describe('visibleTabs', () => {
  it.each([
    [{ status: 'ACTIVE', approvedMethod: 'SIGNATURE' }, ['history', 'schedule', 'authorization']],
    [{ status: 'ACTIVE', approvedMethod: null }, ['history', 'schedule']],
    [{ status: 'INACTIVE', approvedMethod: 'VERBAL' }, ['history', 'authorization']],
    [{ status: 'COMPLETE', approvedMethod: null }, ['history']],
  ] as const)('%o → %o', (over, tabs) => expect(visibleTabs(over)).toEqual(tabs));
});

describe('planActions', () => {
  it('offers nothing to a viewer', () => {
    const actions = planActions(plan({ balancePastDue: 100 }), false);
    expect(Object.values(actions).every((allowed) => !allowed)).toBe(true);
  });

  it('offers an active cash plan payments, the past-due actions, Automate with Card and Cancel Plan', () => {
    expect(planActions(plan({ balancePastDue: 100 }), true)).toEqual({
      cancel: true,
      makePayment: true,
      pastDue: true,
      // A cash plan has no card to charge again.
      retryDeclines: false,
      automate: true,
      changeCard: false,
      reactivate: false,
    });
  });

  it('offers a completed card plan Make a Payment (adjustments) and Change Card, not Cancel Plan', () => {
    expect(planActions(plan({ status: 'COMPLETE', isCash: false }), true)).toMatchObject({
      cancel: false,
      makePayment: true,
      changeCard: true,
      automate: false,
    });
  });

  it('offers a canceled plan only Re-activate, and only after one of its payments was given back', () => {
    const canceled = plan({ status: 'INACTIVE', isCash: false });
    expect(planActions(canceled, true)).toEqual({
      cancel: false,
      makePayment: false,
      pastDue: false,
      retryDeclines: false,
      automate: false,
      changeCard: false,
      reactivate: false,
    });
    const voided = { ...canceled, ledgerDtos: [ledgerRow({ id: 1, refundVoidType: 'VOIDED' })] };
    expect(planActions(voided, true).reactivate).toBe(true);
  });

  it.each([
    [{ isCash: false, balancePastDue: 100 }, true, true],
    [{ isCash: false, balancePastDue: 100 }, false, false],
    [{ isCash: true, balancePastDue: 100 }, true, false],
    [{ isCash: false, balancePastDue: 0 }, true, false],
    [{ isCash: false, balancePastDue: 100, status: 'INACTIVE' }, true, false],
    [{ isCash: false, balancePastDue: 100, status: 'COMPLETE' }, true, false],
  ] as const)('offers Retry Declined Payments for %o (may edit: %s): %s', (over, canEdit, offered) => {
    expect(planActions(plan(over), canEdit).retryDeclines).toBe(offered);
  });
});

describe('newDecline', () => {
  const seen = [ledgerRow({ id: 1 }), ledgerRow({ id: 2, status: 'DECLINED', reason: 'Card declined' })];

  it('finds the declined payment a retry added, the last one when there are several', () => {
    const first = ledgerRow({ id: 3, status: 'DECLINED', reason: 'Card declined' });
    const last = ledgerRow({ id: 4, status: 'DECLINED', reason: 'Insufficient funds' });
    expect(newDecline(seen, [...seen, first])).toBe(first);
    expect(newDecline(seen, [...seen, last, first])).toBe(last);
  });

  it('finds nothing when the retry added no declined payment', () => {
    expect(newDecline(seen, seen)).toBeNull();
    expect(newDecline(seen, [...seen, ledgerRow({ id: 3 })])).toBeNull();
    expect(
      newDecline(seen, [...seen, ledgerRow({ id: 3, kind: 'ADJUSTMENT', status: 'DECLINED' })]),
    ).toBeNull();
    expect(newDecline(seen, [])).toBeNull();
  });
});

describe('defaultPaymentAmount', () => {
  it.each([
    [{ balancePastDue: 12_000, upcomingPayment: 20_000, balanceDue: 52_000 }, 12_000],
    [{ balancePastDue: 0, upcomingPayment: 20_000, balanceDue: 40_000 }, 20_000],
    [{ balancePastDue: 0, upcomingPayment: 0, balanceDue: 5_000 }, 5_000],
    [{ balancePastDue: 0, upcomingPayment: 0, balanceDue: 0 }, null],
  ])('%o → %o', (figures, amount) => expect(defaultPaymentAmount(figures)).toBe(amount));
});

describe('adjustmentText and isSignatureImage', () => {
  it('shows credits as lowering and debits as raising what is owed', () => {
    expect(adjustmentText(25_000)).toBe('-$250.00');
    expect(adjustmentText(-1_000)).toBe('+$10.00');
  });

  it('tells a drawn signature (a data URL) from a typed one', () => {
    expect(isSignatureImage('data:image/png;base64,iVBORw0KGgo=')).toBe(true);
    expect(isSignatureImage('Maria Garcia')).toBe(false);
    expect(isSignatureImage('data:text/html;base64,PHNjcmlwdD4=')).toBe(false);
  });
});
