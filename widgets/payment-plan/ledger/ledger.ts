/**
 * The rules the Payment History tab needs (part 1 "Ledger table", part 2 "Payment ledger", the
 * refund and void rules of part 2 sections 4, 5 and 8). Pure.
 *
 * The server says what each row allows (`actions`: a cash or check refund, a card refund or void,
 * moving or removing a declined item); this module adds the caller's roles, the card payment's
 * settlement (asked when the menu opens: settled → Refund, unsettled → Void) and the 180-day
 * refund window ('Refund Unavailable').
 */
import type { PaymentLedgerRow, PaymentPlanDetail } from '../../../embed-sdk/contract/paymentPlan.js';
import { isPastRefundWindow } from '../../../embed-sdk/rules/refundWindow.js';
import type { PlanPermissions } from '../schedule/permissions.js';
import { LEDGER_TEXT } from './texts.js';

export { showsSurchargeColumns } from '../../ui/ledgerRows.js';

/** 'Card', 'Cash', 'Check #1042', or the adjustment's kind. */
export function fundingLabel(
  row: Pick<PaymentLedgerRow, 'kind' | 'adjustmentType' | 'fundingSource' | 'checkNum'>,
): string {
  if (row.kind === 'ADJUSTMENT') {
    return row.adjustmentType === 'DEBIT' ? LEDGER_TEXT.debitAdjustment : LEDGER_TEXT.creditAdjustment;
  }
  switch (row.fundingSource) {
    case 'CASH':
      return LEDGER_TEXT.cash;
    case 'CHECK':
      return row.checkNum ? LEDGER_TEXT.checkNumber(row.checkNum) : LEDGER_TEXT.check;
    default:
      return LEDGER_TEXT.cardSource;
  }
}

export interface StatusDisplay {
  text: string;
  color: 'success' | 'danger' | 'warning' | 'informative';
  /** What was given back, shown beside a Refunded or Voided status. */
  amount: number | null;
}

/** The status cell: a refund or void overrides the status. */
export function statusDisplay(
  row: Pick<PaymentLedgerRow, 'kind' | 'status' | 'refundVoidType' | 'refundVoidAmount'>,
): StatusDisplay {
  if (row.refundVoidType === 'REFUNDED') {
    return { text: LEDGER_TEXT.refunded, color: 'warning', amount: row.refundVoidAmount };
  }
  if (row.refundVoidType === 'VOIDED') {
    return { text: LEDGER_TEXT.voided, color: 'warning', amount: row.refundVoidAmount };
  }
  if (row.kind === 'ADJUSTMENT') return { text: LEDGER_TEXT.applied, color: 'informative', amount: null };
  if (row.status === 'DECLINED') return { text: LEDGER_TEXT.declined, color: 'danger', amount: null };
  return { text: LEDGER_TEXT.approved, color: 'success', amount: null };
}

/**
 * 'Refund Unavailable': the server says so (cantRefund), or the payment is older than 180 days by
 * this browser's clock (the modal may have stayed open across the limit).
 */
export function isRefundUnavailable(
  row: Pick<PaymentLedgerRow, 'cantRefund' | 'dateTime'>,
  now: Date,
): boolean {
  if (row.cantRefund) return true;
  const at = Date.parse(row.dateTime);
  return Number.isFinite(at) && isPastRefundWindow(new Date(at), now);
}

export type LedgerAction = 'refundCash' | 'refund' | 'void' | 'moveToEnd' | 'remove';

/** Whether the row gets a menu at all for this person (before the settlement is known). */
export function hasMenu(row: Pick<PaymentLedgerRow, 'actions'>, permissions: PlanPermissions): boolean {
  const { actions } = row;
  return (
    (actions.refundCashCheck && permissions.canRefund) ||
    (actions.refundOrVoid && (permissions.canRefund || permissions.canVoid)) ||
    ((actions.moveToEnd || actions.remove) && permissions.canEdit)
  );
}

export interface LedgerMenu {
  /** The actions to offer, in order. */
  actions: LedgerAction[];
  /** A card payment whose give-back this person may not do (shown disabled, with why). */
  notAllowed: 'refund' | 'void' | null;
}

/**
 * The row's menu. A card payment is refunded once settled and voided before (`isSettled`: the
 * provider's answer when the menu opened, or the last known one); refunds need PROCESSREFUND,
 * voids PROCESSVOID, moving or removing a declined item EDITPAYMENTPLANS.
 */
export function ledgerMenu(
  row: Pick<PaymentLedgerRow, 'actions'>,
  permissions: PlanPermissions,
  isSettled: boolean,
): LedgerMenu {
  const actions: LedgerAction[] = [];
  let notAllowed: LedgerMenu['notAllowed'] = null;
  if (row.actions.refundCashCheck && permissions.canRefund) actions.push('refundCash');
  if (row.actions.refundOrVoid) {
    const action = isSettled ? 'refund' : 'void';
    const allowed = isSettled ? permissions.canRefund : permissions.canVoid;
    if (allowed) actions.push(action);
    else notAllowed = action;
  }
  if (row.actions.moveToEnd && permissions.canEdit) actions.push('moveToEnd');
  if (row.actions.remove && permissions.canEdit) actions.push('remove');
  return { actions, notAllowed };
}

/**
 * What a declined item still owes (what 'Remove and Create New Cycle' moves, or 'Remove Ledger
 * Item' credits): its schedule row's amount due, which a payment toward the past due may have
 * lowered since; the declined amount when the row is not in the schedule.
 */
export function pastDueAmount(
  row: Pick<PaymentLedgerRow, 'paymentPlanDetailId' | 'orderAmount'>,
  details: readonly Pick<PaymentPlanDetail, 'id' | 'amountDue'>[],
): number {
  return details.find((d) => d.id === row.paymentPlanDetailId)?.amountDue ?? row.orderAmount;
}
