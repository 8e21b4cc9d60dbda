/**
 * A payment plan's status and the figures its modal shows, from its rows and ledger. Pure.
 *
 * Status (part 1, section 4): ACTIVE, INACTIVE (canceled) or COMPLETE.
 * - Cancelling sets INACTIVE and cannot be undone, except that a plan whose payment was voided or
 *   refunded after it was canceled may be activated again (setActive, or the refund form's box).
 * - An ACTIVE plan becomes COMPLETE when nothing is owed any more; a COMPLETE plan becomes ACTIVE
 *   again when something is owed again (a refund or void, a DEBIT adjustment).
 */
import { lineSurcharge } from '../../../embed-sdk/rules/surcharge.js';
import {
  balanceDueOf,
  currentCycleOf,
  cycleCountOf,
  nextScheduledPayment,
  pastDueOf,
  type ScheduleRow,
} from './scheduleChanges.js';

export type PlanStatus = 'ACTIVE' | 'INACTIVE' | 'COMPLETE';

export const PLAN_REFUSALS = {
  canceled: 'Canceled payment plans cannot be re-activated',
  isCanceled: 'This payment plan has been canceled and can no longer be changed.',
  isComplete: 'This payment plan is complete.',
  cash: 'This payment plan is paid with cash or check: attach a card to charge it.',
  noCard: 'This payment plan has no card on file.',
  chargeInProgress: 'A payment for this plan is being processed. Please try again in a moment.',
} as const;

/** The status pill's words (the UI adds the date to Canceled and Completed). */
export function statusLabel(status: PlanStatus, currentCycle: number): string {
  switch (status) {
    case 'INACTIVE':
      return 'Canceled';
    case 'COMPLETE':
      return 'Completed';
    case 'ACTIVE':
      return currentCycle === 0 ? 'Starting on next billing date' : 'Active';
  }
}

/** Where the status goes once the balance is known: ACTIVE ↔ COMPLETE follow it; INACTIVE stays. */
export function statusForBalance(status: PlanStatus, balanceDue: number): PlanStatus {
  if (status === 'ACTIVE' && balanceDue === 0) return 'COMPLETE';
  if (status === 'COMPLETE' && balanceDue > 0) return 'ACTIVE';
  return status;
}

/** Why a plan cannot take a change of its schedule, card or balance (null when it can). */
export function refusalToChange(status: PlanStatus): string | null {
  return status === 'INACTIVE' ? PLAN_REFUSALS.isCanceled : null;
}

/** Why a plan cannot be canceled (null when it can; canceling a canceled plan changes nothing). */
export function refusalToCancel(status: PlanStatus): string | null {
  return status === 'COMPLETE' ? PLAN_REFUSALS.isComplete : null;
}

/**
 * Why a plan cannot be activated (null when it can). Only a canceled plan that had a payment voided
 * or refunded after it was canceled, and so owes again, comes back.
 */
export function refusalToReactivate(
  plan: { status: PlanStatus; cancelledDate: Date | null },
  lastGivenBack: Date | null,
): string | null {
  if (plan.status !== 'INACTIVE') return null;
  if (lastGivenBack && plan.cancelledDate && lastGivenBack >= plan.cancelledDate) return null;
  return PLAN_REFUSALS.canceled;
}

/** One payment row of the ledger, with what was given back of it. */
export interface LedgerMoney {
  kind: 'PAYMENT' | 'ADJUSTMENT';
  status: 'APPROVED' | 'DECLINED';
  removed: boolean;
  /** Signed for adjustments: CREDIT positive, DEBIT negative. */
  orderAmount: number;
  surcharge: number;
  refundedOrderAmount: number;
  refundedSurcharge: number;
}

export interface PlanFigures {
  currentCycle: number;
  cycleCount: number;
  nextBillingDate: string | null;
  upcomingPayment: number;
  upcomingSurcharge: number;
  balanceDue: number;
  balancePastDue: number;
  /** Money received and kept (refunds and voids deducted), before surcharge. */
  paidToDate: number;
  paidToDateSurcharge: number;
  /** CREDIT minus DEBIT adjustments. */
  adjustments: number;
  statusLabel: string;
}

export function planFigures(
  plan: { status: PlanStatus; hasSurcharge: boolean; surchargeRateBps: number },
  rows: readonly ScheduleRow[],
  ledger: readonly LedgerMoney[],
): PlanFigures {
  const next = nextScheduledPayment(rows);
  const kept = ledger.filter((l) => !l.removed && l.status === 'APPROVED');
  const payments = kept.filter((l) => l.kind === 'PAYMENT');
  const currentCycle = currentCycleOf(rows);
  return {
    currentCycle,
    cycleCount: cycleCountOf(rows),
    nextBillingDate: next?.billingDate ?? null,
    upcomingPayment: next?.amountDue ?? 0,
    upcomingSurcharge: next ? lineSurcharge(next.amountDue, plan) : 0,
    balanceDue: balanceDueOf(rows),
    balancePastDue: pastDueOf(rows),
    paidToDate: payments.reduce((t, l) => t + l.orderAmount - l.refundedOrderAmount, 0),
    paidToDateSurcharge: payments.reduce((t, l) => t + l.surcharge - l.refundedSurcharge, 0),
    adjustments: kept.filter((l) => l.kind === 'ADJUSTMENT').reduce((t, l) => t + l.orderAmount, 0),
    statusLabel: statusLabel(plan.status, currentCycle),
  };
}
