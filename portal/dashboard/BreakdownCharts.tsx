/**
 * A period's collections by source (horizontal bars: each source's share of what was kept) and by
 * payment method (a donut), each with its table. The charts come from @fluentui/react-charts, which
 * only this lazily loaded page imports, so they never enter the widgets' bundles.
 */
import { useId } from 'react';
import { DonutChart, HorizontalBarChart, HorizontalBarChartVariant } from '@fluentui/react-charts';
import { Tab, TabList, Text } from '@fluentui/react-components';
import { DataBarHorizontalRegular } from '@fluentui/react-icons';
import type { CollectionPeriod, PeriodCollections } from '../../embed-sdk/contract/dashboard.js';
import { formatCurrency } from '../../embed-sdk/format/index.js';
import { Panel } from '../pages/Panel.js';
import { chartable, hasCollections, methodRows, sourceRows, type BreakdownRow } from './breakdown.js';
import { BreakdownTable } from './BreakdownTable.js';
import { useDashboardStyles } from './dashboard.styles.js';
import { PERIOD_LABELS, PERIODS } from './labels.js';

export function BreakdownCharts({
  period,
  collections,
  onPeriodChange,
}: {
  period: CollectionPeriod;
  collections: PeriodCollections;
  onPeriodChange: (period: CollectionPeriod) => void;
}) {
  const styles = useDashboardStyles();
  const headingId = useId();
  const sources = sourceRows(collections);
  const methods = methodRows(collections);
  const empty = !hasCollections(collections);
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.sectionHeader}>
        <h2 id={headingId} className={styles.sectionTitle}>
          Where collections came from
        </h2>
        <TabList
          selectedValue={period}
          onTabSelect={(_event, data) => onPeriodChange(data.value as CollectionPeriod)}
          aria-label="Period"
          size="small"
        >
          {PERIODS.map((p) => (
            <Tab key={p} value={p}>
              {PERIOD_LABELS[p].tab}
            </Tab>
          ))}
        </TabList>
      </div>
      {empty ? (
        <Panel>
          <div className={styles.empty} role="status">
            <DataBarHorizontalRegular className={styles.emptyIcon} aria-hidden />
            <Text weight="semibold">{PERIOD_LABELS[period].empty}</Text>
            <Text>Payments and refunds show here as soon as they are made.</Text>
          </div>
        </Panel>
      ) : (
        // Keyed by period: the charts start afresh for each (their legends keep overflow state that
        // breaks when the number of items changes under them).
        <div className={styles.breakdowns} key={period}>
          <Panel className={styles.breakdownPanel}>
            <h3 className={styles.panelTitle}>By source</h3>
            <SourceBars rows={chartable(sources)} />
            <BreakdownTable
              caption={`Collections by source, ${PERIOD_LABELS[period].title.toLowerCase()}`}
              keyHeader="Source"
              rows={sources}
            />
          </Panel>
          <Panel className={styles.breakdownPanel}>
            <h3 className={styles.panelTitle}>By payment method</h3>
            <MethodDonut rows={chartable(methods)} />
            <BreakdownTable
              caption={`Collections by payment method, ${PERIOD_LABELS[period].title.toLowerCase()}`}
              keyHeader="Payment method"
              rows={methods}
            />
          </Panel>
        </div>
      )}
    </section>
  );
}

const callout = (row: BreakdownRow) => ({
  legend: row.label,
  color: row.color,
  xAxisCalloutData: row.label,
  yAxisCalloutData: formatCurrency(row.net),
});

function SourceBars({ rows }: { rows: BreakdownRow[] }) {
  const styles = useDashboardStyles();
  const total = rows.reduce((sum, r) => sum + r.net, 0);
  if (rows.length === 0) return null;
  return (
    <div className={styles.chart}>
      <HorizontalBarChart
        variant={HorizontalBarChartVariant.PartToWhole}
        chartDataMode="percentage"
        data={rows.map((row) => ({
          chartTitle: `${row.label}  ${formatCurrency(row.net)}`,
          chartData: [{ ...callout(row), horizontalBarChartdata: { x: row.net, total } }],
        }))}
      />
    </div>
  );
}

function MethodDonut({ rows }: { rows: BreakdownRow[] }) {
  const styles = useDashboardStyles();
  if (rows.length === 0) return null;
  return (
    <div className={styles.chart}>
      <DonutChart
        data={{ chartData: rows.map((row) => ({ ...callout(row), data: row.net })) }}
        innerRadius={55}
        height={220}
        hideLabels
        // The table below is the legend: same colours, every method, exact amounts.
        hideLegend
      />
    </div>
  );
}
