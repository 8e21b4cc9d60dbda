/**
 * The Reimbursements list: date (opening Reimbursement Details), carrier, payment method, the four
 * totals (right-aligned), the number of patients and the status; ten rows to a page. Where the list
 * is narrow (a 1024 px window) the carrier and payment method are cut with their tooltip, and Write
 * Off gives way (the details show it), as the transactions list's columns do.
 */
import {
  Badge,
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
import type { InsurancePaymentSummary } from '../../../embed-sdk/contract/insurance.js';
import { formatCurrency } from '../../../embed-sdk/format/currency.js';
import { formatDate } from '../../../embed-sdk/format/date.js';
import { ListFrame } from '../../ui/ListFrame.js';
import { Truncated, useListColumns } from '../../ui/listColumns.js';
import { paymentMethodOf, STATUS_COLOR } from '../reimbursementView.js';
import { LIST_TEXT, STATUS_TEXT } from '../texts.js';

const useStyles = makeStyles({
  empty: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  plan: { display: 'block', color: tokens.colorNeutralForeground3 },
});

export interface ReimbursementTableProps {
  rows: InsurancePaymentSummary[] | undefined;
  failed: boolean;
  loading: boolean;
  stale: boolean;
  onRetry: () => void;
  page: number;
  totalCount: number;
  onPage: (page: number) => void;
  onDetails: (row: InsurancePaymentSummary) => void;
  /** A pointer or the focus is on a date: the details may open next. */
  onPointDetails?: () => void;
}

export function ReimbursementTable(props: ReimbursementTableProps) {
  const styles = useStyles();
  const columns = useListColumns();
  return (
    <ListFrame
      variant="page"
      label={LIST_TEXT.table}
      rows={props.rows}
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
          <TableHeaderCell className={columns.nowrap}>{LIST_TEXT.date}</TableHeaderCell>
          <TableHeaderCell className={columns.elastic}>{LIST_TEXT.carrier}</TableHeaderCell>
          <TableHeaderCell className={columns.elastic}>{LIST_TEXT.paymentMethod}</TableHeaderCell>
          <TableHeaderCell className={columns.money}>{LIST_TEXT.reimbursement}</TableHeaderCell>
          <TableHeaderCell className={mergeClasses(columns.money, columns.secondary)}>
            {LIST_TEXT.writeOff}
          </TableHeaderCell>
          <TableHeaderCell className={columns.money}>{LIST_TEXT.requested}</TableHeaderCell>
          <TableHeaderCell className={columns.money}>{LIST_TEXT.requestPaid}</TableHeaderCell>
          <TableHeaderCell className={columns.money}>{LIST_TEXT.patients}</TableHeaderCell>
          <TableHeaderCell className={columns.nowrap}>{LIST_TEXT.status}</TableHeaderCell>
        </>
      }
      renderRow={(p) => (
        <TableRow key={p.id} data-reimbursement={p.id}>
          <TableCell className={columns.nowrap}>
            <Link
              as="button"
              onClick={() => props.onDetails(p)}
              onPointerEnter={props.onPointDetails}
              onFocus={props.onPointDetails}
              aria-label={LIST_TEXT.openFor(formatDate(p.date), p.carrierName)}
            >
              {formatDate(p.date)}
            </Link>
          </TableCell>
          <TableCell className={columns.elastic}>
            <Truncated text={p.carrierName} width="fill" />
            {p.planName && <Truncated text={p.planName} width="fill" muted />}
          </TableCell>
          <TableCell className={columns.elastic}>
            <Truncated text={paymentMethodOf(p)} width="fill" />
          </TableCell>
          <TableCell className={columns.money}>{formatCurrency(p.reimbursed)}</TableCell>
          <TableCell className={mergeClasses(columns.money, columns.secondary)}>
            {formatCurrency(p.writtenOff)}
          </TableCell>
          <TableCell className={columns.money}>{formatCurrency(p.requestedPayment)}</TableCell>
          <TableCell className={columns.money}>{formatCurrency(p.paid)}</TableCell>
          <TableCell className={columns.money}>{p.patientCount}</TableCell>
          <TableCell className={columns.nowrap}>
            <Badge appearance="tint" color={STATUS_COLOR[p.status]}>
              {STATUS_TEXT[p.status]}
            </Badge>
          </TableCell>
        </TableRow>
      )}
      pager={{ page: props.page, totalCount: props.totalCount, onPage: props.onPage }}
    />
  );
}
