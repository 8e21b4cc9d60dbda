/**
 * Where a Collections figure leads: the transactions list (`#/transactions?…`) filtered as the figure
 * counts — the days, every approved payment (status PAID: refunded or voided since included), the
 * report's clinics, and the split value when the figure is one value's. The list's address is written
 * by its own `paramsFromFilter`, with its source, payment methods, clinics (the patient's) and
 * providers (a payment with a pay split on the provider's procedures). "No provider" has no list
 * filter: its figures link nowhere. Also the buckets' labels.
 */
import type { TransactionSource } from '../../../embed-sdk/contract/common.js';
import type { PaymentMethod } from '../../../embed-sdk/contract/dashboard.js';
import type {
  CollectionsBucket,
  CollectionsGroupBy,
  CollectionsRequest,
  CollectionsSplitBy,
} from '../../../embed-sdk/contract/reportCollections.js';
import { formatDate } from '../../../embed-sdk/format/index.js';
import { EMPTY_FILTER, paramsFromFilter } from '../../../widgets/transactions/index.js';

/** The split's name: the column's header and the table's title. */
export const SPLIT_NAMES: Record<CollectionsSplitBy, string> = {
  source: 'Source',
  method: 'Payment method',
  clinic: 'Clinic',
  provider: 'Provider',
};

export interface LinkScope {
  from: string;
  to: string;
  /** A split value's figure: the list narrowed to that value. */
  split?: { by: CollectionsSplitBy; value: string };
}

export function transactionsLink(
  request: Pick<CollectionsRequest, 'clinicNums'>,
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

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });
const SHORT_MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric' });
const SHORT_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

const localDay = (isoDate: string) => {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

/** "11/03/2026", "Week of 11/02/2026", "November 2026"; `short` for the chart's axis: "Nov 3", "Nov 2026". */
export function bucketLabel(
  bucket: Pick<CollectionsBucket, 'start' | 'end'>,
  groupBy: CollectionsGroupBy,
  short = false,
): string {
  const start = localDay(bucket.start);
  if (groupBy === 'month') return (short ? SHORT_MONTH : MONTH).format(start);
  if (short) return SHORT_DAY.format(start);
  return groupBy === 'week' ? `Week of ${formatDate(start)}` : formatDate(start);
}
