/**
 * The schedule tab's words. The spec's own (part 2: 'Down Payment', 'Completed', 'Processing Today',
 * the action names; section 8's messages through PLAN_MESSAGES) stay verbatim.
 */
import { formatCurrency, formatDate } from '../../../embed-sdk/format/index.js';

export const SCHEDULE_TEXT = {
  table: 'Payment schedule',
  cycle: 'Cycle',
  date: 'Date',
  amount: 'Amount',
  surcharge: 'Surcharge',
  total: 'Total',
  action: 'Action',
  downPayment: 'Down Payment',
  cycleLabel: (cycle: number) => `Cycle ${cycle}`,
  noRows: 'This payment plan has no scheduled payments.',

  // Date subtitles and outcomes.
  completed: 'Completed',
  processingToday: 'Processing Today',
  paid: 'Paid',
  declined: 'Declined',
  skipped: 'Skipped',

  // The action menu.
  actionsFor: (row: string) => `Actions for ${row}`,
  edit: 'Edit',
  processPayment: 'Process Payment',
  makePayment: 'Make a Payment',
  skipNext: 'Skip and Add to Next Cycle',
  skipLast: 'Skip and Add to Last Cycle',
  skipNew: 'Skip and Create New Cycle',
  chargeInProgress:
    'A card payment for this plan is being processed. The schedule can be changed again once it is recorded.',

  // Edit mode.
  billingDate: 'Billing date',
  updateRemaining: 'Update the remaining cycles',
  save: 'Save',
  cancel: 'Cancel',
  amountRequired: 'The Amount is required.',
  dateRequired: 'Choose the billing date.',
  dateRange: (min: string, max: string | null) =>
    max === null
      ? `The date must be on or after ${formatDate(min)}.`
      : `The date must be from ${formatDate(min)} to ${formatDate(max)}.`,

  // Confirmations.
  keep: 'Keep',
  skipConfirm: 'Skip Cycle',
  skipNextMessage: (row: string, amount: number, target: string, date: string) =>
    `${row} will have nothing due, and its ${formatCurrency(amount)} will be added to ${target} on ${formatDate(date)}.`,
  skipLastMessage: (row: string, amount: number, target: string, date: string) =>
    `${row} will have nothing due, and its ${formatCurrency(amount)} will be added to the last cycle, ${target} on ${formatDate(date)}.`,
  skipNewMessage: (row: string, amount: number) =>
    `${row} will have nothing due, and its ${formatCurrency(amount)} will become a new cycle at the end of the schedule.`,
  processMessage: (amount: number, surcharge: number, card: string | null) =>
    `Charge ${formatCurrency(amount + surcharge)}${surcharge > 0 ? ` (${formatCurrency(amount)} plus a ${formatCurrency(surcharge)} surcharge)` : ''} to ${card ?? 'the card on file'} now?`,

  // Outcomes (PLAN_MESSAGES holds the spec's success texts).
  approvedTitle: 'Approved',
  declinedTitle: 'Transaction Declined',
  declinedFallback: 'The card was declined.',
} as const;
