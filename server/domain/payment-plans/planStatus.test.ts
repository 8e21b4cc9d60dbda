import { describe, expect, it } from 'vitest';
import {
  PLAN_REFUSALS,
  planFigures,
  refusalToCancel,
  refusalToChange,
  refusalToReactivate,
  statusForBalance,
  statusLabel,
  type LedgerMoney,
  type PlanStatus,
} from './planStatus.js';
import type { ScheduleRow } from './scheduleChanges.js';

describe('statusLabel', () => {
  it.each([
    ['ACTIVE', 0, 'Starting on next billing date'],
    ['ACTIVE', 2, 'Active'],
    ['INACTIVE', 0, 'Canceled'],
    ['COMPLETE', 5, 'Completed'],
  ] as const)('%s at cycle %i reads %s', (status, cycle, label) => {
    expect(statusLabel(status, cycle)).toBe(label);
  });
});

describe('status transitions', () => {
  it.each<[PlanStatus, number, PlanStatus]>([
    ['ACTIVE', 0, 'COMPLETE'],
    ['ACTIVE', 1, 'ACTIVE'],
    ['COMPLETE', 1, 'ACTIVE'],
    ['COMPLETE', 0, 'COMPLETE'],
    ['INACTIVE', 0, 'INACTIVE'],
    ['INACTIVE', 500, 'INACTIVE'],
  ])('%s with a balance of %i becomes %s', (status, balance, next) => {
    expect(statusForBalance(status, balance)).toBe(next);
  });

  it('refuses changes to a canceled plan, and cancelling a completed one', () => {
    expect(refusalToChange('INACTIVE')).toBe(PLAN_REFUSALS.isCanceled);
    expect(refusalToChange('ACTIVE')).toBeNull();
    expect(refusalToChange('COMPLETE')).toBeNull();
    expect(refusalToCancel('COMPLETE')).toBe(PLAN_REFUSALS.isComplete);
    expect(refusalToCancel('ACTIVE')).toBeNull();
  });

  const canceled = new Date('2025-03-01T12:00:00Z');
  it.each([
    ['an active plan', 'ACTIVE', null, null],
    ['canceled, nothing given back', 'INACTIVE', null, 'Canceled payment plans cannot be re-activated'],
    [
      'canceled, a refund before the cancel',
      'INACTIVE',
      new Date('2025-02-20T12:00:00Z'),
      'Canceled payment plans cannot be re-activated',
    ],
    ['canceled, then a payment voided', 'INACTIVE', new Date('2025-03-02T09:00:00Z'), null],
  ] as const)('re-activation: %s', (_what, status, givenBack, refusal) => {
    expect(refusalToReactivate({ status, cancelledDate: canceled }, givenBack)).toBe(refusal);
  });
});

describe('figures', () => {
  const row = (p: Partial<ScheduleRow>): ScheduleRow => ({
    id: 1,
    cycle: 1,
    isDownPayment: false,
    billingDate: '2025-03-01',
    amountDue: 0,
    processedToLedger: false,
    disposition: null,
    referenceId: null,
    ...p,
  });
  const payment = (p: Partial<LedgerMoney>): LedgerMoney => ({
    kind: 'PAYMENT',
    status: 'APPROVED',
    removed: false,
    orderAmount: 0,
    surcharge: 0,
    refundedOrderAmount: 0,
    refundedSurcharge: 0,
    ...p,
  });

  it('computes the modal panels from the rows and the ledger', () => {
    const rows = [
      row({
        id: 1,
        cycle: 0,
        isDownPayment: true,
        billingDate: '2025-01-01',
        amountDue: 5000,
        processedToLedger: true,
        disposition: 'APPROVED',
      }),
      row({
        id: 2,
        cycle: 1,
        billingDate: '2025-02-01',
        amountDue: 10000,
        processedToLedger: true,
        disposition: 'APPROVED',
      }),
      row({
        id: 3,
        cycle: 2,
        billingDate: '2025-03-01',
        amountDue: 10000,
        processedToLedger: true,
        disposition: 'DECLINED',
      }),
      row({ id: 4, cycle: 3, billingDate: '2025-04-01', amountDue: 0 }),
      row({ id: 5, cycle: 4, billingDate: '2025-05-01', amountDue: 9000 }),
    ];
    const ledger = [
      payment({ orderAmount: 5000, surcharge: 150 }),
      payment({ orderAmount: 10000, surcharge: 300 }),
      payment({ status: 'DECLINED', orderAmount: 10000, surcharge: 300 }),
      payment({ orderAmount: 2000, surcharge: 60, refundedOrderAmount: 2000, refundedSurcharge: 60 }),
      payment({ kind: 'ADJUSTMENT', orderAmount: 1000 }),
      payment({ kind: 'ADJUSTMENT', orderAmount: 500, removed: true }),
    ];
    expect(
      planFigures({ status: 'ACTIVE', hasSurcharge: true, surchargeRateBps: 300 }, rows, ledger),
    ).toEqual({
      currentCycle: 2,
      cycleCount: 4,
      nextBillingDate: '2025-05-01',
      upcomingPayment: 9000,
      upcomingSurcharge: 270,
      balanceDue: 19000,
      balancePastDue: 10000,
      paidToDate: 15000,
      paidToDateSurcharge: 450,
      adjustments: 1000,
      statusLabel: 'Active',
    });
  });

  it('has nothing upcoming once the schedule is done', () => {
    const rows = [row({ amountDue: 100, processedToLedger: true, disposition: 'APPROVED' })];
    const figures = planFigures({ status: 'COMPLETE', hasSurcharge: false, surchargeRateBps: 0 }, rows, []);
    expect(figures).toMatchObject({
      nextBillingDate: null,
      upcomingPayment: 0,
      upcomingSurcharge: 0,
      balanceDue: 0,
    });
  });
});
