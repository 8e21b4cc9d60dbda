/**
 * The payment plan modal's Payment History tab (part 1 "Ledger table", part 2 "Payment ledger"): the
 * plan's payments, declines and adjustments with their date and time, description, funding source,
 * card, amount (with surcharge and total when any row has a surcharge), status (a refund or void
 * shows instead) and reason. Each row's menu, for the people whose roles allow it: Refund of cash
 * and checks; Refund (settled) or Void (unsettled) of card payments; 'Remove and Create New Cycle'
 * and 'Remove Ledger Item' on a declined item, each confirmed first.
 */
import {
  Badge,
  Caption1,
  mergeClasses,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
} from '@fluentui/react-components';
import { useState } from 'react';
import {
  PLAN_MESSAGES,
  type PaymentLedgerRow,
  type PaymentPlan,
} from '../../../embed-sdk/contract/paymentPlan.js';
import { formatCurrency, formatDate, formatTime } from '../../../embed-sdk/format/index.js';
import { useSdk } from '../../runtime/SdkContext.js';
import { useNotify } from '../../runtime/useBanners.js';
import { CardBrandBadge } from '../../ui/CardBrandBadge.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { usePlanPermissions } from '../schedule/usePlanPermissions.js';
import {
  fundingLabel,
  hasMenu,
  isRefundUnavailable,
  pastDueAmount,
  showsSurchargeColumns,
  statusDisplay,
  type LedgerAction,
} from './ledger.js';
import { LedgerRowMenu } from './LedgerRowMenu.js';
import { RefundUnavailableDialog } from '../../ui/RefundUnavailableDialog.js';
import { RefundVoidDialog, type GiveBack } from './RefundVoidDialog.js';
import { LEDGER_TEXT } from './texts.js';
import { useLedgerChanges } from './useLedgerChanges.js';
import { useLedgerStyles } from './useLedgerStyles.styles.js';

export interface LedgerTabProps {
  plan: PaymentPlan;
  /** Reads the plan again after a change. */
  onChanged: () => unknown;
}

type Open =
  | { kind: 'giveBack'; row: PaymentLedgerRow; giveBack: GiveBack }
  | { kind: 'unavailable' }
  | { kind: 'moveToEnd' | 'remove'; row: PaymentLedgerRow };

/** How a row is named for its menu: its description and when. */
const rowName = (row: PaymentLedgerRow) =>
  `${row.description}, ${formatDate(row.dateTime)} ${formatTime(row.dateTime)}`;

export function LedgerTab({ plan, onChanged }: LedgerTabProps) {
  const styles = useLedgerStyles();
  const notify = useNotify();
  const sdk = useSdk();
  const permissions = usePlanPermissions();
  const changes = useLedgerChanges(plan.id);
  const [open, setOpen] = useState<Open | null>(null);
  // The confirmation keeps its words while it closes.
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const rows = plan.ledgerDtos;
  const surcharged = showsSurchargeColumns(rows);
  const withMenus = rows.some((row) => hasMenu(row, permissions));

  const onAction = (row: PaymentLedgerRow, action: LedgerAction) => {
    switch (action) {
      case 'refundCash':
      case 'refund':
        if (isRefundUnavailable(row, sdk.now())) setOpen({ kind: 'unavailable' });
        else {
          setOpen({
            kind: 'giveBack',
            row,
            giveBack: action === 'refundCash' ? { kind: 'cash' } : { kind: 'card', action: 'REFUND' },
          });
        }
        return;
      case 'void':
        setOpen({ kind: 'giveBack', row, giveBack: { kind: 'card', action: 'VOID' } });
        return;
      case 'moveToEnd':
      case 'remove':
        setOpen({ kind: action, row });
        setConfirming(true);
    }
  };

  const confirm = async () => {
    if (open?.kind !== 'moveToEnd' && open?.kind !== 'remove') return;
    const { row } = open;
    const amount = pastDueAmount(row, plan.paymentPlanDetails);
    setBusy(true);
    const updated =
      open.kind === 'moveToEnd' ? await changes.moveToEnd(row.id) : await changes.remove(row.id);
    if (updated) {
      notify(
        open.kind === 'moveToEnd'
          ? { intent: 'success', message: PLAN_MESSAGES.movedToEnd }
          : {
              intent: 'success',
              title: LEDGER_TEXT.removedTitle,
              message: LEDGER_TEXT.removed(amount),
            },
      );
      await onChanged();
    }
    setBusy(false);
    setConfirming(false);
  };

  if (rows.length === 0) {
    return (
      <div className={styles.root}>
        <Text className={styles.empty} role="status">
          {LEDGER_TEXT.empty}
        </Text>
      </div>
    );
  }

  const confirmation =
    open?.kind === 'moveToEnd'
      ? {
          title: LEDGER_TEXT.moveToEnd,
          message: LEDGER_TEXT.moveToEndMessage(pastDueAmount(open.row, plan.paymentPlanDetails)),
          confirmLabel: LEDGER_TEXT.moveToEndConfirm,
        }
      : open?.kind === 'remove'
        ? {
            title: LEDGER_TEXT.remove,
            message: LEDGER_TEXT.removeMessage(pastDueAmount(open.row, plan.paymentPlanDetails)),
            confirmLabel: LEDGER_TEXT.removeConfirm,
          }
        : null;

  return (
    <div className={styles.root}>
      <div className={styles.scroller}>
        <Table aria-label={LEDGER_TEXT.table} className={styles.table}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell className={mergeClasses(styles.dateCell, styles.header)}>
                {LEDGER_TEXT.date}
              </TableHeaderCell>
              <TableHeaderCell className={styles.header}>{LEDGER_TEXT.description}</TableHeaderCell>
              <TableHeaderCell className={styles.header}>{LEDGER_TEXT.fundingSource}</TableHeaderCell>
              <TableHeaderCell className={styles.header}>{LEDGER_TEXT.card}</TableHeaderCell>
              <TableHeaderCell button={{ className: styles.headerNumber }}>
                {LEDGER_TEXT.amount}
              </TableHeaderCell>
              {surcharged && (
                <>
                  <TableHeaderCell button={{ className: styles.headerNumber }}>
                    {LEDGER_TEXT.surcharge}
                  </TableHeaderCell>
                  <TableHeaderCell button={{ className: styles.headerNumber }}>
                    {LEDGER_TEXT.total}
                  </TableHeaderCell>
                </>
              )}
              <TableHeaderCell className={styles.header}>{LEDGER_TEXT.status}</TableHeaderCell>
              <TableHeaderCell className={styles.header}>{LEDGER_TEXT.reason}</TableHeaderCell>
              {withMenus && (
                <TableHeaderCell className={styles.actionCell}>{LEDGER_TEXT.action}</TableHeaderCell>
              )}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => {
              const status = statusDisplay(row);
              const name = rowName(row);
              return (
                <TableRow key={row.id} aria-label={name}>
                  <TableCell className={styles.dateCell}>
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
                  {withMenus && (
                    <TableCell className={styles.actionCell}>
                      {hasMenu(row, permissions) && (
                        <LedgerRowMenu
                          row={row}
                          name={name}
                          permissions={permissions}
                          disabled={busy || plan.chargeInProgress}
                          onAction={(action) => onAction(row, action)}
                        />
                      )}
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
      <ConfirmDialog
        open={confirming && confirmation !== null}
        title={confirmation?.title ?? ''}
        message={confirmation?.message ?? ''}
        confirmLabel={confirmation?.confirmLabel ?? ''}
        cancelLabel={LEDGER_TEXT.keep}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
      <RefundUnavailableDialog open={open?.kind === 'unavailable'} onClose={() => setOpen(null)} />
      {open?.kind === 'giveBack' && (
        <RefundVoidDialog
          plan={plan}
          row={open.row}
          giveBack={open.giveBack}
          onClose={() => setOpen(null)}
          onDone={onChanged}
        />
      )}
    </div>
  );
}
