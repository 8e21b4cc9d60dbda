/**
 * The Payment History tab's words. The spec's own (the action names, 'Refund Unavailable', the
 * refund and move messages through PLAN_MESSAGES, 'This transaction could not be refunded',
 * 'Process Refund' / 'Process Void') stay verbatim.
 */
import { formatCurrency } from '../../../embed-sdk/format/index.js';

export const LEDGER_TEXT = {
  table: 'Payment history',
  empty: 'No payments have been recorded for this plan yet.',
  date: 'Date and Time',
  description: 'Description',
  fundingSource: 'Funding Source',
  card: 'Card',
  amount: 'Amount',
  surcharge: 'Surcharge',
  total: 'Total',
  status: 'Status',
  reason: 'Reason',
  action: 'Action',

  cash: 'Cash',
  check: 'Check',
  checkNumber: (num: string) => `Check #${num}`,
  cardSource: 'Card',
  creditAdjustment: 'Credit Adjustment',
  debitAdjustment: 'Debit Adjustment',
  approved: 'Approved',
  declined: 'Declined',
  applied: 'Applied',
  refunded: 'Refunded',
  voided: 'Voided',

  // The row menu.
  actionsFor: (what: string) => `Actions for ${what}`,
  refund: 'Refund',
  void: 'Void',
  moveToEnd: 'Remove and Create New Cycle',
  remove: 'Remove Ledger Item',
  checkingSettlement: 'Checking whether the payment has settled…',
  refundNotAllowed: 'Refund (needs permission to refund)',
  voidNotAllowed: 'Void (needs permission to void)',

  // Confirmations (part 1 section 8, part 2 section 8).
  keep: 'Keep',
  moveToEndConfirm: 'Create New Cycle',
  moveToEndMessage: (amount: number) =>
    `Remove this item from the ledger and add its ${formatCurrency(amount)} to the end of the payment schedule as a new cycle?`,
  removeConfirm: 'Remove Item',
  removeMessage: (amount: number) =>
    `Remove this item from the ledger? The patient gets a credit of ${formatCurrency(amount)} on the account.`,
  removedTitle: 'Removed',
  removed: (amount: number) =>
    `The ledger item has been removed and ${formatCurrency(amount)} credited to the patient's account.`,
} as const;
