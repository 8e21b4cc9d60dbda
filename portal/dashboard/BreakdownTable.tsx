/** The figures behind a chart, as a table: the chart's text alternative, and the exact amounts. */
import {
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import { formatCurrency } from '../../embed-sdk/format/index.js';
import type { BreakdownRow } from './breakdown.js';
import { useDashboardStyles } from './dashboard.styles.js';

export function BreakdownTable({
  caption,
  keyHeader,
  rows,
}: {
  caption: string;
  keyHeader: string;
  rows: BreakdownRow[];
}) {
  const styles = useDashboardStyles();
  return (
    <Table size="small" aria-label={caption}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell className={styles.keyColumn}>{keyHeader}</TableHeaderCell>
          <TableHeaderCell className={styles.number}>Payments</TableHeaderCell>
          <TableHeaderCell className={styles.number}>Refunded</TableHeaderCell>
          <TableHeaderCell className={styles.number}>Net</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key}>
            <TableCell>
              <span className={styles.swatch} style={{ backgroundColor: row.color }} aria-hidden />
              {row.label}
            </TableCell>
            <TableCell className={styles.number}>{row.count.toLocaleString('en-US')}</TableCell>
            <TableCell className={styles.number}>
              {row.refunded ? formatCurrency(row.refunded) : '—'}
            </TableCell>
            <TableCell className={styles.number}>{formatCurrency(row.net)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
