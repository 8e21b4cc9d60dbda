/**
 * The words of the list's dialogs (refund and void, move, associate and remove, new payment), apart
 * from the list's own (texts.ts) so that they load with the dialogs, not with the list. Those quoted
 * in the spec (part 2, sections 2 and 8; part 1, section 8) are the product's and stay verbatim.
 */
import { formatCurrency } from '../../embed-sdk/format/currency.js';
import { COULD_NOT_REFUND } from '../../embed-sdk/rules/refundAmounts.js';

export const REFUND_TEXT = {
  refundTitle: 'Refund Transaction',
  voidTitle: 'Void Transaction',
  refundAmount: 'Refund Amount',
  voidAmount: 'Void Amount',
  voidWhole: 'A void gives back the whole payment, surcharge included.',
  wholeOnly: 'Partial refunds are unavailable for payment plan and membership payments.',
  leftToRefund: (amount: number) => `${formatCurrency(amount)} is left to refund.`,
  procedures: 'Allocated procedures',
  procedure: 'Procedure',
  originalAmount: 'Original Amt.',
  refundAmt: 'Refund Amt.',
  voidAmt: 'Void Amt.',
  unallocated: 'Unallocated',
  notPosted: 'The payment has not reached the practice system yet: no procedures are shown.',
  surcharge: 'Surcharge',
  total: 'Total',
  pastDue:
    'What this payment paid is owed again: cycles whose billing date has passed become a past-due balance.',
  reactivatePlan: 'Reactivate this payment plan',
  planReopens: 'This completed payment plan will become active again.',
  reactivateMembership: 'Reactivate this membership',
  membershipRestarts:
    "This membership is past the year it paid for: it becomes active again only with a new year's charge (Restart Membership, in the membership).",
  processRefund: 'Process Refund',
  processVoid: 'Process Void',
  cancel: 'Cancel',
  close: 'Close',
  // The spec's words, as the server says them too (embed-sdk/rules/refundAmounts.ts).
  couldNotRefund: COULD_NOT_REFUND,
  refundUnavailableTitle: 'Refund Unavailable',
  refundUnavailable: 'This transaction is older than 180 days and can no longer be refunded.',
  required: 'The refund amount is required.',
  refundedTo: (amount: number, to: string) => `${formatCurrency(amount)} has been refunded to ${to}.`,
  voidedOn: (amount: number, to: string) =>
    `The payment of ${formatCurrency(amount)} on ${to} has been voided.`,
  thePayment: 'the payment',
} as const;

/** How the lists of patients to choose from (move, associate, possible matches) name a patient. */
export const PATIENT_TEXT = {
  born: 'born',
} as const;

export const MOVE_TEXT = {
  title: 'Move Payment',
  search: 'Search',
  searchLabel: 'Find the patient to move the payment to',
  searchPlaceholder: 'Name, e-mail or patient number',
  patients: 'Patients',
  noPatients: 'No patients found.',
  moveTo: (first: string, last: string) => `Move Payment to ${first} ${last}`,
  openDentalWarning:
    'Moving the payment also moves it in Open Dental: its pay splits are transferred to the new patient.',
  otherWarning:
    'The payment moves to the new patient in Chairside only. Update the practice management system by hand.',
  cancel: 'Cancel',
  changedTitle: 'Patient Changed',
  changed: 'The transaction has been successfully moved.',
} as const;

export const ASSOCIATE_TEXT = {
  title: 'Associate Transaction',
  transactionId: 'Transaction ID',
  paymentAmount: 'Payment Amount',
  subtotal: 'Subtotal',
  surcharge: 'Surcharge',
  source: 'Source',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  unavailable: 'Unavailable',
  possibleMatches: 'Possible Matches',
  searchPatients: 'Search Patients',
  search: 'Search',
  searchLabel: 'Find the patient who made the payment',
  searchPlaceholder: 'Name, e-mail or patient number',
  noPatients: 'No patients found.',
  matchedOn: { LASTNAME: 'last name', EMAIL: 'e-mail', PHONE: 'phone' } as const,
  matched: (what: string) => `Matches the ${what}`,
  choose: 'Choose',
  chosen: 'Chosen patient',
  change: 'Change',
  resolving: 'Bringing the patient into Chairside…',
  allocate: 'Allocate Payment',
  allocated: (total: string, count: number) =>
    `${total} allocated to ${count} ${count === 1 ? 'procedure' : 'procedures'}.`,
  changeAllocation: 'Change',
  // Part 2, sections 5 and 8.
  allocationMismatch: 'The allocation total must match the unassociated transaction amount.',
  sendReceipt: 'Send Receipt',
  post: 'Post to Practice Management System',
  associate: (first: string, last: string) => `Associate ${first} ${last} to Transaction`,
  cancel: 'Cancel',
  associatedTitle: 'Associated',
  associated: (first: string, last: string) => `The payment has been associated with ${first} ${last}`,
  removeTitle: 'Remove Unassociated Payment',
  removeMessage:
    'This cannot be undone. The payment will never be associated with a patient. It is not voided or refunded.',
  removeConfirm: 'Remove Payment',
  paidBy: 'Paid by',
  date: 'Date',
  removed: 'The payment has been removed.',
} as const;

export const NEW_PAYMENT_TEXT = {
  title: 'New Payment',
  patient: 'Patient (optional)',
  noPatientHint: 'Without a patient the payment is unassociated: associate it later from this list.',
  amount: 'Amount',
  note: 'Note (optional)',
  cardOnFile: 'Card on file',
  newCard: 'New card',
  card: 'Card',
  noCards: 'This patient has no cards on file.',
  review: 'Review Payment',
  changeCard: 'Change card',
  summary: 'Payment summary',
  surcharge: 'Credit card surcharge',
  total: 'Total',
  charge: (total: number) => `Charge ${formatCurrency(total)}`,
  cancel: 'Cancel',
  approvedTitle: 'Transaction Approved',
  approved: (id: string) => `The payment has been processed. Transaction ID: ${id}`,
  declinedTitle: 'Transaction Declined',
  declined: 'The card was declined. Nothing was charged.',
} as const;
