/**
 * Pure rules the payment plan modal needs (spec part 1, "Payment plan detail modal" and sections 4
 * and 6): what the status pill says, which alerts, actions and tabs show, the progress value, and
 * what Make a Payment starts with.
 */
import type { PaymentLedgerRow, PaymentPlan } from '../../embed-sdk/contract/paymentPlan.js';
import { formatCurrency } from '../../embed-sdk/format/currency.js';
import { formatDate } from '../../embed-sdk/format/date.js';
import { TEXT } from './texts.js';

export type PlanTab = 'history' | 'schedule' | 'authorization';

export function patientName(plan: Pick<PaymentPlan, 'firstName' | 'lastName'>): string {
  return `${plan.firstName} ${plan.lastName}`.trim();
}

export type StatusTone = 'success' | 'brand' | 'danger' | 'informative';

/** The status pill: the server's label, with the date for Canceled and Completed. */
export function statusPill(
  plan: Pick<PaymentPlan, 'status' | 'statusLabel' | 'currentCycle' | 'cancelledDate' | 'completedDate'>,
): { text: string; tone: StatusTone } {
  switch (plan.status) {
    case 'INACTIVE':
      return {
        text: plan.cancelledDate ? TEXT.canceledOn(formatDate(plan.cancelledDate)) : plan.statusLabel,
        tone: 'danger',
      };
    case 'COMPLETE':
      return {
        text: plan.completedDate ? TEXT.completedOn(formatDate(plan.completedDate)) : plan.statusLabel,
        tone: 'informative',
      };
    case 'ACTIVE':
      return { text: plan.statusLabel, tone: plan.currentCycle === 0 ? 'brand' : 'success' };
  }
}

/** The red alert: an active plan with a past-due balance. */
export function showsPastDueAlert(plan: Pick<PaymentPlan, 'status' | 'balancePastDue'>): boolean {
  return plan.status === 'ACTIVE' && plan.balancePastDue > 0;
}

/** The info alert with Automate with Card: an active plan paid in cash or by check. */
export function showsCashAlert(plan: Pick<PaymentPlan, 'status' | 'isCash'>): boolean {
  return plan.status === 'ACTIVE' && plan.isCash;
}

/** What the upcoming payment panel shows. */
export type Upcoming =
  | { kind: 'scheduled'; date: string; amount: number; surcharge: number }
  | { kind: 'completed' }
  | { kind: 'canceled' };

export function upcoming(
  plan: Pick<PaymentPlan, 'status' | 'nextBillingDate' | 'upcomingPayment' | 'upcomingSurcharge'>,
): Upcoming {
  if (plan.status === 'INACTIVE') return { kind: 'canceled' };
  if (!plan.nextBillingDate) return { kind: 'completed' };
  return {
    kind: 'scheduled',
    date: plan.nextBillingDate,
    amount: plan.upcomingPayment,
    surcharge: plan.upcomingSurcharge,
  };
}

/**
 * The adjustments' effect on what the patient owes: credits lower it ('-$250.00'), debits raise it
 * ('+$10.00'). `adjustments` is CREDIT minus DEBIT, in cents.
 */
export function adjustmentText(adjustments: number): string {
  const amount = formatCurrency(Math.abs(adjustments));
  return adjustments > 0 ? `-${amount}` : `+${amount}`;
}

/** The spec's rule for a progress value: between 0 and 100. */
export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

/** The tabs a plan has: Schedule for active plans, Authorization when an approval method exists. */
export function visibleTabs(plan: Pick<PaymentPlan, 'status' | 'approvedMethod'>): PlanTab[] {
  const tabs: PlanTab[] = ['history'];
  if (plan.status === 'ACTIVE') tabs.push('schedule');
  if (plan.approvedMethod) tabs.push('authorization');
  return tabs;
}

/** What the actions (EDITPAYMENTPLANS) may offer for this plan, its status and its card. */
export interface PlanActions {
  cancel: boolean;
  makePayment: boolean;
  pastDue: boolean;
  /** Retry Declined Payments: the card on file charged again for the declined cycles. */
  retryDeclines: boolean;
  automate: boolean;
  changeCard: boolean;
  reactivate: boolean;
}

export function planActions(
  plan: Pick<
    PaymentPlan,
    'status' | 'isCash' | 'balancePastDue' | 'chargeInProgress' | 'ledgerDtos' | 'card'
  >,
  canEdit: boolean,
): PlanActions {
  const open = canEdit && plan.status !== 'INACTIVE';
  return {
    cancel: canEdit && plan.status === 'ACTIVE',
    // Adjustments stay possible on a completed plan (a DEBIT makes it active again).
    makePayment: open,
    pastDue: canEdit && showsPastDueAlert(plan),
    retryDeclines: canEdit && showsPastDueAlert(plan) && !plan.isCash,
    automate: canEdit && showsCashAlert(plan),
    changeCard: open && !plan.isCash,
    // A canceled plan comes back only after one of its payments was given back (the server checks when).
    reactivate:
      canEdit && plan.status === 'INACTIVE' && plan.ledgerDtos.some((row) => row.refundVoidType !== null),
  };
}

/**
 * Make a Payment's amount at first: the past-due balance when there is one (payments pay it first),
 * otherwise the upcoming payment, otherwise what is left of the balance. Nothing when nothing is owed.
 */
export function defaultPaymentAmount(
  plan: Pick<PaymentPlan, 'balancePastDue' | 'upcomingPayment' | 'balanceDue'>,
): number | null {
  if (plan.balancePastDue > 0) return plan.balancePastDue;
  if (plan.upcomingPayment > 0 && plan.upcomingPayment <= plan.balanceDue) return plan.upcomingPayment;
  return plan.balanceDue > 0 ? plan.balanceDue : null;
}

export { isSignatureImage } from '../ui/signature.js';

/**
 * The decline a retry of the declined payments left: the last declined payment in `after` that was
 * not in `before`. The server answers a card that declines again with its general message only; the
 * attempt it recorded on the plan says why.
 */
export function newDecline(
  before: readonly Pick<PaymentLedgerRow, 'id'>[],
  after: readonly PaymentLedgerRow[],
): PaymentLedgerRow | null {
  const known = new Set(before.map((row) => row.id));
  const added = after.filter(
    (row) => !known.has(row.id) && row.kind === 'PAYMENT' && row.status === 'DECLINED',
  );
  // Recorded last, numbered last.
  return added.reduce<PaymentLedgerRow | null>((last, row) => (last && last.id > row.id ? last : row), null);
}
