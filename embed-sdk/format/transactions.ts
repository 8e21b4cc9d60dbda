/**
 * Transactions in words, as the spec names them: the source labels (part 1, section 9), card
 * brands, and the transaction list's patient cell (part 2, "Transaction list"). The widgets, the
 * portal and the server's CSV export say the same things.
 */
import type { CardType, TransactionSource } from '../contract/common.js';

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
