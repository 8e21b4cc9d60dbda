/**
 * The Payment requests report's answer: the period's requests as tiles (sent, viewed, paid, median
 * time to pay, conversion), each channel's conversion (paid of sent) as bars, and the table by
 * channel. Sent and paid open the Payment Requests page on the same days (its date filter counts
 * requests by the day they were sent, as the report does); that page has no channel or clinic
 * filter, so a channel's figures and a clinic-filtered report link nowhere.
 */
import { HorizontalBarChart, HorizontalBarChartVariant } from '@fluentui/react-charts';
import {
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import {
  REQUEST_CHANNEL_LABELS,
  type RequestChannel,
  type RequestFigures,
  type reportPaymentRequests,
} from '../../../embed-sdk/contract/reportPaymentRequests.js';
import { formatCurrency } from '../../../embed-sdk/format/index.js';
import { paramsFromFilter, type RequestFilter } from '../../pages/paymentRequests/paymentRequestsFilter.js';
import { Panel } from '../../pages/Panel.js';
import { byClinics, CLINIC_LINKS_NOTE, CountLink, FigureTiles, useReportBodyStyles } from '../FigureTiles.js';
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
        <Table size="small" aria-label="Payment requests by channel">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Channel</TableHeaderCell>
              <TableHeaderCell className={styles.number}>Sent</TableHeaderCell>
              <TableHeaderCell className={styles.number}>Viewed</TableHeaderCell>
              <TableHeaderCell className={styles.number}>Paid</TableHeaderCell>
              <TableHeaderCell className={styles.number}>Paid amount</TableHeaderCell>
              <TableHeaderCell className={styles.number}>Median time to pay</TableHeaderCell>
              <TableHeaderCell className={styles.number}>Conversion</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {value.byChannel.map((c) => (
              <FiguresRow
                key={c.channel}
                label={REQUEST_CHANNEL_LABELS[c.channel]}
                color={CHANNEL_COLORS[c.channel]}
                figures={c}
              />
            ))}
            <FiguresRow label="Total" figures={totals} sentHref={listOf('all')} paidHref={listOf('paid')} />
          </TableBody>
        </Table>
        {!linked ? <Text className={styles.note}>{CLINIC_LINKS_NOTE}</Text> : null}
      </Panel>
    </div>
  );
}

function FiguresRow(props: {
  label: string;
  color?: string;
  figures: RequestFigures;
  sentHref?: string | null;
  paidHref?: string | null;
}) {
  const styles = useReportBodyStyles();
  const f = props.figures;
  const cell = props.color ? styles.number : `${styles.number} ${styles.total}`;
  return (
    <TableRow>
      <TableCell className={props.color ? undefined : styles.total}>
        {props.color ? (
          <span className={styles.swatch} style={{ backgroundColor: props.color }} aria-hidden />
        ) : null}
        {props.label}
      </TableCell>
      <TableCell className={cell}>
        <CountLink
          count={f.sent}
          href={props.sentHref ?? null}
          label={`${f.sent} sent: open the payment requests`}
        />
      </TableCell>
      <TableCell className={cell}>{f.viewed.toLocaleString('en-US')}</TableCell>
      <TableCell className={cell}>
        <CountLink
          count={f.paid}
          href={props.paidHref ?? null}
          label={`${f.paid} paid: open the paid payment requests`}
        />
      </TableCell>
      <TableCell className={cell}>{formatCurrency(f.paidAmount)}</TableCell>
      <TableCell className={cell}>{timeToPayText(f.medianSecondsToPay)}</TableCell>
      <TableCell className={cell}>{conversionText(f.conversion)}</TableCell>
    </TableRow>
  );
}
