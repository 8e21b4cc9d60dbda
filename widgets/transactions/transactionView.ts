/**
 * How a transaction reads in the list and its details (spec part 2, "Transaction list", "Transaction
 * detail" and section 3). Pure.
 */
import type { Role } from '../../embed-sdk/contract/common.js';
import type { Transaction } from '../../embed-sdk/contract/transaction.js';
import {
  paymentMethodText,
  statusWords,
  syncStateOf,
  type SyncState,
  type TransactionState,
} from '../../embed-sdk/format/transactions.js';
import { LIST_TEXT } from './texts.js';

export { checkNumberOf, transactionIdOf } from '../../embed-sdk/format/transactions.js';

export type PatientCell =
  | { kind: 'multiple'; text: string }
  | { kind: 'unassociated'; text: string }
  | { kind: 'name'; text: string }
  | {
      kind: 'link';
      text: string;
      customerId: number;
      customerKey: number | null;
      /** How it was associated: automatically, by staff, or not said. */
      association: { how: 'auto' | 'manual'; message: string } | null;
    };

const fullName = (t: Pick<Transaction, 'firstName' | 'lastName'>) =>
  [t.firstName, t.lastName].filter(Boolean).join(' ');

/** The spec's patient cell rules, in their order. */
export function patientCell(
  t: Pick<
    Transaction,
    'firstName' | 'lastName' | 'customerId' | 'customerKey' | 'associatedAutoMessage' | 'associatedManMessage'
  >,
): PatientCell {
  if (t.firstName === 'Multiple' && t.lastName === 'Customers') {
    return { kind: 'multiple', text: LIST_TEXT.multiplePatients };
  }
  if (t.customerId === null && !t.firstName)
    return { kind: 'unassociated', text: LIST_TEXT.unassociatedPatient };
  if (t.customerId === null) return { kind: 'name', text: fullName(t) };
  const association = t.associatedAutoMessage
    ? { how: 'auto' as const, message: t.associatedAutoMessage }
    : t.associatedManMessage
      ? { how: 'manual' as const, message: t.associatedManMessage }
      : null;
  return {
    kind: 'link',
    text: fullName(t) || LIST_TEXT.unassociatedPatient,
    customerId: t.customerId,
    customerKey: t.customerKey,
    association,
  };
}

/** What a source cell opens, and the view role it needs (spec part 2, section 6). */
export type SourceTarget =
  | { kind: 'paymentPlan'; id: number; role: Role }
  | { kind: 'membership'; id: number; role: Role }
  | { kind: 'reimbursement'; id: number; role: Role }
  | { kind: 'paymentRequest'; id: string; role: Role }
  /** A payment request source whose request is not known: the spec's sentence instead of a link. */
  | { kind: 'paymentRequestUnknown'; role: Role };

export function sourceTarget(
  t: Pick<
    Transaction,
    'source' | 'paymentPlanId' | 'customerMembershipBillingId' | 'insurancePaymentId' | 'notificationId'
  >,
): SourceTarget | null {
  switch (t.source) {
    case 'PAYMENTPLAN':
      return t.paymentPlanId === null
        ? null
        : { kind: 'paymentPlan', id: t.paymentPlanId, role: 'VIEWPAYMENTPLANS' };
    case 'MEMBERSHIP':
      return t.customerMembershipBillingId === null
        ? null
        : { kind: 'membership', id: t.customerMembershipBillingId, role: 'VIEWMEMBERSHIPS' };
    case 'INSURANCE':
      return t.insurancePaymentId === null
        ? null
        : { kind: 'reimbursement', id: t.insurancePaymentId, role: 'VIEWINSURANCEPAYMENTS' };
    case 'TEXTTOPAY':
      return t.notificationId === null
        ? { kind: 'paymentRequestUnknown', role: 'VIEWPAYMENTREQUESTS' }
        : { kind: 'paymentRequest', id: t.notificationId, role: 'VIEWPAYMENTREQUESTS' };
    default:
      return null;
  }
}

/** Amount, surcharge and total columns when surcharging applies to any row on show. */
export function showsSurchargeColumns(rows: readonly Pick<Transaction, 'hasSurcharging'>[]): boolean {
  return rows.some((r) => r.hasSurcharging);
}

export interface StatusView {
  text: string;
  color: 'success' | 'danger' | 'warning' | 'subtle';
  /** What was given back ('-$20.60'), shown under the status; null when nothing was. */
  givenBack: string | null;
}

const STATUS_COLORS: Record<TransactionState, StatusView['color']> = {
  approved: 'success',
  declined: 'danger',
  refunded: 'warning',
  partlyRefunded: 'warning',
  voided: 'warning',
  removed: 'subtle',
};

/**
 * The status cell, in the words the CSV export uses too (embed-sdk/format/transactions.ts): a void
 * or a refund (in full, or 'Partly refunded') reads over the approval, then a removal.
 */
export function statusView(
  t: Pick<Transaction, 'status' | 'amount' | 'refundVoidType' | 'refundVoidAmount' | 'removed'>,
): StatusView {
  const words = statusWords(t);
  return { text: words.text, color: STATUS_COLORS[words.state], givenBack: words.givenBack };
}

export type SyncView = SyncState;

/** Whether the payment reached the practice system (the same words as the export's). */
export const syncView: (
  t: Pick<Transaction, 'status' | 'practiceManagementStatus' | 'removed' | 'customerId'>,
) => SyncView = syncStateOf;

/** A card's expiry as MM/YY; null when unknown. */
export function expiryOf(t: Pick<Transaction, 'expMonth' | 'expYear' | 'resultMetaData'>): string | null {
  let month = t.expMonth;
  let year = t.expYear;
  // The spec: when expMonth is '0', month and year come from the card expiration fields of the
  // provider's result.
  if (month === '0' && t.resultMetaData) {
    const found = expirationFields(t.resultMetaData);
    month = found.month ?? null;
    year = found.year ?? year;
  }
  const m = Number(month);
  const y = Number(year);
  if (!month || !year || !Number.isInteger(m) || m < 1 || m > 12 || !Number.isInteger(y)) return null;
  return `${String(m).padStart(2, '0')}/${String(y % 100).padStart(2, '0')}`;
}

const MONTH_KEY = /^(card)?_?exp(iration|iry)?_?month$/i;
const YEAR_KEY = /^(card)?_?exp(iration|iry)?_?year$/i;

/**
 * The provider's card expiration fields (cardExpirationMonth, expirationMonth, expMonth…), at the
 * top of its result or one level down (its `card`); the provider's names vary, the meaning does not.
 */
function expirationFields(meta: Record<string, unknown>): { month?: string; year?: string } {
  const found: { month?: string; year?: string } = {};
  const visit = (record: Record<string, unknown>, depth: number) => {
    for (const [key, value] of Object.entries(record)) {
      if ((typeof value === 'string' || typeof value === 'number') && String(value) !== '0') {
        if (found.month === undefined && MONTH_KEY.test(key)) found.month = String(value);
        if (found.year === undefined && YEAR_KEY.test(key)) found.year = String(value);
      } else if (depth === 0 && value && typeof value === 'object' && !Array.isArray(value)) {
        visit(value as Record<string, unknown>, 1);
      }
    }
  };
  visit(meta, 0);
  return found;
}

/** 'Visa •••• 1111', 'Cash', 'Check #1042' (the export's words too). */
export function paymentMethodOf(
  t: Pick<Transaction, 'fundingSource' | 'cardType' | 'cardDescription' | 'referenceId'>,
): string {
  return paymentMethodText(t);
}

/** Unassociated: no patient, and not removed. */
export function isUnassociated(t: Pick<Transaction, 'customerId' | 'removed' | 'status'>): boolean {
  return t.customerId === null && !t.removed && t.status === 'APPROVED';
}
