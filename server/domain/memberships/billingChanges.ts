/**
 * How a membership's billing columns change when a charge is billed, declined, retried or paid:
 * pure changes to a membership row, which memberships/charges.ts writes in the transaction that
 * records the charge. The dates and amounts come from the shared rules (embed-sdk/rules/memberships.ts:
 * `billingStep`, `nextRetryDate`, `balanceAfterDecline`, `balanceAfterPayment`); here, which columns
 * they set.
 */
import {
  balanceAfterDecline,
  balanceAfterPayment,
  billingStep,
  nextRetryDate,
} from '../../../embed-sdk/rules/memberships.js';
import { termsOf, type TermColumns } from './terms.js';

/** The columns of a membership that its billing and its past-due balance are made of. */
export interface BillingColumns extends TermColumns {
  balance: number;
  /** The billing date of the first decline not yet paid; null when nothing is past due. */
  declinedBillingDate: string | null;
  retryCount: number;
}

/**
 * The membership after its cycle of `billingDate` was billed, approved or declined: the rules' step
 * (the next billing date; at a term's end the renewed term, and YEARLYONCE become EXPIRING).
 */
export function termsAfterBilling(r: TermColumns, billingDate: string) {
  const step = billingStep(termsOf(r), billingDate);
  if (!step?.charges) return { nextBillingDate: r.nextBillingDate };
  const { nextBillingDate, renewalMode, monthlyExpires } = step.after;
  const renewed = step.action === 'RENEW' || step.action === 'RENEW_ONCE';
  return { nextBillingDate, renewalMode, monthlyExpires, ...(renewed ? { expiringNoticeFor: null } : {}) };
}

/**
 * A declined cycle of `billingDate`: the balance grows by `amount`, and the first decline starts the
 * retry schedule (the declined billing is attempt 1 of the rules' schedule). A decline while a
 * balance is already past due keeps the schedule it started.
 */
export function declinedCycle(r: BillingColumns, billingDate: string, amount: number) {
  const balance = balanceAfterDecline(r.balance, amount);
  if (r.declinedBillingDate !== null) return { balance };
  return {
    balance,
    declinedBillingDate: billingDate,
    retryCount: 0,
    nextRetryDate: nextRetryDate(billingDate, 1),
    retriesExhausted: false,
  };
}

/**
 * A declined retry (or one that could not be made): one more attempt, and the next retry on the
 * schedule; none once the schedule ran out (`retriesExhausted`: the bell says the balance is still
 * past due, and no retry follows).
 */
export function declinedRetry(r: Pick<BillingColumns, 'declinedBillingDate' | 'retryCount'>) {
  const retryCount = r.retryCount + 1;
  // Attempts so far: the declined billing and its retries.
  const next = nextRetryDate(r.declinedBillingDate!, retryCount + 1);
  return { retryCount, nextRetryDate: next, retriesExhausted: next === null };
}

/** The balance paid down by `amount`; once nothing is past due the retries stop. */
export function paidDown(r: Pick<BillingColumns, 'balance'>, amount: number) {
  const balance = balanceAfterPayment(r.balance, amount);
  return balance > 0
    ? { balance }
    : { balance, declinedBillingDate: null, retryCount: 0, nextRetryDate: null, retriesExhausted: false };
}
