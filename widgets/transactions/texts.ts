/**
 * The transactions' words. Those quoted in the spec (part 2, sections 2 and 8; part 1, section 8) are
 * the product's and stay verbatim; the filter bar, the sync status, Export CSV and New Payment are
 * not in the spec and are worded here.
 */
import { formatCurrency } from '../../embed-sdk/format/currency.js';

export const LIST_TEXT = {
  table: 'Transactions',
  loading: 'Loading transactions…',
  failed: 'The transactions could not be loaded.',
  // The spec's empty list.
  emptyTitle: 'No Transactions',
  empty: 'Things are looking a little empty in here.',

  // Columns (part 2, "Transaction list").
  status: 'Status',
  date: 'Date',
  dentist: 'Dentist',
  patient: 'Patient',
  source: 'Source',
  paymentMethod: 'Payment Method',
  amount: 'Amount',
  surcharge: 'Surcharge',
  total: 'Total',
  sync: 'Practice System',
  action: 'Action',

  approved: 'Approved',
  declined: 'Declined',
  refunded: 'Refunded',
  voided: 'Voided',
  removed: 'Removed',

  // Patient cell (part 2, "Patient cell rules").
  multiplePatients: 'Multiple Patients',
  unassociatedPatient: 'Unassociated Patient',
  associatedAuto: 'Associated automatically',
  associatedManually: 'Associated by staff',

  // A payment request source without its request (part 2, section 8).
  viewRequestElsewhere:
    'Please view the payment request by going to the patients profile and selecting payment requests',

  cash: 'Cash',
  check: 'Check',
  checkNumber: (num: string) => `Check #${num}`,
  card: 'Card',

  // Sync status (issue 19: whether the payment reached the practice system).
  syncPending: 'Pending',
  syncPosted: 'Posted',
  syncFailed: 'Failed',
  syncNone: '—',
  retry: 'Retry',
  retryFor: (id: string) => `Retry posting ${id} to the practice system`,
  syncPendingHint: 'Waiting for the practice system to take the payment.',
  syncPostedHint: 'Posted to the practice management system.',
  syncFailedHint: 'The practice system did not take the payment. Retry sends it again.',

  // The toolbar.
  count: (shown: string, one: boolean) => `${shown} ${one ? 'transaction' : 'transactions'}`,
  exportCsv: 'Export CSV',
  exporting: 'Preparing the export…',
  newPayment: 'New Payment',
} as const;

export const FILTER_TEXT = {
  bar: 'Filter transactions',
  dates: 'Dates',
  allDates: 'All dates',
  today: 'Today',
  last7Days: 'Last 7 days',
  thisMonth: 'This month',
  custom: 'Custom',
  from: 'From',
  to: 'To',
  datesOutOfOrder: 'The end date must not be before the start date.',
  source: 'Source',
  allSources: 'All sources',
  status: 'Status',
  allStatuses: 'All statuses',
  patient: 'Patient',
  anyPatient: 'Search by patient name',
  transactionId: 'Transaction ID',
  transactionIdHint: 'The ID on the receipt, e.g. R47NVR',
  unassociated: 'Unassociated payments',
  paymentPageOrphans: 'Payment page',
  otherOrphans: 'Terminal and virtual terminal',
  clear: 'Clear filters',
} as const;

export const MENU_TEXT = {
  actionsFor: (what: string) => `Actions for ${what}`,
  checkingSettlement: 'Checking whether the payment has settled…',
  details: 'View Details',
  refund: 'Refund',
  void: 'Void',
  movePayment: 'Move Payment',
  associate: 'Associate Transaction',
  remove: 'Remove Unassociated Payment',
} as const;

export const DETAILS_TEXT = {
  title: 'Transaction Details',
  close: 'Close',
  loading: 'Loading the transaction…',
  failed: 'The transaction could not be loaded.',
  tryAgain: 'Try again',
  patient: 'Patient',
  source: 'Source',
  checkNumber: 'Check Number',
  paymentType: 'Payment Type',
  card: 'Card',
  expires: 'Expires',
  cardBrand: 'Card Brand',
  note: 'Note',
  approved: 'Approved',
  declined: 'Declined',
  transactionAmount: 'Transaction Amount',
  surchargeAmount: 'Surcharge Amount',
  total: 'Total',
  amount: 'Amount',
  reason: 'Reason',
  transactionId: 'Transaction ID',
  date: 'Date',
  time: 'Time',
  refunded: 'Refunded',
  voided: 'Voided',
  refundVoid: 'Refund or void',
  terminal: (description: string) => `Terminal: ${description}`,
} as const;

export const REFUND_TEXT = {
  refundTitle: 'Refund Transaction',
  voidTitle: 'Void Transaction',
  refundAmount: 'Refund Amount',
  voidAmount: 'Void Amount',
  voidWhole: 'A void gives back the whole payment, surcharge included.',
  wholeOnly: 'Partial refunds are unavailable for payment plan and membership payments.',
  leftToRefund: (amount: number) => `${formatCurrency(amount)} is left to refund.`,
  // The spec's message names the original amount; after an earlier refund it says what is left.
  exceedsOriginal: (amount: number) =>
    `The refund cannot exceed the original transaction amount of ${formatCurrency(amount)}`,
  exceedsLeft: (left: number, original: number) =>
    `The refund cannot exceed the ${formatCurrency(left)} left to refund of the original transaction amount of ${formatCurrency(original)}`,
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
  processRefund: 'Process Refund',
  processVoid: 'Process Void',
  cancel: 'Cancel',
  close: 'Close',
  couldNotRefund: 'This transaction could not be refunded',
  refundUnavailableTitle: 'Refund Unavailable',
  refundUnavailable: 'This transaction is older than 180 days and can no longer be refunded.',
  required: 'The refund amount is required.',
  refundedTo: (amount: number, to: string) => `${formatCurrency(amount)} has been refunded to ${to}.`,
  voidedOn: (amount: number, to: string) =>
    `The payment of ${formatCurrency(amount)} on ${to} has been voided.`,
  thePayment: 'the payment',
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
