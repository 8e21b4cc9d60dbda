/**
 * The Collections report's body (embed-sdk/contract/reportCollections.ts has every figure's rule): a
 * stacked bar chart of net by day, week or month, split by the chosen dimension; a table of the
 * buckets with a total row; and a table by split value. A count and a gross link to the transactions
 * list filtered the same way (collectionsLinks.ts), where the count matches.
 */
import { VerticalStackedBarChart } from '@fluentui/react-charts';
import {
  Link,
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import type {
  CollectionsFigures,
  CollectionsReport,
  CollectionsRequest,
} from '../../../embed-sdk/contract/reportCollections.js';
import { formatCurrency } from '../../../embed-sdk/format/index.js';
import { AXIS_DOLLARS, SERIES_COLORS } from '../FigureTiles.js';
import { bucketLabel, SPLIT_NAMES, transactionsLink } from './collectionsLinks.js';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, minWidth: 0 },
  // The chart at most ~300 px tall, so the report prints on one page.
  chart: { minWidth: 0, overflow: 'hidden', maxHeight: '300px' },
  title: {
    margin: `0 0 ${tokens.spacingVerticalS}`,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
  },
  number: {
    textAlign: 'end',
    fontVariantNumeric: 'tabular-nums',
    '& .fui-TableHeaderCell__button': { justifyContent: 'flex-end' },
  },
  total: { fontWeight: tokens.fontWeightSemibold },
  swatch: {
    display: 'inline-block',
    width: tokens.spacingHorizontalS,
    height: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusCircular,
    marginInlineEnd: tokens.spacingHorizontalS,
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
        <FiguresTable
          caption={`Collections ${GROUP_TITLES[request.groupBy].toLowerCase()}`}
          keyHeader="Period"
          rows={[
            ...value.buckets.map((bucket) => ({
              key: bucket.start,
              label: bucketLabel(bucket, request.groupBy),
              figures: bucket.totals,
              href: transactionsLink(request, { from: bucket.start, to: bucket.end }),
            })),
            {
              key: 'total',
              label: 'Total',
              figures: value.totals,
              href: transactionsLink(request, { from: request.from, to: request.to }),
              total: true,
            },
          ]}
        />
      </section>
      <section>
        <h3 className={styles.title}>By {splitName.toLowerCase()}</h3>
        {value.bySplit.length === 0 ? (
          <p className={styles.empty}>No payments, refunds or voids in this period.</p>
        ) : (
          <FiguresTable
            caption={`Collections by ${splitName.toLowerCase()}`}
            keyHeader={splitName}
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
  total?: boolean;
}

function FiguresTable({
  caption,
  keyHeader,
  rows,
}: {
  caption: string;
  keyHeader: string;
  rows: FiguresRow[];
}) {
  const styles = useStyles();
  const money = (cents: number) => formatCurrency(cents);
  const linked = (row: FiguresRow, text: string, what: string) =>
    row.href ? (
      <Link href={row.href} aria-label={`${text} ${what}, ${row.label}: open the transactions`}>
        {text}
      </Link>
    ) : (
      text
    );
  return (
    <Table size="small" aria-label={caption}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{keyHeader}</TableHeaderCell>
          <TableHeaderCell className={styles.number}>Payments</TableHeaderCell>
          <TableHeaderCell className={styles.number}>Gross</TableHeaderCell>
          <TableHeaderCell className={styles.number}>Refunds</TableHeaderCell>
          <TableHeaderCell className={styles.number}>Voids</TableHeaderCell>
          <TableHeaderCell className={styles.number}>Surcharges</TableHeaderCell>
          <TableHeaderCell className={styles.number}>Net</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key} className={row.total ? styles.total : undefined}>
            <TableCell>
              {row.color && (
                <span className={styles.swatch} style={{ backgroundColor: row.color }} aria-hidden />
              )}
              {row.label}
            </TableCell>
            <TableCell className={styles.number}>
              {linked(row, row.figures.count.toLocaleString('en-US'), 'payments')}
            </TableCell>
            <TableCell className={styles.number}>{linked(row, money(row.figures.gross), 'gross')}</TableCell>
            <TableCell className={styles.number}>{money(row.figures.refunds)}</TableCell>
            <TableCell className={styles.number}>{money(row.figures.voids)}</TableCell>
            <TableCell className={styles.number}>{money(row.figures.surcharges)}</TableCell>
            <TableCell className={styles.number}>{money(row.figures.net)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
