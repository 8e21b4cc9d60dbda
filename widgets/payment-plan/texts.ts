/**
 * The payment plan modal's words. The spec's messages (part 1, section 8) come from the contract's
 * PLAN_MESSAGES and stay verbatim; the rest are the product's labels.
 */
import { PLAN_MESSAGES } from '../../embed-sdk/contract/paymentPlan.js';

export { PLAN_MESSAGES };

export const TEXT = {
  title: (name: string) => `Payment Plan for ${name}`,
  close: 'Close',
  loading: 'Loading the payment plan…',
  failed: 'The payment plan could not be loaded.',
  tryAgain: 'Try again',

  // Pills.
  planId: (id: number) => `Plan ID: ${id}`,
  canceledOn: (date: string) => `Canceled ${date}`,
  completedOn: (date: string) => `Completed ${date}`,

  // Alerts.
  pastDueTitle: 'Past Due',
  pastDue: (amount: string) => `This payment plan has a past-due balance of ${amount}.`,
  pauseNotifications: 'Pause Notifications',
  notificationsPaused: 'Past-due notifications are paused.',
  makePayment: 'Make a Payment',
  sendReminder: 'Send Reminder',
  retryDeclines: 'Retry Declined Payments',
  // As the Payment Plan Payment dialog says it of a declined card.
  retryDeclinedTitle: 'Transaction Declined',
  retryDeclined: 'The card was declined.',
  cashTitle: 'Cash or check plan',
  cash: 'The patient pays this plan at the desk. Attach a card on file to have its payments processed automatically.',
  automate: 'Automate with Card',
  chargeInProgress:
    'A card payment for this plan is being processed. The plan can be changed again once it is recorded.',
  reactivate: 'Re-activate Plan',

  // Panels.
  planTotal: 'Plan Total',
  frequency: { MONTHLY: 'Monthly', BIWEEKLY: 'Every two weeks', WEEKLY: 'Weekly' },
  adjusted: (amount: string) => `Adjustments: ${amount}`,
  cancelPlan: 'Cancel Plan',
  paymentsReceived: 'Payments Received',
  surcharge: 'Surcharge',
  cardProcessed: 'Card Processed',
  upcomingPayment: 'Upcoming Payment',
  on: (date: string) => `on ${date}`,
  total: 'Total',
  noneScheduled: 'No payments are scheduled: the plan is canceled.',
  balance: 'Balance',
  pastDueAmount: (amount: string) => `Past due: ${amount}`,
  noCard: 'Paid with cash or check',

  // Progress.
  cycle: (current: number, count: number) => `Cycle ${current} of ${count}`,
  nextBilling: (date: string) => `Next billing date ${date}`,

  // Tabs.
  tabs: 'Payment plan details',
  paymentHistory: 'Payment History',
  schedule: 'Schedule',
  authorization: 'Authorization',
  method: 'Method',
  methods: { SIGNATURE: 'Signature', VERBAL: 'Verbal', WRITTEN: 'Written' },
  ipAddress: 'IP Address',
  signature: 'Signature',
  signatureImage: (name: string) => `Signature of ${name}`,
  template: 'Agreement',
  approvedDate: 'Approved',
  notRecorded: 'Not recorded',

  // Cancel Plan's confirmation (spec section 4: canceling cannot be undone).
  cancelTitle: 'Cancel Plan',
  cancelConfirm: `Are you sure you want to cancel this payment plan? ${PLAN_MESSAGES.cannotReactivate}.`,
  keepPlan: 'Keep Plan',

  // The title of 'Your transaction was completed.' (spec section 8).
  approvedTitle: 'Approved',
} as const;
