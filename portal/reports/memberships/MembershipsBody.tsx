/**
 * The Memberships report's answer (rules on the contract, reportMemberships.ts): the monthly recurring
 * revenue by membership plan as bars, a table of the figures and a table of the plans. The active
 * memberships link to the Memberships page's Active filter where it counts the same ones: that filter
 * is today's state of every clinic, so only when the period ends today (or later) and no clinic is chosen.
 * What memberships collected links to the transactions list of the period's membership payments
 * (../transactionsLink.ts), which counts the same.
 */
import { HorizontalBarChart, HorizontalBarChartVariant } from '@fluentui/react-charts';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { MembershipsReport, membershipsReport } from '../../../embed-sdk/contract/reportMemberships.js';
import { RENEWAL_DAYS } from '../../../embed-sdk/contract/reportMemberships.js';
import { formatCurrency, formatIsoDay } from '../../../embed-sdk/format/index.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { ReportTable } from '../ReportTable.js';
import type { ReportBodyProps } from '../reportView.js';
import { transactionsLink } from '../transactionsLink.js';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  chart: { maxHeight: '300px', overflow: 'hidden', minWidth: 0 },
});

interface FigureRow {
  key: string;
  label: string;
  value: string;
  /** The list behind the figure, and the link's name; none when no list counts the same. */
  link?: { href: string | null; label: string };
}

type PlanRow = MembershipsReport['byPlan'][number];

const count = (n: number) => n.toLocaleString('en-US');

export function MembershipsBody({ value, request }: ReportBodyProps<typeof membershipsReport>) {
  const styles = useStyles();
  const sdk = useSdk();
  const linksActive = !request.clinicNums?.length && request.to >= formatIsoDay(sdk.now());
  const collected = transactionsLink(request, {
    from: request.from,
    to: request.to,
    split: { by: 'source', value: 'MEMBERSHIP' },
  });
  const figures: FigureRow[] = [
    {
      key: 'active',
      label: 'Active memberships',
      value: count(value.active),
      link: {
        href: linksActive ? '#/customermembershipbillings?status=active' : null,
        label: `${count(value.active)} active memberships`,
      },
    },
    { key: 'members', label: 'Members', value: count(value.members) },
    { key: 'new', label: 'New', value: count(value.new) },
    { key: 'canceled', label: 'Canceled', value: count(value.canceled) },
    {
      key: 'churn',
      label: `Churn (canceled ÷ ${count(value.activeAtStart)} active at the start)`,
      value: value.churnPercent === null ? '—' : `${value.churnPercent.toFixed(1)}%`,
    },
    {
      key: 'mrr',
      label: 'Monthly recurring revenue (before surcharges)',
      value: formatCurrency(value.monthlyRecurringRevenue),
    },
    {
      key: 'renewals',
      label: `Renewals in the next ${RENEWAL_DAYS} days`,
      value: `${count(value.renewals.count)} · ${formatCurrency(value.renewals.amount)}`,
    },
    {
      key: 'collected',
      label: 'Collected on memberships',
      value: `${count(value.collected.count)} · ${formatCurrency(value.collected.amount)}`,
      link: {
        href: collected,
        label: `${count(value.collected.count)} membership payments, ${formatCurrency(value.collected.amount)}: open the transactions`,
      },
    },
  ];
  const total = value.byPlan.reduce((sum, p) => sum + p.monthlyRecurringRevenue, 0);
  return (
    <div className={styles.body}>
      {value.byPlan.length > 0 && (
        <div className={styles.chart}>
          <HorizontalBarChart
            variant={HorizontalBarChartVariant.PartToWhole}
            chartDataMode="percentage"
            data={value.byPlan.slice(0, 6).map((p) => ({
              chartTitle: `${p.label}  ${formatCurrency(p.monthlyRecurringRevenue)}`,
              chartData: [
                {
                  legend: p.label,
                  color: tokens.colorBrandBackground,
                  horizontalBarChartdata: { x: p.monthlyRecurringRevenue, total },
                  yAxisCalloutData: formatCurrency(p.monthlyRecurringRevenue),
                },
              ],
            }))}
          />
        </div>
      )}
      <ReportTable<FigureRow>
        label="Memberships"
        rows={figures}
        rowKey={(row) => row.key}
        columns={[
          { key: 'figure', title: 'Figure', width: '50%', cell: (row) => row.label },
          {
            key: 'value',
            title: 'Value',
            align: 'end',
            cell: (row) => row.value,
            href: (row) => row.link?.href,
            linkLabel: (row) => row.link!.label,
          },
        ]}
      />
      <ReportTable<PlanRow>
        label="Memberships by plan"
        rows={value.byPlan}
        rowKey={(plan) => String(plan.planId)}
        columns={[
          { key: 'plan', title: 'Plan', width: '50%', cell: (plan) => plan.label },
          { key: 'members', title: 'Members', align: 'end', cell: (plan) => count(plan.members) },
          {
            key: 'mrr',
            title: 'Monthly recurring revenue',
            align: 'end',
            cell: (plan) => formatCurrency(plan.monthlyRecurringRevenue),
          },
        ]}
      />
    </div>
  );
}
