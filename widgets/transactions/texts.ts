/**
 * The transactions' words. Those quoted in the spec (part 2, sections 2 and 8; part 1, section 8) are
 * the product's and stay verbatim; the filter bar, the sync status, Export CSV and New Payment are
 * not in the spec and are worded here. The dialogs' words are in dialogTexts.ts (they load with them).
 */
import { TRANSACTION_WORDS as W } from '../../embed-sdk/format/transactions.js';

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

  // The statuses, the payment methods and the sync status: the CSV export's words too.
  approved: W.approved,
  declined: W.declined,
  refunded: W.refunded,
  partlyRefunded: W.partlyRefunded,
  voided: W.voided,
  removed: W.removed,

  // Patient cell (part 2, "Patient cell rules").
  multiplePatients: 'Multiple Patients',
  unassociatedPatient: 'Unassociated Patient',
  associatedAuto: 'Associated automatically',
  associatedManually: 'Associated by staff',

  // A payment request source without its request (part 2, section 8).
  viewRequestElsewhere:
    'Please view the payment request by going to the patients profile and selecting payment requests',

  cash: W.cash,
  check: W.check,
  checkNumber: W.checkNumber,
  card: W.card,

  // Sync status (issue 19: whether the payment reached the practice system).
  syncPending: W.syncPending,
  syncPosted: W.syncPosted,
  syncFailed: W.syncFailed,
  syncNone: W.syncNone,
  retry: 'Retry',
  retryFor: (id: string) => `Retry posting ${id} to the practice system`,
  syncPendingHint: 'Waiting for the practice system to take the payment.',
  syncPostedHint: 'Posted to the practice management system.',
  syncFailedHint: 'The practice system did not take the payment. Retry sends it again.',

  // The toolbar.
  count: (shown: string, one: boolean) => `${shown} ${one ? 'transaction' : 'transactions'}`,
  exportCsv: 'Export CSV',
  exporting: 'Preparing the export…',
  exportNothing: 'There are no transactions to export.',
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
  // Every approved payment, whatever was given back since: what a report's collections count.
  paid: 'Approved, refunded or voided',
  // The spec's sortOption; newest first by default (part 2, section 9).
  sort: 'Sort by',
  newestFirst: 'Newest first',
  oldestFirst: 'Oldest first',
  largestFirst: 'Largest amount first',
  smallestFirst: 'Smallest amount first',
  patient: 'Patient',
  anyPatient: 'Search by patient name',
  transactionId: 'Transaction ID',
  transactionIdHint: 'The ID on the receipt, e.g. R47NVR',
  unassociated: 'Unassociated payments',
  paymentPageOrphans: 'Payment page',
  otherOrphans: 'Terminal and virtual terminal',
  clear: 'Clear filters',
  // What a report's figure narrows the list to, each shown with a button that clears it.
  narrowedBy: 'Also filtered by',
  methods: 'Payment method',
  clinics: 'Clinic',
  noClinic: 'No clinic',
  clinicNumbered: (clinicNum: number) => `Clinic ${clinicNum}`,
  providers: 'Provider',
  clearOne: (what: string) => `Clear the filter ${what}`,
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
  // Issue 20: a patient's payment not yet fully split across procedures.
  allocate: 'Allocate',
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
