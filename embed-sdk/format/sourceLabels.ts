/**
 * The spec's source labels (part 1 section 9, part 2 section 9), as every list, chart and export names
 * a payment's source.
 */
import type { TransactionSource } from '../contract/common.js';

export const SOURCE_LABELS: Record<TransactionSource, string> = {
  PAYMENTPLAN: 'Payment Plan',
  MEMBERSHIP: 'Membership',
  VIRTUALTERMINAL: 'Virtual Terminal',
  TERMINAL: 'Terminal',
  TEXTTOPAY: 'Text To Pay',
  PAYMENTPAGE: 'Payment Page',
  INSURANCE: 'Insurance Reimbursement',
};
