/**
 * The Collections report's words: its splits' names and its buckets' labels. Where its figures lead
 * is ../transactionsLink.ts.
 */
import type {
  CollectionsBucket,
  CollectionsGroupBy,
  CollectionsSplitBy,
} from '../../../embed-sdk/contract/reportCollections.js';
import { formatDate } from '../../../embed-sdk/format/index.js';

/** The split's name: the column's header and the table's title. */
export const SPLIT_NAMES: Record<CollectionsSplitBy, string> = {
  source: 'Source',
  method: 'Payment method',
  clinic: 'Clinic',
  provider: 'Provider',
};

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
