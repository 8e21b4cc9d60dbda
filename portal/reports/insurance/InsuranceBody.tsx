/**
 * The Insurance reimbursements report's answer: the period's totals as tiles, each carrier's share
 * of what was reimbursed as bars, and the table by carrier. A count opens the Reimbursements page on
 * the same days (and carrier), which counts the same reimbursements; that page has no clinic filter,
 * so a clinic-filtered report links nowhere.
 */
import { HorizontalBarChart, HorizontalBarChartVariant } from '@fluentui/react-charts';
import { Text } from '@fluentui/react-components';
import type { ReimbursementFigures, reportInsurance } from '../../../embed-sdk/contract/reportInsurance.js';
import { formatCurrency } from '../../../embed-sdk/format/index.js';
import { EMPTY_FILTER, paramsFromFilter } from '../../../widgets/reimbursements/index.js';
import { Panel } from '../../pages/Panel.js';
import {
  byClinics,
  CLINIC_LINKS_NOTE,
  FigureTiles,
  SERIES_COLORS,
  useReportBodyStyles,
} from '../FigureTiles.js';
import { ReportTable } from '../ReportTable.js';
import type { ReportBodyProps } from '../reportView.js';

interface CarrierRow {
  carrierName: string;
  label: string;
  figures: ReimbursementFigures;
  /** The Reimbursements page behind the count; null when the report is by clinic. */
  href: string | null;
  total?: boolean;
}

const money = (key: 'reimbursed' | 'writtenOff' | 'requestedPayment' | 'paid', title: string) => ({
  key,
  title,
  align: 'end' as const,
  cell: (row: CarrierRow) => formatCurrency(row.figures[key]),
});

/** The carriers the chart shows (the table has them all): the chart stays under 300 px. */
const CHARTED = 6;

export function InsuranceBody({ value, request }: ReportBodyProps<typeof reportInsurance>) {
  const styles = useReportBodyStyles();
  const linked = !byClinics(request);
  const listOf = (carrierName = '') =>
    linked
      ? `#/insurance?${paramsFromFilter({ ...EMPTY_FILTER, startDate: request.from, endDate: request.to, carrierName })}`
      : null;
  const { totals } = value;
  const charted = value.byCarrier.filter((c) => c.reimbursed > 0).slice(0, CHARTED);
  return (
    <div className={styles.body}>
      <FigureTiles
        label="Insurance reimbursements"
        tiles={[
          {
            key: 'count',
            label: 'Reimbursements',
            value: totals.count.toLocaleString('en-US'),
            href: listOf(),
          },
          { key: 'reimbursed', label: 'Reimbursed', value: formatCurrency(totals.reimbursed) },
          { key: 'writtenOff', label: 'Written off', value: formatCurrency(totals.writtenOff) },
          {
            key: 'requested',
            label: 'Requested from patients',
            value: formatCurrency(totals.requestedPayment),
          },
          {
            key: 'paid',
            label: 'Paid by patients',
            value: formatCurrency(totals.paid),
            detail: 'Of what was requested from them',
          },
        ]}
      />
      {charted.length > 0 ? (
        <Panel>
          <h3 className={styles.panelTitle}>Reimbursed by carrier</h3>
          <div className={styles.chart}>
            <HorizontalBarChart
              variant={HorizontalBarChartVariant.PartToWhole}
              chartDataMode="percentage"
              data={charted.map((c, i) => ({
                chartTitle: `${c.carrierName}  ${formatCurrency(c.reimbursed)}`,
                chartData: [
                  {
                    legend: c.carrierName,
                    color: SERIES_COLORS[i % SERIES_COLORS.length],
                    xAxisCalloutData: c.carrierName,
                    yAxisCalloutData: formatCurrency(c.reimbursed),
                    horizontalBarChartdata: { x: c.reimbursed, total: totals.reimbursed },
                  },
                ],
              }))}
            />
          </div>
        </Panel>
      ) : null}
      <Panel>
        <ReportTable<CarrierRow>
          label="Insurance reimbursements by carrier"
          rowKey={(row) => row.carrierName}
          rows={value.byCarrier.map((c) => ({
            carrierName: c.carrierName,
            label: c.carrierName || '—',
            figures: c,
            href: listOf(c.carrierName),
          }))}
          total={{ carrierName: '', label: 'Total', figures: totals, href: listOf(), total: true }}
          columns={[
            { key: 'carrier', title: 'Carrier', cell: (row) => row.label },
            {
              key: 'count',
              title: 'Reimbursements',
              align: 'end',
              cell: (row) => row.figures.count.toLocaleString('en-US'),
              href: (row) => row.href,
              linkLabel: (row) =>
                `${row.figures.count} reimbursements${row.total ? '' : ` from ${row.label}`}: open them`,
            },
            money('reimbursed', 'Reimbursed'),
            money('writtenOff', 'Written off'),
            money('requestedPayment', 'Requested'),
            money('paid', 'Paid by patients'),
          ]}
        />
        {!linked ? <Text className={styles.note}>{CLINIC_LINKS_NOTE}</Text> : null}
      </Panel>
    </div>
  );
}
