/**
 * The Memberships report's answer (rules on the contract, reportMemberships.ts): the monthly recurring
 * revenue by membership plan as bars, a table of the figures and a table of the plans. The active
 * memberships link to the Memberships page's Active filter where it counts the same ones: that filter
 * is today's state of every clinic, so only when the period ends today (or later) and no clinic is chosen.
 */
import { HorizontalBarChart, HorizontalBarChartVariant } from '@fluentui/react-charts';
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
import type { membershipsReport } from '../../../embed-sdk/contract/reportMemberships.js';
import { RENEWAL_DAYS } from '../../../embed-sdk/contract/reportMemberships.js';
import { formatCurrency } from '../../../embed-sdk/format/index.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import type { ReportBodyProps } from '../reportView.js';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  chart: { maxHeight: '300px', overflow: 'hidden', minWidth: 0 },
  number: {
    textAlign: 'end',
    fontVariantNumeric: 'tabular-nums',
    '& .fui-TableHeaderCell__button': { justifyContent: 'flex-end' },
  },
  key: { width: '50%' },
});

/** A calendar day (YYYY-MM-DD) in the browser's calendar, as the report's address keeps them. */
const isoDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export function MembershipsBody({ value, request }: ReportBodyProps<typeof membershipsReport>) {
  const styles = useStyles();
  const sdk = useSdk();
  const count = (n: number) => n.toLocaleString('en-US');
  const linksActive = !request.clinicNums?.length && request.to >= isoDay(sdk.now());
  const figures: { key: string; label: string; value: ReactNode }[] = [
    {
      key: 'active',
      label: 'Active memberships',
      value: linksActive ? (
        <Link
          href="#/customermembershipbillings?status=active"
          aria-label={`${count(value.active)} active memberships`}
        >
          {count(value.active)}
        </Link>
      ) : (
        count(value.active)
      ),
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
      <Table size="small" aria-label="Memberships">
        <TableHeader>
          <TableRow>
            <TableHeaderCell className={styles.key}>Figure</TableHeaderCell>
            <TableHeaderCell className={styles.number}>Value</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {figures.map((f) => (
            <TableRow key={f.key}>
              <TableCell>{f.label}</TableCell>
              <TableCell className={styles.number}>{f.value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Table size="small" aria-label="Memberships by plan">
        <TableHeader>
          <TableRow>
            <TableHeaderCell className={styles.key}>Plan</TableHeaderCell>
            <TableHeaderCell className={styles.number}>Members</TableHeaderCell>
            <TableHeaderCell className={styles.number}>Monthly recurring revenue</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {value.byPlan.map((p) => (
            <TableRow key={p.planId}>
              <TableCell>{p.label}</TableCell>
              <TableCell className={styles.number}>{count(p.members)}</TableCell>
              <TableCell className={styles.number}>{formatCurrency(p.monthlyRecurringRevenue)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
