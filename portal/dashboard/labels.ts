/** The dashboard's words: source and payment-method labels (the spec's), and the periods'. */
import type { CollectionPeriod } from '../../embed-sdk/contract/dashboard.js';

/** The spec's source labels (part 1, section 9), shared with the widgets and the server's export. */
export { SOURCE_LABELS } from '../../embed-sdk/format/transactions.js';

/** Card brands as widgets name them, plus cash, check and a card of unknown brand (shared with the transactions list's filter). */
export { PAYMENT_METHOD_LABELS as METHOD_LABELS } from '../../embed-sdk/format/transactions.js';

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
