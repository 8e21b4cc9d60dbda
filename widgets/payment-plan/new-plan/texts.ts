/**
 * The New Payment Plan dialog's words. Those the contract answers with (its refinements) and the
 * spec's ('Add a Card', the money message) are the product's and stay verbatim.
 */
import type { ApprovedMethod, Frequency } from '../../../embed-sdk/contract/paymentPlan.js';

export const NEW_PLAN_TEXT = {
  title: 'New Payment Plan',
  titleFor: (name: string) => `New Payment Plan for ${name}`,
  // The patient's box: ui/PatientCombobox.tsx (shared with New Payment Request).

  // The terms.
  terms: 'Terms',
  total: 'Plan Total',
  totalHint: 'The down payment included.',
  downPayment: 'Down Payment',
  downPaymentHint: 'Optional. Due today.',
  cycleCount: 'Number of Cycles',
  frequency: 'Frequency',
  firstBillingDate: 'First Billing Date',

  // How the plan is paid.
  paidBy: 'Paid by',
  card: 'Card',
  cardField: 'Card on file',
  cash: 'Cash or check',
  cashHint: 'The patient pays each cycle at the desk. A card can be attached later (Automate with Card).',
  choosePatientForCards: 'Choose the patient first: then pick one of their cards or add one.',

  // How the patient agreed.
  authorization: 'Authorization',
  approvedMethod: 'Patient approved by',
  signature: 'Signature',
  signatureHint: 'The patient types their full name to sign the agreement.',

  // The schedule.
  schedule: 'Schedule',
  scheduleHint: 'Fill in the terms to see the schedule.',
  updating: 'Updating the schedule…',
  previewFailed: 'The schedule could not be previewed.',
  cycle: 'Cycle',
  downPaymentRow: 'Down payment',
  date: 'Date',
  amount: 'Amount',
  surcharge: 'Surcharge',
  cycleTotal: 'Total',
  scheduleTotal: 'Plan total',
  cycles: (n: number) => (n === 1 ? '1 cycle' : `${n} cycles`),
  surchargeNote: (rate: string) =>
    `This credit card carries the practice's ${rate} surcharge on each payment.`,
  downPaymentCard: (amount: string) =>
    `The down payment of ${amount} is charged to the card when the plan is created.`,
  downPaymentCash: (amount: string) =>
    `The down payment of ${amount} is due today: take it at the desk with Make a Payment.`,

  // Actions and outcome.
  cancel: 'Cancel',
  create: 'Create Payment Plan',
  createdTitle: 'Payment Plan Created',
  created: (name: string) => `The payment plan for ${name} has been created.`,
  downPaymentDeclinedTitle: 'Down Payment Declined',
  downPaymentDeclined: (reason: string) =>
    `The plan was created, but its down payment was declined${reason ? ` (${reason})` : ''}. It is past due.`,
} as const;

/** Field rules' messages. The contract's refinements say the same words, so server and form agree. */
export const NEW_PLAN_MESSAGES = {
  patientRequired: 'Choose a patient.',
  totalRequired: 'The Plan Total is required.',
  totalTooLarge: 'The Plan Total is too large.',
  downPaymentNotLess: 'The down payment must be less than the total.',
  cyclesRequired: 'The Number of Cycles is required.',
  cyclesRange: (max: number) => `The Number of Cycles must be a whole number from 1 to ${max}.`,
  cyclesTooMany: 'Each cycle needs at least 1 cent: use fewer cycles.',
  dateRequired: 'The First Billing Date is required.',
  dateTooEarly: 'The First Billing Date must be after today.',
  addACard: 'Add a Card',
  approvedMethodRequired: 'Choose how the patient approved the plan.',
  signatureRequired: 'The signature is required.',
} as const;

export const FREQUENCY_LABELS: Record<Frequency, string> = {
  MONTHLY: 'Monthly',
  BIWEEKLY: 'Every two weeks',
  WEEKLY: 'Weekly',
};

export const APPROVED_METHOD_LABELS: Record<ApprovedMethod, string> = {
  SIGNATURE: 'Signature',
  VERBAL: 'Verbal',
  WRITTEN: 'Written',
};
