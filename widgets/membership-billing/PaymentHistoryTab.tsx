/**
 * The Payment History tab (once started): the membership's charges, declines, refunds and voids
 * with date and time, description, funding source, card, amount (with surcharge and total when any
 * row has one), status (a refund or void shows instead) and reason. A card payment not given back
 * yet offers Refund (settled) or Void (unsettled) to those with PROCESSREFUND or PROCESSVOID,
 * through the transactions' Refund / Void form, which offers reactivation when the membership is
 * not active. That form is handed in (ui/refundVoidForm.ts); without it no row offers either.
 */
import {
  Badge,
  Button,
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
} from '@fluentui/react-components';
import { useSetAtom } from 'jotai';
import type { MembershipLedgerRow } from '../../embed-sdk/contract/membership.js';
import { formatCurrency, formatDate, formatTime } from '../../embed-sdk/format/index.js';
import { CardBrandBadge } from '../ui/CardBrandBadge.js';
import { useCallerRoles } from '../ui/practice.js';
import { dialogAtom } from './membership.atoms.js';
import {
  fundingLabel,
  giveBackOf,
  ledgerStatus,
  showsSurchargeColumns,
  type Membership,
} from './membershipView.js';
import { TEXT } from './texts.js';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  scroller: { overflowX: 'auto', minWidth: 0 },
  table: { minWidth: '760px', tableLayout: 'auto' },
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
});

const rowName = (row: MembershipLedgerRow) =>
  `${row.description}, ${formatDate(row.dateTime)} ${formatTime(row.dateTime)}`;

export interface PaymentHistoryTabProps {
  membership: Membership;
  /** Whether a Refund / Void form was handed in. */
  canGiveBack: boolean;
}

export function PaymentHistoryTab({ membership: m, canGiveBack }: PaymentHistoryTabProps) {
  const styles = useStyles();
  const roles = useCallerRoles();
  const openDialog = useSetAtom(dialogAtom);
  const rows = m.ledgerDtos;
  const surcharged = showsSurchargeColumns(rows);
  const giveBack = (row: MembershipLedgerRow) => {
    const action = canGiveBack ? giveBackOf(row) : null;
    if (action === 'REFUND' && roles.has('PROCESSREFUND')) return action;
    if (action === 'VOID' && roles.has('PROCESSVOID')) return action;
    return null;
  };
  const withActions = rows.some((row) => giveBack(row) !== null);

  if (rows.length === 0) {
    return (
      <Text className={styles.empty} role="status">
        {TEXT.noPayments}
      </Text>
    );
  }

  return (
    <div className={styles.root}>
      <div className={styles.scroller}>
        <Table aria-label={TEXT.historyTable} className={styles.table}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell className={styles.header}>{TEXT.date}</TableHeaderCell>
              <TableHeaderCell className={styles.header}>{TEXT.description}</TableHeaderCell>
              <TableHeaderCell className={styles.header}>{TEXT.fundingSource}</TableHeaderCell>
              <TableHeaderCell className={styles.header}>{TEXT.card}</TableHeaderCell>
              <TableHeaderCell button={{ className: styles.headerNumber }}>{TEXT.paid}</TableHeaderCell>
              {surcharged && (
                <>
                  <TableHeaderCell button={{ className: styles.headerNumber }}>
                    {TEXT.surcharge}
                  </TableHeaderCell>
                  <TableHeaderCell button={{ className: styles.headerNumber }}>{TEXT.total}</TableHeaderCell>
                </>
              )}
              <TableHeaderCell className={styles.header}>{TEXT.status}</TableHeaderCell>
              <TableHeaderCell className={styles.header}>{TEXT.reason}</TableHeaderCell>
              {withActions && <TableHeaderCell className={styles.header}>{TEXT.action}</TableHeaderCell>}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => {
              const status = ledgerStatus(row);
              const action = giveBack(row);
              const name = rowName(row);
              return (
                <TableRow key={row.id} aria-label={name}>
                  <TableCell>
                    <div className={styles.stack}>
                      <Text className={styles.nowrap}>{formatDate(row.dateTime)}</Text>
                      <Caption1 className={mergeClasses(styles.nowrap, styles.muted)}>
                        {formatTime(row.dateTime)}
                      </Caption1>
                    </div>
                  </TableCell>
                  <TableCell>{row.description}</TableCell>
                  <TableCell className={styles.nowrap}>{fundingLabel(row)}</TableCell>
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
                    <Badge appearance="tint" color={status.color}>
                      {status.text}
                    </Badge>
                    {row.refundVoidAmount !== null && row.refundVoidType && (
                      <Caption1 className={styles.muted}> {formatCurrency(row.refundVoidAmount)}</Caption1>
                    )}
                  </TableCell>
                  <TableCell>{row.reason ?? ''}</TableCell>
                  {withActions && (
                    <TableCell>
                      {action && (
                        <Button
                          size="small"
                          aria-label={`${action === 'REFUND' ? TEXT.refund : TEXT.void}: ${name}`}
                          disabled={m.chargeInProgress}
                          onClick={() =>
                            openDialog(
                              action === 'REFUND' && row.cantRefund
                                ? { kind: 'refundUnavailable' }
                                : { kind: 'giveBack', transactionId: row.transactionId!, action },
                            )
                          }
                        >
                          {action === 'REFUND' ? TEXT.refund : TEXT.void}
                        </Button>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
