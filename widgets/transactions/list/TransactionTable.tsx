/**
 * The list itself (spec part 2, "Transaction list"): status, date, dentist (company-wide view across practices),
 * patient (not in one patient's list), source, payment method, amount (or amount, surcharge and total when surcharging applies),
 * the practice system's sync status, and the action menu; ten rows to a page, the pager only above
 * ten rows; 'No Transactions' when empty.
 */
import {
  Link,
  makeStyles,
  mergeClasses,
  Subtitle2,
  TableCell,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import type { Role } from '../../../embed-sdk/contract/common.js';
import type { Transaction } from '../../../embed-sdk/contract/transaction.js';
import { formatCurrency } from '../../../embed-sdk/format/currency.js';
import { formatDateTime } from '../../../embed-sdk/format/date.js';
import { ListFrame } from '../../ui/ListFrame.js';
import { Truncated, useListColumns } from '../../ui/listColumns.js';
import { useCurrentCompany } from '../../ui/practice.js';
import type { TransactionAction, TransactionPermissions } from '../actions.js';
import type { LinkedSource, TransactionLinks } from '../links.js';
import { LIST_TEXT } from '../texts.js';
import { showsSurchargeColumns, transactionIdOf } from '../transactionView.js';
import { PatientCellView, PaymentMethodCell, SourceCell, StatusCell, SyncCell } from './TransactionCells.js';
import { LazyTransactionMenu } from './LazyTransactionMenu.js';

// Where the list is narrow (a 1024 px window, the patient page's card), the surcharge gives way: the
// amount and the total stay, and the details show the surcharge. Narrower still (a practice's panel in
// the admin area, a phone), a list of many patients gives up its source and payment method too, which
// the details show. Names, sources and payment methods are cut to one line with the whole text in
// their tooltip; dates and figures never wrap.
const useStyles = makeStyles({
  empty: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  id: { display: 'block', color: tokens.colorNeutralForeground3 },
  // As wide as a date and time ('12/02/2026 04:02:25 PM'), so an empty list's header spaces its
  // columns as its rows would.
  date: { minWidth: '19ch' },
});

export interface TransactionTableProps {
  rows: Transaction[] | undefined;
  failed: boolean;
  loading: boolean;
  stale: boolean;
  onRetry: () => void;
  variant: 'page' | 'section';
  /**
   * The dentist column: the company-wide view across practices (not when it is narrowed to one
   * practice, whose name it would repeat in every row).
   */
  dentistColumn: boolean;
  /** The list is one patient's (the patient page): no patient column, which would repeat their name. */
  onePatient?: boolean;
  page: number;
  totalCount: number;
  capped: boolean;
  onPage: (page: number) => void;
  links: TransactionLinks;
  has: (role: Role) => boolean;
  permissions: TransactionPermissions;
  /** Rows offer Allocate (a patient's payments, in a practice that allocates procedures). */
  allocation?: boolean;
  onOpenSource?: (target: LinkedSource) => boolean;
  onDetails: (t: Transaction) => void;
  /** A pointer or the focus is on a date: the details may open next. */
  onPointDetails?: () => void;
  onAction: (t: Transaction, action: TransactionAction, isSettled: boolean) => void;
  onRetryPosting: (t: Transaction) => Promise<unknown>;
}

export function TransactionTable(props: TransactionTableProps) {
  const styles = useStyles();
  const columns = useListColumns();
  const { rows, dentistColumn, links, has, permissions } = props;
  // An empty list keeps the columns its rows would have: the practice's surcharging decides them.
  const practice = useCurrentCompany().data;
  const surcharged =
    rows !== undefined && rows.length > 0 ? showsSurchargeColumns(rows) : practice?.hasSurcharging === true;
  // One patient's list has no patient column: its source and method have the room to stay.
  const compact = props.onePatient ? undefined : columns.compact;
  return (
    <ListFrame
      variant={props.variant}
      label={LIST_TEXT.table}
      rows={rows}
      failed={props.failed}
      loading={props.loading}
      stale={props.stale}
      failedText={LIST_TEXT.failed}
      loadingText={LIST_TEXT.loading}
      onRetry={props.onRetry}
      emptyText={
        <span className={styles.empty}>
          <Subtitle2>{LIST_TEXT.emptyTitle}</Subtitle2>
          <Text>{LIST_TEXT.empty}</Text>
        </span>
      }
      header={
        <>
          <TableHeaderCell className={columns.nowrap}>{LIST_TEXT.status}</TableHeaderCell>
          <TableHeaderCell className={mergeClasses(columns.nowrap, styles.date)}>
            {LIST_TEXT.date}
          </TableHeaderCell>
          {dentistColumn && <TableHeaderCell>{LIST_TEXT.dentist}</TableHeaderCell>}
          {!props.onePatient && (
            <TableHeaderCell className={columns.elastic}>{LIST_TEXT.patient}</TableHeaderCell>
          )}
          <TableHeaderCell className={mergeClasses(columns.elastic, compact)}>
            {LIST_TEXT.source}
          </TableHeaderCell>
          <TableHeaderCell className={mergeClasses(columns.elastic, columns.elasticWide, compact)}>
            {LIST_TEXT.paymentMethod}
          </TableHeaderCell>
          <TableHeaderCell className={columns.money}>{LIST_TEXT.amount}</TableHeaderCell>
          {surcharged && (
            <TableHeaderCell className={mergeClasses(columns.money, columns.secondary)}>
              {LIST_TEXT.surcharge}
            </TableHeaderCell>
          )}
          {surcharged && <TableHeaderCell className={columns.money}>{LIST_TEXT.total}</TableHeaderCell>}
          <TableHeaderCell className={columns.nowrap}>{LIST_TEXT.sync}</TableHeaderCell>
          <TableHeaderCell className={columns.fit}>{LIST_TEXT.action}</TableHeaderCell>
        </>
      }
      renderRow={(t) => {
        const id = transactionIdOf(t.referenceId);
        return (
          <TableRow key={t.id} data-reference={t.referenceId}>
            <TableCell className={columns.nowrap}>
              <StatusCell transaction={t} />
            </TableCell>
            <TableCell className={columns.nowrap}>
              <Link
                as="button"
                onClick={() => props.onDetails(t)}
                onPointerEnter={props.onPointDetails}
                onFocus={props.onPointDetails}
                aria-label={`${formatDateTime(t.created)}, ${id}`}
              >
                {formatDateTime(t.created)}
              </Link>
              <Text size={200} className={styles.id}>
                {id}
              </Text>
            </TableCell>
            {dentistColumn && (
              <TableCell>
                <Truncated text={t.companyName} width="short">
                  <Link href={links.company(t.companyId)}>{t.companyName}</Link>
                </Truncated>
              </TableCell>
            )}
            {!props.onePatient && (
              <TableCell className={columns.elastic}>
                <PatientCellView transaction={t} links={links} />
              </TableCell>
            )}
            <TableCell className={mergeClasses(columns.elastic, compact)}>
              <SourceCell transaction={t} links={links} has={has} onOpenSource={props.onOpenSource} />
            </TableCell>
            <TableCell className={mergeClasses(columns.elastic, columns.elasticWide, compact)}>
              <PaymentMethodCell transaction={t} />
            </TableCell>
            {surcharged ? (
              <>
                <TableCell className={columns.money}>{formatCurrency(t.orderAmount)}</TableCell>
                <TableCell className={mergeClasses(columns.money, columns.secondary)}>
                  {formatCurrency(t.surchargeAmount)}
                </TableCell>
                <TableCell className={columns.money}>{formatCurrency(t.amount)}</TableCell>
              </>
            ) : (
              <TableCell className={columns.money}>{formatCurrency(t.amount)}</TableCell>
            )}
            <TableCell className={columns.nowrap}>
              <SyncCell
                transaction={t}
                onRetry={permissions.canEdit ? () => props.onRetryPosting(t) : undefined}
              />
            </TableCell>
            <TableCell className={columns.fit}>
              <LazyTransactionMenu
                transaction={t}
                name={id}
                permissions={permissions}
                allocation={props.allocation}
                onAction={(action, isSettled) => props.onAction(t, action, isSettled)}
              />
            </TableCell>
          </TableRow>
        );
      }}
      pager={{ page: props.page, totalCount: props.totalCount, capped: props.capped, onPage: props.onPage }}
    />
  );
}
