/** The dashboard's words: source and payment-method labels (the spec's), and the periods'. */
import { CARD_BRAND_NAMES } from '../../widgets/ui/cardBrands.js';
import type { CollectionPeriod, PaymentMethod } from '../../embed-sdk/contract/dashboard.js';

/** The spec's source labels, as the transactions list names them too. */
export { SOURCE_LABELS } from '../../embed-sdk/format/sourceLabels.js';

/** Card brands as widgets name them, plus cash, check and a card of unknown brand. */
export const METHOD_LABELS: Record<PaymentMethod, string> = {
  ...CARD_BRAND_NAMES,
  CARD: 'Other card',
  CASH: 'Cash',
  CHECK: 'Check',
};

export const PERIOD_LABELS: Record<CollectionPeriod, { title: string; tab: string; empty: string }> = {
  today: { title: 'Today', tab: 'Today', empty: 'No collections yet today' },
  week: { title: 'This week', tab: 'This week', empty: 'No collections yet this week' },
  month: { title: 'This month', tab: 'This month', empty: 'No collections yet this month' },
};

export const PERIODS: readonly CollectionPeriod[] = ['today', 'week', 'month'];

/** "1 payment", "12 payments". */
export function paymentsLabel(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'payment' : 'payments'}`;
}
