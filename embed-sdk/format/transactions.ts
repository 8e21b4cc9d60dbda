/**
 * Transactions in words, as the spec names them: the source labels (part 1, section 9), card
 * brands, and the transaction list's patient cell (part 2, "Transaction list"). The widgets, the
 * portal and the server's CSV export say the same things.
 */
import type { CardType, TransactionSource } from '../contract/common.js';
import type { PaymentMethod } from '../contract/dashboard.js';
import { formatCurrency } from './currency.js';
import { formatDateTime } from './date.js';

/** The spec's source labels (part 1, section 9). */
export const SOURCE_LABELS: Record<TransactionSource, string> = {
  PAYMENTPLAN: 'Payment Plan',
  MEMBERSHIP: 'Membership',
  VIRTUALTERMINAL: 'Virtual Terminal',
  TERMINAL: 'Terminal',
  TEXTTOPAY: 'Text To Pay',
  PAYMENTPAGE: 'Payment Page',
  INSURANCE: 'Insurance Reimbursement',
};

export const CARD_BRAND_NAMES: Record<CardType, string> = {
  VISA: 'Visa',
  MASTERCARD: 'Mastercard',
  AMERICAN_EXPRESS: 'American Express',
  DISCOVER: 'Discover',
  DINERS_CLUB: 'Diners Club',
  JCB: 'JCB',
};

/** Payment methods (the dashboard's and the reports'): card brands, a card of unknown brand, cash, check. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  ...CARD_BRAND_NAMES,
  CARD: 'Other card',
  CASH: 'Cash',
  CHECK: 'Check',
};

/**
 * The words of the patient cell, by the spec's rules in order: 'Multiple Patients' for a payment of
 * several patients (first name Multiple, last name Customers), 'Unassociated Patient' without a
 * customer or a name, else the name (a link to the patient when there is a customer).
 */
export function patientCellText(t: {
  customerId: number | null;
  firstName: string | null;
  lastName: string | null;
}): string {
  if (t.firstName === 'Multiple' && t.lastName === 'Customers') return 'Multiple Patients';
  if (t.customerId === null && !t.firstName) return 'Unassociated Patient';
  return [t.firstName, t.lastName].filter(Boolean).join(' ');
}

// ── The list's words, for the screen and the CSV export alike ────────────────────────────────────

/** The words of the transactions list's cells (the screen's and the export's). */
export const TRANSACTION_WORDS = {
  approved: 'Approved',
  declined: 'Declined',
  refunded: 'Refunded',
  partlyRefunded: 'Partly refunded',
  voided: 'Voided',
  removed: 'Removed',
  cash: 'Cash',
  check: 'Check',
  checkNumber: (num: string) => `Check #${num}`,
  card: 'Card',
  syncPending: 'Pending',
  syncPosted: 'Posted',
  syncFailed: 'Failed',
  syncNone: '—',
} as const;

/** The transaction ID people see: the referenceId up to its first dash (and before a check's '#'). */
export function transactionIdOf(referenceId: string): string {
  return referenceId.split('#')[0]!.split('-')[0]!;
}

/** A check's number: the part of the referenceId after '#' (only for checks). */
export function checkNumberOf(t: { fundingSource: string; referenceId: string }): string | null {
  if (t.fundingSource !== 'CHECK') return null;
  const at = t.referenceId.indexOf('#');
  if (at < 0) return null;
  return t.referenceId.slice(at + 1).trim() || null;
}

export type TransactionState = 'approved' | 'declined' | 'refunded' | 'partlyRefunded' | 'voided' | 'removed';

export interface StatusWords {
  state: TransactionState;
  text: string;
  /** What was given back ('-$20.60'), under the status; null when nothing was. */
  givenBack: string | null;
}

/**
 * The status in the spec's states (part 2, section 4): a void or a refund reads over the approval,
 * and a refund of less than the payment is a partial one; then a removal from the unassociated
 * payments.
 */
export function statusWords(t: {
  status: string;
  amount: number;
  refundVoidType: 'REFUNDED' | 'VOIDED' | null;
  refundVoidAmount: number | null;
  removed: string | boolean | null;
}): StatusWords {
  const W = TRANSACTION_WORDS;
  const givenBack = t.refundVoidAmount === null ? null : formatCurrency(-t.refundVoidAmount);
  if (t.status === 'DECLINED') return { state: 'declined', text: W.declined, givenBack: null };
  if (t.refundVoidType === 'VOIDED') return { state: 'voided', text: W.voided, givenBack };
  if (t.refundVoidType === 'REFUNDED') {
    return (t.refundVoidAmount ?? 0) < t.amount
      ? { state: 'partlyRefunded', text: W.partlyRefunded, givenBack }
      : { state: 'refunded', text: W.refunded, givenBack };
  }
  if (t.removed) return { state: 'removed', text: W.removed, givenBack: null };
  return { state: 'approved', text: W.approved, givenBack: null };
}

export type SyncState = 'none' | 'pending' | 'failed' | 'posted';

/** Whether the payment reached the practice system: only approved payments of a patient are posted. */
export function syncStateOf(t: {
  status: string;
  practiceManagementStatus: number;
  removed: string | boolean | null;
  customerId: number | null;
}): SyncState {
  if (t.status !== 'APPROVED' || t.removed) return 'none';
  if (t.practiceManagementStatus === 2) return 'posted';
  if (t.practiceManagementStatus === 1) return 'failed';
  // An unassociated payment has no patient to post to until it is associated.
  return t.customerId === null ? 'none' : 'pending';
}

export const SYNC_WORDS: Record<SyncState, string> = {
  none: TRANSACTION_WORDS.syncNone,
  pending: TRANSACTION_WORDS.syncPending,
  failed: TRANSACTION_WORDS.syncFailed,
  posted: TRANSACTION_WORDS.syncPosted,
};

/** 'Visa •••• 1111', 'Cash', 'Check #1042'. */
export function paymentMethodText(t: {
  fundingSource: string;
  cardType: string | null;
  cardDescription: string | null;
  referenceId: string;
}): string {
  if (t.fundingSource === 'CASH') return TRANSACTION_WORDS.cash;
  if (t.fundingSource === 'CHECK') {
    const num = checkNumberOf(t);
    return num ? TRANSACTION_WORDS.checkNumber(num) : TRANSACTION_WORDS.check;
  }
  const brand = (t.cardType && CARD_BRAND_NAMES[t.cardType as CardType]) || TRANSACTION_WORDS.card;
  return [brand, t.cardDescription].filter(Boolean).join(' ');
}

/** What the export needs of a transaction: the list's row as the contract has it (or its parts). */
export interface ListedTransaction {
  created: string | Date;
  referenceId: string;
  status: string;
  amount: number;
  orderAmount: number;
  surchargeAmount: number;
  refundVoidType: 'REFUNDED' | 'VOIDED' | null;
  refundVoidAmount: number | null;
  removed: string | boolean | null;
  companyName: string;
  customerId: number | null;
  firstName: string | null;
  lastName: string | null;
  source: string;
  terminalDescription: string | null;
  fundingSource: string;
  cardType: string | null;
  cardDescription: string | null;
  practiceManagementStatus: number;
}

/**
 * The transactions list's columns as words, in the screen's order and with its headers (spec part 2,
 * "Transaction list"): the CSV export writes these, the list shows the same words in its cells. The
 * transaction ID and a terminal's description sit under the date and the source on screen; the
 * export gives them their own column and parentheses. Amount, Surcharge and Total are the screen's
 * columns when surcharging applies (without a surcharge, Amount and Total are the same).
 */
export function listColumns(opts: { companyWide: boolean }) {
  const columns: { header: string; cell: (t: ListedTransaction) => string }[] = [
    {
      header: 'Status',
      cell: (t) => {
        const s = statusWords(t);
        return s.givenBack ? `${s.text} ${s.givenBack}` : s.text;
      },
    },
    { header: 'Date', cell: (t) => formatDateTime(t.created) },
    { header: 'Transaction ID', cell: (t) => transactionIdOf(t.referenceId) },
    ...(opts.companyWide ? [{ header: 'Dentist', cell: (t: ListedTransaction) => t.companyName }] : []),
    { header: 'Patient', cell: (t) => patientCellText(t) },
    {
      header: 'Source',
      cell: (t) => {
        const label = SOURCE_LABELS[t.source as TransactionSource] ?? t.source;
        return t.source === 'TERMINAL' && t.terminalDescription
          ? `${label} (${t.terminalDescription})`
          : label;
      },
    },
    { header: 'Payment Method', cell: (t) => paymentMethodText(t) },
    { header: 'Amount', cell: (t) => formatCurrency(t.orderAmount) },
    { header: 'Surcharge', cell: (t) => formatCurrency(t.surchargeAmount) },
    { header: 'Total', cell: (t) => formatCurrency(t.amount) },
    { header: 'Practice System', cell: (t) => SYNC_WORDS[syncStateOf(t)] },
  ];
  return columns;
}
