/** Ledger rows for the Payment History tests, shaped as the server sends them. */
import type { PaymentLedgerRow } from '../../../../embed-sdk/contract/paymentPlan.js';
import { PLAN_ID } from '../../schedule/testing/fixtures.js';

const NO_ACTIONS = { refundCashCheck: false, refundOrVoid: false, moveToEnd: false, remove: false };

/** A row's fields to change; its menu flags one by one. */
export type RowChange = Partial<Omit<PaymentLedgerRow, 'actions'>> &
  Pick<PaymentLedgerRow, 'id'> & { actions?: Partial<PaymentLedgerRow['actions']> };

/** An approved card payment of cycle 1: $225.00 plus a $6.75 surcharge, not settled yet. */
export function cardPayment(over: RowChange): PaymentLedgerRow {
  return {
    dateTime: '2026-03-09T15:00:00.000Z',
    description: 'Cycle 1 of 4',
    kind: 'PAYMENT',
    adjustmentType: null,
    fundingSource: 'CARD',
    cardType: 'VISA',
    cardDescription: '•••• 1111',
    amount: 23_175,
    orderAmount: 22_500,
    surcharge: 675,
    hasSurcharge: true,
    status: 'APPROVED',
    refundVoidType: null,
    refundVoidAmount: null,
    reason: null,
    referenceId: `ref-${over.id}`,
    checkNum: null,
    note: null,
    transactionId: over.id + 500,
    transactionResultId: `res-${over.id}`,
    paymentPlanId: PLAN_ID,
    paymentPlanDetailId: 101,
    customerMembershipBillingId: null,
    isSettled: false,
    cantRefund: false,
    ...over,
    actions: { ...NO_ACTIONS, refundOrVoid: true, ...over.actions },
  };
}

/** A cash (or check) payment taken at the desk. */
export function deskPayment(over: RowChange): PaymentLedgerRow {
  return cardPayment({
    description: 'Payment',
    fundingSource: 'CASH',
    cardType: null,
    cardDescription: null,
    amount: 15_000,
    orderAmount: 15_000,
    surcharge: 0,
    hasSurcharge: false,
    isSettled: true,
    ...over,
    actions: { ...NO_ACTIONS, refundCashCheck: true, ...over.actions },
  });
}

/** A cycle the card declined (or a cash cycle not paid by its date), still past due. */
export function declined(over: RowChange): PaymentLedgerRow {
  return cardPayment({
    description: 'Cycle 2 of 4',
    status: 'DECLINED',
    reason: 'Insufficient funds',
    amount: 23_175,
    orderAmount: 22_500,
    surcharge: 675,
    hasSurcharge: true,
    ...over,
    actions: { ...NO_ACTIONS, moveToEnd: true, remove: true, ...over.actions },
  });
}

export function adjustment(over: RowChange): PaymentLedgerRow {
  return cardPayment({
    description: 'Courtesy discount',
    kind: 'ADJUSTMENT',
    adjustmentType: 'CREDIT',
    fundingSource: null,
    cardType: null,
    cardDescription: null,
    amount: 5_000,
    orderAmount: 5_000,
    surcharge: 0,
    hasSurcharge: false,
    referenceId: null,
    transactionId: null,
    transactionResultId: null,
    isSettled: true,
    ...over,
    actions: { ...NO_ACTIONS, ...over.actions },
  });
}
