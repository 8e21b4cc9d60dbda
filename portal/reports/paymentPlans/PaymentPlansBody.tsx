/**
 * The Payment plans report's answer (rules on the contract, reportPaymentPlans.ts): the past-due
 * amount by age as bars, and a table of every figure. A figure links to the Payment Plans page
 * filtered the same way where that page can be: its filters are today's state of every clinic, so
 * the past-due plans link when the period ends today (or later) and the active plans always, and
 * neither when clinics are chosen (the page has no clinic filter).
 */
import { VerticalStackedBarChart } from '@fluentui/react-charts';
import {
  Link,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';
import type { PastDueAge, paymentPlansReport } from '../../../embed-sdk/contract/reportPaymentPlans.js';
import { formatCurrency } from '../../../embed-sdk/format/index.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { AXIS_DOLLARS } from '../FigureTiles.js';
import type { ReportBodyProps } from '../reportView.js';

export const AGE_LABELS: Record<PastDueAge, string> = {
  '0-30': '0–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  over90: 'Over 90 days',
};

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  chart: { height: '300px', overflow: 'hidden', minWidth: 0 },
  number: {
    textAlign: 'end',
    fontVariantNumeric: 'tabular-nums',
    '& .fui-TableHeaderCell__button': { justifyContent: 'flex-end' },
  },
  figure: { width: '50%' },
});

/** A calendar day (YYYY-MM-DD) in the browser's calendar, as the report's address keeps them. */
const isoDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export function PaymentPlansBody({ value, request }: ReportBodyProps<typeof paymentPlansReport>) {
  const styles = useStyles();
  const sdk = useSdk();
  const allClinics = !request.clinicNums?.length;
  const endsToday = request.to >= isoDay(sdk.now());
  const link = (href: string | null, label: string, text: ReactNode) =>
    href ? (
      <Link href={href} aria-label={label}>
        {text}
      </Link>
    ) : (
      text
    );
  const count = (n: number) => n.toLocaleString('en-US');
  const rows: { key: string; label: string; count: ReactNode; amount: number }[] = [
    {
      key: 'outstanding',
      label: 'Balance outstanding (active plans)',
      count: link(
        allClinics ? '#/paymentplans?status=active' : null,
        `${count(value.outstanding.plans)} active plans`,
        count(value.outstanding.plans),
      ),
      amount: value.outstanding.amount,
    },
    {
      key: 'pastDue',
      label: 'Past due',
      count: link(
        allClinics && endsToday ? '#/paymentplans?status=pastdue' : null,
        `${count(value.pastDue.plans)} past-due plans`,
        count(value.pastDue.plans),
      ),
      amount: value.pastDue.amount,
    },
    ...value.pastDue.byAge.map((a) => ({
      key: a.age,
      label: `Past due ${AGE_LABELS[a.age]}`,
      count: count(a.cycles),
      amount: a.amount,
    })),
    {
      key: 'completed',
      label: 'Completed',
      count: count(value.completed.count),
      amount: value.completed.amount,
    },
    { key: 'canceled', label: 'Canceled', count: count(value.canceled.count), amount: value.canceled.amount },
    {
      key: 'collected',
      label: 'Collected on plans',
      count: count(value.collected.count),
      amount: value.collected.amount,
    },
  ];
  return (
    <div className={styles.body}>
      <div className={styles.chart}>
        <VerticalStackedBarChart
          chartTitle="Past due by age"
          height={260}
          margins={{ left: 56 }}
          barWidth="auto"
          maxBarWidth={72}
          hideLegend
          yAxisTickFormat={(v: number) => AXIS_DOLLARS.format(v)}
          data={value.pastDue.byAge.map((a) => ({
            xAxisPoint: AGE_LABELS[a.age],
            chartData: [
              {
                legend: 'Past due',
                data: a.amount / 100,
                color: tokens.colorPaletteRedBorderActive,
                yAxisCalloutData: formatCurrency(a.amount),
              },
            ],
          }))}
        />
      </div>
      <Table size="small" aria-label="Payment plans">
        <TableHeader>
          <TableRow>
            <TableHeaderCell className={styles.figure}>Figure</TableHeaderCell>
            <TableHeaderCell className={styles.number}>Count</TableHeaderCell>
            <TableHeaderCell className={styles.number}>Amount</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell>{row.label}</TableCell>
              <TableCell className={styles.number}>{row.count}</TableCell>
              <TableCell className={styles.number}>{formatCurrency(row.amount)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
