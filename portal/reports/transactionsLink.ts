/**
 * Where a report's payment figure leads: the transactions list (`#/transactions?…`) filtered as the
 * figure counts — the days, every approved payment (status PAID: refunded or voided since included),
 * the report's clinics, and the split value when the figure is one value's (Collections' source,
 * payment method, clinic or provider; the Payment plans' and Memberships' collected, their source).
 * The list's address is written by its own `paramsFromFilter`, with its source, payment methods,
 * clinics (the patient's) and providers (a payment with a pay split on the provider's procedures).
 * "No provider" has no list filter: its figures link nowhere.
 */
import type { TransactionSource } from '../../embed-sdk/contract/common.js';
import type { PaymentMethod } from '../../embed-sdk/contract/dashboard.js';
import type { CollectionsSplitBy } from '../../embed-sdk/contract/reportCollections.js';
import type { ReportRangeFields } from '../../embed-sdk/contract/reports.js';
import { EMPTY_FILTER, paramsFromFilter } from '../../widgets/transactions/index.js';

export interface LinkScope {
  from: string;
  to: string;
  /** A split value's figure: the list narrowed to that value. */
  split?: { by: CollectionsSplitBy; value: string };
}

export function transactionsLink(
  request: Pick<ReportRangeFields, 'clinicNums'>,
  scope: LinkScope,
): string | null {
  const split = scope.split;
  if (split?.by === 'provider' && split.value === '') return null;
  const params = paramsFromFilter({
    ...EMPTY_FILTER,
    dates: 'custom',
    startDate: scope.from,
    endDate: scope.to,
    status: 'PAID',
    source: split?.by === 'source' ? (split.value as TransactionSource) : 'all',
    methods: split?.by === 'method' ? [split.value as PaymentMethod] : [],
    providers: split?.by === 'provider' ? [split.value] : [],
    clinicNums: split?.by === 'clinic' ? [Number(split.value)] : (request.clinicNums ?? []),
  });
  return `#/transactions?${params.toString()}`;
}
