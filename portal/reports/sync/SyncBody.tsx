/**
 * The Practice-system sync report's answer: the period's payments not posted to the practice system
 * (pending and failed, counts and amounts) as tiles, stacked bars by day, the failures by reason, and
 * the payments themselves. The transactions list cannot filter by sync state, so the report lists
 * them (the first MAX_SYNC_RECORDS, oldest first), each opening the transactions list filtered to its
 * transaction ID, where its sync state, its details and Retry are.
 */
import { VerticalStackedBarChart } from '@fluentui/react-charts';
import {
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Link,
  tokens,
} from '@fluentui/react-components';
import {
  MAX_SYNC_RECORDS,
  type reportSync,
  type SyncRecord,
} from '../../../embed-sdk/contract/reportSync.js';
import { formatCurrency, formatDate, formatDateTime } from '../../../embed-sdk/format/index.js';
import { SYNC_WORDS } from '../../../embed-sdk/format/transactions.js';
import { EMPTY_FILTER, paramsFromFilter } from '../../../widgets/transactions/index.js';
import { Panel } from '../../pages/Panel.js';
import { FigureTiles, useReportBodyStyles } from '../FigureTiles.js';
import type { ReportBodyProps } from '../reportView.js';

const COLORS = {
  pending: tokens.colorPaletteMarigoldBorderActive,
  failed: tokens.colorPaletteRedBorderActive,
};

/** The transactions list showing this one transaction (its ID as people see it). */
export function transactionHref(transactionId: string): string {
  return `#/transactions?${paramsFromFilter({ ...EMPTY_FILTER, transactionId })}`;
}

const payments = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'payment' : 'payments'}`;

export function SyncBody({ value }: ReportBodyProps<typeof reportSync>) {
  const styles = useReportBodyStyles();
  const { totals } = value;
  const listed = totals.pendingCount + totals.failedCount;
  return (
    <div className={styles.body}>
      <FigureTiles
        label="Payments not posted"
        tiles={[
          {
            key: 'pending',
            label: SYNC_WORDS.pending,
            value: totals.pendingCount.toLocaleString('en-US'),
            detail: formatCurrency(totals.pendingAmount),
          },
          {
            key: 'failed',
            label: 'Failed',
            value: totals.failedCount.toLocaleString('en-US'),
            detail: formatCurrency(totals.failedAmount),
          },
        ]}
      />
      {value.byDay.length > 0 ? (
        <Panel>
          <h3 className={styles.panelTitle}>Payments not posted, by the day they were made</h3>
          <div className={styles.chart}>
            <VerticalStackedBarChart
              chartTitle="Payments not posted, by day"
              height={200}
              barWidth="auto"
              maxBarWidth={40}
              data={value.byDay.map((day) => ({
                xAxisPoint: formatDate(`${day.day}T12:00:00`).slice(0, 5),
                xAxisCalloutData: formatDate(`${day.day}T12:00:00`),
                chartData: [
                  {
                    legend: SYNC_WORDS.pending,
                    data: day.pendingCount,
                    color: COLORS.pending,
                    yAxisCalloutData: `${payments(day.pendingCount)}, ${formatCurrency(day.pendingAmount)}`,
                  },
                  {
                    legend: SYNC_WORDS.failed,
                    data: day.failedCount,
                    color: COLORS.failed,
                    yAxisCalloutData: `${payments(day.failedCount)}, ${formatCurrency(day.failedAmount)}`,
                  },
                ],
              }))}
            />
          </div>
        </Panel>
      ) : null}
      {value.byReason.length > 0 ? (
        <Panel>
          <Table size="small" aria-label="Failures by reason">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>Why the posting failed</TableHeaderCell>
                <TableHeaderCell className={styles.number}>Payments</TableHeaderCell>
                <TableHeaderCell className={styles.number}>Amount</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {value.byReason.map((r) => (
                <TableRow key={r.reason}>
                  <TableCell>{r.reason || 'No reason given'}</TableCell>
                  <TableCell className={styles.number}>{r.count.toLocaleString('en-US')}</TableCell>
                  <TableCell className={styles.number}>{formatCurrency(r.amount)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Panel>
      ) : null}
      <Panel>
        {listed === 0 ? (
          <Text role="status">Every payment of the period has reached the practice system.</Text>
        ) : (
          <>
            <Table size="small" aria-label="Payments not posted">
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>Transaction ID</TableHeaderCell>
                  <TableHeaderCell>Date</TableHeaderCell>
                  <TableHeaderCell>Patient</TableHeaderCell>
                  <TableHeaderCell className={styles.number}>Amount</TableHeaderCell>
                  <TableHeaderCell>Sync</TableHeaderCell>
                  <TableHeaderCell>Reason</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {value.records.map((r) => (
                  <RecordRow key={r.id} record={r} />
                ))}
              </TableBody>
            </Table>
            {listed > value.records.length ? (
              <Text className={styles.note}>
                The oldest {MAX_SYNC_RECORDS.toLocaleString('en-US')} of {payments(listed)}: export CSV for
                the figures by day.
              </Text>
            ) : null}
          </>
        )}
      </Panel>
    </div>
  );
}

function RecordRow({ record }: { record: SyncRecord }) {
  const styles = useReportBodyStyles();
  return (
    <TableRow>
      <TableCell>
        <Link
          href={transactionHref(record.transactionId)}
          aria-label={`Open transaction ${record.transactionId}`}
        >
          {record.transactionId}
        </Link>
      </TableCell>
      <TableCell>{formatDateTime(record.created)}</TableCell>
      <TableCell>{[record.firstName, record.lastName].filter(Boolean).join(' ') || '—'}</TableCell>
      <TableCell className={styles.number}>{formatCurrency(record.amount)}</TableCell>
      <TableCell>{record.state === 'FAILED' ? SYNC_WORDS.failed : SYNC_WORDS.pending}</TableCell>
      <TableCell>{record.reason ?? '—'}</TableCell>
    </TableRow>
  );
}
