import { describeWidget, THEME_ATTRIBUTE } from '../runtime/definition.js';

export const paymentPlanDefinition = describeWidget({
  tag: 'chairside-payment-plan',
  // Its chunk hands the Payment History the transactions' Refund / Void form.
  entry: 'paymentPlanElement',
  description:
    'A payment plan’s detail modal: its status, the past-due and cash alerts, the plan total, payments received, upcoming payment, balance and card on file, its cycle progress, and its Payment History, Schedule and Authorization tabs. With EDITPAYMENTPLANS: Make a Payment (card on file, cash, check or an adjustment), Send Reminder, Retry Declined Payments (card plans), Pause Notifications, Automate with Card, Change Card and Cancel Plan. It opens when placed and refreshes when a payment of the plan is processed.',
  attributes: {
    theme: THEME_ATTRIBUTE,
    'plan-id': {
      description: 'The payment plan’s id (a positive whole number).',
      type: 'string',
      required: true,
    },
  },
  events: {
    'payment-plan-changed': {
      description:
        'The plan was changed in the modal (a payment, an adjustment, the card, notifications, Cancel Plan, the schedule or the ledger); the detail carries its id and status afterwards.',
      detail: 'PaymentPlanChangedDetail',
    },
    'payment-plan-closed': {
      description: 'The modal was closed (Close or Escape). Set another plan-id to open it again.',
      detail: 'PaymentPlanClosedDetail',
    },
  },
});
