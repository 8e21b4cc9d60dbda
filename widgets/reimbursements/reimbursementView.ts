/** How a reimbursement reads in the list and its details: its payment method and its status. */
import type { InsurancePaymentStatus, InsurancePaymentSummary } from '../../embed-sdk/contract/insurance.js';
import { CARD_BRAND_NAMES } from '../../embed-sdk/format/transactions.js';
import { lastDigits } from '../ui/cardBrands.js';
import { LIST_TEXT } from './texts.js';

/** 'Visa •••• 4242' for a virtual card, 'Check #1234' for a check. */
export function paymentMethodOf(
  p: Pick<InsurancePaymentSummary, 'fundingSource' | 'cardType' | 'cardDescription' | 'referenceId'>,
): string {
  if (p.fundingSource === 'CHECK') {
    return p.referenceId ? LIST_TEXT.checkNumber(p.referenceId) : LIST_TEXT.check;
  }
  const brand = p.cardType ? CARD_BRAND_NAMES[p.cardType] : LIST_TEXT.card;
  return p.cardDescription ? `${brand} •••• ${lastDigits(p.cardDescription)}` : brand;
}

export const STATUS_COLOR: Record<InsurancePaymentStatus, 'informative' | 'warning' | 'success'> = {
  POSTED: 'informative',
  AWAITING_PAYMENT: 'warning',
  PAID: 'success',
};
