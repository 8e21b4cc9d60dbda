/**
 * The reimbursements' words. The spec names the modal ('Reimbursement Details'), its four totals
 * (Reimbursement, Write Off, Requested, Request Paid) and the columns of its tables (part 2,
 * "Insurance reimbursements"); the list's layout, its filter bar and the new reimbursement's form
 * are not shown there and are worded here, as the other lists word theirs.
 */
import { TRANSACTION_WORDS as W } from '../../embed-sdk/format/transactions.js';
import type { InsurancePaymentStatus } from '../../embed-sdk/contract/insurance.js';

export const LIST_TEXT = {
  table: 'Reimbursements',
  loading: 'Loading reimbursements…',
  failed: 'The reimbursements could not be loaded.',
  emptyTitle: 'No Reimbursements',
  empty: 'Things are looking a little empty in here.',
  count: (n: string, one: boolean) => `${n} ${one ? 'reimbursement' : 'reimbursements'}`,
  newReimbursement: 'New Reimbursement',

  date: 'Date',
  carrier: 'Carrier',
  paymentMethod: 'Payment Method',
  reimbursement: 'Reimbursement',
  writeOff: 'Write Off',
  requested: 'Requested',
  requestPaid: 'Request Paid',
  patients: 'Patients',
  status: 'Status',
  openFor: (date: string, carrier: string) => `${date}, ${carrier}`,

  check: W.check,
  checkNumber: W.checkNumber,
  card: W.card,
} as const;

export const STATUS_TEXT: Record<InsurancePaymentStatus, string> = {
  POSTED: 'Posted',
  AWAITING_PAYMENT: 'Awaiting Payment',
  PAID: 'Paid',
};

export const FILTER_TEXT = {
  bar: 'Filter reimbursements',
  from: 'From',
  to: 'To',
  datesOutOfOrder: 'The end date must not be before the start date.',
  carrier: 'Carrier',
  allCarriers: 'All carriers',
  clear: 'Clear filters',
} as const;

export const DETAILS_TEXT = {
  title: 'Reimbursement Details',
  close: 'Close',
  loading: 'Loading the reimbursement…',
  failed: 'The reimbursement could not be loaded.',
  tryAgain: 'Try again',

  reimbursement: 'Reimbursement',
  writeOff: 'Write Off',
  requested: 'Requested',
  requestPaid: 'Request Paid',
  payment: 'Payment',
  date: 'Date',
  carrier: 'Carrier',
  plan: 'Plan',
  transaction: 'Transaction',

  procedures: 'Procedures',
  procDate: 'Date',
  code: 'Code',
  name: 'Name',
  writtenOff: 'Written Off',
  noProcedures: 'The carrier paid none of the procedures.',

  patients: 'Patients',
  patient: 'Patient',
  procedureCount: 'Procedures',
  deductible: 'Deductible',
  reimbursed: 'Reimbursed',
  paid: 'Paid',
  request: 'Payment Request',
  openRequest: (name: string) => `Open ${name}'s payment request`,
  viewRequest: 'View Request',
  noRequest: 'None',
} as const;

export const FORM_TEXT = {
  title: 'New Reimbursement',
  details: 'Reimbursement',
  date: 'Date paid',
  carrier: 'Carrier',
  chooseCarrier: 'Choose a carrier',
  carriersFailed: 'The carriers could not be loaded.',
  claims: 'Claims',
  claimsHint:
    'Choose the claims this payment covers. Amounts start from the estimates; change them to what the carrier paid.',
  claimsLoading: 'Loading the carrier’s claims…',
  claimsFailed: 'The carrier’s claims could not be loaded.',
  noClaims: 'This carrier has no sent claims waiting for payment.',
  claimLabel: (number: string, day: string, plan: string) =>
    `Claim ${number} · ${day}${plan ? ` · ${plan}` : ''}`,
  procDate: 'Date',
  code: 'Code',
  name: 'Name',
  fee: 'Fee',
  estimate: 'Estimate',
  amountFor: (what: string, code: string) => `${what} for ${code}`,
  share: (amount: string) => `Request ${amount} from the patient by`,
  noShare: 'Nothing to request from this patient.',
  payment: 'Payment',
  paymentKind: 'Paid by',
  check: 'Check',
  card: 'Virtual card',
  checkNumber: 'Check number',
  amount: 'Amount',
  totals: 'Totals',
  reimbursed: 'Reimbursement',
  writtenOff: 'Write Off',
  requested: 'Requested',
  paymentAmount: 'Payment',
  difference: 'Left to assign',
  cancel: 'Cancel',
  save: 'Save',
  saving: 'Saving…',
  refused: 'The reimbursement was not saved',
} as const;
