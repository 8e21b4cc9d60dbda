/**
 * The Insurance reimbursements report's answer: the period's totals as tiles, each carrier's share
 * of what was reimbursed as bars, and the table by carrier. A count opens the Reimbursements page on
 * the same days (and carrier), which counts the same reimbursements; that page has no clinic filter,
 * so a clinic-filtered report links nowhere.
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
} from '@fluentui/react-components';
import type { ReimbursementFigures, reportInsurance } from '../../../embed-sdk/contract/reportInsurance.js';
import { formatCurrency } from '../../../embed-sdk/format/index.js';
import { EMPTY_FILTER, paramsFromFilter } from '../../../widgets/reimbursements/index.js';
import { Panel } from '../../pages/Panel.js';
import {
  byClinics,
  CLINIC_LINKS_NOTE,
  CountLink,
  FigureTiles,
  SERIES_COLORS,
  useReportBodyStyles,
} from '../FigureTiles.js';
import type { ReportBodyProps } from '../reportView.js';

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
        <Table size="small" aria-label="Insurance reimbursements by carrier">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Carrier</TableHeaderCell>
              <TableHeaderCell className={styles.number}>Reimbursements</TableHeaderCell>
              <TableHeaderCell className={styles.number}>Reimbursed</TableHeaderCell>
              <TableHeaderCell className={styles.number}>Written off</TableHeaderCell>
              <TableHeaderCell className={styles.number}>Requested</TableHeaderCell>
              <TableHeaderCell className={styles.number}>Paid by patients</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {value.byCarrier.map((c) => (
              <FiguresRow
                key={c.carrierName}
                label={c.carrierName || '—'}
                figures={c}
                href={listOf(c.carrierName)}
              />
            ))}
            <FiguresRow label="Total" figures={totals} href={listOf()} total />
          </TableBody>
        </Table>
        {!linked ? <Text className={styles.note}>{CLINIC_LINKS_NOTE}</Text> : null}
      </Panel>
    </div>
  );
}

function FiguresRow(props: {
  label: string;
  figures: ReimbursementFigures;
  href: string | null;
  total?: boolean;
}) {
  const styles = useReportBodyStyles();
  const f = props.figures;
  const cell = props.total ? `${styles.number} ${styles.total}` : styles.number;
  return (
    <TableRow>
      <TableCell className={props.total ? styles.total : undefined}>{props.label}</TableCell>
      <TableCell className={cell}>
        <CountLink
          count={f.count}
          href={props.href}
          label={`${f.count} reimbursements${props.total ? '' : ` from ${props.label}`}: open them`}
        />
      </TableCell>
      <TableCell className={cell}>{formatCurrency(f.reimbursed)}</TableCell>
      <TableCell className={cell}>{formatCurrency(f.writtenOff)}</TableCell>
      <TableCell className={cell}>{formatCurrency(f.requestedPayment)}</TableCell>
      <TableCell className={cell}>{formatCurrency(f.paid)}</TableCell>
    </TableRow>
  );
}
