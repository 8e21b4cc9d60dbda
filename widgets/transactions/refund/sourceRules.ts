/**
 * What a payment's source changes in the Refund / Void form (spec part 2, "Refund / Void form"): plan
 * and membership payments are given back in full only; a voided or refunded plan payment is owed
 * again (a past-due balance), a canceled plan offers reactivation (on by default) and a completed
 * one becomes active again by itself; a membership that is not active offers reactivation too. One
 * entry per source, so that the memberships issue adds its own without touching the form.
 */
import type { TransactionSource } from '../../../embed-sdk/contract/common.js';
import type { Transaction } from '../../../embed-sdk/contract/transaction.js';
import { REFUND_TEXT } from '../dialogTexts.js';

export interface SourceRefundRules {
  /** No partial refund: the amount is the whole of what is left. */
  wholeOnly: boolean;
  /** A sentence on what giving it back does to the source. */
  notices: (t: Transaction) => string[];
  /** The reactivation box's label when it is offered (on by default); null when it is not. */
  reactivation: (t: Transaction) => string | null;
}

const NONE: SourceRefundRules = { wholeOnly: false, notices: () => [], reactivation: () => null };

const RULES: Partial<Record<TransactionSource, SourceRefundRules>> = {
  PAYMENTPLAN: {
    wholeOnly: true,
    notices: (t) => [
      REFUND_TEXT.pastDue,
      ...(t.paymentPlanStatus === 'COMPLETE' ? [REFUND_TEXT.planReopens] : []),
    ],
    reactivation: (t) => (t.paymentPlanStatus === 'INACTIVE' ? REFUND_TEXT.reactivatePlan : null),
  },
  MEMBERSHIP: {
    wholeOnly: true,
    // A yearly one past the year it paid for is not re-activated free (rules/memberships.ts
    // `reactivationOf`): the form says so instead of offering the box.
    notices: (t) =>
      t.customerMembershipBillingReactivation === 'RESTART' ? [REFUND_TEXT.membershipRestarts] : [],
    reactivation: (t) =>
      t.customerMembershipBillingReactivation === 'REACTIVATE' ? REFUND_TEXT.reactivateMembership : null,
  },
};

export function refundRulesOf(source: TransactionSource): SourceRefundRules {
  return RULES[source] ?? NONE;
}
