/**
 * The Payment plans report's answer (rules on the contract, reportPaymentPlans.ts): the past-due
 * amount by age as bars, and a table of every figure. A figure links to the Payment Plans page
 * filtered the same way where that page can be: its filters are today's state of every clinic, so
 * the past-due plans link when the period ends today (or later) and the active plans always, and
 * neither when clinics are chosen (the page has no clinic filter). What plans collected links to the
 * transactions list of the period's plan payments (../transactionsLink.ts), which counts the same.
 */
import { VerticalStackedBarChart } from '@fluentui/react-charts';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { PastDueAge, paymentPlansReport } from '../../../embed-sdk/contract/reportPaymentPlans.js';
import { formatCurrency, formatIsoDay } from '../../../embed-sdk/format/index.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { AXIS_DOLLARS } from '../FigureTiles.js';
import { ReportTable } from '../ReportTable.js';
import type { ReportBodyProps } from '../reportView.js';
import { transactionsLink } from '../transactionsLink.js';

export const AGE_LABELS: Record<PastDueAge, string> = {
  '0-30': '0–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  over90: 'Over 90 days',
};

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  chart: { height: '300px', overflow: 'hidden', minWidth: 0 },
});

interface FigureRow {
  key: string;
  label: string;
  count: number;
  amount: number;
  /** The list behind the count, and the link's name; none when no list counts the same. */
  countLink?: { href: string | null; label: string };
  /** The list behind the amount, and the link's name. */
  amountLink?: { href: string | null; label: string };
}

const count = (n: number) => n.toLocaleString('en-US');

export function PaymentPlansBody({ value, request }: ReportBodyProps<typeof paymentPlansReport>) {
  const styles = useStyles();
  const sdk = useSdk();
  const allClinics = !request.clinicNums?.length;
  const endsToday = request.to >= formatIsoDay(sdk.now());
  const collected = transactionsLink(request, {
    from: request.from,
    to: request.to,
    split: { by: 'source', value: 'PAYMENTPLAN' },
  });
  const rows: FigureRow[] = [
    {
      key: 'outstanding',
      label: 'Balance outstanding (active plans)',
      count: value.outstanding.plans,
      amount: value.outstanding.amount,
      countLink: {
        href: allClinics ? '#/paymentplans?status=active' : null,
        label: `${count(value.outstanding.plans)} active plans`,
      },
    },
    {
      key: 'pastDue',
      label: 'Past due',
      count: value.pastDue.plans,
      amount: value.pastDue.amount,
      countLink: {
        href: allClinics && endsToday ? '#/paymentplans?status=pastdue' : null,
        label: `${count(value.pastDue.plans)} past-due plans`,
      },
    },
    ...value.pastDue.byAge.map((a) => ({
      key: a.age,
      label: `Past due ${AGE_LABELS[a.age]}`,
      count: a.cycles,
      amount: a.amount,
    })),
    { key: 'completed', label: 'Completed', ...value.completed },
    { key: 'canceled', label: 'Canceled', ...value.canceled },
    {
      key: 'collected',
      label: 'Collected on plans',
      ...value.collected,
      countLink: {
        href: collected,
        label: `${count(value.collected.count)} plan payments: open the transactions`,
      },
      amountLink: {
        href: collected,
        label: `${formatCurrency(value.collected.amount)} collected on plans: open the transactions`,
      },
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
      <ReportTable<FigureRow>
        label="Payment plans"
        rows={rows}
        rowKey={(row) => row.key}
        columns={[
          { key: 'figure', title: 'Figure', width: '50%', cell: (row) => row.label },
          {
            key: 'count',
            title: 'Count',
            align: 'end',
            cell: (row) => count(row.count),
            href: (row) => row.countLink?.href,
            linkLabel: (row) => row.countLink!.label,
          },
          {
            key: 'amount',
            title: 'Amount',
            align: 'end',
            cell: (row) => formatCurrency(row.amount),
            href: (row) => row.amountLink?.href,
            linkLabel: (row) => row.amountLink!.label,
          },
        ]}
      />
    </div>
  );
}
