/**
 * The payment plan modal's Payment History tab (part 1 "Ledger table", part 2 "Payment ledger"): the
 * plan's payments, declines and adjustments with their date and time, description, funding source,
 * card, amount (with surcharge and total when any row has a surcharge), status (a refund or void
 * shows instead) and reason. Each row's menu, for the people whose roles allow it: Refund of cash
 * and checks; Refund (settled) or Void (unsettled) of card payments; 'Remove and Create New Cycle'
 * and 'Remove Ledger Item' on a declined item, each confirmed first. Refund and Void open the
 * transactions' Refund / Void form, handed in (ui/refundVoidForm.ts) as the membership's Payment
 * History gets it; without it no row offers either.
 */
import { makeStyles } from '@fluentui/react-components';
import { useState } from 'react';
import {
  PLAN_MESSAGES,
  type PaymentLedgerRow,
  type PaymentPlan,
} from '../../../embed-sdk/contract/paymentPlan.js';
import { useSdk } from '../../runtime/SdkContext.js';
import { useNotify } from '../../runtime/useBanners.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { LedgerTable } from '../../ui/LedgerTable.js';
import { usePlanPermissions } from '../schedule/usePlanPermissions.js';
import {
  fundingLabel,
  hasMenu,
  isRefundUnavailable,
  pastDueAmount,
  statusDisplay,
  type LedgerAction,
} from './ledger.js';
import { LedgerRowMenu } from './LedgerRowMenu.js';
import type { RefundVoidForm } from '../../ui/refundVoidForm.js';
import { RefundUnavailableDialog } from '../../ui/RefundUnavailableDialog.js';
import { LEDGER_TEXT } from './texts.js';
import { useLedgerChanges } from './useLedgerChanges.js';

const useStyles = makeStyles({ dateCell: { width: '112px' } });

export interface LedgerTabProps {
  plan: PaymentPlan;
  /** Reads the plan again after a change. */
  onChanged: () => unknown;
  /** The transactions' Refund / Void form; without it no row offers Refund or Void. */
  refundVoidForm?: RefundVoidForm | undefined;
}

type Open =
  | { kind: 'giveBack'; transactionId: number; action: 'REFUND' | 'VOID' }
  | { kind: 'unavailable' }
  | { kind: 'moveToEnd' | 'remove'; row: PaymentLedgerRow };

/** The row as its menu sees it: without the form, nothing to refund or void. */
function offered(row: PaymentLedgerRow, canGiveBack: boolean): PaymentLedgerRow {
  if (canGiveBack) return row;
  return { ...row, actions: { ...row.actions, refundCashCheck: false, refundOrVoid: false } };
}

export function LedgerTab({ plan, onChanged, refundVoidForm: GiveBackForm }: LedgerTabProps) {
  const styles = useStyles();
  const notify = useNotify();
  const sdk = useSdk();
  const permissions = usePlanPermissions();
  const changes = useLedgerChanges();
  const [open, setOpen] = useState<Open | null>(null);
  // The confirmation keeps its words while it closes.
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const onAction = (row: PaymentLedgerRow, action: LedgerAction) => {
    switch (action) {
      case 'refundCash':
      case 'refund':
        if (isRefundUnavailable(row, sdk.now())) setOpen({ kind: 'unavailable' });
        else if (row.transactionId !== null) {
          setOpen({ kind: 'giveBack', transactionId: row.transactionId, action: 'REFUND' });
        }
        return;
      case 'void':
        if (row.transactionId !== null) {
          setOpen({ kind: 'giveBack', transactionId: row.transactionId, action: 'VOID' });
        }
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
    <LedgerTable
      label={LEDGER_TEXT.table}
      emptyText={LEDGER_TEXT.empty}
      columns={LEDGER_TEXT}
      rows={plan.ledgerDtos}
      dateClassName={styles.dateCell}
      funding={fundingLabel}
      status={statusDisplay}
      hasAction={(row) => hasMenu(offered(row, GiveBackForm !== undefined), permissions)}
      action={(row, name) => (
        <LedgerRowMenu
          row={offered(row, GiveBackForm !== undefined)}
          name={name}
          permissions={permissions}
          disabled={busy || plan.chargeInProgress}
          onAction={(action) => onAction(row, action)}
        />
      )}
    >
      <ConfirmDialog
        open={confirming && confirmation !== null}
        title={confirmation?.title ?? ''}
        message={confirmation?.message ?? ''}
        confirmLabel={confirmation?.confirmLabel ?? ''}
        cancelLabel={LEDGER_TEXT.keep}
        danger={open?.kind === 'remove'}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
      <RefundUnavailableDialog open={open?.kind === 'unavailable'} onClose={() => setOpen(null)} />
      {open?.kind === 'giveBack' && GiveBackForm && (
        <GiveBackForm
          transactionId={open.transactionId}
          action={open.action}
          onClose={() => setOpen(null)}
          onDone={() => void onChanged()}
        />
      )}
    </LedgerTable>
  );
}
