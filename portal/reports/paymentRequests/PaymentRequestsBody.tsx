/**
 * The Payment requests report's answer: the period's requests as tiles (sent, viewed, paid, median
 * time to pay, conversion), each channel's conversion (paid of sent) as bars, and the table by
 * channel. Sent and paid open the Payment Requests page on the same days (its date filter counts
 * requests by the day they were sent, as the report does); that page has no channel or clinic
 * filter, so a channel's figures and a clinic-filtered report link nowhere.
 */
import { HorizontalBarChart, HorizontalBarChartVariant } from '@fluentui/react-charts';
import { Text, tokens } from '@fluentui/react-components';
import {
  REQUEST_CHANNEL_LABELS,
  type RequestChannel,
  type RequestFigures,
  type reportPaymentRequests,
} from '../../../embed-sdk/contract/reportPaymentRequests.js';
import { formatCurrency } from '../../../embed-sdk/format/index.js';
import { paramsFromFilter, type RequestFilter } from '../../pages/paymentRequests/paymentRequestsFilter.js';
import { Panel } from '../../pages/Panel.js';
import { byClinics, CLINIC_LINKS_NOTE, FigureTiles, useReportBodyStyles } from '../FigureTiles.js';
import { ReportTable } from '../ReportTable.js';
import type { ReportBodyProps } from '../reportView.js';

const CHANNEL_COLORS: Record<RequestChannel, string> = {
  TEXT: tokens.colorPaletteBlueBorderActive,
  EMAIL: tokens.colorPaletteMarigoldBorderActive,
  BOTH: tokens.colorPaletteTealBorderActive,
};

/**
 * A median time to pay as people say it: minutes under an hour, hours under two days, days beyond.
 * Hand-written: dayjs's `humanize` rounds to "a day", too coarse for a figure staff compare.
 */
export function timeToPayText(seconds: number | null): string {
  if (seconds === null) return '—';
  const minutes = seconds / 60;
  if (minutes < 60) return `${Math.max(1, Math.round(minutes))} min`;
  const hours = minutes / 60;
  if (hours < 48) return `${Number(hours.toFixed(1))} h`;
  return `${Number((hours / 24).toFixed(1))} days`;
}

export function conversionText(conversion: number | null): string {
  return conversion === null ? '—' : `${Number((conversion * 100).toFixed(1))}%`;
}

type Status = RequestFilter['status'];

interface ChannelRow {
  label: string;
  /** The channel's colour in the chart (none on the total row). */
  color?: string;
  figures: RequestFigures;
  /** The Payment Requests page behind the sent and the paid (the total's, with no clinic chosen). */
  sentHref?: string | null;
  paidHref?: string | null;
}

const count = (n: number) => n.toLocaleString('en-US');

export function PaymentRequestsBody({ value, request }: ReportBodyProps<typeof reportPaymentRequests>) {
  const styles = useReportBodyStyles();
  const linked = !byClinics(request);
  const listOf = (status: Status) =>
    linked
      ? `#/notifications?${paramsFromFilter({ search: '', status, startDate: request.from, endDate: request.to, page: 1 })}`
      : null;
  const { totals } = value;
  return (
    <div className={styles.body}>
      <FigureTiles
        label="Payment requests"
        tiles={[
          { key: 'sent', label: 'Sent', value: totals.sent.toLocaleString('en-US'), href: listOf('all') },
          {
            key: 'viewed',
            label: 'Viewed',
            value: totals.viewed.toLocaleString('en-US'),
            detail: 'Opened the payment page',
          },
          {
            key: 'paid',
            label: 'Paid',
            value: totals.paid.toLocaleString('en-US'),
            detail: formatCurrency(totals.paidAmount),
            href: listOf('paid'),
          },
          { key: 'median', label: 'Median time to pay', value: timeToPayText(totals.medianSecondsToPay) },
          {
            key: 'conversion',
            label: 'Conversion',
            value: conversionText(totals.conversion),
            detail: 'Paid of those sent',
          },
        ]}
      />
      {totals.sent > 0 ? (
        <Panel>
          <h3 className={styles.panelTitle}>Conversion by channel</h3>
          <div className={styles.chart}>
            <HorizontalBarChart
              variant={HorizontalBarChartVariant.PartToWhole}
              chartDataMode="percentage"
              data={value.byChannel
                .filter((c) => c.sent > 0)
                .map((c) => ({
                  chartTitle: `${REQUEST_CHANNEL_LABELS[c.channel]}  ${c.paid.toLocaleString('en-US')} paid of ${c.sent.toLocaleString('en-US')} sent`,
                  chartData: [
                    {
                      legend: REQUEST_CHANNEL_LABELS[c.channel],
                      color: CHANNEL_COLORS[c.channel],
                      xAxisCalloutData: REQUEST_CHANNEL_LABELS[c.channel],
                      yAxisCalloutData: conversionText(c.conversion),
                      horizontalBarChartdata: { x: c.paid, total: c.sent },
                    },
                  ],
                }))}
            />
          </div>
        </Panel>
      ) : null}
      <Panel>
        <ReportTable<ChannelRow>
          label="Payment requests by channel"
          rowKey={(row) => row.label}
          rows={value.byChannel.map((c) => ({
            label: REQUEST_CHANNEL_LABELS[c.channel],
            color: CHANNEL_COLORS[c.channel],
            figures: c,
          }))}
          total={{ label: 'Total', figures: totals, sentHref: listOf('all'), paidHref: listOf('paid') }}
          swatch={(row) => row.color}
          columns={[
            { key: 'channel', title: 'Channel', cell: (row) => row.label },
            {
              key: 'sent',
              title: 'Sent',
              align: 'end',
              cell: (row) => count(row.figures.sent),
              href: (row) => row.sentHref,
              linkLabel: (row) => `${row.figures.sent} sent: open the payment requests`,
            },
            { key: 'viewed', title: 'Viewed', align: 'end', cell: (row) => count(row.figures.viewed) },
            {
              key: 'paid',
              title: 'Paid',
              align: 'end',
              cell: (row) => count(row.figures.paid),
              href: (row) => row.paidHref,
              linkLabel: (row) => `${row.figures.paid} paid: open the paid payment requests`,
            },
            {
              key: 'paidAmount',
              title: 'Paid amount',
              align: 'end',
              cell: (row) => formatCurrency(row.figures.paidAmount),
            },
            {
              key: 'median',
              title: 'Median time to pay',
              align: 'end',
              cell: (row) => timeToPayText(row.figures.medianSecondsToPay),
            },
            {
              key: 'conversion',
              title: 'Conversion',
              align: 'end',
              cell: (row) => conversionText(row.figures.conversion),
            },
          ]}
        />
        {!linked ? <Text className={styles.note}>{CLINIC_LINKS_NOTE}</Text> : null}
      </Panel>
    </div>
  );
}
