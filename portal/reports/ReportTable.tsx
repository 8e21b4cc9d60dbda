/**
 * A report's table, the one every report body draws: its columns described once (title, alignment,
 * the cell, and, where a list shows the records behind a figure, the link), a row per record and an
 * optional total row in bold. Number columns are right-aligned in tabular figures; a row may carry a
 * swatch of its chart colour; printed, the rows are compact so that a report fits one page.
 */
import {
  Link,
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';

export interface ReportColumn<Row> {
  key: string;
  title: string;
  /** 'end' for figures: right-aligned, tabular digits, on one line. @default 'start' */
  align?: 'start' | 'end';
  /** The column's share of the table's width ('50%'); the browser's layout when absent. */
  width?: string;
  /** The cell's content. */
  cell: (row: Row) => ReactNode;
  /** The list of the records behind the cell, filtered the same way; null or absent: no link. */
  href?: (row: Row) => string | null | undefined;
  /** The link's accessible name (what the figure is and where it leads); the cell's text by default. */
  linkLabel?: (row: Row) => string;
}

export interface ReportTableProps<Row> {
  /** The table's accessible name. */
  label: string;
  columns: readonly ReportColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The total row, after the others, in bold. */
  total?: Row;
  /** The row's colour in the chart, as a swatch before its first cell. */
  swatch?: (row: Row) => string | undefined;
}

const useStyles = makeStyles({
  // Printed, the rows are compact: a month by day, its chart and its split fit on one page.
  table: {
    '@media print': {
      fontSize: '10px',
      lineHeight: '14px',
      '& tr': { height: 'auto', minHeight: 0 },
      '& th, & td': { paddingBlock: '1px', height: 'auto', minHeight: 0 },
    },
  },
  number: {
    textAlign: 'end',
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
    '& .fui-TableHeaderCell__button': { justifyContent: 'flex-end', textAlign: 'end' },
  },
  total: { fontWeight: tokens.fontWeightSemibold },
  swatch: {
    display: 'inline-block',
    width: '10px',
    height: '10px',
    borderRadius: tokens.borderRadiusSmall,
    marginInlineEnd: tokens.spacingHorizontalS,
  },
});

export function ReportTable<Row>({ label, columns, rows, rowKey, total, swatch }: ReportTableProps<Row>) {
  const styles = useStyles();
  const line = (row: Row, isTotal: boolean) => (
    <TableRow key={isTotal ? 'total' : rowKey(row)} className={isTotal ? styles.total : undefined}>
      {columns.map((column, i) => {
        const content = column.cell(row);
        const href = column.href?.(row);
        const color = i === 0 ? swatch?.(row) : undefined;
        return (
          <TableCell key={column.key} className={column.align === 'end' ? styles.number : undefined}>
            {color ? <span className={styles.swatch} style={{ backgroundColor: color }} aria-hidden /> : null}
            {href ? (
              <Link href={href} aria-label={column.linkLabel?.(row)}>
                {content}
              </Link>
            ) : (
              content
            )}
          </TableCell>
        );
      })}
    </TableRow>
  );
  return (
    <Table size="small" aria-label={label} className={styles.table}>
      <TableHeader>
        <TableRow>
          {columns.map((column) => (
            <TableHeaderCell
              key={column.key}
              className={column.align === 'end' ? styles.number : undefined}
              style={column.width ? { width: column.width } : undefined}
            >
              {column.title}
            </TableHeaderCell>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => line(row, false))}
        {total !== undefined ? line(total, true) : null}
      </TableBody>
    </Table>
  );
}
