/**
 * The Practice-system sync report's answer: the period's payments not posted to the practice system
 * (pending and failed, counts and amounts) as tiles, stacked bars by day, the failures by reason, and
 * the payments themselves. The transactions list cannot filter by sync state, so the report lists
 * them (the first MAX_SYNC_RECORDS, oldest first), each opening the transactions list filtered to its
 * transaction ID, where its sync state, its details and Retry are.
 */
import { VerticalStackedBarChart } from '@fluentui/react-charts';
import { Text, tokens } from '@fluentui/react-components';
import {
  MAX_SYNC_RECORDS,
  type reportSync,
  type SyncRecord,
  type SyncReport,
} from '../../../embed-sdk/contract/reportSync.js';
import { formatCurrency, formatDate, formatDateTime } from '../../../embed-sdk/format/index.js';
import { SYNC_WORDS } from '../../../embed-sdk/format/transactions.js';
import { EMPTY_FILTER, paramsFromFilter } from '../../../widgets/transactions/index.js';
import { Panel } from '../../pages/Panel.js';
import { FigureTiles, useReportBodyStyles } from '../FigureTiles.js';
import { ReportTable } from '../ReportTable.js';
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
          <ReportTable<SyncReport['byReason'][number]>
            label="Failures by reason"
            rows={value.byReason}
            rowKey={(r) => r.reason}
            columns={[
              { key: 'reason', title: 'Why the posting failed', cell: (r) => r.reason || 'No reason given' },
              { key: 'count', title: 'Payments', align: 'end', cell: (r) => r.count.toLocaleString('en-US') },
              { key: 'amount', title: 'Amount', align: 'end', cell: (r) => formatCurrency(r.amount) },
            ]}
          />
        </Panel>
      ) : null}
      <Panel>
        {listed === 0 ? (
          <Text role="status">Every payment of the period has reached the practice system.</Text>
        ) : (
          <>
            <ReportTable<SyncRecord>
              label="Payments not posted"
              rows={value.records}
              rowKey={(r) => String(r.id)}
              columns={[
                {
                  key: 'transaction',
                  title: 'Transaction ID',
                  cell: (r) => r.transactionId,
                  href: (r) => transactionHref(r.transactionId),
                  linkLabel: (r) => `Open transaction ${r.transactionId}`,
                },
                { key: 'date', title: 'Date', cell: (r) => formatDateTime(r.created) },
                {
                  key: 'patient',
                  title: 'Patient',
                  cell: (r) => [r.firstName, r.lastName].filter(Boolean).join(' ') || '—',
                },
                { key: 'amount', title: 'Amount', align: 'end', cell: (r) => formatCurrency(r.amount) },
                {
                  key: 'sync',
                  title: 'Sync',
                  cell: (r) => (r.state === 'FAILED' ? SYNC_WORDS.failed : SYNC_WORDS.pending),
                },
                { key: 'reason', title: 'Reason', cell: (r) => r.reason ?? '—' },
              ]}
            />
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
