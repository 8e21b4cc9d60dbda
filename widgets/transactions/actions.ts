/**
 * What a transaction's action menu offers (spec part 2, "Transaction list" and sections 4 and 6).
 * Pure. The menu asks the provider whether a card payment has settled when it opens: settled →
 * Refund, unsettled → Void. Refunds need PROCESSREFUND, voids PROCESSVOID; moving, associating and
 * removing need one of the roles that change patients' payments. Everyone who sees a transaction
 * gets its details from the menu (spec part 2: 'view details' is an action of the menu), viewers
 * included; the server refuses each other action anyway.
 */
import type { Role, TransactionSource } from '../../embed-sdk/contract/common.js';
import {
  ALLOCATION_ROLES,
  TRANSACTION_EDIT_ROLES,
  type Transaction,
} from '../../embed-sdk/contract/transaction.js';
import { isUnassociated } from './transactionView.js';
import { isImportedPayment } from '../../embed-sdk/rules/refundWindow.js';

export type TransactionAction = 'details' | 'refund' | 'void' | 'move' | 'associate' | 'remove' | 'allocate';

export interface TransactionPermissions {
  canRefund: boolean;
  canVoid: boolean;
  /** Move, associate, remove, New Payment. */
  canEdit: boolean;
  /** Allocate a payment to procedures (the roles that take payments). */
  canAllocate: boolean;
}

export const NO_PERMISSIONS: TransactionPermissions = {
  canRefund: false,
  canVoid: false,
  canEdit: false,
  canAllocate: false,
};

export function permissionsOf(has: (role: Role) => boolean): TransactionPermissions {
  return {
    canRefund: has('PROCESSREFUND'),
    canVoid: has('PROCESSVOID'),
    canEdit: TRANSACTION_EDIT_ROLES.some(has),
    canAllocate: ALLOCATION_ROLES.some(has),
  };
}

/** Plan and membership payments are refunded in full only, and never move to another patient. */
const BOUND_TO_SOURCE: readonly TransactionSource[] = ['PAYMENTPLAN', 'MEMBERSHIP'];
/** The sources an unassociated payment comes from (part 2, "Associate Transaction"). */
const ORPHAN_SOURCES: readonly TransactionSource[] = ['TERMINAL', 'VIRTUALTERMINAL', 'PAYMENTPAGE'];

export function isWholeOnly(t: Pick<Transaction, 'source'>): boolean {
  return BOUND_TO_SOURCE.includes(t.source);
}

type MenuFields = Pick<
  Transaction,
  | 'status'
  | 'fundingSource'
  | 'source'
  | 'customerId'
  | 'customerKey'
  | 'removed'
  | 'refundVoidType'
  | 'canRefund'
  | 'cantRefund'
  | 'noteLabel'
>;

/** Whether a card payment's settlement is worth asking: something could still be given back. */
export function asksSettlement(t: MenuFields): boolean {
  return (
    t.status === 'APPROVED' &&
    t.fundingSource === 'CARD' &&
    t.refundVoidType !== 'VOIDED' &&
    !t.removed &&
    !isImportedPayment(t)
  );
}

/**
 * A refund is offered while something is left to refund, and also past the 180-day window
 * (`cantRefund`), where choosing it says 'Refund Unavailable'. A void only before any refund.
 */
function giveBackAction(t: MenuFields, isSettled: boolean): 'refund' | 'void' | null {
  if (t.status !== 'APPROVED' || t.removed || t.refundVoidType === 'VOIDED') return null;
  // Charged elsewhere (Import Transactions): given back where it was taken.
  if (isImportedPayment(t)) return null;
  const settled = t.fundingSource !== 'CARD' || isSettled;
  if (settled) return t.canRefund || t.cantRefund ? 'refund' : null;
  return t.refundVoidType === null ? 'void' : null;
}

/**
 * Whether a payment may have something to split across procedures (a patient's approved payment,
 * whatever its source): worth asking its allocation when the menu opens.
 */
export function mayAllocate(t: MenuFields): boolean {
  return (
    t.status === 'APPROVED' &&
    t.customerId !== null &&
    t.customerKey !== null &&
    t.refundVoidType !== 'VOIDED' &&
    !t.removed
  );
}

/**
 * The menu, in order. `isSettled`: the provider's answer when the menu opened (or the last known
 * state while it has not answered). `unallocated`: the payment is not yet fully allocated and the
 * place offers allocation (a patient's payments, in a practice that allocates). Details alone when
 * the person may do nothing but look.
 */
export function menuActions(
  t: MenuFields,
  permissions: TransactionPermissions,
  isSettled: boolean,
  unallocated = false,
): TransactionAction[] {
  const actions: TransactionAction[] = [];
  const giveBack = giveBackAction(t, isSettled);
  if (giveBack === 'refund' && permissions.canRefund) actions.push('refund');
  if (giveBack === 'void' && permissions.canVoid) actions.push('void');
  if (
    permissions.canEdit &&
    t.status === 'APPROVED' &&
    t.customerId !== null &&
    !BOUND_TO_SOURCE.includes(t.source) &&
    t.refundVoidType !== 'VOIDED'
  ) {
    actions.push('move');
  }
  if (permissions.canEdit && isUnassociated(t) && ORPHAN_SOURCES.includes(t.source)) {
    actions.push('associate', 'remove');
  }
  if (permissions.canAllocate && unallocated && mayAllocate(t)) actions.push('allocate');
  return ['details', ...actions];
}

/**
 * Whether opening the menu asks the provider whether the payment has settled: only for someone who
 * may refund or void it (the answer decides between the two).
 */
export function asksSettlementFor(t: MenuFields, permissions: TransactionPermissions): boolean {
  return asksSettlement(t) && (permissions.canRefund || permissions.canVoid);
}
