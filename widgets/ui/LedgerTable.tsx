/**
 * A detail modal's Payment History (spec part 2, "Payment ledger"; the payment plan's and the
 * membership's): each row's date and time, description (with its note), funding source, card,
 * amount (with surcharge and total when any row has a surcharge), status (a refund or void shows
 * instead, with what was given back) and reason, and an Action column when some row offers one.
 * The capability says how a row is funded, what its status is and what its action is.
 */
import {
  Badge,
  Caption1,
  makeStyles,
  mergeClasses,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
  type BadgeProps,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { formatCurrency, formatDate, formatTime } from '../../embed-sdk/format/index.js';
import { CardBrandBadge } from './CardBrandBadge.js';
import { ledgerRowName, showsSurchargeColumns, type LedgerTableRow } from './ledgerRows.js';

export { ledgerRowName, showsSurchargeColumns, type LedgerTableRow };

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  scroller: { overflowX: 'auto', minWidth: 0 },
  // Columns size to their content; the description and reason take what is left.
  table: { minWidth: '820px', tableLayout: 'auto' },
  header: { whiteSpace: 'nowrap' },
  empty: {
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalL}`,
    color: tokens.colorNeutralForeground2,
    textAlign: 'center',
    border: `1px dashed ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  stack: { display: 'flex', flexDirection: 'column', gap: '2px', paddingTop: '6px', paddingBottom: '6px' },
  nowrap: { whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  card: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, whiteSpace: 'nowrap' },
  number: { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  headerNumber: { justifyContent: 'flex-end', textAlign: 'right' },
  status: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '2px' },
  actionCell: { width: '56px' },
});

export interface LedgerStatus {
  text: string;
  color: NonNullable<BadgeProps['color']>;
  /** What was given back, under a Refunded or Voided status. */
  amount: number | null;
}

/** The columns' headers, in the capability's words. */
export interface LedgerColumnTexts {
  date: string;
  description: string;
  fundingSource: string;
  card: string;
  amount: string;
  surcharge: string;
  total: string;
  status: string;
  reason: string;
  action: string;
}

export interface LedgerTableProps<R extends LedgerTableRow> {
  /** The table's accessible name. */
  label: string;
  /** Said instead of the table when there is no row. */
  emptyText: string;
  columns: LedgerColumnTexts;
  rows: readonly R[];
  funding: (row: R) => string;
  status: (row: R) => LedgerStatus;
  /** The Action column shows when some row has an action; a row without one leaves its cell empty. */
  hasAction: (row: R) => boolean;
  action: (row: R, name: string) => ReactNode;
  /** The date column's own class (the plan's keeps 'Date and Time' and its times to 112 px). */
  dateClassName?: string;
  /** Beside the table: the dialogs its actions open. */
  children?: ReactNode;
}

export function LedgerTable<R extends LedgerTableRow>(props: LedgerTableProps<R>) {
  const { rows, columns } = props;
  const styles = useStyles();
  if (rows.length === 0) {
    return (
      <div className={styles.root}>
        <Text className={styles.empty} role="status">
          {props.emptyText}
        </Text>
      </div>
    );
  }
  const surcharged = showsSurchargeColumns(rows);
  const withActions = rows.some(props.hasAction);
  return (
    <div className={styles.root}>
      <div className={styles.scroller}>
        <Table aria-label={props.label} className={styles.table}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell className={mergeClasses(props.dateClassName, styles.header)}>
                {columns.date}
              </TableHeaderCell>
              <TableHeaderCell className={styles.header}>{columns.description}</TableHeaderCell>
              <TableHeaderCell className={styles.header}>{columns.fundingSource}</TableHeaderCell>
              <TableHeaderCell className={styles.header}>{columns.card}</TableHeaderCell>
              <TableHeaderCell button={{ className: styles.headerNumber }}>{columns.amount}</TableHeaderCell>
              {surcharged && (
                <>
                  <TableHeaderCell button={{ className: styles.headerNumber }}>
                    {columns.surcharge}
                  </TableHeaderCell>
                  <TableHeaderCell button={{ className: styles.headerNumber }}>
                    {columns.total}
                  </TableHeaderCell>
                </>
              )}
              <TableHeaderCell className={styles.header}>{columns.status}</TableHeaderCell>
              <TableHeaderCell className={styles.header}>{columns.reason}</TableHeaderCell>
              {withActions && (
                <TableHeaderCell className={styles.actionCell}>{columns.action}</TableHeaderCell>
              )}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => {
              const status = props.status(row);
              const name = ledgerRowName(row);
              return (
                <TableRow key={row.id} aria-label={name}>
                  <TableCell className={props.dateClassName}>
                    <div className={styles.stack}>
                      <Text className={styles.nowrap}>{formatDate(row.dateTime)}</Text>
                      <Caption1 className={mergeClasses(styles.nowrap, styles.muted)}>
                        {formatTime(row.dateTime)}
                      </Caption1>
                    </div>
                  </TableCell>
                  <TableCell>
                    <div className={styles.stack}>
                      <Text>{row.description}</Text>
                      {row.note && <Caption1 className={styles.muted}>{row.note}</Caption1>}
                    </div>
                  </TableCell>
                  <TableCell className={styles.nowrap}>{props.funding(row)}</TableCell>
                  <TableCell>
                    {row.cardDescription && (
                      <span className={styles.card}>
                        {row.cardType && <CardBrandBadge cardType={row.cardType} size="small" />}
                        {row.cardDescription}
                      </span>
                    )}
                  </TableCell>
                  <TableCell className={styles.number}>
                    {formatCurrency(surcharged ? row.orderAmount : row.amount)}
                  </TableCell>
                  {surcharged && (
                    <>
                      <TableCell className={styles.number}>{formatCurrency(row.surcharge)}</TableCell>
                      <TableCell className={styles.number}>{formatCurrency(row.amount)}</TableCell>
                    </>
                  )}
                  <TableCell>
                    <div className={styles.status}>
                      <Badge appearance="tint" color={status.color}>
                        {status.text}
                      </Badge>
                      {status.amount !== null && (
                        <Caption1 className={styles.muted}>{formatCurrency(status.amount)}</Caption1>
                      )}
                    </div>
                  </TableCell>
                  <TableCell>{row.reason ?? ''}</TableCell>
                  {withActions && (
                    <TableCell className={styles.actionCell}>
                      {props.hasAction(row) && props.action(row, name)}
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
      {props.children}
    </div>
  );
}
