/**
 * The Collections report's body (embed-sdk/contract/reportCollections.ts has every figure's rule): a
 * stacked bar chart of net by day, week or month, split by the chosen dimension; a table of the
 * buckets with a total row; and a table by split value. A count and a gross link to the transactions
 * list filtered the same way (../transactionsLink.ts), where the count matches.
 */
import { VerticalStackedBarChart } from '@fluentui/react-charts';
import { makeStyles, tokens } from '@fluentui/react-components';
import type {
  CollectionsFigures,
  CollectionsReport,
  CollectionsRequest,
} from '../../../embed-sdk/contract/reportCollections.js';
import { formatCurrency } from '../../../embed-sdk/format/index.js';
import { AXIS_DOLLARS, SERIES_COLORS } from '../FigureTiles.js';
import { ReportTable, type ReportColumn } from '../ReportTable.js';
import { transactionsLink } from '../transactionsLink.js';
import { bucketLabel, SPLIT_NAMES } from './collectionsLinks.js';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, minWidth: 0 },
  // The chart at most ~300 px tall, so the report prints on one page.
  chart: { minWidth: 0, overflow: 'hidden', maxHeight: '300px' },
  title: {
    margin: `0 0 ${tokens.spacingVerticalS}`,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
  },
  empty: { color: tokens.colorNeutralForeground3 },
});

const GROUP_TITLES = { day: 'By day', week: 'By week', month: 'By month' } as const;

export interface CollectionsBodyProps {
  value: CollectionsReport;
  request: CollectionsRequest;
}

export function CollectionsBody({ value, request }: CollectionsBodyProps) {
  const styles = useStyles();
  const colorOf = new Map(value.bySplit.map((s, i) => [s.value, SERIES_COLORS[i % SERIES_COLORS.length]!]));
  const splitName = SPLIT_NAMES[request.splitBy];
  return (
    <div className={styles.body}>
      <section
        aria-label={`Net collections ${GROUP_TITLES[request.groupBy].toLowerCase()}, by ${splitName.toLowerCase()}`}
      >
        <div className={styles.chart}>
          {/* The chart draws a stack's positive parts (a bucket whose refunds outweigh its payments
              has a negative net, which the tables give exactly). */}
          <VerticalStackedBarChart
            height={280}
            margins={{ left: 56 }}
            barWidth="auto"
            maxBarWidth={48}
            yAxisTickFormat={(v: number) => AXIS_DOLLARS.format(v)}
            data={value.buckets.map((bucket) => ({
              xAxisPoint: bucketLabel(bucket, request.groupBy, true),
              xAxisCalloutData: bucketLabel(bucket, request.groupBy),
              chartData: bucket.bySplit.map((s) => ({
                legend: s.label,
                data: Math.max(0, s.net) / 100,
                color: colorOf.get(s.value),
                yAxisCalloutData: formatCurrency(s.net),
              })),
            }))}
          />
        </div>
      </section>
      <section>
        <h3 className={styles.title}>{GROUP_TITLES[request.groupBy]}</h3>
        <ReportTable<FiguresRow>
          label={`Collections ${GROUP_TITLES[request.groupBy].toLowerCase()}`}
          columns={figureColumns('Period')}
          rowKey={(row) => row.key}
          rows={value.buckets.map((bucket) => ({
            key: bucket.start,
            label: bucketLabel(bucket, request.groupBy),
            figures: bucket.totals,
            href: transactionsLink(request, { from: bucket.start, to: bucket.end }),
          }))}
          total={{
            key: 'total',
            label: 'Total',
            figures: value.totals,
            href: transactionsLink(request, { from: request.from, to: request.to }),
          }}
        />
      </section>
      <section>
        <h3 className={styles.title}>By {splitName.toLowerCase()}</h3>
        {value.bySplit.length === 0 ? (
          <p className={styles.empty}>No payments, refunds or voids in this period.</p>
        ) : (
          <ReportTable<FiguresRow>
            label={`Collections by ${splitName.toLowerCase()}`}
            columns={figureColumns(splitName)}
            rowKey={(row) => row.key}
            swatch={(row) => row.color}
            rows={value.bySplit.map((s) => ({
              key: s.value,
              label: s.label,
              color: colorOf.get(s.value),
              figures: s,
              href: transactionsLink(request, {
                from: request.from,
                to: request.to,
                split: { by: request.splitBy, value: s.value },
              }),
            }))}
          />
        )}
      </section>
    </div>
  );
}

interface FiguresRow {
  key: string;
  label: string;
  figures: CollectionsFigures;
  /** The transactions list behind the count and the gross; null when the list cannot filter so. */
  href: string | null;
  color?: string;
}

const money = (cents: number) => formatCurrency(cents);
const opens = (row: FiguresRow, what: string) => `${what}, ${row.label}: open the transactions`;

/** A split's or a period's figures, in the columns of both of the report's tables. */
function figureColumns(keyHeader: string): ReportColumn<FiguresRow>[] {
  const figure = (key: keyof CollectionsFigures, title: string) => ({
    key,
    title,
    align: 'end' as const,
    cell: (row: FiguresRow) => money(row.figures[key]),
  });
  return [
    { key: 'label', title: keyHeader, cell: (row) => row.label },
    {
      key: 'count',
      title: 'Payments',
      align: 'end',
      cell: (row) => row.figures.count.toLocaleString('en-US'),
      href: (row) => row.href,
      linkLabel: (row) => opens(row, `${row.figures.count.toLocaleString('en-US')} payments`),
    },
    {
      ...figure('gross', 'Gross'),
      href: (row) => row.href,
      linkLabel: (row) => opens(row, `${money(row.figures.gross)} gross`),
    },
    figure('refunds', 'Refunds'),
    figure('voids', 'Voids'),
    figure('surcharges', 'Surcharges'),
    figure('net', 'Net'),
  ];
}
